//! The product surface: the Parquet file is byte-identical whatever the thread count, reads
//! back with the documented types, and is written atomically.

use crate::common::{corpus, repo, scan_config};
use kifu_audit::output::{columns, schema};
use kifu_audit::pipeline::{run, Config};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

fn config(inputs: Vec<PathBuf>, output: &Path, threads: usize) -> Config {
    let mut config = scan_config(inputs, output, threads);
    config.writer.metadata = vec![("kifu_audit.test".into(), "1".into())];
    config
}

fn scan(inputs: Vec<PathBuf>, output: &Path, threads: usize) -> kifu_audit::pipeline::Summary {
    run(&config(inputs, output, threads), &AtomicBool::new(false)).expect("scan runs")
}

#[test]
fn parallel_output_equals_single_thread_output_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let mut inputs = vec![repo().join("data-samples")];
    if let Some(p) = corpus("dev/godmoves_Standard_Computer_Go_Dataset") {
        inputs.push(p);
    }
    let one = dir.path().join("one.parquet");
    let four = dir.path().join("four.parquet");
    let s1 = scan(inputs.clone(), &one, 1);
    let s4 = scan(inputs, &four, 4);
    assert_eq!(s1.games, s4.games);
    assert!(s1.games > 50);
    let (a, b) = (std::fs::read(&one).unwrap(), std::fs::read(&four).unwrap());
    assert!(
        a == b,
        "--threads 1 and --threads 4 files differ ({} vs {} bytes)",
        a.len(),
        b.len()
    );
}

/// `kifu-audit scan --quiet ARGS --threads THREADS -o OUT data-samples`: its output's bytes.
fn scan_samples_cli(args: &[&str], threads: &str, out: &Path) -> Vec<u8> {
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_kifu-audit"))
        .args(["scan", "--quiet"])
        .args(args)
        .args(["--threads", threads, "-o"])
        .arg(out)
        .arg(repo().join("data-samples"))
        .status()
        .unwrap();
    assert_eq!(
        status.code(),
        Some(1),
        "data-samples holds unreadable files"
    );
    std::fs::read(out).unwrap()
}

#[test]
fn cli_runs_differing_only_in_threads_write_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let a = scan_samples_cli(&[], "1", &dir.path().join("a.parquet"));
    let b = scan_samples_cli(&[], "3", &dir.path().join("b.parquet"));
    assert!(a == b, "--threads 1 and --threads 3 CLI outputs differ");
}

/// `--playouts`, `--seed` and `--single-batch` change the estimate, not its determinism: runs
/// differing only in threads still write the same bytes, and the file's metadata records the
/// settings (the command line keeps every argument that can change a row).
#[test]
fn more_playouts_another_seed_and_one_batch_stay_deterministic_and_are_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let run_cli = |threads: &str, out: &Path| {
        scan_samples_cli(
            &["--playouts", "16", "--seed", "7", "--single-batch"],
            threads,
            out,
        )
    };
    let out = dir.path().join("a.parquet");
    let a = run_cli("1", &out);
    let b = run_cli("3", &dir.path().join("b.parquet"));
    assert!(
        a == b,
        "--threads 1 and --threads 3 outputs differ with --playouts 16 --seed 7 --single-batch"
    );
    let file = std::fs::File::open(&out).unwrap();
    let builder = ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
    let kv = key_values(&builder);
    let command = kv
        .iter()
        .find(|k| k.key == "kifu_audit.command_line")
        .and_then(|k| k.value.clone())
        .unwrap_or_default();
    assert!(
        command.contains("--playouts 16 --seed 7 --single-batch"),
        "{command}"
    );
    for (key, value) in [
        ("kifu_audit.playouts", "16"),
        ("kifu_audit.seed", "7"),
        ("kifu_audit.second_batch", "false"),
    ] {
        assert!(
            kv.iter()
                .any(|k| k.key == key && k.value.as_deref() == Some(value)),
            "{key}"
        );
    }
    // the ruleset presets, as JSON: one object a ruleset, its rules as values
    let presets = kv
        .iter()
        .find(|k| k.key == "kifu_audit.rulesets")
        .and_then(|k| k.value.clone())
        .unwrap_or_default();
    let presets: serde_json::Value = serde_json::from_str(&presets).expect("rulesets as JSON");
    let presets = presets.as_array().expect("an array of rulesets");
    assert_eq!(presets.len(), 7);
    let japanese = &presets[1];
    assert_eq!(japanese["id"], "japanese");
    assert_eq!(japanese["counting"], "territory");
    assert_eq!(japanese["standard_komi"], 6.5);
    assert_eq!(presets[4]["handicap_bonus"], "n_minus_one", "AGA");
}

/// The key-value metadata in a Parquet file's footer.
fn key_values(
    builder: &ParquetRecordBatchReaderBuilder<std::fs::File>,
) -> Vec<parquet::file::metadata::KeyValue> {
    builder
        .metadata()
        .file_metadata()
        .key_value_metadata()
        .cloned()
        .unwrap_or_default()
}

#[test]
fn parquet_reads_back_with_the_schema_and_one_row_per_game() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("games.parquet");
    let summary = scan(vec![repo().join("data-samples")], &out, 2);
    let file = std::fs::File::open(&out).unwrap();
    let builder = ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
    assert_eq!(builder.schema().fields().len(), columns().len());
    for (got, want) in builder.schema().fields().iter().zip(schema().fields()) {
        assert_eq!(got.name(), want.name());
        assert_eq!(got.data_type(), want.data_type(), "{}", want.name());
    }
    let kv = key_values(&builder);
    assert!(kv.iter().any(|k| k.key == "kifu_audit.test"));
    let rows: usize = builder
        .build()
        .unwrap()
        .map(|b| b.unwrap().num_rows())
        .sum();
    assert_eq!(rows as u64, summary.games);
    assert_eq!(
        summary.games,
        summary.ok + summary.recovered + summary.errors
    );
}

#[test]
fn an_interrupted_run_leaves_the_previous_output_intact() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("games.parquet");
    std::fs::write(&out, b"previous").unwrap();
    let stop = AtomicBool::new(true);
    let summary = run(&config(vec![repo().join("data-samples")], &out, 1), &stop).unwrap();
    assert!(summary.interrupted);
    assert_eq!(std::fs::read(&out).unwrap(), b"previous");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers.len(), 1, "no temporary file left: {leftovers:?}");
}
