//! Steps 0–3 of the estimator: snapbacks, the enclosures of each colour with their eye
//! values, groups joined through links and proven eyes, the life they prove (`pess`), and
//! the potential (`opt`) they could still reach, rim eyes included.

use super::*;

impl DeadEstimator {
    /// Chains of two stones or more in atari whose one liberty touches nothing but the
    /// chain itself, the edge and single enemy stones in atari on that same liberty: the
    /// enemy captures them there, and capturing a single stone first is a snapback (the
    /// capturing chain is left with the captured stone's point as its one liberty). They are
    /// dead, unless they can capture some other enemy chain in atari to escape.
    ///
    /// **choice**, Tygem counted games: 9 exact results gained and none lost (90.56% →
    /// 90.59%, same winner 98.05% → 98.08%, 3 more resigned games named right); reading
    /// "playing the liberty is suicide, so the chain is dead" more widely gained 16 and lost 38.
    pub(super) fn mark_snapbacks(&mut self, g: &Geom, cells: &[u8], st: &Structure) {
        for y in 0..st.chains.len() {
            let cy = &st.chains[y];
            if cy.libs != 1 || cy.size < 2 {
                continue;
            }
            let Some(lib) = first_liberty(g, st, y) else {
                continue;
            };
            let mut single = false;
            let mut clean = true;
            for n in g.adj(lib) {
                match cells[n] {
                    WALL => {}
                    v if v == cy.color => clean &= st.chain_id[n] as usize == y,
                    EMPTY => clean = false,
                    _ => {
                        let x = &st.chains[st.chain_id[n] as usize];
                        if x.size == 1 && x.libs == 1 {
                            single = true;
                        } else {
                            clean = false;
                        }
                    }
                }
            }
            // no other enemy chain in atari beside it to capture instead
            let escape = st.enemies_of_chain(y).iter().any(|&x| {
                st.chains[x as usize].libs == 1
                    && !g.adj(lib).contains(&(st.stones(x as usize)[0] as usize))
            });
            if single && clean && !escape {
                self.status[y] = DEAD;
            }
        }
    }

