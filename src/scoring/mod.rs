//! Scoring: dead stones (from territory markup or estimated), seki, area and territory counts,
//! the score under each of the seven rulesets, agreement with the recorded result, and why
//! rulesets disagree. A pure function of the final position, the game's counters and the
//! record's result; see `../shared/RULES.md` §1–§4 for the rules it implements.
//!
//! ```text
//! final position ──► dead stones ──► seki ──► counts ──► per-ruleset margins ──► agreement
//!  (+ TB/TW)        (markup or       (dame     (area,     (komi policy,         divergence
//!                    estimate)        filling)  territory) handicap bonus)
//! ```
//!
//! Layout (private modules):
//! - `geom`: padded 1-D board indexing shared by every analysis array;
//! - `analysis`: chains, empty regions and the region–chain graph, union-find;
//! - `dead`: dead stones from markup, and the estimator for records without it (its module
//!   header describes the method);
//! - `playout`: local playouts, the estimator's referee for fights it cannot settle;
//! - `fastboard`: a small capture-aware board for playouts and the seki finder;
//! - `seki`: seki liberties and seki chains by dame filling;
//! - `disputed`: the chain, group or fight whose other fate makes our count equal a record
//!   that differs;
//! - `count`: area and territory counts, points needing teire (from the markup when there
//!   is one), per-point ownership;
//! - `score`: per-ruleset margins, komi policy, agreement, divergence causes (its module
//!   header gives the decomposition behind [`FlipCause`]).
//!
//! One [`Scorer`] per thread: it owns all scratch memory, so scoring allocates only the
//! report's point lists.

pub(crate) mod analysis;
pub(crate) mod count;
pub(crate) mod dead;
pub(crate) mod disputed;
pub(crate) mod fastboard;
pub(crate) mod geom;
pub(crate) mod local;
pub(crate) mod playout;
pub(crate) mod score;
pub(crate) mod seki;
#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod testutil;

pub use count::PointOwner;
pub use dead::{DeadReason, LifeReason};
pub use disputed::{ChainFate, DisputeKind, DisputedChain, DISPUTED_GROUP_DEAD_MAX};
pub use playout::{COUNTED_SETTLE_PLAYOUTS, MAX_SETTLE_PLAYOUTS, SETTLE_PLAYOUTS};

use crate::rules::board::Board;
use crate::rules::{Color, Point, RulesetId};

use analysis::Structure;
use count::{Counter, Counts, Marks, Markup};
use dead::{DeadEstimator, LIFE_UNPROVEN};
use geom::{Geom, BLACK, WHITE};
use seki::SekiFinder;

/// Which komi the per-ruleset scores use (RULES.md §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum KomiPolicy {
    /// Even games: each ruleset's standard komi. Handicap games: the recorded komi.
    #[default]
    Standard,
    /// The record's komi under every ruleset.
    Recorded,
}

/// Who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Black,
    White,
    Draw,
}

impl Outcome {
    /// `"B"`, `"W"` or `"draw"`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Black => "B",
            Outcome::White => "W",
            Outcome::Draw => "draw",
        }
    }
}

/// Where the dead stones came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadSource {
    /// Territory markup (`TB`/`TW`) of the last node: a stone on the other side's territory
    /// point is dead.
    Markup,
    /// The estimator (no markup).
    Estimated,
    /// Nothing to decide: the board holds no stones.
    None,
}

impl DeadSource {
    /// `"markup"`, `"estimated"` or `"none"`.
    pub fn name(self) -> &'static str {
        match self {
            DeadSource::Markup => "markup",
            DeadSource::Estimated => "estimated",
            DeadSource::None => "none",
        }
    }
}

/// How our score under the record's rules compares with the recorded result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Agreement {
    /// Same winner and same margin.
    Exact,
    /// Same winner, another margin.
    Winner,
    /// Another winner.
    Differs,
    /// No counted result to compare with, or no score of ours under the record's rules.
    NotComparable,
}

