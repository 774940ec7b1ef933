//! Flip causes of whole records: what replay counts (plays, passes, handicap) feeding the
//! decomposition of RULES.md §3 that names why two rulesets disagree.

use crate::common::options;
use kifu_audit::output::GameRow;
use kifu_audit::pipeline::{audit_chunk, GameOptions};
use kifu_audit::rules::RulesetId;
use kifu_audit::scoring::{FlipCause, KomiPolicy};
use kifu_audit::sgf::source::InputItem;

/// Two walls on a 9×9 board, Black's on column E and White's on column F, rows 9 to 2, played
/// stone by stone with Black to move next: D1, E1 and F1, which close them, are left to `tail`.
fn walls(komi: &str, tail: &str) -> String {
    format!(
        "(;GM[1]FF[4]SZ[9]KM[{komi}]RU[Japanese]\
         ;B[ea];W[fa];B[eb];W[fb];B[ec];W[fc];B[ed];W[fd];B[ee];W[fe];B[ef];W[ff]\
         ;B[eg];W[fg];B[eh];W[fh]{tail})"
    )
}

fn row(sgf: &str, komi_policy: KomiPolicy) -> GameRow {
    let item = InputItem {
        source: "game.sgf".into(),
        member: None,
        data: Ok(sgf.as_bytes().to_vec()),
        cut: None,
    };
    let options = GameOptions {
        komi_policy,
        ..options()
    };
    let mut rows = audit_chunk(&[item], &options);
    assert_eq!(rows.len(), 1);
    rows.remove(0)
}

fn margin(r: &GameRow, id: RulesetId) -> f64 {
    r.score.as_ref().expect("scored").per_ruleset[id.index()].margin_b_minus_w
}

fn margins(r: &GameRow) -> Vec<f64> {
    let s = r.score.as_ref().expect("scored");
    RulesetId::ALL
        .iter()
        .map(|id| s.per_ruleset[id.index()].margin_b_minus_w)
        .collect()
}

#[test]
fn a_pass_after_the_last_stone_is_not_a_mid_game_pass() {
    // D1 and F1 close the walls; Black's E1 was the last stone. White passes to end the
    // game (and Black too, or not): a pass after the last stone shifts no stone, so area −
    // territory is Black's extra stone (parity), whatever the closing passes.
    for end in [";B[di];W[fi];B[ei];W[]", ";B[di];W[fi];B[ei];W[];B[]"] {
        let r = row(&walls("8.5", end), KomiPolicy::Recorded);
        let s = r.score.as_ref().unwrap();
        // area 45 − 36 = 9, territory 8 after 8.5 komi: +0.5 and −0.5
        assert_eq!(margin(&r, RulesetId::Chinese), 0.5);
        assert_eq!(margin(&r, RulesetId::Japanese), -0.5);
        assert_eq!(s.flip_cause, Some(FlipCause::Parity), "{end}");
    }
    // Black passes after White's last stone (A1 for Black, then White fills E1): the stones
    // are even, and only the rulesets' komi separate them, with or without closing passes.
    let quiet = row(
        &walls("6.5", ";B[di];W[fi];B[aa];W[ei]"),
        KomiPolicy::Standard,
    );
    for end in [";B[]", ";B[];W[]"] {
        let tail = format!(";B[di];W[fi];B[aa];W[ei]{end}");
        let r = row(&walls("6.5", &tail), KomiPolicy::Standard);
        assert_eq!(margins(&r), margins(&quiet));
        assert_eq!(
            r.score.as_ref().unwrap().flip_cause,
            Some(FlipCause::Komi),
            "{end}"
        );
    }
    assert_eq!(
        quiet.score.as_ref().unwrap().flip_cause,
        Some(FlipCause::Komi)
    );
}

#[test]
fn a_pass_before_the_last_stone_is_a_mid_game_pass() {
    // White passes mid-game and Black fills both dame: Black placed two more stones than
    // White, one of them for White's pass.
    let r = row(
        &walls("8.5", ";B[di];W[];B[ei];W[fi];B[];W[]"),
        KomiPolicy::Recorded,
    );
    let s = r.score.as_ref().unwrap();
    // last stone W F1 after White's pass: plays 10 − 9 = 1 = passes 1 + parity 0
    assert_eq!(margin(&r, RulesetId::Chinese), 0.5);
    assert_eq!(margin(&r, RulesetId::Japanese), -0.5);
    assert_eq!(s.flip_cause, Some(FlipCause::Passes));
}

#[test]
fn a_mid_game_pass_made_up_by_the_last_stone_moves_nothing() {
    // Black passes, White fills the dame E1, Black places the last stone in its own area
    // (A9) and White's closing pass ends the game: ten stones each, area − territory = 0 =
    // parity 1 + passes −1. Only the komi separate the rulesets (an NNGS record of GNU Go's
    // regression suite has this shape).
    let r = row(
        &walls("6.5", ";B[di];W[fi];B[];W[ei];B[aa];W[]"),
        KomiPolicy::Standard,
    );
    let s = r.score.as_ref().unwrap();
    // area 44 − 37 = 7 = territory 34 − 27
    assert_eq!(margin(&r, RulesetId::Chinese), -0.5);
    assert_eq!(margin(&r, RulesetId::Japanese), 0.5);
    assert_eq!(s.flip_cause, Some(FlipCause::Komi));
}

