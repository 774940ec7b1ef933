//! Fuzz target: one file's bytes through the whole product path — charset decoding, the
//! structural scan, sgf-parse (strict, repaired, lenient), the normalised record, replay under
//! the seven rulesets, scoring, and the Parquet row builder — exactly as `kifu-audit scan` runs
//! a file (`prepare_file` → `ingest_game` → `row_from_ingested` with a reused per-thread
//! `Scratch`).
//!
//! Besides "never panics, never hangs, never overflows the stack", it checks the row contract:
//! one row per top-level game (one error row when there is none), rows in game order, an error
//! row has a kind and a message and no replay or score, a readable row has both; and that the
//! reused scratch state does not leak from one game into the next.
#![no_main]

use kifu_audit::output::BatchBuilder;
use kifu_audit::pipeline::game::row_from_ingested;
use kifu_audit::pipeline::{GameOptions, Scratch};
use kifu_audit::sgf::{self, Status};
use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::new());
}

fuzz_target!(|data: &[u8]| {
    let options = GameOptions::default();
    let file = sgf::prepare_file(data);
    let games = file.game_count();
    assert_eq!(games, file.scan.games.len().max(1));
    let mut builder = BatchBuilder::new();
    SCRATCH.with(|scratch| {
        let scratch = &mut *scratch.borrow_mut();
        for index in 0..games {
            let ingest = sgf::ingest_game(&file, index, &options.limits);
            assert_eq!(ingest.game_index as usize, index);
            match ingest.status {
                Status::Error => {
                    assert!(ingest.record.is_none());
                    assert!(ingest.error_kind.is_some());
                    assert!(ingest
                        .error_message
                        .as_deref()
                        .is_some_and(|m| !m.is_empty()));
                }
                Status::Recovered => {
                    assert!(ingest.record.is_some());
                    assert!(ingest.error_kind.is_some());
                }
                Status::Ok => {
                    assert!(ingest.record.is_some());
                    assert!(ingest.error_kind.is_none());
                }
            }
            let row = row_from_ingested("fuzz.sgf", None, ingest, &options, scratch);
            assert_eq!(row.replay.is_some(), row.ingest.record.is_some());
            assert_eq!(row.score.is_some(), row.ingest.record.is_some());
            if let Some(record) = row.ingest.record.as_ref() {
                // The same game again through the now-used scratch: identical facts.
                let again =
                    row_from_ingested("fuzz.sgf", None, row.ingest.clone(), &options, scratch);
                assert_eq!(
                    row.replay, again.replay,
                    "scratch state leaked between games"
                );
                assert_eq!(
                    format!("{:?}", row.score),
                    format!("{:?}", again.score),
                    "scratch state leaked between games"
                );
                assert!(record.board_width >= 2 && record.board_width <= 25);
                assert!(record.board_height >= 2 && record.board_height <= 25);
            }
            builder.append(&row);
        }
    });
    let batch = builder.finish();
    assert_eq!(batch.num_rows(), games);
});
