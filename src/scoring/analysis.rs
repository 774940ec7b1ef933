//! Static structure of a position: chains (with liberties), empty regions (with the colours
//! they touch) and the graph of which touches which, plus union-find and a stamp-cleared
//! visited set. Later stages (enclosures, counting) work on this graph instead of flooding
//! points again. Everything lives in scratch arrays owned by the caller, so scoring a game
//! allocates nothing once warmed up.

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

    /// Whether `i` is marked.
    #[inline]
    pub fn contains(&self, i: usize) -> bool {
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

/// Union-find root of `a` (with path halving).
pub(crate) fn find(parent: &mut [u16], mut a: usize) -> usize {
    while parent[a] as usize != a {
        let p = parent[a] as usize;
        parent[a] = parent[p];
        a = parent[a] as usize;
    }
    a
}

/// Point every node of a union-find built by [`union`] straight at its root, so that
/// `parent[x]` is the root of `x` until the next union. One pass in index order suffices:
/// [`union`] and [`find`] keep `parent[x] <= x`, so `x`'s parent is already flattened when
/// `x` comes up.
///
/// **choice**: the count, the enclosures and the life propagation read roots from the
/// flattened array instead of calling [`find`] per node: `Scorer::score` 3,621.0 M →
/// 3,603.7 M instructions on the score bench (5,000 Tygem games), same results.
pub(crate) fn flatten(parent: &mut [u16]) {
    for x in 0..parent.len() {
        parent[x] = parent[parent[x] as usize];
    }
}

/// [`union`] of the set whose root is `ra` with the set of `b`; returns the joined set's root.
/// For a loop joining one node to many: its root is carried along instead of looked up
/// again for every join (same sets and roots as [`union`]). **choice**: regions joined to
/// their chains this way in the count and the enclosures, `Scorer::score` 3,603.7 M →
/// 3,598.2 M instructions on the score bench.
pub(crate) fn union_root(parent: &mut [u16], ra: usize, b: usize) -> usize {
    let rb = find(parent, b);
    let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
    parent[hi] = lo as u16;
    lo
}

/// Join the sets of `a` and `b`; the smaller index becomes the root.
pub(crate) fn union(parent: &mut [u16], a: usize, b: usize) {
    let ra = find(parent, a);
    let rb = find(parent, b);
    if ra != rb {
        let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
        parent[hi] = lo as u16;
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

/// Chains and empty regions of one position, and how they touch: the graph every later
/// stage works on instead of flooding points again.
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
    /// Chains touching each region: `region_chains[region_chain_start[r]..region_chain_start[r + 1]]`.
    pub region_chain_start: Vec<u32>,
    pub region_chains: Vec<u16>,
    /// Chains of the other colour touching each chain (same layout).
    pub chain_adj_start: Vec<u32>,
    pub chain_adj: Vec<u16>,
    /// Pairs of same-coloured chains `(lower, higher)` sharing a liberty, once per shared
    /// liberty, twice when the opponent cannot occupy it (no enemy neighbour and at most one
    /// empty neighbour): a pair listed twice or more is linked.
    pub shared: Vec<(u16, u16)>,
    last: Vec<u16>,
    pairs: Vec<(u16, u16)>,
}

/// Breadth-first flood from `from` over the points of its cell value (a chain or an empty
/// region): numbers them `id` in `ids` and appends them to `list` in visiting order.
///
/// **choice**: this flood and [`link_regions`] are free functions taking the arrays they
/// write as separate arguments, not code on `self`'s fields (the compiler keeps this one out
/// of line; forcing it inline cost 1.9 M more): `Scorer::score` 3,810 M → 3,781 M
/// instructions on the score bench (5,000 Tygem games), about half from each.
#[inline]
fn flood(g: &Geom, cells: &[u8], from: usize, id: u16, ids: &mut [u16], list: &mut Vec<u16>) {
    let c = cells[from];
    let mut k = list.len();
    ids[from] = id;
    list.push(from as u16);
    while k < list.len() {
        let p = list[k] as usize;
        k += 1;
        for n in g.adj(p) {
            if cells[n] == c && ids[n] == NONE {
                ids[n] = id;
                list.push(n as u16);
            }
        }
    }
}

/// What [`link_regions`] lists: see the fields of the same names in [`Structure`].
struct Links<'a> {
    region_chain_start: &'a mut Vec<u32>,
    region_chains: &'a mut Vec<u16>,
    shared: &'a mut Vec<(u16, u16)>,
}

/// One pass over the empty points, region by region: chain liberties, region borders, the
/// chains touching each region and the shared liberties (`last`: per chain, the last region
/// listing it, all `NONE` at first).
#[allow(clippy::too_many_arguments)]
#[inline]
fn link_regions(
    g: &Geom,
    cells: &[u8],
    chain_id: &[u16],
    region_points: &[u16],
    chains: &mut [ChainInfo],
    regions: &mut [RegionInfo],
    last: &mut [u16],
    out: Links,
) {
    for (r, region) in regions.iter_mut().enumerate() {
        out.region_chain_start.push(out.region_chains.len() as u32);
        let mut borders = 0u8;
        let start = region.start as usize;
        for &p in &region_points[start..start + region.size as usize] {
            let p = p as usize;
            let mut chs = [NONE; 4];
            let mut nc = 0;
            let mut empty_n = 0;
            let mut colours = 0u8;
            for n in g.adj(p) {
                let v = cells[n];
                if v == EMPTY {
                    empty_n += 1;
                } else if v != WALL {
                    colours |= v;
                    let ch = chain_id[n];
                    if !chs[..nc].contains(&ch) {
                        chs[nc] = ch;
                        nc += 1;
                    }
                }
            }
            borders |= colours;
            for a in 0..nc {
                let ch = chs[a];
                chains[ch as usize].libs += 1;
                if last[ch as usize] != r as u16 {
                    last[ch as usize] = r as u16;
                    out.region_chains.push(ch);
                }
                let ca = chains[ch as usize].color;
                for &other in &chs[a + 1..nc] {
                    if chains[other as usize].color != ca {
                        continue;
                    }
                    let pair = (ch.min(other), ch.max(other));
                    out.shared.push(pair);
                    if colours == ca && empty_n <= 1 {
                        out.shared.push(pair);
                    }
                }
            }
        }
        region.borders = borders;
    }
}

impl Structure {
    /// Recompute everything for `cells`.
    pub fn compute(&mut self, g: &Geom, cells: &[u8]) {
        self.chain_id.clear();
        self.chain_id.resize(g.size, NONE);
        self.region_id.clear();
        self.region_id.resize(g.size, NONE);
        self.chains.clear();
        self.chain_stones.clear();
        self.regions.clear();
        self.region_points.clear();
        for i in g.points() {
            let c = cells[i];
            if c == EMPTY {
                if self.region_id[i] != NONE {
                    continue;
                }
                let id = self.regions.len() as u16;
                let start = self.region_points.len();
                flood(
                    g,
                    cells,
                    i,
                    id,
                    &mut self.region_id,
                    &mut self.region_points,
                );
                self.regions.push(RegionInfo {
                    size: (self.region_points.len() - start) as u16,
                    borders: 0,
                    start: start as u32,
                });
            } else {
                if self.chain_id[i] != NONE {
                    continue;
                }
                let id = self.chains.len() as u16;
                let start = self.chain_stones.len();
                flood(g, cells, i, id, &mut self.chain_id, &mut self.chain_stones);
                self.chains.push(ChainInfo {
                    color: c,
                    size: (self.chain_stones.len() - start) as u16,
                    libs: 0,
                    start: start as u32,
                });
            }
        }
        self.link(g, cells);
    }

    /// Liberties, region borders, the region–chain and chain–chain adjacency, shared
    /// liberties: one pass over empty points and one over stones.
    fn link(&mut self, g: &Geom, cells: &[u8]) {
        let nch = self.chains.len();
        self.last.clear();
        self.last.resize(nch, NONE);
        self.region_chain_start.clear();
        self.region_chains.clear();
        self.shared.clear();
        link_regions(
            g,
            cells,
            &self.chain_id,
            &self.region_points,
            &mut self.chains,
            &mut self.regions,
            &mut self.last,
            Links {
                region_chain_start: &mut self.region_chain_start,
                region_chains: &mut self.region_chains,
                shared: &mut self.shared,
            },
        );
        self.region_chain_start
            .push(self.region_chains.len() as u32);
        // chains of the other colour touching each chain
        self.pairs.clear();
        self.last.iter_mut().for_each(|v| *v = NONE);
        for ch in 0..nch {
            let info = self.chains[ch];
            if info.color != BLACK {
                continue;
            }
            for k in info.start as usize..info.start as usize + info.size as usize {
                let s = self.chain_stones[k] as usize;
                for n in g.adj(s) {
                    if cells[n] == WHITE {
                        let w = self.chain_id[n];
                        if self.last[w as usize] != ch as u16 {
                            self.last[w as usize] = ch as u16;
                            self.pairs.push((ch as u16, w));
                        }
                    }
                }
            }
        }
        self.chain_adj_start.clear();
        self.chain_adj_start.resize(nch + 1, 0);
        for &(b, w) in &self.pairs {
            self.chain_adj_start[b as usize + 1] += 1;
            self.chain_adj_start[w as usize + 1] += 1;
        }
        for k in 0..nch {
            self.chain_adj_start[k + 1] += self.chain_adj_start[k];
        }
        self.chain_adj.clear();
        self.chain_adj.resize(self.pairs.len() * 2, 0);
        self.last.iter_mut().for_each(|v| *v = 0);
        for &(b, w) in &self.pairs {
            for (x, y) in [(b, w), (w, b)] {
                let at = self.chain_adj_start[x as usize] as usize + self.last[x as usize] as usize;
                self.chain_adj[at] = y;
                self.last[x as usize] += 1;
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

    /// Chains touching region `r`.
    #[inline]
    pub fn chains_of_region(&self, r: usize) -> &[u16] {
        &self.region_chains
            [self.region_chain_start[r] as usize..self.region_chain_start[r + 1] as usize]
    }

    /// Chains of the other colour touching chain `ch`.
    #[inline]
    pub fn enemies_of_chain(&self, ch: usize) -> &[u16] {
        &self.chain_adj[self.chain_adj_start[ch] as usize..self.chain_adj_start[ch + 1] as usize]
    }
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
