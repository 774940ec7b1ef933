//! Dev harness: counted games with `TB`/`TW` territory markup under territory counting
//! (Japanese, Korean rules): where our count departs from the markup, and which candidate
//! explanation reproduces the recorded result.
//!
//! ```text
//! cargo run --release --example markup_diff -- <inputs…> [--all] [--board]
//! cargo run --release --example markup_diff -- ../shared/corpus/dev/godmoves_Standard_Computer_Go_Dataset
//! ```
//!
//! Per listed game: recorded result, our margin under the record's rules and komi, the
//! markup's own margin (`|TB| − |TW| + prisoners − komi`), TB/TW counts against our
//! territory + teire, prisoners, teire, seki and dame points, and each point we count
//! otherwise than the markup (`<point><stone>:<our label>/<markup>`). `--board` also draws
//! the markup's view of the board with those points in brackets. Without `--all` only games
//! that are not exact (ours or the markup's) are listed. At the end, for every candidate
//! explanation: how many games its margin makes exact, among all games and among ours
//! that are not exact.

use kifu_audit::pipeline::{audit_paths, audit_record, GameOptions, Scratch};
use kifu_audit::rules::{Color, Point};
use kifu_audit::scoring::{Agreement, KomiPolicy, PointOwner};
use kifu_audit::sgf::{ResultKind, Winner};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Candidate explanations, each a margin rebuilt from the game's numbers.
const CANDIDATES: [&str; 7] = [
    "ours as is",
    "teire not applied (Korean-style count)",
    "markup counted as is: |TB|-|TW|+prisoners-komi",
    "ours with teire = our territory the markup leaves out",
    "seki eyes counted as territory",
    "dead stones not counted as prisoners",
    "standard komi 6.5 instead of the recorded one",
];

/// Signed (Black minus White) point tallies of one game.
#[derive(Default)]
struct Diff {
    /// Our territory (not teire) that the markup leaves out.
    left_out_territory: i32,
    /// Our teire that the markup leaves out too (agreement).
    left_out_teire: i32,
    /// Our teire that the markup counts.
    marked_teire: i32,
    /// Points the markup counts that we count as neither territory nor teire of that colour.
    marked_other: i32,
    seki_eyes: i32,
}

