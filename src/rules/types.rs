//! Colours, points and moves: the vocabulary shared by the board, replay and scoring.

/// A stone colour. Black moves first in an even game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black,
    White,
}

impl Color {
    /// The other colour.
    #[inline]
    pub fn opposite(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `0` for Black, `1` for White: an index into per-colour arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// `"B"` or `"W"`, as in SGF.
    pub fn letter(self) -> &'static str {
        match self {
            Color::Black => "B",
            Color::White => "W",
        }
    }
}

/// A point on the board, 0-based: `x` is the column from the left, `y` the row from the top
/// (the SGF convention: `aa` is the top-left corner, x = 0, y = 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub x: u8,
    pub y: u8,
}

impl Point {
    #[inline]
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }
}

/// A move as recorded: a stone on a point, or a pass.
/// The point may lie off the board (a corrupt record); replay reports that as `off_board`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Play(Point),
    Pass,
}
