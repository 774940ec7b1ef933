//! Fuzz target: the fast reader against sgf-parse. Any bytes are decoded and split as
//! `kifu-audit scan` does, and every game is ingested twice — with the fast reader allowed (the
//! product path) and with sgf-parse alone (the reference). The rows must be identical: the fast
//! reader either declines or reads the game exactly as sgf-parse does. Much cheaper per run
//! than `audit_bytes` (no replay, no scoring), so it explores the reader's corners faster.
#![no_main]

use kifu_audit::sgf::{self, Limits};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let limits = Limits::default();
    let file = sgf::prepare_file(data);
    for index in 0..file.game_count() {
        let (auto, _) = sgf::ingest_game_traced(&file, index, &limits, true);
        let (reference, _) = sgf::ingest_game_traced(&file, index, &limits, false);
        // A NaN komi (`KM[nan]`) is equal in print, not under `==`.
        if auto != reference {
            assert_eq!(format!("{auto:?}"), format!("{reference:?}"));
        }
    }
});
