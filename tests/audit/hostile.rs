//! Hostile input never crashes the process: every case yields rows, with an error kind and a
//! message naming the byte offset when known.

use crate::common::options;
use kifu_audit::pipeline::audit_paths;
use kifu_audit::sgf::{ingest_bytes, ErrorKind, Limits, Status};
use std::io::Write;

fn rows_for(bytes: &[u8]) -> Vec<kifu_audit::output::GameRow> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hostile.sgf");
    std::fs::File::create(&path)
        .unwrap()
        .write_all(bytes)
        .unwrap();
    audit_paths(&[path], &options(), 2).unwrap()
}

#[test]
fn a_200_000_node_main_line_gives_a_row() {
    let mut s = String::from("(;SZ[19]");
    for i in 0..200_000 {
        let c = if i % 2 == 0 { 'B' } else { 'W' };
        s.push_str(&format!(";{c}[]"));
    }
    s.push(')');
    let rows = rows_for(s.as_bytes());
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].ingest.status, Status::Ok);
    assert_eq!(rows[0].ingest.record.as_ref().unwrap().moves.len(), 200_000);
    // Also on a test thread's ordinary 2 MiB stack: nothing recurses per node on this path.
    let ingested = ingest_bytes(s.as_bytes(), &Limits::default());
    assert_eq!(ingested[0].status, Status::Ok);
}

/// `depth` nested variations of one move each, closed or not.
fn variation_nest(depth: usize) -> String {
    let mut s = String::with_capacity(depth * 9);
    for i in 0..depth {
        let c = if i % 2 == 0 { 'B' } else { 'W' };
        s.push_str(&format!("(;{c}[]"));
    }
    s.push_str(&")".repeat(depth));
    s
}

#[test]
fn a_deep_variation_nest_gives_a_row() {
    let depth = kifu_audit::sgf::MAX_VARIATION_DEPTH;
    let s = variation_nest(depth);
    let rows = rows_for(s.as_bytes());
    assert_eq!(rows.len(), 1);
    assert_ne!(
        rows[0].ingest.status,
        Status::Error,
        "{:?}",
        rows[0].ingest.error_message
    );
    // The same nest left unclosed is repaired, not a crash.
    let rows = rows_for(&s.as_bytes()[..s.len() - depth / 2]);
    assert_eq!(rows.len(), 1);
    assert_eq!(
        rows[0].ingest.error_kind,
        Some(ErrorKind::UnbalancedParentheses)
    );
    // Deeper is refused before the tree is built (16 MB of `(((` took 1.6 GB)
    let rows = rows_for(variation_nest(200_000).as_bytes());
    assert_eq!(rows[0].ingest.error_kind, Some(ErrorKind::TooManyNodes));
    let message = rows[0].ingest.error_message.as_deref().unwrap();
    assert!(message.contains("200000 deep"), "{message}");
}

#[test]
fn a_flood_of_compressed_point_lists_is_refused() {
    // each `[aa:ss]` expands to the whole board before anything else is read
    let many = kifu_audit::sgf::MAX_POINT_LISTS + 1;
    let s = format!("(;GM[1]SZ[19]AB{};W[dd])", "[aa:ss]".repeat(many));
    let r = &ingest_bytes(s.as_bytes(), &Limits::default())[0];
    assert_eq!(r.error_kind, Some(ErrorKind::TooManyNodes));
    // a few are a position set up
    let s = "(;GM[1]SZ[19]AB[aa:cc][pp:ss]AW[dd:ee];W[jj])";
    let r = &ingest_bytes(s.as_bytes(), &Limits::default())[0];
    assert_eq!(r.status, Status::Ok);
    assert_eq!(r.record.as_ref().unwrap().setup.len(), 9 + 16 + 4);
}

#[test]
fn node_and_size_limits_give_error_rows() {
    let s = format!("(;SZ[9]{})", ";B[aa];W[bb]".repeat(100));
    let limits = Limits {
        max_nodes: 50,
        ..Limits::default()
    };
    let r = &ingest_bytes(s.as_bytes(), &limits)[0];
    assert_eq!(r.error_kind, Some(ErrorKind::TooManyNodes));
    assert!(r.error_message.as_deref().unwrap().contains("byte 0"));
    let limits = Limits {
        max_game_bytes: 100,
        ..Limits::default()
    };
    let r = &ingest_bytes(s.as_bytes(), &limits)[0];
    assert_eq!(r.error_kind, Some(ErrorKind::GameTooLarge));
    // moves packed into few nodes count as nodes: 200 moves in 10 nodes over a limit of 50
    let s = format!(
        "(;SZ[9]{})",
        format!(";{}", "B[aa]W[bb]".repeat(10)).repeat(10)
    );
    let limits = Limits {
        max_nodes: 50,
        ..Limits::default()
    };
    let r = &ingest_bytes(s.as_bytes(), &limits)[0];
    assert_eq!(r.error_kind, Some(ErrorKind::TooManyNodes));
    assert!(r.error_message.as_deref().unwrap().contains("200 moves"));
}

