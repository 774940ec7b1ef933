//! Ruleset scenarios: seki, bent four, dame, teire, the Chinese stone count, Ing's tie, the
//! handicap bonus, divergence causes and record agreement, each drawn as an ASCII board with
//! its score under every ruleset; the seeded property test of RULES.md §3 and a stress test
//! of arbitrary setups.

use super::*;

/// Seki with one eye each and one shared liberty, between an inner black group (left, eye at
/// the top) and an inner white group (right), inside the outer walls.
const SEKI_WITH_EYES: &str = "
    . O X . X . O . O X .
    . O X X X X O O O X .
    . O O O O O X X X X .
    . . . . . O X . . . .
    . . . . . O X . . . .
";

#[test]
fn seki_with_eyes_japanese_vs_chinese() {
    let r = game(SEKI_WITH_EYES).score();
    assert_eq!(r.dead_source, DeadSource::Estimated);
    assert!(
        r.dead_stones.is_empty(),
        "nothing dies in a seki: {:?}",
        r.dead_stones
    );
    assert_eq!(r.seki_stones.len(), 11, "both inner groups are in seki");
    assert_eq!(r.seki_points, 3, "two seki eyes and one shared liberty");
    // territory counting: the seki eyes score nothing
    assert_eq!((r.black_territory, r.white_territory), (11, 13));
    // area counting: the eyes count for their owners
    assert_eq!(
        (r.black_area, r.white_area),
        (8 + 6 + 11 + 1, 9 + 5 + 13 + 1)
    );
    assert_eq!(margin(&r, RulesetId::Japanese), 11.0 - 13.0 - 6.5);
    assert_eq!(margin(&r, RulesetId::Chinese), 26.0 - 28.0 - 7.5);
    let eye = |x: usize, y: usize| r.ownership[y * 11 + x];
    assert_eq!(eye(3, 0), PointOwner::BlackSekiEye);
    assert_eq!(eye(7, 0), PointOwner::WhiteSekiEye);
    assert_eq!(eye(5, 0), PointOwner::SekiShared);
}

/// A lone black stone in seki in the corner (top row, fourth point) shares its eye (fifth
/// point) with a black group whose only other eye is one point (seventh): the group lives by
/// the seki, so under territory counting neither eye scores (the shape of a Fox 9d record
/// whose count `W+3.5` scores neither; see `SEKI_SHARED_EYE_MAX`).
const SEKI_SHARING_AN_EYE: &str = "
    . O . X . X . X O . . . .
    O O O O X X X X O O . . .
    X X O O O O O O X O . . .
    . X X X X X X X X O . . .
    . . . . . . . . X O . . .
    . . . . . . . . X O . . .
    . . . . . . . . X O . . .
";

#[test]
fn a_group_sharing_its_eye_with_a_seki_stone_is_in_seki() {
    let r = game(SEKI_SHARING_AN_EYE).score();
    assert!(r.dead_stones.is_empty(), "{:?}", r.dead_stones);
    let at = |x: usize, y: usize| r.ownership[y * 13 + x];
    assert_eq!(at(0, 0), PointOwner::WhiteSekiEye);
    assert_eq!(at(2, 0), PointOwner::SekiShared);
    assert_eq!(at(4, 0), PointOwner::BlackSekiEye, "the shared eye");
    assert_eq!(at(6, 0), PointOwner::BlackSekiEye, "the group's own eye");
    // the inner white group (11), the corner stone (1) and the black group (6)
    assert_eq!(r.seki_stones.len(), 11 + 1 + 6);
    assert_eq!(r.seki_points, 4);
    // the seki eyes score under area counting only
    let territory = r.black_territory as f64 - r.white_territory as f64;
    assert_eq!(margin(&r, RulesetId::Japanese), territory - 6.5);
    let area = r.black_area as f64 - r.white_area as f64;
    assert_eq!(margin(&r, RulesetId::Chinese), area - 7.5);
    assert_eq!(
        (r.black_territory, r.white_territory),
        (1 + 3 * 8, 1 + 3 * 7),
        "Black's lower left and White's right side: no seki eye is territory"
    );
}

#[test]
fn seki_without_eyes_shares_two_liberties() {
    let r = game(
        "
        . . O X . O X . .
        . . O X . O X . .
        . . O X X O X . .
        . . O O O X X . .
        . . . . O X . . .
        . . . . O X . . .
        . . . . O X . . .
        ",
    )
    .score();
    assert!(r.dead_stones.is_empty(), "{:?}", r.dead_stones);
    assert_eq!(r.seki_points, 2);
    assert_eq!(r.seki_stones.len(), 7);
    assert_eq!((r.black_territory, r.white_territory), (17, 20));
    assert_eq!((r.black_area, r.white_area), (29, 32));
    // no seki eyes: area and territory margins agree
    assert_eq!(margin(&r, RulesetId::Japanese) + 6.5, -3.0);
    assert_eq!(margin(&r, RulesetId::Chinese) + 7.5, -3.0);
}

