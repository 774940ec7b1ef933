//! Local playouts: the estimator's referee for fights static analysis cannot settle
//! (capturing races, seki, groups whose eyes depend on capturing stones that may not die).
//!
//! A playout starts from the final position (in the final batch and the semeai check, without
//! the stones already judged dead outside its area: their walls keep those liberties), lets
//! the two sides play random moves *only inside a small area* around the fight (and on the
//! points of one or two stones captured meanwhile), and stops when both pass. The policy is
//! simple but not blind: answer the opponent's last move by capturing a chain it left in atari or
//! by saving one of one's own it put in atari, or (in the final batch) by playing the vital
//! point of the eye space the move's capture of three to six stones left (nakade), by taking
//! the last empty diagonal of an eye-like point the move borders, which that stone makes
//! false (eye sense), or by putting in atari a chain of two liberties it made beside one of one's own
//! with three or more (race sense),
//! else capture a chain that was in atari at
//! the start or was left in atari by an earlier move (in the final batch, a chain of one or
//! two stones inside the area even at a liberty outside it), otherwise play a random legal
//! move that neither fills one's own eye nor puts a chain of two or more stones in atari (so a
//! seki stays a seki, and a lone nakade stone may still be thrown in), unless a chain of two
//! fills the last liberty of the enemy group around it (a nakade, see
//! `FastBoard::is_playout_move`); a false eye counts as an
//! eye unless filling it connects a chain in atari or leaves three liberties or more (filled
//! at random, it shortened the walls' liberties in a race). Moves are drawn by probing
//! the area from a random start, so a move costs little more than the probes it rejects. Half the playouts start with each colour, and the question "does this group
//! survive?" is answered by the share of playouts in which its stones are still on the board.
//!
//! Everything is deterministic: the generator is a fixed-seed xorshift, seeded per question
//! from the position, so the same input gives the same answer on every run and thread.

use super::analysis::Marker;
use super::fastboard::FastBoard;
use super::geom::{opp, Geom, BLACK, EMPTY, WALL, WHITE};

/// xorshift64* with a fixed seed per question.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15 | 1)
    }

    #[inline]
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next() >> 32) as usize * n) >> 32
    }
}