impl Agreement {
    /// `"exact"`, `"winner"`, `"differs"` or `"not_comparable"`.
    pub fn name(self) -> &'static str {
        match self {
            Agreement::Exact => "exact",
            Agreement::Winner => "winner",
            Agreement::Differs => "differs",
            Agreement::NotComparable => "not_comparable",
        }
    }
}

/// Why two rulesets name different winners (the decomposition is in the `score` module).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlipCause {
    /// Who placed the last stone (area − territory = plays(B) − plays(W), RULES.md §3).
    Parity,
    /// The handicap bonus (and the handicap stones area counting scores).
    HandicapBonus,
    /// Seki eyes, which area counting scores and territory counting does not.
    Seki,
    /// Different komi.
    Komi,
    /// Passes during the game, before the last stone (a pass is a stone not played; the
    /// passes that end the game come after every stone and shift none).
    Passes,
    /// Tromp-Taylor counts the dead stones as alive.
    DeadStones,
    /// Tromp-Taylor leaves neutral the open areas of an unfinished game, which the other
    /// rulesets' count gives to the side whose stones are nearer.
    OpenBorders,
    /// The same margin, a tie, read by different tie rules: Ing gives Black the win, the
    /// others call it a draw.
    TieRule,
    /// Points inside a territory its owner must fill (teire): Korean counting scores them,
    /// Japanese counting does not.
    Teire,
    /// Several causes together.
    Mixed,
}

impl FlipCause {
    /// The snake_case name.
    pub fn name(self) -> &'static str {
        match self {
            FlipCause::Parity => "parity",
            FlipCause::HandicapBonus => "handicap_bonus",
            FlipCause::Seki => "seki",
            FlipCause::Komi => "komi",
            FlipCause::Passes => "passes",
            FlipCause::DeadStones => "dead_stones",
            FlipCause::OpenBorders => "open_borders",
            FlipCause::TieRule => "tie_rule",
            FlipCause::Teire => "teire",
            FlipCause::Mixed => "mixed",
        }
    }
}

/// The recorded result (`RE`) as the SGF layer parsed it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RecordedResult {
    pub winner: Option<Outcome>,
    /// The winner's margin in points (positive), when the result states one.
    pub margin: Option<f64>,
    /// Whether the result is a count (a score or a draw), as opposed to resignation, time…,
    /// of the game the record holds (not of one whose moves it lacks).
    pub counted: bool,
    /// Whether the result says the game stopped before any count (resignation, time,
    /// forfeit): its boundaries are unfinished, and the count splits every neutral area
    /// between the sides near their stones (see `count::STOPPED_OPEN_DAME`).
    pub stopped: bool,
}

impl RecordedResult {
    /// The recorded margin as Black minus White, in points: 0 for a draw; `None` when the
    /// winner or a win's margin is unknown.
    pub fn margin_b_minus_w(&self) -> Option<f64> {
        match (self.winner?, self.margin) {
            (Outcome::Draw, _) => Some(0.0),
            (Outcome::Black, Some(m)) => Some(m.abs()),
            (Outcome::White, Some(m)) => Some(-m.abs()),
            _ => None,
        }
    }
}

/// Everything scoring needs about one game.
#[derive(Clone, Copy, Debug)]
pub struct ScoreInput<'a> {
    /// The final position.
    pub board: &'a Board,
    /// `TB` of the last node (may be empty).
    pub territory_black: &'a [Point],
    /// `TW` of the last node (may be empty).
    pub territory_white: &'a [Point],
    /// Prisoners taken during play.
    pub captures_by_black: u32,
    pub captures_by_white: u32,
    /// Board moves including handicap setup stones, excluding passes.
    pub black_plays: u32,
    pub white_plays: u32,
    /// Passes before the last stone placed (the closing passes left out): the mid-game
    /// passes of RULES.md §3's identity.
    pub black_midgame_passes: u32,
    pub white_midgame_passes: u32,
    pub last_mover: Option<Color>,
    /// Handicap stones N (a value below 2 is an even game).
    pub handicap: u32,
    /// Komi in points.
    pub recorded_komi: Option<f64>,
    pub recorded_rules: Option<RulesetId>,
    pub recorded_result: Option<RecordedResult>,
    pub komi_policy: KomiPolicy,
}

