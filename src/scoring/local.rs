//! Exhaustive reading of a small fight sealed inside an enclosure: the dead-stone
//! estimator's referee for seki shapes too varied for its rules (several enclosed chains, an
//! eyeless wall group whose every liberty is shared with them).
//!
//! The question is one of capture: playing only on a few points (the enclosure's empty
//! points, the points its chains leave when captured, and the dame between its walls and
//! living enemy stones), with passes allowed and simple ko, can the side that moves first
//! capture a chain of the other side? When the walls have no other liberty and the contents
//! none anywhere else, nothing outside can change the answer, so an exhaustive search with
//! alpha-beta on three outcomes (a content chain captured, a wall chain captured, neither once
//! both pass) settles it. A node budget bounds the work; a search that runs out answers
//! nothing.
//!
//! The same search answers a second question ([`LocalSolver::set_play_on`]): can a group (the
//! walls) be captured at all, a capture of the stones inside its eye space being just a move
//! of the fight? The final playouts ask it of a small group holding enemy stones
//! (`DeadEstimator::read_eye_space`).
//!
//! The search runs on a board of its own made of just those points: each wall chain is one
//! node (all its liberties are among the points), and a living enemy chain beside a dame is
//! an anchor with liberties to spare. A position is then a few bytes, so a move copies
//! nothing bigger, and positions reached again by moves in another order are remembered
//! (**choice**, scoring instructions for the first 5,000 Tygem games: the same search on
//! copies of the whole-board playout board cost 1.45%, on this board 1.16%, remembering
//! positions 0.64%, with the cheap test of the walls' liberty counts first 0.56%; the
//! answers were the same). Groups are found by a flood fill over bit masks of the points and
//! nodes, and the memo's hash folds its high bits into the low ones (**choice**, stop 42,
//! callgrind on a scan of the first 1,000 Tygem games: 2.483 G → 2.227 G instructions, −10.3%,
//! every row the same; the first 5,000 games ask 673 questions, each visiting the same number
//! of positions to the same answer; their slowest counted game, 2006-01/83404700, 232 M →
//! 71 M: a flood fill over the neighbour lists, and a memo whose buckets the key's low bits
//! alone chose, had cost two thirds of it). The board takes up to [`MAX_BOARD`] points, for
//! the race reads of `DeadEstimator::read_race`: position keys and slot masks are `u64`
//! (**choice**, callgrind on a scan of the first 2,000 Tygem games, the race read off: 4.583 G
//! → 4.601 G instructions, +0.4%, every row the same; the keys of boards of up to
//! [`MAX_LOCAL`] points still tell the same positions apart, so every answer there is the
//! same).

use super::geom::{opp, Geom, EMPTY, WALL};
use std::collections::HashMap;

use std::hash::{BuildHasherDefault, Hasher};

/// The outcome of a local fight, for the walls' side: a content chain captured (`Walls`),
/// a wall chain captured (`Contents`), or neither with both sides passing (`Neither`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Capture {
    Contents = -1,
    Neither = 0,
    Walls = 1,
}

/// New positions one question may visit (**choice**: the first 5,000 Tygem games ask about
/// 700 questions; at 500, 2,000 and 4,000 every margin of the 77,076 games is the same, and
/// the search costs about the same, positions being remembered).
const NODE_BUDGET: usize = 500;
/// New positions one question may visit when playing on after a capture of the contents
/// ([`LocalSolver::set_play_on`]): the group's liberties and the stones inside its eye
/// space, up to ten points, take more than [`NODE_BUDGET`] (**choice**, Tygem seed 0, 950
/// readings, before the superko of playing on: at 500 three in four ran out, at 20,000 and
/// at 200,000 one in two, those running out of plies; with the superko and the plies of
/// [`LocalSolver::search`], none at 20,000).
const READ_NODE_BUDGET: usize = 20_000;
/// New positions a question of [`LocalSolver::set_up_chains`] may visit, and how deep it
/// reads: every point filled six times, captures going on (**choice**: 4,000 positions and
/// three fillings left the seki of Tygem 2006-07/107777546 unanswered, and of 2006-01/85141077,
/// which `DeadEstimator::read_seki` no longer asks about; see there for the measurement).
const READ_BUDGET: usize = 50_000;
/// Points of an enclosure (empty points and content stones) the search takes on.
pub(crate) const MAX_POINTS: usize = 8;
/// Dame outside the enclosure (liberties of its walls) the search takes on as well.
pub(crate) const MAX_DAME: usize = 2;
/// Points of an enclosure's fight at most (`DeadEstimator::read_seki`).
pub(crate) const MAX_LOCAL: usize = 13;
/// Points of the local board at most, whatever the question (the key of a position holds
/// two bits a point, five for the ko point and two for the side to move and the passes, in a
/// `u64`; a slot mask of [`LocalSolver::group`] a bit a point and a bit a node, in a `u64`).
pub(crate) const MAX_BOARD: usize = 24;
/// Wall and content chains taken as nodes at most.
const MAX_WALLS: usize = 12;

