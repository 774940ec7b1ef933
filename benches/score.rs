//! Scoring speed: dead stones + seki + all seven scores + divergence, on Tygem final positions
//! in memory (single thread). Prints the per-game distribution (mean, median, p99) once.
//! `KIFU_AUDIT_PLAYOUTS=N` measures the scorer with `--playouts N` (default: `scan`'s,
//! `SETTLE_PLAYOUTS`); `KIFU_AUDIT_SLOWEST=N` also prints the N slowest games of the first
//! pass, by name (the tail of the distribution: `kifu-audit explain ZIP --member NAME` shows
//! what the estimator did there).

mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kifu_audit::pipeline::game::{replay_record, score_input, Scratch};
use kifu_audit::rules::ReplayReport;
use kifu_audit::scoring::{KomiPolicy, ScoreInput, Scorer};
use kifu_audit::sgf::{GameRecord, ResultKind};
use std::hint::black_box;
use std::time::Instant;

fn input<'a>(rec: &'a GameRecord, rep: &'a ReplayReport) -> ScoreInput<'a> {
    score_input(rec, rep, KomiPolicy::Standard)
}

fn bench(c: &mut Criterion) {
    let (files, what) = common::named_sgf_files(5_000);
    let (names, records): (Vec<String>, Vec<GameRecord>) =
        common::named_records(&files).into_iter().unzip();
    let mut scratch = Scratch::new();
    let finals: Vec<ReplayReport> = records
        .iter()
        .map(|r| replay_record(r, &mut scratch))
        .collect();
    let mut scorer = Scorer::new();
    if let Some(n) = std::env::var("KIFU_AUDIT_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        scorer.set_settle_playouts(n);
    }
    // Distribution of single-game times: all games, then counted and uncounted ones apart
    // (a game stopped by resignation leaves open fights for the playouts to settle).
    let times: Vec<f64> = records
        .iter()
        .zip(&finals)
        .map(|(rec, rep)| {
            let t = Instant::now();
            black_box(scorer.score(&input(rec, rep)));
            t.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    let counted = |r: &GameRecord| {
        r.result
            .as_ref()
            .is_some_and(|x| x.kind == ResultKind::Score)
    };
    let pick = |want: bool| -> Vec<f64> {
        records
            .iter()
            .zip(&times)
            .filter(|(r, _)| counted(r) == want)
            .map(|(_, &t)| t)
            .collect()
    };
    if let Some(n) = std::env::var("KIFU_AUDIT_SLOWEST")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    {
        print_slowest(&names, &times, |i| counted(&records[i]), n);
    }
    for (label, set) in [
        ("all", times.clone()),
        ("counted", pick(true)),
        ("not counted", pick(false)),
    ] {
        print_distribution(&format!("score/{what} {label}"), set);
    }
    let mut g = c.benchmark_group(format!("score/{what}"));
    g.sample_size(10);
    g.throughput(Throughput::Elements(records.len() as u64));
    g.bench_function("games, seven rulesets", |b| {
        b.iter(|| {
            for (rec, rep) in records.iter().zip(&finals) {
                black_box(scorer.score(&input(rec, rep)));
            }
        })
    });
    // the counted games alone: finished games whose final positions the recorded scores judge
    let counted_games: Vec<(&GameRecord, &ReplayReport)> = records
        .iter()
        .zip(&finals)
        .filter(|(r, _)| counted(r))
        .collect();
    g.throughput(Throughput::Elements(counted_games.len() as u64));
    g.bench_function("counted games, seven rulesets", |b| {
        b.iter(|| {
            for &(rec, rep) in &counted_games {
                black_box(scorer.score(&input(rec, rep)));
            }
        })
    });
    g.finish();
}

/// Prints the `n` slowest games (µs, counted or not, name) and their share of the total time.
fn print_slowest(names: &[String], times: &[f64], counted: impl Fn(usize) -> bool, n: usize) {
    let mut order: Vec<usize> = (0..times.len()).collect();
    order.sort_by(|&a, &b| times[b].total_cmp(&times[a]).then(a.cmp(&b)));
    let total: f64 = times.iter().sum();
    let slowest: f64 = order.iter().take(n).map(|&i| times[i]).sum();
    println!(
        "the {} slowest games take {:.1}% of the time:",
        n.min(times.len()),
        100.0 * slowest / total.max(f64::MIN_POSITIVE)
    );
    for &i in order.iter().take(n) {
        let kind = if counted(i) { "counted" } else { "not counted" };
        println!("  {:>9.1} µs  {kind:<11}  {}", times[i], names[i]);
    }
}

/// Prints mean, median, p90, p99 and max of per-game times (µs).
fn print_distribution(label: &str, mut times: Vec<f64>) {
    if times.is_empty() {
        return;
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let pct = |p: f64| times[((times.len() as f64 - 1.0) * p) as usize];
    println!(
        "{label}: {} games, per game µs: mean {mean:.1}, median {:.1}, p90 {:.1}, p99 {:.1}, max {:.1}",
        times.len(),
        pct(0.5),
        pct(0.9),
        pct(0.99),
        pct(1.0)
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