/// Two groups with a two-point eye each and one liberty between them: whoever fills it is
/// left with the liberties of its own eye and is captured by a throw-in, so it is a seki. The
/// record's territory markup (KGS writes it on every scored game) is a count even without a
/// counted `RE`: the seki is found as in a counted game, not filled as dame with the eyes
/// left as teire (a review's 9×9 game, no result).
#[test]
fn seki_of_two_eyes_each_with_markup_and_no_result() {
    let board = "
        . . X . O . . O X
        X X X O O O O O X
        O O O X X X X X X
        - - O X + + + + +
        - - O X + + + + +
        O - O X + + + + +
        O - O X + + + + +
        - - O X + + + + +
        - - O X + + + + +
    ";
    let mut g = game_with_markup(board);
    g.komi = Some(6.5);
    g.rules = Some(RulesetId::Japanese);
    for result in [
        None,
        resigned(Outcome::Black),
        counted(Outcome::Black, 13.5),
    ] {
        g.result = result;
        let r = g.score();
        assert_eq!(r.dead_source, DeadSource::Markup);
        assert_eq!(r.seki_points, 5, "two eyes each and the shared liberty");
        assert_eq!((r.black_teire, r.white_teire), (0, 0));
        assert_eq!(margin(&r, RulesetId::Japanese), 30.0 - 10.0 - 6.5);
    }
}

#[test]
fn bent_four_in_the_corner_is_dead() {
    // White's corner eye space is the bent four with a black stone inside: dead under
    // Japanese rules without playing it out, and our estimator agrees.
    let r = game(
        "
        . X . O X . . . .
        . O O O X . . . .
        O O X X X . . . .
        X X X . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    )
    .score();
    assert_eq!(r.dead_white, 6);
    assert_eq!(r.dead_black, 0);
    assert_eq!(r.black_territory, 72);
    assert_eq!(r.prisoners_black, 6);
    assert_eq!(margin(&r, RulesetId::Japanese), 78.0 - 6.5);
    assert_eq!(margin(&r, RulesetId::Chinese), 81.0 - 7.5);
    // the identity: area − territory = plays(B) − plays(W) = 9 − 6
    assert_eq!(
        margin(&r, RulesetId::Chinese) + 7.5 - (margin(&r, RulesetId::Japanese) + 6.5),
        3.0
    );
}

#[test]
fn one_eyed_group_inside_territory_is_dead() {
    let r = game(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . O O O . . . .
        . O X X X O . . .
        . O X . X O . . .
        . O X X X O . . .
        . . O O O . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    )
    .score();
    assert_eq!(r.dead_black, 8);
    assert_eq!(r.dead_stones.len(), 8);
    assert_eq!(r.white_territory, 81 - 12);
    assert_eq!(r.prisoners_white, 8);
    assert_eq!(margin(&r, RulesetId::Japanese), -(69.0 + 8.0) - 6.5);
    // Tromp-Taylor keeps them, with their eye; White keeps the 60 points outside
    assert_eq!(r.margin_as_is_area, 9.0 - 72.0);
    assert_eq!(margin(&r, RulesetId::TrompTaylor), -63.0 - 7.5);
    assert_eq!(r.flip_cause, None, "everyone says White");
}

/// Black owns the left, White the right, one dame point between the walls on row 0.
const DAME_OPEN: &str = "
    . . X . O . .
    . . X O . . .
    . . X O . . .
    . . X O . . .
";

#[test]
fn dame_left_open_scores_for_nobody() {
    let r = game(DAME_OPEN).score();
    assert_eq!(r.dame_points, 1);
    assert_eq!(r.seki_points, 0);
    assert_eq!((r.black_area, r.white_area), (12, 15));
    assert_eq!((r.black_territory, r.white_territory), (8, 11));
    assert_eq!(r.ownership[3], PointOwner::Dame);
    // Chinese splits the dame ½–½: the margin does not change
    assert_eq!(margin(&r, RulesetId::Chinese), 12.0 - 15.0 - 7.5);
    assert_eq!(margin(&r, RulesetId::Japanese), 8.0 - 11.0 - 6.5);
}

/// A game stopped with the middle still open: a black wall and a white wall, each with its
/// edge behind it, 25 neutral points between them.
const OPEN_MIDDLE: &str = "
    . X . . . . . O .
    . X . . . . . O .
    . X . . . . . O .
    . X . . . . . O .
    . X . . . . . O .
";

#[test]
fn an_open_middle_is_split_by_distance_and_the_equidistant_line_stays_dame() {
    let r = game(OPEN_MIDDLE).score();
    assert!(r.dead_stones.is_empty(), "{:?}", r.dead_stones);
    // columns C and D are nearer Black, F and G nearer White, E is as far from both
    assert_eq!(r.dame_points, 5);
    assert_eq!((r.black_territory, r.white_territory), (15, 15));
    for y in 0..5 {
        let at = |x: usize| r.ownership[y * 9 + x];
        assert_eq!(
            [at(2), at(3), at(4), at(5), at(6)],
            [
                PointOwner::BlackTerritory,
                PointOwner::BlackTerritory,
                PointOwner::Dame,
                PointOwner::WhiteTerritory,
                PointOwner::WhiteTerritory
            ]
        );
    }
    // a neutral area under OPEN_DAME points is dame as it lies (see DAME_LEFT_OPEN)
    let r = game(NARROW_MIDDLE).score();
    assert_eq!(r.dame_points, 15);
    assert_eq!((r.black_territory, r.white_territory), (5, 5));
}

/// Two walls three points apart, the middle open.
const NARROW_MIDDLE: &str = "
    . X . . . O .
    . X . . . O .
    . X . . . O .
    . X . . . O .
    . X . . . O .
";

