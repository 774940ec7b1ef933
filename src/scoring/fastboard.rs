//! A small, fast board for playouts and local reading inside the dead-stone estimator.
//!
//! Why not the rules engine's `Board`: that board serves replay (Zobrist hashing, legality
//! classification for seven rulesets, tolerant moves). Playouts need only captures, a
//! simple-ko point, liberty counts and a list of empty points, and they copy the start
//! position once per playout; a board without hashing whose whole state is a few flat arrays
//! makes that copy a `memcpy`.
//!
//! Chains are circular linked lists (`next`) with a head per stone; the head holds the size
//! and *pseudo-liberties* (each stone–empty adjacency counted once) as count, sum and sum of
//! squares of the liberty indices, so "exactly one liberty" is exact:
//! `sum² == count · sum_of_squares` holds iff all counted liberties are the same point.
//!
//! Each point also keeps how many of its neighbours are empty, black, white and edge, four
//! bits each (`nbr`), so "every neighbour is `c` or the edge" (eye-like points, the
//! playouts' most frequent question) and "a neighbour is empty" are one lookup (**choice**:
//! scoring instructions for the first 5,000 Tygem games 9.21 G → 8.72 G, the counts kept
//! by every stone placed and taken off; 8.65 G with the list of empty points unchecked too).
//!
//! Indexing inside this board is unchecked (**choice**: scoring 5,000 Tygem games took 3.85 G
//! instructions with bounds checks, 3.28 G with one range check per public call, 3.10 G with
//! none at all; the per-call check keeps it sound). That is sound
//! because every index is either a point a public method was given, which it first checks
//! to lie inside the padding ([`FastBoard::check`]), a neighbour or diagonal of such a point
//! (the padding keeps those in range), or a point the board itself stored (chain heads,
//! chain links, empty points), or a position in the list of empty points (fewer than the
//! points). The fields that carry this invariant are private; callers
//! read the position through [`FastBoard::cells`] and [`FastBoard::geom`].

use super::geom::{opp, Geom, BLACK, EMPTY, WALL, WHITE};

/// A playout may put a chain of two or more stones in atari, up to this many, when the move
/// leaves the enemy chains around it in atari at the same point: it fills the last inner
/// liberty of a group whose only space is the eye it plays in, which the group must capture
/// back into one eye (a nakade: a white stone on the vital point of Black's bent three with
/// no outside liberty was never approached, and Black's group read as a seki; Tygem
/// 2006-01/84171079). **choice**, means over seeds 0–4 (`benches/seed_spread.py --against`),
/// Tygem counted exact / wrong winners / resigned games named, against no such move. Measured
/// while the playouts' captures outside their area (`OUTSIDE_CAPTURE_STONES` in playout.rs)
/// ran in every batch: up to 2 stones +7.0 (better under all five seeds) / −2.2 / +0.05
/// points, up to 3 +6.0 / −1.4 / +0.05, up to 5 −4.0 / +5.0 / +0.06. With those captures in
/// the final batch only, as now: +4.2 / −1.6 / +0.07, better on exact under two seeds (equal
/// under one, worse under two), on wrong winners under two (worse under three), on resigned
/// games under all five: a trade taken for the means and the resigned games. The fill in the
/// final batch only, against every batch: +1.0 / −0.2 / −0.02 (noise).
pub(crate) const NAKADE_FILL_STONES: usize = 2;

/// One neighbour of colour `v` (`EMPTY`, `BLACK`, `WHITE`, `WALL`) in a point's `nbr` count.
#[inline(always)]
const fn unit(v: u8) -> u16 {
    1 << (4 * v as u16)
}

/// [`unit()`] of each cell value, by value.
const UNITS: [u16; 4] = [unit(EMPTY), unit(BLACK), unit(WHITE), unit(WALL)];

/// The bits of a `nbr` count holding the neighbours of colour `v`.
#[inline(always)]
const fn mask(v: u8) -> u16 {
    0xF << (4 * v as u16)
}

/// What a chain's head knows: its size and pseudo-liberties (count, sum, sum of squares).
/// One record per head keeps the atari test to one lookup.
#[derive(Clone, Copy, Debug, Default)]
struct Chain {
    nlib: u16,
    size: u16,
    lsum: u32,
    lsq: u64,
}

impl Chain {
    #[inline(always)]
    fn add_lib(&mut self, lib: usize) {
        self.nlib += 1;
        self.lsum += lib as u32;
        self.lsq += (lib * lib) as u64;
    }

    #[inline(always)]
    fn sub_lib(&mut self, lib: usize) {
        self.nlib -= 1;
        self.lsum -= lib as u32;
        self.lsq -= (lib * lib) as u64;
    }
}

/// Unchecked indexing of an array of the board borrowed as a slice, for code that holds
/// several at once (see [`FastBoard::play`]); sound for the same reasons as [`Arr`]'s.
trait Unchecked<T> {
    fn at(&self, i: usize) -> &T;
    fn at_mut(&mut self, i: usize) -> &mut T;
}

impl<T> Unchecked<T> for [T] {
    #[inline(always)]
    fn at(&self, i: usize) -> &T {
        debug_assert!(i < self.len());
        // SAFETY: as for `Arr::index`.
        unsafe { self.get_unchecked(i) }
    }

    #[inline(always)]
    fn at_mut(&mut self, i: usize) -> &mut T {
        debug_assert!(i < self.len());
        // SAFETY: as for `Arr::index`.
        unsafe { self.get_unchecked_mut(i) }
    }
}

/// The length of every array of the board: the padded size of the largest board
/// (25×25; a smaller board uses a prefix).
const CAP: usize = crate::rules::board::ARRAY_SIZE;