/// The score under one ruleset.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RulesetScore {
    /// Black minus White in points, after komi and handicap bonus.
    pub margin_b_minus_w: f64,
    pub winner: Outcome,
    /// The komi this score used (see [`KomiPolicy`]).
    pub komi_used: f64,
}

impl RulesetScore {
    /// Whether the two scores name different winners.
    pub fn flips(&self, other: &RulesetScore) -> bool {
        self.winner != other.winner
    }

    /// Whether the two scores make a half-point flip: different winners, and the game within
    /// one point under both (B+0.5 under one against W+0.5 under the other, RULES.md §3; a
    /// draw against either). The one definition behind `half_point_flip`, the summary's
    /// counts per pair and `queries/winner_flips_by_pair.sql`.
    pub fn half_point_flips(&self, other: &RulesetScore) -> bool {
        const CLOSE: f64 = 1.0 + 1e-9;
        self.flips(other)
            && self.margin_b_minus_w.abs() <= CLOSE
            && other.margin_b_minus_w.abs() <= CLOSE
    }
}

/// The result of scoring one game.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreReport {
    /// Indexed by [`RulesetId::index`].
    pub per_ruleset: [RulesetScore; 7],
    /// Chinese margin in stones (子): half the point margin (RULES.md §2).
    pub margin_chinese_stones: f64,
    /// Area margin with every stone alive, before komi (the "as-is" score).
    pub margin_as_is_area: f64,
    /// Our margin under the record's rules and komi; `None` if either is unknown.
    pub margin_recorded_rules: Option<f64>,
    pub record_agreement: Agreement,
    /// Two rulesets name different winners.
    pub winner_flip: bool,
    /// Some two rulesets make a half-point flip ([`RulesetScore::half_point_flips`]).
    pub half_point_flip: bool,
    pub flip_cause: Option<FlipCause>,
    pub dead_source: DeadSource,
    /// Points (stones) whose life the estimator could not decide with confidence: a split
    /// playout verdict (counted dead or alive by the majority rule, see `dead_stones`) or none
    /// at all (counted alive).
    pub unsettled_points: u32,
    pub dead_black: u32,
    pub dead_white: u32,
    /// Seki eyes plus shared seki liberties.
    pub seki_points: u32,
    /// Seki eyes of Black (part of `seki_points`): area counting scores them for Black,
    /// territory counting scores nothing (see [`ScoreReport::margin_seki_eyes_counted`]).
    pub black_seki_eyes: u32,
    /// Seki eyes of White (part of `seki_points`).
    pub white_seki_eyes: u32,
    /// Neutral points outside seki.
    pub dame_points: u32,
    /// Points of open neutral areas (a game stopped with open borders) that the count gives
    /// to Black as the side whose stones are nearer (part of `black_territory`); Tromp-Taylor
    /// gives them to nobody.
    pub open_black: u32,
    /// The same for White.
    pub open_white: u32,
    /// Live stones plus territory plus seki eyes.
    pub black_area: u32,
    pub white_area: u32,
    /// Territory (empty points and dead stones surrounded by one colour), seki eyes and points
    /// needing teire excluded.
    pub black_territory: u32,
    pub white_territory: u32,
    /// Territory points that must be filled (teire), both colours: a chain's last liberty once the
    /// dame are filled, or with markup the points the markup leaves out (see [`PointOwner::BlackTeire`]).
    /// Japanese counting leaves them out of territory, Korean and area counting score them
    /// for their owner.
    pub teire_points: u32,
    /// Black's points needing teire (part of `teire_points`).
    pub black_teire: u32,
    /// White's points needing teire.
    pub white_teire: u32,
    /// Dead black stones thrown into a two-point White eye: a lone stone in atari whose one
    /// liberty touches only live White stones (and the edge). A count that leaves such a
    /// stone on the board scores 3 points less for White, under territory counting (the
    /// stone's point, its prisoner, the liberty) and area counting alike (see
    /// [`ScoreReport::throw_ins_left_matching`]).
    pub black_throw_ins: u32,
    /// Dead white stones thrown into a two-point Black eye (as `black_throw_ins`).
    pub white_throw_ins: u32,
    /// Prisoners each side holds: captures during play plus dead stones taken off.
    pub prisoners_black: u32,
    pub prisoners_white: u32,
    /// Dead stones, row-major (why each is dead: [`Scorer::dead_reasons`]).
    pub dead_stones: Vec<Point>,
    /// Stones of chains in seki, row-major.
    pub seki_stones: Vec<Point>,
    /// Stones the estimator could not decide with confidence (see `unsettled_points`),
    /// row-major.
    pub unsettled_stones: Vec<Point>,
    /// What each point counts as, row-major (`y * width + x`).
    pub ownership: Vec<PointOwner>,
    /// For a counted record we do not reproduce exactly: the chain, group or fight whose
    /// other fate makes our count equal it, if there is one (see [`DisputedChain`]).
    pub disputed_chain: Option<DisputedChain>,
}

