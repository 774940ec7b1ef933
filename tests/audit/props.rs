//! Property tests of the row contract: whatever the bytes — SGF-ish token soup with escapes,
//! multi-byte characters and raw bytes, or well-formed games with random legal and illegal move
//! sequences — ingestion, replay and scoring never panic, and every file yields exactly one row
//! per top-level game found by `sgf::split::scan` (one error row when it finds none), in order.
//!
//! Case counts keep the whole suite under a few seconds in `cargo test --release`; set
//! `PROPTEST_CASES` to run more (the proptest runner reads it).

use crate::common::options;
use kifu_audit::output::{BatchBuilder, GameRow};
use kifu_audit::pipeline::audit_chunk;
use kifu_audit::sgf::source::InputItem;
use kifu_audit::sgf::{self, split, ErrorKind, Status};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(cases),
        // A failure prints its shrunk input; no regression files are written into the tree.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------------------------
// SGF-ish token soup.

const IDENTS: &[&str] = &[
    "B", "W", "AB", "AW", "AE", "SZ", "KM", "KO", "HA", "RU", "RE", "CA", "GM", "FF", "TB", "TW",
    "PB", "PW", "DT", "AP", "C", "LB", "b", "w", "sz", "km", "AddBlack",
];

const VALUE_PIECES: &[&str] = &[
    "aa",
    "ss",
    "tt",
    "pd",
    "dp",
    "zz",
    "yy",
    "ZZ",
    "aa:cc",
    "a",
    "",
    "\\]",
    "\\\\",
    "\\",
    "\\\n",
    ":",
    ")",
    "(",
    ";",
    " ",
    "\n",
    "19",
    "9",
    "7:11",
    "26",
    "0",
    "255",
    "1000",
    "6.5",
    "375",
    "2.75",
    "5 1/2",
    "-3",
    "1e309",
    "NaN",
    "inf",
    "B+R",
    "W+0.5",
    "B+",
    "0",
    "Void",
    "?",
    "UTF-8",
    "GB2312",
    "SJIS",
    "EUC-KR",
    "UTF-16",
    "Latin-1",
    "é",
    "黑",
    "囲碁",
    "한국",
    "\u{FFFD}",
    "\u{1F600}",
    "\u{FEFF}",
];

/// Raw bytes that are not UTF-8 on their own (lead/trail bytes of GBK, Shift_JIS, UTF-8, BOMs).
const RAW_PIECES: &[&[u8]] = &[
    b"\x81\\",
    b"\x81]",
    b"\xef\xbb\xbf",
    b"\xff\xfe",
    b"\xfe\xff",
    b"\xe9",
    b"\xc3",
    b"\x00",
    b"\x8e\x5d",
    b"\xa4\xa4",
];

fn ident() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => select(IDENTS).prop_map(|s| s.as_bytes().to_vec()),
        1 => vec(select(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".as_slice()), 1..4),
    ]
}

fn value() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        8 => select(VALUE_PIECES).prop_map(|s| s.as_bytes().to_vec()),
        1 => select(RAW_PIECES).prop_map(|b| b.to_vec()),
        1 => any::<char>().prop_map(|c| c.to_string().into_bytes()),
    ];
    (vec(piece, 0..5), any::<bool>()).prop_map(|(pieces, closed)| {
        let mut v = vec![b'['];
        for p in pieces {
            v.extend(p);
        }
        // Now and then a value is left open (the rest of the file becomes its text).
        if closed {
            v.push(b']');
        }
        v
    })
}

fn token() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => Just(b"(".to_vec()),
        4 => Just(b")".to_vec()),
        6 => Just(b";".to_vec()),
        8 => ident(),
        // Mostly closed values; `value()` leaves one open half the time, so weight it down.
        8 => value().prop_map(|mut v| {
            if v.last() != Some(&b']') {
                v.push(b']');
            }
            v
        }),
        1 => value(),
        1 => select(&[" ", "\n", "\r\n", "\t"][..]).prop_map(|s| s.as_bytes().to_vec()),
        1 => select(RAW_PIECES).prop_map(|b| b.to_vec()),
        1 => vec(any::<u8>(), 1..4),
    ]
}

/// A file: an optional prefix (BOM, leading text, a declared charset) and a token soup.
fn sgf_ish_file() -> impl Strategy<Value = Vec<u8>> {
    const PREFIXES: &[&[u8]] = &[
        b"",
        b"",
        b"",
        b"\xef\xbb\xbf",
        b"Game record follows\n",
        b"(;CA[GB2312]",
        b"(;CA[SJIS]FF[4]",
        b"(;GM[1]SZ[9]",
    ];
    let prefix = select(PREFIXES);
    (prefix, vec(token(), 0..80)).prop_map(|(prefix, tokens)| {
        let mut v = prefix.to_vec();
        for t in tokens {
            v.extend(t);
        }
        v
    })
}