    /// Enclosures of both colours with their bounding and enclosed chains, from the
    /// region–chain graph: a `c`-enclosure is a connected set of regions and enemy chains.
    pub(super) fn build_enclosures(&mut self, g: &Geom, st: &Structure) {
        let nch = st.chains.len();
        let nr = st.regions.len();
        let nodes = nr + nch;
        self.encls.clear();
        self.bound.clear();
        self.cont.clear();
        self.container.clear();
        self.container.resize(nch, NONE);
        for c in [BLACK, WHITE] {
            let o = opp(c);
            self.uf.clear();
            self.uf.extend(0..nodes as u16);
            for r in 0..nr {
                let mut root = find(&mut self.uf, r);
                for &ch in st.chains_of_region(r) {
                    if st.chains[ch as usize].color == o {
                        root = union_root(&mut self.uf, root, nr + ch as usize);
                    }
                }
            }
            // from here on `uf[node]` is the root of `node`
            flatten(&mut self.uf);
            // number the components: regions first, then enemy chains without liberties
            self.node_encl.clear();
            self.node_encl.resize(nodes, NONE);
            let first = self.encls.len();
            for node in 0..nodes {
                if node >= nr && st.chains[node - nr].color != o {
                    continue;
                }
                let root = self.uf[node] as usize;
                if self.node_encl[root] == NONE {
                    self.node_encl[root] = self.encls.len() as u16;
                    self.encls.push(Encl {
                        color: c,
                        point: NONE,
                        board: (g.w * g.h) as u16,
                        ..Encl::default()
                    });
                }
                let e = self.node_encl[root] as usize;
                self.node_encl[node] = e as u16;
                if node < nr {
                    let info = st.regions[node];
                    self.encls[e].size += info.size;
                    self.encls[e].empties += info.size;
                    self.encls[e].point = if self.encls[e].point == NONE {
                        node as u16 // first region, for shapes and one-point eyes
                    } else {
                        NONE - 1 // several regions
                    };
                } else {
                    self.encls[e].size += st.chains[node - nr].size;
                    self.encls[e].cont_len += 1;
                }
            }
            let re = &mut self.region_encl[(c - 1) as usize];
            re.clear();
            re.extend_from_slice(&self.node_encl[..nr]);
            // lay out enclosed chains, then bounding chains, per enclosure
            let mut at = self.cont.len() as u32;
            for e in &mut self.encls[first..] {
                e.cont_start = at;
                at += e.cont_len as u32;
                e.cont_len = 0;
            }
            self.cont.resize(at as usize, 0);
            for ch in 0..nch {
                if st.chains[ch].color != o {
                    continue;
                }
                let e = self.node_encl[nr + ch] as usize;
                let k = self.encls[e].cont_start as usize + self.encls[e].cont_len as usize;
                self.cont[k] = ch as u16;
                self.encls[e].cont_len += 1;
                self.container[ch] = e as u16;
            }
            // regions per enclosure (counting sort), then walls: our chains touching its
            // regions or its enemy chains, deduplicated with a per-enclosure stamp
            let ne = self.encls.len() - first;
            self.reg_start.clear();
            self.reg_start.resize(ne + 1, 0);
            for r in 0..nr {
                self.reg_start[self.node_encl[r] as usize - first + 1] += 1;
            }
            for k in 0..ne {
                self.reg_start[k + 1] += self.reg_start[k];
            }
            self.reg_list.clear();
            self.reg_list.resize(nr, 0);
            self.reg_fill.clear();
            self.reg_fill.extend_from_slice(&self.reg_start[..ne]);
            for r in 0..nr {
                let e = self.node_encl[r] as usize - first;
                self.reg_list[self.reg_fill[e] as usize] = r as u16;
                self.reg_fill[e] += 1;
            }
            self.wall_mark.clear();
            self.wall_mark.resize(nch, u32::MAX);
            for e in first..self.encls.len() {
                let start = self.bound.len() as u32;
                let stamp = e as u32;
                let cont = self.encls[e].conts();
                for k in cont {
                    for &y in st.enemies_of_chain(self.cont[k] as usize) {
                        if self.wall_mark[y as usize] != stamp {
                            self.wall_mark[y as usize] = stamp;
                            self.bound.push(y);
                        }
                    }
                }
                let regs =
                    self.reg_start[e - first] as usize..self.reg_start[e - first + 1] as usize;
                for k in regs {
                    for &ch in st.chains_of_region(self.reg_list[k] as usize) {
                        if st.chains[ch as usize].color == c && self.wall_mark[ch as usize] != stamp
                        {
                            self.wall_mark[ch as usize] = stamp;
                            self.bound.push(ch);
                        }
                    }
                }
                self.encls[e].bound_start = start;
                self.encls[e].bound_len = (self.bound.len() as u32 - start) as u16;
            }
            for e in first..self.encls.len() {
                // one enemy stone in atari inside (see [`ONE_STONE_EMPTIES`])
                let lone = self.encls[e].cont_len == 1 && {
                    let x = &st.chains[self.cont[self.encls[e].cont_start as usize] as usize];
                    x.size == 1 && x.libs == 1
                };
                // several enemy stones, each alone and in atari (see [`ATARI_SINGLES`])
                let singles = {
                    let enc = &self.encls[e];
                    enc.cont_len >= ATARI_SINGLES
                        && enc.empties >= ATARI_SINGLES
                        && enc.conts().all(|k| {
                            let x = &st.chains[self.cont[k] as usize];
                            x.size == 1 && x.libs == 1
                        })
                };
                // a wall in atari inside a space holding enemy stones (see [`ATARI_WALL_STONES`])
                let broken = self.encls[e].cont_len > 0
                    && self.wall_in_atari_inside(g, st, e, ATARI_WALL_STONES);
                // several enemy chains none of which is in atari (see [`UNSETTLED_CONTENTS`])
                let unsettled = {
                    let enc = &self.encls[e];
                    enc.cont_len >= UNSETTLED_CONTENTS
                        && (enc.empties as usize) < TWO_EYE_EMPTIES
                        && enc
                            .conts()
                            .all(|k| st.chains[self.cont[k] as usize].libs >= 2)
                };
                let enc = &mut self.encls[e];
                let single = enc.point != NONE && enc.point != NONE - 1;
                enc.value = if single && enc.cont_len == 0 {
                    // what is left of the space once the walls short of liberties have lost
                    // their points in it, one after the other
                    self.shape.clear();
                    self.shape.extend_from_slice(st.points(enc.point as usize));
                    while let Some(lib) = atari_wall_liberty(g, st, &self.shape, c)
                        .or_else(|| short_wall_liberty(g, st, &self.shape, c))
                    {
                        self.shape.retain(|&p| p as usize != lib);
                    }
                    let n = self.shape.len();
                    if n == 0 {
                        0
                    } else {
                        eye_value(g, n, n, &self.shape, false)
                    }
                } else if singles {
                    2
                } else {
                    eye_value(g, enc.size as usize, enc.empties as usize, &[], lone)
                };
                if broken {
                    enc.value = enc.value.min(1);
                }
                if unsettled {
                    enc.value = 0;
                }
                // keep the one point of a one-point eye; for one empty point beside one enemy
                // stone in atari, the stone's point: the eye left once it is captured
                enc.point = if single && enc.size == 1 {
                    st.points(enc.point as usize)[0]
                } else if lone && enc.size == 2 && enc.empties == 1 {
                    st.stones(self.cont[enc.cont_start as usize] as usize)[0]
                } else {
                    NONE
                };
                enc.state = OPEN;
            }
        }
    }

