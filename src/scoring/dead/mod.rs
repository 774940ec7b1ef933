//! Dead stones: read from territory markup, or estimated from the final position.
//!
//! # The estimator
//!
//! Real records stop where the players stopped: dead stones are still on the board, some
//! dame are open, now and then a boundary too. The estimator is a static analysis on the
//! region–chain graph with local playouts as referee for the fights it cannot settle:
//!
//! 0. **Snapbacks.** A chain of two stones or more in atari whose liberty touches only
//!    itself, the edge and single enemy stones in atari on that point is dead from the start
//!    (capturing the single stone is a snapback), unless it can capture another chain instead.
//! 1. **Enclosures.** For each colour `c`, a `c`-enclosure is a connected set of points not
//!    occupied by `c` (empty points and enemy stones), bounded by `c`'s stones and the edge.
//!    Black's territory with dead white stones in it is a black enclosure; so is White's whole
//!    area seen from Black. Each enclosure gets an eye value (0–2) from its size and shape
//!    (killable shapes: square and pyramid four, bulky and crossed five, flower six; a space
//!    holding dead enemy stones is worth two eyes only with six empty points or more, with
//!    one stone and three empty points or more, or when the stones are single stones in
//!    atari, two or more of them beside two empty points or more). A point where a wall
//!    chain is in atari is no part of the eye: the enemy captures the wall there; nor is a
//!    point where a wall chain has its only other liberty outside the space: the enemy fills
//!    that one and the wall must connect inside. A space holding enemy stones is worth one
//!    eye at most when a wall chain of two stones or more is in atari inside it
//!    ([`ATARI_WALL_STONES`]), and none when it holds three enemy chains or more, none in
//!    atari, in fewer than six empty points ([`UNSETTLED_CONTENTS`]).
//! 2. **Groups.** Chains are joined into groups through *links* (a shared liberty: at the end
//!    of a game two chains of one colour that share a liberty are nearly always connected;
//!    **choice**, tuned on the Tygem counted games, where requiring two shared liberties or an
//!    uncuttable one did worse) and through enclosures that are proven eyes (every enclosed
//!    stone dead, or none). A group's proven eye value (`pess`) counts
//!    those eyes, a one-point eye counting 0 when enemy stones on its diagonals make it
//!    false or when one enemy move on an empty diagonal would (in the middle of the board,
//!    one enemy diagonal there already; it is potential then); a group worth two eyes is
//!    **alive** (a Benson-like floor, but heuristic: a big territory counts as two eyes).
//! 3. **Potential.** A group's potential (`opt`) adds every open enclosure on its border that
//!    it could turn into an eye by capturing what is inside — unless that means capturing
//!    more stones than the group has (White's whole area is no eye of a lone black stone) —
//!    and one-point eyes false only because of enemy stones that may yet die. One empty point
//!    beside an enemy stone in atari is the one-point eye left at the stone's point once it is
//!    captured, and worth nothing when live enemy stones already make that eye false. An
//!    empty region walled by the group but for a few enemy stones on its rim (seven points or
//!    more no enemy stone touches, at most one in six touched; enemy chains of one or two
//!    liberties, all in the region, are its prisoners and touch nothing) is worth two: the
//!    enemy chain there, linked to its wall outside, makes the space no enclosure, yet cannot
//!    stop the eyes.
//! 4. **Killing, outermost first.** An enclosure is *hopeless* when nothing inside has the
//!    potential of two eyes while its walls do, and it is not *open board* (in a game stopped
//!    mid-fight, over a hundred empty points holding ten enemy stones or more, or forty enemy
//!    stones whatever the space: the enemy's groups there have room yet, and the final
//!    playouts judge them). Its contents die, unless a wall chain sits in
//!    another hopeless enclosure (the walls may die first and free the contents: nested
//!    death) or is in atari outside it with no escape (its capture opens the enclosure);
//!    when the walls reach two eyes only through potential, the contents die only in a
//!    round where nothing else does (what the walls hoped to capture may live). A one- or
//!    two-stone chain in a small eye space that only the group bounds (a nakade stone, e.g.
//!    the bent four in the corner) does not count as such a wall. When
//!    unproven wall chains short of liberties share liberties with the contents, or have
//!    two liberties or fewer (a capturing race or a seki), local playouts decide instead;
//!    in an enclosure too big for that check, only when a content chain of six stones or
//!    more has more liberties than an eyeless wall chain beside it.
//!    Contents that are one chain of two stones or more
//!    whose liberties fill the enclosure (no eye of its own) live in seki when no wall group
//!    has an eye, proven or potential, anywhere else: neither side can fill the shared
//!    liberties once the dame are filled. When only a potential eye stands in the way, the
//!    contents wait until a round where nothing else dies (the potential is often a
//!    neighbouring enemy group that turns out to live). Contents in that seki shape which
//!    the semeai playouts let survive live in seki too, once a round kills nothing else.
//!    Two single stones beside an empty corner point, the diagonal point empty too, live in
//!    seki with the walls around them when those walls, once they fill the diagonal point,
//!    would have no liberty but one eye of one or two points (a corner seki). Contents in
//!    that seki shape whose eyeless walls sit in turn in an enclosure walled by the contents
//!    and by living outer chains (each enclosure waiting for the other's walls to die) live
//!    in seki with those walls when the walls' capture of the contents would leave them two
//!    eyes, and live while the walls die when it would not (a nested seki). Contents in
//!    that seki shape whose eyeless walls sit among living chains live, and the walls die,
//!    when their side can sacrifice them so that the walls' capture leaves one eye.
//!    Neither seki holds when a wall chain has one liberty inside the enclosure and every
//!    other beside a living enemy stone: the enemy fills those from outside and captures
//!    the wall, so the final playouts judge the fight.
//!    Contents that no enemy move can approach (every move on their liberties suicide, or a
//!    sacrifice that leaves them a second eye, the walls short of liberties but for eyes of
//!    their own) live in a closed seki, here and after the final playouts. Contents and
//!    walls short of liberties whose whole fight fits the local solver (chains as nodes, at
//!    most [`MAX_LOCAL`] points) are read out before they die: a seki when neither side,
//!    moving first, captures ([`DeadEstimator::read_seki`]).
//! 5. Repeat 2–4 until nothing changes; then enclosures whose contents live only on potential
//!    inside living walls go to playouts ("contested"), and so do the groups still left
//!    without two eyes ("settle"), all in one batch, together with groups that reach two
//!    eyes only on potential while touching an undecided enemy group short of two eyes
//!    (a capturing race where each side counts on capturing the other).
//!
//! The final batch and the semeai checks play on the board without the stones already judged
//! dead outside their area ([`DeadEstimator::playout_board`]): the walls around those keep
//! the liberties their capture leaves.
//!
//! Each side moves first in half of the playouts; a group dies when it survives fewer than
//! half of them (the final batch: fewer than 60%, see [`SETTLE_DEAD_BELOW`], or in a counted
//! game 75% inside an enemy enclosure, see [`SETTLE_ENCLOSED_DEAD_BELOW`]); a batch stops
//! once every verdict is certain. Groups whose survival over the playouts run lies between
//! ¼ and ¾ are reported as *unsettled*; in the final batch such a split first gets a second
//! batch of as many playouts from another sample, and the shares are taken over both
//! (unless [`crate::scoring::Scorer::set_second_batch`] turned it off). A group of the final
//! batch inside an enemy enclosure whose liberties hold enemy stones (at most
//! [`READ_POINTS`] points in all) is read out locally instead of judged by its share
//! ([`DeadEstimator::read_eye_space`]): it dies when the enemy captures it even with its own
//! side moving first, and lives when the enemy cannot even moving first. When an enemy chain
//! beside it is short of liberties itself (a race, or a seki), or the fight is too wide for
//! that read, the fight is read as a race of every chain in it that is not safe (at most
//! [`RACE_POINTS`] points, [`DeadEstimator::read_race`]).
//! Last, dead chains that no living enemy stone borders (both sides of a race killed, or
//! stones killed inside an enemy group itself dead) live again: taken off, they would be
//! prisoners on their own side's territory ([`LifeReason::OwnTerritory`]).
//! Deterministic throughout: fixed seeds derived from the position.
//!
//! With territory markup the dead stones come from the markup ([`from_markup`]) and the
//! estimator only runs steps 1–2, to tell the seki finder which groups are proven alive.
//!
//! Every dead chain carries the step that killed it ([`DeadReason`]: markup, snapback, no
//! two eyes, a lost fight, or its share of the final playouts), and every living chain not
//! proven alive by two eyes why it lives ([`LifeReason`]: its share of the final playouts, a
//! seki shape, potential, or a race the end of the game gave it), which `explain` prints. A
//! group the final playouts split and kill is overruled when it is one side of a seki they
//! cannot keep (eye against eye, no eye against no eye, its chains taken as one; or a closed
//! or sealed seki). Two touching groups
//! the final playouts give to whichever side moves first (a capturing race; both would die)
//! are given by how the game ended: the side to move after the last stone of a counted game,
//! the last stone's side otherwise ([`TEMPO_RACE_STONES`]). The final batch runs
//! [`SETTLE_PLAYOUTS`] playouts unless the caller asks for more. A game the record says was
//! counted runs [`COUNTED_SETTLE_PLAYOUTS`] there and [`COUNTED_PLAYOUTS`] per fight question
//! of step 4 (not [`PLAYOUTS`]): its open groups are few and small, and a verdict that a few
//! playouts split is a reading that more playouts settle.
//!
//! # Layout
//!
//! This module holds the estimator's state, its driver ([`DeadEstimator::estimate`]) and its
//! tuned constants, each with the measurement behind it; the steps live in submodules:
//! `enclosures` (steps 0–3), `seki` (the seki shapes), `kill` (step 4 and its local fights),
//! `settle` (step 5, the final playouts) and `shape` (liberty and eye-shape helpers).

