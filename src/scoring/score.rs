//! From counts to results: the margin under each ruleset, agreement with the recorded result,
//! and why rulesets disagree (RULES.md §1–§3).
//!
//! Every margin is Black minus White, in points, after komi and the handicap bonus.
//!
//! Decomposition used for divergence causes. Let `T` be the territory margin (territory plus
//! prisoners, before komi). Every ruleset's margin is `T` plus named components:
//! - area counting adds `A − T = H + parity + passes + seki` (RULES.md §3), where `H` is the
//!   handicap (stones placed before the first White move), `passes` = White's mid-game passes
//!   minus Black's (those before the last stone: the passes that end the game shift no
//!   stone), `seki` = Black's seki eyes minus White's, and `parity` is the rest of
//!   `plays(B) − plays(W)`. In an even game Black moves first, so an alternating game's
//!   parity is 1 when Black placed the last stone and 0 when White did; in a handicap game
//!   White moves first after the `H` stones, so it is 0 when Black placed the last stone and
//!   −1 when White did (RULES.md §3's "N − 1 or N" is `H + parity`);
//! - Tromp-Taylor also adds `as-is area − A`: the dead stones it does not remove, and the
//!   points of open areas it leaves neutral where the count gives them to the nearer side (an
//!   unfinished game's); named `dead_stones` or `open_borders` after the larger part;
//! - Japanese counting subtracts the points that need teire (`T` counts them, as Korean
//!   counting does; see [`super::PointOwner::BlackTeire`]): the component `teire`;
//! - every ruleset subtracts its komi and its handicap bonus.
//!
//! The component `handicap_bonus` is `H` (area counting only) minus the bonus, so Chinese
//! (bonus N) and Japanese differ by no handicap component at all, AGA (N − 1) by one point.

use crate::rules::{Counting, Ruleset, RulesetId};

use super::{Agreement, FlipCause, KomiPolicy, Outcome, RecordedResult, RulesetScore};

/// Tolerance for comparing margins (all margins are multiples of ¼ point).
pub(crate) const EPS: f64 = 1e-6;

/// Whether a game counts as a handicap game: two or more handicap stones (RULES.md §1: a
/// 1-stone "handicap" is an even game without komi and gives N = 0).
pub(crate) fn is_handicap_game(handicap: u32) -> bool {
    handicap >= 2
}

/// The komi a ruleset is scored with.
///
/// - `Standard`: even games use the ruleset's standard komi; handicap games keep the recorded
///   komi (RULES.md §1 **choice**); a handicap game without recorded komi uses 0
///   (**choice**: the traditional handicap game has no komi).
/// - `Recorded`: the record's komi under every ruleset; without a recorded komi, falls back
///   to `Standard` (**choice**).
pub(crate) fn komi_for(
    rs: &Ruleset,
    policy: KomiPolicy,
    recorded: Option<f64>,
    handicap: u32,
) -> f64 {
    match (policy, recorded) {
        (KomiPolicy::Recorded, Some(k)) => k,
        _ if is_handicap_game(handicap) => recorded.unwrap_or(0.0),
        _ => rs.standard_komi,
    }
}

/// The winner of a margin under a ruleset's tie rule.
pub(crate) fn winner_of(rs: &Ruleset, margin: f64) -> Outcome {
    if margin > EPS {
        Outcome::Black
    } else if margin < -EPS {
        Outcome::White
    } else if rs.black_wins_ties {
        Outcome::Black
    } else {
        Outcome::Draw
    }
}

/// Inputs of the per-ruleset margin: the counts that differ between rulesets.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Bases {
    /// Territory margin: territory + prisoners, Black minus White, before komi.
    pub territory: f64,
    /// Area margin with dead stones removed, before komi and bonus.
    pub area: f64,
    /// Area margin with every stone alive (Tromp-Taylor).
    pub as_is: f64,
    /// Handicap stones (`H`), 0 for a game with fewer than two.
    pub handicap: u32,
    /// White's mid-game passes minus Black's (before the last stone placed).
    pub passes: f64,
    /// Black's seki eyes minus White's.
    pub seki: f64,
    /// Black's points of open areas minus White's (part of `area` and `territory`; see
    /// `Counts::black_open`).
    pub open: f64,
    /// Black's points needing teire minus White's (Japanese counting takes them off).
    pub teire: f64,
    /// `plays(B) − plays(W) − H − passes`.
    pub parity: f64,
}

