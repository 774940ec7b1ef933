//! # kifu-audit
//!
//! Audits Go (weiqi/baduk) game archives: ingests SGF collections, replays every game under
//! seven rulesets, rescores it under all of them, explains where they disagree, and writes one
//! Parquet row per game.
//!
//! ## Quick start
//!
//! ```
//! use kifu_audit::pipeline::game::{audit_record, Scratch};
//! use kifu_audit::rules::RulesetId;
//! use kifu_audit::scoring::KomiPolicy;
//! use kifu_audit::sgf::{ingest_bytes, Limits, Status};
//!
//! // A 5×5 game: Black walls off the left, White the right; both pass.
//! let sgf = b"(;GM[1]SZ[5]KM[0.5]RU[Chinese]RE[B+0.5]
//!     ;B[ba];W[da];B[bb];W[db];B[bc];W[dc];B[bd];W[dd];B[be];W[de];B[cc];W[];B[])";
//! let games = ingest_bytes(sgf, &Limits::default());
//! assert_eq!(games[0].status, Status::Ok);
//! let record = games[0].record.as_ref().unwrap();
//! let (replay, score, _) = audit_record(record, &mut Scratch::new(), KomiPolicy::Recorded);
//! assert!(replay.verdicts.iter().all(|v| v.legal));
//! // Area: Black 6 stones + 5 points = 11, White 5 + 5 = 10, and the 4 open points of the
//! // c column are dame, split ½–½ under Chinese counting: 13 − 12 − 0.5 komi = B+0.5.
//! let chinese = score.per_ruleset[RulesetId::Chinese.index()];
//! assert_eq!(chinese.margin_b_minus_w, 0.5);
//! ```
//!
//! ## Layers
//!
//! [`sgf`] (bytes → normalised [`sgf::GameRecord`]) → [`rules`] (board, rulesets, replay with
//! legality verdicts) → [`scoring`] (dead stones, seki, seven scores, divergence) →
//! [`pipeline`] (parallel, ordered, bounded memory) → [`output`] (one schema, Parquet) →
//! [`cli`] (`scan`, `explain`, `schema`).
//!
//! ## Glossary
//!
//! - **Area counting**: stones on the board plus surrounded empty points (Chinese, Ing, AGA, NZ,
//!   Tromp-Taylor). **Territory counting**: surrounded empty points plus prisoners (Japanese,
//!   Korean).
//! - **Margin**: always Black minus White, in points, after komi and handicap bonus
//!   (`margin_b_minus_w`); positive means Black wins.
//! - **Komi**: points given to White for moving second; **handicap** N: stones Black places
//!   before White's first move; **handicap bonus**: points some rulesets give White per stone.
//! - **Dame**: neutral points; **seki**: groups alive without two eyes (their eyes and shared
//!   liberties score nothing under Japanese/Korean counting).
//! - **Ko / superko**: a simple ko forbids the immediate recapture of one stone; positional
//!   superko forbids any earlier whole-board position, situational superko an earlier position
//!   with the same player to move.
//! - **Plays** of a colour: its board moves plus its handicap setup stones, passes excluded;
//!   outside seki, area margin − territory margin = plays(B) − plays(W) (the parity identity).
//! - **Stones (子)**: Chinese results are counted in stones; one stone = two points of margin.

pub mod cli;
mod links;
pub mod output;
pub mod pipeline;
pub mod render;
pub mod rules;
pub mod scoring;
pub mod sgf;