/// Smallest recorded margin (points) whose exact opposite, as our count, names a record
/// with its colours swapped (see [`ScoreReport::colours_swapped`]). **choice**, measured: the
/// 23,230 counted Tygem games hold 30 exact opposites, all within 3.5 points of a tie (a teire
/// or thrown-in convention away from it); corpus/dev holds 8 of 7.5 to 59.5 points (five
/// KGS games of 2000, three records of GNU Go's regression suite, two of them 13×13
/// computer-tournament games) and 5 within 1.5 points.
pub const SWAPPED_MIN_MARGIN: f64 = 5.0;

impl ScoreReport {
    /// Whether the recorded margin `recorded` (Black minus White) is the exact opposite of
    /// [`ScoreReport::margin_recorded_rules`], by [`SWAPPED_MIN_MARGIN`] points or more: our
    /// count gives the other side the very margin the record gives one, so the record most
    /// likely names the wrong colour (its winner swapped, or its players).
    pub fn colours_swapped(&self, recorded: f64) -> bool {
        recorded.abs() >= SWAPPED_MIN_MARGIN && self.margin_recorded_rules == Some(-recorded)
    }

    /// [`ScoreReport::margin_recorded_rules`] under the other teire convention, for a record
    /// under `rules`: Korean counting with the teire points taken off, Japanese counting with
    /// them scored (records follow either way, game by game: Tygem counts them in about two
    /// games of three). `None` under area counting (filling a teire point changes no area),
    /// unknown rules, or without teire points.
    pub fn margin_other_teire_convention(&self, rules: Option<RulesetId>) -> Option<f64> {
        let m = self.margin_recorded_rules?;
        if self.teire_points == 0 {
            return None;
        }
        let teire = f64::from(self.black_teire) - f64::from(self.white_teire);
        match rules? {
            RulesetId::Korean => Some(m - teire),
            RulesetId::Japanese => Some(m + teire),
            _ => None,
        }
    }

    /// [`ScoreReport::margin_recorded_rules`] with the seki eyes scored as territory, for a
    /// record under territory counting (`rules` Korean or Japanese): the margin moves by
    /// Black's seki eyes minus White's. The rules score nothing for them (RULES.md §1), and
    /// neither do KGS's Japanese counts, but Tygem's Korean counts score them in about three
    /// games of five where they differ (`tests/audit/scoring_accuracy.rs`). `None` under
    /// area counting (which scores them already), unknown rules, or when both sides have as
    /// many seki eyes.
    pub fn margin_seki_eyes_counted(&self, rules: Option<RulesetId>) -> Option<f64> {
        let m = self.margin_recorded_rules?;
        let eyes = f64::from(self.black_seki_eyes) - f64::from(self.white_seki_eyes);
        match rules? {
            RulesetId::Korean | RulesetId::Japanese if eyes != 0.0 => Some(m + eyes),
            _ => None,
        }
    }

