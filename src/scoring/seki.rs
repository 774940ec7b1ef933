//! Seki: live stones that share liberties with the opponent and cannot fill them.
//!
//! Method (dame filling, after KataGo's observation that seki is easy to see once the dame
//! are filled): take the dead stones off, then fill every neutral point (an empty point of a
//! region touching both colours) that one side can fill *safely*: the filling chain keeps two
//! liberties, not all of them in one small eye of its own in a counted game (see
//! [`SekiFinder::fill_keeps_room`]), and the move captures nothing. Points no side can fill
//! safely are seki candidates. A candidate is a seki liberty only if every chain beside it
//! is short of eyes (**choice**: at most one eye region, of fewer than seven points);
//! otherwise one side has eyes to spare and the point is a dame that needs *teire*, not a
//! seki. Nor is it one when a chain beside it also borders a neutral region of more than
//! [`SEKI_REGION_MAX`] points: that chain can still move out (a fight of an unfinished game,
//! not a seki). Chains touching a seki liberty are seki chains; so are the groups that share
//! a small eye with them and have no second eye of their own ([`SEKI_SHARED_EYE_MAX`]). The
//! one-colour regions of seki chains are seki eyes (see `count`).

use super::analysis::{Marker, Structure, NONE};
use super::dead::LIFE_ALIVE;
use super::fastboard::FastBoard;
use super::geom::{opp, Geom, BLACK, EMPTY, WHITE};

/// The largest neutral region a seki chain may border (**choice**: without the limit, 21,245
/// of the 53,846 uncounted Tygem games showed a seki, 20,341 of them over 30 points: weak
/// groups of an unfinished fight; with 4, 808 and none; with 8, 1,054 and 2. Counted games:
/// no exact result gained or lost, seki over ten points 22 → 3 games; resigned games +103 /
/// −84 named winners; KGS Chinese estimated 51 → 53 exact).
pub(crate) const SEKI_REGION_MAX: u16 = 4;

/// The largest eye through which seki spreads to another chain of the same colour
/// ([`SekiFinder::spread_through_eyes`]): a group that shares an eye with seki stones and has
/// at most one small eye of its own besides lives by the seki, not by two eyes of its own, and
/// its eye scores nothing under territory counting. Fox 9d, corpus/dev
/// `featurecat_go-dataset/9d/9d2/9k/1534992301022405177.sgf`: a lone black stone in seki in
/// the corner shares its eye with a black group whose other eye is one point, and the
/// record, `W+3.5`, scores neither eye (W+2.5 when the group's own eye counted). The group
/// is the chains joined through that other eye (KGS 2002-01-12-8, `W+2.50`, a seki in the
/// centre).
///
/// **Choice**, counted games exact under seed 0, stop 47 → this: Fox 361 → 363, KGS
/// Japanese without markup 1,482 → 1,486, KGS with markup 895 → 895 (spreading into every
/// chain beside the eye lost one: a group with eyes elsewhere, through another chain), Tygem
/// 21,559 → 21,548: the 25 records that leave `exact` all score the seki eyes, as most Tygem
/// records with a seki eye do (the seki-eye convention of README's "Rules and choices";
/// Korean counting scores nothing for them), 14 join it. Games no convention explains
/// (`queries/record_disagreement_causes.sql`) fall everywhere: Fox 126 → 124, KGS 80 → 76,
/// Tygem 770 → 759. Spreading to one chain with an eye of its own alone, not to the group:
/// KGS 1,485, Tygem 21,547 and 764 unexplained. One point gives the same counted results as
/// two; six changed one more resigned game.
pub(crate) const SEKI_SHARED_EYE_MAX: u16 = 2;

/// Scratch state of the seki finder.
#[derive(Clone, Debug)]
pub(crate) struct SekiFinder {
    fb: FastBoard,
    live: Vec<u8>,
    /// Empty region of each empty point of `live` ([`NONE`] elsewhere), and each region's
    /// border colours and size.
    region: Vec<u16>,
    regions: Vec<(u8, u16)>,
    neutral: Vec<u16>,
    seen: Marker,
    /// Per region: a seki eye of at most [`SEKI_SHARED_EYE_MAX`] points (see
    /// [`SekiFinder::spread_through_eyes`]).
    hot: Vec<bool>,
    /// The regions beside a chain ([`SekiFinder::regions_beside`]).
    beside: Vec<u16>,
}

