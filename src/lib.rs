//! # kifu-audit
//!
//! Audits Go (weiqi/baduk) game archives: ingests SGF collections, replays every game under
//! seven rulesets, rescoring and comparing them, and writes one Parquet row per game.

pub mod cli;
pub mod output;
pub mod pipeline;
pub mod rules;
pub mod scoring;
pub mod sgf;
