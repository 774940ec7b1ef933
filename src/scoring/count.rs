//! Area and territory counts of a final position once dead stones and seki are known.
//!
//! Dead stones are taken off (they become prisoners of the other side) and every remaining
//! stone is alive. Each connected set of empty points (including the points the dead stones
//! stood on) is then:
//! - **territory** of one colour when only that colour's live stones touch it;
//! - a **seki eye** when only one colour touches it and at least one of those stones is in
//!   seki (**choice**: one seki chain on the border is enough — RULES.md §4 does not say how a
//!   region touching both a seki chain and an independently living chain counts);
//! - **neutral** when both colours touch it (or neither: an empty board): a shared seki
//!   liberty if it touches a seki chain, otherwise dame.
//!
//! Territory counting (Japanese, Korean) scores territory plus prisoners; seki eyes and
//! neutral points score nothing. Area counting scores live stones plus territory plus seki
//! eyes; neutral points score nothing for the margin (a ½–½ split, where a ruleset splits
//! them, adds the same to both sides).

use super::analysis::{flood, Marker, Structure};
use super::geom::{Geom, BLACK, EMPTY, WHITE};

/// What one point counts as in the final position (for `explain` and tests).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointOwner {
    /// A live black stone.
    BlackStone,
    /// A live white stone.
    WhiteStone,
    /// Black territory: an empty point, or a dead white stone's point (see `dead`).
    BlackTerritory,
    /// White territory.
    WhiteTerritory,
    /// An eye of black stones in seki (area counting scores it for Black, territory counting
    /// scores nothing).
    BlackSekiEye,
    /// An eye of white stones in seki.
    WhiteSekiEye,
    /// A liberty shared by stones in seki: neutral.
    SekiShared,
    /// A neutral point that is not part of a seki.
    Dame,
}

/// Counts of a final position, all in points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    pub black_stones: u32,
    pub white_stones: u32,
    /// Empty points and dead stones surrounded only by live black stones, seki eyes excluded.
    pub black_territory: u32,
    pub white_territory: u32,
    pub black_seki_eyes: u32,
    pub white_seki_eyes: u32,
    pub seki_shared: u32,
    pub dame: u32,
    pub dead_black: u32,
    pub dead_white: u32,
}

impl Counts {
    /// Black's area: live stones, territory and seki eyes.
    pub fn black_area(&self) -> u32 {
        self.black_stones + self.black_territory + self.black_seki_eyes
    }

    pub fn white_area(&self) -> u32 {
        self.white_stones + self.white_territory + self.white_seki_eyes
    }

    /// Area margin before komi and handicap bonus, Black minus White.
    pub fn area_margin(&self) -> f64 {
        self.black_area() as f64 - self.white_area() as f64
    }

    /// Territory margin before komi: territory plus prisoners (captures during play plus dead
    /// stones), Black minus White.
    pub fn territory_margin(&self, captures_by_black: u32, captures_by_white: u32) -> f64 {
        let b = self.black_territory + captures_by_black + self.dead_white;
        let w = self.white_territory + captures_by_white + self.dead_black;
        b as f64 - w as f64
    }
}

/// Scratch state for counting.
#[derive(Clone, Debug, Default)]
pub(crate) struct Counter {
    seen: Marker,
    region: Vec<u16>,
    /// Set by [`Counter::count`]: some neutral region touches live stones of both colours
    /// that are not proven alive, so a seki is possible.
    pub maybe_seki: bool,
}

impl Counter {
    /// Count `cells` with the stones flagged in `dead` removed and the live chains flagged in
    /// `seki` (per stone) treated as seki stones. Writes each point's [`PointOwner`] into
    /// `owner` (padded indexing; off-board entries untouched).
    pub fn count(
        &mut self,
        g: &Geom,
        cells: &[u8],
        dead: &[bool],
        seki: &[bool],
        alive: &[bool],
        owner: &mut [PointOwner],
    ) -> Counts {
        let mut k = Counts::default();
        self.maybe_seki = false;
        self.seen.clear(g.size);
        let open = |i: usize| cells[i] == EMPTY || dead[i];
        for i in g.points() {
            let c = cells[i];
            if !open(i) {
                if c == BLACK {
                    k.black_stones += 1;
                    owner[i] = PointOwner::BlackStone;
                } else {
                    k.white_stones += 1;
                    owner[i] = PointOwner::WhiteStone;
                }
                continue;
            }
            if dead[i] {
                if c == BLACK {
                    k.dead_black += 1;
                } else {
                    k.dead_white += 1;
                }
            }
            if self.seen.get(i) {
                continue;
            }
            self.region.clear();
            flood(g, i, open, &mut self.seen, &mut self.region);
            let mut borders = 0u8;
            let mut unproven = 0u8;
            let mut touches_seki = false;
            for &p in &self.region {
                for n in g.adj(p as usize) {
                    let v = cells[n];
                    if (v == BLACK || v == WHITE) && !dead[n] {
                        borders |= v;
                        touches_seki |= seki[n];
                        if !alive[n] {
                            unproven |= v;
                        }
                    }
                }
            }
            if unproven == BLACK | WHITE {
                self.maybe_seki = true;
            }
            let size = self.region.len() as u32;
            let label = match (borders, touches_seki) {
                (BLACK, false) => {
                    k.black_territory += size;
                    PointOwner::BlackTerritory
                }
                (WHITE, false) => {
                    k.white_territory += size;
                    PointOwner::WhiteTerritory
                }
                (BLACK, true) => {
                    k.black_seki_eyes += size;
                    PointOwner::BlackSekiEye
                }
                (WHITE, true) => {
                    k.white_seki_eyes += size;
                    PointOwner::WhiteSekiEye
                }
                (_, true) => {
                    k.seki_shared += size;
                    PointOwner::SekiShared
                }
                (_, false) => {
                    k.dame += size;
                    PointOwner::Dame
                }
            };
            for &p in &self.region {
                owner[p as usize] = label;
            }
        }
        k
    }
}

/// Areas with every stone alive (Tromp-Taylor, the "as-is" score): stones plus empty regions
/// reaching only one colour, `(black, white)`, from the position's structure.
pub(crate) fn as_is_area(st: &Structure) -> (u32, u32) {
    let mut area = [0u32; 2];
    for ch in &st.chains {
        area[(ch.color - 1) as usize] += ch.size as u32;
    }
    for r in &st.regions {
        if r.borders == BLACK || r.borders == WHITE {
            area[(r.borders - 1) as usize] += r.size as u32;
        }
    }
    (area[0], area[1])
}
