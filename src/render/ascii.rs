//! The final position as text, GNU Go style: column letters (no `I`) above and below, row
//! numbers counted from the bottom on both sides, one character per point.
//!
//! ```text
//!    A B C D
//!  4 X X + +  4
//!  3 O x X +  3
//!  2 - O X X  2
//!  1 - = O X  1
//!    A B C D
//! ```
//!
//! The board is drawn as the scorer sees it once dead stones are taken off (area and territory
//! counting agree on everything but seki eyes, which are drawn `=`): see [`LEGEND`].

use super::{column_letter, row_number, Diagram, Mark, Panel};
use crate::rules::{Color, Point};
use std::fmt::Write;

/// What each character means.
pub const LEGEND: &str = "X/O live black/white stone; x/o dead black/white stone (taken off: a \
prisoner, its point the other side's territory unless the line `dead stones on other points` says otherwise); + black territory; - white territory; \
= seki point (an eye: its owner's under area counting; a shared liberty: nobody's, or ½ each \
under Chinese and Ing rules; territory rules count neither); * point its \
owner must fill (teire: area counting scores it for its owner; the table shows which territory \
rulesets do); . dame";

/// The character of point `i`.
pub fn point_char(d: &Diagram, i: usize) -> char {
    match d.stones[i] {
        Some(Color::Black) if d.dead[i] => 'x',
        Some(Color::White) if d.dead[i] => 'o',
        Some(Color::Black) => 'X',
        Some(Color::White) => 'O',
        // Territory counting's marks: seki eyes are `=` (area counting scores them for their
        // owner, which the table under the board says).
        None => match d.mark(Panel::Territory, i) {
            Mark::TerritoryBlack => '+',
            Mark::TerritoryWhite => '-',
            Mark::Seki => '=',
            Mark::Teire => '*',
            Mark::None => '.',
        },
    }
}

/// The dead stones whose points territory counting does not give the other side, which the
/// board cannot show under their `x`/`o` (a point beside both sides once they are taken off
/// is dame; the estimate or markup can also leave a dead stone's point to its owner, a teire
/// point or a seki): `dead stones on other points: dame Q9 R9; teire A13`, or `None` when
/// every dead stone's point is the other side's territory.
pub fn dead_stones_on_other_points(d: &Diagram) -> Option<String> {
    let mut kinds: [(&str, Vec<String>); 4] = [
        ("dame", Vec::new()),
        ("their owner's territory", Vec::new()),
        ("teire", Vec::new()),
        ("seki", Vec::new()),
    ];
    for y in 0..d.height {
        for x in 0..d.width {
            let i = d.index(x, y);
            let Some(colour) = d.stones[i].filter(|_| d.dead[i]) else {
                continue;
            };
            let other_side = match colour {
                Color::Black => Mark::TerritoryWhite,
                Color::White => Mark::TerritoryBlack,
            };
            let kind = match d.mark(Panel::Territory, i) {
                m if m == other_side => continue,
                Mark::None => 0,
                Mark::TerritoryBlack | Mark::TerritoryWhite => 1,
                Mark::Teire => 2,
                Mark::Seki => 3,
            };
            kinds[kind]
                .1
                .push(super::coord(Point::new(x, y), d.width, d.height));
        }
    }
    let listed: Vec<String> = kinds
        .iter()
        .filter(|(_, points)| !points.is_empty())
        .map(|(kind, points)| format!("{kind} {}", points.join(" ")))
        .collect();
    (!listed.is_empty()).then(|| format!("dead stones on other points: {}", listed.join("; ")))
}

/// The board with coordinates, one line per row, each ending in `\n`.
pub fn board(d: &Diagram) -> String {
    let mut out = String::new();
    let letters: String = (0..d.width)
        .map(|x| format!(" {}", column_letter(x)))
        .collect();
    let _ = writeln!(out, "  {letters}");
    for y in 0..d.height {
        let n = row_number(d.height, y);
        let _ = write!(out, "{n:>2}");
        for x in 0..d.width {
            let _ = write!(out, " {}", point_char(d, d.index(x, y)));
        }
        let _ = writeln!(out, "  {n}");
    }
    let _ = writeln!(out, "  {letters}");
    out
}

/// Only the point characters, one row per line, no coordinates (for tests that compare with a
/// board drawn in ASCII).
pub fn bare(d: &Diagram) -> String {
    let mut out = String::new();
    for y in 0..d.height {
        let row: Vec<String> = (0..d.width)
            .map(|x| point_char(d, d.index(x, y)).to_string())
            .collect();
        let _ = writeln!(out, "{}", row.join(" "));
    }
    out
}