mod enclosures;
mod kill;
mod seki;
mod settle;
mod shape;

use enclosures::*;
use kill::*;
use seki::*;
pub(crate) use seki::{closed_seki, equal_eyes_seki};
use shape::*;

use super::analysis::{find, flatten, union, union_root, Marker, Structure, NONE};
use super::geom::{grown, opp, Geom, BLACK, EMPTY, WALL, WHITE};
use super::local::{Capture, LocalSolver, MAX_DAME, MAX_LOCAL, MAX_POINTS};
use super::playout::{
    LocalReader, COUNTED_PLAYOUTS, COUNTED_SETTLE_PLAYOUTS, MAX_SETTLE_PLAYOUTS, PLAYOUTS,
    SETTLE_PLAYOUTS,
};
use crate::rules::Point;

/// Life of a stone's group as reported to the seki finder and the counter.
pub(crate) const LIFE_UNPROVEN: u8 = 0;
/// The group showed two eyes.
pub(crate) const LIFE_ALIVE: u8 = 1;
/// The group could not show two eyes and was left alive by the playouts (or, with markup,
/// is not proven alive either).
pub(crate) const LIFE_WEAK: u8 = 2;

const UNKNOWN: u8 = 0;
const ALIVE: u8 = 1;
const DEAD: u8 = 2;
/// Unproven but left alive by the playouts.
const SETTLED: u8 = 3;
/// Playout survival shares in this range make a group "unsettled" in the report.
const SHAKY_LOW: f64 = 0.25;
const SHAKY_HIGH: f64 = 0.75;
/// A settled group dies when it survives fewer playouts than this share (**choice**, Tygem
/// counted games: with four settle playouts (the default then), 0.6 kills the groups that survive two of four
/// playouts, which 0.5 left alive: 88.36% → 88.52% exact, 96.81% → 96.87% same winner, and
/// the resigned games' estimate names the side that did not resign 60.6% → 61.9%).
const SETTLE_DEAD_BELOW: f64 = 0.6;
/// A settled group of a counted game inside an enemy enclosure that is not open board (see
/// [`Encl::is_open_board`]) dies when it survives fewer playouts than this share: random play
/// lets an enclosed group live where the enclosing side fails to take its last liberties
/// (it may not fill its own eyes nor put two stones in atari) or leaves a race unplayed, so
/// surviving two playouts of three is not enough (**choice**, Tygem 77,076 games, means over
/// seeds 0–4 against [`SETTLE_DEAD_BELOW`] for these groups too (`benches/seed_spread.py
/// --against`): counted exact 21,474.0 → 21,485.0 and wrong winners 162.6 → 153.8, each
/// better under all five seeds, resigned games named 77.30% → 77.27% (worse under four
/// seeds, by 0.04–0.07 points); KGS Japanese counted games without markup 1,398.4 → 1,400.8
/// exact, 22.4 → 21.8 wrong winners; Fox 70.88% → 70.92% exact, 94.84% → 94.88% same winner.
/// Seed 0: 0.7 21,485 / 152 wrong winners, 0.75 21,490 / 149, 0.8 21,493 / 143 but resigned
/// games 77.44% (0.75: 77.56%), 0.9 21,468 / 164. The same for every settled group, enclosed
/// or not: 0.75 21,487 / 153, resigned games 76.56% (in a game stopped mid-fight an open
/// group runs); for enclosures of at most 30 empty points only: 21,481 / 157. Found where GNU
/// Go 3.8's dead stones (`benches/gnugo_referee.py --dead`) differ from ours in the Tygem wrong
/// winners: in 102 of the 106 games where its list differs, its list as TB/TW markup scores
/// the record's winner (83 the record's margin), and most of the groups it kills and we kept
/// alive had been left alive by these playouts). Measured and left as they were, seed 0
/// against this rule's 21,490 / 149 / 77.56%: a stricter share still for enclosed groups with
/// no potential eye (0.9: 21,491 / 150 / 77.45%) or less than two (0.9: 21,470 / 161); open
/// groups at 0.5 (21,491 / 150 / 74.90%) or 0.7 (21,489 / 150 / 76.43%); the group counted
/// enclosed when all its chains are, or any (rows within 20 of these); the contested fights'
/// contents needing 6 or 7 playouts of 10 instead of 5 (21,485 / 150, 21,479 / 156), and the
/// semeai check's 4, 6 or 7 (21,481 / 156, 21,476 / 152, 21,469 / 158). After the playouts'
/// captures outside their area and nakade fill, seed 0: 0.8 21,509 / 136 / 77.26% against
/// this rule's 21,516 / 135 / 77.36%. Stop 40, means over seeds 0–4 against this rule: a
/// group whose enclosure's wall chains all die in the same batch (or died before it) needing
/// only [`SETTLE_DEAD_BELOW`], since nothing encloses it once they die (Tygem 2006-03/90965972:
/// Black's J19–K19 killed at 63% inside White's top group, itself killed at 50%): exact −0.6,
/// wrong winners +0.6 (worse under three seeds, equal under two), resigned games named
/// unchanged; not kept. Stop 44: in a game the record does not say was counted (resigned, lost
/// on time, no result), whose batch spans the open board, an enclosed group needs only
/// [`SETTLE_DEAD_BELOW`] (**choice**, means over seeds 0–4 against 0.75 there: resigned games
/// named 79.85% → 79.98%, better under all five seeds; 0.7 79.89%, 0.65 79.97%, both better
/// under all five too, 0.6 at least as good as 0.65 under every seed; counted games identical
/// by construction). Mid-game, the enclosure is often a framework the group can still run
/// from, not a territory whose owner failed to take its last liberties.
const SETTLE_ENCLOSED_DEAD_BELOW: f64 = 0.75;