/// A game read as a tree (the fast reader declines it: here its mixed-case identifiers) holds
/// at most `MAX_TREE_VALUES` values: a tree costs some 300 bytes a property, and 16 MB of
/// them took 800 MB. The same values in a game the fast reader reads are counted, not kept.
#[test]
fn a_flood_of_values_in_a_tree_is_refused() {
    let many = kifu_audit::sgf::MAX_TREE_VALUES + 1;
    let s = format!("(;GM[1]SZ[19]{};W[dd])", "Xa[v]".repeat(many));
    let r = &ingest_bytes(s.as_bytes(), &Limits::default())[0];
    assert_eq!(r.error_kind, Some(ErrorKind::TooManyNodes));
    assert!(r
        .error_message
        .as_deref()
        .unwrap()
        .contains("property values"));
    let s = format!("(;GM[1]SZ[19]{};W[dd])", "XA[v]".repeat(many));
    let r = &ingest_bytes(s.as_bytes(), &Limits::default())[0];
    assert_eq!(r.status, Status::Ok);
    assert_eq!(r.record.as_ref().unwrap().unknown_properties, many as u32);
    // a game repaired for its parentheses is the fast reader's too: missing its last `)`,
    // it is read, not refused
    let s = format!("(;GM[1]SZ[19]{}", ";B[aa]C[x]".repeat(many / 2 + 1));
    let r = &ingest_bytes(s.as_bytes(), &Limits::default())[0];
    assert_eq!(r.status, Status::Recovered);
    assert_eq!(r.error_kind, Some(ErrorKind::UnbalancedParentheses));
    assert_eq!(r.record.as_ref().unwrap().moves.len(), many / 2 + 1);
}

#[test]
fn broken_files_are_rows_not_crashes() {
    let cases: &[(&[u8], Status, Option<ErrorKind>)] = &[
        (b"", Status::Error, Some(ErrorKind::EmptyFile)),
        (b"\x00\x00\x00\x00", Status::Error, Some(ErrorKind::NotSgf)),
        (b"hello world", Status::Error, Some(ErrorKind::NotSgf)),
        (
            b"Game record follows\n(;SZ[9];B[aa])",
            Status::Recovered,
            Some(ErrorKind::LeadingText),
        ),
        (
            b"(;SZ[9];B[aa];W[bb]",
            Status::Recovered,
            Some(ErrorKind::UnbalancedParentheses),
        ),
        (
            b";SZ[9];B[aa])",
            Status::Recovered,
            Some(ErrorKind::UnbalancedParentheses),
        ),
        (
            b"(;SZ[9];B[aa];C[never closed",
            Status::Recovered,
            Some(ErrorKind::UnterminatedValue),
        ),
        (
            b"(;sz[9];b[aa];w[bb])",
            Status::Recovered,
            Some(ErrorKind::LowercaseIdentifiers),
        ),
        (b"(;GM[2];B[aa])", Status::Error, Some(ErrorKind::NotGo)),
        (
            b"(;SZ[30];B[aa])",
            Status::Error,
            Some(ErrorKind::BoardSize),
        ),
        (b"(;SZ[0])", Status::Error, Some(ErrorKind::BoardSize)),
        (b"()", Status::Error, Some(ErrorKind::ParseError)),
        (b"(;)", Status::Error, Some(ErrorKind::EmptyGame)),
        (
            b"(;SZ[9];B[ee]W[cc];B[gc])",
            Status::Recovered,
            Some(ErrorKind::MovesInOneNode),
        ),
        // a `]` missing after a name: the name holds the first move, which is valid SGF
        (b"(;SZ[9]PB[Never closed;B[ee];W[cc])", Status::Ok, None),
        (b"(;SZ[9];B[zz])", Status::Ok, None),
        (b"(;SZ[9]AB[aa]AW[bb])", Status::Ok, None),
    ];
    for (bytes, status, kind) in cases {
        let rows = rows_for(bytes);
        assert_eq!(rows.len(), 1, "{:?}", String::from_utf8_lossy(bytes));
        let r = &rows[0].ingest;
        assert_eq!(
            (r.status, r.error_kind),
            (*status, *kind),
            "{:?}: {:?}",
            String::from_utf8_lossy(bytes),
            r.error_message
        );
        if r.status == Status::Error {
            assert!(r.error_message.as_deref().is_some_and(|m| !m.is_empty()));
            assert!(rows[0].replay.is_none() && rows[0].score.is_none());
        }
        // an empty file decodes nothing: no charset is named for it
        assert_eq!(
            r.charset_used.is_none(),
            r.error_kind == Some(ErrorKind::EmptyFile),
            "{:?}",
            String::from_utf8_lossy(bytes)
        );
    }
    // Two moves in one node (a `;` missing): each played in the order written, by both
    // readers (the second after a repair only sgf-parse's path makes), the node named.
    for bytes in [
        &b"(;SZ[9];B[ee]W[cc];B[gc])"[..],
        b"(;sz[9];b[ee]w[cc];b[gc])",
    ] {
        let rows = rows_for(bytes);
        let rec = rows[0].ingest.record.as_ref().unwrap();
        let colours: Vec<_> = rec.moves.iter().map(|m| m.color).collect();
        use kifu_audit::rules::Color::{Black, White};
        assert_eq!(colours, [Black, White, Black]);
        assert_eq!(rec.crowded_nodes, Some((1, 2)));
        let message = rows[0].ingest.error_message.as_deref().unwrap();
        assert!(message.contains("first at move 2"), "{message}");
    }
    // Lowercase identifiers: the moves are recovered, not silently lost.
    let rows = rows_for(b"(;sz[9];b[aa];w[bb])");
    assert_eq!(rows[0].ingest.record.as_ref().unwrap().moves.len(), 2);
    // A game tree opened without its first node's `;` (`(GM[1]…`): put in, every move kept
    // (it was an error row); a `(` inside a value is left alone.
    for bytes in [
        &b"(GM[1]SZ[9]KM[6.5];B[cc];W[gg])"[..],
        b"(GM[1]SZ[9]C[a (B[aa\\]) in a value];B[cc];W[gg])",
    ] {
        let rows = rows_for(bytes);
        let r = &rows[0].ingest;
        assert_eq!(r.status, Status::Recovered, "{:?}", r.error_message);
        assert!(r
            .error_message
            .as_deref()
            .unwrap()
            .contains("without the `;`"));
        assert_eq!(r.record.as_ref().unwrap().moves.len(), 2);
    }
    // A move off the board is kept and flagged by replay, not dropped.
    let rows = rows_for(b"(;SZ[9];B[zz])");
    let v = rows[0].replay.as_ref().unwrap().verdicts[0];
    assert_eq!(v.kind.map(|k| k.name()), Some("off_board"));
}