/// Named components of one ruleset's margin relative to the territory margin (see the module
/// header), in the order of [`CAUSES`].
fn components(rs: &Ruleset, b: &Bases, komi: f64) -> [f64; CAUSES.len()] {
    let area_like = rs.counting == Counting::Area;
    let h = b.handicap as f64;
    let bonus = rs.handicap_bonus.points(b.handicap);
    let (parity, handicap, passes) = if area_like {
        (b.parity, h - bonus, b.passes)
    } else {
        (0.0, -bonus, 0.0)
    };
    let seki = if rs.seki_eyes_count { b.seki } else { 0.0 };
    // its own cause: the flips it made were all named `parity` (Japanese against Korean,
    // 143 Tygem games), with no stone of difference between the players
    let teire = if area_like || rs.teire_scores {
        0.0
    } else {
        -b.teire
    };
    let dead = if rs.removes_dead_stones {
        0.0
    } else {
        b.as_is - b.area
    };
    [parity, handicap, seki, -komi, passes, dead, teire]
}

/// The name of Tromp-Taylor's component `as_is − area`, which has two parts: the dead stones
/// it counts alive (`as_is − (area − open)`) and the open areas it leaves neutral (`−open`);
/// it is named after the larger (**choice**: one component, as before the split, so a flip
/// that either part explains is not `mixed`; a position with no dead stones is never blamed
/// on them).
fn tromp_taylor_cause(b: &Bases) -> FlipCause {
    let dead = b.as_is - (b.area - b.open);
    if dead.abs() >= b.open.abs() && dead.abs() > EPS {
        FlipCause::DeadStones
    } else {
        FlipCause::OpenBorders
    }
}

/// Position of [`FlipCause::Parity`] in [`CAUSES`].
const PARITY: usize = 0;
/// Position of [`FlipCause::Passes`] in [`CAUSES`].
const PASSES: usize = 4;
/// Position of [`FlipCause::Teire`] in [`CAUSES`].
const TEIRE: usize = 6;

const CAUSES: [FlipCause; 7] = [
    FlipCause::Parity,
    FlipCause::HandicapBonus,
    FlipCause::Seki,
    FlipCause::Komi,
    FlipCause::Passes,
    FlipCause::DeadStones,
    FlipCause::Teire,
];
const _: () = assert!(
    matches!(CAUSES[PARITY], FlipCause::Parity)
        && matches!(CAUSES[PASSES], FlipCause::Passes)
        && matches!(CAUSES[TEIRE], FlipCause::Teire)
);

/// Margin of one ruleset.
pub(crate) fn margin_for(rs: &Ruleset, b: &Bases, komi: f64) -> f64 {
    let base = if !rs.removes_dead_stones {
        b.as_is
    } else {
        let counted = match rs.counting {
            Counting::Area => b.area,
            Counting::Territory if !rs.teire_scores => b.territory - b.teire,
            Counting::Territory => b.territory,
        };
        // the area holds the seki eyes and the territory does not; a ruleset says which
        counted
            + match (rs.counting, rs.seki_eyes_count) {
                (Counting::Area, false) => -b.seki,
                (Counting::Territory, true) => b.seki,
                _ => 0.0,
            }
    };
    base - komi - rs.handicap_bonus.points(b.handicap)
}

/// Score under all seven rulesets.
pub(crate) fn per_ruleset(
    b: &Bases,
    policy: KomiPolicy,
    recorded_komi: Option<f64>,
    handicap: u32,
) -> [RulesetScore; 7] {
    RulesetId::ALL.map(|id| {
        let rs = Ruleset::preset(id);
        let komi = komi_for(&rs, policy, recorded_komi, handicap);
        let m = margin_for(&rs, b, komi);
        RulesetScore {
            margin_b_minus_w: m,
            winner: winner_of(&rs, m),
            komi_used: komi,
        }
    })
}

