//! Replay speed: all seven legality verdicts in one pass, on Tygem games already in memory
//! (normalised records), reported as moves per second per core (single thread).

mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kifu_audit::pipeline::game::{record_events, Scratch};
use kifu_audit::rules::Event;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let (files, what) = common::sgf_files(5_000);
    let records = common::records(&files);
    let games: Vec<(u8, u8, Vec<Event>)> = records
        .iter()
        .map(|r| {
            let mut ev = Vec::new();
            record_events(r, &mut ev);
            (r.board_width, r.board_height, ev)
        })
        .collect();
    let moves: usize = records.iter().map(|r| r.moves.len()).sum();
    let mut scratch = Scratch::new();
    let mut g = c.benchmark_group(format!("replay/{what}"));
    g.sample_size(10);
    g.throughput(Throughput::Elements(moves as u64));
    g.bench_function("moves, seven verdicts", |b| {
        b.iter(|| {
            for (w, h, ev) in &games {
                black_box(scratch.replayer.replay(*w, *h, ev));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
