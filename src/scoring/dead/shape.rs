//! Liberty and eye-shape helpers the estimator's steps share: false eyes (now and after one
//! move), one-point eyes, bent four in the corner, wall liberties inside and outside an
//! enclosure.

use super::*;

/// Whether the four points `pts` are the bent four in the corner: a corner point and both
/// its neighbours, plus one more point. Dead (the defender cannot make two eyes without a
/// ko the attacker can start at leisure).
pub(super) fn bent_four_in_corner(g: &Geom, pts: &[u16]) -> bool {
    pts.len() == 4
        && pts.iter().any(|&c| {
            let p = g.point(c as usize);
            let corner =
                (p.x == 0 || p.x as usize == g.w - 1) && (p.y == 0 || p.y as usize == g.h - 1);
            corner
                && g.adj(c as usize)
                    .iter()
                    .filter(|&&n| pts.contains(&(n as u16)))
                    .count()
                    == 2
        })
}

/// In an empty eye space `pts` of colour `c` no bigger than a killable shape, the point of
/// a wall chain whose only liberty it is: the enemy plays there and captures the wall, so
/// that point is no part of the eye (a one-point eye beside a wall chain in atari is no eye;
/// a straight four on the edge beside one is one eye).
///
/// **choice**, Tygem counted games: 28 exact results gained and 6 lost (91.67% → 91.76%,
/// same winner 98.73% → 98.81%, 22 wrong winners fixed, 3 made; resigned games 67.16% →
/// 67.18%). Counting only wall chains of two stones or more: +7 / −0; also one-stone walls
/// except on a one-point eye (where the capture is a ko): +13 / −0; that ko eye kept as
/// potential (an eye for the playouts to judge): +13 / −6. So the ko eye counts as no eye:
/// the records count it so more often than not.
pub(super) fn atari_wall_liberty(g: &Geom, st: &Structure, pts: &[u16], c: u8) -> Option<usize> {
    // eight points or more are two eyes whichever point is lost
    if pts.len() > 7 {
        return None;
    }
    wall_point(g, st, pts, c, |_, _, libs| libs == 1)
}

/// The first point of `pts` beside a wall chain of colour `c` that `is_short` picks (given the
/// chain, the point and the chain's liberties).
pub(super) fn wall_point(
    g: &Geom,
    st: &Structure,
    pts: &[u16],
    c: u8,
    is_short: impl Fn(usize, usize, u16) -> bool,
) -> Option<usize> {
    pts.iter().map(|&p| p as usize).find(|&p| {
        g.adj(p).iter().any(|&n| {
            let ch = st.chain_id[n];
            ch != NONE && {
                let info = &st.chains[ch as usize];
                info.color == c && is_short(ch as usize, p, info.libs)
            }
        })
    })
}

/// In an empty eye space `pts` of colour `c` (two to seven points), the point of a wall chain
/// with two liberties, that point and one outside the space: the enemy fills the outside one,
/// and the wall must connect inside (or be captured there), so that point is no part of the
/// eye. A crossed five whose arm is such a point is a pyramid four; a bent four losing its
/// end is three points, one eye.
///
/// **choice**, Tygem counted games, on top of [`atari_wall_liberty`] and applied again to
/// what is left until no point is lost: 7 exact results gained and 1 lost (a single stone
/// the defender can give up instead of connecting), resigned games +108 / −90; losing only
/// one point: +5 / −1; only when an enemy stone touches the outside liberty (one point
/// lost): +3 / −0; only for walls of two stones or more: +2 / −0; with that enemy stone and
/// one point lost, also for one-point eyes: 39 gained and 825 lost (the records count such
/// eyes). Measured with the rest of the eye-space change at [`ATARI_SINGLES`].
pub(super) fn short_wall_liberty(g: &Geom, st: &Structure, pts: &[u16], c: u8) -> Option<usize> {
    if !(2..=7).contains(&pts.len()) {
        return None;
    }
    wall_point(g, st, pts, c, |ch, p, libs| {
        libs == 2 && other_liberty_outside(g, st, ch, p, pts)
    })
}

/// Whether chain `ch`, which has liberty `p` in the space `pts`, has its other liberty outside
/// the space.
pub(super) fn other_liberty_outside(
    g: &Geom,
    st: &Structure,
    ch: usize,
    p: usize,
    pts: &[u16],
) -> bool {
    let mut outside = false;
    for &s in st.stones(ch) {
        for m in g.adj(s as usize) {
            if m == p || st.region_id[m] == NONE {
                continue;
            }
            if pts.contains(&(m as u16)) {
                return false;
            }
            outside = true;
        }
    }
    outside
}

/// The first liberty of chain `ch` (its only one when it is in atari).
pub(super) fn first_liberty(g: &Geom, st: &Structure, ch: usize) -> Option<usize> {
    st.stones(ch).iter().find_map(|&s| {
        g.adj(s as usize)
            .into_iter()
            .find(|&n| st.region_id[n] != NONE)
    })
}

/// Whether chains `x` and `y` have a common liberty.
pub(super) fn shares_liberty(g: &Geom, cells: &[u8], st: &Structure, x: usize, y: usize) -> bool {
    st.stones(x).iter().any(|&s| {
        g.adj(s as usize)
            .iter()
            .any(|&l| cells[l] == EMPTY && g.adj(l).iter().any(|&m| st.chain_id[m] as usize == y))
    })
}

