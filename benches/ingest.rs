//! Ingestion speed on Tygem games in memory: bytes → decoded text → split → reader →
//! normalised record, with the fast reader allowed (the product path) and with sgf-parse alone
//! (the reference path); and each reader alone on the same texts, for comparison.

mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kifu_audit::sgf::{self, ingest_bytes, ingest_game_traced, Limits};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let (files, what) = common::sgf_files(5_000);
    let bytes: usize = files.iter().map(|f| f.len()).sum();
    let texts: Vec<String> = files
        .iter()
        .map(|f| String::from_utf8_lossy(f).into_owned())
        .collect();
    let limits = Limits::default();
    let ingest_sgf_parse_only = || {
        for f in &files {
            let file = sgf::prepare_file(f);
            for i in 0..file.game_count() {
                black_box(ingest_game_traced(&file, i, &limits, false));
            }
        }
    };
    let mut g = c.benchmark_group(format!("ingest/{what}"));
    g.sample_size(10);
    g.throughput(Throughput::Elements(files.len() as u64));
    g.bench_function("games", |b| {
        b.iter(|| {
            for f in &files {
                black_box(ingest_bytes(f, &limits));
            }
        })
    });
    g.bench_function("games, sgf-parse reader only", |b| {
        b.iter(ingest_sgf_parse_only)
    });
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("bytes", |b| {
        b.iter(|| {
            for f in &files {
                black_box(ingest_bytes(f, &limits));
            }
        })
    });
    g.bench_function("bytes, sgf-parse reader only", |b| {
        b.iter(ingest_sgf_parse_only)
    });
    g.bench_function("sgf-parse alone (bytes)", |b| {
        b.iter(|| {
            for t in &texts {
                let trees = sgf_parse::parse(t).expect("tygem parses");
                for tree in trees {
                    if let sgf_parse::GameTree::GoGame(node) = tree {
                        kifu_audit::sgf::drop_tree(node);
                    }
                }
            }
        })
    });
    g.finish();

    // The fast reader alone: text → record, no decoding or splitting.
    let mut g = c.benchmark_group(format!("ingest-fast/{what}"));
    g.sample_size(20);
    let read_all = || {
        for t in &texts {
            black_box(sgf::fast::read_game(t, 512));
        }
    };
    g.throughput(Throughput::Elements(texts.len() as u64));
    g.bench_function("fast reader alone (games)", |b| b.iter(read_all));
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("fast reader alone (bytes)", |b| b.iter(read_all));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