/// The fewest stones each of two touching groups needs for the final batch's verdict on
/// them to be a capturing race decided by the first move (see
/// [`DeadEstimator::tempo_winner`]): each survived every playout its own colour began and
/// none the enemy began, so both would die, which a race never ends in. Smaller ones are
/// mostly a ko or an exchange of one or two stones on the edge (Tygem 2006-10/119089224,
/// 2006-06/101233876), which the end of the game does not decide. **choice**, means
/// over seeds 0–4 (`benches/seed_spread.py --against`), Tygem counted exact / wrong winners
/// / resigned games named, against both groups dying: 3 stones +1.8 / −2.0 (both better
/// under all five seeds) / +0.030 points (better under all five); 1 stone +0.0 / −0.4 /
/// +0.063; 2 stones +1.4 / −1.6 / +0.039; 5 stones +2.0 / −2.0 / +0.017. The race given to
/// the side to move in every game (1 stone): +0.0 / −0.4 / −0.109 (resigned games worse
/// under all five); to the side of the last stone in every game: +0.0 / −0.8 / +0.063 (1
/// stone), +0.0 / −0.8 / +0.030 (3 stones). Any group the first move decides, racing or
/// not, given to the side to move (1 stone): −0.8 / +0.4 / −0.141.
const TEMPO_RACE_STONES: usize = 3;
/// Survivals out of `playouts` settle playouts that keep a settled group alive: the fewest
/// that reach the share [`SETTLE_DEAD_BELOW`] asks for (3 of 4, 5 of 8, 10 of 16).
pub(crate) fn settle_need(playouts: usize) -> usize {
    (3 * playouts).div_ceil(5)
}
/// An eye space holding dead enemy stones is worth two eyes with this many empty points or
/// more (**choice**, tuned on the Tygem counted games; see [`eye_value`]); below it, several
/// enemy chains out of atari make it no sure eye (see [`UNSETTLED_CONTENTS`]).
const TWO_EYE_EMPTIES: usize = 6;
/// An eye space holding a single enemy stone is worth two eyes with this many empty points
/// or more (**choice**, Tygem counted games: 3 gains 208 exact results and loses 36, 88.4% →
/// 89.1% exact, 96.8% → 97.2% same winner; 2 gains 215 but loses 163; 4 gains 32 and loses
/// 12; extending it to two enemy stones loses 6 more than it gains). The typical case is a
/// four-point space on the edge with one stone in atari: capturing it leaves two eyes.
const ONE_STONE_EMPTIES: usize = 3;
/// An eye space whose enemy stones are all single stones in atari, at least this many of
/// them beside at least this many empty points, is worth two eyes: each capture leaves an
/// eye of its own (four points in a row with a stone at each end: capturing one leaves one
/// eye, and the other stone is still in atari).
///
/// **choice**, Tygem counted games, measured with the rest of the eye-space change (the
/// shapes in [`eye_value`] and [`short_wall_liberty`]): 12 exact results gained and 1 lost,
/// 91.76% → 91.81% exact, same winner 98.81% → 98.86% (wrong winners 276 → 264, seven of
/// them games whose margin was off by 60 points or more), resigned games 68.88% → 68.93%,
/// KGS unchanged, +0.2% scoring instructions. This rule alone: +4 / −0 (three of them a whole group killed); with three empty points
/// or more: no change.
const ATARI_SINGLES: u16 = 2;
/// An eye space holding enemy stones is worth one eye at most when one of its wall chains of
/// at least this many stones is in atari at one of its points: the enemy captures the wall
/// there and breaks the space (Tygem 2006-02/89163616, counted B+2.5: White's corner, the
/// eye space O19–T19 and T18 around Black's S18, read as two eyes while its wall S17–T17–T16
/// was in atari at T18; Black takes it and the corner dies). A lone stone in atari among the
/// walls is often a dead stone itself (Tygem 2006-08/109197956's O19, whose cap let White's
/// dead group live). **choice**, means over seeds 0–4 (`benches/seed_spread.py --against`),
/// Tygem counted exact / wrong winners / resigned games named, against no cap: 2 stones +3.2
/// / −2.0 / +0.034 points (all three better under all five seeds); 1 stone +3.4 / −1.4 /
/// +0.095; the cap on empty spaces too (beyond the walls short of liberties that already
/// shrink a one-region space): 2 stones the same, 1 stone +3.6 / −1.6 / +0.085.
const ATARI_WALL_STONES: u16 = 2;
/// An eye space of fewer than six empty points holding at least this many enemy chains, none
/// of them in atari, makes no sure eye: the enemy stones are not dead yet, and filling the
/// points between them only joins them (Tygem 2006-01/82629670, counted B+2.5: Black's N19,
/// O18 and P19, two liberties each, inside White's top group, read as an eye for White,
/// which lived in every playout as if in seki; White's group dies in the record, and the
/// margin was off by 61 points). **choice**, means over seeds 0–4
/// (`benches/seed_spread.py --against`), Tygem counted exact / wrong winners / resigned games
/// named, against no such rule: 3 chains +2.2 / −1.8 (both better under all five seeds) /
/// −0.019 points (**a trade, stated**: worse under all five seeds, by 0.014–0.031); 3 chains
/// and fewer than five empty points +2.0 / −1.8 / −0.017; 4 chains: no counted game changes,
/// +0.002; 2 chains −18.4 / +15.8 / −0.050.
const UNSETTLED_CONTENTS: u16 = 3;
const EYE: u8 = 0;
const NOT_EYE: u8 = 1;
const OPEN: u8 = 2;
/// Rounds of life propagation and killing (each kills at least one layer).
const MAX_ROUNDS: usize = 12;
/// Shared-liberty weight that links two chains into a group (a liberty the opponent cannot
/// take weighs 2, any other 1).
const LINK_WEIGHT: usize = 1;
/// Points farther than this from the groups being settled take no part in their playouts
/// (**choice**, Tygem seed 0 against 3, exact / wrong winners / resigned games named / CPU of
/// a full scan: 2 gives −25 / +21 / −2.24 points / −15%; 1 gives −85 / +60 / −10.3 points /
/// −39%; 4 gives +3 / +2 / −0.16 points / the same CPU, the areas of open positions already
/// spanning the board at 3). Measured again after the playouts' captures outside their area,
/// nakade fill and [`SETTLE_SHORT_LIBS`] 4, means over seeds 0–4: 4 gives +0.4 / −0.8 / +0.09
/// points (better under three seeds of five on exact, two on wrong winners): noise.
const SETTLE_RADIUS: u8 = 3;
/// Groups of at most this many stones living on potential alone among proven-alive enemies
/// join the last batch of playouts ([`DeadEstimator::potential_inside_living`]).
/// **choice**, means over seeds 0–4 against none: Tygem counted exact 21,463.6 → 21,467.4
/// and wrong winners 174.8 → 171.2, resigned games named 77.15% → 77.20%, each better under
/// all five seeds; a trade, stated: KGS Japanese without markup 1,397.2 → 1,396.2 exact and
/// 23.6 → 24.4 wrong winners, Fox 354.4 → 355.0 exact and 94.88% → 94.84% same winner;
/// scoring instructions +0.7%. At most 12 stones: 21,466.0 / 173.0 / 77.19%, KGS 1,396.6 /
/// 23.6, Fox 354.6 exact; any size: Tygem as at 30 (resigned games better under four seeds
/// of five), instructions 0.2% more than at 30. Seed 0, at 30: Tygem 21,464 → 21,466 exact, 167 → 165
/// wrong winners; the games that change are mostly resigned ones, and a counted game also
/// changes when a group added to the batch changes the playouts of the others.
const POTENTIAL_ASKED_STONES: u32 = 30;
/// Chains beside the settle area with at most this many liberties bring all their
/// liberties into it (see [`DeadEstimator::add_liberties_of_short_chains`]). **choice**,
/// means over seeds 0–4 (`benches/seed_spread.py --against`), Tygem counted exact / wrong
/// winners / resigned games named, 3 → 4: 21,508.0 → 21,511.4 (better under four seeds,
/// equal under one) / 138.2 → 135.4 (better under four) / 77.52% → 77.51% (better under
/// three); scoring instructions for the first 5,000 Tygem games 9.42 G → 9.14 G (the wider
/// area settles its fights in fewer moves). 4 → 5: −3.0 / +5.6 (worse under all five) /
/// −0.02 points.
const SETTLE_SHORT_LIBS: u16 = 4;
/// Points at most (the group's liberties and the enemy stones among them) of the local
/// fight that reads a small group holding enemy stones instead of its share of the final
/// batch ([`DeadEstimator::read_eye_space`]): the limit of [`LocalSolver::set_up`]
/// ([`MAX_POINTS`] + [`MAX_DAME`]); a wider fight goes to the race read. **choice**, means
/// over seeds 0–4 against 10 (`benches/seed_spread.py --against`): at 16 (a `set_up` taking
/// the limit as an argument, the seki read's kept at 10), Tygem counted exact 21,559.8 and
/// wrong winners 90.4 unchanged (equal under all five seeds), resigned games named 77.80%
/// (equal under two seeds, worse under three by under 0.01 points); scan instructions for the
/// first 1,000 Tygem games 2.288 G either way.
const READ_POINTS: usize = MAX_POINTS + MAX_DAME;
/// Points at most (empty points and stones on points) of a race read
/// ([`DeadEstimator::read_race`]); the local solver takes up to
/// [`super::local::MAX_BOARD`]. **choice**, means over seeds 0–4 against 16
/// (`benches/seed_spread.py --against`): at 24, Tygem counted exact 21,559.8 and wrong
/// winners 90.4 unchanged (equal under all five seeds), resigned games named 77.80% (better
/// under two seeds, equal under three, by under 0.01 points); scan instructions for the
/// first 1,000 Tygem games 2.288 G → 2.290 G, a full scan's CPU the same. Seed 0 at 24: of
/// the race reads that reach the solver, 62 have 17 to 24 points and 6 of them give a
/// verdict (the others run out of [`RACE_BUDGET`]), while 11,106 read attempts stop at more
/// than 24 points and 6,444 at [`RACE_NODES`] or a dead chain of the group's colour. At 24
/// with [`RACE_BUDGET`] 100,000 (16 of the 62 give a verdict, and 52 race reads of at most
/// 16 points run out instead of 127): counted games unchanged under all five seeds again,
/// resigned games better under two, for a full scan's CPU 34.3 s → 39.5 s (user + sys, two
/// threads; a read 0.1 s at most).
const RACE_POINTS: usize = 16;
/// New positions one question of a race read may visit (**choice**: seed 0, 2,279 race reads
/// reach the solver and 127 of them run out; means over seeds 0–4 against the build without
/// race reads, 10,000: +5.2 exact results and −2.0 wrong winners; 2,000: +4.4 and −1.6, for
/// 0.7% fewer scan instructions on the first 2,000 Tygem games).
const RACE_BUDGET: usize = 10_000;
/// Chains taken as nodes at most in a race read, the group's own and the enemy's (the local
/// solver's limit). Measured at stop 43: 16 (and the solver's limit 16) leaves every row of
/// the 77,076 Tygem games the same under seed 0 (no read it admits changes a verdict).
const RACE_NODES: usize = 12;
/// A race read also for groups holding no enemy stones among their liberties, whose enemy
/// neighbours are short of liberties (**choice**, seed 0 against main's build: +5 exact
/// results and −3 wrong winners with them, +0 and +0 without).
const RACE_WITHOUT_INSIDE: bool = true;
/// Largest enclosure (points) whose unproven contents go to playouts ("contested").
const CONTESTED_SPACE: u16 = 150;
/// Largest enclosure a group bounds itself that joins the area of the playouts judging it
/// (see [`DeadEstimator::push_bounded_by_seen`]; **choice**, Tygem counted games, for the
/// contested playouts alone: 8 gains 18 exact results and loses 11, 40 gains 74 and loses
/// 24, 80 gains 81 and loses 28, 150 gains 81 and loses 29).
const POTENTIAL_SPACE: u16 = 80;
/// A weak wall chain with at most this many liberties races the contents beside it even
/// when they share no liberty: both are short of liberties, and whichever fills the other's
/// first lives (**choice**, Tygem counted games: 21,393 → 21,398 exact, wrong winners 221 →
/// 218, resigned games named 72.14% → 72.28%; corpus/dev's KGS Japanese games without markup
/// 1,848 → 1,851 exact, its resigned games +20. With 1 liberty: 21,393 / 220; with 3:
/// 21,400 / 219; with any number: 21,400 / 220. Before, walls with one eye and two
/// liberties counted the capture of an eyeless enemy chain with three as their second eye
/// and killed it statically: Tygem 2006-10/121573132, W+46.5 where the record has B+0.5.
/// Over seeds 0–4 of the playouts (`benches/seed_spread.py`, with ten playouts per fight
/// question): without the rule 21,397.4 exact / 214.0 wrong winners / 72.10% on average,
/// with it 21,403.8 / 210.0 / 72.26%; more resigned games named under all five seeds.)
const RACE_LIBS: u16 = 2;
/// Enclosures with more empty points than this never get the semeai check (**choice**,
/// Tygem counted games: 6 rather than 4 gains 51 exact results and loses 25. 10 rather than
/// 6, together with the playouts' false-eye rule (see `FastBoard::is_playout_move`), over
/// seeds 0–4 (`benches/seed_spread.py`): exact 21,403.8 → 21,405.4, wrong winners 210.0 →
/// 205.0 (fewer under four seeds of five), resigned games named 72.26% → 72.74% (more under
/// all five); corpus/dev's KGS Japanese games without markup 1,387.8 exact either way, Fox
/// 350.4 → 350.2 exact and 471.0 → 470.4 same winner, scoring instructions 4,132.3 M →
/// 4,331.9 M (+4.8%) for the first 5,000 Tygem games.
/// The games it wins have weak walls (stones in atari, a group without eye potential)
/// around contents the playouts now let race; four it loses under every seed have the same
/// kind of walls (e.g. 2006-01/84646350). 10 without the false-eye rule: 21,403.8 / 206.0 /
/// 72.75%, KGS 1,387.2; seed 0 alone: 8 gives 21,402 / 208, 15 21,391 / 210, 20 21,374 /
/// 218; at 12 a Fox pro game's winner turned on the seed.) Measured again at stop 43, seed 0,
/// against 21,559 exact, 88 wrong winners and 77.71% of resigned games named: 15 gives
/// 21,553 / 92 / 78.04%, 20 gives 21,550 / 93 / 78.41% (the resigned games' open fights
/// gain, the counted games lose). Measured at stop 53, seed 0, against 21,548 exact and 88
/// wrong winners: a counted game's larger enclosures checked too when their undecided
/// contents hold a chain of 10 stones or more, 21,541 / 89 (11 games change); of 20 or
/// more, no row changes; 15 undecided stones or more in all, 21,535 / 91; 25, 21,546 / 88.
/// The records' big groups killed statically (Tygem 2006-04/95905953, B+18.5 where we count
/// W+64.5) are not among the games these change.
const SEMEAI_SPACE: u16 = 10;
/// Enclosures of more than [`SEMEAI_SPACE`] empty points and at most this many get the
/// semeai check when a content chain of [`RACE_CONTENT_STONES`] stones or more has more
/// liberties than an eyeless wall chain beside it (see
/// [`DeadEstimator::contents_outlib_eyeless_wall`], which states the measurement).
const RACE_SPACE: u16 = 16;
/// See [`RACE_SPACE`].
const RACE_CONTENT_STONES: u16 = 6;
/// An enclosure of more than [`OPEN_BOARD`] empty points holding at least [`OPEN_STONES`]
/// enemy stones (or at least [`BIG_CONTENTS`]) is open board, not territory: in a game
/// stopped mid-fight, everything not one colour's forms one huge "enclosure", and its
/// contents (the enemy's groups, eyeless yet) were all hopeless, so one side's every stone
/// died in 13,901 of the 48,773 resigned Tygem games. It is never hopeless; its contents go
/// to the playouts (**choice**, Tygem: 100 and 10 leave 594 such games, gain 3,035 resigned
/// games' winners and lose 1,626 (64.04% → 66.89%), no counted game's exact result changes;
/// 100 alone lost 5 counted games with a small invasion in a large moyo, 60 and 20 lost 12,
/// 80 and 20 lost 1; marking the contents alive without playouts instead: resigned 62.17%.
/// Scoring costs ~36% more instructions: the playouts of such positions span most of the
/// board).
const OPEN_BOARD: u16 = 100;
/// See [`OPEN_BOARD`].
const OPEN_STONES: u16 = 10;
/// Nor is an enclosure holding this many enemy stones or more, whatever its empty points: in
/// a crowded position still being fought, one colour's chains and the empty points can form
/// a single component walled by the other colour (**choice**, Tygem on top of [`OPEN_BOARD`]:
/// games leaving one side no area 594 → 106, resigned games' winners +194 / −132, counted
/// exact +2 / −1; 30 left 23 such games but lost 10 counted exact results for 7, 50 left 268;
/// +1.6% scoring instructions).
///
/// Nor, whatever it holds, is an enclosure covering more than half the board
/// ([`Encl::is_open_board`]): early in a game each side's "enclosure" can be the whole board
/// but its own stones, and the side with fewer than [`OPEN_STONES`] stones lost them all (Fox
/// 1503379906019999571, fifteen moves, `B+31`: every white stone dead, Black 359 points
/// ahead; so short a game is now an opening, see [`OPENING_SHARE`]). **choice**, seed 0
/// against no such rule, before the opening rule: Tygem's 77,076 games unchanged (their
/// enclosures of half the board hold 40 stones or more); corpus/dev 177 games change, all
/// of them shorter than 50 moves (62 are positions of GNU Go's regression suite); games
/// leaving one side no area among them 147 → 6; record agreement unchanged but for one game,
/// a wrong winner put right.
const BIG_CONTENTS: u16 = 40;
/// A position with fewer stones than one point in this many is an opening (a game abandoned
/// or resigned after a few moves): no stone is estimated dead, every one counts as unsettled.
/// The local playouts, confined to a few points around each group, captured a lone stone in
/// an empty corner in up to four of five playouts, so a two-move game's margin swung by the
/// whole board with the seed. **choice**, seed 0 against no such rule (with the half-board
/// rule of [`BIG_CONTENTS`]): Tygem's 77,076 games unchanged (the shortest has 60 moves);
/// corpus/dev 162 games change, none of their record agreements; games leaving one side no
/// area 11 → 0.
const OPENING_SHARE: usize = 10;
/// Wall chains of at most this many stones are stones on the points of
/// [`DeadEstimator::read_seki`]'s reading, not nodes: their capture does not end the fight.
const READ_POINT_STONES: usize = 4;
/// Smallest enclosed chain [`DeadEstimator::mutual_seki`] leaves alive in seki with eyeless
/// walls (**choice**, Tygem counted games: 2 gains 42 exact results and loses 1; 1 loses one
/// more, a lone stone in such a space being more often a throw-in the walls can capture).
const SEKI_MIN_STONES: u16 = 2;
/// Enclosed chains smaller than this never get the semeai check (**choice**, Tygem counted
/// games: 2 rather than 3 gains 30 exact results and loses 10, 89.36% → 89.44% exact, 97.31%
/// → 97.43% same winner; most gains are two stones in a corner seki).
const SEMEAI_MIN_STONES: u16 = 2;
/// An empty region bordered by both colours is an eye space of the colour `c` (see
/// [`DeadEstimator::mark_rim_eyes`]) with at least this many points no enemy stone touches
/// (an empty space of seven points is two eyes in [`eye_value`]) ...
const RIM_EYE_FREE: usize = 7;
/// ... and at most one point in this many touched by an enemy stone (**choice**, Tygem
/// counted games, free points and this share: 8 and 7 give 91.81% → 91.85% exact (21,327 →
/// 21,336), 98.86% → 98.89% same winner (22,966 → 22,972), resigned games 68.93% → 69.34%;
/// 8 and 6 the same counted numbers; 7 and 8: 21,333 / 22,968 (+9 / −3 exact, four gains
/// off by 65 to 185 points before), resigned 69.28%; 9 and 7 or 7 and 6: 21,334; 8 and 8:
/// 21,335 / 22,970; 10 and 5: 21,331; 14 and 4: 21,332; 12 and 3 lost 25 exact results.
/// Then, with [`RIM_PRISONER_LIBS`]: 7 and 6 give 21,338 → 21,340 exact and 22,973 → 22,975
/// same winner (91.86% / 98.90%), resigned games 69.55% → 69.71%, KGS Japanese estimated
/// 1,377 → 1,378, Fox same winner 93.2% → 93.4%; 8 and 6: 21,340 / 22,974, resigned 69.65%;
/// 9 and 5: 21,339 / 22,974; 8 and 5: 21,336; 8 and 4: 21,335).
const RIM_EYE_TOUCH: usize = 6;
/// Enemy chains with at most this many liberties, all of them in the region, are prisoners
/// of the eye space rather than stones on its rim: the points they touch count as untouched
/// (see [`DeadEstimator::mark_rim_eyes`]; **choice**, Tygem counted games: 2 gives 21,336 →
/// 21,338 exact (91.85% → 91.86%) and 22,972 → 22,973 same winner (98.89%), resigned games
/// 69.34% → 69.55%, KGS and Fox unchanged; +4 / −2 exact results, three of the gains
/// games off by 94 to 235 points before; 1: as 2 but resigned 69.43%; 3: 21,337 / 22,972; 4: 21,330;
/// 6: 21,319 / 22,964). With [`RIM_PRISONER_STONES`], seed 0 against 2: 3 liberties −2
/// exact, +2 wrong winners, resigned games +0.05 points; 4 liberties −3 / +5 / +0.08).
const RIM_PRISONER_LIBS: u16 = 2;
/// So are enemy chains of at most this many stones, whatever their liberties, all of them in
/// the region: a stone or two dropped into a large eye space (an invasion that never grew)
/// cannot stop two eyes there. Tygem 84000110: lone black stones in White's lower right kept
/// it from being an eye space, White's 11-stone group there died statically and the count
/// was B+109.5; the record, and now the estimate, W+23.5 (**choice**, means over seeds 0–4
/// against none (`benches/seed_spread.py --against`): Tygem counted exact 21,473.4 →
/// 21,474.0 (better under three seeds, equal under one, worse under one), wrong winners
/// 165.2 → 162.6 (better under all five), resigned games named 77.16% → 77.30% (better under
/// all five); KGS Japanese without markup 1,398.0 → 1,398.4 exact and 23.2 → 22.4 wrong
/// winners, Fox unchanged; Tygem games holding a seki of more than ten points 51 → 45, games
/// leaving one side no area 50 → 35; scoring instructions +0.3%, 8.57 G → 8.60 G for the
/// first 5,000 Tygem games. Seed 0: 3 counted games closer to the record, among
/// them 118475576 off by 185 points before and by 1 now, and 1 further, 128244403, a black
/// invasion White killed that now lives. Seed 0 against 2 stones: 1 stone exact −1, wrong
/// winners +1, resigned games −0.07 points; 3 stones −1 / +1 / +0.06; 5 stones −2 / +2 /
/// +0.02).
const RIM_PRISONER_STONES: u16 = 2;