impl Default for SekiFinder {
    fn default() -> Self {
        SekiFinder {
            fb: FastBoard::new(Geom::new(1, 1)),
            live: Vec::new(),
            region: Vec::new(),
            regions: Vec::new(),
            neutral: Vec::new(),
            seen: Marker::default(),
            hot: Vec::new(),
            beside: Vec::new(),
        }
    }
}

/// Whether `c` can fill the empty point `i` on `fb` without capturing and keeping at least
/// two liberties.
fn safe_fill(fb: &FastBoard, c: u8, i: usize) -> bool {
    let g = fb.geom();
    let mut touches = false;
    for n in g.adj(i) {
        let v = fb.cells()[n];
        if v == c {
            touches = true;
        } else if v == opp(c) && fb.in_atari(n) {
            return false; // would capture: not a plain fill
        }
    }
    touches && fb.is_legal(c, i) && fb.self_atari_size(c, i) == 0
}

impl SekiFinder {
    /// Find seki among the live stones of `cells` (those not flagged `dead`; `st` is the
    /// structure of `cells`, whose chains are the live chains too); stones flagged `alive`
    /// (groups with two eyes) are never in seki. `counted`: the record says the game was
    /// counted, or its territory markup counts it (see [`SekiFinder::fill_keeps_room`]). Flags the stones of seki chains in `seki`
    /// (padded indexing) and returns the number of shared seki liberties.
    #[allow(clippy::too_many_arguments)]
    pub fn find(
        &mut self,
        g: &Geom,
        cells: &[u8],
        st: &Structure,
        dead: &[bool],
        alive: &[u8],
        seki: &mut [bool],
        counted: bool,
    ) -> u32 {
        self.live.clear();
        self.live.extend(
            cells
                .iter()
                .zip(dead)
                .map(|(&c, &d)| if d { EMPTY } else { c }),
        );
        self.find_regions(g);
        // a seki liberty borders its own neutral region, which must then be small (see
        // `short_of_eyes_and_room`): without a small one there is nothing to fill for
        if !self.may_hold_seki(g, st, alive) {
            return 0;
        }
        self.fb.load(*g, &self.live);
        // fill safely until nothing changes
        loop {
            let mut changed = false;
            for k in 0..self.neutral.len() {
                let i = self.neutral[k] as usize;
                if self.fb.cells()[i] != EMPTY {
                    continue;
                }
                for c in [BLACK, WHITE] {
                    if safe_fill(&self.fb, c, i) && (!counted || self.fill_keeps_room(c, i)) {
                        self.fb.play(c, i);
                        changed = true;
                        break;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let mut shared = 0;
        for k in 0..self.neutral.len() {
            let i = self.neutral[k] as usize;
            if self.fb.cells()[i] != EMPTY {
                continue;
            }
            // a candidate; every chain beside it (in the unfilled position) must be short of eyes
            // and of room
            if !self.between_unproven_chains(g, st, alive, i) {
                continue;
            }
            shared += 1;
            for n in g.adj(i) {
                let v = self.live[n];
                if v == BLACK || v == WHITE {
                    let ch = st.chain_id[n] as usize;
                    for &s in st.stones(ch) {
                        seki[s as usize] = true;
                    }
                }
            }
        }
        if shared > 0 {
            self.spread_through_eyes(g, st, seki);
        }
        shared
    }

    /// Chains that share an eye of at most [`SEKI_SHARED_EYE_MAX`] points with seki chains
    /// are seki chains too, with the chains they make a group with through their other eye,
    /// when that group has one small eye at most besides
    /// ([`SekiFinder::group_short_of_eyes`]); until nothing changes. Their eyes are then seki
    /// eyes, which territory counting does not score (see [`SEKI_SHARED_EYE_MAX`]).
    fn spread_through_eyes(&mut self, g: &Geom, st: &Structure, seki: &mut [bool]) {
        let mut hot = std::mem::take(&mut self.hot);
        hot.clear();
        hot.resize(self.regions.len(), false);
        loop {
            hot.iter_mut().for_each(|h| *h = false);
            for i in g.points() {
                if self.live[i] != EMPTY {
                    continue;
                }
                let r = self.region[i] as usize;
                let (borders, size) = self.regions[r];
                if (borders == BLACK || borders == WHITE)
                    && size <= SEKI_SHARED_EYE_MAX
                    && g.adj(i).iter().any(|&n| self.live[n] == borders && seki[n])
                {
                    hot[r] = true;
                }
            }
            let mut changed = false;
            for i in g.points() {
                if self.live[i] != EMPTY || !hot[self.region[i] as usize] {
                    continue;
                }
                for n in g.adj(i) {
                    let v = self.live[n];
                    if (v == BLACK || v == WHITE) && !seki[n] {
                        if let Some(group) = self.group_short_of_eyes(g, st, n, &hot) {
                            for ch in group {
                                for &s in st.stones(ch) {
                                    seki[s as usize] = true;
                                }
                            }
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        self.hot = hot;
    }

    /// Whether some neutral point could turn out a seki liberty, judged before any filling:
    /// a seki liberty lies in a neutral region of at most [`SEKI_REGION_MAX`] points (every
    /// chain beside it borders that region) and every chain beside it is unproven and short
    /// of eyes and room ([`SekiFinder::short_of_eyes_and_room`] looks at the unfilled
    /// position only). Without such a point the filling cannot find a seki, so it is skipped:
    /// most final positions have none (living groups beside the dame, or open fights).
    fn may_hold_seki(&mut self, g: &Geom, st: &Structure, alive: &[u8]) -> bool {
        for k in 0..self.neutral.len() {
            let i = self.neutral[k] as usize;
            if self.regions[self.region[i] as usize].1 <= SEKI_REGION_MAX
                && self.between_unproven_chains(g, st, alive, i)
            {
                return true;
            }
        }
        false
    }

    /// Whether the empty point `i` touches both colours, and every chain beside it is
    /// unproven and short of eyes and room (in the unfilled position).
    fn between_unproven_chains(
        &mut self,
        g: &Geom,
        st: &Structure,
        alive: &[u8],
        i: usize,
    ) -> bool {
        let mut colours = 0u8;
        for n in g.adj(i) {
            let v = self.live[n];
            if v == BLACK || v == WHITE {
                colours |= v;
                if alive[n] == LIFE_ALIVE || !self.short_of_eyes_and_room(g, st, n) {
                    return false;
                }
            }
        }
        colours == BLACK | WHITE
    }

    /// Whether the chain at `i` has at most one eye region (one-colour empty region), of
    /// fewer than seven points, and borders no neutral region of more than
    /// [`SEKI_REGION_MAX`] points.
    fn short_of_eyes_and_room(&mut self, g: &Geom, st: &Structure, i: usize) -> bool {
        let c = self.live[i];
        let ch = st.chain_id[i] as usize;
        let mut eyes = 0;
        let mut eye_points = 0;
        self.seen.clear(g.size);
        self.regions_beside(g, st, ch);
        for k in 0..self.beside.len() {
            let r = self.beside[k] as usize;
            let (borders, size) = self.regions[r];
            if borders == c && self.seen.insert(r) {
                eyes += 1;
                eye_points += size as u32;
            }
            if borders == BLACK | WHITE && size > SEKI_REGION_MAX {
                return false;
            }
        }
        eyes <= 1 && eye_points < 7
    }

    /// The empty regions beside the stones of chain `ch`, into `beside` (once per stone and
    /// side: a region may come more than once).
    fn regions_beside(&mut self, g: &Geom, st: &Structure, ch: usize) {
        self.beside.clear();
        for &s in st.stones(ch) {
            for n in g.adj(s as usize) {
                if self.live[n] == EMPTY {
                    self.beside.push(self.region[n]);
                }
            }
        }
    }

    /// The group the seki spreads to from the chain at `i`: the chains of its colour joined
    /// to it through its eye regions other than the seki eyes `hot`, when the whole group has
    /// at most one such eye, of fewer than seven points, and no chain of it borders a
    /// neutral region of more than [`SEKI_REGION_MAX`] points (it could move out). `None`
    /// when the group lives by eyes of its own, or has room.
    fn group_short_of_eyes(
        &mut self,
        g: &Geom,
        st: &Structure,
        i: usize,
        hot: &[bool],
    ) -> Option<Vec<usize>> {
        let c = self.live[i];
        let mut chains = vec![st.chain_id[i] as usize];
        let mut eye = None;
        let mut k = 0;
        while k < chains.len() {
            self.regions_beside(g, st, chains[k]);
            k += 1;
            for j in 0..self.beside.len() {
                let r = self.beside[j] as usize;
                let (borders, size) = self.regions[r];
                if borders == BLACK | WHITE && size > SEKI_REGION_MAX {
                    return None;
                }
                if borders != c || hot[r] || eye == Some(r) {
                    continue;
                }
                if eye.is_some() || size >= 7 {
                    return None;
                }
                eye = Some(r);
                // the chains around that eye are one group with this one
                for p in g.points() {
                    if self.live[p] != EMPTY || self.region[p] as usize != r {
                        continue;
                    }
                    for m in g.adj(p) {
                        let other = st.chain_id[m] as usize;
                        if self.live[m] == c && !chains.contains(&other) {
                            chains.push(other);
                        }
                    }
                }
            }
        }
        Some(chains)
    }

    /// Whether the chain `c` makes by filling `i` keeps room besides one small eye of its
    /// own: a liberty outside its eye regions (one-colour regions of the unfilled position),
    /// or two eye regions, or one of seven points or more. A fill that leaves the chain only
    /// the liberties of one small eye is no safe fill: the enemy throws in and captures
    /// (Tygem 2006-04/96425697: Black filling B18 kept two liberties, both in its two-point
    /// eye D18–D19, and the corner is a seki, as GNU Go reads it). **A trade, stated**, means
    /// over seeds 0–4 against without (`benches/seed_spread.py --against`): Tygem counted
    /// wrong winners 105.6 → 104.2 (better under all five seeds), exact 21,565.2 → 21,540.8
    /// (worse under all five): under seed 0 the 33 games that leave `exact` all hold a seki
    /// eye the record scored, which Korean counting does not (the seki-eye convention of
    /// README's "Rules and choices"), and 8 others become exact. KGS Japanese counts, which
    /// never score seki eyes, in corpus/dev: 1,410.0 → 1,413.4 exact. In counted games only
    /// (`counted` of [`SekiFinder::find`]: the players of a counted game left the position as
    /// it is, so a fill that would cost a chain its eye space is one they did not make): in
    /// every game, resigned ones too, it found a seki of more
    /// than ten points in 14 more Tygem games, groups of an unfinished fight.
    fn fill_keeps_room(&self, c: u8, i: usize) -> bool {
        let g = self.fb.geom();
        let cells = self.fb.cells();
        let mut eye = NONE;
        let mut room = |l: usize| {
            let r = self.region[l];
            let (borders, size) = self.regions[r as usize];
            let other = eye != NONE && eye != r;
            eye = r;
            borders != c || other || size >= 7
        };
        for n in g.adj(i) {
            if cells[n] == EMPTY && room(n) {
                return true;
            }
            if cells[n] == c {
                for s in self.fb.chain_stones(n) {
                    for m in g.adj(s) {
                        if m != i && cells[m] == EMPTY && room(m) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// The empty regions of `live` ([`SekiFinder::region`]) and its neutral points: the
    /// points of the regions touching both colours, region by region in board order, each in
    /// flood order (the order the filling follows).
    fn find_regions(&mut self, g: &Geom) {
        self.region.clear();
        self.region.resize(g.size, NONE);
        self.regions.clear();
        self.neutral.clear();
        for i in g.points() {
            if self.live[i] != EMPTY || self.region[i] != NONE {
                continue;
            }
            let id = self.regions.len() as u16;
            let start = self.neutral.len();
            self.region[i] = id;
            self.neutral.push(i as u16);
            let mut borders = 0u8;
            let mut k = start;
            while k < self.neutral.len() {
                let p = self.neutral[k] as usize;
                k += 1;
                for n in g.adj(p) {
                    let v = self.live[n];
                    if v == EMPTY {
                        if self.region[n] == NONE {
                            self.region[n] = id;
                            self.neutral.push(n as u16);
                        }
                    } else if v == BLACK || v == WHITE {
                        borders |= v;
                    }
                }
            }
            self.regions
                .push((borders, (self.neutral.len() - start) as u16));
            if borders != BLACK | WHITE {
                self.neutral.truncate(start);
            }
        }
    }
}
