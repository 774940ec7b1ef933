//! The atomic Parquet writer: rows go to a temporary file in the target's directory, which is
//! renamed over the target only when the file is complete. An interrupted or killed run leaves
//! the previous output intact and never a truncated file under the final name.
//!
//! A run killed outright (SIGKILL, power loss) cannot remove its temporary file
//! `.<name>.tmp-<pid>`; the next run writing the same target removes those whose process is
//! gone (on Linux, where `/proc` tells; elsewhere they stay until removed by hand). A run in
//! another PID namespace (a container) writing the same target at the same time would look dead:
//! do not share an output path across containers.
//!
//! Memory: the Arrow writer buffers at most one row group (`row_group_rows`, default 131,072
//! rows) of encoded, compressed column data before flushing it to disk.

use super::schema::schema;
use anyhow::{Context, Result};
use arrow_array::RecordBatch;
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::metadata::KeyValue;
use parquet::file::properties::WriterProperties;
use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

/// Settings of the Parquet file.
#[derive(Debug, Clone)]
pub struct WriterOptions {
    /// Rows per row group: DuckDB parallelises scans across groups.
    pub row_group_rows: usize,
    pub zstd_level: i32,
    /// Key-value metadata stored in the footer (tool version, rulesets, komi policy, command).
    pub metadata: Vec<(String, String)>,
}

impl Default for WriterOptions {
    fn default() -> Self {
        WriterOptions {
            row_group_rows: 128 * 1024,
            zstd_level: 1,
            metadata: Vec::new(),
        }
    }
}

/// Writes record batches to `<dir>/.<name>.tmp-<pid>` and renames it to the target on
/// [`finish`](Self::finish). Dropping it unfinished removes the temporary file.
pub struct AtomicParquetWriter {
    writer: Option<ArrowWriter<BufWriter<File>>>,
    tmp: PathBuf,
    target: PathBuf,
    /// The temporary file became the target: nothing is left to remove.
    renamed: bool,
}

impl AtomicParquetWriter {
    /// Creates the temporary file next to `target`.
    ///
    /// # Errors
    /// When the target's directory cannot be written.
    pub fn create(target: &Path, options: &WriterOptions) -> Result<Self> {
        let (dir, name) = dir_and_name(target);
        remove_stale_temps(&dir, &name);
        let tmp = temp_path(target);
        let file = File::create(&tmp).with_context(|| {
            if dir.is_dir() {
                format!(
                    "cannot write {}: its temporary file {} cannot be created (is {} writable?)",
                    target.display(),
                    tmp.display(),
                    dir.display()
                )
            } else {
                format!(
                    "cannot write {}: the directory {} does not exist",
                    target.display(),
                    dir.display()
                )
            }
        })?;
        let props = WriterProperties::builder()
            .set_compression(Compression::ZSTD(ZstdLevel::try_new(options.zstd_level)?))
            .set_max_row_group_row_count(Some(options.row_group_rows))
            .set_key_value_metadata(Some(
                options
                    .metadata
                    .iter()
                    .map(|(k, v)| KeyValue::new(k.clone(), v.clone()))
                    .collect(),
            ))
            .build();
        let writer = ArrowWriter::try_new(
            BufWriter::with_capacity(1 << 20, file),
            schema(),
            Some(props),
        )
        .context("cannot start the Parquet writer")?;
        Ok(AtomicParquetWriter {
            writer: Some(writer),
            tmp,
            target: target.to_path_buf(),
            renamed: false,
        })
    }

    /// Appends a batch.
    ///
    /// # Errors
    /// On I/O errors (disk full…).
    pub fn write(&mut self, batch: &RecordBatch) -> Result<()> {
        if let Some(w) = self.writer.as_mut() {
            w.write(batch)
                .with_context(|| format!("writing {}", self.tmp.display()))?;
        }
        Ok(())
    }

    /// Adds a key-value pair to the footer's metadata, for facts known only once every row
    /// is written (the files the scan passed over).
    pub fn append_metadata(&mut self, key: &str, value: String) {
        if let Some(w) = self.writer.as_mut() {
            w.append_key_value_metadata(KeyValue::new(key.to_string(), value));
        }
    }

    /// Closes the file, syncs it and renames it over the target.
    ///
    /// # Errors
    /// On I/O errors; the target is then left as it was.
    pub fn finish(mut self) -> Result<()> {
        if let Some(w) = self.writer.take() {
            let buf = w.into_inner().context("closing the Parquet file")?;
            let file = buf
                .into_inner()
                .map_err(|e| anyhow::anyhow!("flushing {}: {}", self.tmp.display(), e.error()))?;
            file.sync_all().ok();
        }
        std::fs::rename(&self.tmp, &self.target).with_context(|| {
            format!(
                "renaming {} to {}",
                self.tmp.display(),
                self.target.display()
            )
        })?;
        self.renamed = true;
        Ok(())
    }
}

/// The directory and file name of the target.
fn dir_and_name(target: &Path) -> (PathBuf, String) {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "games.parquet".into());
    (dir, name)
}

/// The temporary file this process writes before renaming it to `target`:
/// `<dir>/.<name>.tmp-<pid>` (see [`AtomicParquetWriter::create`]).
pub fn temp_path(target: &Path) -> PathBuf {
    let (dir, name) = dir_and_name(target);
    dir.join(format!(".{name}.tmp-{}", std::process::id()))
}

/// Removes `<dir>/.<name>.tmp-<pid>` files left by killed runs: those whose PID has no
/// `/proc/<pid>` (Linux only; nothing is removed where `/proc` is absent).
fn remove_stale_temps(dir: &Path, name: &str) {
    if !cfg!(target_os = "linux") || !Path::new("/proc/self").exists() {
        return;
    }
    let prefix = format!(".{name}.tmp-");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let pid = file_name
            .to_str()
            .and_then(|n| n.strip_prefix(&prefix))
            .and_then(|p| p.parse::<u32>().ok());
        let Some(pid) = pid else { continue };
        let dead = pid != std::process::id() && !Path::new("/proc").join(pid.to_string()).exists();
        if dead && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

impl Drop for AtomicParquetWriter {
    /// An interrupted run, or a `finish` that failed (a disk full when the footer was
    /// written left the partial file filling the disk), removes its temporary file.
    fn drop(&mut self) {
        self.writer = None;
        if !self.renamed {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}