/// An array of the board held inline, indexed without bounds checks (see the module header
/// for why that is sound: only this module indexes one, and only with points it checked or
/// stored itself); its first `len` entries are the board's.
///
/// **choice**: inline arrays, not vectors: the board's methods address every array at a
/// fixed offset from the board, where a vector's buffer pointer had to be loaded again after
/// each store into another array (the compiler cannot tell the buffers apart).
#[derive(Clone, Debug)]
struct Arr<T> {
    v: [T; CAP],
    len: usize,
}

impl<T: Copy + Default> Default for Arr<T> {
    fn default() -> Self {
        Arr {
            v: [T::default(); CAP],
            len: 0,
        }
    }
}

impl<T> std::ops::Index<usize> for Arr<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        debug_assert!(i < self.len);
        // SAFETY: every index is a checked point, a neighbour of one, or a stored point
        // (module header), so below the padded board's length, itself at most `CAP`.
        unsafe { self.v.get_unchecked(i) }
    }
}

impl<T> std::ops::IndexMut<usize> for Arr<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut T {
        debug_assert!(i < self.len);
        // SAFETY: as for `index`.
        unsafe { self.v.get_unchecked_mut(i) }
    }
}

impl<T: Copy> Arr<T> {
    /// The board's entries: the first `len`.
    #[inline(always)]
    fn used(&self) -> &[T] {
        &self.v[..self.len]
    }

    /// The board's entries, to write.
    #[inline(always)]
    fn used_mut(&mut self) -> &mut [T] {
        &mut self.v[..self.len]
    }

    /// `n` entries, all `v`.
    fn fill(&mut self, n: usize, v: T) {
        self.len = n;
        self.v[..n].fill(v);
    }

    /// The entries of `other`, copied without touching the rest of the array.
    fn copy_from(&mut self, other: &Self) {
        self.len = other.len;
        self.v[..other.len].copy_from_slice(other.used());
    }
}

#[derive(Clone, Debug)]
pub(crate) struct FastBoard {
    g: Geom,
    /// Points `i` with `i - lo < span` (wrapping) have every neighbour and diagonal inside
    /// the arrays: `lo = stride + 1`, `span = size - 2·stride - 2`.
    lo: usize,
    span: usize,
    cell: Arr<u8>,
    /// Per point, its neighbours by colour: four bits per colour value ([`unit()`]); valid on
    /// the board (padding points hold garbage no one reads).
    nbr: Arr<u16>,
    head: Arr<u16>,
    next: Arr<u16>,
    /// Chain records, valid at each chain's head.
    chain: Arr<Chain>,
    /// Empty on-board points, in no particular order: the first `nempty` entries (the vector
    /// keeps the padded length, so adding a point never grows it).
    empties: Arr<u16>,
    nempty: usize,
    epos: Arr<u16>,
    /// The point a simple-ko rule forbids next (0 = none).
    pub ko: usize,
    /// Stones captured by Black (index 0) and White (index 1).
    pub captures: [u32; 2],
}

impl FastBoard {
    pub fn new(g: Geom) -> FastBoard {
        let mut b = FastBoard {
            g,
            lo: 0,
            span: 0,
            cell: Arr::default(),
            nbr: Arr::default(),
            head: Arr::default(),
            next: Arr::default(),
            chain: Arr::default(),
            empties: Arr::default(),
            nempty: 0,
            epos: Arr::default(),
            ko: 0,
            captures: [0; 2],
        };
        b.reset(g);
        b
    }

    /// Clear to an empty board of geometry `g`, keeping allocations.
    pub fn reset(&mut self, g: Geom) {
        self.load(g, &g.blank_cells());
    }

    /// Set up the position `cells` (padded: walls where [`Geom::blank_cells`] has them) in one
    /// pass: the same board as playing its stones one by one, without the per-move capture
    /// checks. Every chain of `cells` must have a liberty (a final position of a game does).
    pub fn load(&mut self, g: Geom, cells: &[u8]) {
        self.g = g;
        self.lo = g.stride + 1;
        self.span = g.size - 2 * g.stride - 2;
        self.cell.len = g.size;
        self.cell.v[..g.size].copy_from_slice(&cells[..g.size]);
        for v in [
            &mut self.head,
            &mut self.next,
            &mut self.epos,
            &mut self.nbr,
        ] {
            v.fill(g.size, 0);
        }
        self.chain.fill(g.size, Chain::default());
        self.ko = 0;
        self.captures = [0; 2];
        self.empties.fill(g.size, 0);
        self.nempty = 0;
        // One pass: empty points in board order; each stone counts its own pseudo-liberties
        // and joins the chains above and to its left, as when the stones are played in this
        // order (the same rings, so playouts capture in the same order; merging adds the
        // liberty sums). **choice**: separate passes for empties, chains and liberties cost
        // 4.05 G scoring instructions for 5,000 Tygem games, one pass 4.01 G.
        // the arrays held as slices, as in `play` (**choice**: the same board; `load` 35.3 M
        // → 32.6 M instructions in the scan of 1,000 Tygem games; in `remove_chain`, +1.0 M)
        let cell = self.cell.used();
        let nbr = self.nbr.used_mut();
        let head = self.head.used_mut();
        let next = self.next.used_mut();
        let chain = self.chain.used_mut();
        let empties = self.empties.used_mut();
        let epos = self.epos.used_mut();
        let mut nempty = 0;
        for i in g.points() {
            let c = *cell.at(i);
            // a table of the four units, not a shift by a variable count per neighbour
            // (**choice**: the same counts; `FastBoard::load` 41.4 M → 35.3 M instructions in
            // the scan of 1,000 Tygem games)
            *nbr.at_mut(i) = g
                .adj(i)
                .iter()
                .map(|&n| UNITS[*cell.at(n) as usize & 3])
                .sum();
            if c == EMPTY {
                // `add_empty`
                *epos.at_mut(i) = nempty as u16;
                *empties.at_mut(nempty) = i as u16;
                nempty += 1;
                continue;
            }
            if c != BLACK && c != WHITE {
                continue;
            }
            *head.at_mut(i) = i as u16;
            *next.at_mut(i) = i as u16;
            chain.at_mut(i).size = 1;
            for n in g.adj(i) {
                if *cell.at(n) == EMPTY {
                    chain.at_mut(i).add_lib(n);
                }
            }
            for n in [i - g.stride, i - 1] {
                if *cell.at(n) == c {
                    let hn = *head.at(n) as usize;
                    let hi = *head.at(i) as usize;
                    if hn != hi {
                        merge_chains(head, next, chain, hi, hn);
                    }
                }
            }
        }
        self.nempty = nempty;
    }

