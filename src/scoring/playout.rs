//! Local playouts: the estimator's referee for fights static analysis cannot settle
//! (capturing races, seki, groups whose eyes depend on capturing stones that may not die).
//!
//! A playout starts from the final position, lets the two sides play random moves *only
//! inside a small area* around the fight, and stops when both pass. The policy is simple
//! but not blind: capture a chain in atari when possible, otherwise save one of one's own,
//! otherwise play a random legal move that neither fills one's own eye nor puts a chain of two
//! or more stones in atari (so a seki stays a seki, and a lone nakade stone may still be
//! thrown in). Half the playouts start with each colour, and the question "does this group
//! survive?" is answered by the share of playouts in which its stones are still on the board.
//!
//! Everything is deterministic: the generator is a fixed-seed xorshift, seeded per question
//! from the position, so the same input gives the same answer on every run and thread.

use super::analysis::Marker;
use super::fastboard::FastBoard;
use super::geom::{opp, Geom, BLACK, EMPTY, WHITE};

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

/// Playouts per question (half with each colour first).
pub(crate) const PLAYOUTS: usize = 8;

/// Scratch state for local playouts.
#[derive(Clone, Debug)]
pub(crate) struct LocalReader {
    base: FastBoard,
    work: FastBoard,
    have_base: bool,
    in_area: Marker,
    area: Vec<u16>,
    moves: Vec<u16>,
    captures: Vec<u16>,
    escapes: Vec<u16>,
    /// Playouts run since the last [`LocalReader::reset`] (for statistics).
    pub playouts: u32,
}

impl Default for LocalReader {
    fn default() -> Self {
        let g = Geom::new(1, 1);
        LocalReader {
            base: FastBoard::new(g),
            work: FastBoard::new(g),
            have_base: false,
            in_area: Marker::default(),
            area: Vec::new(),
            moves: Vec::new(),
            captures: Vec::new(),
            escapes: Vec::new(),
            playouts: 0,
        }
    }
}

impl LocalReader {
    /// Forget the previous position (the base board is rebuilt on first use).
    pub fn reset(&mut self) {
        self.have_base = false;
        self.playouts = 0;
    }

    fn ensure_base(&mut self, g: &Geom, cells: &[u8]) {
        if self.have_base {
            return;
        }
        self.base.reset(*g);
        for i in g.points() {
            let v = cells[i];
            if v == BLACK || v == WHITE {
                self.base.play(v, i);
            }
        }
        self.have_base = true;
    }

    /// Share of playouts (0.0–1.0) in which at least half of `stones` keep their colour,
    /// playing only on the empty points of `area` (padded indices; stones in it become
    /// playable once captured).
    pub fn survival(
        &mut self,
        g: &Geom,
        cells: &[u8],
        area: &[u16],
        stones: &[u16],
        seed: u64,
    ) -> f64 {
        self.ensure_base(g, cells);
        self.in_area.clear(g.size);
        self.area.clear();
        for &p in area {
            if self.in_area.insert(p as usize) {
                self.area.push(p);
            }
        }
        let colour = cells[stones[0] as usize];
        let mut rng = Rng::new(seed);
        let mut alive = 0;
        for k in 0..PLAYOUTS {
            self.work.copy_from(&self.base);
            let first = if k % 2 == 0 { BLACK } else { WHITE };
            self.play_out(first, &mut rng);
            self.playouts += 1;
            let kept = stones
                .iter()
                .filter(|&&s| self.work.cell[s as usize] == colour)
                .count();
            if kept * 2 >= stones.len() {
                alive += 1;
            }
        }
        alive as f64 / PLAYOUTS as f64
    }

    fn play_out(&mut self, first: u8, rng: &mut Rng) {
        let mut c = first;
        let mut passes = 0;
        let limit = 3 * self.area.len() + 8;
        for _ in 0..limit {
            match self.choose(c, rng) {
                Some(i) => {
                    self.work.play(c, i);
                    passes = 0;
                }
                None => {
                    passes += 1;
                    self.work.ko = 0;
                    if passes == 2 {
                        break;
                    }
                }
            }
            c = opp(c);
        }
    }

    fn choose(&mut self, c: u8, rng: &mut Rng) -> Option<usize> {
        let b = &self.work;
        let g = b.g;
        self.moves.clear();
        self.captures.clear();
        self.escapes.clear();
        for &p in &self.area {
            let i = p as usize;
            if b.cell[i] != EMPTY || !b.is_legal(c, i) {
                continue;
            }
            let mut capture = false;
            let mut escape = false;
            for n in g.adj(i) {
                let v = b.cell[n];
                if v == opp(c) && b.in_atari(n) {
                    capture = true;
                } else if v == c && b.in_atari(n) {
                    escape = true;
                }
            }
            if capture {
                self.captures.push(p);
                continue;
            }
            if b.is_eye(c, i) {
                continue;
            }
            let atari = b.self_atari_size(c, i);
            if atari >= 2 {
                continue;
            }
            if escape && atari == 0 {
                self.escapes.push(p);
            }
            self.moves.push(p);
        }
        let pick = |v: &Vec<u16>, rng: &mut Rng| v[rng.below(v.len())] as usize;
        if !self.captures.is_empty() {
            Some(pick(&self.captures, rng))
        } else if !self.escapes.is_empty() {
            Some(pick(&self.escapes, rng))
        } else if !self.moves.is_empty() {
            Some(pick(&self.moves, rng))
        } else {
            None
        }
    }
}