/// Playouts per question about one fight (half with each colour first; the group survives
/// when it does in half of them). **choice**, Tygem counted games, exact / wrong winners /
/// resigned games named: 4 playouts 21,385 / 221 / 72.24%; 6: 21,398 / 218 / 72.28%; 8:
/// 21,405 / 211 / 72.30%; 10: 21,405 / 206 / 72.35%; 12: 21,403 / 209; 16: 21,404 / 208; 20:
/// 21,404 / 210. `Scorer::score` instructions for the first 5,000 Tygem games: 6 playouts
/// 3,925 M, 8: 4,025 M, 10: 4,132 M (+5.3%); a question stops once its verdict is certain.
/// corpus/dev's KGS and Fox games without markup: two fewer wrong winners at 10. Those are
/// seed 0's figures; over seeds 0–4 (`benches/seed_spread.py`), 6 → 10 playouts: exact mean
/// 21,397.6 → 21,403.8, wrong winners 216.4 → 210.0, resigned 72.20% → 72.26%, better
/// under four seeds of five.
pub(crate) const PLAYOUTS: usize = 10;
/// Playouts per fight question in a game the record says was counted, where the static
/// analysis asks few questions and each decides a settled fight, not an open one (see
/// [`COUNTED_SETTLE_PLAYOUTS`] for the final batch). **choice**, Tygem 77,076 games, means
/// over seeds 0–4 (`benches/seed_spread.py --against`), counted exact / wrong winners against
/// [`PLAYOUTS`], both with the counted games' 64 settle playouts: 20 +5.0 / −1.2; 30 +7.2 /
/// −1.8; 40 +9.4 / −3.4; 60 +11.0 / −4.6 (both better under all five seeds); 100 +10.6 /
/// −4.8. The resigned games unchanged. Scoring instructions for the first 5,000 Tygem games
/// 9.29 G → 9.92 G (+6.8%: a question stops once its verdict is certain, after 30 playouts at
/// the least). Ten first and fifty more only when the ten split between 10% and 90%: 9.57
/// G, but −2.0 / +2.4 against sixty (worse under four seeds of five on both).
pub(crate) const COUNTED_PLAYOUTS: usize = 60;
/// Playouts for the final batch that settles every group still open at once, unless the
/// caller asks for more ([`crate::scoring::Scorer::set_settle_playouts`]): in a game stopped
/// mid-fight that batch spans most of the board. A group lives when it survives
/// the estimator's 60% of them (4 of 6), and the batch stops once every verdict is
/// certain, so the cost grows less than the count. **choice**, Tygem, 77,076 games, means over
/// seeds 0–4 (`benches/seed_spread.py --playouts N`), counted exact / wrong winners /
/// resigned games named, and CPU seconds of the full scan (means of three or four alternating
/// runs): 4 playouts 21,405.4 / 205.0 / 72.74%, 26.0 s; 5: 21,401.0 / 209.4 / 73.31%; 6:
/// 21,411.6 / 201.0 / 74.57%, 30.1 s (better than 4 on exact and wrong winners under four
/// seeds of five, on resigned games under all five); 8: 21,414.4 / 199.8 / 75.47%, 35.1 s.
/// `Scorer::score` instructions for the first 5,000 Tygem games: 4: 4,331.9 M, 6: 5,335.6 M. corpus/dev over the same seeds,
/// KGS Japanese without markup exact: 4: 1,387.8, 6: 1,389.4, 8: 1,388.4; Fox same winner
/// within a game of each other. Six buys two thirds or more of what eight gains for under
/// half its extra cost; the scan's speed is the price (issue goals: see README, Measured).
/// (Measured before the current estimator: 1: 21,361 / 248 / 67.53%; 2: 21,358 / 238 /
/// 68.32%; 12: 21,409 / 217 / 76.33%; 16: 21,412 / 209 / 76.87%; 32: 21,415 / 209 / 78.19%.)
/// Measured again with the current estimator and its second batch (as many playouts again
/// when a verdict splits), same figures and scan CPU: 4: 21,435.6 / 193.2 / 75.66%, 35.6 s;
/// 5: 21,437.2 / 192.8 / 76.16%, 42.3 s; 6: 21,443.8 / 188.2 / 77.19%, 45.2 s; 8: 21,443.8 /
/// 188.0 / 77.86%, 52.6 s; KGS 1,394.0, 1,391.6, 1,395.0, 1,394.6.
pub const SETTLE_PLAYOUTS: usize = 6;
/// The most settle playouts a caller may ask for.
pub const MAX_SETTLE_PLAYOUTS: usize = 64;
/// Playouts of the final settle batch (and of its second batch) in a game the record says
/// was counted, unless the caller asks for more: there the players agreed on every group's
/// fate, the groups left to the final batch are few and small (a batch of 59 points on
/// average, against 324 in a resigned game), and a verdict the six playouts split is a
/// reading that more playouts settle, not an open fight. **choice**, Tygem 77,076 games,
/// means over seeds 0–4 (`benches/seed_spread.py --against`), counted exact / wrong winners
/// against [`SETTLE_PLAYOUTS`]: 24 +14.2 / −9.2; 42 +17.4 / −10.4 (both better under all
/// five seeds); 64 +19.4 (better under all five) / −10.4 (better under four, equal under
/// one); the resigned games unchanged; full-scan CPU 28.5 s → 29.4 s (one run each: under
/// 3%, the counted games' batches being small). Measured first as a third batch after the
/// second, when some group's share lay within 0.17 of the share it needs: of 12 playouts in
/// every game, +11.6 / −6.4 and resigned games named +1.76 points, for 50% more CPU (their
/// batches are large, and 83% of them have such a group); of 36 in counted games only,
/// +15.2 / −8.0 (within 0.25: +16.6 / −8.2); of 12 whenever the batch spans at most 150
/// points, +11.2 / −6.0. Measured and left as they were, with 60 per fight question too: 128
/// playouts −0.4 / +0.8; over so many playouts a counted game's groups needing other shares,
/// inside an enemy enclosure 0.7 (+0.8 / −2.6, exact better under three seeds of five only),
/// 0.65 (−2.4 / −1.8), 0.8 (−12.8 / +8.4), elsewhere 0.55 (+0.2 / 0.0), 0.65 (−1.2 / +1.2).
pub const COUNTED_SETTLE_PLAYOUTS: usize = 64;

/// Captures of at most this many stones make their points part of the area, even stones
/// that lay outside it (prisoners already judged dead, never asked about): the capturer's
/// space there is an eye of one or two points, which the other side must be able to fill —
/// the last liberty of a group with one eye, or a throw-in — else such a group can never be
/// captured (a one-eyed group whose last liberty was a dead stone's point lived in every
/// playout where it captured that stone). A larger capture leaves an eye space that random
/// play inside decides worse than the estimator's valuation of it. **choice**, Tygem counted
/// games: 21,340 → 21,381 exact, 255 → 238 wrong winners, resigned games 69.71% → 70.08%;
/// at most one stone: 21,363 / 246 / 69.85%, three: 21,371 / 238 / 70.00%, four: 21,373 /
/// 238 / 70.04%, any capture: 21,370 / 234 / 70.06%, but White's big group of Tygem game
/// 117155426 died (its eye space re-invaded at random; see the scenario test of the semeai
/// read with all the liberties).
const CAPTURED_JOIN_AREA: u32 = 2;