/// A neighbour of a local point: another local point, a chain taken as one node (a wall
/// chain, or a content chain in [`LocalSolver::set_up_chains`]), or a living chain of the
/// given colour (an anchor that cannot be captured).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Near {
    Point(u8),
    Wall(u8),
    Anchor(u8),
}

/// One position of the local fight: a colour per local point, and the simple-ko point.
#[derive(Clone, Copy, Debug)]
struct Local {
    cell: [u8; MAX_BOARD],
    ko: u8,
}

/// Per slot of [`LocalSolver::group`], its neighbouring slots as bits (an array too long
/// for a derived `Default`).
#[derive(Clone, Copy, Debug)]
struct SlotAdj([u64; MAX_BOARD + MAX_WALLS]);

impl Default for SlotAdj {
    fn default() -> Self {
        SlotAdj([0; MAX_BOARD + MAX_WALLS])
    }
}

/// No ko point.
const NO_KO: u8 = u8::MAX;

/// Scratch state for [`LocalSolver::first_capture`].
#[derive(Clone, Debug, Default)]
pub(crate) struct LocalSolver {
    /// The start of the question set up last.
    start: Option<Local>,
    n: usize,
    n_walls: usize,
    /// Which nodes are content chains (the others are wall chains).
    node_content: [bool; MAX_WALLS],
    /// New positions the question set up last may visit.
    budget: usize,
    /// The positions on the way to the one searched (keys without side and passes), in a
    /// reading question.
    path: Vec<u64>,
    /// The question of [`LocalSolver::set_up_chains`]: stones on points, the contents' too,
    /// are taken off when captured and the fight goes on.
    reading: bool,
    near: Vec<[Option<Near>; 4]>,
    /// Local points that held a content stone at the start.
    content: [bool; MAX_BOARD],
    walls: u8,
    nodes: usize,
    /// Per slot (local points `0..n`, then nodes `n..n + n_walls`), its neighbouring slots as
    /// bits: the board the flood fill of [`LocalSolver::group`] walks.
    adj: SlotAdj,
    /// Per colour, the local points beside a living chain of that colour (an anchor).
    anchored: [u64; 4],
    /// Per colour, the node slots of that colour.
    node_slots: [u64; 4],
    /// The local points that held a content stone at the start, as bits.
    content_bits: u64,
    /// Outcomes of the positions searched (see [`LocalSolver::key`]).
    memo: HashMap<u64, Capture, BuildHasherDefault<KeyHasher>>,
    /// A content chain captured is taken off and the fight goes on (see
    /// [`LocalSolver::set_play_on`]).
    play_on: bool,
    /// Playing on: the positions of the line being searched (see [`LocalSolver::board_key`]),
    /// which no move may repeat.
    line: Vec<u64>,
}

impl LocalSolver {
    /// Sets up the question: the position `cells`, both sides playing only on `points` (or
    /// passing), the walls (colour `walls`, the chains whose stones `wall_of` numbers from 0)
    /// against the contents (stones `content_stones`, all among `points`). Every liberty of a
    /// wall chain must be among `points`, and every other stone beside them must belong to a
    /// living chain of the contents' colour; `false` when the position breaks those
    /// conditions (and no question is set up).
    pub fn set_up(
        &mut self,
        g: &Geom,
        cells: &[u8],
        points: &[u16],
        content_stones: &[u16],
        wall_of: impl Fn(usize) -> Option<usize>,
        walls: u8,
    ) -> bool {
        if points.len() > MAX_POINTS + MAX_DAME {
            return false;
        }
        let anchor = |q: usize| cells[q] == opp(walls);
        self.set_up_nodes(
            g,
            cells,
            points,
            content_stones,
            |q| wall_of(q).map(|w| (w, false)),
            anchor,
            walls,
            false,
        )
    }