    /// The fewest thrown-in stones (Black's, White's; see [`ScoreReport::black_throw_ins`])
    /// a count must leave on the board for [`ScoreReport::margin_recorded_rules`] to equal
    /// `recorded` (Black minus White): each black one adds 3 points to the margin, each
    /// white one takes 3. `None` when no choice of them does, or when none is needed.
    /// Tygem's counts leave one in about one game in thirty that has one, and nothing in the
    /// position or the players tells which (`tests/audit/scoring_accuracy.rs`).
    pub fn throw_ins_left_matching(&self, recorded: f64) -> Option<(u32, u32)> {
        self.throw_ins_left_matching_from(self.margin_recorded_rules?, recorded)
    }

    /// [`ScoreReport::throw_ins_left_matching`] from the margin `m` instead of
    /// `margin_recorded_rules` (say, that margin under the other teire convention).
    pub fn throw_ins_left_matching_from(&self, m: f64, recorded: f64) -> Option<(u32, u32)> {
        let mut best: Option<(u32, u32)> = None;
        for b in 0..=self.black_throw_ins {
            for w in 0..=self.white_throw_ins {
                let fewer = best.is_none_or(|(x, y)| b + w < x + y);
                if b + w > 0 && fewer && m + 3.0 * (f64::from(b) - f64::from(w)) == recorded {
                    best = Some((b, w));
                }
            }
        }
        best
    }
}

/// Dead lone stones in atari, per colour (black, white), whose one liberty touches nothing
/// but live stones of the other colour and the edge: stones thrown into a two-point eye (see
/// [`ScoreReport::black_throw_ins`]).
fn throw_ins(g: &Geom, cells: &[u8], st: &Structure, dead: &[bool]) -> (u32, u32) {
    let mut n = (0, 0);
    for (ch, info) in st.chains.iter().enumerate() {
        let s = st.stones(ch)[0] as usize;
        if info.size != 1 || info.libs != 1 || !dead[s] {
            continue;
        }
        let other = geom::opp(info.color);
        let Some(lib) = g.adj(s).into_iter().find(|&p| cells[p] == geom::EMPTY) else {
            continue;
        };
        let enclosed = g
            .adj(lib)
            .into_iter()
            .all(|p| p == s || cells[p] == geom::WALL || (cells[p] == other && !dead[p]));
        if enclosed {
            if info.color == BLACK {
                n.0 += 1;
            } else {
                n.1 += 1;
            }
        }
    }
    n
}

/// Scores games. Holds per-thread scratch memory: make one per thread and reuse it.
#[derive(Clone, Debug)]
pub struct Scorer {
    pub(crate) g: Geom,
    pub(crate) cells: Vec<u8>,
    pub(crate) st: Structure,
    pub(crate) estimator: DeadEstimator,
    pub(crate) seki_finder: SekiFinder,
    pub(crate) counter: Counter,
    pub(crate) dead: Vec<bool>,
    pub(crate) seki: Vec<bool>,
    /// Per stone: `LIFE_ALIVE` (group proved alive, two eyes), `LIFE_WEAK` (no two eyes,
    /// left alive by the playouts) or `LIFE_UNPROVEN`.
    pub(crate) alive: Vec<u8>,
    pub(crate) owner: Vec<PointOwner>,
    /// `seki` and `owner` kept aside while the disputed-chain search recounts.
    pub(crate) keep_seki: Vec<bool>,
    pub(crate) keep_owner: Vec<PointOwner>,
}

impl Default for Scorer {
    fn default() -> Self {
        Scorer::new()
    }
}

/// What [`Scorer::analyse`] found: counts plus the dead-stone and seki decisions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Analysed {
    pub counts: Counts,
    pub as_is: (u32, u32),
    pub source: DeadSource,
    pub unsettled: u32,
}

