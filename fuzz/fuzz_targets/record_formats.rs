//! Fuzz target: bytes read as a Tygem GIB record (`sgf::gib::to_sgf`), as a WBaduk NGF
//! record (`sgf::ngf::to_sgf`) and as a Pandanet UGF record (`sgf::ugf::to_sgf`), and the SGF
//! each makes through the product path as
//! `kifu-audit scan` runs a file (`prepare_file` → `ingest_game` → `row_from_ingested`).
//!
//! Besides "never panics, never hangs", it checks each converter's contract: a record it
//! turns into SGF is one game, always readable (the names' bytes escaped, every move on the
//! board), and scored; a record it refuses has a reason.
#![no_main]

use kifu_audit::pipeline::game::row_from_ingested;
use kifu_audit::pipeline::{GameOptions, Scratch};
use kifu_audit::sgf::{self, gib, ngf, ugf, Status};
use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::new());
}

/// The converter's contract on `data`: refused with a reason, or one readable, scored game
/// whose `application` is `application`.
fn check(converted: Result<Vec<u8>, String>, source: &str, application: &str) {
    let sgf_bytes = match converted {
        Ok(bytes) => bytes,
        Err(why) => {
            assert!(!why.is_empty());
            return;
        }
    };
    let options = GameOptions::default();
    let file = sgf::prepare_file(&sgf_bytes);
    assert_eq!(
        file.game_count(),
        1,
        "{}",
        String::from_utf8_lossy(&sgf_bytes)
    );
    let ingest = sgf::ingest_game(&file, 0, &options.limits);
    assert_ne!(
        ingest.status,
        Status::Error,
        "{:?}: {}",
        ingest.error_message,
        String::from_utf8_lossy(&sgf_bytes)
    );
    SCRATCH.with(|scratch| {
        let row = row_from_ingested(source, None, ingest, &options, &mut scratch.borrow_mut());
        assert!(row.replay.is_some() && row.score.is_some());
        assert_eq!(
            row.ingest
                .record
                .as_ref()
                .and_then(|r| r.application.as_deref()),
            Some(application)
        );
    });
}

fuzz_target!(|data: &[u8]| {
    check(gib::to_sgf(data), "fuzz.gib", gib::APPLICATION);
    check(ngf::to_sgf(data), "fuzz.ngf", ngf::APPLICATION);
    check(ugf::to_sgf(data), "fuzz.ugf", ugf::APPLICATION);
});