#[test]
fn tromp_taylor_leaves_an_unfinished_games_open_areas_neutral() {
    // Three stones on an open board: nothing is dead, and the count gives the open points to
    // the side whose stones are nearer, where Tromp-Taylor scores only the stones (2 − 1).
    let r = row(
        "(;GM[1]FF[4]SZ[9]KM[7.5]RE[B+3.5];B[ee];W[cc];B[gg];W[];B[])",
        KomiPolicy::Standard,
    );
    let s = r.score.as_ref().unwrap();
    assert_eq!((s.dead_black, s.dead_white), (0, 0));
    assert_eq!(margin(&r, RulesetId::TrompTaylor), -6.5);
    assert!(s.open_black > s.open_white);
    assert!(s.per_ruleset[RulesetId::Chinese.index()].margin_b_minus_w > 0.0);
    assert_eq!(s.flip_cause, Some(FlipCause::OpenBorders));
}

/// Black's D4 has one liberty, C4, inside Black's territory: Black must fill it or White
/// captures there. Korean counting scores C4, Japanese does not, and no stone separates the
/// players (seven each, White's last). The flip is teire's; it was named `parity`.
/// ```text
///    A B C D E F G
///  4 + X * X O - -
///  3 + X X O O - -
///  2 X X O - - - -
///  1 + X O - - O O
/// ```
#[test]
fn a_point_to_fill_is_teire_not_parity() {
    let sgf = "(;GM[1]FF[4]SZ[7:4]KM[-6.5]RU[Korean]RE[B+0.5]\
               ;B[ba];W[ea];B[da];W[db];B[bb];W[eb];B[cb];W[cc];B[ac];W[cd];B[bc];W[fd]\
               ;B[bd];W[gd];B[];W[])";
    let r = row(sgf, KomiPolicy::Recorded);
    let s = r.score.as_ref().unwrap();
    assert_eq!(margin(&r, RulesetId::Korean), 0.5);
    assert_eq!(margin(&r, RulesetId::Japanese), -0.5);
    assert_eq!(margin(&r, RulesetId::Chinese), 0.5);
    assert_eq!(s.flip_cause, Some(FlipCause::Teire));
}

/// A composed position (`AB`/`AW`, no move): its stones are plays (RULES.md §3), Black's two
/// more than White's, and Chinese counting gives Black the win that Japanese counting gives
/// White. Counting only handicap stones as plays, the flip was put down to komi, which pulls
/// the other way (7.5 against 6.5).
#[test]
fn a_composed_positions_stones_are_plays() {
    let sgf = "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]RE[W+0.5]\
               AB[ea][eb][ec][ed][ee][ef][eg][eh][di][bb][bg]\
               AW[fa][fb][fc][fd][fe][ff][fg][fh][fi])";
    let r = row(sgf, KomiPolicy::Standard);
    let rp = r.replay.as_ref().unwrap();
    assert_eq!((rp.black_plays, rp.white_plays), (11, 9));
    assert_eq!(margin(&r, RulesetId::Chinese), 0.5);
    assert_eq!(margin(&r, RulesetId::Japanese), -0.5);
    assert_eq!(
        r.score.as_ref().unwrap().flip_cause,
        Some(FlipCause::Parity)
    );
    // the plays are the stones the setup leaves on the board: a stone set twice, one off
    // the board and one set then cleared are none of them
    let repeated = sgf.replace("[bg]", "[bg][zz][bb]AB[ea][ia]AE[ia]");
    let r2 = row(&repeated, KomiPolicy::Standard);
    let rp2 = r2.replay.as_ref().unwrap();
    assert_eq!((rp2.black_plays, rp2.white_plays), (11, 9));
    assert_eq!(margins(&r2), margins(&r));
}

/// Jago marks a count by taking the dead stones off (`AE` in the last node, their points in
/// the other side's `TB`/`TW`); KGS leaves them on the board under the markup. Both record the
/// same count: Black's dead H4 is a prisoner of White's under territory counting, and RULES.md
/// §3's identity holds (10 black plays against 9 white: area margin 9, territory margin 8).
/// Cleared as a setup change, the stone was neither captured nor dead, and Japanese counting
/// gave Black 2.5 for 1.5.
#[test]
fn a_dead_stone_taken_off_at_the_count_counts_as_one_left_under_the_markup() {
    let count = "TB[aa:di]TW[ga:ii]";
    let tail = ";B[ei];W[fi];B[hd];W[];B[]";
    let left = row(
        &walls("6.5", &format!("{tail};{count}")),
        KomiPolicy::Standard,
    );
    let taken_off = row(
        &walls("6.5", &format!("{tail};AE[hd]{count}")),
        KomiPolicy::Standard,
    );
    assert_eq!(margins(&taken_off), margins(&left));
    assert_eq!(margin(&taken_off, RulesetId::Japanese), 1.5);
    assert_eq!(margin(&taken_off, RulesetId::Chinese), 1.5);
    let s = taken_off.score.as_ref().unwrap();
    assert_eq!((s.dead_black, s.dead_white), (1, 0));
    assert_eq!((s.black_area, s.white_area), (45, 36));
    let rp = taken_off.replay.as_ref().unwrap();
    assert_eq!((rp.black_plays, rp.white_plays), (10, 9));
    assert_eq!(s.flip_cause, None);
}