/// A chain of at most this many stones, all inside the area, in atari at a liberty outside
/// it, may be captured there: a stone played at the area's rim into the other side's
/// territory otherwise lives on a liberty no playout can fill (Tygem 2006-11/122848928: White
/// captured Black's edge stone at the rim and kept the point, an eye no one could take, and
/// lost a capturing race read as a seki). In the final batch only (with race sense, which it
/// completes). **choice**, means over seeds 0–4 against no such capture
/// (`benches/seed_spread.py --against`): Tygem counted exact 21,495.4 → 21,503.8 (better under
/// all five seeds), wrong winners 146.8 → 139.8 (better under all five), resigned games named
/// 77.37% → 77.45% (better under two of five). In every batch: +8.2 / −6.6 / +0.11 points,
/// but a fight question then broke the false-eye seki of the scenario test
/// `two_chains_joined_by_a_false_eye_live_in_seki_with_the_walls`. Chains of up to four
/// stones (with the nakade fill and `SETTLE_SHORT_LIBS` 4, against two): −1.8 / +0.0 / +0.14
/// points, exact worse under four seeds of five. With the nakade fill (see
/// `FastBoard::is_playout_move`), scoring instructions for the first 5,000 Tygem games under
/// callgrind 8.91 G → 9.42 G (+5.8%).
const OUTSIDE_CAPTURE_STONES: u16 = 2;

/// Captures of this many stones make an eye space whose vital point the other side plays at
/// once in the final batch (nakade; see [`vital_point`]): random play let the capturer's
/// group live in a bulky five or a pyramid four, the other side taking the vital point only
/// now and then before the capturer did. **choice**, Tygem 77,076 games, means over seeds 0–4
/// against no such reply (`benches/seed_spread.py`, per seed from the same baseline): counted
/// exact 21,485.0 → 21,492.6 (better under all five seeds), wrong winners 153.8 → 150.8
/// (better under four, equal under one), resigned games named 77.27% → 77.38% (better under
/// four); KGS Japanese without markup 1,400.8 → 1,403.2 exact, 21.8 → 21.2 wrong winners;
/// Fox 354.6 → 356.6 exact, 474.4 → 476.2 same winner. Scoring instructions for the first
/// 5,000 Tygem games 8.60 G → 8.91 G (+3.6%). In every batch, not only the final one, seed 0:
/// 21,487 exact / 152 wrong winners / 77.36% against 21,498 / 146 / 77.39%.
const NAKADE_STONES: std::ops::RangeInclusive<u32> = 3..=6;

/// The vital point of the space `pts` (the points of captured stones): the first point with
/// the most neighbours in the space (the middle of a straight three, the corner of a bent
/// three, the centre of a pyramid four, a crossed five or a flower six, the point of a bulky
/// five's square beside its fifth point), or 0 when `pts` is empty. Never inlined: a
/// capture of three to six stones is rare, and the playout loop runs better without its
/// code (see `FastBoard::fill_leaves_two`).
#[inline(never)]
fn vital_point(g: &Geom, pts: &[u16]) -> usize {
    let mut best = (0, 0);
    for &p in pts {
        // its neighbours in the space: the points of `pts` one column or one row away (an
        // index one off across the edge is the wall column, never in `pts`), counted by the
        // index difference rather than by looking each neighbour up in `pts` (**choice**:
        // the same points; `vital_point` 15.7 M → 8.5 M instructions in the scan of 1,000
        // Tygem games)
        let inside = pts
            .iter()
            .filter(|&&q| {
                let d = usize::from(q.abs_diff(p));
                d == 1 || d == g.stride
            })
            .count();
        if inside > best.0 {
            best = (inside, p as usize);
        }
    }
    best.1
}

/// Scratch state for local playouts.
#[derive(Clone, Debug)]
pub(crate) struct LocalReader {
    /// Per group of the last [`LocalReader::survival_many`]: the playouts it survived that
    /// its own colour began, and those the enemy began (a capturing race the first move
    /// decides shows as all of the one and none of the other).
    pub own_first: Vec<u16>,
    pub enemy_first: Vec<u16>,
    base: FastBoard,
    work: FastBoard,
    have_base: bool,
    in_area: Marker,
    area: Vec<u16>,
    /// Empty points of the area during a playout.
    cand: Vec<u16>,
    /// Position of each point in `cand` (valid only for points in it).
    cpos: Vec<u16>,
    /// Liberties of chains in atari at the start of the playout or left in atari by a move:
    /// captures to play before random moves (see [`LocalReader::urgent_capture`]).
    urgent: Vec<u16>,
    /// `cand`, `cpos` and `urgent` at the start position, made once per batch of playouts.
    start_cand: Vec<u16>,
    start_cpos: Vec<u16>,
    start_urgent: Vec<u16>,
    /// Stones of chains in atari at the last move and its neighbours, in that order (the
    /// reply looks no further).
    in_atari: [u16; 5],
    n_in_atari: usize,
    /// The opponent's last move (0 after a pass or at the start).
    last: usize,
    /// The vital point of the eye space the opponent's last move made by capturing
    /// [`NAKADE_STONES`] stones (0: none; see [`vital_point`]).
    nakade: usize,
    /// Whether this batch plays with race sense (see [`LocalReader::race_atari`]).
    race: bool,
    /// Playouts run since the last [`LocalReader::reset`] (for statistics).
    pub playouts: u32,
    /// Mixed into every question's seed (0: the default sample; see
    /// [`crate::scoring::Scorer::set_playout_seed`]).
    pub salt: u64,
}