/// An enclosure of colour `c`: a connected set of points not occupied by `c` (empty points
/// and the other colour's stones), bounded by `c`'s stones and the edge.
#[derive(Clone, Copy, Debug, Default)]
struct Encl {
    color: u8,
    size: u16,
    empties: u16,
    /// Eye value if every enclosed stone is dead: 0 (false eye), 1 or 2.
    value: u8,
    /// `EYE` (every enclosed stone dead, or none), `NOT_EYE` (some enclosed chain alive) or
    /// `OPEN`.
    state: u8,
    /// Offsets into `bound` (chains of `color` touching it) and `cont` (enclosed chains).
    bound_start: u32,
    bound_len: u16,
    cont_start: u32,
    cont_len: u16,
    /// For a one-point eye: its point (for the false-eye test).
    point: u16,
    /// Stones of enclosed chains whose status is still unknown.
    undecided: u16,
    /// Points on the board (for [`Encl::is_open_board`]).
    board: u16,
}

impl Encl {
    /// Open board, not territory: see [`OPEN_BOARD`] and [`BIG_CONTENTS`]. Never hopeless,
    /// and not contested either: its contents go straight to the final playouts (**choice**:
    /// the contested playouts first changed no counted result and 23 resigned winners, +11 /
    /// −12, for 0.9% more instructions).
    fn is_open_board(&self) -> bool {
        let stones = self.size - self.empties;
        (self.empties > OPEN_BOARD && stones >= OPEN_STONES)
            || stones >= BIG_CONTENTS
            || (stones > 0 && 2 * self.size > self.board)
    }

