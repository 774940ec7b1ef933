//! Tests of the board and the replay, reading like Go: positions are drawn in ASCII
//! (`X` black, `O` white, `.` empty, top row first), points are SGF coordinates (`"cb"` is
//! column c, row b: x = 2, y = 1), and each scenario is named after the shape it exercises.
//! The seeded stress test checks every incremental structure against a flood-fill reference.

use super::board::{Board, MoveCheck, PlayOutcome};
use super::types::{Color, Point};
use super::zobrist::SplitMix64;

use Color::{Black, White};

/// SGF coordinates to a point: `"aa"` is the top-left corner.
fn pt(sgf: &str) -> Point {
    let b = sgf.as_bytes();
    assert_eq!(b.len(), 2, "{sgf:?}");
    Point::new(b[0] - b'a', b[1] - b'a')
}

fn board(diagram: &str) -> Board {
    let b = Board::from_ascii(diagram).unwrap();
    b.assert_consistent();
    b
}

/// Play and check the board stays consistent.
fn play(b: &mut Board, color: Color, at: &str) -> PlayOutcome {
    let p = pt(at);
    let checked = b.check(color, p);
    let out = b.play(color, p);
    b.assert_consistent();
    match checked {
        MoveCheck::Playable { captures } => assert_eq!((out.captured, out.suicided), (captures, 0)),
        MoveCheck::Suicide { stones } => assert_eq!((out.captured, out.suicided), (0, stones)),
        other => panic!("played a move classified {other:?}"),
    }
    out
}

fn assert_board(b: &Board, diagram: &str) {
    let want = Board::from_ascii(diagram).unwrap();
    assert_eq!(b, &want, "\nhave:\n{b}\nwant:\n{want}");
    assert_eq!(b.hash(), want.hash(), "same position, same hash");
}

// ---- board -----------------------------------------------------------------------------------

#[test]
fn ascii_round_trip_and_grid_order() {
    let diagram = "\
        . X O .
        X O . O
        . X O .
    ";
    let b = board(diagram);
    assert_eq!((b.width(), b.height()), (4, 3));
    assert_eq!(b.get(pt("ba")), Some(Black));
    assert_eq!(b.get(pt("ca")), Some(White));
    assert_eq!(b.get(pt("aa")), None);
    assert_eq!(b.get(pt("ea")), None, "off the board reads as empty");
    assert!(!b.contains(pt("ad")));
    let grid = b.to_grid();
    assert_eq!(grid.len(), 12);
    assert_eq!(grid[4], Some(Black), "index y * width + x: (0, 1)");
    assert_eq!(grid[7], Some(White), "(3, 1)");
    assert_eq!(Board::from_ascii(&b.to_string()).unwrap(), b);
    assert_eq!((b.stones(Black), b.stones(White)), (3, 4));
    assert!(Board::from_ascii("X O\nX").is_err());
    assert!(Board::from_ascii("X").is_err());
    assert!(Board::from_ascii("X ?").is_err());
}

#[test]
fn neighbours_stop_at_the_edge() {
    let b = Board::new(7, 11);
    assert_eq!(b.neighbors(pt("aa")).count(), 2);
    assert_eq!(b.neighbors(pt("ga")).count(), 2);
    assert_eq!(b.neighbors(pt("gk")).count(), 2);
    assert_eq!(b.neighbors(pt("ak")).count(), 2);
    assert_eq!(b.neighbors(pt("ae")).count(), 3);
    assert_eq!(b.neighbors(pt("de")).count(), 4);
    assert_eq!(b.neighbors(pt("he")).count(), 0, "off the board");
    assert_eq!(b.points().count(), 77);
}

#[test]
fn chains_and_liberties() {
    let b = board(
        "
        X X . O
        . X O O
        X . . .
        ",
    );
    assert_eq!(b.chain_len(pt("aa")), 3);
    assert_eq!(b.chain_liberties(pt("aa")), 3, "ca, ab, bc");
    assert_eq!(b.chain_root(pt("aa")), b.chain_root(pt("bb")));
    assert_ne!(b.chain_root(pt("aa")), b.chain_root(pt("ac")));
    assert_eq!(
        b.chain_liberty_points(pt("ba")),
        vec![pt("ca"), pt("ab"), pt("bc")]
    );
    let mut stones = b.chain_points(pt("db"));
    stones.sort_by_key(|p| (p.y, p.x));
    assert_eq!(stones, vec![pt("da"), pt("cb"), pt("db")]);
    assert_eq!(b.chain_liberties(pt("da")), 3, "ca, cc, dc");
    assert_eq!(b.chain_len(pt("ca")), 0, "empty point");
    assert_eq!(b.chain_liberties(pt("ca")), 0);
}

#[test]
fn capture_at_the_edge() {
    let mut b = board(
        "
        . X O X .
        . . . . .
        . . . . .
        ",
    );
    assert_eq!(
        b.check(Black, pt("cb")),
        MoveCheck::Playable { captures: 1 }
    );
    let out = play(&mut b, Black, "cb");
    assert_eq!(
        out,
        PlayOutcome {
            captured: 1,
            suicided: 0,
            ko_point: None
        }
    );
    assert_board(
        &b,
        "
        . X . X .
        . . X . .
        . . . . .
        ",
    );
    assert_eq!(b.chain_liberties(pt("cb")), 4);
    assert_eq!(b.chain_liberties(pt("ba")), 3);
}

#[test]
fn capture_in_the_corner() {
    let mut b = board(
        "
        O X .
        . . .
        . . .
        ",
    );
    let out = play(&mut b, Black, "ab");
    assert_eq!(out.captured, 1);
    assert_eq!(out.ko_point, None, "the capturing stone has two liberties");
    assert_board(
        &b,
        "
        . X .
        X . .
        . . .
        ",
    );
    assert_eq!((b.stones(Black), b.stones(White)), (2, 0));
}