impl Default for LocalReader {
    fn default() -> Self {
        let g = Geom::new(1, 1);
        LocalReader {
            own_first: Vec::new(),
            enemy_first: Vec::new(),
            base: FastBoard::new(g),
            work: FastBoard::new(g),
            have_base: false,
            in_area: Marker::default(),
            area: Vec::new(),
            cand: Vec::new(),
            cpos: Vec::new(),
            urgent: Vec::new(),
            start_cand: Vec::new(),
            start_cpos: Vec::new(),
            start_urgent: Vec::new(),
            in_atari: [0; 5],
            n_in_atari: 0,
            last: 0,
            nakade: 0,
            race: false,
            playouts: 0,
            salt: 0,
        }
    }
}

impl LocalReader {
    /// Forget the previous position (the base board is rebuilt on first use).
    pub fn reset(&mut self) {
        self.have_base = false;
        self.playouts = 0;
    }

    /// Rebuild the base board from the next question's cells (another board of the same
    /// position).
    pub fn reload(&mut self) {
        self.have_base = false;
    }

    fn ensure_base(&mut self, g: &Geom, cells: &[u8]) {
        if self.have_base {
            return;
        }
        self.base.load(*g, cells);
        self.have_base = true;
    }

    /// Whether at least half of `stones` keep their colour in at least half of `playouts`
    /// playouts ([`PLAYOUTS`], or [`COUNTED_PLAYOUTS`] in a counted game), playing only on
    /// the empty points of `area` (padded indices) and on the points of small captures during
    /// the playout (see [`CAPTURED_JOIN_AREA`]). Without race sense: see
    /// [`LocalReader::race_atari`].
    pub fn survives_half(
        &mut self,
        g: &Geom,
        cells: &[u8],
        area: &[u16],
        stones: &[u16],
        seed: u64,
        playouts: usize,
    ) -> bool {
        let mut out = [0.0];
        let ends = [stones.len()];
        let need = playouts.div_ceil(2);
        self.survival_many(
            g, cells, area, stones, &ends, playouts, need, seed, false, &mut out,
        );
        out[0] >= 0.5
    }