    /// Positions of the enclosed chains in [`DeadEstimator::cont`].
    fn conts(&self) -> std::ops::Range<usize> {
        self.cont_start as usize..self.cont_start as usize + self.cont_len as usize
    }

    /// Positions of the bounding chains in [`DeadEstimator::bound`].
    fn bounds(&self) -> std::ops::Range<usize> {
        self.bound_start as usize..self.bound_start as usize + self.bound_len as usize
    }
}

/// Why the estimator, or the markup, calls a chain dead (`explain` prints it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadReason {
    /// The record's TB/TW territory markup.
    Markup,
    /// A chain of two stones or more in atari whose capture is a snapback (step 0 of the
    /// estimator).
    Snapback,
    /// Static analysis: it cannot make two eyes inside walls that can (steps 1–4), or, in
    /// the rare seki shape where its side may give it up, walls its enemy sacrifices.
    NoTwoEyes,
    /// Lost the local playouts of a fight the static analysis framed: contents claiming two
    /// eyes only on potential inside living walls (step 5, "contested").
    LostFight,
    /// Survived a smaller share of the final batch of playouts (step 5, "settle") than it
    /// needed: 60%, or in a counted game 75% inside an enemy enclosure (the estimator's
    /// `SETTLE_ENCLOSED_DEAD_BELOW`).
    FinalPlayouts {
        /// The share it survived, in percent.
        survived: u8,
        /// The share it needed, in percent.
        needed: u8,
    },
    /// A small group of the final batch holding enemy stones among its liberties, or racing
    /// enemy chains short of liberties, captured in a local reading of them even with its
    /// own side moving first (the estimator's `read_eye_space` and `read_race`).
    EyeSpaceRead,
}

