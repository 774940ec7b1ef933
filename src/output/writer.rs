//! The atomic Parquet writer: rows go to a temporary file in the target's directory, which is
//! renamed over the target only when the file is complete. An interrupted or killed run leaves
//! the previous output intact and never a truncated file under the final name.
//!
//! A target that is a symbolic link is followed: the file it names is replaced, the link
//! kept. A target that exists and is no regular file (`/dev/null`, a named pipe) is written
//! in place, as is standard output (`-o -`): there is nothing to rename, and replacing a
//! device with a file would break it.
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
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// The output name that means standard output (`-o -`).
pub const STDOUT_TARGET: &str = "-";

/// Where the Parquet bytes go: a file (the temporary file, or a device or pipe written in
/// place) or standard output.
enum Sink {
    File(File),
    Stdout(std::io::Stdout),
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Sink::File(f) => f.write(buf),
            Sink::Stdout(o) => o.write(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Sink::File(f) => f.flush(),
            Sink::Stdout(o) => o.flush(),
        }
    }
}

/// How the target is written: through a temporary file renamed over it, or in place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TargetKind {
    /// A regular file, or none yet: written to a temporary file beside it, then renamed.
    File,
    /// A device or named pipe (`/dev/null`, a FIFO): written in place.
    Special,
    /// Standard output (`-`).
    Stdout,
}

/// The file `target` names once symbolic links are followed (itself when it is none or does
/// not exist), and how it is written.
pub fn resolve_target(target: &Path) -> (PathBuf, TargetKind) {
    if target.as_os_str() == STDOUT_TARGET {
        return (target.to_path_buf(), TargetKind::Stdout);
    }
    let resolved = match std::fs::symlink_metadata(target) {
        Ok(m) if m.file_type().is_symlink() => std::fs::canonicalize(target)
            .ok()
            // a link to a file not made yet: the path it names (a link to what has no path,
            // `/dev/stdout` on a pipe, is written as itself)
            .or_else(|| {
                std::fs::metadata(target)
                    .is_err()
                    .then(|| dangling_end(target))
            })
            .unwrap_or_else(|| target.to_path_buf()),
        _ => target.to_path_buf(),
    };
    match std::fs::metadata(&resolved) {
        Ok(m) if !m.is_file() && !m.is_dir() => (resolved, TargetKind::Special),
        _ => (resolved, TargetKind::File),
    }
}

/// The path a link to a file not made yet names, its links followed one by one (the link is
/// kept and the file made). A loop of links names itself (and is replaced).
fn dangling_end(path: &Path) -> PathBuf {
    let chain: Vec<PathBuf> = crate::links::link_chain(path).map(|(_, at)| at).collect();
    match chain.last() {
        Some(end) if chain.len() < crate::links::MOST_LINKS => end.clone(),
        _ => path.to_path_buf(),
    }
}

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
    writer: Option<ArrowWriter<BufWriter<Sink>>>,
    /// The temporary file; `None` when the target is written in place.
    tmp: Option<PathBuf>,
    target: PathBuf,
    /// The temporary file became the target: nothing is left to remove.
    renamed: bool,
}

impl AtomicParquetWriter {
    /// Creates the temporary file next to `target` (the file a symbolic link names), or opens
    /// a device, a named pipe or standard output to write in place (see the module's doc).
    ///
    /// # Errors
    /// When the target's directory cannot be written.
    pub fn create(target: &Path, options: &WriterOptions) -> Result<Self> {
        let (resolved, kind) = resolve_target(target);
        let (sink, tmp) = match kind {
            TargetKind::Stdout => (Sink::Stdout(std::io::stdout()), None),
            TargetKind::Special => {
                let file = std::fs::OpenOptions::new()
                    .write(true)
                    .open(&resolved)
                    .with_context(|| format!("cannot write {}", target.display()))?;
                (Sink::File(file), None)
            }
            TargetKind::File => {
                let (file, tmp) = create_temp(target, &resolved)?;
                (Sink::File(file), Some(tmp))
            }
        };
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
            BufWriter::with_capacity(1 << 20, sink),
            schema(),
            Some(props),
        )
        .context("cannot start the Parquet writer")?;
        Ok(AtomicParquetWriter {
            writer: Some(writer),
            tmp,
            target: resolved,
            renamed: false,
        })
    }

    /// What the messages name: the temporary file, or the target written in place.
    fn written(&self) -> &Path {
        self.tmp.as_deref().unwrap_or(&self.target)
    }

    /// Appends a batch.
    ///
    /// # Errors
    /// On I/O errors (disk full…).
    pub fn write(&mut self, batch: &RecordBatch) -> Result<()> {
        if let Some(w) = self.writer.as_mut() {
            w.write(batch)
                .with_context(|| format!("writing {}", self.written().display()))?;
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

    /// Closes the file, syncs it and renames it over the target (a target written in place
    /// is flushed).
    ///
    /// # Errors
    /// On I/O errors; a target written through a temporary file is then left as it was.
    pub fn finish(mut self) -> Result<()> {
        if let Some(w) = self.writer.take() {
            let buf = w.into_inner().context("closing the Parquet file")?;
            // the I/O error kept as the cause: a closed pipe is told by its kind
            let sink = buf.into_inner().map_err(|e| {
                anyhow::Error::new(e.into_error())
                    .context(format!("flushing {}", self.written().display()))
            })?;
            match sink {
                Sink::File(file) if self.tmp.is_some() => {
                    // the file replaced keeps its permissions (a `0600` output became `0644`),
                    // as `sed -i` keeps them; its owner is the writer's
                    if let Some(meta) = std::fs::metadata(&self.target).ok().filter(|m| m.is_file())
                    {
                        file.set_permissions(meta.permissions()).ok();
                    }
                    file.sync_all().ok();
                }
                Sink::File(_) => {}
                Sink::Stdout(mut out) => out
                    .flush()
                    .context("flushing the Parquet file to standard output")?,
            }
        }
        if let Some(tmp) = &self.tmp {
            std::fs::rename(tmp, &self.target).with_context(|| {
                format!("renaming {} to {}", tmp.display(), self.target.display())
            })?;
        }
        self.renamed = true;
        Ok(())
    }
}

/// The temporary file beside `resolved` (the file `target`, as the user named it, stands
/// for), created.
fn create_temp(target: &Path, resolved: &Path) -> Result<(File, PathBuf)> {
    let (dir, name) = dir_and_name(resolved);
    remove_stale_temps(&dir, &name);
    let tmp = temp_path(resolved);
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
    Ok((file, tmp))
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
        if let (false, Some(tmp)) = (self.renamed, &self.tmp) {
            let _ = std::fs::remove_file(tmp);
        }
    }
}