    /// Become a copy of `other` without reallocating.
    pub fn copy_from(&mut self, other: &FastBoard) {
        self.g = other.g;
        self.lo = other.lo;
        self.span = other.span;
        self.cell.copy_from(&other.cell);
        self.nbr.copy_from(&other.nbr);
        self.head.copy_from(&other.head);
        self.next.copy_from(&other.next);
        self.chain.copy_from(&other.chain);
        self.empties.copy_from(&other.empties);
        self.nempty = other.nempty;
        self.epos.copy_from(&other.epos);
        self.ko = other.ko;
        self.captures = other.captures;
    }

    /// The geometry of the position.
    #[inline]
    pub fn geom(&self) -> Geom {
        self.g
    }

    /// The position: one cell per padded index.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        self.cell.used()
    }

    /// Empty on-board points, in no particular order (captures append the points they empty).
    #[inline]
    pub fn empties(&self) -> &[u16] {
        &self.empties.v[..self.nempty]
    }

    /// Panics unless `i` lies inside the padding, so that it and its neighbours and diagonals
    /// are valid indices (the invariant behind the unchecked indexing).
    #[inline]
    fn check(&self, i: usize) {
        assert!(
            i.wrapping_sub(self.lo) < self.span,
            "point {i} is off the board"
        );
    }

    /// How many neighbours of `i` hold `v` (`EMPTY`, `BLACK`, `WHITE` or `WALL`).
    #[inline]
    pub fn adjacent(&self, i: usize, v: u8) -> u32 {
        self.check(i);
        u32::from((self.nbr[i] & mask(v)) >> (4 * v as u16))
    }

    /// Whether the chain at `i` has exactly one liberty.
    #[inline]
    pub fn in_atari(&self, i: usize) -> bool {
        self.check(i);
        self.atari_at(i)
    }

    /// The colours (bit `BLACK`, bit `WHITE`) of the chains in atari next to `p`.
    #[inline]
    pub fn ataris_around(&self, p: usize) -> u8 {
        self.check(p);
        let mut mask = 0;
        for n in self.g.adj(p) {
            let v = self.cell[n];
            if (v == BLACK || v == WHITE) && self.atari_at(n) {
                mask |= v;
            }
        }
        mask
    }

    /// Writes to `out` the points among `i` and its neighbours (in that order) whose stones
    /// belong to a chain in atari; returns how many.
    #[inline]
    pub fn ataris_at_and_around(&self, i: usize, out: &mut [u16; 5]) -> usize {
        self.check(i);
        let adj = self.g.adj(i);
        let mut k = 0;
        for s in [i, adj[0], adj[1], adj[2], adj[3]] {
            let v = self.cell[s];
            if (v == BLACK || v == WHITE) && self.atari_at(s) {
                out[k] = s as u16;
                k += 1;
            }
        }
        k
    }

    /// [`FastBoard::in_atari`] for a point known to be valid.
    #[inline]
    fn atari_at(&self, i: usize) -> bool {
        let h = self.head[i] as usize;
        let ch = &self.chain[h];
        let n = ch.nlib as u64;
        let s = ch.lsum as u64;
        // a chain's one liberty touches at most four of its stones, so 1 ≤ count ≤ 4
        n.wrapping_sub(1) < 4 && s * s == n * ch.lsq
    }

    /// The single liberty of a chain in atari.
    #[inline]
    pub fn atari_liberty(&self, i: usize) -> usize {
        self.check(i);
        let h = self.head[i] as usize;
        let ch = &self.chain[h];
        (ch.lsum / ch.nlib as u32) as usize
    }

    /// Whether the chain at `i` has at most `max` stones, every one of them a point `inside`
    /// accepts. Never inlined (see [`FastBoard::fill_leaves_two`]).
    #[inline(never)]
    pub fn chain_within(&self, i: usize, max: u16, inside: impl Fn(usize) -> bool) -> bool {
        self.check(i);
        if self.chain[self.head[i] as usize].size > max {
            return false;
        }
        let mut s = i;
        loop {
            if !inside(s) {
                return false;
            }
            s = self.next[s] as usize;
            if s == i {
                return true;
            }
        }
    }

    /// The stones of the chain at `i`.
    pub fn chain_stones(&self, i: usize) -> ChainIter<'_> {
        ChainIter {
            b: self,
            start: i,
            cur: i,
            done: false,
        }
    }

    #[inline]
    fn add_lib(&mut self, h: usize, lib: usize) {
        self.chain[h].add_lib(lib);
    }

    #[inline]
    fn remove_empty(&mut self, i: usize) {
        let pos = self.epos[i] as usize;
        self.nempty -= 1;
        let last = self.empties[self.nempty];
        self.empties[pos] = last;
        self.epos[last as usize] = pos as u16;
    }

    #[inline]
    fn add_empty(&mut self, i: usize) {
        self.epos[i] = self.nempty as u16;
        self.empties[self.nempty] = i as u16;
        self.nempty += 1;
    }

    /// Whether `c` playing at the empty point `i` is legal under simple ko with suicide
    /// forbidden.
    #[inline]
    pub fn is_legal(&self, c: u8, i: usize) -> bool {
        self.check(i);
        self.legal_at(c, i)
    }

    /// A move a playout may draw for `c` at the empty point `i`: legal, not filling an
    /// eye-like point of `c`, and not putting a chain of two or more stones in atari, unless
    /// it is a nakade's last liberty (see [`NAKADE_FILL_STONES`]).
    #[inline]
    pub fn is_playout_move(&self, c: u8, i: usize) -> bool {
        self.check(i);
        // The eye test first: most probes land on points without an empty neighbour, often
        // one's own eyes, which the eye test rejects from the cells alone while legality
        // needs liberty counts (**choice**: the same answer either way; with the branch-free
        // diagonal count in `eye_at`, scoring instructions 4.20 G → 4.12 G for the first
        // 5,000 Tygem games, 4.17 G with that count alone).
        !self.eye_at(c, i)
            && self.legal_at(c, i)
            // a stone with no friendly neighbour would be a chain of one
            && (self.nbr[i] & mask(c) == 0 || {
                let (stones, lib) = self.self_atari_lib(c, i);
                stones < 2 || (stones <= NAKADE_FILL_STONES && self.mutual_atari(c, i, lib))
            })
    }

    /// Whether `c` playing at `i`, its new chain's one liberty being `lib`, leaves every enemy
    /// chain beside that chain in atari at `lib` too (and touches at least one): the last
    /// liberty of a group whose only space is the eye the move fills (see
    /// [`NAKADE_FILL_STONES`]). Never inlined (see [`FastBoard::fill_leaves_two`]).
    #[inline(never)]
    fn mutual_atari(&self, c: u8, i: usize, lib: usize) -> bool {
        if lib == 0 {
            return false;
        }
        let o = opp(c);
        let mut any = false;
        // the new chain: `i` (empty yet) and the chains of `c` beside it
        for n in self.g.adj(i) {
            let v = self.cell[n];
            if v == o {
                if !self.libs_within(n, i, lib) {
                    return false;
                }
                any = true;
            } else if v == c {
                let h = self.head[n] as usize;
                let mut s = h;
                loop {
                    for m in self.g.adj(s) {
                        if self.cell[m] == o {
                            if !self.libs_within(m, i, lib) {
                                return false;
                            }
                            any = true;
                        }
                    }
                    s = self.next[s] as usize;
                    if s == h {
                        break;
                    }
                }
            }
        }
        any
    }

    /// Whether every liberty of the chain at `s` is `a` or `b` (two distinct points), `b`
    /// among them: from the pseudo-liberty count and sums, `k` adjacencies at `b` and the rest
    /// at `a`.
    fn libs_within(&self, s: usize, a: usize, b: usize) -> bool {
        let ch = &self.chain[self.head[s] as usize];
        let (n, sum, sq) = (ch.nlib as i64, ch.lsum as i64, ch.lsq as i64);
        let (a, b) = (a as i64, b as i64);
        let d = sum - n * a;
        if a == b || d == 0 || d % (b - a) != 0 {
            return false;
        }
        let k = d / (b - a);
        (1..=n).contains(&k) && (n - k) * a * a + k * b * b == sq
    }

    /// Always inlined (**choice**: left to the compiler it stayed a call from the playout's
    /// move probe, ~5 M calls for 5,000 Tygem games; inlined, scoring instructions 4.11 G →
    /// 4.05 G).
    #[inline(always)]
    fn legal_at(&self, c: u8, i: usize) -> bool {
        if i == self.ko {
            return false;
        }
        if self.nbr[i] & mask(EMPTY) != 0 {
            return true;
        }
        // no empty neighbour: legal when it joins a chain that keeps a liberty or captures
        for n in self.g.adj(i) {
            let v = self.cell[n];
            if v == c {
                if !self.atari_at(n) {
                    return true;
                }
            } else if v != WALL && self.atari_at(n) {
                return true;
            }
        }
        false
    }

    /// Whether `i` is an eye-like point of `c`, which playouts do not fill: all neighbours
    /// are `c` or wall, and either at most one diagonal (none on the edge) is the opponent's,
    /// or the point is a false eye whose fill would connect no chain in atari and leave the
    /// joined chain two liberties or fewer.
    #[cfg(test)]
    pub fn is_eye(&self, c: u8, i: usize) -> bool {
        self.check(i);
        self.eye_at(c, i)
    }

    /// Whether every neighbour of the on-board point `i` is `c` or the edge (eye-like).
    #[inline(always)]
    fn walled_by(&self, i: usize, c: u8) -> bool {
        self.nbr[i] & (mask(EMPTY) | mask(opp(c))) == 0
    }

    /// Whether the on-board point `i` lies on the edge (has an edge neighbour, and so an edge
    /// diagonal).
    #[inline(always)]
    fn on_edge(&self, i: usize) -> bool {
        self.nbr[i] & mask(WALL) != 0
    }

    #[inline]
    fn eye_at(&self, c: u8, i: usize) -> bool {
        if !self.walled_by(i, c) {
            return false;
        }
        // at most one opposing diagonal, none on the edge; counted without branches, the
        // diagonals of probed points being unpredictable
        let d = self.g.diag(i).map(|n| self.cell[n]);
        let o = opp(c);
        let bad = d.iter().filter(|&&x| x == o).count();
        if bad + usize::from(self.on_edge(i)) < 2 {
            return true;
        }
        self.false_eye_kept(c, i)
    }

    /// Whether a playout keeps the false eye (by its diagonals) `i` of `c` unfilled: filling
    /// it connects, which matters when one of the chains is in atari; otherwise a fill
    /// leaving two liberties or fewer only shortens the chains' liberties in a race (the
    /// enemy diagonal may be a stone about to die: Tygem 2006-04/95687979, a corner point
    /// filled at random read as a seki). Never inlined (see [`FastBoard::fill_leaves_two`]):
    /// the playouts' eye test reaches it for few probes (**choice**: the same moves; the scan
    /// of 1,000 Tygem games under callgrind 2,247.1 M → 2,243.0 M instructions, 1.9 M of
    /// them here; out of line too, `LocalReader::note_urgent` and the race sense past its
    /// cheap filters cost 28 M more).
    #[inline(never)]
    fn false_eye_kept(&self, c: u8, i: usize) -> bool {
        !self
            .g
            .adj(i)
            .iter()
            .any(|&n| self.cell[n] == c && self.atari_at(n))
            && self.fill_leaves_two(c, i)
    }

    /// Whether the chains of `c` around `i` would have two liberties or fewer once `i` is
    /// filled (with every neighbour of `i` one of them or the edge). Never inlined, as
    /// [`FastBoard::mutual_atari`], [`FastBoard::chain_within`] and the playouts' vital point
    /// of a capture: the rare branches of the playout loop, whose inlined code cost the hot
    /// paths registers (**choice**: the same moves; the scan of 1,000 Tygem games under
    /// callgrind 2,259.8 M → 2,254.5 M instructions, the four costing 30.4 M out of line;
    /// `fill_leaves_two` alone left inlined, 2,255.2 M with the vital point's faster count).
    #[inline(never)]
    fn fill_leaves_two(&self, c: u8, i: usize) -> bool {
        let mut libs = [0usize; 2];
        let mut k = 0;
        let mut heads = [usize::MAX; 4];
        for (j, n) in self.g.adj(i).into_iter().enumerate() {
            if self.cell[n] != c {
                continue;
            }
            let h = self.head[n] as usize;
            if heads.contains(&h) {
                continue;
            }
            heads[j] = h;
            let mut s = h;
            loop {
                for m in self.g.adj(s) {
                    if m != i && self.cell[m] == EMPTY && !libs[..k].contains(&m) {
                        if k == 2 {
                            return false;
                        }
                        libs[k] = m;
                        k += 1;
                    }
                }
                s = self.next[s] as usize;
                if s == h {
                    break;
                }
            }
        }
        true
    }

    /// For `c` answering the opponent's stone at `m`: an empty point beside `m` whose every
    /// neighbour is the opponent's or the edge (an eye-like point of the opponent's) that one
    /// more stone of `c` on its diagonals makes false (two in the middle, one on the edge),
    /// with exactly one diagonal still empty: that diagonal (see the playouts' eye sense).
    /// The first such diagonal in neighbour order that `accept` takes; `None` if `m` is not
    /// the opponent's.
    #[inline]
    pub fn false_eye_spot(&self, c: u8, m: usize, accept: impl Fn(usize) -> bool) -> Option<usize> {
        self.check(m);
        let o = opp(c);
        if self.cell[m] != o {
            return None;
        }
        for p in self.g.adj(m) {
            if self.cell[p] != EMPTY {
                continue;
            }
            // `p` is a neighbour of a checked point: on the board or padding; a padding
            // point is WALL, so an empty one lies on the board and has valid neighbours
            if !self.walled_by(p, o) {
                continue;
            }
            let edge = self.on_edge(p);
            let (mut ours, mut empty, mut spot) = (0, 0, 0usize);
            for d in self.g.diag(p) {
                let v = self.cell[d];
                if v == EMPTY {
                    empty += 1;
                    spot = d;
                } else if v == c {
                    ours += 1;
                }
            }
            let false_at = if edge { 1 } else { 2 };
            if ours + 1 == false_at && empty == 1 && accept(spot) {
                return Some(spot);
            }
        }
        None
    }

    /// Play `c` on the empty point `i`, capturing as needed. A move leaving its own chain
    /// without liberties removes that chain (multi-stone suicide); callers avoid single-stone
    /// suicide. Returns the number of stones captured. (One pass over the neighbours for the
    /// liberties and the merges, instead of two, gave the same rows and 0.4% more scoring
    /// instructions: 8.57 G → 8.61 G.) Always inlined (**choice**: a call from the playouts'
    /// move loop, ~1.8 M calls for 1,000 Tygem games, each saving and restoring six
    /// registers; inlined, the scan's instructions under callgrind 2,277.8 M → 2,268.8 M).
    #[inline(always)]
    pub fn play(&mut self, c: u8, i: usize) -> u32 {
        self.check(i);
        debug_assert_eq!(self.cell[i], EMPTY);
        let adj = self.g.adj(i);
        self.remove_empty(i);
        {
            // the arrays held as slices up to the captures: through the board, each store
            // to one array had the compiler load every array's address again (**choice**:
            // the same moves; the scan of 1,000 Tygem games under callgrind 2,239.4 M →
            // 2,210.3 M instructions)
            let cell = self.cell.used_mut();
            let nbr = self.nbr.used_mut();
            let head = self.head.used_mut();
            let next = self.next.used_mut();
            let chain = self.chain.used_mut();
            *cell.at_mut(i) = c;
            let placed = unit(c).wrapping_sub(unit(EMPTY));
            for n in adj {
                let x = nbr.at_mut(n);
                *x = x.wrapping_add(placed);
            }
            *head.at_mut(i) = i as u16;
            *next.at_mut(i) = i as u16;
            *chain.at_mut(i) = Chain {
                size: 1,
                ..Chain::default()
            };
            for n in adj {
                let v = *cell.at(n);
                if v == EMPTY {
                    chain.at_mut(i).add_lib(n);
                } else if v == BLACK || v == WHITE {
                    let h = *head.at(n) as usize;
                    chain.at_mut(h).sub_lib(i);
                }
            }
            // merge with friendly chains
            for n in adj {
                if *cell.at(n) == c {
                    let hn = *head.at(n) as usize;
                    let hi = *head.at(i) as usize;
                    if hn != hi {
                        merge_chains(head, next, chain, hi, hn);
                    }
                }
            }
        }
        // captures
        let o = opp(c);
        let mut captured = 0u32;
        let mut single = 0usize;
        for n in adj {
            if self.cell[n] == o && self.chain[self.head[n] as usize].nlib == 0 {
                let k = self.remove_chain(n);
                if k == 1 {
                    single = n;
                }
                captured += k;
            }
        }
        self.ko = 0;
        if captured > 0 {
            self.captures[(c - 1) as usize] += captured;
            // simple ko: a lone stone that captured exactly one stone and has one liberty
            let h = self.head[i] as usize;
            if captured == 1 && self.chain[h].size == 1 && self.atari_at(i) {
                self.ko = single;
            }
        } else if self.chain[self.head[i] as usize].nlib == 0 {
            let k = self.remove_chain(i);
            self.captures[(o - 1) as usize] += k;
        }
        captured
    }

    fn remove_chain(&mut self, start: usize) -> u32 {
        let g = self.g;
        let mut s = start;
        let mut k = 0;
        let taken = unit(self.cell[start]).wrapping_sub(unit(EMPTY));
        loop {
            self.cell[s] = EMPTY;
            for n in g.adj(s) {
                self.nbr[n] = self.nbr[n].wrapping_sub(taken);
            }
            self.add_empty(s);
            k += 1;
            s = self.next[s] as usize;
            if s == start {
                break;
            }
        }
        // give liberties back to neighbouring chains
        loop {
            for n in g.adj(s) {
                let v = self.cell[n];
                if v == BLACK || v == WHITE {
                    let h = self.head[n] as usize;
                    self.add_lib(h, s);
                }
            }
            s = self.next[s] as usize;
            if s == start {
                break;
            }
        }
        k
    }

    /// Whether the chain at `i` has exactly two liberties; writes them to `out`. Walks the
    /// chain, stopping at a third liberty, unless the pseudo-liberties already rule two out,
    /// or already name the two in the walk's order: two pseudo-liberties at two points are
    /// two liberties, each touching one stone, and the walk starts at `i`, so `i`'s own empty
    /// neighbours (in neighbour order) come first and the sum gives the other (**choice**:
    /// the same liberties in the same order; with the same test before any walk for three,
    /// `libs_upto3` 60.4 M → 45.4 M instructions and the scan of 1,000 Tygem games 2,268.8 M
    /// → 2,259.8 M under callgrind: of the race sense's 603 K asks, 174 K had two
    /// pseudo-liberties, and 53 K chains asked for three had two or fewer).
    pub fn two_liberties(&self, i: usize, out: &mut [usize; 2]) -> bool {
        self.check(i);
        let ch = &self.chain[self.head[i] as usize];
        if ch.nlib == 2 && !self.atari_at(i) && self.nbr[i] & mask(EMPTY) != 0 {
            let mut k = 0;
            for n in self.g.adj(i) {
                if self.cell[n] == EMPTY {
                    out[k] = n;
                    k += 1;
                }
            }
            if k == 1 {
                out[1] = ch.lsum as usize - out[0];
            }
            return true;
        }
        self.libs_upto3(i, out) == 2
    }

    /// Whether the chain at `i` has three liberties or more (never with two pseudo-liberties
    /// or fewer).
    pub fn three_liberties(&self, i: usize) -> bool {
        self.check(i);
        self.chain[self.head[i] as usize].nlib > 2 && self.libs_upto3(i, &mut [0; 2]) == 3
    }

    /// How many distinct liberties the chain at `i` has, counting at most three; the first
    /// two go to `out`.
    fn libs_upto3(&self, i: usize, out: &mut [usize; 2]) -> usize {
        self.check(i);
        let ch = &self.chain[self.head[i] as usize];
        // a liberty touches at most four stones of the chain: more than eight pseudo-liberties
        // are three liberties or more
        if ch.nlib > 8 {
            return 3;
        }
        let mut k = 0;
        let mut s = i;
        loop {
            for n in self.g.adj(s) {
                if self.cell[n] == EMPTY && !out[..k].contains(&n) {
                    if k == 2 {
                        return 3;
                    }
                    out[k] = n;
                    k += 1;
                }
            }
            s = self.next[s] as usize;
            if s == i {
                return k;
            }
        }
    }

    /// Whether playing `c` at `i` would leave the new chain with exactly one liberty and
    /// capture nothing (self-atari), and the size of the chain that would be in atari.
    pub fn self_atari_size(&self, c: u8, i: usize) -> usize {
        self.check(i);
        self.self_atari_at(c, i)
    }

    /// One pass over the neighbours gathers the empty ones and the friendly chains with how
    /// many of their stones touch `i`; the first distinct liberty of the would-be chain is
    /// kept, and a second one ends the search (**choice**: the same answers as a first pass
    /// counting empty neighbours and a second look at the neighbours per friendly chain,
    /// which cost 3,575.9 M scoring instructions for 5,000 Tygem games, this 3,518.4 M).
    #[inline(always)]
    fn self_atari_at(&self, c: u8, i: usize) -> usize {
        self.self_atari_lib(c, i).0
    }

    /// [`FastBoard::self_atari_at`], with the one liberty the chain would keep (0 when it
    /// would not be in atari).
    fn self_atari_lib(&self, c: u8, i: usize) -> (usize, usize) {
        // two empty neighbours are two liberties
        if self.nbr[i] & mask(EMPTY) >= 2 * unit(EMPTY) {
            return (0, 0);
        }
        // the one liberty found so far (0 = none yet; no liberty is index 0)
        let mut lib = 0usize;
        let o = opp(c);
        // friendly chains next to `i` (heads) and their stones next to `i`
        let mut heads = [0usize; 4];
        let mut touch = [0u64; 4];
        let mut nh = 0;
        for n in self.g.adj(i) {
            let v = self.cell[n];
            if v == EMPTY {
                if lib == 0 {
                    lib = n;
                } else if lib != n {
                    return (0, 0);
                }
            } else if v == o {
                if self.atari_at(n) {
                    return (0, 0); // captures
                }
            } else if v == c {
                let h = self.head[n] as usize;
                // more than eight pseudo-liberties are three liberties or more, so at least
                // two remain besides `i`: no self-atari (**choice**: the same answers, scoring
                // instructions for the first 5,000 Tygem games 9.92 G → 9.81 G; wall time
                // within the host's noise)
                if self.chain[h].nlib > 8 {
                    return (0, 0);
                }
                match heads[..nh].iter().position(|&x| x == h) {
                    Some(k) => touch[k] += 1,
                    None => {
                        heads[nh] = h;
                        touch[nh] = 1;
                        nh += 1;
                    }
                }
            }
        }
        let mut stones = 1;
        for k in 0..nh {
            let ch = self.chain[heads[k]];
            stones += ch.size as usize;
            // This chain's pseudo-liberties without `i` (counted once per stone of the chain
            // next to `i`): none, one distinct point, or two or more.
            let m = touch[k];
            let n_rest = ch.nlib as u64 - m;
            if n_rest == 0 {
                continue;
            }
            let s_rest = ch.lsum as u64 - m * i as u64;
            let q_rest = ch.lsq - m * (i * i) as u64;
            if s_rest * s_rest != n_rest * q_rest {
                return (0, 0);
            }
            let l = (s_rest / n_rest) as usize;
            if lib == 0 {
                lib = l;
            } else if lib != l {
                return (0, 0);
            }
        }
        (stones, lib)
    }
}