impl Scorer {
    pub fn new() -> Scorer {
        Scorer {
            g: Geom::new(1, 1),
            cells: Vec::new(),
            st: Structure::default(),
            estimator: DeadEstimator::default(),
            seki_finder: SekiFinder::default(),
            counter: Counter::default(),
            dead: Vec::new(),
            seki: Vec::new(),
            alive: Vec::new(),
            owner: Vec::new(),
            keep_seki: Vec::new(),
            keep_owner: Vec::new(),
        }
    }

    /// How many playouts decide the groups still open at the end of the dead-stone estimate
    /// (default [`SETTLE_PLAYOUTS`]; clamped to `1..=`[`MAX_SETTLE_PLAYOUTS`]). More playouts
    /// judge unfinished fights (resigned games) better and cost time in proportion; the
    /// measured trade-off is at [`SETTLE_PLAYOUTS`]. A game the record says was counted runs
    /// [`COUNTED_SETTLE_PLAYOUTS`] unless `n` is more.
    pub fn set_settle_playouts(&mut self, n: usize) {
        self.estimator.settle_playouts = dead::SettlePlayouts::new(n);
    }

    /// Draw the estimator's playouts from sample `seed` (default 0). Every seed is
    /// deterministic; comparing a few shows how much of an estimate is the playouts' luck
    /// (on the Tygem counted games, seeds 0–4 spread over 19 exact results and 14 wrong
    /// winners: `benches/seed_spread.py`).
    pub fn set_playout_seed(&mut self, seed: u64) {
        self.estimator.reader.salt = seed;
    }

    /// Whether a split verdict of the settle playouts (a group surviving between ¼ and ¾ of
    /// them) gets a second batch of as many playouts, the verdicts then taken over both
    /// (default on). Off, the first batch decides: on the Tygem scan a third less CPU, the
    /// counted games nearly the same (8 exact results fewer of 23,230) and 2.3 points fewer
    /// resigned games named (README, "Playouts").
    pub fn set_second_batch(&mut self, on: bool) {
        self.estimator.single_batch = !on;
    }

    /// The settle playouts in use (see [`Scorer::set_settle_playouts`]).
    pub fn settle_playouts(&self) -> usize {
        self.estimator.settle_playouts.get()
    }

    /// Why each of `dead_stones` (the report's list for the game this scorer scored last) is
    /// dead, in the same order: the markup, or the step of the estimator that killed its
    /// chain. Kept out of [`ScoreReport`], which every row pays for: `explain` asks for it.
    pub fn dead_reasons(&self, dead_stones: &[Point]) -> Vec<DeadReason> {
        dead_stones
            .iter()
            .map(|&p| {
                let i = self.g.idx(p.x as usize, p.y as usize);
                let ch = self.st.chain_id.get(i).copied().unwrap_or(analysis::NONE);
                // markup marks whole chains, and the estimator gives every chain it kills
                // its reason in the same step
                self.estimator
                    .why
                    .get(ch as usize)
                    .copied()
                    .flatten()
                    .unwrap_or(DeadReason::NoTwoEyes)
            })
            .collect()
    }

    /// The living chains of the game this scorer scored last whose life the estimator did not
    /// prove by two eyes, each as its first stone (row-major), its size and why it lives;
    /// in board order. Empty when the dead stones came from markup. Like
    /// [`Scorer::dead_reasons`], kept out of [`ScoreReport`]: `explain` asks for it.
    pub fn life_reasons(&self) -> Vec<(Point, u16, LifeReason)> {
        let mut out = Vec::new();
        for (ch, why) in self.estimator.life.iter().enumerate() {
            let (Some(why), Some(info)) = (why, self.st.chains.get(ch)) else {
                continue;
            };
            let first = self.st.stones(ch)[0] as usize;
            out.push((self.g.point(first), info.size, *why));
        }
        out
    }

