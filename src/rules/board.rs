//! The board: stones, chains, liberties, captures and the incremental Zobrist hash.
//!
//! Layout (after KataGo's `board.h`): a padded 1-D array with a fixed stride of
//! [`MAX_SIZE`]` + 1`, so every on-board point has four array neighbours and points outside the
//! `width × height` rectangle are wall sentinels; neighbour loops never bounds-check the board.
//! Location `(x + 1) + (y + 1) * STRIDE` holds point `(x, y)`; the stride does not depend on the
//! board width, so a point has the same location (and Zobrist key) on every board size.
//!
//! Chains are circular linked lists of stones (`next`), every stone records its chain's head,
//! and the head stores the chain's size and exact liberty count (distinct empty neighbours).
//! Liberty counts are maintained incrementally: placing a stone removes one liberty from each
//! distinct adjacent chain; merging relabels the smaller chain into the larger one, counting
//! only the smaller chain's liberties that do not already touch the larger; removing a stone
//! gives one liberty back to each distinct adjacent chain.
//!
//! The board knows nothing of move order, ko or superko: [`Board::play`] executes a move
//! tolerantly and reports what happened ([`PlayOutcome`], including the ko point a simple-ko
//! rule would forbid next), [`Board::check`] classifies a move without playing it. History,
//! ko and verdicts live in [`replay`](super::replay).

use std::fmt;

use super::types::{Color, Point};
use super::zobrist::STONE_KEYS;

/// Smallest supported side length.
pub const MIN_SIZE: u8 = 2;
/// Largest supported side length (the SGF coordinate limit for our purposes).
pub const MAX_SIZE: u8 = 25;

/// Distance between vertically adjacent locations.
pub(crate) const STRIDE: usize = MAX_SIZE as usize + 1;
/// Number of locations: a wall row above and below, a shared wall column, one spare.
pub(crate) const ARRAY_SIZE: usize = STRIDE * (MAX_SIZE as usize + 2) + 1;
/// Most stones a board can hold.
const MAX_POINTS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// A padded array location (always `< ARRAY_SIZE`, fits in `u16`).
type Loc = u16;
/// `head` of empty points and walls. Location 0 is a wall corner, never a chain head.
const NO_CHAIN: Loc = 0;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const WALL: u8 = 3;

/// Location of on-board point `(x, y)`.
#[inline]
pub(crate) const fn loc_of(x: u8, y: u8) -> usize {
    (x as usize + 1) + (y as usize + 1) * STRIDE
}

#[inline]
fn point_of(loc: usize) -> Point {
    Point::new((loc % STRIDE - 1) as u8, (loc / STRIDE - 1) as u8)
}

/// The four neighbours of an on-board location (up, left, right, down).
#[inline(always)]
fn adj(loc: usize) -> [usize; 4] {
    [loc - STRIDE, loc - 1, loc + 1, loc + STRIDE]
}

/// The cell code of `color` (the codes [`Board::row_codes`] gives, which scoring's cells use).
#[inline]
pub(crate) fn code(color: Color) -> u8 {
    color.index() as u8 + 1
}

/// The colour of a cell code ([`code`]'s inverse); `None` for an empty point.
#[inline]
pub(crate) fn color_of(code: u8) -> Option<Color> {
    match code {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

/// What [`Board::play`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PlayOutcome {
    /// Opponent stones removed (captured) by the move.
    pub captured: u32,
    /// Own stones removed because the mover's chain had no liberty after the captures
    /// (suicide): `1` for a single-stone suicide (the board is then unchanged), the whole
    /// chain's size for a multi-stone suicide, `0` otherwise.
    pub suicided: u32,
    /// Set when the move captured exactly one stone, and the moved stone is a single-stone chain
    /// that now has exactly one liberty: the point of the captured stone, where an immediate
    /// recapture by the opponent would be a simple-ko violation.
    pub ko_point: Option<Point>,
}

/// How a move would go, as classified by [`Board::check`] without touching the board.
/// Ko and superko are not the board's business: see [`replay`](super::replay).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveCheck {
    /// The point lies outside the board.
    OffBoard,
    /// The point already holds a stone.
    Occupied,
    /// The stone would stay on the board.
    Playable {
        /// Opponent stones the move would capture (maybe 0).
        captures: u32,
    },
    /// The move captures nothing and leaves its own chain without liberties.
    Suicide {
        /// Own stones that would be removed, the new stone included (`1`: single-stone
        /// suicide, `≥ 2`: multi-stone suicide).
        stones: u32,
    },
}