    /// Sets up a wider question: as [`LocalSolver::set_up`], but `node_of` numbers the chains
    /// taken as nodes, each a wall chain or (`true`) a content chain whose capture ends the
    /// fight for the walls; stones on `points` are stones of the fight, taken off when
    /// captured (a content stone's capture ends it all the same); any other stone beside a
    /// point must be a living chain (`anchor`) of either colour. Every liberty of a node must
    /// be among `points`. [`READ_BUDGET`] new positions at most.
    #[allow(clippy::too_many_arguments)]
    pub fn set_up_chains(
        &mut self,
        g: &Geom,
        cells: &[u8],
        points: &[u16],
        node_of: impl Fn(usize) -> Option<(usize, bool)>,
        anchor: impl Fn(usize) -> bool,
        walls: u8,
    ) -> bool {
        let content_stones: Vec<u16> = points
            .iter()
            .copied()
            .filter(|&p| cells[p as usize] == opp(walls))
            .collect();
        let ok = self.set_up_nodes(
            g,
            cells,
            points,
            &content_stones,
            node_of,
            anchor,
            walls,
            true,
        );
        self.budget = READ_BUDGET;
        self.reading = true;
        ok
    }

    #[allow(clippy::too_many_arguments)]
    fn set_up_nodes(
        &mut self,
        g: &Geom,
        cells: &[u8],
        points: &[u16],
        content_stones: &[u16],
        node_of: impl Fn(usize) -> Option<(usize, bool)>,
        anchor: impl Fn(usize) -> bool,
        walls: u8,
        stones_on_points: bool,
    ) -> bool {
        self.start = None;
        self.budget = NODE_BUDGET;
        self.reading = false;
        if points.len() > MAX_BOARD {
            return false;
        }
        self.n = points.len();
        self.n_walls = 0;
        self.node_content = [false; MAX_WALLS];
        self.walls = walls;
        self.near.clear();
        let mut start = Local {
            cell: [EMPTY; MAX_BOARD],
            ko: NO_KO,
        };
        for (i, &p) in points.iter().enumerate() {
            let p = p as usize;
            start.cell[i] = cells[p];
            self.content[i] = content_stones.contains(&(p as u16));
            if cells[p] != EMPTY && !self.content[i] && !stones_on_points {
                return false;
            }
            let mut near = [None; 4];
            for (k, q) in g.adj(p).into_iter().enumerate() {
                near[k] = if cells[q] == WALL {
                    None
                } else if let Some(j) = points.iter().position(|&x| x as usize == q) {
                    Some(Near::Point(j as u8))
                } else if let Some((w, content)) = node_of(q) {
                    if w >= MAX_WALLS {
                        return false;
                    }
                    self.n_walls = self.n_walls.max(w + 1);
                    self.node_content[w] = content;
                    Some(Near::Wall(w as u8))
                } else if anchor(q) {
                    Some(Near::Anchor(cells[q]))
                } else {
                    return false;
                };
            }
            self.near.push(near);
        }
        self.link_slots();
        self.start = Some(start);
        true
    }

    /// Builds the slot masks of [`LocalSolver::group`] from `near`, `node_content` and
    /// `content`.
    fn link_slots(&mut self) {
        let n = self.n;
        self.adj = SlotAdj::default();
        self.anchored = [0; 4];
        self.node_slots = [0; 4];
        self.content_bits = 0;
        for j in 0..n {
            if self.content[j] {
                self.content_bits |= 1 << j;
            }
            for x in self.near[j].into_iter().flatten() {
                match x {
                    Near::Point(k) => self.adj.0[j] |= 1 << k,
                    Near::Wall(w) => {
                        let slot = n + w as usize;
                        self.adj.0[j] |= 1 << slot;
                        self.adj.0[slot] |= 1 << j;
                    }
                    Near::Anchor(a) => self.anchored[a as usize] |= 1 << j,
                }
            }
        }
        for w in 0..self.n_walls {
            self.node_slots[self.node_colour(w as u8) as usize] |= 1 << (n + w);
        }
    }