    /// Score one game.
    pub fn score(&mut self, input: &ScoreInput) -> ScoreReport {
        let board = input.board;
        let g = Geom::new(board.width() as usize, board.height() as usize);
        if g != self.g || self.cells.len() != g.size {
            self.g = g;
            self.cells = g.blank_cells();
        }
        // whole rows copied: the board stores the codes our cells use (`EMPTY`, `BLACK`,
        // `WHITE`). **choice**: a `Board::get` per point cost 43 M of `Scorer::score`'s
        // 3,877 M instructions on the score bench (5,000 Tygem games)
        for y in 0..g.h {
            let row = g.idx(0, y);
            self.cells[row..row + g.w].copy_from_slice(board.row_codes(y as u8));
        }
        // who a capturing race the first move decides goes to (see the estimator's field)
        self.estimator.tempo_winner = match (input.last_mover, input.recorded_result) {
            (Some(last), Some(result)) => {
                let last = crate::rules::board::code(last);
                if result.counted {
                    geom::opp(last)
                } else {
                    last
                }
            }
            _ => geom::EMPTY,
        };
        self.estimator.counted = input.recorded_result.is_some_and(|r| r.counted);
        self.counter.stopped = input.recorded_result.is_some_and(|r| r.stopped);
        let a = self.analyse(input.territory_black, input.territory_white);
        let mut report = self.report(input, &a);
        report.disputed_chain = self.disputed_chain(input, &a, &report);
        report
    }

    /// Dead stones, seki and counts of `self.cells` (geometry `self.g`).
    /// Counts the position with the current dead, seki and alive marks.
    fn count_marked(&mut self, g: &Geom, markup: Option<Markup>) -> Counts {
        self.counter.count(
            g,
            &self.cells,
            Marks {
                dead: &self.dead,
                seki: &self.seki,
                alive: &self.alive,
                markup,
            },
            &self.st,
            &mut self.owner,
        )
    }

    /// Counts the position with the current dead and alive marks, finding the seki first
    /// when the count shows a neutral area where one may be (`self.seki` must be clear).
    fn count_with_seki(&mut self, g: &Geom, markup: Option<Markup>) -> Counts {
        let counts = self.count_marked(g, markup);
        // seki needs a small neutral area touching unproven stones of both colours
        if self.counter.maybe_seki
            && self.seki_finder.find(
                g,
                &self.cells,
                &self.st,
                &self.dead,
                &self.alive,
                &mut self.seki,
                // territory markup is a count too: the players left the position as it is
                self.estimator.counted || markup.is_some(),
            ) > 0
        {
            return self.count_marked(g, markup);
        }
        counts
    }

    pub(crate) fn analyse(&mut self, tb: &[Point], tw: &[Point]) -> Analysed {
        let g = self.g;
        self.dead.clear();
        self.dead.resize(g.size, false);
        self.seki.clear();
        self.seki.resize(g.size, false);
        self.alive.clear();
        self.alive.resize(g.size, LIFE_UNPROVEN);
        self.owner.clear();
        self.owner.resize(g.size, PointOwner::Dame);
        self.st.compute(&g, &self.cells);
        self.estimator.unsettled.clear();
        let has_stones = !self.st.chains.is_empty();
        let markup = !tb.is_empty() || !tw.is_empty();
        if markup {
            dead::from_markup(&g, &self.cells, tb, tw, &mut self.dead);
        }
        let (source, unsettled) = if markup {
            (DeadSource::Markup, 0)
        } else if has_stones {
            (DeadSource::Estimated, 0)
        } else {
            (DeadSource::None, 0)
        };
        let unsettled = if has_stones {
            self.estimator.estimate(
                &g,
                &self.cells,
                &self.st,
                markup,
                &mut self.dead,
                &mut self.alive,
            )
        } else {
            unsettled
        };
        let markup = markup.then_some(Markup {
            black: tb,
            white: tw,
        });
        let counts = self.count_with_seki(&g, markup);
        let as_is = count::as_is_area(&self.st);
        Analysed {
            counts,
            as_is,
            source,
            unsettled,
        }
    }