#[test]
fn multi_stone_capture_by_a_stone_without_liberties() {
    // Black's stone on the corner point touches only white stones until they are removed.
    let mut b = board(
        "
        . O X .
        O O X .
        X X . .
        . . . .
        ",
    );
    assert_eq!(
        b.check(Black, pt("aa")),
        MoveCheck::Playable { captures: 3 }
    );
    let out = play(&mut b, Black, "aa");
    assert_eq!(
        out,
        PlayOutcome {
            captured: 3,
            suicided: 0,
            ko_point: None
        }
    );
    assert_board(
        &b,
        "
        X . X .
        . . X .
        X X . .
        . . . .
        ",
    );
    assert_eq!(b.chain_liberties(pt("aa")), 2);
    assert_eq!(b.chain_liberties(pt("ca")), 5, "ba, bb, da, db, cc");
}

#[test]
fn capture_of_three_chains_at_once() {
    let mut b = board(
        "
        X O X .
        . . O X
        X O X .
        . X . .
        ",
    );
    for lone in ["ba", "cb", "bc"] {
        assert_eq!(
            b.chain_liberty_points(pt(lone)),
            vec![pt("bb")],
            "{lone} in atari"
        );
    }
    let out = play(&mut b, Black, "bb");
    assert_eq!(
        out,
        PlayOutcome {
            captured: 3,
            suicided: 0,
            ko_point: None
        }
    );
    assert_board(
        &b,
        "
        X . X .
        . X . X
        X . X .
        . X . .
        ",
    );
    assert_eq!(b.chain_liberties(pt("bb")), 4);
    assert_eq!(b.chain_liberties(pt("aa")), 2);
}

#[test]
fn snapback() {
    let mut b = board(
        "
        . X O . .
        . X O . .
        O O . . .
        . . . . .
        ",
    );
    // White throws in at the corner: one stone in atari, Black's two stones in atari too.
    let throw_in = play(&mut b, White, "aa");
    assert_eq!(throw_in, PlayOutcome::default());
    assert_eq!(b.chain_liberties(pt("ba")), 1);
    // Black takes the throw-in, but the three black stones are left with one liberty …
    let take = play(&mut b, Black, "ab");
    assert_eq!(
        take,
        PlayOutcome {
            captured: 1,
            suicided: 0,
            ko_point: None
        }
    );
    assert_eq!(b.chain_liberties(pt("ab")), 1);
    // … and White captures them all on the same point: no ko.
    let snap = play(&mut b, White, "aa");
    assert_eq!(
        snap,
        PlayOutcome {
            captured: 3,
            suicided: 0,
            ko_point: None
        }
    );
    assert_board(
        &b,
        "
        O . O . .
        . . O . .
        O O . . .
        . . . . .
        ",
    );
}

#[test]
fn simple_ko_sets_the_ko_point() {
    let mut b = board(
        "
        . X O .
        X O . O
        . X O .
        ",
    );
    let take = play(&mut b, Black, "cb");
    assert_eq!(
        take,
        PlayOutcome {
            captured: 1,
            suicided: 0,
            ko_point: Some(pt("bb"))
        }
    );
    // The board itself allows the recapture (ko is the replay's business) and reports the
    // mirror ko point.
    let back = play(&mut b, White, "bb");
    assert_eq!(
        back,
        PlayOutcome {
            captured: 1,
            suicided: 0,
            ko_point: Some(pt("cb"))
        }
    );
    assert_board(
        &b,
        "
        . X O .
        X O . O
        . X O .
        ",
    );
}

#[test]
fn capturing_one_stone_with_a_connected_stone_is_not_ko() {
    let mut b = board(
        "
        . X O .
        X O . X
        . X X .
        ",
    );
    // cb takes bb but joins the black stones below and to the right.
    let out = play(&mut b, Black, "cb");
    assert_eq!(
        out,
        PlayOutcome {
            captured: 1,
            suicided: 0,
            ko_point: None
        }
    );
    assert_eq!(b.chain_len(pt("cb")), 4);
}

#[test]
fn single_stone_suicide_leaves_the_board_unchanged() {
    let mut b = board(
        "
        . O .
        O . .
        . . .
        ",
    );
    let before = b.clone();
    assert_eq!(b.check(Black, pt("aa")), MoveCheck::Suicide { stones: 1 });
    assert!(b.check(Black, pt("aa")).is_single_stone_suicide());
    assert!(b.would_be_suicide(Black, pt("aa")));
    assert!(
        !b.would_be_suicide(White, pt("aa")),
        "filling one's own eye is no suicide"
    );
    let out = play(&mut b, Black, "aa");
    assert_eq!(
        out,
        PlayOutcome {
            captured: 0,
            suicided: 1,
            ko_point: None
        }
    );
    assert_eq!(b, before);
    assert_eq!(b.hash(), before.hash());
    assert_eq!(b.chain_liberties(pt("ba")), 3);
}

#[test]
fn multi_stone_suicide_removes_the_chain() {
    let mut b = board(
        "
        . X O .
        O O . .
        . . . .
        ",
    );
    let check = b.check(Black, pt("aa"));
    assert_eq!(check, MoveCheck::Suicide { stones: 2 });
    assert!(check.is_multi_stone_suicide());
    let out = play(&mut b, Black, "aa");
    assert_eq!(
        out,
        PlayOutcome {
            captured: 0,
            suicided: 2,
            ko_point: None
        }
    );
    assert_board(
        &b,
        "
        . . O .
        O O . .
        . . . .
        ",
    );
    assert_eq!(b.chain_liberties(pt("ab")), 5, "aa, ba, cb, ac, bc");
}