impl MoveCheck {
    /// A suicide of the new stone alone (illegal under every ruleset).
    pub fn is_single_stone_suicide(self) -> bool {
        matches!(self, MoveCheck::Suicide { stones: 1 })
    }

    /// A suicide that removes two or more stones (legal under Ing, New Zealand, Tromp-Taylor).
    pub fn is_multi_stone_suicide(self) -> bool {
        matches!(self, MoveCheck::Suicide { stones } if stones >= 2)
    }
}

/// A Go board of `width × height` points, `2..=25` on each side.
///
/// Equality ([`PartialEq`]) compares size and stones only, not internal chain labels.
#[derive(Clone)]
pub struct Board {
    width: u8,
    height: u8,
    /// `EMPTY`, `BLACK`, `WHITE` or `WALL` per location.
    color: [u8; ARRAY_SIZE],
    /// Head location of the chain through each stone; `NO_CHAIN` on empty points and walls.
    head: [Loc; ARRAY_SIZE],
    /// Next stone of the same chain (circular list); meaningless on empty points.
    next: [Loc; ARRAY_SIZE],
    /// At chain heads: number of distinct empty points adjacent to the chain.
    libs: [u16; ARRAY_SIZE],
    /// At chain heads: number of stones in the chain.
    size: [u16; ARRAY_SIZE],
    /// XOR of [`STONE_KEYS`] of every stone.
    hash: u64,
    /// Stones on the board per [`Color::index`].
    stones: [u32; 2],
}

impl Board {
    /// An empty board.
    ///
    /// # Panics
    /// If `width` or `height` lies outside `2..=25` (callers validate sizes first).
    pub fn new(width: u8, height: u8) -> Board {
        assert!(
            (MIN_SIZE..=MAX_SIZE).contains(&width) && (MIN_SIZE..=MAX_SIZE).contains(&height),
            "board size {width}x{height} outside {MIN_SIZE}..={MAX_SIZE}"
        );
        let mut color = [WALL; ARRAY_SIZE];
        for y in 0..height {
            let row = loc_of(0, y);
            color[row..row + usize::from(width)].fill(EMPTY);
        }
        Board {
            width,
            height,
            color,
            head: [NO_CHAIN; ARRAY_SIZE],
            next: [NO_CHAIN; ARRAY_SIZE],
            libs: [0; ARRAY_SIZE],
            size: [0; ARRAY_SIZE],
            hash: 0,
            stones: [0; 2],
        }
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Number of rows.
    #[inline]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Whether `p` lies on the board (`x < width && y < height`).
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// The stone on `p`; `None` for an empty point and for a point off the board.
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        if self.contains(p) {
            color_of(self.color[loc_of(p.x, p.y)])
        } else {
            None
        }
    }

    /// Row `y` as stored, `width` cells: `0` empty, `1` black, `2` white ([`Color::index`]
    /// plus one). The scorer's analysis arrays use the same codes and copy a row at a time.
    #[inline]
    pub(crate) fn row_codes(&self, y: u8) -> &[u8] {
        let row = loc_of(0, y);
        &self.color[row..row + usize::from(self.width)]
    }

    /// Whether `p` holds a stone (`false` off the board).
    #[inline]
    pub fn is_occupied(&self, p: Point) -> bool {
        self.get(p).is_some()
    }