    /// New positions the question set up last may visit, instead of its own budget (a
    /// question of [`LocalSolver::set_play_on`] keeps [`READ_NODE_BUDGET`]).
    pub fn set_budget(&mut self, budget: usize) {
        self.budget = budget;
    }

    /// From now on, a content chain captured is taken off like the stones played in the
    /// fight and the fight goes on (`true`), or it ends the fight (`false`, the default):
    /// playing on, the only outcomes are a wall chain captured (`Capture::Contents`) or both
    /// sides passing (`Capture::Neither`), and no move may repeat a position of the line
    /// (superko: a throw-in and its capture would otherwise go round until the plies run
    /// out).
    pub fn set_play_on(&mut self, play_on: bool) {
        self.play_on = play_on;
    }

    /// What the side `first` achieves moving first in the question set up last. `None`
    /// without one, or when the search exceeds its budget.
    pub fn first_capture(&mut self, first: u8) -> Option<Capture> {
        let start = self.start?;
        self.nodes = 0;
        self.memo.clear();
        self.line.clear();
        self.path.clear();
        self.search(start, first, 0, 0)
    }

    /// The outcome of `pos` with `side` to move, both sides playing their best: the walls'
    /// side maximises, the contents' side minimises, each stopping at its best outcome.
    /// Positions are remembered, so a position reached by moves in another order is not
    /// searched again. `passes`: consecutive passes before this move; `ply`: moves so far
    /// (a search deeper than every point filled twice answers nothing; playing on, every
    /// point filled four times: **choice**, Tygem seed 0, twice left 33 readings of 950
    /// unanswered, four times none).
    fn search(&mut self, pos: Local, side: u8, passes: u8, ply: usize) -> Option<Capture> {
        let key = self.key(&pos, side, passes);
        if let Some(&v) = self.memo.get(&key) {
            return Some(v);
        }
        self.nodes += 1;
        let (budget, fills) = if self.play_on {
            (READ_NODE_BUDGET, 4)
        } else if self.reading {
            (self.budget, 6)
        } else {
            (self.budget, 2)
        };
        if self.nodes > budget || ply > fills * self.n + 4 {
            return None;
        }
        let maximise = side == self.walls;
        let (best, target) = match (maximise, self.play_on) {
            (true, false) => (Capture::Contents, Capture::Walls),
            // playing on, the walls' side can at best keep the walls
            (true, true) => (Capture::Contents, Capture::Neither),
            (false, _) => (Capture::Walls, Capture::Contents),
        };
        if self.play_on {
            self.line.push(self.board_key(&pos, side));
        }
        let best = self.best_move(pos, side, passes, ply, best, target);
        if self.play_on {
            self.line.pop();
        }
        let best = best?;
        self.memo.insert(key, best);
        Some(best)
    }

    /// The best outcome for `side` to move in `pos` (see [`LocalSolver::search`]), from
    /// `best` up to `target`.
    fn best_move(
        &mut self,
        pos: Local,
        side: u8,
        passes: u8,
        ply: usize,
        mut best: Capture,
        target: Capture,
    ) -> Option<Capture> {
        let maximise = side == self.walls;
        for k in 0..=self.n {
            let value = if k == self.n {
                // a pass; two in a row end the fight with nothing captured
                if passes == 1 {
                    self.at_rest(&pos)
                } else {
                    let next = Local { ko: NO_KO, ..pos };
                    self.search(next, opp(side), passes + 1, ply + 1)?
                }
            } else {
                let mut next = pos;
                match self.play(&mut next, side, k) {
                    Move::Illegal => continue,
                    Move::Ended(c) => c,
                    Move::Played
                        if self.play_on
                            && self.line.contains(&self.board_key(&next, opp(side))) =>
                    {
                        continue
                    }
                    Move::Played => {
                        // a reading question's captures go on: no position twice on the way
                        // (positional superko), so that no cycle of captures runs forever
                        let seen = self.reading.then(|| self.key(&next, side, 0) >> 2);
                        if let Some(k) = seen {
                            if self.path.contains(&k) {
                                continue;
                            }
                            self.path.push(k);
                        }
                        let value = self.search(next, opp(side), 0, ply + 1);
                        if seen.is_some() {
                            self.path.pop();
                        }
                        value?
                    }
                }
            };
            best = if maximise {
                best.max(value)
            } else {
                best.min(value)
            };
            if best == target {
                break;
            }
        }
        Some(best)
    }