#[test]
fn capture_beats_suicide() {
    // On the corner point Black has no liberty of its own but captures first; White, filling
    // its own last liberty there, commits a three-stone suicide.
    let mut b = board(
        "
        . O X
        O X .
        X . .
        ",
    );
    assert_eq!(
        b.check(Black, pt("aa")),
        MoveCheck::Playable { captures: 2 }
    );
    assert_eq!(b.check(White, pt("aa")), MoveCheck::Suicide { stones: 3 });
    let mut w = b.clone();
    let out = play(&mut b, Black, "aa");
    assert_eq!(
        out,
        PlayOutcome {
            captured: 2,
            suicided: 0,
            ko_point: None
        }
    );
    assert_eq!(b.chain_liberties(pt("aa")), 2);
    let out = play(&mut w, White, "aa");
    assert_eq!(
        out,
        PlayOutcome {
            captured: 0,
            suicided: 3,
            ko_point: None
        }
    );
    assert_board(
        &w,
        "
        . . X
        . X .
        X . .
        ",
    );
}

#[test]
fn occupied_and_off_board_checks() {
    let b = board("X .\n. .");
    assert_eq!(b.check(White, pt("aa")), MoveCheck::Occupied);
    assert_eq!(b.check(White, pt("ca")), MoveCheck::OffBoard);
    assert_eq!(b.would_capture(White, pt("aa")), 0);
    assert!(b.is_occupied(pt("aa")));
    assert!(!b.is_occupied(pt("zz")));
}

#[test]
fn setup_keeps_chains_exact() {
    let mut b = board(
        "
        . . . . .
        X X X X X
        . . . . .
        ",
    );
    assert_eq!(b.chain_len(pt("ab")), 5);
    // Remove the middle stone: the chain splits in two.
    b.set_stone(pt("cb"), None);
    b.assert_consistent();
    assert_eq!(b.chain_len(pt("ab")), 2);
    assert_eq!(b.chain_len(pt("db")), 2);
    assert_eq!(b.chain_liberties(pt("ab")), 5);
    // Replace it by a white stone: setup never captures, even a chain without liberties.
    b.set_stone(pt("cb"), Some(White));
    b.set_stone(pt("ca"), Some(Black));
    b.set_stone(pt("cc"), Some(Black));
    b.assert_consistent();
    assert_eq!(b.chain_liberties(pt("cb")), 0);
    assert_eq!(b.get(pt("cb")), Some(White));
    // Setting what is already there changes nothing.
    let before = b.clone();
    b.set_stone(pt("cb"), Some(White));
    b.set_stone(pt("aa"), None);
    assert_eq!(b, before);
    assert_eq!(b.hash(), before.hash());
    // Clearing everything gives the empty board and hash 0.
    for p in b.points().collect::<Vec<_>>() {
        b.set_stone(p, None);
        b.assert_consistent();
    }
    assert_eq!(b.hash(), 0);
    assert_eq!(b, Board::new(5, 3));
}

/// Setup applied at once (`Board::set_stones`) gives the position of the same changes made
/// one by one: the last change of a point counts, chains and liberties exact, the hash the
/// same; points off the board ignored. Random change lists on random boards, stones added,
/// taken off and recoloured, on boards up to 25×25.
#[test]
fn setup_at_once_equals_setup_point_by_point() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    for round in 0..400 {
        let (w, h) = (2 + next(24) as u8, 2 + next(24) as u8);
        let mut one_by_one = Board::new(w, h);
        let mut at_once = Board::new(w, h);
        for _ in 0..4 {
            let changes: Vec<(Point, Option<Color>)> = (0..next(3 * u64::from(w) * u64::from(h)))
                .map(|_| {
                    // now and then a point just off the board
                    let p = Point::new(next(u64::from(w) + 1) as u8, next(u64::from(h)) as u8);
                    let stone = [None, Some(Black), Some(White)][next(3) as usize];
                    (p, stone)
                })
                .collect();
            let mut changed = false;
            for &(p, stone) in &changes {
                if one_by_one.contains(p) && one_by_one.get(p) != stone {
                    one_by_one.set_stone(p, stone);
                    changed = true;
                }
            }
            assert_eq!(at_once.set_stones(changes), changed, "round {round}");
            at_once.assert_consistent();
            assert_eq!(at_once, one_by_one, "round {round}");
            assert_eq!(at_once.hash(), one_by_one.hash(), "round {round}");
            for p in at_once.points().collect::<Vec<_>>() {
                if at_once.is_occupied(p) {
                    assert_eq!(at_once.chain_len(p), one_by_one.chain_len(p));
                    assert_eq!(at_once.chain_liberties(p), one_by_one.chain_liberties(p));
                }
            }
        }
    }
}

#[test]
fn hash_depends_on_position_not_history() {
    let mut a = Board::new(9, 9);
    let mut b = Board::new(9, 9);
    a.play(Black, pt("cc"));
    a.play(White, pt("gg"));
    b.play(White, pt("gg"));
    b.play(Black, pt("cc"));
    assert_eq!(a.hash(), b.hash());
    let mut c = Board::new(9, 9);
    c.set_stone(pt("gg"), Some(White));
    c.set_stone(pt("cc"), Some(Black));
    assert_eq!(a.hash(), c.hash());
    c.set_stone(pt("gg"), Some(Black));
    assert_ne!(a.hash(), c.hash());
}

#[test]
fn largest_board_corners() {
    let mut b = Board::new(25, 25);
    for p in [pt("aa"), pt("ya"), pt("ay"), pt("yy")] {
        assert_eq!(b.check(Black, p), MoveCheck::Playable { captures: 0 });
        b.play(Black, p);
        assert_eq!(b.chain_liberties(p), 2);
    }
    b.assert_consistent();
    let small = Board::new(2, 2);
    assert_eq!(small.points().count(), 4);
}