/// The score under the record's own rules and komi; `None` when either is unknown
/// (**choice**: a missing komi is not guessed).
pub(crate) fn recorded_rules_margin(
    b: &Bases,
    rules: Option<RulesetId>,
    komi: Option<f64>,
) -> Option<f64> {
    let rs = Ruleset::preset(rules?);
    Some(margin_for(&rs, b, komi?))
}

/// Compare our margin under the record's rules with the recorded result.
///
/// Not comparable: no recorded result, a result that is not a count (resignation, time,
/// forfeit…), an unknown winner, a win recorded without margin (`B+`), or no margin of ours
/// under the recorded rules. A recorded draw is exact when our margin is 0, also under Ing's
/// rules, which give the tie to Black.
pub(crate) fn agreement(
    ours: Option<f64>,
    rules: Option<RulesetId>,
    rec: Option<&RecordedResult>,
) -> Agreement {
    let (Some(ours), Some(rules), Some(rec)) = (ours, rules, rec) else {
        return Agreement::NotComparable;
    };
    if !rec.counted {
        return Agreement::NotComparable;
    }
    let rs = Ruleset::preset(rules);
    let our_winner = winner_of(&rs, ours);
    let Some(rec_margin) = rec.margin_b_minus_w() else {
        return Agreement::NotComparable;
    };
    let rec_winner = rec.winner.unwrap_or(Outcome::Draw);
    // a tie on the board is what a recorded draw says, whoever the tie rule names (Ing:
    // Black; a draw written under Ing rules was counted as one)
    if rec_winner == Outcome::Draw && ours.abs() <= EPS {
        return Agreement::Exact;
    }
    if our_winner != rec_winner {
        Agreement::Differs
    } else if (ours - rec_margin).abs() <= EPS {
        Agreement::Exact
    } else {
        Agreement::Winner
    }
}

/// Divergence between rulesets: whether they name different winners, whether such a flip
/// is a close one, and its cause.
///
/// Cause (**choice**, RULES.md is silent on how to name one cause for seven rulesets): for
/// each pair of rulesets with different winners, split the margin difference into the named
/// components (parity netted with passes and teire when they pull opposite ways, see
/// [`net_stone_count`]); the pair's cause is the only non-zero component, else the only
/// component that alone moves the second ruleset's margin to the first one's winner, else
/// `mixed` (Tromp-Taylor's component named by [`tromp_taylor_cause`]). Pairs
/// involving Tromp-Taylor are looked at only when no other pair flips. The game's cause is
/// the pairs' common cause, or `mixed` when they differ.
pub(crate) fn divergence(scores: &[RulesetScore; 7], b: &Bases) -> (bool, bool, Option<FlipCause>) {
    let presets = Ruleset::all();
    let flips = |i: usize, j: usize| scores[i].flips(&scores[j]);
    let (mut winner_flip, mut half_point_flip) = (false, false);
    for i in 0..7 {
        for j in i + 1..7 {
            winner_flip |= flips(i, j);
            half_point_flip |= scores[i].half_point_flips(&scores[j]);
        }
    }
    if !winner_flip {
        return (false, false, None);
    }
    let tt = RulesetId::TrompTaylor.index();
    let mut cause: Option<FlipCause> = None;
    for with_tt in [false, true] {
        for i in 0..7 {
            for j in i + 1..7 {
                if !flips(i, j) || ((i == tt || j == tt) != with_tt) {
                    continue;
                }
                let ci = components(&presets[i], b, scores[i].komi_used);
                let cj = components(&presets[j], b, scores[j].komi_used);
                let mut diff: [f64; CAUSES.len()] = std::array::from_fn(|k| ci[k] - cj[k]);
                net_stone_count(&mut diff);
                let same_margin =
                    (scores[i].margin_b_minus_w - scores[j].margin_b_minus_w).abs() <= EPS;
                let pair = if same_margin {
                    // the same margin, a tie (components that cancel out, or none): only the
                    // tie rule names different winners
                    FlipCause::TieRule
                } else {
                    pair_cause(
                        &presets[i],
                        scores[i].winner,
                        scores[j].margin_b_minus_w,
                        &diff,
                    )
                };
                let pair = match pair {
                    FlipCause::DeadStones => tromp_taylor_cause(b),
                    other => other,
                };
                cause = match cause {
                    None => Some(pair),
                    Some(c) if c == pair => Some(c),
                    Some(_) => Some(FlipCause::Mixed),
                };
            }
        }
        if cause.is_some() {
            break;
        }
    }
    (winner_flip, half_point_flip, cause)
}