/// Join the chains headed by `a` and `b`, on the board's arrays held as slices (see
/// [`FastBoard::play`]).
#[inline(always)]
fn merge_chains(head: &mut [u16], next: &mut [u16], chain: &mut [Chain], a: usize, b: usize) {
    // merge the smaller into the larger
    let (keep, gone) = if chain.at(a).size >= chain.at(b).size {
        (a, b)
    } else {
        (b, a)
    };
    let mut s = gone;
    loop {
        *head.at_mut(s) = keep as u16;
        s = *next.at(s) as usize;
        if s == gone {
            break;
        }
    }
    next.swap(keep, gone);
    let gc = *chain.at(gone);
    let kc = chain.at_mut(keep);
    kc.size += gc.size;
    kc.nlib += gc.nlib;
    kc.lsum += gc.lsum;
    kc.lsq += gc.lsq;
}

/// The stones of one chain ([`FastBoard::chain_stones`]).
pub(crate) struct ChainIter<'a> {
    b: &'a FastBoard,
    start: usize,
    cur: usize,
    done: bool,
}

impl Iterator for ChainIter<'_> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.done {
            return None;
        }
        let s = self.cur;
        self.cur = self.b.next[s] as usize;
        if self.cur == self.start {
            self.done = true;
        }
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> FastBoard {
        let g = Geom::new(rows[0].len(), rows.len());
        let mut b = FastBoard::new(g);
        for (y, r) in rows.iter().enumerate() {
            for (x, ch) in r.bytes().enumerate() {
                match ch {
                    b'X' => {
                        b.play(BLACK, g.idx(x, y));
                    }
                    b'O' => {
                        b.play(WHITE, g.idx(x, y));
                    }
                    _ => {}
                }
            }
        }
        b
    }

    #[test]
    #[should_panic(expected = "off the board")]
    fn a_point_outside_the_padding_is_refused() {
        // the unchecked indexing relies on this check: index 0's upper neighbour would lie
        // before the arrays
        let b = board(&["...", "...", "..."]);
        b.is_legal(BLACK, 0);
    }

    #[test]
    fn the_last_point_and_its_neighbours_are_in_range() {
        let b = board(&["...", "...", "..X"]);
        let last = b.g.idx(2, 2);
        assert!(b.is_legal(WHITE, b.g.idx(1, 2)));
        assert!(!b.in_atari(last));
        assert_eq!(b.self_atari_size(WHITE, b.g.idx(2, 1)), 0);
    }

    #[test]
    fn capture_in_the_corner_and_ko() {
        let b = board(&["XO...", "O....", ".....", "....."]);
        // the black corner stone was captured when the second white stone arrived
        assert_eq!(b.cell[b.g.idx(0, 0)], EMPTY);
        assert_eq!(b.captures, [0, 1]);
        let mut b2 = board(&[".XO..", "XO...", ".....", "....."]);
        let p = b2.g.idx(0, 0);
        assert!(b2.is_legal(WHITE, p));
        b2.play(WHITE, p);
        assert_eq!(b2.captures[1], 1);
        // black may not immediately retake at (1,0)
        assert_eq!(b2.ko, b2.g.idx(1, 0));
        assert!(!b2.is_legal(BLACK, b2.g.idx(1, 0)));
    }

    #[test]
    fn atari_detection_with_pseudo_liberties() {
        let b = board(&[".XX..", ".OOX.", ".XX..", "....."]);
        let w = b.g.idx(1, 1);
        assert!(b.in_atari(w));
        assert_eq!(
            b.self_atari_size(WHITE, b.g.idx(0, 1)),
            0,
            "extends to two liberties"
        );
        assert_eq!(
            b.self_atari_size(WHITE, b.g.idx(0, 0)),
            1,
            "a lone stone in atari"
        );
        let e = board(&[".X...", "X....", "....."]);
        assert!(e.is_eye(BLACK, e.g.idx(0, 0)));
    }

    /// The point `(1, 0)` on the top edge, ringed by Black, is a false eye (White's stone on
    /// its diagonal): a playout fills it when the fill gains liberties or saves a chain in
    /// atari, never when it only shortens Black's liberties.
    #[test]
    fn a_false_eye_is_filled_only_to_connect_or_gain_liberties() {
        let p = |b: &FastBoard| b.g.idx(1, 0);
        // the fill joins three chains with three liberties between them
        let b = board(&["X.X..", ".XO..", ".....", "....."]);
        assert!(!b.is_eye(BLACK, p(&b)));
        assert!(b.is_playout_move(BLACK, p(&b)));
        // with White on the third liberty, the joined chain would have two: no fill
        let b = board(&["X.X..", ".XO..", ".O...", "....."]);
        assert!(b.is_eye(BLACK, p(&b)));
        assert!(!b.is_playout_move(BLACK, p(&b)));
        // the stone on the right in atari: the fill connects it
        let b = board(&["X.XO.", ".XO..", ".....", "....."]);
        assert!(b.in_atari(b.g.idx(2, 0)));
        assert!(b.is_playout_move(BLACK, p(&b)));
        // a real eye on the edge (no enemy diagonal) stays an eye however many liberties
        let b = board(&["X.X..", ".X...", ".....", "....."]);
        assert!(b.is_eye(BLACK, p(&b)));
    }

    /// Black's corner group has no liberty outside its straight three, whose middle holds a
    /// white stone: White may fill the end point though that puts two stones in atari, since
    /// Black is left in atari at the same point (the nakade Black must capture into one eye);
    /// with a liberty outside, the same move is a plain self-atari a playout never plays.
    #[test]
    fn a_self_atari_that_fills_the_last_inner_liberty_is_a_playout_move() {
        let corner = |b: &FastBoard| b.g.idx(0, 0);
        let b = board(&[".O.XO", "XXXXO", "OOOOO", "....."]);
        assert_eq!(b.self_atari_size(WHITE, corner(&b)), 2);
        assert!(b.is_playout_move(WHITE, corner(&b)));
        // Black's group with a liberty outside the eye space
        let b = board(&[".O.XO", "XXXXO", ".OOOO", "....."]);
        assert_eq!(b.self_atari_size(WHITE, corner(&b)), 2);
        assert!(!b.is_playout_move(WHITE, corner(&b)));
    }

    #[test]
    fn empties_list_stays_consistent() {
        let mut b = board(&["....", "....", "....", "...."]);
        let g = b.g;
        let mut x = 12345u64;
        for _ in 0..2000 {
            if b.empties().is_empty() {
                b.reset(g);
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let i = b.empties()[(x % b.empties().len() as u64) as usize] as usize;
            let c = if x & 64 == 0 { BLACK } else { WHITE };
            if b.is_legal(c, i) {
                b.play(c, i);
            } else {
                b.reset(g);
            }
            let n_empty = g.points().filter(|&p| b.cell[p] == EMPTY).count();
            assert_eq!(n_empty, b.empties().len());
            for p in g.points() {
                let want: u16 = g.adj(p).iter().map(|&n| unit(b.cell[n])).sum();
                assert_eq!(b.nbr[p], want, "neighbour counts at {p}");
            }
            for p in g.points() {
                if b.cell[p] == BLACK || b.cell[p] == WHITE {
                    // recompute liberties
                    let mut libs = std::collections::BTreeSet::new();
                    for s in b.chain_stones(p) {
                        assert_eq!(b.cell[s], b.cell[p]);
                        for n in g.adj(s) {
                            if b.cell[n] == EMPTY {
                                libs.insert(n);
                            }
                        }
                    }
                    assert!(!libs.is_empty());
                    assert_eq!(b.in_atari(p), libs.len() == 1);
                }
            }
            for p in g.points() {
                for c in [BLACK, WHITE] {
                    if b.cell[p] == EMPTY && b.is_legal(c, p) {
                        assert_eq!(b.self_atari_size(c, p), played_self_atari(&b, c, p));
                    }
                }
            }
        }
    }

    #[test]
    fn loading_a_position_equals_playing_its_stones() {
        let g = Geom::new(9, 9);
        let mut b = FastBoard::new(g);
        let mut x = 99u64;
        for round in 0..300 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let i = b.empties()[(x % b.empties().len() as u64) as usize] as usize;
            let c = if x & 64 == 0 { BLACK } else { WHITE };
            if b.is_legal(c, i) && b.self_atari_size(c, i) == 0 {
                b.play(c, i);
            }
            let mut loaded = FastBoard::new(g);
            loaded.load(g, b.cells());
            assert_eq!(loaded.cells(), b.cells(), "round {round}");
            // the very rings of playing the stones in index order (playouts depend on them)
            let mut replayed = FastBoard::new(g);
            for p in g.points() {
                if b.cell[p] == BLACK || b.cell[p] == WHITE {
                    replayed.play(b.cell[p], p);
                }
            }
            for p in g.points() {
                if b.cell[p] != EMPTY {
                    assert_eq!(loaded.head[p], replayed.head[p]);
                    assert_eq!(loaded.next[p], replayed.next[p]);
                }
            }
            for p in g.points() {
                assert_eq!(loaded.nbr[p], b.nbr[p], "neighbour counts at {p}");
            }
            let mut e1 = loaded.empties().to_vec();
            let mut e2 = b.empties().to_vec();
            e1.sort_unstable();
            e2.sort_unstable();
            assert_eq!(e1, e2);
            for p in g.points() {
                if b.cell[p] == EMPTY {
                    assert_eq!(b.empties()[b.epos[p] as usize] as usize, p);
                    assert_eq!(loaded.empties()[loaded.epos[p] as usize] as usize, p);
                    continue;
                }
                let (h1, h2) = (loaded.head[p] as usize, b.head[p] as usize);
                let (l, r) = (loaded.chain[h1], b.chain[h2]);
                assert_eq!(
                    (l.size, l.nlib, l.lsum, l.lsq),
                    (r.size, r.nlib, r.lsum, r.lsq)
                );
                let mut s1: Vec<usize> = loaded.chain_stones(p).collect();
                let mut s2: Vec<usize> = b.chain_stones(p).collect();
                s1.sort_unstable();
                s2.sort_unstable();
                assert_eq!(s1, s2);
            }
        }
    }

    /// Self-atari by playing the move on a copy: the new chain's size when it captured
    /// nothing and kept exactly one liberty, else 0.
    fn played_self_atari(b: &FastBoard, c: u8, p: usize) -> usize {
        let mut t = b.clone();
        if t.play(c, p) > 0 || t.cell[p] != c || !t.in_atari(p) {
            return 0;
        }
        t.chain_stones(p).count()
    }
}