/// What the row contract promises for one file: the number of rows it yields.
fn expected_rows(bytes: &[u8]) -> usize {
    let prepared = sgf::prepare_file(bytes);
    let n = split::scan(&prepared.text).games.len().max(1);
    // When the bytes are used as they are (UTF-8, no repair of the file as a whole), that is
    // the scan of the raw text.
    if let Ok(text) = std::str::from_utf8(bytes) {
        let whole_utf8 = matches!(prepared.parts.as_slice(),
            [part] if part.used == "UTF-8" && !part.lossy && part.fallback.is_none());
        if whole_utf8 && prepared.file_repairs.is_empty() && !text.starts_with('\u{FEFF}') {
            assert_eq!(n, split::scan(text).games.len().max(1));
        }
    }
    n
}

/// The row contract every row keeps.
fn check_row(row: &GameRow) {
    let i = &row.ingest;
    match i.status {
        Status::Error => {
            assert!(i.record.is_none(), "an error row has no record");
            assert!(i.error_kind.is_some(), "an error row names its kind");
            assert!(
                i.error_message.as_deref().is_some_and(|m| !m.is_empty()),
                "an error row says why"
            );
        }
        Status::Recovered => {
            assert!(i.record.is_some() && i.error_kind.is_some());
        }
        Status::Ok => {
            assert!(i.record.is_some() && i.error_kind.is_none());
        }
    }
    assert_eq!(row.replay.is_some(), i.record.is_some());
    assert_eq!(row.score.is_some(), i.record.is_some());
}

/// Audits files through the pipeline's own chunk function and checks one row per game, in
/// (file, game) order.
fn audit_files(files: &[Vec<u8>]) -> Vec<GameRow> {
    let items: Vec<InputItem> = files
        .iter()
        .enumerate()
        .map(|(i, bytes)| InputItem {
            source: format!("prop-{i}.sgf"),
            member: None,
            data: Ok(bytes.clone()),
            cut: None,
        })
        .collect();
    let rows = audit_chunk(&items, &options());
    let expected: Vec<(String, u32)> = files
        .iter()
        .enumerate()
        .flat_map(|(i, bytes)| {
            (0..expected_rows(bytes) as u32).map(move |g| (format!("prop-{i}.sgf"), g))
        })
        .collect();
    let got: Vec<(String, u32)> = rows
        .iter()
        .map(|r| (r.source.clone(), r.ingest.game_index))
        .collect();
    assert_eq!(got, expected, "one row per game, in order");
    let mut builder = BatchBuilder::new();
    for row in &rows {
        check_row(row);
        builder.append(row);
    }
    assert_eq!(builder.finish().num_rows(), rows.len());
    rows
}

proptest! {
    #![proptest_config(config(384))]

    #[test]
    fn sgf_ish_bytes_never_panic_and_give_one_row_per_game(
        files in vec(sgf_ish_file(), 1..4)
    ) {
        audit_files(&files);
    }

    #[test]
    fn random_bytes_never_panic_and_give_one_row_per_game(
        files in vec(vec(any::<u8>(), 0..300), 1..4)
    ) {
        audit_files(&files);
    }
}

// ---------------------------------------------------------------------------------------------
// Well-formed games with random move sequences.

/// A point, a pass, or a point off the board (coordinates up to two past the edge).
#[derive(Debug, Clone)]
enum MoveSpec {
    Play(u8, u8),
    /// `B[]`.
    Pass,
    /// `B[tt]`: a pass on boards up to 19×19, a point on larger ones.
    Tt,
}

#[derive(Debug, Clone)]
struct GameSpec {
    width: u8,
    /// Written `SZ[n]` when square, else `SZ[w:h]`.
    height: u8,
    /// `(kind, x, y)`: kind 0 = `AB`, 1 = `AW`, 2 = `AE`; the first four in the root, the rest
    /// one per move node.
    setup: Vec<(u8, u8, u8)>,
    moves: Vec<(bool, MoveSpec)>,
    /// Node after which a side variation branches (main line = first child).
    variation_at: Option<usize>,
    /// `b[..]`/`w[..]` instead of `B`/`W` (repaired as lowercase identifiers).
    lowercase: bool,
    km: &'static str,
    ha: &'static str,
}

fn letter(i: u8) -> char {
    if i < 26 {
        (b'a' + i) as char
    } else {
        (b'A' + (i - 26)) as char
    }
}

impl GameSpec {
    fn board_ok(&self) -> bool {
        (2..=25).contains(&self.width) && (2..=25).contains(&self.height)
    }

