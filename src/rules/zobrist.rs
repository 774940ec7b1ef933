//! Fixed-seed Zobrist keys and the small hashing toolkit around them.
//!
//! This module owns every random-looking number the rules engine uses:
//! - one key per (board location, colour) for the incremental position hash of
//!   [`Board`](super::board::Board) — [`stone_key`];
//! - the side-to-move key that turns a position hash into a *situation* hash for situational
//!   superko — [`side_to_move_key`];
//! - [`final_position_hash`], the stored hash of a final position, its board's size keyed in;
//! - [`GameHasher`], an order-sensitive hash of a whole record (board size, setup, moves) used
//!   for duplicate detection;
//! - [`SplitMix64`], the generator behind the keys, public so tests, benchmarks and playouts can
//!   draw reproducible streams without an external crate.
//!
//! All keys are computed at compile time from fixed seeds, so a position hashes to the same value
//! on every run, machine and thread. A position hash is the XOR of the keys of its stones: the
//! empty board hashes to `0`, and the board size is deliberately not part of it.

use super::board::{loc_of, ARRAY_SIZE};
use super::types::{Color, Move, Point};

/// Seed of the stone keys. Changing it changes every stored hash: don't.
const STONE_SEED: u64 = 0x6b69_6675_2d61_7564; // "kifu-aud"
/// Seed of the side-to-move key.
const SIDE_SEED: u64 = 0x7369_6465_2d74_6f2d; // "side-to-"
/// Seed of [`GameHasher`].
const GAME_SEED: u64 = 0x6761_6d65_2d68_6173; // "game-has"
/// Seed of the board-size key of [`final_position_hash`].
const SIZE_SEED: u64 = 0x626f_6172_642d_737a; // "board-sz"

const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// The SplitMix64 output function: a bijective avalanche mix of a 64-bit word.
#[inline]
pub const fn mix64(z: u64) -> u64 {
    let z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The `n`-th output (0-based) of a SplitMix64 stream started at `seed`.
const fn splitmix_nth(seed: u64, n: u64) -> u64 {
    mix64(seed.wrapping_add(n.wrapping_add(1).wrapping_mul(GOLDEN_GAMMA)))
}

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast, fixed-seed pseudo-random generator.
/// Not cryptographic. The same seed gives the same stream everywhere.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose stream is fixed by `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        mix64(self.state)
    }

    /// A value in `0..n` (`n > 0`), by multiply-shift (bias below 2⁻³² for the small `n` used
    /// here).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }

    /// `true` with probability `num / den`.
    #[inline]
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        self.below(den) < num
    }
}

/// Stone keys indexed by padded board location, then [`Color::index`]. Locations are
/// independent of the board width (fixed stride), so a point has the same key on every board.
pub(crate) static STONE_KEYS: [[u64; 2]; ARRAY_SIZE] = build_stone_keys();

const fn build_stone_keys() -> [[u64; 2]; ARRAY_SIZE] {
    let mut keys = [[0u64; 2]; ARRAY_SIZE];
    let mut i = 0;
    while i < ARRAY_SIZE {
        keys[i][0] = splitmix_nth(STONE_SEED, 2 * i as u64);
        keys[i][1] = splitmix_nth(STONE_SEED, 2 * i as u64 + 1);
        i += 1;
    }
    keys
}

/// XORed into a position hash when White is to move (Black to move adds nothing).
pub const WHITE_TO_MOVE_KEY: u64 = splitmix_nth(SIDE_SEED, 0);

/// The Zobrist key of a `color` stone on `p`. `p` must satisfy `x, y < 25`
/// ([`MAX_SIZE`](super::board::MAX_SIZE)); panics otherwise.
#[inline]
pub fn stone_key(p: Point, color: Color) -> u64 {
    assert!(p.x < super::board::MAX_SIZE && p.y < super::board::MAX_SIZE);
    STONE_KEYS[loc_of(p.x, p.y)][color.index()]
}

/// The key that, XORed into a position hash, gives the situation hash "this position with
/// `to_move` to play": `0` for Black, [`WHITE_TO_MOVE_KEY`] for White.
#[inline]
pub fn side_to_move_key(to_move: Color) -> u64 {
    match to_move {
        Color::Black => 0,
        Color::White => WHITE_TO_MOVE_KEY,
    }
}