    /// Static connections: chains whose shared liberties weigh [`LINK_WEIGHT`] or more,
    /// joined once into `link_parent` (the union-find every round of
    /// [`DeadEstimator::propagate_life`] starts from).
    pub(super) fn build_links(&mut self, st: &Structure) {
        self.links.clear();
        self.links.extend_from_slice(&st.shared);
        if LINK_WEIGHT > 1 {
            self.weigh_links();
        }
        self.link_parent.clear();
        self.link_parent.extend(0..st.chains.len() as u16);
        for &(a, b) in &self.links {
            union(&mut self.link_parent, a as usize, b as usize);
        }
    }

    /// Keeps the pairs listed [`LINK_WEIGHT`] times or more, once each.
    pub(super) fn weigh_links(&mut self) {
        self.links.sort_unstable();
        let mut out = 0;
        let mut k = 0;
        while k < self.links.len() {
            let mut j = k;
            while j < self.links.len() && self.links[j] == self.links[k] {
                j += 1;
            }
            if j - k >= LINK_WEIGHT {
                self.links[out] = self.links[k];
                out += 1;
            }
            k = j;
        }
        self.links.truncate(out);
    }

    /// Phase A, to a fixpoint: group chains through links and eye spaces (enclosures whose
    /// enclosed stones are all dead), value each group's proven eyes (`pess`), and mark groups
    /// worth two eyes alive.
    ///
    /// Every chain bounding an eye space joins the group, a chain in atari too (**choice**,
    /// stop 53, Tygem seed 0 against 21,548 exact, 88 wrong winners, 79.88% of resigned games
    /// named: leaving out of the union the walls in atari, 21,537 / 97 / 79.93% and 1,236
    /// games changed; only those whose liberty lies outside the eye space, which the enemy
    /// may capture before the eye is made, 21,547 / 90 / 79.90%, 678 changed, and over seeds
    /// 0–4 (`benches/seed_spread.py --against`) exact −1.0, wrong winners +1.8 (worse under
    /// all five), resigned games named +0.04 points (better under all five). Tygem
    /// 2006-04/95905953 was the case: White's O1, in atari at N1, joined White's corner
    /// through the eye at P1, which made the chains it links alive and Black's bottom group
    /// dead, W+64.5 where the record has B+18.5; either variant counts W+4.5.)
    pub(super) fn propagate_life(&mut self, g: &Geom, cells: &[u8], st: &Structure) {
        let nch = st.chains.len();
        loop {
            self.parent.clone_from(&self.link_parent);
            for ei in 0..self.encls.len() {
                let e = self.encls[ei];
                let cont = &self.cont[e.conts()];
                let mut state = EYE;
                let mut undecided = 0usize;
                for &ch in cont {
                    match self.status[ch as usize] {
                        // a chain left alive (in seki) is no eye of its walls
                        ALIVE | SETTLED => {
                            state = NOT_EYE;
                            break;
                        }
                        UNKNOWN => {
                            state = OPEN;
                            undecided += st.chains[ch as usize].size as usize;
                        }
                        _ => {}
                    }
                }
                self.encls[ei].state = state;
                self.encls[ei].undecided = undecided.min(u16::MAX as usize) as u16;
                if state == EYE && e.bound_len >= 2 {
                    let b = &self.bound[e.bounds()];
                    for w in b.windows(2) {
                        union(&mut self.parent, w[0] as usize, w[1] as usize);
                    }
                }
            }
            self.gsize.clear();
            self.gsize.resize(nch, 0);
            // from here on `parent[ch]` is the root of `ch` (and `find` a single step)
            flatten(&mut self.parent);
            for ch in 0..nch {
                let r = self.parent[ch] as usize;
                self.gsize[r] += st.chains[ch].size as u32;
            }
            self.pess.clear();
            self.pess.resize(nch, 0);
            for ei in 0..self.encls.len() {
                let e = self.encls[ei];
                if e.state != EYE || e.bound_len == 0 {
                    continue;
                }
                let mut v = e.value;
                if e.point != NONE
                    && (is_false_eye(g, cells, &self.status, st, e.point as usize, e.color)
                        || false_in_one_move(g, cells, &self.status, st, e.point as usize, e.color))
                {
                    v = 0;
                }
                let r = self.parent[self.bound[e.bound_start as usize] as usize] as usize;
                self.pess[r] += v as u16;
            }
            let mut changed = false;
            for ch in 0..nch {
                if self.status[ch] == UNKNOWN {
                    let r = self.parent[ch] as usize;
                    if self.pess[r] >= 2 {
                        self.status[ch] = ALIVE;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// Each group's potential (`opt`): its proven eyes plus every open enclosure on its
    /// border that it could make an eye by capturing what is inside, unless that means
    /// capturing more stones than the group has. Measured and left out (seed 0): one more
    /// eye for each enemy chain of one or two stones in atari whose every other neighbour is
    /// the group's (its capture leaves an eye) where its enclosure gave the group nothing,
    /// the space leaking into the enemy's territory through the chain (Tygem 118481105):
    /// −3 exact, the same wrong winners, resigned games +0.34 points.
    pub(super) fn potential(&mut self, g: &Geom, cells: &[u8], st: &Structure) {
        let nch = st.chains.len();
        self.opt.clear();
        self.opt.extend_from_slice(&self.pess);
        // one-point eyes that are false only because of enemy stones that may yet die
        for ei in 0..self.encls.len() {
            let e = self.encls[ei];
            if e.state != EYE || e.bound_len == 0 || e.point == NONE {
                continue;
            }
            let p = e.point as usize;
            if (is_false_eye(g, cells, &self.status, st, p, e.color)
                && !is_false_eye_if_alive_only(g, cells, &self.status, st, p, e.color))
                || false_in_one_move(g, cells, &self.status, st, p, e.color)
            {
                let r = find(
                    &mut self.parent,
                    self.bound[e.bound_start as usize] as usize,
                );
                self.opt[r] += e.value as u16;
            }
        }
        for ei in 0..self.encls.len() {
            let e = self.encls[ei];
            if e.state != OPEN || e.bound_len == 0 {
                continue;
            }
            // capturing a stone in atari beside one empty point leaves a one-point eye,
            // worth nothing if live enemy stones already make it false
            let value = if e.point != NONE
                && is_false_eye_if_alive_only(g, cells, &self.status, st, e.point as usize, e.color)
            {
                0
            } else {
                e.value
            };
            self.chain_seen.clear(nch.max(1));
            for bi in e.bounds() {
                let r = find(&mut self.parent, self.bound[bi] as usize);
                if self.chain_seen.insert(r) && could_capture(e.undecided, self.gsize[r]) {
                    self.opt[r] += value as u16;
                }
            }
        }
        // an eye space with a few enemy stones on its rim (see [`DeadEstimator::mark_rim_eyes`])
        for reg in 0..self.rim_eye.len() {
            let c = self.rim_eye[reg];
            if c == 0 {
                continue;
            }
            for &ch in st.chains_of_region(reg) {
                let ch = ch as usize;
                if st.chains[ch].color == c && self.status[ch] == UNKNOWN {
                    let r = find(&mut self.parent, ch);
                    self.opt[r] = self.opt[r].max(2);
                }
            }
        }
    }

    /// Marks the empty regions that are eye spaces of one colour although enemy stones touch
    /// them: a corner that a group walls but for an enemy chain on its rim, linked to the
    /// enemy's wall outside, is no enclosure of the group (the enemy chain connects it to the
    /// rest of the board), so it gave the group no potential, and the group, eyeless, died
    /// in the enemy's enclosure with its whole territory (Tygem 2006-08/110842702: 22 white
    /// stones and a 25-point corner). A region of colour `c` has [`RIM_EYE_FREE`] points or
    /// more that no enemy stone touches and at most one point in [`RIM_EYE_TOUCH`] that one
    /// does: the enemy stones on its rim cannot stop two eyes there. Such a region gives the
    /// undecided groups of `c` around it the potential of two eyes (see
    /// [`DeadEstimator::potential`]). Enemy chains of at most [`RIM_PRISONER_LIBS`] liberties
    /// or [`RIM_PRISONER_STONES`] stones, all their liberties in the region, are its
    /// prisoners, not its rim: the points they touch count as untouched. A moyo with an
    /// invasion inside is no such region for the invader, whose enemy touches most of it, and
    /// a space both colours qualify for (an open area) is neither's.
    pub(super) fn mark_rim_eyes(&mut self, g: &Geom, cells: &[u8], st: &Structure) {
        self.rim_eye.resize(st.regions.len(), 0);
        self.rim_libs.clear();
        self.rim_libs.resize(st.chains.len(), 0);
        for r in 0..st.regions.len() {
            let info = st.regions[r];
            if info.borders != BLACK | WHITE || (info.size as usize) < RIM_EYE_FREE {
                continue;
            }
            let pts = st.points(r);
            // liberties each chain beside the region has in it
            for &ch in st.chains_of_region(r) {
                self.rim_libs[ch as usize] = 0;
            }
            for &p in pts {
                let adj = g.adj(p as usize);
                for (k, &n) in adj.iter().enumerate() {
                    let ch = st.chain_id[n];
                    if ch != NONE && !adj[..k].iter().any(|&m| st.chain_id[m] == ch) {
                        self.rim_libs[ch as usize] += 1;
                    }
                }
            }
            for c in [BLACK, WHITE] {
                let enemy = opp(c);
                let rim_libs = &self.rim_libs;
                let touched = pts
                    .iter()
                    .filter(|&&p| {
                        g.adj(p as usize).iter().any(|&n| {
                            cells[n] == enemy && {
                                let x = st.chain_id[n] as usize;
                                let libs = st.chains[x].libs;
                                let small = libs <= RIM_PRISONER_LIBS
                                    || st.chains[x].size <= RIM_PRISONER_STONES;
                                !(small && rim_libs[x] == libs)
                            }
                        })
                    })
                    .count();
                if pts.len() - touched >= RIM_EYE_FREE && touched * RIM_EYE_TOUCH <= pts.len() {
                    self.rim_eye[r] |= c;
                }
            }
            // a space both colours could call theirs (an open area) is neither's (giving it
            // instead to the colour whose enemy touches fewer of its points, by any factor
            // from 1 to 3, changed no counted Tygem game)
            if self.rim_eye[r] == BLACK | WHITE {
                self.rim_eye[r] = 0;
            }
        }
    }

    /// The enclosure of colour `c` holding the empty point `p`.
    pub(super) fn enclosure_of(&self, c: u8, st: &Structure, p: usize) -> usize {
        self.region_encl[(c - 1) as usize][st.region_id[p] as usize] as usize
    }
}

/// Eye value of an eye space of `size` points of which `empties` are empty (the rest dead
/// enemy stones), with the shape given by `pts`; `lone`: the only enemy stone inside is one
/// stone in atari.
pub(super) fn eye_value(g: &Geom, size: usize, empties: usize, pts: &[u16], lone: bool) -> u8 {
    if empties < size {
        // dead enemy stones inside: only room for six empty points or more makes two eyes
        // (see [`TWO_EYE_EMPTIES`]), or a single enemy stone in atari with three empty points
        // or more beside it (see [`ONE_STONE_EMPTIES`])
        let one_stone = lone && empties >= ONE_STONE_EMPTIES;
        return if empties >= TWO_EYE_EMPTIES || one_stone {
            2
        } else {
            1
        };
    }
    if size >= 7 {
        return 2;
    }
    if size <= 3 {
        return 1;
    }
    // 4..=6 empty points: killable shapes are the square four, the pyramid four, the bulky
    // five and the flower six; they have a point touching all others but one… use neighbour
    // counts: a killable shape has a point adjacent to at least size−2 others of the space.
    // The bent four in the corner is one eye too (**choice**, Tygem counted games: 5 exact
    // results gained and 1 lost, resigned games +34 / −21; the rules make it dead).
    let mut max_deg = 0;
    let mut square = false;
    for &p in pts {
        let p = p as usize;
        let deg = g
            .adj(p)
            .iter()
            .filter(|n| pts.contains(&(**n as u16)))
            .count();
        max_deg = max_deg.max(deg);
        // a 2x2 block inside the space
        let r = p + 1;
        let d = p + g.stride;
        if pts.contains(&(r as u16)) && pts.contains(&(d as u16)) && pts.contains(&(d as u16 + 1)) {
            square = true;
        }
    }
    // the crossed five (a point touching all four others) and the flower six (the crossed
    // five with a point filling one of its corners, hence a 2x2 block) are killable; the
    // crossed five with one arm longer is not: the defender takes the centre, or answers the
    // attacker's centre stone on the long arm and keeps an eye on either side of it
    // (**choice**, Tygem counted games: 1 exact result gained and none lost, resigned games
    // +10 / −3; part of the eye-space change measured at [`ATARI_SINGLES`])
    let killable = match size {
        4 => square || max_deg == 3 || bent_four_in_corner(g, pts),
        5 => square || max_deg == 4,
        6 => max_deg == 4 && square,
        _ => false,
    };
    if killable {
        1
    } else {
        2
    }
}