fn sign(c: Color) -> i32 {
    match c {
        Color::Black => 1,
        Color::White => -1,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let all = args.iter().any(|a| a == "--all");
    let board = args.iter().any(|a| a == "--board");
    let inputs: Vec<PathBuf> = args
        .iter()
        .filter(|a| !a.starts_with("--"))
        .map(PathBuf::from)
        .collect();
    let options = GameOptions::default();
    let rows = audit_paths(&inputs, &options, 0).expect("audit runs");
    let mut tally: BTreeMap<(String, &'static str), usize> = BTreeMap::new();
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let mut fixes = [[0usize; 2]; CANDIDATES.len()];
    let (mut games, mut not_exact) = (0usize, 0usize);
    let mut scratch = Scratch::new();
    for row in &rows {
        let (Some(rec), Some(s)) = (row.ingest.record.as_ref(), row.score.as_ref()) else {
            continue;
        };
        let Some(res) = rec.result.as_ref() else {
            continue;
        };
        if res.kind != ResultKind::Score || res.margin.is_none() || !rec.has_territory_markup() {
            continue;
        }
        let rules = rec.rules.map_or("unknown", |r| r.name()).to_string();
        *tally
            .entry((rules.clone(), s.record_agreement.name()))
            .or_default() += 1;
        if rules != "japanese" && rules != "korean" {
            continue;
        }
        let rec_margin = match res.winner {
            Winner::Black => res.margin.unwrap().abs(),
            Winner::White => -res.margin.unwrap().abs(),
            _ => 0.0,
        };
        let komi = rec.komi.unwrap_or(0.0);
        let tb = &rec.territory_black;
        let tw = &rec.territory_white;
        let markup_margin = tb.len() as f64 - tw.len() as f64 + s.prisoners_black as f64
            - s.prisoners_white as f64
            - komi;
        let ours = s.margin_recorded_rules.unwrap_or(f64::NAN);
        let w = rec.board_width as usize;
        let h = rec.board_height as usize;
        let mark = |p: Point| {
            if tb.contains(&p) {
                Some(Color::Black)
            } else if tw.contains(&p) {
                Some(Color::White)
            } else {
                None
            }
        };
        // rows drop the per-point detail: score again for it
        let (_, full, replay) = audit_record(rec, &mut scratch, KomiPolicy::Standard);
        let mut d = Diff::default();
        let mut diffs = Vec::new();
        let mut differs_at = vec![false; w * h];
        for (i, &o) in full.ownership.iter().enumerate() {
            let p = Point::new((i % w) as u8, (i / w) as u8);
            let m = mark(p);
            let (ours_c, teire) = match o {
                PointOwner::BlackTerritory => (Some(Color::Black), false),
                PointOwner::WhiteTerritory => (Some(Color::White), false),
                PointOwner::BlackTeire => (Some(Color::Black), true),
                PointOwner::WhiteTeire => (Some(Color::White), true),
                PointOwner::BlackSekiEye => {
                    d.seki_eyes += 1;
                    (None, false)
                }
                PointOwner::WhiteSekiEye => {
                    d.seki_eyes -= 1;
                    (None, false)
                }
                _ => (None, false),
            };
            match (ours_c, m) {
                (Some(c), Some(mc)) if c == mc => {
                    if teire {
                        d.marked_teire += sign(c);
                    }
                    continue;
                }
                (Some(c), _) if teire => d.left_out_teire += sign(c),
                (Some(c), _) => d.left_out_territory += sign(c),
                (None, None) => continue,
                (None, Some(_)) => {}
            }
            if let Some(mc) = m {
                if ours_c != Some(mc) {
                    d.marked_other += sign(mc);
                }
            }
            if teire && m.is_none() {
                continue; // agreement: neither counts it under Japanese rules
            }
            differs_at[i] = true;
            let stone = match replay.board.get(p) {
                Some(Color::Black) => "X",
                Some(Color::White) => "O",
                None => ".",
            };
            let mname = match m {
                Some(Color::Black) => "TB",
                Some(Color::White) => "TW",
                None => "--",
            };
            let col = b"ABCDEFGHJKLMNOPQRSTUVWXYZ"[p.x as usize] as char;
            diffs.push(format!("{col}{}{stone}:{o:?}/{mname}", h - p.y as usize));
            *kinds
                .entry(format!("{o:?} on {stone} marked {mname}"))
                .or_default() += 1;
        }
        let candidates = [
            ours,
            ours + s.black_teire as f64 - s.white_teire as f64,
            markup_margin,
            ours - d.left_out_territory as f64 + d.marked_teire as f64,
            ours + d.seki_eyes as f64,
            ours - s.dead_white as f64 + s.dead_black as f64,
            ours + komi - 6.5,
        ];
        let is_exact = s.record_agreement == Agreement::Exact;
        games += 1;
        not_exact += usize::from(!is_exact);
        let mut explained = Vec::new();
        for (k, &m) in candidates.iter().enumerate() {
            if (m - rec_margin).abs() < 1e-6 {
                fixes[k][0] += 1;
                if !is_exact {
                    fixes[k][1] += 1;
                    explained.push(k.to_string());
                }
            }
        }
        let markup_exact = (markup_margin - rec_margin).abs() < 1e-6;
        if !all && is_exact && markup_exact {
            continue;
        }
        println!(
            "{} {}  rec {rec_margin:+} ours {ours:+} markup {markup_margin:+} [{}] TB {} vs {}+{} TW {} vs {}+{} pris {}/{} dead {}/{} teire {}/{} seki {} dame {} komi {komi} ha {}",
            row.source,
            res.raw,
            s.record_agreement.name(),
            tb.len(),
            s.black_territory,
            s.black_teire,
            tw.len(),
            s.white_territory,
            s.white_teire,
            s.prisoners_black,
            s.prisoners_white,
            s.dead_black,
            s.dead_white,
            s.black_teire,
            s.white_teire,
            s.seki_points,
            s.dame_points,
            rec.handicap,
        );
        println!(
            "    B−W: our territory left out {:+}, our teire left out {:+}, our teire counted {:+}, markup beyond ours {:+}, seki eyes {:+}; exact under candidates [{}]",
            d.left_out_territory,
            d.left_out_teire,
            d.marked_teire,
            d.marked_other,
            d.seki_eyes,
            explained.join(",")
        );
        println!("    ours/markup: {}", diffs.join(" "));
        if board {
            // the markup's view; a point we count otherwise is in brackets
            for y in 0..h {
                let mut line = format!("    {:>2} ", h - y);
                for x in 0..w {
                    let p = Point::new(x as u8, y as u8);
                    let c = match (replay.board.get(p), mark(p)) {
                        (Some(Color::Black), Some(Color::White)) => 'x',
                        (Some(Color::White), Some(Color::Black)) => 'o',
                        (Some(Color::Black), _) => 'X',
                        (Some(Color::White), _) => 'O',
                        (None, Some(Color::Black)) => '+',
                        (None, Some(Color::White)) => '-',
                        (None, None) => '.',
                    };
                    let i = y * w + x;
                    let open = if differs_at[i] {
                        '['
                    } else if x > 0 && differs_at[i - 1] {
                        ']'
                    } else {
                        ' '
                    };
                    line.push(open);
                    line.push(c);
                }
                if differs_at[y * w + w - 1] {
                    line.push(']');
                }
                println!("{line}");
            }
            let letters: String = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
                .chars()
                .take(w)
                .flat_map(|c| [' ', c])
                .collect();
            println!("       {letters}");
        }
    }
    println!("agreement by rules (markup games): {tally:?}");
    println!("points counted otherwise than the markup (teire both leave out excluded): {kinds:?}");
    println!("{games} Japanese/Korean markup games, {not_exact} not exact; candidate margins:");
    for (k, name) in CANDIDATES.iter().enumerate() {
        println!(
            "  [{k}] {name:<55} exact {:>4} of {games}; fixes {:>3} of {not_exact}",
            fixes[k][0], fixes[k][1]
        );
    }
}