    /// A position's stones and the side to move, for the superko of playing on.
    fn board_key(&self, pos: &Local, side: u8) -> u64 {
        let mut k = 0u64;
        for &c in &pos.cell[..self.n] {
            k = k << 2 | u64::from(c);
        }
        k << 1 | u64::from(side == self.walls)
    }

    /// A position's key: two bits a point, the ko point, the side to move and the passes.
    fn key(&self, pos: &Local, side: u8, passes: u8) -> u64 {
        let mut k = 0u64;
        for &c in &pos.cell[..self.n] {
            k = k << 2 | u64::from(c);
        }
        let ko = if pos.ko == NO_KO {
            31
        } else {
            u64::from(pos.ko)
        };
        ((k << 5 | ko) << 1 | u64::from(side == self.walls)) << 1 | u64::from(passes)
    }

    /// Plays `side` on the local point `i` of `pos`.
    fn play(&mut self, pos: &mut Local, side: u8, i: usize) -> Move {
        if pos.cell[i] != EMPTY || pos.ko as usize == i {
            return Move::Illegal;
        }
        pos.cell[i] = side;
        let mut bits = self.bits(pos);
        let enemy = opp(side);
        let mut captured = 0;
        let mut last = NO_KO;
        for k in 0..4 {
            let Some(n) = self.near[i][k] else { continue };
            let enemy_there = match n {
                Near::Point(j) => pos.cell[j as usize] == enemy,
                Near::Wall(w) => self.node_colour(w) == enemy,
                Near::Anchor(_) => false,
            };
            if !enemy_there {
                continue;
            }
            let slot = match n {
                Near::Point(j) => j as usize,
                Near::Wall(w) => self.n + w as usize,
                Near::Anchor(_) => unreachable!("an anchor is never the enemy's to capture"),
            };
            let (libs, members) = self.group(&bits, enemy, slot);
            if libs {
                continue;
            }
            if members >> self.n != 0 {
                // its capture ends the fight: the contents' win for a wall chain, the walls'
                // for a content chain
                return Move::Ended(if enemy == self.walls {
                    Capture::Contents
                } else {
                    Capture::Walls
                });
            }
            if members & self.content_bits != 0 && !self.play_on && !self.reading {
                return Move::Ended(Capture::Walls);
            }
            // a group of stones played in the fight: taken off
            bits[EMPTY as usize] |= members;
            bits[enemy as usize] &= !members;
            let mut stones = members;
            while stones != 0 {
                let j = stones.trailing_zeros() as usize;
                stones &= stones - 1;
                pos.cell[j] = EMPTY;
                captured += 1;
                last = j as u8;
            }
        }
        let (libs, _) = self.group(&bits, side, i);
        if !libs {
            return Move::Illegal;
        }
        // simple ko: a lone stone that took one stone and has that point as its one liberty
        pos.ko = NO_KO;
        if captured == 1 && self.lone_in_atari(pos, side, i) {
            pos.ko = last;
        }
        Move::Played
    }

    /// The outcome when both sides pass: neither captured a node; in a reading question
    /// ([`LocalSolver::set_up_chains`]), the walls' when the contents' stones on points are all
    /// gone from them (and the contents have no node).
    fn at_rest(&self, pos: &Local) -> Capture {
        if !self.reading || self.node_content[..self.n_walls].iter().any(|&c| c) {
            return Capture::Neither;
        }
        let contents = opp(self.walls);
        let held = (0..self.n).any(|j| self.content[j] && pos.cell[j] == contents);
        let had = self.content[..self.n].iter().any(|&c| c);
        if had && !held {
            Capture::Walls
        } else {
            Capture::Neither
        }
    }

    /// The colour of node `w`.
    fn node_colour(&self, w: u8) -> u8 {
        if self.node_content[w as usize] {
            opp(self.walls)
        } else {
            self.walls
        }
    }