#[test]
fn unreadable_paths_are_rows_and_the_run_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("good.sgf"), "(;SZ[9];B[ee])").unwrap();
    let missing = dir.path().join("missing.sgf");
    let rows = audit_paths(&[missing, dir.path().to_path_buf()], &options(), 1).unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].ingest.error_kind, Some(ErrorKind::IoError));
    assert!(rows[0]
        .ingest
        .error_message
        .as_deref()
        .unwrap()
        .contains("missing.sgf"));
    assert_eq!(rows[1].ingest.status, Status::Ok);
}

#[cfg(unix)]
#[test]
fn fifos_and_symlink_loops_do_not_hang_or_stop_the_run() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.sgf"), "(;SZ[9];B[ee])").unwrap();
    std::os::unix::fs::symlink(dir.path(), dir.path().join("loop")).unwrap();
    let fifo = dir.path().join("pipe.sgf");
    let status = std::process::Command::new("mkfifo").arg(&fifo).status();
    let have_fifo = status.is_ok_and(|s| s.success());
    let rows = audit_paths(&[dir.path().to_path_buf(), fifo.clone()], &options(), 1).unwrap();
    let ok = rows
        .iter()
        .filter(|r| r.ingest.status == Status::Ok)
        .count();
    assert_eq!(ok, 1, "a.sgf read once");
    let loops = rows
        .iter()
        .filter(|r| {
            r.ingest
                .error_message
                .as_deref()
                .is_some_and(|m| m.contains("loop"))
        })
        .count();
    assert!(
        loops >= 1,
        "the symlink loop is reported: {:?}",
        rows.iter()
            .map(|r| &r.ingest.error_message)
            .collect::<Vec<_>>()
    );
    if have_fifo {
        assert!(rows.iter().any(|r| r
            .ingest
            .error_message
            .as_deref()
            .is_some_and(|m| m.contains("not a regular file"))));
    }
}

/// Text between two games of a collection is read by no one: the game after it says so.
#[test]
fn text_between_games_is_a_repair_of_the_game_after_it() {
    let s = "(;GM[1]SZ[9];B[ee])\ngarbage between ; B[cc]\n(;GM[1]SZ[9];W[cc])\n\n(;GM[1]SZ[9])";
    let rows = ingest_bytes(s.as_bytes(), &Limits::default());
    let kinds: Vec<_> = rows.iter().map(|r| (r.status, r.error_kind)).collect();
    assert_eq!(
        kinds,
        [
            (Status::Ok, None),
            (Status::Recovered, Some(ErrorKind::LeadingText)),
            (Status::Ok, None),
        ]
    );
    let message = rows[1].error_message.as_deref().unwrap();
    assert!(message.contains("between the previous game"), "{message}");
}