/// Why the estimator calls a chain alive when its life is not proven by two eyes (`explain`
/// prints it: the verdicts an auditor may want to check by hand).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LifeReason {
    /// Survived at least the share of the final batch of playouts it needed (60%, or in a
    /// counted game 75% inside an enemy enclosure).
    FinalPlayouts {
        /// The share it survived, in percent.
        survived: u8,
        /// The share it needed, in percent.
        needed: u8,
    },
    /// A seki shape the static analysis or a local reading decides (corner, nested, mutual,
    /// closed or sealed seki, eye against eye), whatever the playouts said.
    SekiShape,
    /// Left undecided with room for two eyes on potential (an enclosure it may capture, an
    /// eye one move would make false): counted alive without a reading.
    Potential,
    /// One side of a capturing race the final playouts gave to whichever side moved first,
    /// given to it by how the game ended (see the estimator's `TEMPO_RACE_STONES`).
    TempoRace,
    /// A local reading of a small group of the final batch holding enemy stones among its
    /// liberties, or racing enemy chains short of liberties (the estimator's `read_eye_space`
    /// and `read_race`): the enemy cannot capture it even moving first, or these are the
    /// enemy stones inside (or, for a race read, beside) a group the reading captures.
    EyeSpaceRead,
    /// The position is an opening (see the estimator's `OPENING_SHARE`): nothing is dead yet,
    /// and nothing is decided either (its stones count as unsettled).
    Opening,
    /// Judged dead, but no living enemy stone borders it (the enemy around it is dead too):
    /// its point is its own side's territory, where nothing can capture it.
    OwnTerritory,
}

/// How many playouts the final settle batch runs (see [`SETTLE_PLAYOUTS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SettlePlayouts(u8);

impl Default for SettlePlayouts {
    fn default() -> Self {
        SettlePlayouts(SETTLE_PLAYOUTS as u8)
    }
}

impl SettlePlayouts {
    /// `n` playouts, kept within `1..=MAX_SETTLE_PLAYOUTS`.
    pub fn new(n: usize) -> Self {
        SettlePlayouts(n.clamp(1, MAX_SETTLE_PLAYOUTS) as u8)
    }

    pub fn get(self) -> usize {
        self.0 as usize
    }
}

/// A semeai check the playouts answered (see [`DeadEstimator::survives_half_once`]): its
/// enclosure, the stones asked about and the playout area (ranges in `asked_points`), and
/// the answer.
#[derive(Clone, Debug)]
struct Asked {
    encl: usize,
    stones: std::ops::Range<usize>,
    area: std::ops::Range<usize>,
    survives: bool,
}