/// Two walls seven points apart: the middle column is as far from both.
const WIDE_MIDDLE: &str = "
    . X . . . . . . . O .
    . X . . . . . . . O .
    . X . . . . . . . O .
    . X . . . . . . . O .
    . X . . . . . . . O .
";

/// In a game the record says stopped before any count, an open area's points go to the
/// nearer side only within two steps of its stones (`STOPPED_SPLIT_REACH`): the far side of
/// a framework stays dame. A game whose end is unknown splits the whole area.
#[test]
fn a_resigned_games_open_area_goes_to_the_nearer_side_only_within_two_steps() {
    let mut wide = game(WIDE_MIDDLE);
    let owners =
        |r: &ScoreReport| -> Vec<PointOwner> { (2..9).map(|x| r.ownership[2 * 11 + x]).collect() };
    use PointOwner::{BlackTerritory as B, Dame as D, WhiteTerritory as W};
    let r = wide.score();
    assert_eq!(owners(&r), [B, B, B, D, W, W, W]);
    assert_eq!(
        (r.black_territory, r.white_territory, r.dame_points),
        (20, 20, 5)
    );
    wide.result = resigned(Outcome::Black);
    let r = wide.score();
    assert_eq!(owners(&r), [B, B, D, D, D, W, W]);
    assert_eq!(
        (r.black_territory, r.white_territory, r.dame_points),
        (15, 15, 15)
    );
}

/// A game the record says stopped before any count (here White won by resignation) stopped
/// with its boundaries unfinished: every neutral area is split by distance, however small
/// (`STOPPED_OPEN_DAME`), where a game counted, or whose end is unknown, leaves it dame.
#[test]
fn a_narrow_open_middle_of_a_resigned_game_is_split_by_distance() {
    let mut narrow = game(NARROW_MIDDLE);
    narrow.result = resigned(Outcome::White);
    let r = narrow.score();
    assert_eq!(r.dame_points, 5);
    assert_eq!((r.black_territory, r.white_territory), (10, 10));
    // not a count: the recorded result stays not comparable
    assert_eq!(r.record_agreement, Agreement::NotComparable);
    // a counted game leaves its dame as dame
    narrow.result = counted(Outcome::Black, 0.5);
    assert_eq!(narrow.score().dame_points, 15);
}

#[test]
fn false_eye_needing_teire_japanese_vs_korean() {
    // The lone black stone on the top edge has no liberty but the false eye beside it: Black
    // must fill it. Japanese counting leaves that point out of Black's territory, Korean
    // counting (as Tygem counts) keeps it, area counting scores it either way.
    let r = game(
        "
        . X . X O . .
        . X X O O . .
        X X O . . . .
        . X O . . . .
        ",
    )
    .score();
    assert!(r.dead_stones.is_empty());
    assert_eq!(r.ownership[2], PointOwner::BlackTeire);
    assert_eq!(
        (r.black_territory, r.teire_points, r.white_territory),
        (3, 1, 12)
    );
    assert_eq!(margin(&r, RulesetId::Japanese), 3.0 - 12.0 - 6.5);
    assert_eq!(margin(&r, RulesetId::Korean), 4.0 - 12.0 - 6.5);
    assert_eq!(margin(&r, RulesetId::Chinese), 11.0 - 17.0 - 7.5);
}

#[test]
fn with_markup_teire_is_what_the_markup_leaves_out() {
    // KGS 2017-01-03-18 (P1): Black's lone stone on the edge under White's wall has two
    // liberties, the dame beside it and the point on its left. Once White fills the dame,
    // Black must connect on the left, and KGS leaves that point out of its markup; it is no
    // one-point false eye, so our own test alone keeps it as territory.
    let board = "
        + + X O - - -
        + + X O - - -
        + + X O O - -
        + + . X . O -
    ";
    let r = game_with_markup(board).score();
    assert_eq!(r.dead_source, DeadSource::Markup);
    assert_eq!(r.ownership[3 * 7 + 2], PointOwner::BlackTeire);
    assert_eq!(r.ownership[3 * 7 + 4], PointOwner::Dame);
    assert_eq!(
        (r.black_territory, r.black_teire, r.white_territory),
        (8, 1, 9)
    );
    // Japanese counts what the markup counts; Korean and area counting count the teire point
    assert_eq!(margin(&r, RulesetId::Japanese), 8.0 - 9.0 - 6.5);
    assert_eq!(margin(&r, RulesetId::Korean), 9.0 - 9.0 - 6.5);
    assert_eq!(margin(&r, RulesetId::Chinese), 13.0 - 14.0 - 7.5);
    // without the markup, our own test finds the same teire (the stone's last liberty once
    // the dame is filled; see a_chain_short_of_liberties_after_the_dame_needs_teire)
    let r = game(&board.replace('-', ".")).score();
    assert_eq!(r.dead_source, DeadSource::Estimated);
    assert_eq!(r.ownership[3 * 7 + 2], PointOwner::BlackTeire);
    assert_eq!((r.black_territory, r.black_teire), (8, 1));
    // the markup that marks the point too: plain territory
    let r = game_with_markup(&board.replacen("+ + . X", "+ + + X", 1)).score();
    assert_eq!(r.ownership[3 * 7 + 2], PointOwner::BlackTerritory);
    assert_eq!((r.black_territory, r.black_teire), (9, 0));

    // KGS 2017-01-30-3 (P8): the false eye our own test takes off as teire (see
    // false_eye_needing_teire_japanese_vs_korean) is marked as Black's: it counts.
    let r = game_with_markup(
        "
        + X + X O - -
        + X X O O - -
        X X O - - - -
        + X O - - - -
        ",
    )
    .score();
    assert_eq!(r.ownership[2], PointOwner::BlackTerritory);
    assert_eq!(
        (r.black_territory, r.teire_points, r.white_territory),
        (4, 0, 12)
    );
    assert_eq!(margin(&r, RulesetId::Japanese), 4.0 - 12.0 - 6.5);
    assert_eq!(margin(&r, RulesetId::Korean), 4.0 - 12.0 - 6.5);
}