/// A one-point eye of colour `c` at `p` that is not false yet but that the enemy makes false
/// with one move: an empty diagonal point beside an enemy stone not known dead (the enemy
/// plays there, connected) and, in the middle of the board, another diagonal holding such a
/// stone already; on the edge that one move is enough. It proves nothing: the group counts
/// it as potential only.
///
/// The edge case (**choice**, Tygem counted games over seeds 0–4, `benches/seed_spread.py`):
/// exact 21,425.8 → 21,427.0 and wrong winners 199.4 → 198.2, better under all five seeds
/// (Tygem 116901696: W+21.5 → B+14.5, the record's count); KGS and Fox unchanged under
/// every seed; it changes about 170 resigned games' estimates, the share named unchanged
/// (74.76%).
///
/// **choice**, Tygem counted games: 21,383 → 21,393 exact (14 gained, 4 lost, every change a
/// whole group), wrong winners 228 → 221, resigned games named 71.87% → 72.14%; corpus/dev's
/// counted games unchanged (its resigned games +12). Aimed at the groups GNU Go calls dead
/// that we had proven alive (the main error in 62 of the 101 wrong-winner games where it
/// names stones we left alive), e.g. Tygem 88971382. Variants: any empty diagonal the
/// enemy may play (a neighbour not ours), 21,389 / 223 with 20 gained and 14 lost; that and
/// also edge eyes with no enemy diagonal yet, 21,384 / 223; asking the enemy stones to be
/// proven alive, only 2 gained (few are, when life first propagates).
pub(super) fn false_in_one_move(
    g: &Geom,
    cells: &[u8],
    status: &[u8],
    st: &Structure,
    p: usize,
    c: u8,
) -> bool {
    let o = opp(c);
    let enemy_at = |q: usize| cells[q] == o && status[st.chain_id[q] as usize] != DEAD;
    let mut enemy = 0;
    let mut takeable = false;
    let mut edge = false;
    for d in g.diag(p) {
        let v = cells[d];
        if v == WALL {
            edge = true;
        } else if enemy_at(d) {
            enemy += 1;
        } else if v == EMPTY && g.adj(d).iter().any(|&n| enemy_at(n)) {
            takeable = true;
        }
    }
    takeable && enemy == usize::from(!edge)
}

/// Like [`is_false_eye`], counting only enemy stones already known to live.
pub(super) fn is_false_eye_if_alive_only(
    g: &Geom,
    cells: &[u8],
    status: &[u8],
    st: &Structure,
    p: usize,
    c: u8,
) -> bool {
    false_eye_counting(g, cells, st, p, c, |chain| status[chain] == ALIVE)
}

/// A one-point eye of colour `c` at `p` is false when enough diagonal points hold live enemy
/// stones: two in the middle of the board, one on the edge.
pub(super) fn is_false_eye(
    g: &Geom,
    cells: &[u8],
    status: &[u8],
    st: &Structure,
    p: usize,
    c: u8,
) -> bool {
    false_eye_counting(g, cells, st, p, c, |chain| status[chain] != DEAD)
}

/// The false-eye test, with `counts(chain)` deciding which diagonal enemy chains count.
pub(super) fn false_eye_counting(
    g: &Geom,
    cells: &[u8],
    st: &Structure,
    p: usize,
    c: u8,
    counts: impl Fn(usize) -> bool,
) -> bool {
    let o = opp(c);
    let mut enemy = 0;
    let mut wall = false;
    for d in g.diag(p) {
        let v = cells[d];
        if v == WALL {
            wall = true;
        } else if v == o && counts(st.chain_id[d] as usize) {
            enemy += 1;
        }
    }
    if wall {
        enemy >= 1
    } else {
        enemy >= 2
    }
}

/// Appends to `out` the liberties of chain `ch` (padded indices) not in it yet.
pub(super) fn push_liberties(
    g: &Geom,
    cells: &[u8],
    st: &Structure,
    ch: usize,
    out: &mut Vec<usize>,
) {
    for &s in st.stones(ch) {
        for n in g.adj(s as usize) {
            if cells[n] == EMPTY && !out.contains(&n) {
                out.push(n);
            }
        }
    }
}

/// Liberties of the chains `xs` (one colour, padded indices, each once) into `out`; returns
/// how many of them are one-point eyes of those chains ([`one_point_eye_of`]).
pub(super) fn libs_and_eyes(
    g: &Geom,
    cells: &[u8],
    st: &Structure,
    xs: &[u16],
    out: &mut Vec<usize>,
) -> usize {
    out.clear();
    for &x in xs {
        push_liberties(g, cells, st, x as usize, out);
    }
    out.iter()
        .filter(|&&p| one_point_eye_of(g, cells, st, xs, p))
        .count()
}

/// Whether `p` is a one-point eye of the chains `xs` (one colour): every neighbour a stone
/// of `xs` or the edge, and not false by its diagonals ([`false_eye_counting`], every enemy
/// stone counted).
pub(super) fn one_point_eye_of(
    g: &Geom,
    cells: &[u8],
    st: &Structure,
    xs: &[u16],
    p: usize,
) -> bool {
    let c = st.chains[xs[0] as usize].color;
    g.adj(p)
        .iter()
        .all(|&n| cells[n] == WALL || xs.contains(&st.chain_id[n]))
        && !false_eye_counting(g, cells, st, p, c, |_| true)
}