    /// Whether the stone at local point `i` has no friendly neighbour and exactly one
    /// liberty.
    fn lone_in_atari(&self, pos: &Local, side: u8, i: usize) -> bool {
        let mut libs = 0;
        for n in self.near[i].iter().flatten() {
            match *n {
                Near::Point(j) if pos.cell[j as usize] == EMPTY => libs += 1,
                Near::Point(j) if pos.cell[j as usize] == side => return false,
                Near::Wall(w) if self.node_colour(w) == side => return false,
                Near::Anchor(a) if a == side => return false,
                _ => {}
            }
        }
        libs == 1
    }

    /// The local points of `pos` by colour, as bits (indexed by the colour's value).
    fn bits(&self, pos: &Local) -> [u64; 4] {
        let mut bits = [0u64; 4];
        for (j, &v) in pos.cell[..self.n].iter().enumerate() {
            bits[v as usize] |= 1 << j;
        }
        bits
    }

    /// The group of colour `c` at slot `from` in the position whose points by colour are
    /// `bits` (see [`LocalSolver::bits`]): local points of that colour and nodes of that
    /// colour, joined through their neighbours. Whether it has a liberty (or an anchor of its
    /// colour), and its slots as bits (see [`LocalSolver::adj`]).
    fn group(&self, bits: &[u64; 4], c: u8, from: usize) -> (bool, u64) {
        let own = bits[c as usize] | self.node_slots[c as usize];
        let (mut members, mut front, mut near) = (1u64 << from, 1u64 << from, 0u64);
        while front != 0 {
            let mut reach = 0;
            while front != 0 {
                reach |= self.adj.0[front.trailing_zeros() as usize];
                front &= front - 1;
            }
            near |= reach;
            front = reach & own & !members;
            members |= front;
        }
        let libs = near & bits[EMPTY as usize] != 0 || members & self.anchored[c as usize] != 0;
        (libs, members)
    }
}