#[test]
fn a_chain_short_of_liberties_after_the_dame_needs_teire() {
    // KGS 2002-06-17-4 (corpus/dev godmoves_Standard_Computer_Go_Dataset/KGS_6d_190000/
    // KGS-2002-19-3646-/KGS2002/2002-06-17-4.sgf, C19), no territory markup: White's lone
    // stone on the top edge has two liberties, the dame beside Black's wall and the corner
    // territory behind it. Once Black fills the dame White must connect in the corner, so
    // Japanese counting (KGS's W+39.5) leaves that point out; it is no one-point false eye.
    let board = "
        . . . O . X .
        . . O X X X .
        . . O X . . .
        . . O X . . .
    ";
    let r = game(board).score();
    assert!(r.dead_stones.is_empty());
    assert_eq!(r.ownership[4], PointOwner::Dame);
    assert_eq!(r.ownership[2], PointOwner::WhiteTeire);
    assert_eq!(
        (r.black_territory, r.white_territory, r.white_teire),
        (8, 8, 1)
    );
    assert_eq!(margin(&r, RulesetId::Japanese), 8.0 - 8.0 - 6.5);
    assert_eq!(margin(&r, RulesetId::Korean), 8.0 - 9.0 - 6.5);

    // KGS 2017-01-08-17 (H10, markup leaves it White's): the same lone stone needs no teire
    // when the dame beside it also touches another white chain with liberties of its own in
    // territory: White fills the dame and connects.
    let r = game(
        "
        . . . . O X .
        . . . O . X .
        . . . . O X .
        . . . O O X .
        ",
    )
    .score();
    assert!(r.dead_stones.is_empty());
    assert_eq!(r.ownership[7 + 4], PointOwner::Dame);
    assert_eq!(r.ownership[3], PointOwner::WhiteTerritory);
    assert_eq!((r.white_territory, r.teire_points), (14, 0));
}

#[test]
fn markup_of_dead_stones_only_leaves_teire_to_our_test() {
    // A markup that marks no empty point is a list of dead stones, not a statement of
    // territory: territory and teire are ours (the false eye beside the top-edge stone).
    let r = game_with_markup(
        "
        . X . X O . .
        . X X O O . x
        X X O . . . .
        . X O . . . .
        ",
    )
    .score();
    assert_eq!(r.dead_source, DeadSource::Markup);
    assert_eq!(r.dead_black, 1);
    assert_eq!(r.ownership[2], PointOwner::BlackTeire);
    assert_eq!(
        (r.black_territory, r.teire_points, r.white_territory),
        (3, 1, 12)
    );
}

/// 19×19, Black's wall on column 9 (rows 0–13) and column 8 (rows 14–18), White's wall just
/// right of it: Black's area is 10 × 14 + 9 × 5 = 185 points, White's 176.
fn board_185() -> String {
    let mut s = String::new();
    for y in 0..19 {
        for x in 0..19 {
            let (b, w) = if y <= 13 { (9, 10) } else { (8, 9) };
            s.push(if x == b {
                'X'
            } else if x == w {
                'O'
            } else {
                '.'
            });
        }
        s.push('\n');
    }
    s
}

#[test]
fn chinese_185_wins_by_three_quarters_of_a_stone() {
    let r = game(&board_185()).score();
    assert_eq!((r.black_area, r.white_area), (185, 176));
    assert_eq!(margin(&r, RulesetId::Chinese), 1.5);
    assert_eq!(r.margin_chinese_stones, 0.75, "黑胜¾子");
    assert_eq!(winner(&r, RulesetId::Chinese), Outcome::Black);
}

#[test]
fn chinese_184_loses_by_a_quarter_stone() {
    // move one point of Black's area to White: wall step one row higher
    let diagram: String = board_185()
        .lines()
        .enumerate()
        .map(|(y, row)| {
            if y == 13 {
                "........XO.........\n".to_string()
            } else {
                format!("{row}\n")
            }
        })
        .collect();
    let r = game(&diagram).score();
    assert_eq!((r.black_area, r.white_area), (184, 177));
    assert_eq!(r.margin_chinese_stones, -0.25);
    assert_eq!(winner(&r, RulesetId::Chinese), Outcome::White);
}

#[test]
fn chinese_handicap_gives_back_half_a_stone_per_stone() {
    // 让二子贴还一子: two handicap stones, Black gives back one stone = two points
    let mut g = game(&board_185());
    g.handicap = 2;
    g.komi = Some(0.0);
    let r = g.score();
    assert_eq!(margin(&r, RulesetId::Chinese), 9.0 - 0.0 - 2.0);
    assert_eq!(r.margin_chinese_stones, 3.5);
}