/// Random tolerant play (captures, suicides, ko) with occasional setup edits, checking every
/// structure after every move against the flood-fill reference, and `check` against `play`.
fn stress(width: u8, height: u8, total_moves: u32, seed: u64) {
    let mut rng = SplitMix64::new(seed);
    let area = u32::from(width) * u32::from(height);
    let mut moves = 0;
    let mut empties: Vec<Point> = Vec::new();
    while moves < total_moves {
        let mut b = Board::new(width, height);
        let mut to_move = Black;
        for _ in 0..area * 4 {
            if moves >= total_moves {
                break;
            }
            if rng.chance(1, 40) {
                let p = Point::new(
                    rng.below(width.into()) as u8,
                    rng.below(height.into()) as u8,
                );
                let stone = [None, Some(Black), Some(White)][rng.below(3) as usize];
                b.set_stone(p, stone);
                assert_eq!(b.get(p), stone);
                b.assert_consistent();
                continue;
            }
            empties.clear();
            empties.extend(b.points().filter(|&p| !b.is_occupied(p)));
            if empties.is_empty() {
                break;
            }
            let p = empties[rng.below(empties.len() as u32) as usize];
            let color = if rng.chance(1, 10) {
                to_move.opposite()
            } else {
                to_move
            };
            let checked = b.check(color, p);
            // Single-stone suicides change nothing; play most of them anyway, skip a few.
            if checked.is_single_stone_suicide() && rng.chance(1, 2) {
                continue;
            }
            let before = b.clone();
            let out = b.play(color, p);
            moves += 1;
            to_move = color.opposite();
            match checked {
                MoveCheck::Playable { captures } => {
                    assert_eq!((out.captured, out.suicided), (captures, 0));
                    assert_eq!(b.get(p), Some(color));
                }
                MoveCheck::Suicide { stones } => {
                    assert_eq!((out.captured, out.suicided), (0, stones));
                    assert_eq!(b.get(p), None);
                }
                other => panic!("{other:?} on an empty point"),
            }
            assert_eq!(b.stones(color), before.stones(color) + 1 - out.suicided);
            assert_eq!(
                b.stones(color.opposite()),
                before.stones(color.opposite()) - out.captured
            );
            if let Some(k) = out.ko_point {
                assert_eq!(out.captured, 1);
                assert_eq!(b.get(k), None);
                assert_eq!(b.chain_len(p), 1);
                assert_eq!(b.chain_liberty_points(p), vec![k]);
                // The recapture takes the ko stone, maybe more.
                let back = b.check(color.opposite(), k);
                assert!(matches!(back, MoveCheck::Playable { captures } if captures >= 1));
            }
            if out.suicided == 1 {
                assert_eq!(b, before);
                assert_eq!(b.hash(), before.hash());
            }
            b.assert_consistent();
        }
    }
}

fn stress_moves() -> u32 {
    if cfg!(debug_assertions) {
        4_000
    } else {
        30_000
    }
}

#[test]
fn stress_9x9() {
    stress(9, 9, stress_moves(), 9);
}

#[test]
fn stress_13x13() {
    stress(13, 13, stress_moves(), 13);
}

#[test]
fn stress_19x19() {
    stress(19, 19, stress_moves(), 19);
}

#[test]
fn stress_7x11() {
    stress(7, 11, stress_moves(), 711);
}

#[test]
fn stress_small_boards() {
    for (w, h) in [(2, 2), (2, 3), (3, 3), (25, 2), (25, 25)] {
        stress(w, h, stress_moves() / 10, u64::from(w) * 100 + u64::from(h));
    }
}

// ---- replay ----------------------------------------------------------------------------------

use super::replay::{Event, ReplayReport, Replayer, Violation};
use super::ruleset::RulesetId;
use super::types::Move;

/// Setup events for every stone of `diagram`, then the events of `record`: whitespace-separated
/// SGF-like tokens `B[cb]`, `W[]` (pass), `AB[aa]`, `AW[aa]`, `AE[aa]`.
fn events(diagram: &str, record: &str) -> (u8, u8, Vec<Event>) {
    let start = Board::from_ascii(diagram).unwrap();
    let mut out: Vec<Event> = start
        .points()
        .filter_map(|p| {
            start.get(p).map(|c| Event::Setup {
                point: p,
                stone: Some(c),
            })
        })
        .collect();
    for token in record.split_whitespace() {
        let (prop, value) = token.trim_end_matches(']').split_once('[').unwrap();
        let point = || pt(value);
        out.push(match prop {
            "B" | "W" => Event::Move {
                color: if prop == "B" { Black } else { White },
                mv: if value.is_empty() {
                    Move::Pass
                } else {
                    Move::Play(point())
                },
            },
            "AB" => Event::Setup {
                point: point(),
                stone: Some(Black),
            },
            "AW" => Event::Setup {
                point: point(),
                stone: Some(White),
            },
            "AE" => Event::Setup {
                point: point(),
                stone: None,
            },
            other => panic!("unknown token {other}"),
        });
    }
    (start.width(), start.height(), out)
}

fn run(diagram: &str, record: &str) -> ReplayReport {
    let (w, h, evs) = events(diagram, record);
    let report = Replayer::new().replay(w, h, &evs);
    report.board.assert_consistent();
    assert_eq!(
        report.final_hash,
        super::zobrist::final_position_hash(report.board.hash(), w, h)
    );
    report
}

