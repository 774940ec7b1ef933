//! Ingestion speed: bytes → decoded text → split → sgf-parse → normalised record, on Tygem games
//! in memory; and sgf-parse alone on the same texts, for comparison.

mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kifu_audit::sgf::{ingest_bytes, Limits};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let (files, what) = common::sgf_files(5_000);
    let bytes: usize = files.iter().map(|f| f.len()).sum();
    let texts: Vec<String> = files
        .iter()
        .map(|f| String::from_utf8_lossy(f).into_owned())
        .collect();
    let limits = Limits::default();
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
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("bytes", |b| {
        b.iter(|| {
            for f in &files {
                black_box(ingest_bytes(f, &limits));
            }
        })
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
}

criterion_group!(benches, bench);
criterion_main!(benches);
