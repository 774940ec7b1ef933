//! Shared helpers: corpus location, cached corpus audits, default options.

use kifu_audit::output::GameRow;
use kifu_audit::pipeline::{audit_paths, GameOptions};
use kifu_audit::scoring::KomiPolicy;
use kifu_audit::sgf::Limits;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

pub fn options() -> GameOptions {
    GameOptions::default()
}

/// The configuration of a scan with the defaults of `kifu-audit scan` (no progress bar).
pub fn scan_config(
    inputs: Vec<PathBuf>,
    output: &Path,
    threads: usize,
) -> kifu_audit::pipeline::Config {
    kifu_audit::pipeline::Config {
        inputs,
        output: output.to_path_buf(),
        threads,
        komi_policy: KomiPolicy::Standard,
        settle_playouts: kifu_audit::scoring::SETTLE_PLAYOUTS,
        playout_seed: 0,
        second_batch: true,
        limits: Limits::default(),
        passwords: Vec::new(),
        limit: None,
        progress: false,
        writer: kifu_audit::output::WriterOptions::default(),
    }
}

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `../shared/corpus/<rel>` if present; `None` (and a note on stderr) otherwise.
pub fn corpus(rel: &str) -> Option<PathBuf> {
    let p = repo().join("../shared/corpus").join(rel);
    if p.exists() {
        Some(p)
    } else {
        eprintln!("skipping: {} not present", p.display());
        None
    }
}

pub fn audit(path: &Path) -> Vec<GameRow> {
    audit_seeded(path, 0)
}

/// The rows of `path` with the estimator's playouts drawn under `seed` (`--seed`).
pub fn audit_seeded(path: &Path, seed: u64) -> Vec<GameRow> {
    let options = GameOptions {
        playout_seed: seed,
        ..options()
    };
    audit_paths(&[path.to_path_buf()], &options, 0).expect("audit runs")
}

/// All rows of the Tygem zip, audited once per test binary.
pub fn tygem_rows() -> Option<&'static Vec<GameRow>> {
    static ROWS: OnceLock<Option<Vec<GameRow>>> = OnceLock::new();
    ROWS.get_or_init(|| corpus("tygem-9d-2006.zip").map(|p| audit(&p)))
        .as_ref()
}

/// All rows of corpus/dev, audited once per test binary.
pub fn dev_rows() -> Option<&'static Vec<GameRow>> {
    static ROWS: OnceLock<Option<Vec<GameRow>>> = OnceLock::new();
    ROWS.get_or_init(|| corpus("dev").map(|p| audit(&p)))
        .as_ref()
}

pub fn record(row: &GameRow) -> &kifu_audit::sgf::GameRecord {
    row.ingest.record.as_ref().unwrap_or_else(|| {
        panic!(
            "no record for {} #{}: {:?}",
            row.source, row.ingest.game_index, row.ingest.error_message
        )
    })
}

/// Every file and archive member under data-samples/, as (name, bytes), in order.
pub fn data_sample_files() -> Vec<(String, Vec<u8>)> {
    use kifu_audit::sgf::source::{expand_inputs, read_all};
    let inputs = expand_inputs(&[repo().join("data-samples")]);
    let mut out = Vec::new();
    read_all(&inputs, Limits::default().max_file_bytes, &mut |item| {
        if let Ok(bytes) = item.data {
            let name = match item.member {
                Some(m) => format!("{}::{m}", item.source),
                None => item.source,
            };
            out.push((name, bytes));
        }
        true
    });
    out
}

/// The values of a text or dictionary column of a Parquet file.
pub fn parquet_strings(path: &Path, column: &str) -> Vec<Option<String>> {
    use arrow_array::types::Int32Type;
    use arrow_array::{Array, DictionaryArray, StringArray};
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    let file = std::fs::File::open(path).unwrap();
    let reader = ParquetRecordBatchReaderBuilder::try_new(file)
        .unwrap()
        .build()
        .unwrap();
    let mut out = Vec::new();
    for batch in reader {
        let batch = batch.unwrap();
        let col = batch.column_by_name(column).unwrap();
        if let Some(d) = col.as_any().downcast_ref::<DictionaryArray<Int32Type>>() {
            let values = d.values().as_any().downcast_ref::<StringArray>().unwrap();
            out.extend((0..d.len()).map(|i| d.key(i).map(|k| values.value(k).to_string())));
        } else {
            let s = col.as_any().downcast_ref::<StringArray>().unwrap();
            out.extend((0..s.len()).map(|i| s.is_valid(i).then(|| s.value(i).to_string())));
        }
    }
    out
}