/// Black 184, White 176, one dame: an area difference of exactly 8.
fn board_ing_tie() -> String {
    let mut s = String::new();
    for y in 0..19 {
        for x in 0..19 {
            let ch = match (x, y) {
                (9, 13) => '.', // the dame
                (10, 13) => 'O',
                (9, 0..=12) | (8, 13..=18) => 'X',
                (10, 0..=12) | (9, 14..=18) => 'O',
                _ => '.',
            };
            s.push(ch);
        }
        s.push('\n');
    }
    s
}

#[test]
fn ing_tie_goes_to_black() {
    let r = game(&board_ing_tie()).score();
    assert_eq!((r.black_area, r.white_area, r.dame_points), (184, 176, 1));
    assert_eq!(margin(&r, RulesetId::Ing), 0.0);
    assert_eq!(
        winner(&r, RulesetId::Ing),
        Outcome::Black,
        "8 komi, Black wins ties"
    );
    assert_eq!(margin(&r, RulesetId::Chinese), 0.5);
    assert_eq!(margin(&r, RulesetId::Nz), 1.0);
    assert_eq!(r.per_ruleset[RulesetId::Ing.index()].komi_used, 8.0);
    assert!(!r.winner_flip, "everybody says Black");
}

#[test]
fn handicap_bonus_n_vs_n_minus_one_vs_zero() {
    let mut g = game(&board_185());
    g.handicap = 4;
    g.komi = Some(0.5);
    // the four handicap stones are among Black's plays
    let r = g.score();
    let area = 9.0;
    assert_eq!(margin(&r, RulesetId::Chinese), area - 0.5 - 4.0);
    assert_eq!(margin(&r, RulesetId::Ing), area - 0.5 - 4.0);
    assert_eq!(margin(&r, RulesetId::Aga), area - 0.5 - 3.0);
    assert_eq!(margin(&r, RulesetId::Nz), area - 0.5);
    assert_eq!(margin(&r, RulesetId::TrompTaylor), area - 0.5);
    assert_eq!(margin(&r, RulesetId::Japanese), 9.0 - 0.5);
    for s in &r.per_ruleset {
        assert_eq!(s.komi_used, 0.5, "handicap games keep the recorded komi");
    }
}

#[test]
fn handicap_flip_is_blamed_on_the_bonus() {
    // Four handicap stones (among Black's plays); four black stones were captured during
    // the game, so the final position is the same. Area +9, territory +5, komi 6.
    let mut g = game(&board_185());
    g.handicap = 4;
    g.komi = Some(6.0);
    g.black_plays += 4;
    g.captures_by_white = 4;
    let r = g.score();
    assert_eq!(margin(&r, RulesetId::Nz), 3.0);
    assert_eq!(margin(&r, RulesetId::Aga), 0.0);
    assert_eq!(margin(&r, RulesetId::Chinese), -1.0);
    assert_eq!(margin(&r, RulesetId::Japanese), -1.0);
    assert_eq!(winner(&r, RulesetId::Aga), Outcome::Draw);
    assert!(r.winner_flip);
    assert!(r.half_point_flip);
    assert_eq!(r.flip_cause, Some(FlipCause::HandicapBonus));
}

#[test]
fn even_game_tie_rule_flip() {
    let r = game(&board_185()).score();
    assert!(!r.winner_flip);
    let mut g = game(&board_ing_tie());
    g.policy = KomiPolicy::Recorded;
    g.komi = Some(8.0);
    let r = g.score();
    // every ruleset at komi 8: +8 on the board → draws except Ing (Black wins ties)
    assert_eq!(winner(&r, RulesetId::Chinese), Outcome::Draw);
    assert_eq!(winner(&r, RulesetId::Ing), Outcome::Black);
    assert_eq!(margin(&r, RulesetId::Japanese), 0.0);
    assert!(r.winner_flip);
    // all margins are equal: the tie rule alone names different winners
    assert_eq!(r.flip_cause, Some(FlipCause::TieRule));
}

#[test]
fn parity_flip_under_recorded_komi() {
    // Black placed one more stone than White (it was captured later): area − territory = 1.
    let mut g = game(DAME_OPEN);
    g.black_plays += 1;
    g.captures_by_white = 1;
    g.policy = KomiPolicy::Recorded;
    g.komi = Some(-3.5);
    let r = g.score();
    // area 12 − 15 = −3, territory 8 − (11 + 1) = −4
    assert_eq!(margin(&r, RulesetId::Chinese), 0.5);
    assert_eq!(margin(&r, RulesetId::Japanese), -0.5);
    assert!(r.winner_flip);
    assert!(r.half_point_flip);
    assert_eq!(r.flip_cause, Some(FlipCause::Parity));
}

