//! Helpers for tests: ASCII boards as Go players draw them.
//!
//! `X` black, `O` white, `.` or `+` empty; lowercase `x` / `o` are stones the test expects to
//! be dead. Spaces are ignored, blank lines skipped.

use super::geom::{Geom, BLACK, WHITE};

/// Parse an ASCII board into its geometry and padded cells (dead markers become stones).
pub(crate) fn parse_board(text: &str) -> (Geom, Vec<u8>) {
    let (g, cells, _) = parse_board_with_dead(text);
    (g, cells)
}

/// Parse an ASCII board; also return the padded indices of stones drawn lowercase.
fn parse_board_with_dead(text: &str) -> (Geom, Vec<u8>, Vec<usize>) {
    let rows: Vec<Vec<u8>> = text
        .lines()
        .map(|l| {
            l.bytes()
                .filter(|b| !b.is_ascii_whitespace())
                .collect::<Vec<u8>>()
        })
        .filter(|r| !r.is_empty())
        .collect();
    let h = rows.len();
    let w = rows[0].len();
    assert!(rows.iter().all(|r| r.len() == w), "ragged board");
    let g = Geom::new(w, h);
    let mut cells = g.blank_cells();
    let mut dead = Vec::new();
    for (y, r) in rows.iter().enumerate() {
        for (x, &ch) in r.iter().enumerate() {
            let i = g.idx(x, y);
            cells[i] = match ch {
                b'X' | b'x' => BLACK,
                b'O' | b'o' => WHITE,
                b'.' | b'+' => continue,
                _ => panic!("unknown board character {:?}", ch as char),
            };
            if ch.is_ascii_lowercase() {
                dead.push(i);
            }
        }
    }
    (g, cells, dead)
}
