//! Board geometry for the scoring analysis: a 1-D array of points padded with wall sentinels
//! (KataGo's layout), so neighbour loops need no bounds checks.
//!
//! A point `(x, y)` lives at index `(y + 1) * stride + x + 1` with `stride = width + 1`: the
//! column left of `x = 0` is a wall and doubles as the column right of the previous row, and
//! the rows above and below the board are walls. Every analysis array (cells, marks, owners)
//! uses this indexing.

use crate::rules::Point;

/// Cell contents in analysis arrays.
pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;
pub(crate) const WALL: u8 = 3;

/// A row mask grown by one step sideways, up and down (the neighbours of `rows[y]`'s points,
/// not the points themselves; bits past the board's width are for the caller to cut).
#[inline]
pub(crate) fn grown(rows: &[u64], y: usize) -> u64 {
    let r = rows[y];
    let above = if y > 0 { rows[y - 1] } else { 0 };
    let below = rows.get(y + 1).copied().unwrap_or(0);
    r << 1 | r >> 1 | above | below
}

/// The other stone colour of a stone cell value (`BLACK` ↔ `WHITE`).
#[inline]
pub(crate) fn opp(cell: u8) -> u8 {
    3 - cell
}

/// Width, height and the padded indexing of one board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Geom {
    pub w: usize,
    pub h: usize,
    pub stride: usize,
    /// Length of every padded array.
    pub size: usize,
}

impl Geom {
    pub fn new(w: usize, h: usize) -> Geom {
        let stride = w + 1;
        Geom {
            w,
            h,
            stride,
            size: (h + 2) * stride + 1,
        }
    }

    /// Number of points on the board.
    #[inline]
    pub fn area(&self) -> usize {
        self.w * self.h
    }

    #[inline]
    pub fn idx(&self, x: usize, y: usize) -> usize {
        (y + 1) * self.stride + x + 1
    }

    /// Where the on-board padded index `p` sits in row bit masks (one `u64` per board row,
    /// bit `x` for column `x`): its row and its bit.
    #[inline]
    pub fn row_bit(&self, p: usize) -> (usize, u64) {
        (p / self.stride - 1, 1 << (p % self.stride - 1))
    }

    #[inline]
    pub fn idx_of(&self, p: Point) -> usize {
        self.idx(p.x as usize, p.y as usize)
    }

    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        (p.x as usize) < self.w && (p.y as usize) < self.h
    }

    #[inline]
    pub fn point(&self, i: usize) -> Point {
        Point::new((i % self.stride - 1) as u8, (i / self.stride - 1) as u8)
    }

    /// The four orthogonal neighbours (some may be walls).
    #[inline]
    pub fn adj(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    /// The four diagonal neighbours (some may be walls).
    #[inline]
    pub fn diag(&self, i: usize) -> [usize; 4] {
        [
            i - self.stride - 1,
            i - self.stride + 1,
            i + self.stride - 1,
            i + self.stride + 1,
        ]
    }

    /// Indices of all on-board points, row-major.
    #[inline]
    pub fn points(&self) -> Points {
        let first = self.idx(0, 0);
        Points {
            i: first,
            row_end: first + self.w,
            end: self.idx(self.w - 1, self.h - 1) + 1,
            stride: self.stride,
            w: self.w,
        }
    }

    /// A fresh padded cell array: walls around, `EMPTY` inside.
    pub fn blank_cells(&self) -> Vec<u8> {
        let mut cells = vec![WALL; self.size];
        for i in self.points() {
            cells[i] = EMPTY;
        }
        cells
    }
}

/// Iterator over on-board indices (skips the wall column between rows). One comparison per
/// point: the end of the board is checked only at the end of a row.
#[derive(Clone, Debug)]
pub(crate) struct Points {
    i: usize,
    /// One past the last point of the current row.
    row_end: usize,
    /// One past the last point of the board.
    end: usize,
    stride: usize,
    w: usize,
}

impl Iterator for Points {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.i == self.row_end {
            if self.i >= self.end {
                return None;
            }
            self.row_end += self.stride;
            self.i = self.row_end - self.w;
        }
        let r = self.i;
        self.i += 1;
        Some(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_rows_hold_our_cell_codes() {
        use crate::rules::board::Board;
        use crate::rules::Color;
        let mut b = Board::new(3, 2);
        b.set_stone(Point::new(0, 1), Some(Color::Black));
        b.set_stone(Point::new(2, 1), Some(Color::White));
        assert_eq!(b.row_codes(0), [EMPTY; 3]);
        assert_eq!(b.row_codes(1), [BLACK, EMPTY, WHITE]);
    }

    #[test]
    fn padding_surrounds_every_board_size() {
        for (w, h) in [(1, 1), (2, 5), (9, 9), (19, 19), (25, 13)] {
            let g = Geom::new(w, h);
            let cells = g.blank_cells();
            assert_eq!(cells.iter().filter(|&&c| c == EMPTY).count(), w * h);
            let expected: Vec<usize> = (0..h)
                .flat_map(|y| (0..w).map(move |x| g.idx(x, y)))
                .collect();
            assert_eq!(g.points().collect::<Vec<_>>(), expected);
            for i in g.points() {
                for n in g.adj(i).into_iter().chain(g.diag(i)) {
                    assert!(n < g.size);
                }
                assert_eq!(g.idx_of(g.point(i)), i);
            }
            // corner neighbours: two walls (more on a one-line board)
            let c = g.idx(0, 0);
            let walls = 2 + usize::from(w == 1) + usize::from(h == 1);
            assert_eq!(
                g.adj(c).iter().filter(|&&n| cells[n] == WALL).count(),
                walls
            );
        }
    }
}
