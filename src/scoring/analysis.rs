//! Static structure of a position: chains (with liberties) and empty regions (with the
//! colours they touch), plus a reusable flood fill. Everything is computed into scratch
//! arrays owned by the caller, so scoring a game allocates nothing once warmed up.

use super::geom::{Geom, BLACK, EMPTY, WALL, WHITE};

/// No chain / no region at this point.
pub(crate) const NONE: u16 = u16::MAX;

/// A visited-set over padded indices that clears in O(1) by bumping a stamp.
#[derive(Clone, Debug, Default)]
pub(crate) struct Marker {
    stamp: u32,
    marks: Vec<u32>,
}

impl Marker {
    /// Start a new, empty set over arrays of length `size`.
    #[inline]
    pub fn clear(&mut self, size: usize) {
        if self.marks.len() < size {
            self.marks.resize(size, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
    }

    #[inline]
    pub fn set(&mut self, i: usize) {
        self.marks[i] = self.stamp;
    }

    #[inline]
    pub fn get(&self, i: usize) -> bool {
        self.marks[i] == self.stamp
    }

    /// Mark `i`; returns `true` if it was not marked before.
    #[inline]
    pub fn insert(&mut self, i: usize) -> bool {
        if self.marks[i] == self.stamp {
            false
        } else {
            self.marks[i] = self.stamp;
            true
        }
    }
}

/// Append to `out` the 4-connected component of `start` within the points where `inside`
/// holds, marking them in `seen`. `start` must satisfy `inside` and be unmarked.
pub(crate) fn flood(
    g: &Geom,
    start: usize,
    inside: impl Fn(usize) -> bool,
    seen: &mut Marker,
    out: &mut Vec<u16>,
) {
    let first = out.len();
    seen.set(start);
    out.push(start as u16);
    let mut k = first;
    while k < out.len() {
        let i = out[k] as usize;
        k += 1;
        for n in g.adj(i) {
            if !seen.get(n) && inside(n) {
                seen.set(n);
                out.push(n as u16);
            }
        }
    }
}

#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ChainInfo {
    pub color: u8,
    pub size: u16,
    pub libs: u16,
    /// Offset of this chain's stones in [`Structure::chain_stones`].
    pub start: u32,
}

#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RegionInfo {
    pub size: u16,
    /// Bit `BLACK` (1) and/or bit `WHITE` (2): the colours of stones adjacent to the region.
    pub borders: u8,
    /// Offset of this region's points in [`Structure::region_points`].
    pub start: u32,
}

/// Chains and empty regions of one position.
#[derive(Clone, Debug, Default)]
pub(crate) struct Structure {
    /// Chain index per padded point, [`NONE`] off stones.
    pub chain_id: Vec<u16>,
    pub chains: Vec<ChainInfo>,
    pub chain_stones: Vec<u16>,
    /// Region index per padded point, [`NONE`] off empty points.
    pub region_id: Vec<u16>,
    pub regions: Vec<RegionInfo>,
    pub region_points: Vec<u16>,
    seen: Marker,
    libs_seen: Marker,
}

impl Structure {
    /// Recompute chains and empty regions of `cells`.
    pub fn compute(&mut self, g: &Geom, cells: &[u8]) {
        self.chain_id.clear();
        self.chain_id.resize(g.size, NONE);
        self.region_id.clear();
        self.region_id.resize(g.size, NONE);
        self.chains.clear();
        self.chain_stones.clear();
        self.regions.clear();
        self.region_points.clear();
        self.seen.clear(g.size);
        for i in g.points() {
            if self.seen.get(i) {
                continue;
            }
            let c = cells[i];
            let start = if c == EMPTY {
                self.region_points.len()
            } else {
                self.chain_stones.len()
            };
            if c == EMPTY {
                flood(
                    g,
                    i,
                    |n| cells[n] == EMPTY,
                    &mut self.seen,
                    &mut self.region_points,
                );
                let id = self.regions.len() as u16;
                let mut borders = 0u8;
                for &p in &self.region_points[start..] {
                    self.region_id[p as usize] = id;
                    for n in g.adj(p as usize) {
                        let v = cells[n];
                        if v == BLACK || v == WHITE {
                            borders |= v;
                        }
                    }
                }
                self.regions.push(RegionInfo {
                    size: (self.region_points.len() - start) as u16,
                    borders,
                    start: start as u32,
                });
            } else {
                debug_assert!(c == BLACK || c == WHITE);
                flood(
                    g,
                    i,
                    |n| cells[n] == c,
                    &mut self.seen,
                    &mut self.chain_stones,
                );
                let id = self.chains.len() as u16;
                self.libs_seen.clear(g.size);
                let mut libs = 0u16;
                for &s in &self.chain_stones[start..] {
                    self.chain_id[s as usize] = id;
                    for n in g.adj(s as usize) {
                        if cells[n] == EMPTY && self.libs_seen.insert(n) {
                            libs += 1;
                        }
                    }
                }
                self.chains.push(ChainInfo {
                    color: c,
                    size: (self.chain_stones.len() - start) as u16,
                    libs,
                    start: start as u32,
                });
            }
        }
    }

    #[inline]
    pub fn stones(&self, chain: usize) -> &[u16] {
        let c = &self.chains[chain];
        &self.chain_stones[c.start as usize..c.start as usize + c.size as usize]
    }

    #[inline]
    pub fn points(&self, region: usize) -> &[u16] {
        let r = &self.regions[region];
        &self.region_points[r.start as usize..r.start as usize + r.size as usize]
    }
}

/// Whether `cells[i]` is on the board.
#[inline]
pub(crate) fn on_board(cells: &[u8], i: usize) -> bool {
    cells[i] != WALL
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::testutil::parse_board;

    #[test]
    fn chains_and_regions_of_a_small_position() {
        let (g, cells) = parse_board(
            "
            . X O .
            X X O .
            . . O O
            ",
        );
        let mut s = Structure::default();
        s.compute(&g, &cells);
        assert_eq!(s.chains.len(), 2);
        let b = s.chain_id[g.idx(1, 0)] as usize;
        assert_eq!((s.chains[b].size, s.chains[b].libs), (3, 3));
        let w = s.chain_id[g.idx(2, 0)] as usize;
        assert_eq!((s.chains[w].size, s.chains[w].libs), (4, 3));
        assert_eq!(s.regions.len(), 3);
        let corner = s.region_id[g.idx(0, 0)] as usize;
        assert_eq!(
            (s.regions[corner].size, s.regions[corner].borders),
            (1, BLACK)
        );
        let bottom = s.region_id[g.idx(0, 2)] as usize;
        assert_eq!(s.regions[bottom].borders, BLACK | WHITE);
    }
}