/// Scratch state of the dead-stone estimator.
#[derive(Clone, Debug, Default)]
pub(crate) struct DeadEstimator {
    /// The side a capturing race decided by the first move goes to (see
    /// [`TEMPO_RACE_STONES`]), from how the game ended: in a game counted at the end, the
    /// side to move after the last stone, which passed with the race its own (its opponent
    /// passed after it rather than take it); in a game that stopped otherwise, the side of
    /// the last stone, whose opponent resigned or lost on time rather than answer. `EMPTY`
    /// when the record does not say who played the last stone or how the game ended.
    pub tempo_winner: u8,
    /// Whether the record says the game was counted at the end: its final batch runs
    /// [`COUNTED_SETTLE_PLAYOUTS`] playouts at least, its fight questions
    /// [`COUNTED_PLAYOUTS`].
    pub counted: bool,
    /// Playouts of the final settle batch.
    pub settle_playouts: SettlePlayouts,
    /// No second settle batch for a split verdict (see
    /// [`crate::scoring::Scorer::set_second_batch`]).
    pub single_batch: bool,
    /// Per chain: why it is dead (`None` for chains not dead), from the last
    /// [`DeadEstimator::estimate`].
    pub why: Vec<Option<DeadReason>>,
    /// Per chain: why it lives unproven (`None` for dead chains and chains with two eyes),
    /// from the last [`DeadEstimator::estimate`].
    pub life: Vec<Option<LifeReason>>,
    chain_seen: Marker,
    /// Points of the playout area already looked at ([`DeadEstimator::add_liberties_of_short_chains`]).
    point_seen: Marker,
    uf: Vec<u16>,
    node_encl: Vec<u16>,
    ends: Vec<usize>,
    /// Liberties of one chain ([`DeadEstimator::wall_short_inside`]).
    libs_scratch: Vec<usize>,
    shaky: Vec<bool>,
    /// Per group of the final batch, over both batches: the playouts it survived that its
    /// own colour began, and that the enemy began.
    tempo: Vec<(u16, u16)>,
    /// Per point: the group of the final batch whose verdict is a race the first move
    /// decides (see [`TEMPO_RACE_STONES`]), or `NONE`.
    tempo_group: Vec<u16>,
    groups: Vec<u16>,
    shares: Vec<f64>,
    encl_seen: Marker,
    reg_start: Vec<u32>,
    reg_fill: Vec<u32>,
    reg_list: Vec<u16>,
    wall_mark: Vec<u32>,
    /// Enclosure of each region, per colour of enclosure.
    region_encl: [Vec<u16>; 2],
    weak: Vec<u16>,
    area: Vec<u16>,
    stones: Vec<u16>,
    /// An eye space being valued (see [`DeadEstimator::capture_leaves_two_eyes`]).
    shape: Vec<u16>,
    /// Per board row, a bit per column: the points within the radius of the stones in
    /// question (see [`DeadEstimator::keep_near_stones`]).
    near_rows: Vec<u64>,
    /// `near_rows` before the step that grows it.
    near_step: Vec<u64>,
    /// The same points as a bit set over padded indices.
    near_bits: Vec<u64>,
    pub(crate) reader: LocalReader,
    solver: LocalSolver,
    encls: Vec<Encl>,
    bound: Vec<u16>,
    cont: Vec<u16>,
    /// Enclosure (of the other colour) containing each chain.
    container: Vec<u16>,
    status: Vec<u8>,
    parent: Vec<u16>,
    link_parent: Vec<u16>,
    pess: Vec<u16>,
    opt: Vec<u16>,
    gsize: Vec<u32>,
    links: Vec<(u16, u16)>,
    hopeless: Vec<bool>,
    /// Hopeless enclosures whose contents wait for their walls' potential to be decided:
    /// killed only in a round where nothing else dies.
    deferred: Vec<u16>,
    /// Per enclosure: its walls show two eyes with proven eyes alone (counting the
    /// enclosure itself), not through potential.
    walls_proven: Vec<bool>,
    /// Shares of the second settle batch (see [`DeadEstimator::settle_by_playouts`]).
    shares2: Vec<f64>,
    /// The share each group of the final batch must survive to live (scratch).
    dead_below: Vec<f64>,
    /// The board playouts start from (scratch; see [`DeadEstimator::playout_board`]).
    playout_cells: Vec<u8>,
    /// The semeai checks the playouts answered in this estimate (see
    /// [`DeadEstimator::survives_half_once`]).
    asked: Vec<Asked>,
    /// The stones and areas of `asked`, one after the other.
    asked_points: Vec<u16>,
    /// Enclosures whose contents survived the semeai playouts yet are in seki with eyeless
    /// walls (see [`DeadEstimator::mutual_seki`]): seki once a round kills nothing else.
    seki_late: Vec<u16>,
    /// Chains in a corner seki found this round (see [`DeadEstimator::corner_seki`]): the
    /// two stones and the walls around them, all left alive at once.
    corner_seki: Vec<u16>,
    /// Settling: index in `groups` of each group root (`NONE` if not settled), and each
    /// group's undecided chains (see [`DeadEstimator::group_members`]).
    group_of: Vec<u16>,
    member_start: Vec<u32>,
    member_fill: Vec<u32>,
    members: Vec<u16>,
    /// Stones of unsettled chains (padded indices), from the last [`DeadEstimator::estimate`].
    pub unsettled: Vec<u16>,
    /// Print the estimator's rounds to stderr (development aid).
    pub trace: bool,
    /// Per empty region: bit `c` set when it is an eye space of colour `c` with only a few
    /// enemy stones on its rim (see [`DeadEstimator::mark_rim_eyes`]).
    rim_eye: Vec<u8>,
    /// Per chain: its liberties in the region being looked at ([`DeadEstimator::mark_rim_eyes`]).
    rim_libs: Vec<u16>,
}

/// The regions enclosure `ei` bounds, given the enclosure of each region (`region_encl` of
/// the enclosure's colour).
fn regions_of(region_encl: &[u16], ei: usize) -> impl Iterator<Item = usize> + '_ {
    (0..region_encl.len()).filter(move |&r| region_encl[r] as usize == ei)
}

/// The node of a local read holding the stone at `p`, for [`LocalSolver::set_up_chains`]:
/// its index among `nodes` (chain, flag) and its flag, or `None` on an empty point or a
/// chain that is no node.
fn node_at(nodes: &[(u16, bool)], st: &Structure, cells: &[u8], p: usize) -> Option<(usize, bool)> {
    if cells[p] == EMPTY {
        return None;
    }
    let id = st.chain_id[p];
    nodes
        .iter()
        .position(|&(n, _)| n == id)
        .map(|k| (k, nodes[k].1))
}