    fn sgf(&self) -> String {
        let mut s = String::from("(;GM[1]FF[4]");
        if self.width == self.height {
            s.push_str(&format!("SZ[{}]", self.width));
        } else {
            s.push_str(&format!("SZ[{}:{}]", self.width, self.height));
        }
        if !self.km.is_empty() {
            s.push_str(&format!("KM[{}]", self.km));
        }
        if !self.ha.is_empty() {
            s.push_str(&format!("HA[{}]", self.ha));
        }
        for (i, &(kind, x, y)) in self.setup.iter().enumerate() {
            let id = ["AB", "AW", "AE"][kind as usize % 3];
            // The first few in the root, the rest in move nodes (mid-game setup).
            if i < 4 || self.moves.is_empty() {
                s.push_str(&format!("{id}[{}{}]", letter(x), letter(y)));
            }
        }
        let side = |i: usize| {
            let mut v = String::from("(");
            for k in 0..3 {
                let c = if (i + k).is_multiple_of(2) { 'B' } else { 'W' };
                v.push_str(&format!(";{c}[aa]"));
            }
            v.push(')');
            v
        };
        let mut open = 0;
        for (i, (black, mv)) in self.moves.iter().enumerate() {
            let id = match (black, self.lowercase) {
                (true, false) => "B",
                (false, false) => "W",
                (true, true) => "b",
                (false, true) => "w",
            };
            let value = match mv {
                MoveSpec::Play(x, y) => format!("{}{}", letter(*x), letter(*y)),
                MoveSpec::Pass => String::new(),
                MoveSpec::Tt => "tt".into(),
            };
            s.push_str(&format!(";{id}[{value}]"));
            if let Some(&(kind, x, y)) = self.setup.get(4 + i) {
                let sid = ["AB", "AW", "AE"][kind as usize % 3];
                s.push_str(&format!("{sid}[{}{}]", letter(x), letter(y)));
            }
            if self.variation_at == Some(i) && i + 1 < self.moves.len() {
                // Main line continues in the first child; a side line follows it.
                s.push('(');
                open += 1;
            }
        }
        for _ in 0..open {
            s.push(')');
            s.push_str(&side(0));
        }
        s.push(')');
        s
    }
}

fn game_spec() -> impl Strategy<Value = GameSpec> {
    let side = prop_oneof![
        8 => select(&[9u8, 13, 19][..]),
        4 => 2u8..=25,
        1 => select(&[0u8, 1, 26, 52, 255][..]),
    ];
    (side.clone(), side, any::<bool>())
        .prop_flat_map(|(w, h, square)| {
            let h = if square { w } else { h };
            // Coordinates reach two past the edge (off-board moves), within SGF's 52 letters.
            let span = w.max(h).saturating_add(2).clamp(1, 52);
            let point = (0..span, 0..span);
            let mv = prop_oneof![
                20 => point.clone().prop_map(|(x, y)| MoveSpec::Play(x, y)),
                1 => Just(MoveSpec::Pass),
                1 => Just(MoveSpec::Tt),
            ];
            // Mostly alternating colours, now and then the same colour twice.
            let moves = vec((prop::bool::weighted(0.1), mv), 0..300).prop_map(|ms| {
                let mut black = true;
                ms.into_iter()
                    .map(|(repeat, m)| {
                        if !repeat {
                            black = !black;
                        }
                        (!black, m)
                    })
                    .collect::<Vec<_>>()
            });
            let setup = vec((0u8..3, point.clone()), 0..12).prop_map(|v| {
                v.into_iter()
                    .map(|(k, (x, y))| (k, x, y))
                    .collect::<Vec<_>>()
            });
            (
                Just((w, h)),
                setup,
                moves,
                prop::option::of(0usize..300),
                prop::bool::weighted(0.1),
                select(
                    &[
                        "", "6.5", "7.5", "0", "375", "2.75", "5 1/2", "-3", "NaN", "inf", "1e309",
                        "x",
                    ][..],
                ),
                select(&["", "", "2", "4", "9", "7.5", "40", "x"][..]),
            )
        })
        .prop_map(
            |((width, height), setup, moves, variation_at, lowercase, km, ha)| GameSpec {
                width,
                height,
                setup,
                moves,
                variation_at,
                lowercase,
                km,
                ha,
            },
        )
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn random_move_sequences_never_panic_and_keep_every_move(games in vec(game_spec(), 1..4)) {
        // One file per game, and the same games again as one collection.
        let files: Vec<Vec<u8>> = games.iter().map(|g| g.sgf().into_bytes()).collect();
        let rows = audit_files(&files);
        prop_assert_eq!(rows.len(), games.len());
        let collection: Vec<u8> = files.join(&b"\n"[..]);
        let again = audit_files(&[collection]);
        prop_assert_eq!(again.len(), games.len());
        for ((game, row), row2) in games.iter().zip(&rows).zip(&again) {
            let i = &row.ingest;
            if game.board_ok() {
                prop_assert_ne!(i.status, Status::Error, "{:?}", i.error_message);
                let record = i.record.as_ref().unwrap();
                prop_assert_eq!(record.board_width, game.width);
                prop_assert_eq!(record.board_height, game.height);
                // Every move is kept: illegal and off-board ones are flagged by replay.
                prop_assert_eq!(record.moves.len(), game.moves.len());
                if game.lowercase && !game.moves.is_empty() {
                    prop_assert_eq!(i.error_kind, Some(ErrorKind::LowercaseIdentifiers));
                }
            } else {
                prop_assert_eq!(i.status, Status::Error);
                prop_assert_eq!(i.error_kind, Some(ErrorKind::BoardSize));
            }
            // Read alone or inside a collection, a game gives the same facts.
            prop_assert_eq!(&row.replay, &row2.replay);
            prop_assert_eq!(i.status, row2.ingest.status);
        }
    }
}