/// Parity and passes are two parts of one count, `plays(B) − plays(W) − H`: when they pull
/// opposite ways, only their net moved the margin, and it goes to the larger of the two
/// (Black passed once mid-game and placed the last stone: parity 1 and passes −1 cancel, and
/// neither is a cause; had Black passed twice, passes −2 and parity 1 net to passes −1).
/// Teire is netted with parity the same way: the last dame White filled and a point Black
/// must fill cancel (handicap games of corpus/dev whose flip is the bonus alone were `mixed`).
fn net_stone_count(diff: &mut [f64; CAUSES.len()]) {
    for other in [PASSES, TEIRE] {
        let (parity, part) = (diff[PARITY], diff[other]);
        if parity * part >= 0.0 {
            continue;
        }
        let net = parity + part;
        if part.abs() >= parity.abs() {
            (diff[PARITY], diff[other]) = (0.0, net);
        } else {
            (diff[PARITY], diff[other]) = (net, 0.0);
        }
    }
}

fn pair_cause(
    rs_i: &Ruleset,
    winner_i: Outcome,
    margin_j: f64,
    diff: &[f64; CAUSES.len()],
) -> FlipCause {
    let nonzero: Vec<usize> = (0..CAUSES.len()).filter(|&k| diff[k].abs() > EPS).collect();
    if nonzero.len() == 1 {
        return CAUSES[nonzero[0]];
    }
    let alone: Vec<usize> = nonzero
        .iter()
        .copied()
        .filter(|&k| winner_of(rs_i, margin_j + diff[k]) == winner_i)
        .collect();
    if alone.len() == 1 {
        CAUSES[alone[0]]
    } else {
        FlipCause::Mixed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A recorded draw is a tie on the board under every ruleset, Ing's too, though Ing's tie
    /// rule names Black the winner of it.
    #[test]
    fn a_recorded_draw_matches_a_tie_under_ing() {
        let draw = RecordedResult {
            winner: Some(Outcome::Draw),
            margin: None,
            counted: true,
            stopped: false,
        };
        for rules in [RulesetId::Ing, RulesetId::Chinese, RulesetId::Japanese] {
            assert_eq!(
                agreement(Some(0.0), Some(rules), Some(&draw)),
                Agreement::Exact
            );
            assert_eq!(
                agreement(Some(1.0), Some(rules), Some(&draw)),
                Agreement::Differs
            );
        }
    }

    /// The margin asks the ruleset's fields, not its name: a territory ruleset that scores
    /// seki eyes, or an area ruleset that does not, moves by the seki eyes and names them.
    #[test]
    fn seki_eyes_follow_the_rulesets_field() {
        // Black has two seki eyes more than White; area − territory = those two
        let b = Bases {
            territory: 3.0,
            area: 5.0,
            as_is: 5.0,
            seki: 2.0,
            ..Bases::default()
        };
        let japanese = Ruleset::preset(RulesetId::Japanese);
        let chinese = Ruleset::preset(RulesetId::Chinese);
        assert_eq!(margin_for(&japanese, &b, 0.0), 3.0);
        assert_eq!(margin_for(&chinese, &b, 0.0), 5.0);
        let japanese_scoring_eyes = Ruleset {
            seki_eyes_count: true,
            ..japanese
        };
        let chinese_without_eyes = Ruleset {
            seki_eyes_count: false,
            ..chinese
        };
        assert_eq!(margin_for(&japanese_scoring_eyes, &b, 0.0), 5.0);
        assert_eq!(margin_for(&chinese_without_eyes, &b, 0.0), 3.0);
        // the components still add up to each margin (territory plus components)
        for rs in [
            japanese,
            chinese,
            japanese_scoring_eyes,
            chinese_without_eyes,
        ] {
            let sum: f64 = components(&rs, &b, 0.0).iter().sum();
            assert_eq!(b.territory + sum, margin_for(&rs, &b, 0.0), "{rs:?}");
        }
    }
}