#[test]
fn tromp_taylor_flip_is_blamed_on_dead_stones() {
    let mut g = game(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . O O O . . . .
        . O X X X O . . .
        . O X . X O . . .
        . O X X X O . . .
        . . O O O . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    g.policy = KomiPolicy::Recorded;
    g.komi = Some(-70.0);
    let r = g.score();
    // as-is −63 + 70 → Black; area −81 + 70 and territory −77 + 70 → White
    assert_eq!(winner(&r, RulesetId::TrompTaylor), Outcome::Black);
    assert_eq!(winner(&r, RulesetId::Chinese), Outcome::White);
    assert_eq!(r.flip_cause, Some(FlipCause::DeadStones));
    assert!(!r.half_point_flip);
    // White by half a point under area counting, Black by 17.5 under Tromp-Taylor and by 3.5
    // under territory counting: every flip has one side far from a tie, so none is a
    // half-point flip, though one ruleset's margin is within a point
    g.komi = Some(-80.5);
    let r = g.score();
    assert_eq!(margin(&r, RulesetId::Chinese), -0.5);
    assert_eq!(margin(&r, RulesetId::TrompTaylor), 17.5);
    assert_eq!(margin(&r, RulesetId::Japanese), 3.5);
    assert!(r.winner_flip);
    assert!(!r.half_point_flip);
}

#[test]
fn markup_decides_dead_stones() {
    // The same one-eyed group, but the markup says Black's group lives and nothing is dead:
    // markup wins over the estimator.
    let mut g = game(
        "
        . . . . . .
        . X X X . .
        . X . X O .
        . X X X O .
        . . . O O .
        . . . . . .
        ",
    );
    // White marks everything right of the wall as territory; a stray black stone is marked
    g.tw = vec![Point::new(5, 0), Point::new(5, 5)];
    g.tb = vec![Point::new(0, 0)];
    let r = g.score();
    assert_eq!(r.dead_source, DeadSource::Markup);
    assert!(r.dead_stones.is_empty());
    // now mark the black group dead through one of its stones
    g.tw.push(Point::new(1, 1));
    let r = g.score();
    assert_eq!(
        r.dead_black, 8,
        "the whole chain goes with its marked stone"
    );
    assert_eq!(r.prisoners_white, 8);
    assert_eq!(g.dead_reasons(), vec![DeadReason::Markup; 8]);
}

#[test]
fn agreement_with_the_record() {
    let mut g = game(&board_185());
    g.rules = Some(RulesetId::Chinese);
    g.komi = Some(7.5);
    g.result = counted(Outcome::Black, 1.5);
    let r = g.score();
    assert_eq!(r.margin_recorded_rules, Some(1.5));
    assert_eq!(r.record_agreement, Agreement::Exact);
    g.result = counted(Outcome::Black, 3.5);
    assert_eq!(g.score().record_agreement, Agreement::Winner);
    g.result = counted(Outcome::White, 0.5);
    assert_eq!(g.score().record_agreement, Agreement::Differs);
    g.result = resigned(Outcome::White);
    assert_eq!(
        g.score().record_agreement,
        Agreement::NotComparable,
        "resignation"
    );
    g.result = counted(Outcome::Black, 1.5);
    g.komi = None;
    let r = g.score();
    assert_eq!(r.margin_recorded_rules, None, "no komi, no guess");
    assert_eq!(r.record_agreement, Agreement::NotComparable);
    g.komi = Some(7.5);
    g.rules = None;
    assert_eq!(g.score().record_agreement, Agreement::NotComparable);
}

#[test]
fn recorded_rules_use_the_record_komi() {
    let mut g = game(&board_185());
    g.rules = Some(RulesetId::Korean);
    g.komi = Some(5.5);
    let r = g.score();
    // territory 185 − 19 = 166 vs 176 − 19 = 157
    assert_eq!(r.margin_recorded_rules, Some(9.0 - 5.5));
    assert_eq!(
        margin(&r, RulesetId::Korean),
        9.0 - 6.5,
        "standard komi in the columns"
    );
    assert_eq!(r.per_ruleset[RulesetId::Korean.index()].komi_used, 6.5);
    g.policy = KomiPolicy::Recorded;
    let r = g.score();
    for s in &r.per_ruleset {
        assert_eq!(s.komi_used, 5.5);
    }
}

#[test]
fn a_scorer_reused_across_board_sizes_keeps_games_apart() {
    // an unsettled-looking 19×19 game, then an empty 5×5 board, then markup on 9×9
    let mut scorer = Scorer::new();
    let mut big = game(&board_ing_tie());
    big.board.set_stone(Point::new(15, 3), Some(Color::Black));
    let first = scorer.score(&input_of(&big));
    let empty = game(". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .");
    let r = scorer.score(&input_of(&empty));
    assert!(r.unsettled_stones.is_empty() && r.dead_stones.is_empty());
    assert_eq!(r.unsettled_points, 0);
    assert_eq!(scorer.score(&input_of(&big)), first);
}

#[test]
fn empty_board_is_a_draw_on_the_board() {
    let r = game(
        "
        . . . .
        . . . .
        . . . .
        ",
    )
    .score();
    assert_eq!(r.dead_source, DeadSource::None);
    assert_eq!(r.dame_points, 12);
    assert_eq!(margin(&r, RulesetId::Chinese), -7.5);
}

/// A tiny deterministic PRNG (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[test]
fn property_area_minus_territory_is_plays_difference_outside_seki() {
    let mut rng = Rng(0x5eed_1234_abcd_ef01);
    let mut scorer = Scorer::new();
    let mut checked = 0;
    for case in 0..400 {
        let size = [5u8, 7, 9, 13][case % 4];
        let mut board = Board::new(size, size);
        let (mut caps, mut plays, mut passes) = ([0u32; 2], [0u32; 2], [0u32; 2]);
        let moves = rng.below(size as u64 * size as u64 * 2);
        let mut color = Color::Black;
        for _ in 0..moves {
            let p = Point::new(rng.below(size as u64) as u8, rng.below(size as u64) as u8);
            if rng.below(40) == 0 {
                passes[color.index()] += 1;
            } else if board.get(p).is_none() && !board.would_be_suicide(color, p) {
                let out = board.play(color, p);
                caps[color.index()] += out.captured;
                plays[color.index()] += 1;
            } else {
                continue;
            }
            color = color.opposite();
        }
        // half the cases use random markup, the other half the estimator
        let (mut tb, mut tw) = (Vec::new(), Vec::new());
        if case % 2 == 1 {
            for p in board.points() {
                match rng.below(6) {
                    0 => tb.push(p),
                    1 => tw.push(p),
                    _ => {}
                }
            }
        }
        let input = ScoreInput {
            board: &board,
            territory_black: &tb,
            territory_white: &tw,
            captures_by_black: caps[0],
            captures_by_white: caps[1],
            black_plays: plays[0],
            white_plays: plays[1],
            black_midgame_passes: passes[0],
            white_midgame_passes: passes[1],
            last_mover: None,
            handicap: 0,
            recorded_komi: Some(0.0),
            recorded_rules: None,
            recorded_result: None,
            komi_policy: KomiPolicy::Recorded,
        };
        let r = scorer.score(&input);
        let area = r.black_area as f64 - r.white_area as f64;
        assert_eq!(area, margin(&r, RulesetId::Chinese), "case {case}");
        // Korean territory counting (false eyes count, as area counting scores them)
        let territory = margin(&r, RulesetId::Korean);
        if r.seki_points == 0 {
            assert_eq!(
                area - territory,
                plays[0] as f64 - plays[1] as f64,
                "case {case}: {board}"
            );
            checked += 1;
        }
        // every point is counted once, as what the report says
        assert_eq!(r.ownership.len(), size as usize * size as usize);
        let n = |o: PointOwner| r.ownership.iter().filter(|&&x| x == o).count() as u32;
        assert_eq!(
            r.black_area,
            n(PointOwner::BlackStone)
                + n(PointOwner::BlackTerritory)
                + n(PointOwner::BlackSekiEye)
                + n(PointOwner::BlackTeire)
        );
        assert_eq!(
            r.teire_points,
            n(PointOwner::BlackTeire) + n(PointOwner::WhiteTeire)
        );
        assert_eq!(
            r.black_territory,
            n(PointOwner::BlackTerritory),
            "case {case}"
        );
        assert_eq!(r.dame_points, n(PointOwner::Dame), "case {case}");
        assert_eq!(
            r.seki_points,
            n(PointOwner::SekiShared) + n(PointOwner::BlackSekiEye) + n(PointOwner::WhiteSekiEye)
        );
        // determinism: a fresh scorer gives the same report
        assert_eq!(Scorer::new().score(&input), r, "case {case}");
    }
    assert!(checked > 100, "only {checked} of 400 cases without seki");
}

const FUZZ_CASES: usize = 300;

#[test]
fn arbitrary_setup_positions_never_panic() {
    // Setup stones (AB/AW) can build positions no game reaches: chains without liberties,
    // whole boards of one colour. Scoring must still answer, deterministically.
    let mut rng = Rng(0xfeed_beef_0123_4567);
    let mut scorer = Scorer::new();
    for case in 0..FUZZ_CASES {
        let (w, h) = (2 + rng.below(24) as u8, 2 + rng.below(24) as u8);
        let mut board = Board::new(w, h);
        let density = 1 + rng.below(10);
        for p in board.points().collect::<Vec<_>>() {
            let v = rng.below(10);
            if v < density {
                let c = if rng.below(2) == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                board.set_stone(p, Some(c));
            }
        }
        let input = ScoreInput {
            board: &board,
            territory_black: &[],
            territory_white: &[],
            captures_by_black: 0,
            captures_by_white: 0,
            black_plays: board.stones(Color::Black),
            white_plays: board.stones(Color::White),
            black_midgame_passes: 0,
            white_midgame_passes: 0,
            last_mover: None,
            handicap: (case % 5) as u32,
            recorded_komi: Some(6.5),
            recorded_rules: Some(RulesetId::ALL[case % 7]),
            recorded_result: None,
            komi_policy: KomiPolicy::Standard,
        };
        let r = scorer.score(&input);
        assert_eq!(r.ownership.len(), w as usize * h as usize, "case {case}");
        assert_eq!(Scorer::new().score(&input), r, "case {case}: deterministic");
    }
}

/// Black's wall on column B, White's on column C, and a white stone at A5 in Black's area,
/// dead (Korean counting, komi 0.5): Black's territory 9 with the stone's point and 1
/// prisoner against White's 54, so W+44.5. A record of W+54.5 counts the stone alive, which
/// leaves Black's column neutral: A5 is the disputed chain, the only dead one.
#[test]
fn a_record_one_chain_away_names_the_disputed_chain() {
    let mut g = game(
        "
        . X O . . . . . .
        . X O . . . . . .
        . X O . . . . . .
        . X O . . . . . .
        O X O . . . . . .
        . X O . . . . . .
        . X O . . . . . .
        . X O . . . . . .
        . X O . . . . . .
        ",
    );
    g.rules = Some(RulesetId::Korean);
    g.komi = Some(0.5);
    g.result = counted(Outcome::White, 54.5);
    let r = g.score();
    assert_eq!(r.dead_stones, vec![Point::new(0, 4)]);
    assert_eq!(r.margin_recorded_rules, Some(-44.5));
    assert_eq!(r.record_agreement, Agreement::Winner);
    let d = r.disputed_chain.expect("a disputed chain");
    assert_eq!(
        (d.color, d.stones.as_slice(), d.fate, d.matches),
        (Color::White, &[Point::new(0, 4)][..], ChainFate::Alive, 1)
    );
    // a record we reproduce, or one no single chain explains, names none
    g.result = counted(Outcome::White, 44.5);
    assert_eq!(g.score().disputed_chain, None, "exact");
    g.result = counted(Outcome::White, 20.5);
    assert_eq!(g.score().disputed_chain, None, "no chain makes 20.5");
    // nor does a resignation, or a record whose markup names its own dead stones
    g.result = resigned(Outcome::White);
    assert_eq!(g.score().disputed_chain, None, "resignation");
    g.result = counted(Outcome::White, 54.5);
    g.tb = vec![Point::new(0, 4)];
    let r = g.score();
    assert_eq!(r.dead_source, DeadSource::Markup);
    assert_eq!(r.disputed_chain, None, "markup");
}

/// The same walls, and in White's area a black corner group of six stones with two eyes (G9,
/// J9): alive to us (Black +4.5). A record of W+11.5 takes it off: 6 prisoners and 8 points
/// of territory to White, Black's 2 eyes gone, 16 points. A living chain the record takes off
/// alone is not named: tried on the Tygem records, such flips matched other games' margins
/// as often as their own (see `scoring::disputed`).
#[test]
fn a_record_that_takes_off_a_living_chain_names_nothing() {
    let mut g = game(
        "
        . . . X O X . X .
        . . . X O X X X X
        . . . X O O O O O
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        ",
    );
    g.rules = Some(RulesetId::Korean);
    g.komi = Some(0.5);
    g.result = counted(Outcome::White, 11.5);
    let r = g.score();
    assert!(r.dead_stones.is_empty(), "{:?}", r.dead_stones);
    assert_eq!(r.margin_recorded_rules, Some(4.5));
    assert_eq!(r.disputed_chain, None);
}

/// In White's area, two black chains linked by the liberties G8 and G9: F9–F8 and H9–H8–J8.
/// G8 touches White's wall, so the group has one eye (J9) and is dead: White +10.5 (5
/// prisoners, their 5 points and G9, G8, J9). A record of B+3.5 leaves the group on the
/// board: White loses those 13 points, G9–G8 turn dame and J9 Black's, 14 points. Neither
/// chain alone matches: the group is named. A record of B+1.5 is matched by H9–H8–J8 alone,
/// and a chain comes before a group.
#[test]
fn a_record_that_leaves_a_dead_group_on_the_board_names_the_group() {
    let mut g = game(
        "
        . . . X O X . X .
        . . . X O X . X X
        . . . X O O O O O
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        ",
    );
    g.rules = Some(RulesetId::Korean);
    g.komi = Some(0.5);
    g.result = counted(Outcome::Black, 3.5);
    let r = g.score();
    assert_eq!(r.dead_stones.len(), 5, "{:?}", r.dead_stones);
    assert_eq!(r.margin_recorded_rules, Some(-10.5));
    let d = r.disputed_chain.expect("a disputed group");
    assert_eq!(
        (d.kind, d.color, d.fate, d.matches, d.stones.len()),
        (DisputeKind::Group, Color::Black, ChainFate::Alive, 1, 5)
    );
    assert!(d.opponents.is_empty());
    g.result = counted(Outcome::Black, 1.5);
    let d = g.score().disputed_chain.expect("a disputed chain");
    assert_eq!(
        (d.kind, d.stones),
        (
            DisputeKind::Chain,
            vec![Point::new(7, 0), Point::new(7, 1), Point::new(8, 1)]
        )
    );
}

/// Black's wall on column B, White's on column C, and in White's area a black stone at G5
/// in atari among three white stones, F5, G6 and H5 (linked to each other, not to the
/// wall): G5 dead, White +43.5. A record of B+13.5 reads it the other way: G5 lives and
/// takes the three white stones, and White's area opens up (our count of the position
/// without them is B+10.5, plus 3 prisoners). G5 alone alive matches W+34.5, not this: the
/// fight is named, G5 alive and the three white stones dead.
#[test]
fn a_record_that_reads_a_fight_the_other_way_names_both_sides() {
    let mut g = game(
        "
        . X O . . . . . .
        . X O . . . . . .
        . X O . . . . . .
        . X O . . . O . .
        . X O . . O X O .
        . X O . . . . . .
        . X O . . . . . .
        . X O . . . . . .
        . X O . . . . . .
        ",
    );
    g.rules = Some(RulesetId::Korean);
    g.komi = Some(0.5);
    g.result = counted(Outcome::Black, 13.5);
    let r = g.score();
    assert_eq!(r.dead_stones, vec![Point::new(6, 4)]);
    assert_eq!(r.margin_recorded_rules, Some(-43.5));
    let d = r.disputed_chain.expect("a disputed fight");
    assert_eq!(
        (d.kind, d.color, d.fate, d.matches),
        (DisputeKind::Fight, Color::Black, ChainFate::Alive, 1)
    );
    assert_eq!(d.stones, vec![Point::new(6, 4)]);
    assert_eq!(
        d.opponents,
        vec![Point::new(6, 3), Point::new(5, 4), Point::new(7, 4)]
    );
    g.result = counted(Outcome::White, 34.5);
    let d = g.score().disputed_chain.expect("a disputed chain");
    assert_eq!(
        (d.kind, d.stones),
        (DisputeKind::Chain, vec![Point::new(6, 4)])
    );
}