/// Hashes a position key by one multiplication, folded (the keys are small integers, and a
/// hash map over them needs no defence against chosen keys).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        // the product's low bits depend on the key's low bits alone (the ko point, the side
        // to move, the passes and a few points): folded with the high bits, which depend on
        // every bit of the key, they make the table's bucket index
        self.0 ^ self.0 >> 32
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u64(&mut self, k: u64) {
        self.0 = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// What a move did.
enum Move {
    Illegal,
    Played,
    /// It captured a chain of the walls or of the contents: the fight is over.
    Ended(Capture),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::geom::{BLACK, WHITE};
    use crate::scoring::testutil::parse_board;

    /// Sets up a question whose walls are every stone of colour `walls` (one chain).
    fn set_up_one_wall(
        s: &mut LocalSolver,
        g: &Geom,
        cells: &[u8],
        points: &[u16],
        contents: &[u16],
        walls: u8,
    ) -> bool {
        s.set_up(
            g,
            cells,
            points,
            contents,
            |p| (cells[p] == walls).then_some(0),
            walls,
        )
    }

    /// Two lone black stones inside an eyeless white group whose four liberties they share
    /// (Tygem 2006-10/120437803, the right edge): whoever fills a shared liberty first shortens
    /// its own group as much as the other's, so neither side can capture, moving first or
    /// second, once the other answers. With one more white liberty (a dame beside a living
    /// black chain, which Black may fill as well), White moving first captures.
    #[test]
    fn two_inside_stones_sharing_every_liberty_of_an_eyeless_group_are_a_seki() {
        let board = |outside: &str| {
            parse_board(&format!(
                "
                . X X X X X
                . X O O O O
                . X X O . O
                . X X O X .
                . X X O . X
                X {outside} O O O .
                . X X X O O
                . X X X X X
                "
            ))
        };
        let (g, cells) = board("X");
        let at = |xy: &[(usize, usize)]| -> Vec<u16> {
            xy.iter().map(|&(x, y)| g.idx(x, y) as u16).collect()
        };
        let contents = at(&[(4, 3), (5, 4)]);
        let mut space = at(&[(4, 2), (5, 3), (4, 4), (5, 5)]);
        space.extend_from_slice(&contents);
        let mut s = LocalSolver::default();
        assert!(set_up_one_wall(
            &mut s, &g, &cells, &space, &contents, WHITE
        ));
        for first in [WHITE, BLACK] {
            assert_eq!(
                s.first_capture(first),
                Some(Capture::Neither),
                "first {first}"
            );
        }
        let (g, cells) = board(".");
        let mut with_dame = space.clone();
        with_dame.push(g.idx(1, 5) as u16);
        assert!(set_up_one_wall(
            &mut s, &g, &cells, &with_dame, &contents, WHITE
        ));
        assert_eq!(s.first_capture(WHITE), Some(Capture::Walls));
        // Black moving first fills that dame, and it is a seki again
        assert_eq!(s.first_capture(BLACK), Some(Capture::Neither));
    }

    /// A lone white stone in atari inside Black's two-point eye, and Black's wall in atari too,
    /// its one liberty the eye's other point: whoever plays there first captures.
    #[test]
    fn a_stone_in_the_eye_of_walls_in_atari_falls_to_whoever_moves_first() {
        let (g, cells) = parse_board(
            "
            O . X O .
            X X X O .
            O O O O .
            ",
        );
        let contents = vec![g.idx(0, 0) as u16];
        let space = vec![g.idx(0, 0) as u16, g.idx(1, 0) as u16];
        let mut s = LocalSolver::default();
        assert!(set_up_one_wall(
            &mut s, &g, &cells, &space, &contents, BLACK
        ));
        for (first, outcome) in [(BLACK, Capture::Walls), (WHITE, Capture::Contents)] {
            assert_eq!(s.first_capture(first), Some(outcome), "first {first}");
        }
    }

    /// A capturing race wider than the seki and eye-space reads' boards (fifteen points, as
    /// `DeadEstimator::read_race` asks): along the top edge, a chain of thirteen stones with
    /// thirteen liberties above it and, below it, a chain of the other colour with two, the
    /// rest of its liberties taken by a living wall. The side with two liberties is captured
    /// whoever moves first. Its two liberties are the last of the points, beyond the thirteen
    /// a key held before the board grew: a key that dropped them would merge positions that
    /// differ there.
    #[test]
    fn a_fifteen_point_race_goes_to_the_chain_with_more_liberties() {
        let (g, cells) = parse_board(
            "
            . . . . . . . . . . . . .
            O O O O O O O O O O O O O
            X X X X X X X X X X X X X
            O O O O O O O O O O O . .
            O O O O O O O O O O O O O
            ",
        );
        let mut points: Vec<u16> = (0..13).map(|x| g.idx(x, 0) as u16).collect();
        points.extend([g.idx(11, 3) as u16, g.idx(12, 3) as u16]);
        assert!(points.len() > MAX_LOCAL && points.len() <= MAX_BOARD);
        let (top, middle) = (g.idx(0, 1), g.idx(0, 2));
        let same_chain = |p: usize, q: usize| {
            let mut seen = vec![false; cells.len()];
            let mut stack = vec![q];
            while let Some(x) = stack.pop() {
                if x == p {
                    return true;
                }
                if !std::mem::replace(&mut seen[x], true) {
                    stack.extend(g.adj(x).into_iter().filter(|&n| cells[n] == cells[q]));
                }
            }
            false
        };
        let mut s = LocalSolver::default();
        for walls in [BLACK, WHITE] {
            // the short chain in the middle row is Black's: as walls, Black's group is the
            // node captured; as contents, White's group is the walls and captures
            let node_of = |p: usize| {
                if cells[p] != EMPTY && same_chain(p, middle) {
                    Some((0, walls == WHITE))
                } else if cells[p] != EMPTY && same_chain(p, top) {
                    Some((1, walls == BLACK))
                } else {
                    None
                }
            };
            let anchor = |p: usize| cells[p] == WHITE && !same_chain(p, top);
            assert!(s.set_up_chains(&g, &cells, &points, node_of, anchor, walls));
            let short_side_falls = if walls == BLACK {
                Capture::Contents
            } else {
                Capture::Walls
            };
            for first in [BLACK, WHITE] {
                assert_eq!(
                    s.first_capture(first),
                    Some(short_side_falls),
                    "walls {walls}, first {first}"
                );
            }
        }
    }
}