impl DeadEstimator {
    /// Estimate dead stones of `cells` into `dead` (padded indexing) and flag the stones of
    /// groups proven alive (two eyes) in `alive`. With `fixed`, `dead` is given (territory
    /// markup) and only `alive` is computed. Returns the number of unsettled points: stones
    /// of chains that could not be shown to live yet were not killed (0 with `fixed`).
    pub fn estimate(
        &mut self,
        g: &Geom,
        cells: &[u8],
        st: &Structure,
        fixed: bool,
        dead: &mut [bool],
        alive: &mut [u8],
    ) -> u32 {
        let nch = st.chains.len();
        self.reader.reset();
        self.asked.clear();
        self.asked_points.clear();
        self.build_enclosures(g, st);
        self.rim_eye.clear();
        if !fixed {
            self.mark_rim_eyes(g, cells, st);
        }
        self.build_links(st);
        self.status.clear();
        self.status.resize(nch, UNKNOWN);
        self.shaky.clear();
        self.shaky.resize(nch, false);
        self.why.clear();
        self.why.resize(nch, None);
        self.life.clear();
        self.life.resize(nch, None);
        if fixed {
            for ch in 0..nch {
                if dead[st.stones(ch)[0] as usize] {
                    self.status[ch] = DEAD;
                    self.why[ch] = Some(DeadReason::Markup);
                }
            }
        }
        let stones: usize = st.chains.iter().map(|c| c.size as usize).sum();
        if !fixed && stones * OPENING_SHARE < g.area() {
            let mut unsettled = 0;
            self.unsettled.clear();
            for ch in 0..nch {
                self.status[ch] = ALIVE;
                self.life[ch] = Some(LifeReason::Opening);
                for &s in st.stones(ch) {
                    alive[s as usize] = LIFE_WEAK;
                }
                unsettled += st.chains[ch].size as u32;
                self.unsettled.extend_from_slice(st.stones(ch));
            }
            return unsettled;
        }
        if !fixed {
            self.mark_snapbacks(g, cells, st);
            self.note_why(DeadReason::Snapback);
        }
        self.hopeless.clear();
        self.hopeless.resize(self.encls.len(), false);
        self.walls_proven.clear();
        self.walls_proven.resize(self.encls.len(), false);
        let mut contested_done = false;
        for _round in 0..MAX_ROUNDS {
            self.propagate_life(g, cells, st);
            if fixed {
                break;
            }
            self.potential(g, cells, st);
            if self.trace {
                self.dump(g, st, _round);
            }
            let killed = self.kill_hopeless(g, cells, st);
            if killed {
                self.note_why(DeadReason::NoTwoEyes);
            }
            if !killed
                && (contested_done || {
                    contested_done = true;
                    let lost = self.kill_contested(g, cells, st);
                    if lost {
                        self.note_why(DeadReason::LostFight);
                    }
                    !lost
                })
            {
                break;
            }
        }
        if fixed {
            self.potential(g, cells, st);
        }
        if !fixed {
            self.settle_by_playouts(g, cells, st);
            self.revive_in_own_territory(g, cells, st);
        }
        let mut unsettled = 0;
        self.unsettled.clear();
        for ch in 0..nch {
            match self.status[ch] {
                DEAD => {
                    for &s in st.stones(ch) {
                        dead[s as usize] = true;
                    }
                }
                ALIVE => {
                    for &s in st.stones(ch) {
                        alive[s as usize] = LIFE_ALIVE;
                    }
                }
                _ => {}
            }
            let open = self.status[ch] == UNKNOWN && {
                let r = find(&mut self.parent, ch);
                self.opt[r] < 2
            };
            if !fixed {
                self.life[ch] = match self.status[ch] {
                    // the last batch gives its survivors their share; every other way to
                    // SETTLED is a seki shape
                    SETTLED => self.life[ch].or(Some(LifeReason::SekiShape)),
                    UNKNOWN => Some(LifeReason::Potential),
                    // alive with two eyes, or given its life back among dead enemies
                    ALIVE => self.life[ch].filter(|&w| w == LifeReason::OwnTerritory),
                    _ => None,
                };
            }
            if self.status[ch] == SETTLED || open {
                for &s in st.stones(ch) {
                    alive[s as usize] = LIFE_WEAK;
                }
            }
            if !fixed && (self.shaky[ch] || open) {
                unsettled += st.chains[ch].size as u32;
                self.unsettled.extend_from_slice(st.stones(ch));
            }
        }
        unsettled
    }

    /// Dead chains that no living enemy stone borders: both sides of a capturing race
    /// killed, or stones killed inside an enemy group that is itself dead. Taken off, such
    /// stones would be their enemy's prisoners on points that are their own side's
    /// territory, where nothing can capture them; they live (`LifeReason::OwnTerritory`).
    /// Each area of empty points and dead stones that living stones of one colour alone
    /// border gives that colour's dead chains in it back their life; the rest of the area
    /// stays as it was, bordered by that colour still. (A margin does not change: a stone
    /// that is a prisoner on its side's point of territory, or a stone on that point, count
    /// the same.)
    fn revive_in_own_territory(&mut self, g: &Geom, cells: &[u8], st: &Structure) {
        if !self.status.contains(&DEAD) {
            return;
        }
        let dead_at = |status: &[u8], p: usize| {
            let ch = st.chain_id[p];
            ch != NONE && status[ch as usize] == DEAD
        };
        self.point_seen.clear(g.size);
        // only the areas that hold dead stones: flooded from each dead chain not yet reached
        for ch in 0..st.chains.len() {
            let start = st.stones(ch)[0] as usize;
            if self.status[ch] != DEAD || !self.point_seen.insert(start) {
                continue;
            }
            // flood the area: `area` holds its points, `stones` its dead stones
            self.area.clear();
            self.stones.clear();
            self.area.push(start as u16);
            let mut borders = 0u8;
            let mut k = 0;
            while k < self.area.len() {
                let p = self.area[k] as usize;
                k += 1;
                if cells[p] != EMPTY {
                    self.stones.push(p as u16);
                }
                for n in g.adj(p) {
                    let v = cells[n];
                    if v == WALL {
                        continue;
                    }
                    if v == EMPTY || dead_at(&self.status, n) {
                        if self.point_seen.insert(n) {
                            self.area.push(n as u16);
                        }
                    } else {
                        borders |= v;
                    }
                }
            }
            if borders != BLACK && borders != WHITE {
                continue;
            }
            for &s in &self.stones {
                let ch = st.chain_id[s as usize] as usize;
                if cells[s as usize] == borders && self.status[ch] == DEAD {
                    self.status[ch] = ALIVE;
                    self.why[ch] = None;
                    self.life[ch] = Some(LifeReason::OwnTerritory);
                }
            }
        }
    }

    /// Gives the chains that died in the step just run (dead, no reason yet) the reason `why`.
    fn note_why(&mut self, why: DeadReason) {
        for (s, w) in self.status.iter().zip(self.why.iter_mut()) {
            if *s == DEAD && w.is_none() {
                *w = Some(why);
            }
        }
    }

    fn dump(&mut self, g: &Geom, st: &Structure, round: usize) {
        for ch in 0..st.chains.len() {
            let r = find(&mut self.parent, ch);
            let p = g.point(st.stones(ch)[0] as usize);
            eprintln!(
                "round {round} chain {}{} col {} size {} root {} pess {} opt {} gsize {} status {} container {}",
                (b'a' + p.x) as char,
                (b'a' + p.y) as char,
                st.chains[ch].color,
                st.chains[ch].size,
                r,
                self.pess[r],
                self.opt[r],
                self.gsize[r],
                self.status[ch],
                self.container[ch]
            );
        }
    }

    /// Gives the still undecided chains inside `e` the status `status`; whether there were any.
    fn decide_contents(&mut self, e: Encl, status: u8) -> bool {
        decide(&mut self.status, &self.cont[e.conts()], status)
    }
}

/// Gives the still undecided (`UNKNOWN`) chains among `chains` the status `to`; whether there
/// were any.
fn decide(status: &mut [u8], chains: &[u16], to: u8) -> bool {
    let mut any = false;
    for &ch in chains {
        let st = &mut status[ch as usize];
        if *st == UNKNOWN {
            *st = to;
            any = true;
        }
    }
    any
}

/// Dead stones from territory markup: a black stone on a `TW` point or a white stone on a
/// `TB` point is dead, and so is the rest of its chain (**choice**: a chain lives or dies as
/// one, so a partly marked chain is taken as wholly marked). Points off the board are ignored.
pub(crate) fn from_markup(g: &Geom, cells: &[u8], tb: &[Point], tw: &[Point], dead: &mut [bool]) {
    for (points, victim) in [(tb, WHITE), (tw, BLACK)] {
        for &p in points {
            if !g.contains(p) {
                continue;
            }
            let i = g.idx_of(p);
            if cells[i] != victim || dead[i] {
                continue;
            }
            // the whole chain
            let mut stack = vec![i];
            dead[i] = true;
            while let Some(s) = stack.pop() {
                for n in g.adj(s) {
                    if cells[n] == victim && !dead[n] {
                        dead[n] = true;
                        stack.push(n);
                    }
                }
            }
        }
    }
}