/// The hash of a final position as stored (the `final_hash` column): the position's Zobrist
/// hash ([`super::board::Board::hash`], which leaves the size out: the replay compares
/// positions of one board only) with a key of the board's size XORed in, so that the same
/// stones on two boards, or two empty boards, do not hash alike (every empty final board was
/// `0`, and `B[cc] W[gg]` one hash on 9×9, 13×13 and 19×19).
pub fn final_position_hash(position: u64, width: u8, height: u8) -> u64 {
    let size = (u64::from(width) << 8) | u64::from(height);
    position ^ mix64(SIZE_SEED ^ size)
}

/// Order-sensitive hash of a game record: board size, then every setup and move event in order.
/// Two records with the same size and the same event sequence hash alike on every machine;
/// reordering, adding or removing an event changes the hash (up to 64-bit collisions).
/// Not cryptographic.
#[derive(Clone, Debug)]
pub struct GameHasher {
    state: u64,
    events: u64,
}

impl GameHasher {
    /// Start hashing a record on a `width × height` board.
    pub fn new(width: u8, height: u8) -> GameHasher {
        let size = (u64::from(width) << 8) | u64::from(height);
        GameHasher {
            state: mix64(GAME_SEED ^ size),
            events: 0,
        }
    }

    #[inline]
    fn absorb(&mut self, token: u64) {
        self.state = mix64(self.state.wrapping_add(GOLDEN_GAMMA) ^ token);
        self.events += 1;
    }

    /// A setup event (`AB`/`AW`/`AE`): `stone` `None` means the point is cleared.
    #[inline]
    pub fn setup(&mut self, point: Point, stone: Option<Color>) {
        let code = match stone {
            None => 0u64,
            Some(c) => 1 + c.index() as u64,
        };
        self.absorb(1 | (code << 4) | (u64::from(point.x) << 8) | (u64::from(point.y) << 16));
    }

    /// A move event (passes included; the point is hashed as recorded, even off the board).
    #[inline]
    pub fn play(&mut self, color: Color, mv: Move) {
        let c = color.index() as u64;
        let token = match mv {
            Move::Pass => 2 | (c << 4) | (1 << 24),
            Move::Play(p) => 2 | (c << 4) | (u64::from(p.x) << 8) | (u64::from(p.y) << 16),
        };
        self.absorb(token);
    }

    /// The hash of everything absorbed so far.
    pub fn finish(&self) -> u64 {
        mix64(self.state ^ self.events.wrapping_mul(GOLDEN_GAMMA))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_pinned() {
        // Stored hashes (Parquet columns, duplicate detection) depend on these values.
        assert_eq!(splitmix_nth(0, 0), 0xe220_a839_7b1d_cdaf);
        assert_eq!(SplitMix64::new(0).next_u64(), 0xe220_a839_7b1d_cdaf);
        let k = stone_key(Point::new(3, 3), Color::Black);
        assert_eq!(k, STONE_KEYS[loc_of(3, 3)][0]);
        assert_ne!(k, stone_key(Point::new(3, 3), Color::White));
        assert_eq!(k, 0xbcae_3b06_ef8c_beac);
        assert_eq!(WHITE_TO_MOVE_KEY, 0x8e1b_eff2_0f2f_863f);
        let mut h = GameHasher::new(19, 19);
        h.setup(Point::new(3, 3), Some(Color::Black));
        h.play(Color::White, Move::Play(Point::new(15, 15)));
        h.play(Color::Black, Move::Pass);
        assert_eq!(h.finish(), 0xc504_5999_c1f7_a25b);
    }

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = (0..25u8)
            .flat_map(|y| (0..25u8).map(move |x| Point::new(x, y)))
            .flat_map(|p| [stone_key(p, Color::Black), stone_key(p, Color::White)])
            .collect();
        all.push(WHITE_TO_MOVE_KEY);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }

    #[test]
    fn game_hash_is_order_sensitive() {
        let a = Move::Play(Point::new(3, 3));
        let b = Move::Play(Point::new(15, 15));
        let hash = |moves: &[(Color, Move)]| {
            let mut h = GameHasher::new(19, 19);
            for &(c, m) in moves {
                h.play(c, m);
            }
            h.finish()
        };
        let ab = hash(&[(Color::Black, a), (Color::White, b)]);
        assert_eq!(ab, hash(&[(Color::Black, a), (Color::White, b)]));
        assert_ne!(ab, hash(&[(Color::Black, b), (Color::White, a)]));
        assert_ne!(ab, hash(&[(Color::White, a), (Color::Black, b)]));
        assert_ne!(ab, hash(&[(Color::Black, a)]));
        assert_ne!(hash(&[]), {
            let h = GameHasher::new(9, 9);
            h.finish()
        });
    }
}