    /// What the per-ruleset margins are made of, from the counts `k` of a game and its
    /// as-is areas.
    fn bases(&self, input: &ScoreInput, k: &Counts, as_is: (u32, u32)) -> score::Bases {
        let h = if score::is_handicap_game(input.handicap) {
            input.handicap
        } else {
            0
        };
        let passes = input.white_midgame_passes as f64 - input.black_midgame_passes as f64;
        score::Bases {
            territory: k.territory_margin(input.captures_by_black, input.captures_by_white),
            area: k.area_margin(),
            as_is: as_is.0 as f64 - as_is.1 as f64,
            handicap: h,
            passes,
            seki: k.black_seki_eyes as f64 - k.white_seki_eyes as f64,
            open: k.black_open as f64 - k.white_open as f64,
            teire: k.teire_margin(),
            parity: input.black_plays as f64 - input.white_plays as f64 - h as f64 - passes,
        }
    }

    fn report(&self, input: &ScoreInput, a: &Analysed) -> ScoreReport {
        let g = self.g;
        let k = &a.counts;
        let bases = self.bases(input, k, a.as_is);
        let per_ruleset = score::per_ruleset(
            &bases,
            input.komi_policy,
            input.recorded_komi,
            input.handicap,
        );
        let margin_recorded_rules =
            score::recorded_rules_margin(&bases, input.recorded_rules, input.recorded_komi);
        let record_agreement = score::agreement(
            margin_recorded_rules,
            input.recorded_rules,
            input.recorded_result.as_ref(),
        );
        let (winner_flip, half_point_flip, flip_cause) = score::divergence(&per_ruleset, &bases);
        let (black_throw_ins, white_throw_ins) = throw_ins(&g, &self.cells, &self.st, &self.dead);
        let mut dead_stones = Vec::new();
        let mut seki_stones = Vec::new();
        // the estimator's list belongs to this game only when it ran on this game
        let mut unsettled_stones: Vec<Point> = if a.source == DeadSource::Estimated {
            self.estimator
                .unsettled
                .iter()
                .map(|&s| g.point(s as usize))
                .collect()
        } else {
            Vec::new()
        };
        unsettled_stones.sort_unstable_by_key(|p| (p.y, p.x));
        // **choice**: row by row, the ownership copied a row at a time and each point made
        // from its coordinates, not from its index by a division: `Scorer::score` 19 M
        // fewer instructions (of 3,781 M) on the score bench
        let mut ownership = Vec::with_capacity(g.area());
        for y in 0..g.h {
            let row = g.idx(0, y);
            ownership.extend_from_slice(&self.owner[row..row + g.w]);
            for x in 0..g.w {
                let i = row + x;
                if self.dead[i] {
                    dead_stones.push(Point::new(x as u8, y as u8));
                }
                if self.seki[i] && (self.cells[i] == BLACK || self.cells[i] == WHITE) {
                    seki_stones.push(Point::new(x as u8, y as u8));
                }
            }
        }
        ScoreReport {
            margin_chinese_stones: per_ruleset[RulesetId::Chinese.index()].margin_b_minus_w / 2.0,
            per_ruleset,
            margin_as_is_area: bases.as_is,
            margin_recorded_rules,
            record_agreement,
            winner_flip,
            half_point_flip,
            flip_cause,
            dead_source: a.source,
            unsettled_points: a.unsettled,
            dead_black: k.dead_black,
            dead_white: k.dead_white,
            seki_points: k.black_seki_eyes + k.white_seki_eyes + k.seki_shared,
            black_seki_eyes: k.black_seki_eyes,
            white_seki_eyes: k.white_seki_eyes,
            dame_points: k.dame,
            open_black: k.black_open,
            open_white: k.white_open,
            black_area: k.black_area(),
            white_area: k.white_area(),
            black_territory: k.black_territory,
            teire_points: k.black_teire + k.white_teire,
            black_teire: k.black_teire,
            white_teire: k.white_teire,
            black_throw_ins,
            white_throw_ins,
            white_territory: k.white_territory,
            prisoners_black: input.captures_by_black + k.dead_white,
            prisoners_white: input.captures_by_white + k.dead_black,
            dead_stones,
            seki_stones,
            unsettled_stones,
            ownership,
            disputed_chain: None,
        }
    }
}