/// The seven verdicts in one line: `chinese=superko@3 japanese=ok …`.
fn verdicts(r: &ReplayReport) -> String {
    RulesetId::ALL
        .iter()
        .map(|&id| {
            let v = r.verdict(id);
            match (v.kind, v.first_illegal_move) {
                (Some(kind), Some(n)) => {
                    assert!(!v.legal);
                    format!("{id}={kind}@{n}")
                }
                _ => {
                    assert!(v.legal && v.kind.is_none() && v.first_illegal_move.is_none());
                    format!("{id}=ok")
                }
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

const ALL_LEGAL: &str = "chinese=ok japanese=ok korean=ok ing=ok aga=ok nz=ok tromp_taylor=ok";

const KO: &str = "
    . X O . . .
    X O . O . .
    . X O . . .
    . . . . . .
";

#[test]
fn violation_names() {
    let names = [
        Violation::Occupied,
        Violation::Suicide,
        Violation::Ko,
        Violation::Superko,
        Violation::OffBoard,
    ]
    .map(|v| v.name());
    assert_eq!(names, ["occupied", "suicide", "ko", "superko", "off_board"]);
}

#[test]
fn simple_ko_immediate_recapture_is_illegal_everywhere() {
    let r = run(KO, "B[cb] W[bb]");
    assert_eq!(
        verdicts(&r),
        "chinese=ko@2 japanese=ko@2 korean=ko@2 ing=ko@2 aga=ko@2 nz=ko@2 tromp_taylor=ko@2"
    );
    assert!(
        !r.repetition,
        "a ko recapture is a ko violation, not a repetition"
    );
    assert_eq!((r.captures_by_black, r.captures_by_white), (1, 1));
    assert_board(&r.board, KO);
}

/// Black plays elsewhere, then takes the ko (two black moves in a row), and White retakes at
/// once. Simple ko forbids the retake; situational superko (AGA, New Zealand, RULES.md §1:
/// no earlier position with the same player to move) does not: the position it repeats,
/// after Black's first move, had White to move then and Black now (the player to move after
/// a move is its mover's opponent, whatever the record plays next). The positional rulesets
/// name the repeat `ko`. `benches/replay_referee.py` reads the rules the same way.
#[test]
fn a_ko_retaken_at_once_after_two_moves_of_one_colour_repeats_no_situation() {
    let r = run(KO, "B[fd] B[cb] W[bb]");
    assert_eq!(r.same_color_moves, 1);
    assert_eq!(
        verdicts(&r),
        "chinese=ko@3 japanese=ko@3 korean=ko@3 ing=ko@3 aga=ok nz=ok tromp_taylor=ko@3"
    );
}

#[test]
fn ko_retaken_after_a_threat_is_legal() {
    let r = run(KO, "B[cb] W[fd] B[fc] W[bb] B[ec] W[ed] B[cb]");
    assert_eq!(verdicts(&r), ALL_LEGAL);
    assert!(!r.repetition);
    assert_eq!((r.captures_by_black, r.captures_by_white), (2, 1));
}

#[test]
fn ko_rule_binds_only_the_next_move() {
    // Black takes, White passes, Black plays elsewhere: White may retake.
    let r = run(KO, "B[cb] W[] B[fd] W[bb]");
    assert_eq!(verdicts(&r), ALL_LEGAL);
    // Black takes and then fills the ko point himself (two black moves): no ko violation.
    let r = run(KO, "B[cb] B[bb]");
    assert_eq!(verdicts(&r), ALL_LEGAL);
    assert_eq!(r.same_color_moves, 1);
}

/// Black takes the ko, both pass, White retakes: the position before Black's capture comes
/// back, which the superko rules forbid, but the game had ended between: no cycle neither
/// side leaves, no "no result" under Japanese or Korean rules (one pass inside a triple-ko
/// cycle still is one, see `triple_ko_with_a_pass_is_positional_not_situational`).
#[test]
fn a_ko_retaken_after_passes_is_no_repetition() {
    let r = run(KO, "B[cb] W[] B[] W[bb]");
    assert!(!r.repetition);
    assert_eq!(
        verdicts(&r),
        "chinese=superko@4 japanese=ok korean=ok ing=superko@4 aga=superko@4 nz=superko@4 \
         tromp_taylor=superko@4"
    );
}

#[test]
fn retaking_a_ko_that_captures_more_is_not_a_ko_recapture() {
    // Only setup can make this: Black's ba has no liberty until Black takes the ko on cb.
    // White's retake on bb then captures two stones (cb and ba): a new position, legal.
    let diagram = "
        O X O .
        X O . O
        . X O .
    ";
    let r = run(diagram, "B[cb] W[bb]");
    assert_eq!((r.captures_by_black, r.captures_by_white), (1, 2));
    assert_eq!(verdicts(&r), ALL_LEGAL);
    assert!(!r.repetition);
}

/// Three kos: the first and third held by White (Black can take), the middle one by Black.
const TRIPLE_KO: &str = "
    . X O .
    X O . O
    . X O .
    . . . .
    . X O .
    X . X O
    . X O .
    . . . .
    . X O .
    X O . O
    . X O .
";

#[test]
fn triple_ko_superko_and_japanese_repetition() {
    // Each player takes a ko in turn; after six captures the starting position is back with
    // Black to move, as at the start: both superkos forbid the sixth capture, Japanese and
    // Korean rules allow it and call the game a repetition (no result).
    let cycle = "B[cb] W[bf] B[cj] W[bb] B[cf] W[bj]";
    let r = run(TRIPLE_KO, cycle);
    assert_eq!(
        verdicts(&r),
        "chinese=superko@6 japanese=ok korean=ok ing=superko@6 aga=superko@6 nz=superko@6 \
         tromp_taylor=superko@6"
    );
    assert!(r.repetition);
    assert_board(&r.board, TRIPLE_KO);
    assert_eq!((r.captures_by_black, r.captures_by_white), (3, 3));
    // A second lap changes nothing: only the first violation counts.
    let r2 = run(TRIPLE_KO, &format!("{cycle} {cycle}"));
    assert_eq!(verdicts(&r2), verdicts(&r));
    assert_eq!(r2.move_count, 12);
}

#[test]
fn triple_ko_with_a_pass_is_positional_not_situational() {
    // With one Black pass in the cycle the start position returns after Black's move, with
    // White to move; at the start Black was to move. Positional superko forbids it,
    // situational superko does not — until White passes and Black starts the cycle again,
    // recreating the position after move 1 with White to move again.
    let r = run(TRIPLE_KO, "B[cb] W[bf] B[cj] W[bb] B[] W[bj] B[cf]");
    assert_eq!(
        verdicts(&r),
        "chinese=superko@7 japanese=ok korean=ok ing=superko@7 aga=ok nz=ok \
         tromp_taylor=superko@7"
    );
    assert!(r.repetition);
    assert_board(&r.board, TRIPLE_KO);
    let r = run(
        TRIPLE_KO,
        "B[cb] W[bf] B[cj] W[bb] B[] W[bj] B[cf] W[] B[cb]",
    );
    assert_eq!(
        verdicts(&r),
        "chinese=superko@7 japanese=ok korean=ok ing=superko@7 aga=superko@9 nz=superko@9 \
         tromp_taylor=superko@7"
    );
}

const SEND_TWO: &str = "
    . X . X .
    O O X . .
    . . . . .
";

#[test]
fn sending_two_returning_one() {
    // Black throws in on aa (two stones in atari), White takes two on ca, Black takes the one
    // back on ba: the starting position, now with White to move. Positional superko only.
    let r = run(SEND_TWO, "B[aa] W[ca] B[ba]");
    assert_eq!(
        verdicts(&r),
        "chinese=superko@3 japanese=ok korean=ok ing=superko@3 aga=ok nz=ok \
         tromp_taylor=superko@3"
    );
    assert!(r.repetition);
    assert_eq!((r.captures_by_black, r.captures_by_white), (1, 2));
    assert_board(&r.board, SEND_TWO);
    // White passes and Black sends two again: the position after move 1 with White to move,
    // a situational repeat as well.
    let r = run(SEND_TWO, "B[aa] W[ca] B[ba] W[] B[aa]");
    assert_eq!(
        verdicts(&r),
        "chinese=superko@3 japanese=ok korean=ok ing=superko@3 aga=superko@5 nz=superko@5 \
         tromp_taylor=superko@3"
    );
}

#[test]
fn single_stone_suicide_is_illegal_everywhere() {
    let eye = "
        . O .
        O . .
        . . .
    ";
    let r = run(eye, "B[aa]");
    assert_eq!(
        verdicts(&r),
        "chinese=suicide@1 japanese=suicide@1 korean=suicide@1 ing=suicide@1 aga=suicide@1 \
         nz=suicide@1 tromp_taylor=suicide@1"
    );
    assert_board(&r.board, eye);
    assert_eq!(
        r.captures_by_white, 1,
        "the suicided stone is credited to White"
    );
    assert_eq!(r.last_mover, Some(Black));
    assert!(!r.repetition);
}

#[test]
fn multi_stone_suicide_depends_on_the_ruleset() {
    let r = run(
        "
        . X O .
        O O . .
        . . . .
        ",
        "B[aa]",
    );
    assert_eq!(
        verdicts(&r),
        "chinese=suicide@1 japanese=suicide@1 korean=suicide@1 ing=ok aga=suicide@1 nz=ok \
         tromp_taylor=ok"
    );
    assert_board(
        &r.board,
        "
        . . O .
        O O . .
        . . . .
        ",
    );
    assert_eq!((r.captures_by_black, r.captures_by_white), (0, 2));
}

#[test]
fn multi_stone_suicide_that_repeats_a_position() {
    // Black adds ba (one liberty left, on aa), White passes, Black commits a two-stone
    // suicide on aa: the start position again, now with White to move. Rulesets that forbid
    // suicide say so; Ing and Tromp-Taylor allow the suicide but not the repeat; New Zealand
    // (situational: Black was to move at the start) allows both.
    let start = "
        . . O .
        O O . .
        . . . .
    ";
    let r = run(start, "B[ba] W[] B[aa]");
    assert_eq!(
        verdicts(&r),
        "chinese=suicide@3 japanese=suicide@3 korean=suicide@3 ing=superko@3 aga=suicide@3 \
         nz=ok tromp_taylor=superko@3"
    );
    assert_board(&r.board, start);
    assert_eq!(r.captures_by_white, 2);
    // no cycle of the rules that call one no result: Japanese and Korean forbid the suicide
    assert!(!r.repetition);
}

#[test]
fn occupied_point_is_skipped() {
    let r = run("X . .\n. . .\n. . .", "W[aa] B[bb] W[cc]");
    assert_eq!(
        verdicts(&r),
        "chinese=occupied@1 japanese=occupied@1 korean=occupied@1 ing=occupied@1 \
         aga=occupied@1 nz=occupied@1 tromp_taylor=occupied@1"
    );
    assert_board(&r.board, "X . .\n. X .\n. . O");
    assert_eq!(
        (r.black_moves, r.white_moves),
        (1, 1),
        "a move on an occupied point places no stone: not one of White's plays"
    );
    assert_eq!(r.last_mover, Some(White));
}

#[test]
fn off_board_point_is_a_pass() {
    let r = run("X . .\n. . .\n. . .", "B[bb] W[dd] B[cc] AB[zz]");
    assert_eq!(
        verdicts(&r),
        "chinese=off_board@2 japanese=off_board@2 korean=off_board@2 ing=off_board@2 \
         aga=off_board@2 nz=off_board@2 tromp_taylor=off_board@2"
    );
    assert_board(&r.board, "X . .\n. X .\n. . X");
    assert_eq!(r.white_moves, 0, "an off-board move places no stone");
    assert_eq!(r.white_passes, 0);
    assert_eq!(r.same_color_moves, 0);
    assert_eq!(r.setup_off_board, 1);
    assert_eq!(r.last_mover, Some(Black));
}

#[test]
fn first_violation_wins() {
    // Occupied at move 2, then a single-stone suicide at 4: every ruleset keeps move 2.
    let r = run(". O .\nO . .\n. . .", "B[cc] W[cc] B[bb] W[] B[aa]");
    assert_eq!(
        verdicts(&r),
        "chinese=occupied@2 japanese=occupied@2 korean=occupied@2 ing=occupied@2 \
         aga=occupied@2 nz=occupied@2 tromp_taylor=occupied@2"
    );
}

#[test]
fn setup_mid_game_starts_a_new_history() {
    // Black plays, the stone is removed by setup, Black plays it again: the position after
    // move 1 is not remembered across the edit.
    let r = run(". . .\n. . .\n. . .", "B[bb] AE[bb] B[bb]");
    assert_eq!(verdicts(&r), ALL_LEGAL);
    assert_eq!(r.move_count, 2);
    assert_eq!(r.same_color_moves, 1);
    // The ko point does not survive an edit either.
    let r = run(KO, "B[cb] AB[fd] W[bb]");
    assert_eq!(verdicts(&r), ALL_LEGAL);
    // A setup that changes nothing is no edit: the recapture stays illegal.
    let r = run(KO, "B[cb] AB[cb] AE[fd] W[bb]");
    assert_eq!(verdicts(&r).split(' ').nth(1), Some("japanese=ko@2"));
    // Removing a stone and putting it back is an edit (each event changed the board), even
    // though the position is the same afterwards.
    let r = run(KO, "B[cb] AE[cb] AB[cb] W[bb]");
    assert_eq!(verdicts(&r), ALL_LEGAL);
}

#[test]
fn passes_and_move_counts() {
    let r = run(
        ". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .",
        "AB[bb] AB[dd] W[cc] B[bd] B[db] W[] B[] W[cb] B[ca] W[] B[]",
    );
    assert_eq!(r.move_count, 9, "setup events are not moves");
    assert_eq!((r.black_moves, r.white_moves), (3, 2));
    assert_eq!((r.black_passes, r.white_passes), (2, 2));
    // the last stone is B[ca]: the closing W[] B[] are not mid-game passes
    assert_eq!((r.black_midgame_passes, r.white_midgame_passes), (1, 1));
    assert_eq!(r.same_color_moves, 1);
    assert_eq!(r.moves_after_two_passes, 2, "cb and ca after W[] B[]");
    assert!(r.ended_by_passes);
    assert_eq!(r.last_mover, Some(Black));
    assert_eq!(verdicts(&r), ALL_LEGAL);

    let r = run(". .\n. .", "B[] W[aa]");
    assert!(!r.ended_by_passes);
    assert_eq!((r.black_midgame_passes, r.white_midgame_passes), (1, 0));
    assert_eq!(r.moves_after_two_passes, 0);
    let r = run(". .\n. .", "");
    assert_eq!(r.move_count, 0);
    assert_eq!(r.last_mover, None);
    assert!(!r.ended_by_passes);
    assert_eq!(verdicts(&r), ALL_LEGAL);
}

#[test]
fn handicap_as_consecutive_black_moves() {
    let r = run(
        ". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .",
        "B[bb] B[dd] W[cc]",
    );
    assert_eq!(r.same_color_moves, 1);
    assert_eq!(verdicts(&r), ALL_LEGAL);
}

#[test]
fn game_hash_identifies_records() {
    let empty = ". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .";
    let a = run(empty, "B[bb] W[dd] B[cc]");
    assert_eq!(a.game_hash, run(empty, "B[bb] W[dd] B[cc]").game_hash);
    assert_ne!(a.game_hash, run(empty, "B[cc] W[dd] B[bb]").game_hash);
    assert_eq!(a.final_hash, run(empty, "B[cc] W[dd] B[bb]").final_hash);
    assert_ne!(
        a.game_hash,
        run(empty, "AB[aa] B[bb] W[dd] B[cc]").game_hash
    );
    assert_ne!(a.game_hash, run(empty, "B[bb] W[dd] B[cc] W[]").game_hash);
    let six = ". . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .";
    assert_ne!(a.game_hash, run(six, "B[bb] W[dd] B[cc]").game_hash);
    // the same stones on another board are another final position, as two empty boards are
    assert_ne!(a.final_hash, run(six, "B[bb] W[dd] B[cc]").final_hash);
    assert_ne!(run(empty, "").final_hash, run(six, "").final_hash);
}

/// A straightforward replay with exact position comparison (no hashing, linear history
/// search), implementing the documented semantics independently of `Replayer`'s table.
fn reference_replay(
    width: u8,
    height: u8,
    events: &[Event],
) -> ([Option<(Violation, u32)>; 7], bool) {
    use super::ruleset::{KoRule, Ruleset, SuicideRule};
    let rules = Ruleset::all();
    let mut board = Board::new(width, height);
    let mut first: [Option<(Violation, u32)>; 7] = [None; 7];
    // each position with the side to move and the pairs of consecutive passes before it
    let mut history: Vec<(Vec<Option<Color>>, Color, u32)> = Vec::new();
    let (mut consecutive_passes, mut endings) = (0, 0);
    let mut fresh = true;
    let mut ko: Option<(Point, Color)> = None;
    let mut repetition = false;
    let mut n = 0;
    for &ev in events {
        match ev {
            Event::Setup { point, stone } => {
                if board.contains(point) && board.get(point) != stone {
                    board.set_stone(point, stone);
                    fresh = true;
                    ko = None;
                }
            }
            Event::Move { color, mv } => {
                n += 1;
                if fresh {
                    history.clear();
                    history.push((board.to_grid(), color, endings));
                    fresh = false;
                }
                if mv == Move::Pass {
                    consecutive_passes += 1;
                    if consecutive_passes == 2 {
                        endings += 1;
                    }
                } else {
                    consecutive_passes = 0;
                }
                let ko_before = ko.take();
                let mut flag = |i: usize, v: Violation| {
                    if first[i].is_none() {
                        first[i] = Some((v, n));
                    }
                };
                let target = match mv {
                    Move::Play(p) if !board.contains(p) => {
                        (0..7).for_each(|i| flag(i, Violation::OffBoard));
                        None
                    }
                    Move::Play(p) if board.get(p).is_some() => {
                        (0..7).for_each(|i| flag(i, Violation::Occupied));
                        None
                    }
                    Move::Play(p) => Some(p),
                    Move::Pass => None,
                };
                let Some(p) = target else {
                    history.push((board.to_grid(), color.opposite(), endings));
                    continue;
                };
                let out = board.play(color, p);
                ko = out.ko_point.map(|k| (k, color));
                let grid = board.to_grid();
                let last = history.iter().rev().find(|(g, _, _)| *g == grid);
                let seen = last.is_some();
                let no_ending_since = last.is_some_and(|(_, _, e)| *e == endings);
                let seen_side = history
                    .iter()
                    .any(|(g, s, _)| *g == grid && *s == color.opposite());
                history.push((grid, color.opposite(), endings));
                let recapture = ko_before == Some((p, color.opposite())) && out.captured == 1;
                if seen && no_ending_since && out.suicided == 0 && !recapture {
                    repetition = true;
                }
                for (i, r) in rules.iter().enumerate() {
                    if out.suicided == 1 || (out.suicided > 1 && r.suicide == SuicideRule::Illegal)
                    {
                        flag(i, Violation::Suicide);
                    } else if r.ko == KoRule::Simple && recapture {
                        flag(i, Violation::Ko);
                    } else if (r.ko == KoRule::PositionalSuperko && seen)
                        || (r.ko == KoRule::SituationalSuperko && seen_side)
                    {
                        flag(
                            i,
                            if recapture {
                                Violation::Ko
                            } else {
                                Violation::Superko
                            },
                        );
                    }
                }
            }
        }
    }
    (first, repetition)
}

#[test]
fn replay_agrees_with_a_reference_on_random_games() {
    let mut rng = SplitMix64::new(2024);
    let mut replayer = Replayer::new();
    let games = if cfg!(debug_assertions) { 60 } else { 600 };
    let mut violations = [0u32; 5];
    let mut repetitions = 0;
    for g in 0..games {
        let (w, h) = [(3, 3), (4, 4), (5, 5), (3, 5), (2, 2), (4, 3)][g % 6];
        let len = [20, 80, 300, 1500][rng.below(4) as usize];
        let mut board = Board::new(w, h);
        let mut evs = Vec::new();
        let mut color = Black;
        let mut last_ko = None;
        let clean = (g / 6) % 2 == 1;
        for _ in 0..len {
            let roll = rng.below(100);
            if roll < 2 {
                let p = Point::new(rng.below(w.into()) as u8, rng.below(h.into()) as u8);
                let stone = [None, Some(Black), Some(White)][rng.below(3) as usize];
                evs.push(Event::Setup { point: p, stone });
                board.set_stone(p, stone);
                last_ko = None;
                continue;
            }
            if rng.chance(1, 12) {
                color = color.opposite();
            }
            let mv = if let (Some(k), true) = (last_ko, rng.chance(1, 2)) {
                // The immediate recapture of a ko: the most common illegal move in real records.
                Move::Play(k)
            } else if roll < 8 {
                Move::Pass
            } else if roll < 9 && !clean {
                Move::Play(Point::new(w + rng.below(3) as u8, 0))
            } else {
                let p = Point::new(rng.below(w.into()) as u8, rng.below(h.into()) as u8);
                // Mostly empty points, sometimes occupied ones.
                if board.is_occupied(p) && (clean || rng.chance(9, 10)) {
                    match board.points().find(|&q| !board.is_occupied(q)) {
                        Some(q) => Move::Play(q),
                        None => Move::Pass,
                    }
                } else {
                    Move::Play(p)
                }
            };
            let mv = match mv {
                // Clean games avoid the violations that would hide ko and superko.
                Move::Play(p) if clean && board.check(color, p).is_single_stone_suicide() => {
                    Move::Pass
                }
                mv => mv,
            };
            last_ko = None;
            if let Move::Play(p) = mv {
                if board.contains(p) && !board.is_occupied(p) {
                    last_ko = board.play(color, p).ko_point;
                }
            }
            evs.push(Event::Move { color, mv });
            color = color.opposite();
        }
        let report = replayer.replay(w, h, &evs);
        report.board.assert_consistent();
        assert_eq!(report.board, board, "game {g}");
        let (want, want_repetition) = reference_replay(w, h, &evs);
        for (i, id) in RulesetId::ALL.iter().enumerate() {
            let v = report.verdict(*id);
            assert_eq!(
                v.kind.zip(v.first_illegal_move),
                want[i],
                "game {g} ({w}x{h}, {} events) under {id}",
                evs.len()
            );
            if let Some((kind, _)) = want[i] {
                violations[kind as usize] += 1;
            }
        }
        assert_eq!(report.repetition, want_repetition, "game {g}");
        repetitions += u32::from(want_repetition);
    }
    // The random games exercise every kind of violation and repetitions.
    assert!(violations.iter().all(|&n| n > 0), "{violations:?}");
    assert!(repetitions > 0);
}