    /// Every point's content, row-major: index `y * width + x`.
    pub fn to_grid(&self) -> Vec<Option<Color>> {
        let mut grid = Vec::with_capacity(usize::from(self.width) * usize::from(self.height));
        for y in 0..self.height {
            for x in 0..self.width {
                grid.push(color_of(self.color[loc_of(x, y)]));
            }
        }
        grid
    }

    /// All on-board points, row-major.
    pub fn points(&self) -> impl Iterator<Item = Point> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| Point::new(x, y)))
    }

    /// The on-board orthogonal neighbours of `p` (2 to 4 of them).
    pub fn neighbors(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let loc = if self.contains(p) {
            loc_of(p.x, p.y)
        } else {
            0
        };
        let around = if loc == 0 { [0; 4] } else { adj(loc) };
        around
            .into_iter()
            .filter(move |&a| a != 0 && self.color[a] != WALL)
            .map(point_of)
    }

    /// Zobrist hash of the position: XOR of [`stone_key`](super::zobrist::stone_key) over all
    /// stones (`0` for the empty board). Identical positions hash alike on every run and
    /// machine; the board size is not included.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Number of `color` stones on the board.
    #[inline]
    pub fn stones(&self, color: Color) -> u32 {
        self.stones[color.index()]
    }

    /// Head location of the chain through `p`, if `p` is an on-board stone.
    #[inline]
    fn head_at(&self, p: Point) -> Option<usize> {
        if !self.contains(p) {
            return None;
        }
        let h = self.head[loc_of(p.x, p.y)];
        (h != NO_CHAIN).then_some(usize::from(h))
    }

    /// Number of liberties (distinct adjacent empty points) of the chain through `p`;
    /// `0` if `p` is empty or off the board.
    #[inline]
    pub fn chain_liberties(&self, p: Point) -> u32 {
        self.head_at(p).map_or(0, |h| u32::from(self.libs[h]))
    }

    /// Number of stones of the chain through `p`; `0` if `p` is empty or off the board.
    #[inline]
    pub fn chain_len(&self, p: Point) -> u32 {
        self.head_at(p).map_or(0, |h| u32::from(self.size[h]))
    }

    /// A representative stone of the chain through `p`: the same point for every stone of
    /// the chain, different for different chains. Valid until the board changes.
    pub fn chain_root(&self, p: Point) -> Option<Point> {
        self.head_at(p).map(point_of)
    }

    /// The stones of the chain through `p` (empty if `p` is empty or off the board), in chain
    /// order.
    pub fn chain_points(&self, p: Point) -> Vec<Point> {
        let mut out = Vec::new();
        if let Some(h) = self.head_at(p) {
            let mut s = h;
            loop {
                out.push(point_of(s));
                s = usize::from(self.next[s]);
                if s == h {
                    break;
                }
            }
        }
        out
    }

    /// The liberties of the chain through `p`, each once, sorted row-major (empty if `p` is
    /// empty or off the board).
    pub fn chain_liberty_points(&self, p: Point) -> Vec<Point> {
        let mut libs: Vec<usize> = Vec::new();
        if let Some(h) = self.head_at(p) {
            let mut s = h;
            loop {
                for a in adj(s) {
                    if self.color[a] == EMPTY {
                        libs.push(a);
                    }
                }
                s = usize::from(self.next[s]);
                if s == h {
                    break;
                }
            }
        }
        libs.sort_unstable();
        libs.dedup();
        libs.into_iter().map(point_of).collect()
    }

    /// Classify a move by `color` on `p` without playing it: off the board, occupied, a
    /// suicide (how many own stones it would remove), or playable (how many stones it would
    /// capture). Agrees with [`play`](Board::play) on every empty point.
    pub fn check(&self, color: Color, p: Point) -> MoveCheck {
        if !self.contains(p) {
            return MoveCheck::OffBoard;
        }
        let loc = loc_of(p.x, p.y);
        if self.color[loc] != EMPTY {
            return MoveCheck::Occupied;
        }
        let pla = code(color);
        let mut seen = [NO_CHAIN; 4];
        let mut n = 0;
        let mut has_liberty = false;
        let mut captures = 0u32;
        let mut own_stones = 1u32;
        for a in adj(loc) {
            let c = self.color[a];
            if c == EMPTY {
                has_liberty = true;
            } else if c != WALL {
                let h = self.head[a];
                if seen[..n].contains(&h) {
                    continue;
                }
                seen[n] = h;
                n += 1;
                let h = usize::from(h);
                if c == pla {
                    // `p` is one of its liberties; another one keeps the merged chain alive.
                    has_liberty |= self.libs[h] > 1;
                    own_stones += u32::from(self.size[h]);
                } else if self.libs[h] == 1 {
                    captures += u32::from(self.size[h]);
                }
            }
        }
        if captures > 0 || has_liberty {
            MoveCheck::Playable { captures }
        } else {
            MoveCheck::Suicide { stones: own_stones }
        }
    }

    /// Number of opponent stones a move by `color` on `p` would capture (0 if the move is
    /// off the board, occupied or a suicide).
    pub fn would_capture(&self, color: Color, p: Point) -> u32 {
        match self.check(color, p) {
            MoveCheck::Playable { captures } => captures,
            _ => 0,
        }
    }

    /// Whether a move by `color` on `p` (an empty on-board point) would be a suicide, single-
    /// or multi-stone.
    pub fn would_be_suicide(&self, color: Color, p: Point) -> bool {
        matches!(self.check(color, p), MoveCheck::Suicide { .. })
    }

    /// Execute a move tolerantly, as a viewer executes a recorded move under unknown rules:
    /// place a `color` stone on `p`, remove every adjacent opponent chain left without
    /// liberties, then, if the mover's own chain has no liberty, remove it too (suicide).
    /// Suicide is never refused here; the caller decides whether it was legal.
    ///
    /// # Panics
    /// If `p` is off the board or occupied (check with [`contains`](Board::contains) and
    /// [`is_occupied`](Board::is_occupied) first).
    pub fn play(&mut self, color: Color, p: Point) -> PlayOutcome {
        assert!(self.contains(p), "play off the board at {p:?}");
        let loc = loc_of(p.x, p.y);
        assert!(self.color[loc] == EMPTY, "play on an occupied point {p:?}");
        let pla = code(color);
        let opp = 3 - pla;
        let (own, heads, n) = self.place(loc, pla);

        let mut captured = 0u32;
        let mut captured_at = 0usize;
        for &h in &heads[..n] {
            let h = usize::from(h);
            // Friendly heads may have been merged away; opponent heads are still heads.
            if self.color[h] == opp && self.libs[h] == 0 {
                captured += u32::from(self.size[h]);
                captured_at = h;
                self.remove_chain(h);
            }
        }

        let mut outcome = PlayOutcome {
            captured,
            ..PlayOutcome::default()
        };
        if self.libs[own] == 0 {
            outcome.suicided = u32::from(self.size[own]);
            self.remove_chain(own);
        } else if captured == 1 && self.size[own] == 1 && self.libs[own] == 1 {
            outcome.ko_point = Some(point_of(captured_at));
        }
        outcome
    }

    /// Setup (`AB`/`AW`/`AE`): put `stone` on `p` (or clear it with `None`) without any capture
    /// or suicide, keeping chains, liberties and the hash exact. Setup may leave chains with no
    /// liberty; they stay on the board (until a move next to them captures them).
    ///
    /// # Panics
    /// If `p` is off the board.
    pub fn set_stone(&mut self, p: Point, stone: Option<Color>) {
        assert!(self.contains(p), "setup off the board at {p:?}");
        let loc = loc_of(p.x, p.y);
        let want = stone.map_or(EMPTY, code);
        if self.color[loc] == want {
            return;
        }
        if self.color[loc] != EMPTY {
            self.remove_stone(loc);
        }
        if want != EMPTY {
            self.place(loc, want);
        }
    }

    /// Setup of many points at once (the `AB`, `AW` and `AE` between two moves), in order:
    /// each point on the board takes the colour the last change naming it gives (points off
    /// the board are ignored). Returns whether any change, made in turn, changed its point (a
    /// stone taken off and put back did). Setup never captures, so the position after is the
    /// colours alone: when a stone is taken off or recoloured, the chains are built again once
    /// from them (taken off one by one, each stone re-placed the rest of its chain: a node
    /// recolouring a full 25×25 board cost 6 ms, and a 100 KB file of such nodes 30 s);
    /// stones only added are placed one by one.
    pub fn set_stones(
        &mut self,
        changes: impl IntoIterator<Item = (Point, Option<Color>)>,
    ) -> bool {
        let mut target = self.color;
        let mut changed = false;
        for (p, stone) in changes {
            if self.contains(p) {
                let want = stone.map_or(EMPTY, code);
                let at = &mut target[loc_of(p.x, p.y)];
                changed |= *at != want;
                *at = want;
            }
        }
        let (mut added, mut taken) = (false, false);
        for (&now, &want) in self.color.iter().zip(&target) {
            added |= now == EMPTY && want != EMPTY;
            taken |= now != EMPTY && now != WALL && now != want;
        }
        if taken {
            let mut fresh = Board::new(self.width, self.height);
            for (loc, &want) in target.iter().enumerate() {
                if want == BLACK || want == WHITE {
                    fresh.place(loc, want);
                }
            }
            *self = fresh;
        } else if added {
            for (loc, &want) in target.iter().enumerate() {
                if self.color[loc] == EMPTY && want != EMPTY {
                    self.place(loc, want);
                }
            }
        }
        changed
    }

    /// Build a board from an ASCII diagram, one row per non-blank line, top row first.
    /// `X`, `x`, `B`, `#`, `@` are black stones; `O`, `o`, `W` white; `.`, `+`, `,` empty;
    /// spaces are ignored. Every row must have the same width, within `2..=25`.
    ///
    /// ```text
    /// . X O .
    /// X O . O
    /// . X O .
    /// ```
    ///
    /// # Errors
    /// A message naming the first unexpected character, ragged row or bad size.
    pub fn from_ascii(diagram: &str) -> Result<Board, String> {
        let mut rows: Vec<Vec<Option<Color>>> = Vec::new();
        for (i, line) in diagram.lines().enumerate() {
            let mut row = Vec::new();
            for ch in line.chars().filter(|c| !c.is_whitespace()) {
                row.push(match ch {
                    'X' | 'x' | 'B' | '#' | '@' => Some(Color::Black),
                    'O' | 'o' | 'W' => Some(Color::White),
                    '.' | '+' | ',' => None,
                    other => return Err(format!("line {}: unexpected {other:?}", i + 1)),
                });
            }
            if row.is_empty() {
                continue;
            }
            if let Some(first) = rows.first() {
                if first.len() != row.len() {
                    return Err(format!(
                        "line {}: {} points, expected {}",
                        i + 1,
                        row.len(),
                        first.len()
                    ));
                }
            }
            rows.push(row);
        }
        let height = rows.len();
        let width = rows.first().map_or(0, Vec::len);
        let ok = |n: usize| (usize::from(MIN_SIZE)..=usize::from(MAX_SIZE)).contains(&n);
        if !ok(width) || !ok(height) {
            return Err(format!("board size {width}x{height} outside 2..=25"));
        }
        let mut board = Board::new(width as u8, height as u8);
        for (y, row) in rows.iter().enumerate() {
            for (x, &stone) in row.iter().enumerate() {
                board.set_stone(Point::new(x as u8, y as u8), stone);
            }
        }
        Ok(board)
    }

    // ---- internals -------------------------------------------------------------------------

    /// Put a `pla` stone on empty `loc`, merge it with friendly neighbours and take one liberty
    /// from every distinct adjacent chain. No capture, no suicide. Returns the head of the new
    /// stone's chain and the distinct adjacent chain heads as they were before merging.
    #[inline]
    fn place(&mut self, loc: usize, pla: u8) -> (usize, [Loc; 4], usize) {
        debug_assert_eq!(self.color[loc], EMPTY);
        self.color[loc] = pla;
        self.head[loc] = loc as Loc;
        self.next[loc] = loc as Loc;
        self.size[loc] = 1;
        self.hash ^= STONE_KEYS[loc][usize::from(pla - 1)];
        self.stones[usize::from(pla - 1)] += 1;

        let mut libs = 0u16;
        let mut heads = [NO_CHAIN; 4];
        let mut n = 0;
        for a in adj(loc) {
            match self.color[a] {
                EMPTY => libs += 1,
                WALL => {}
                _ => {
                    let h = self.head[a];
                    if !heads[..n].contains(&h) {
                        heads[n] = h;
                        n += 1;
                        // `loc` was a liberty of that chain, counted once.
                        self.libs[usize::from(h)] -= 1;
                    }
                }
            }
        }
        self.libs[loc] = libs;

        let mut own = loc;
        for &h in &heads[..n] {
            let h = usize::from(h);
            if self.color[h] == pla {
                own = self.merge(own, h);
            }
        }
        (own, heads, n)
    }

    /// Merge the chains headed by `a` and `b` (same colour, adjacent); returns the new head.
    /// The smaller chain is relabelled stone by stone; each of its empty neighbours counts as a
    /// new liberty unless it already touches the larger chain, which — because stones are
    /// relabelled as they are visited — also stops a liberty being counted twice.
    #[inline]
    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let big_loc = big as Loc;
        let mut libs = self.libs[big];
        let mut s = small;
        loop {
            for l in adj(s) {
                if self.color[l] == EMPTY && !self.touches(l, big_loc) {
                    libs += 1;
                }
            }
            self.head[s] = big_loc;
            s = usize::from(self.next[s]);
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.size[big] += self.size[small];
        self.libs[big] = libs;
        big
    }

    /// Whether location `l` is adjacent to a stone of the chain headed by `h`.
    #[inline(always)]
    fn touches(&self, l: usize, h: Loc) -> bool {
        let [a, b, c, d] = adj(l);
        self.head[a] == h || self.head[b] == h || self.head[c] == h || self.head[d] == h
    }

    /// Remove the whole chain headed by `h`, giving each removed stone back as a liberty to
    /// every distinct adjacent chain.
    fn remove_chain(&mut self, h: usize) {
        let c = self.color[h];
        let key = usize::from(c - 1);
        let h_loc = h as Loc;
        let mut s = h;
        loop {
            self.color[s] = EMPTY;
            self.head[s] = NO_CHAIN;
            self.hash ^= STONE_KEYS[s][key];
            let mut seen = [NO_CHAIN; 4];
            let mut n = 0;
            for a in adj(s) {
                let ha = self.head[a];
                // Stones of the chain being removed still carry `h_loc` (or are already empty).
                if ha != NO_CHAIN && ha != h_loc && !seen[..n].contains(&ha) {
                    seen[n] = ha;
                    n += 1;
                    self.libs[usize::from(ha)] += 1;
                }
            }
            s = usize::from(self.next[s]);
            if s == h {
                break;
            }
        }
        self.stones[usize::from(c - 1)] -= u32::from(self.size[h]);
    }

    /// Remove the single stone on `loc` (setup): remove its chain, then put the chain's other
    /// stones back, which rebuilds the chains it may have split into.
    fn remove_stone(&mut self, loc: usize) {
        let c = self.color[loc];
        let h = usize::from(self.head[loc]);
        let mut others = [NO_CHAIN; MAX_POINTS];
        let mut n = 0;
        let mut s = h;
        loop {
            if s != loc {
                others[n] = s as Loc;
                n += 1;
            }
            s = usize::from(self.next[s]);
            if s == h {
                break;
            }
        }
        self.remove_chain(h);
        for &o in &others[..n] {
            self.place(usize::from(o), c);
        }
    }

    /// Slow reference check of every invariant (chains by flood fill, liberties, sizes, list
    /// membership, hash, stone counts). For tests.
    #[cfg(test)]
    pub(crate) fn assert_consistent(&self) {
        let mut hash = 0u64;
        let mut stones = [0u32; 2];
        // Per location: the flood-fill component that owns it (stones), or the last component
        // that counted it as a liberty (empty points). 0 = none.
        let mut mark = [0u32; ARRAY_SIZE];
        let mut head_owner = [0u32; ARRAY_SIZE];
        let mut component = 0u32;
        let mut chain: Vec<usize> = Vec::with_capacity(MAX_POINTS);
        for (loc, &c) in self.color.iter().enumerate() {
            if c == WALL || c == EMPTY {
                assert_eq!(self.head[loc], NO_CHAIN, "no stone at {loc} but a head");
            }
        }
        for p in self.points() {
            let loc = loc_of(p.x, p.y);
            let c = self.color[loc];
            if c == EMPTY {
                continue;
            }
            hash ^= STONE_KEYS[loc][usize::from(c - 1)];
            stones[usize::from(c - 1)] += 1;
            if mark[loc] != 0 {
                continue;
            }
            // Flood fill the chain and count its liberties.
            component += 1;
            chain.clear();
            chain.push(loc);
            mark[loc] = component;
            let mut libs = 0;
            let mut i = 0;
            while i < chain.len() {
                for a in adj(chain[i]) {
                    if mark[a] == component {
                        continue;
                    }
                    if self.color[a] == EMPTY {
                        mark[a] = component;
                        libs += 1;
                    } else if self.color[a] == c {
                        mark[a] = component;
                        chain.push(a);
                    }
                }
                i += 1;
            }
            let h = self.head[loc];
            let hu = usize::from(h);
            assert_eq!(head_owner[hu], 0, "two chains share the head at {p:?}");
            head_owner[hu] = component;
            assert_eq!(self.color[hu], c);
            for &s in &chain {
                assert_eq!(self.head[s], h, "stone {:?} not labelled", point_of(s));
            }
            assert_eq!(usize::from(self.size[hu]), chain.len(), "size at {p:?}");
            assert_eq!(libs, self.libs[hu], "liberties at {p:?}\n{self}");
            // The circular list visits exactly the chain's stones, each once.
            let mut s = hu;
            let mut count = 0;
            loop {
                assert!(
                    self.color[s] == c && mark[s] == component,
                    "list leaves the chain at {p:?}"
                );
                count += 1;
                assert!(count <= chain.len(), "list longer than the chain at {p:?}");
                s = usize::from(self.next[s]);
                if s == hu {
                    break;
                }
            }
            assert_eq!(count, chain.len());
        }
        assert_eq!(hash, self.hash, "hash");
        assert_eq!(stones, self.stones, "stone counts");
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.width == other.width && self.height == other.height && self.color == other.color
    }
}

impl Eq for Board {}

/// The ASCII diagram [`Board::from_ascii`] reads: `X` black, `O` white, `.` empty, points
/// separated by spaces, one line per row.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height {
            for x in 0..self.width {
                if x > 0 {
                    f.write_str(" ")?;
                }
                f.write_str(match color_of(self.color[loc_of(x, y)]) {
                    Some(Color::Black) => "X",
                    Some(Color::White) => "O",
                    None => ".",
                })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Board {}x{} hash {:016x}",
            self.width, self.height, self.hash
        )?;
        fmt::Display::fmt(self, f)
    }
}