    /// Survival of several groups at once: `stones` holds the groups one after the other,
    /// `ends[k]` is the end of group `k` in it. The question asked of each group is whether
    /// it survives at least `need` of `playouts` playouts; the playouts stop as soon as every
    /// group's answer is certain (**choice**: margins of all 77,076 Tygem games identical,
    /// scoring instructions −3.8%; a group that died in three
    /// playouts of four is no longer reported unsettled when it would have survived the fourth). `out[k]` receives group `k`'s share of survivals over the
    /// playouts run, which is at least `need / playouts` exactly when the answer is yes.
    /// `need` 0 asks no question: all `playouts` run (the estimator's second settle batch).
    /// `race`: play with race sense (the estimator's final batch), see
    /// [`LocalReader::race_atari`].
    #[allow(clippy::too_many_arguments)]
    pub fn survival_many(
        &mut self,
        g: &Geom,
        cells: &[u8],
        area: &[u16],
        stones: &[u16],
        ends: &[usize],
        playouts: usize,
        need: usize,
        seed: u64,
        race: bool,
        out: &mut [f64],
    ) {
        self.race = race;
        self.ensure_base(g, cells);
        self.in_area.clear(g.size);
        self.area.clear();
        for &p in area {
            if self.in_area.insert(p as usize) {
                self.area.push(p);
            }
        }
        // every playout starts from the same candidates and urgent captures
        self.work.copy_from(&self.base);
        self.refill();
        // chains already in atari at the start (stones left for dead, throw-ins) are urgent
        // captures, see `play_out`
        self.urgent.clear();
        for k in 0..self.area.len() {
            self.note_atari(self.area[k] as usize);
        }
        self.start_cand.clone_from(&self.cand);
        self.start_cpos.clone_from(&self.cpos);
        self.start_urgent.clone_from(&self.urgent);
        let mut rng = Rng::new(seed ^ self.salt.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        out.iter_mut().for_each(|o| *o = 0.0);
        self.own_first.clear();
        self.own_first.resize(out.len(), 0);
        self.enemy_first.clear();
        self.enemy_first.resize(out.len(), 0);
        let mut run = 0;
        for k in 0..playouts {
            if k > 0 {
                self.work.copy_from(&self.base);
                self.cand.clone_from(&self.start_cand);
                self.cpos.clone_from(&self.start_cpos);
                self.urgent.clone_from(&self.start_urgent);
            }
            let first = if k % 2 == 0 { BLACK } else { WHITE };
            self.play_out(first, &mut rng);
            self.playouts += 1;
            let mut start = 0;
            for (j, &end) in ends.iter().enumerate() {
                let group = &stones[start..end];
                let colour = cells[group[0] as usize];
                // a stone still on the board, or captured but its point now surrounded by
                // its own colour (its side took the point back)
                let kept = group
                    .iter()
                    .filter(|&&s| {
                        let v = self.work.cells()[s as usize];
                        v == colour
                            || (v == EMPTY
                                && self.work.geom().adj(s as usize).iter().all(|&n| {
                                    let w = self.work.cells()[n];
                                    w == colour || w == WALL
                                }))
                    })
                    .count();
                if kept * 2 >= group.len() {
                    out[j] += 1.0;
                    if first == colour {
                        self.own_first[j] += 1;
                    } else {
                        self.enemy_first[j] += 1;
                    }
                }
                start = end;
            }
            run = k + 1;
            let left = playouts - run;
            if need > 0
                && out
                    .iter()
                    .all(|&s| s as usize >= need || s as usize + left < need)
            {
                break;
            }
        }
        out.iter_mut().for_each(|o| *o /= run.max(1) as f64);
    }

    /// The empty points of the area, for move drawing.
    fn refill(&mut self) {
        self.cand.clear();
        if self.cpos.len() < self.work.cells().len() {
            self.cpos.resize(self.work.cells().len(), 0);
        }
        for k in 0..self.area.len() {
            let p = self.area[k];
            if self.work.cells()[p as usize] == EMPTY {
                self.add(p);
            }
        }
    }

    /// Makes the point `p` a candidate (it must not be one yet).
    #[inline]
    fn add(&mut self, p: u16) {
        self.cpos[p as usize] = self.cand.len() as u16;
        self.cand.push(p);
    }

    /// Whether the point `i` is a candidate.
    #[inline]
    fn has(&self, i: usize) -> bool {
        self.cand.get(self.cpos[i] as usize) == Some(&(i as u16))
    }

    /// Drops the point `i` (now occupied) from the candidates, in O(1).
    fn take(&mut self, i: usize) {
        if !self.has(i) {
            return;
        }
        let k = self.cpos[i] as usize;
        self.cand.swap_remove(k);
        if let Some(&moved) = self.cand.get(k) {
            self.cpos[moved as usize] = k as u16;
        }
    }

    /// The points a capture (or a suicide) emptied, from position `from` of the board's
    /// list of empty points on: those of a small capture join the area (see
    /// [`CAPTURED_JOIN_AREA`]) for the rest of the batch (later playouts of the same question
    /// start from the same candidates, but treat those points as inside the area once
    /// emptied), and those inside the area become candidates. Never inlined: one move in
    /// five captures (**choice**: the same moves; the scan of 1,000 Tygem games under
    /// callgrind 2,243.0 M → 2,239.4 M instructions).
    #[inline(never)]
    fn note_emptied(&mut self, from: usize, captured: u32) {
        let join = captured <= CAPTURED_JOIN_AREA;
        for k in from..self.work.empties().len() {
            let p = self.work.empties()[k];
            // a point just joined is inside without asking again (**choice**: the same
            // candidates; `note_emptied` 37.7 M → 35.8 M instructions for 1,000 Tygem games)
            let inside = if join {
                self.in_area.insert(p as usize);
                true
            } else {
                self.in_area.contains(p as usize)
            };
            if inside && !self.has(p as usize) {
                self.add(p);
            }
        }
    }

    fn play_out(&mut self, first: u8, rng: &mut Rng) {
        let mut c = first;
        let mut passes = 0;
        self.n_in_atari = 0;
        self.last = 0;
        self.nakade = 0;
        let limit = 3 * self.area.len() + 8;
        // chains already in atari at the start (stones left for dead, throw-ins; noted by the
        // caller), and later those a move leaves in atari: their captures come before random
        // moves (**choice**, Tygem counted games: 89.96% → 90.05% exact, 97.67% → 97.74% same
        // winner, resigned games 62.22% → 62.70% for the start; the later ones 90.14% →
        // 90.22%, 97.80% → 97.85%, 62.69% → 62.78%; answering one's own chains in atari by
        // extending did worse, 89.98% and 62.25%)
        for _ in 0..limit {
            match self.choose(c, rng) {
                Some(i) => {
                    let before = self.work.empties().len();
                    let captured = self.work.play(c, i);
                    // captures (or a suicide) appended the points they emptied to the
                    // board's list of empty points, after `i` left it
                    if self.work.empties().len() >= before {
                        self.note_emptied(before - 1, captured);
                    }
                    // the points a capture emptied are the last ones in the list
                    self.nakade = if self.race && NAKADE_STONES.contains(&captured) {
                        vital_point(&self.work.geom(), &self.work.empties()[before - 1..])
                    } else {
                        0
                    };
                    self.find_ataris(i);
                    self.last = i;
                    if self.work.cells()[i] != EMPTY {
                        self.take(i);
                        // chains the move left in atari stay urgent if not answered at once
                        // (those of its neighbours)
                        for k in 0..self.n_in_atari {
                            let s = self.in_atari[k] as usize;
                            if s != i {
                                self.note_urgent(s);
                            }
                        }
                    }
                    passes = 0;
                }
                None => {
                    passes += 1;
                    self.n_in_atari = 0;
                    self.last = 0;
                    self.nakade = 0;
                    self.work.ko = 0;
                    if passes == 2 {
                        break;
                    }
                }
            }
            c = opp(c);
        }
    }

    /// The reply of `c` to the opponent's move at `last` in the position `cells`, with the
    /// whole board as area (tests of the policy).
    #[cfg(test)]
    pub(crate) fn reply_to(&mut self, g: &Geom, cells: &[u8], last: usize, c: u8) -> Option<usize> {
        self.work.load(*g, cells);
        self.in_area.clear(g.size);
        self.area.clear();
        for p in g.points() {
            if self.in_area.insert(p) {
                self.area.push(p as u16);
            }
        }
        self.find_ataris(last);
        self.nakade = 0;
        self.last = last;
        self.race = true;
        self.reply(c)
    }

    /// Notes the stones of chains in atari among the move `i` and its neighbours.
    fn find_ataris(&mut self, i: usize) {
        self.n_in_atari = self.work.ataris_at_and_around(i, &mut self.in_atari);
    }

    /// A reply to the opponent's last move: capture a chain it left in atari, or save one of
    /// ours it put in atari (the chains [`LocalReader::find_ataris`] noted); else, when the
    /// move captured [`NAKADE_STONES`] stones, play the vital point of the space they leave
    /// (nakade, final batch only); else make false
    /// an eye the move is about to complete (see [`LocalReader::eye_steal`]); else, when the
    /// move left its chain with two liberties against one of ours with three or more, put
    /// it in atari (see [`LocalReader::race_atari`]).
    fn reply(&self, c: u8) -> Option<usize> {
        let b = &self.work;
        let o = opp(c);
        // the stone just played, or a neighbour of it, may be capturable
        for &s in &self.in_atari[..self.n_in_atari] {
            let s = s as usize;
            let lib = b.atari_liberty(s);
            if b.cells()[s] == o {
                if self.may_capture_at(s, lib) && b.is_legal(c, lib) {
                    return Some(lib);
                }
                continue;
            }
            if !self.in_area.contains(lib) || !b.is_legal(c, lib) {
                continue;
            }
            // our chain in atari: extend if that gives it room
            if b.self_atari_size(c, lib) == 0 {
                return Some(lib);
            }
        }
        // the vital point of the eye space the opponent's capture just made
        let v = self.nakade;
        if v != 0 && b.cells()[v] == EMPTY && self.in_area.contains(v) && b.is_legal(c, v) {
            return Some(v);
        }
        self.eye_steal(c).or_else(|| self.race_atari(c))
    }

    /// Eye sense: the opponent's last move borders an eye-like point of its own (every
    /// neighbour its colour or the edge) that one more of our stones on a diagonal makes
    /// false (two enemy diagonals in the middle, one on the edge), and only one diagonal is
    /// still empty: take it before the opponent does (random play took it as often as not,
    /// and a group with one real eye and a half-made second lived). Only in the final batch,
    /// as race sense.
    ///
    /// **Choice**, means over seeds 0–4 (`benches/seed_spread.py --against`), Tygem counted
    /// exact / wrong winners / resigned games named: +6.0 / −6.0 (better under all five seeds
    /// on both) / −0.04 points (2 seeds better, 3 worse); KGS Japanese counted games without
    /// markup +1.8 exact and −1.2 wrong winners a seed, Fox −0.6 exact and the same winners
    /// (a trade stated at the accuracy test's floors); scoring instructions +7.9% (8.53 G → 9.21 G
    /// for the first 5,000 Tygem games: the test runs after every move). Variants: any eye-like
    /// point around the move, its diagonals too: +7.0 / −6.8 / −0.14 (worse under all five);
    /// diagonals only: +2.8 / −1.6 / +0.06; also securing one's own eye the same way: +4.2 /
    /// −4.8 / −0.02; in every batch: +4.0 / −5.8 / −0.06.
    fn eye_steal(&self, c: u8) -> Option<usize> {
        let b = &self.work;
        let m = self.last;
        if !self.race || m == 0 {
            return None;
        }
        b.false_eye_spot(c, m, |spot| {
            self.in_area.contains(spot) && b.is_legal(c, spot) && b.self_atari_size(c, spot) == 0
        })
    }

    /// Race sense: the opponent's last move made (or joined) a chain of two liberties that
    /// touches it, and one of our chains beside that stone has three liberties or more:
    /// the side with more liberties wins a capturing race by shortening the other's, so put
    /// the chain in atari, at a liberty where our own stone is not in atari.
    ///
    /// Only in the final batch (**choice**, Tygem counted exact / wrong winners / resigned
    /// games named, with the points of small captures playable: 21,381 / 238 / 70.08%
    /// without race sense, 21,383 / 228 / 71.87% with it, scoring instructions 3,646.9 M →
    /// 3,787.6 M (+3.9%). Measured before that change, against 21,340 / 255 / 69.71%:
    /// final batch only 21,338 / 250 / 71.03%,
    /// and over four playout seeds the means 21,326.8 → 21,330.3, 262.8 → 258.5, 69.50% →
    /// 71.19%, the seeds spreading ±10 on exact and ±5 on wrong winners; in every batch
    /// 21,337 / 255 / 71.04%, means 21,324.5 / 261.5 / 71.20%; in the fight questions alone
    /// 21,336 / 265 / 69.71%: a fight question is a local read the static analysis framed,
    /// the final batch a game stopped mid-fight. Asking our chain for two liberties or more,
    /// 21,331 / 257 / 71.21%; playing the liberty away from our stones first, 21,331 / 264 /
    /// 71.60%; scoring instructions +4.06%).
    fn race_atari(&self, c: u8) -> Option<usize> {
        let b = &self.work;
        let i = self.last;
        if !self.race || i == 0 || b.cells()[i] != opp(c) {
            return None;
        }
        // cheap filters first: one of ours beside the stone, and fewer than three empty
        // points around it (else its chain has three liberties)
        let mut libs = [0; 2];
        if b.adjacent(i, c) == 0 || b.adjacent(i, EMPTY) >= 3 || !b.two_liberties(i, &mut libs) {
            return None;
        }
        let stronger = b
            .geom()
            .adj(i)
            .iter()
            .any(|&n| b.cells()[n] == c && b.three_liberties(n));
        if !stronger {
            return None;
        }
        libs.into_iter()
            .find(|&l| self.in_area.contains(l) && b.is_legal(c, l) && b.self_atari_size(c, l) == 0)
    }

    /// If the stone at `p` belongs to a chain in atari, its liberty (inside the area) becomes
    /// an urgent point: a capture to play before random moves.
    fn note_atari(&mut self, p: usize) {
        let v = self.work.cells()[p];
        if (v == BLACK || v == WHITE) && self.work.in_atari(p) {
            self.note_urgent(p);
        }
    }

    /// The liberty of the chain in atari at `p` becomes an urgent point if the chain may be
    /// captured there (see [`LocalReader::may_capture_at`]).
    fn note_urgent(&mut self, p: usize) {
        let lib = self.work.atari_liberty(p) as u16;
        if self.may_capture_at(p, lib as usize) && !self.urgent.contains(&lib) {
            self.urgent.push(lib);
        }
    }

    /// Whether the chain in atari at `s` may be captured at its liberty `lib`: inside the
    /// area, or outside it when the chain is a small one lying wholly inside (see
    /// [`OUTSIDE_CAPTURE_STONES`]).
    fn may_capture_at(&self, s: usize, lib: usize) -> bool {
        self.in_area.contains(lib)
            || self.race
                && self
                    .work
                    .chain_within(s, OUTSIDE_CAPTURE_STONES, |p| self.in_area.contains(p))
    }

    /// A capture of a chain in atari noted earlier (at the start or after a move), if one is
    /// still there.
    fn urgent_capture(&mut self, c: u8) -> Option<usize> {
        let o = opp(c);
        let mut k = 0;
        while k < self.urgent.len() {
            let p = self.urgent[k] as usize;
            let b = &self.work;
            let ataris = if b.cells()[p] == EMPTY {
                b.ataris_around(p)
            } else {
                0
            };
            // occupied, or no chain beside it in atari any more (a new atari there is noted
            // again by the move that makes it)
            if ataris == 0 {
                self.urgent.swap_remove(k);
                continue;
            }
            if ataris & o != 0 && b.is_legal(c, p) {
                return Some(p);
            }
            k += 1;
        }
        None
    }

    fn choose(&mut self, c: u8, rng: &mut Rng) -> Option<usize> {
        if let Some(i) = self.reply(c) {
            return Some(i);
        }
        if let Some(i) = self.urgent_capture(c) {
            return Some(i);
        }
        let b = &self.work;
        let n = self.cand.len();
        if n == 0 {
            return None;
        }
        let start = rng.below(n);
        // every candidate once, cyclically from a random start, by an index that wraps
        // (**choice**: the same moves; scan instructions for 1,000 Tygem games 2,289.2 M →
        // 2,283.9 M against chaining the two halves' iterators, which asks at every step which
        // half it is in; a loop over each half in turn, the two sharing one inlined probe, left
        // the probe or its eye test out of line: 2,382.6 M, 2,388.1 M)
        let cand = &self.cand[..n];
        let mut k = start;
        loop {
            let i = cand[k] as usize;
            if b.is_playout_move(c, i) {
                return Some(i);
            }
            k += 1;
            if k == n {
                k = 0;
            }
            if k == start {
                return None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::testutil::parse_board;

    /// A white stone in atari inside Black's corner, and Black's wall, asked whether they
    /// survive three playouts of four: after two the stone cannot (it died in both), after
    /// three the wall has (it lived in all), so the fourth is not run; the shares are over the
    /// three run.
    #[test]
    fn playouts_stop_once_every_verdict_is_certain() {
        let (g, cells) = parse_board(
            "
            . . . X . .
            . O X X . .
            X X X . . .
            . . . . . .
            ",
        );
        let area: Vec<u16> = g.points().map(|p| p as u16).collect();
        let stone = g.idx(1, 1) as u16;
        let wall: Vec<u16> = [(3, 0), (2, 1), (3, 1), (0, 2), (1, 2), (2, 2)]
            .iter()
            .map(|&(x, y)| g.idx(x, y) as u16)
            .collect();
        let mut stones = vec![stone];
        stones.extend_from_slice(&wall);
        let ends = [1, stones.len()];
        let mut r = LocalReader::default();
        let mut out = [0.0; 2];
        r.survival_many(&g, &cells, &area, &stones, &ends, 4, 3, 7, true, &mut out);
        assert_eq!((r.playouts, out), (3, [0.0, 1.0]));
        // asked to run them all (a survival in every playout needed), all four run
        r.reset();
        r.survival_many(&g, &cells, &area, &stones, &ends, 4, 4, 7, true, &mut out);
        assert_eq!((r.playouts, out), (4, [0.0, 1.0]));
    }

    /// A white stone in Black's corner whose one liberty lies outside the playouts' area (its
    /// stone inside): Black captures it there rather than leave it an eye no move may take.
    #[test]
    fn a_stone_inside_the_area_is_captured_at_a_liberty_outside_it() {
        let (g, cells) = parse_board(
            "
            . . O X . .
            X X X X . .
            . . . . . .
            ",
        );
        let stone = g.idx(2, 0) as u16;
        let area: Vec<u16> = [(2, 0), (4, 0), (5, 0), (4, 1), (5, 1)]
            .iter()
            .map(|&(x, y)| g.idx(x, y) as u16)
            .collect();
        let mut r = LocalReader::default();
        let mut out = [1.0];
        r.survival_many(&g, &cells, &area, &[stone], &[1], 4, 0, 7, true, &mut out);
        assert_eq!(out, [0.0]);
    }

    /// The vital points of the eye spaces captures leave, each shape drawn with `#` for the
    /// captured points and `*` for the point a nakade reply plays.
    #[test]
    fn the_vital_point_of_a_captured_space() {
        let shapes = [
            ("straight three", "# * #"),
            ("bent three", "# * \n. #"),
            ("pyramid four", "# * #\n. # ."),
            ("bulky five", "# * #\n# # ."),
            ("crossed five", ". # .\n# * #\n. # ."),
            ("flower six", ". # .\n# * #\n# # ."),
        ];
        let g = Geom::new(5, 5);
        for (name, drawing) in shapes {
            let mut pts = Vec::new();
            let mut vital = 0;
            for (y, row) in drawing.lines().enumerate() {
                for (x, c) in row.split_whitespace().enumerate() {
                    let p = g.idx(x, y);
                    if c == "#" || c == "*" {
                        pts.push(p as u16);
                    }
                    if c == "*" {
                        vital = p;
                    }
                }
            }
            assert_eq!(vital_point(&g, &pts), vital, "{name}");
        }
        assert_eq!(vital_point(&g, &[]), 0);
    }
}
