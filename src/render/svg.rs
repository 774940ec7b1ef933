//! The final position as an SVG picture: one panel per counting family ([`Panel`]) side by
//! side, each with the board (grid, star points, coordinates), one `<circle>` per stone, dead
//! stones faded and crossed, territory and seki as small squares, and a caption with the
//! family's counts and every ruleset's result.
//!
//! Hand-written (no SVG crate): the output is small, and it is deterministic — integer
//! coordinates, no maps, no clock — so the same game always gives the same bytes. Every
//! element that means something carries a class, which tests count:
//!
//! | element | class | one per |
//! |---|---|---|
//! | `<g>` | `panel area` / `panel territory` / `panel as-is` | counting family |
//! | `<circle>` | `stone black` / `stone white` (plus `dead-stone` when faded) | stone, per panel |
//! | `<path>` | `dead` (a cross) | dead stone, per panel that removes dead stones |
//! | `<rect>` | `territory-black` / `territory-white` / `seki` / `teire` | marked point, per panel |
//! | `<circle>` | `disputed` (a dashed ring) | disputed stone (both sides of a disputed fight), per panel |
//! | `<circle>` | `star` | star point |
//!
//! Colours are presentation attributes, not CSS, so every renderer draws them alike.

use super::{column_letter, number, result_text, row_number, Diagram, Mark, Panel};
use crate::rules::Color;
use std::fmt::Write;

/// Distance between two lines, in pixels.
const CELL: i32 = 24;
/// Board margin around the outer lines (room for the coordinates).
const PAD: i32 = 30;
/// Stone radius.
const STONE_R: i32 = CELL / 2 - 1;
/// Half the side of a territory or seki square.
const MARK_HALF: i32 = 4;
/// Half the extent of a dead-stone cross.
const CROSS_HALF: i32 = 6;
/// Outer margin of the picture and gap between panels.
const MARGIN: i32 = 12;
const GAP: i32 = 16;
/// Height of the picture's title band and of a panel's title line.
const TITLE_H: i32 = 30;
const PANEL_TITLE_H: i32 = 22;
/// Height of one caption line.
const LINE_H: i32 = 17;

/// The legend under the panels, one text line each.
const LEGEND: [&str; 3] = [
    "Red cross: dead stone, taken off (area, territory); Tromp-Taylor counts it alive.",
    "Small square: territory of its colour; grey: point its owner must fill (teire).",
    "Blue: seki point, counted for nobody (an area panel squares a seki eye as its owner's).",
];
/// The legend's line for the disputed stones, when there are some.
const LEGEND_DISPUTED: &str = "Orange dashed ring: the disputed stones, whose other fate (alive or dead) makes the count equal the record's.";

const BOARD_FILL: &str = "#dcb35c";
const BLACK_FILL: &str = "#111111";
const WHITE_FILL: &str = "#f7f7f7";
const SEKI_FILL: &str = "#2f6fdf";
const TEIRE_FILL: &str = "#8a8a8a";
const DEAD_STROKE: &str = "#d0161b";
const DISPUTED_STROKE: &str = "#e07800";

/// Star points (hoshi), after Sabaki: none below 7×7; corners on the third line (fourth from
/// 13 up); the centre on odd boards except 7; side stars on odd sides longer than 9.
pub fn star_points(width: u8, height: u8) -> Vec<(u8, u8)> {
    if width.min(height) < 7 {
        return Vec::new();
    }
    let near = |n: u8| if n >= 13 { 3 } else { 2 };
    let (nx, ny) = (near(width), near(height));
    let (fx, fy) = (width - nx - 1, height - ny - 1);
    let (mx, my) = ((width - 1) / 2, (height - 1) / 2);
    let mut out = vec![(nx, ny), (fx, ny), (nx, fy), (fx, fy)];
    if width % 2 == 1 && height % 2 == 1 && width != 7 && height != 7 {
        out.push((mx, my));
    }
    if width % 2 == 1 && width > 9 {
        out.push((mx, ny));
        out.push((mx, fy));
    }
    if height % 2 == 1 && height > 9 {
        out.push((nx, my));
        out.push((fx, my));
    }
    out.sort_unstable_by_key(|&(x, y)| (y, x));
    out
}

/// Text for XML character data and attribute values: escapes markup characters and replaces
/// the characters XML 1.0 forbids (most control characters) with `?`.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(' '),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('?'),
            c => out.push(c),
        }
    }
    out
}

/// Narrowest panel (room for the caption under a small board).
const MIN_PANEL_W: i32 = 260;

/// Width of one panel: the board, or the caption's room under a small board.
fn panel_width(d: &Diagram) -> i32 {
    board_size(d).0.max(MIN_PANEL_W)
}

/// Width and height of one panel's board square.
fn board_size(d: &Diagram) -> (i32, i32) {
    (
        2 * PAD + (i32::from(d.width) - 1) * CELL,
        2 * PAD + (i32::from(d.height) - 1) * CELL,
    )
}

/// Caption lines under a panel: the counts, then one line per ruleset.
fn caption(d: &Diagram, panel: Panel) -> Vec<String> {
    let (b, w) = d.figures(panel);
    let mut lines = vec![match panel {
        Panel::Area => format!("stones + territory: B {b}, W {w}"),
        Panel::Territory => format!("territory + prisoners: B {b}, W {w}"),
        Panel::AsIs => format!("all stones alive: B {b}, W {w}"),
    }];
    for id in panel.rulesets() {
        let s = &d.per_ruleset[id.index()];
        let f = d.figures_for(id);
        let note = if f.with_teire {
            format!(" (+ teire: B {}, W {})", f.black - b, f.white - w)
        } else {
            String::new()
        };
        lines.push(format!(
            "{}: {}, komi {}{note}",
            id.name(),
            result_text(s),
            number(s.komi_used),
        ));
    }
    lines
}

/// The picture: a title band, then the panels side by side.
pub fn render(d: &Diagram, title: &str) -> String {
    let (_, bh) = board_size(d);
    let pw = panel_width(d);
    let caption_lines = Panel::ALL
        .iter()
        .map(|&p| caption(d, p).len())
        .max()
        .unwrap_or(0) as i32;
    let panel_h = PANEL_TITLE_H + bh + 8 + caption_lines * LINE_H;
    let panels = Panel::ALL.len() as i32;
    let width = 2 * MARGIN + panels * pw + (panels - 1) * GAP;
    let mut legend = LEGEND.to_vec();
    if d.disputed.contains(&true) {
        legend.push(LEGEND_DISPUTED);
    }
    let height = MARGIN + TITLE_H + panel_h + legend.len() as i32 * LINE_H + MARGIN;

    let mut s = String::new();
    let _ = writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, "<title>{}</title>", escape(title));
    let _ = writeln!(
        s,
        r##"<rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        s,
        r##"<text class="title" x="{MARGIN}" y="{}" font-size="15" font-weight="bold" fill="#000000">{}</text>"##,
        MARGIN + 16,
        escape(title)
    );
    for (k, &panel) in Panel::ALL.iter().enumerate() {
        let x0 = MARGIN + k as i32 * (pw + GAP);
        let y0 = MARGIN + TITLE_H;
        panel_svg(&mut s, d, panel, x0, y0);
    }
    for (k, line) in legend.iter().enumerate() {
        let _ = writeln!(
            s,
            r##"<text class="legend" x="{MARGIN}" y="{}" font-size="11" fill="#333333">{line}</text>"##,
            height - MARGIN - 4 - (legend.len() - 1 - k) as i32 * LINE_H
        );
    }
    s.push_str("</svg>\n");
    s
}

/// One panel at `(x0, y0)`.
fn panel_svg(s: &mut String, d: &Diagram, panel: Panel, x0: i32, y0: i32) {
    let (bw, bh) = board_size(d);
    // A board narrower than the panel is centred.
    let bx = (panel_width(d) - bw) / 2;
    let names: Vec<&str> = panel.rulesets().iter().map(|id| id.name()).collect();
    let _ = writeln!(
        s,
        r#"<g class="panel {}" data-counting="{}" data-removes-dead="{}" data-rulesets="{}" transform="translate({x0},{y0})">"#,
        panel.name(),
        panel.name(),
        panel.removes_dead(),
        names.join(" ")
    );
    let _ = writeln!(
        s,
        r##"<text class="panel-title" x="0" y="15" font-size="13" font-weight="bold" fill="#000000">{}</text>"##,
        escape(panel.title())
    );
    let by = PANEL_TITLE_H;
    let _ = writeln!(
        s,
        r#"<rect class="board" x="{bx}" y="{by}" width="{bw}" height="{bh}" fill="{BOARD_FILL}"/>"#
    );
    let px = |x: u8| bx + PAD + i32::from(x) * CELL;
    let py = |y: u8| by + PAD + i32::from(y) * CELL;
    // Grid.
    let mut grid = String::new();
    let (last_x, last_y) = (d.width - 1, d.height - 1);
    for y in 0..d.height {
        let _ = write!(grid, "M{} {}H{}", px(0), py(y), px(last_x));
    }
    for x in 0..d.width {
        let _ = write!(grid, "M{} {}V{}", px(x), py(0), py(last_y));
    }
    let _ = writeln!(
        s,
        r##"<path class="grid" d="{grid}" stroke="#000000" stroke-width="1" fill="none"/>"##
    );
    for (x, y) in star_points(d.width, d.height) {
        let _ = writeln!(
            s,
            r##"<circle class="star" cx="{}" cy="{}" r="3" fill="#000000"/>"##,
            px(x),
            py(y)
        );
    }
    // Coordinates: letters above and below, numbers left and right.
    for x in 0..d.width {
        for ty in [by + PAD - 16, by + PAD + i32::from(last_y) * CELL + 24] {
            let _ = writeln!(
                s,
                r##"<text class="coord" x="{}" y="{ty}" text-anchor="middle" font-size="11" fill="#333333">{}</text>"##,
                px(x),
                column_letter(x)
            );
        }
    }
    for y in 0..d.height {
        for tx in [px(0) - 19, px(last_x) + 19] {
            let _ = writeln!(
                s,
                r##"<text class="coord" x="{tx}" y="{}" text-anchor="middle" font-size="11" fill="#333333">{}</text>"##,
                py(y) + 4,
                row_number(d.height, y)
            );
        }
    }
    // Stones, marks, crosses, point by point (row-major).
    for y in 0..d.height {
        for x in 0..d.width {
            let i = d.index(x, y);
            let (cx, cy) = (px(x), py(y));
            let dead = d.is_dead_in(panel, i);
            if let Some(c) = d.stones[i] {
                let (class, paint) = match c {
                    Color::Black => ("black", format!(r#"fill="{BLACK_FILL}""#)),
                    Color::White => (
                        "white",
                        format!(r##"fill="{WHITE_FILL}" stroke="#222222" stroke-width="1""##),
                    ),
                };
                let (extra, opacity) = if dead {
                    (" dead-stone", r#" opacity="0.45""#)
                } else {
                    ("", "")
                };
                let _ = writeln!(
                    s,
                    r#"<circle class="stone {class}{extra}" cx="{cx}" cy="{cy}" r="{STONE_R}" {paint}{opacity}/>"#
                );
            }
            let square = match d.mark(panel, i) {
                Mark::None => None,
                Mark::TerritoryBlack => Some(("territory-black", r##"fill="#000000""##)),
                Mark::TerritoryWhite => Some((
                    "territory-white",
                    r##"fill="#ffffff" stroke="#000000" stroke-width="1""##,
                )),
                Mark::Seki => Some(("seki", "")),
                Mark::Teire => Some(("teire", "")),
            };
            if let Some((class, paint)) = square {
                let paint = match class {
                    "seki" => format!(r#"fill="{SEKI_FILL}""#),
                    "teire" => format!(r#"fill="{TEIRE_FILL}""#),
                    _ => paint.to_string(),
                };
                let side = 2 * MARK_HALF;
                let _ = writeln!(
                    s,
                    r#"<rect class="{class}" x="{}" y="{}" width="{side}" height="{side}" {paint}/>"#,
                    cx - MARK_HALF,
                    cy - MARK_HALF
                );
            }
            if d.disputed[i] {
                let _ = writeln!(
                    s,
                    r#"<circle class="disputed" cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="{DISPUTED_STROKE}" stroke-width="3" stroke-dasharray="5 3"/>"#,
                    STONE_R + 3
                );
            }
            if dead {
                let (a, b) = (CROSS_HALF, -CROSS_HALF);
                let _ = writeln!(
                    s,
                    r#"<path class="dead" d="M{} {}L{} {}M{} {}L{} {}" stroke="{DEAD_STROKE}" stroke-width="2.5" stroke-linecap="round" fill="none"/>"#,
                    cx + b,
                    cy + b,
                    cx + a,
                    cy + a,
                    cx + b,
                    cy + a,
                    cx + a,
                    cy + b
                );
            }
        }
    }
    // Caption.
    for (k, line) in caption(d, panel).iter().enumerate() {
        let weight = if k == 0 { r#" font-weight="bold""# } else { "" };
        let _ = writeln!(
            s,
            r##"<text class="caption" x="0" y="{}" fill="#000000"{weight}>{}</text>"##,
            by + bh + 8 + (k as i32 + 1) * LINE_H - 4,
            escape(line)
        );
    }
    s.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_points_of_the_usual_boards() {
        assert_eq!(star_points(19, 19).len(), 9);
        assert_eq!(star_points(13, 13).len(), 9);
        assert_eq!(
            star_points(9, 9),
            vec![(2, 2), (6, 2), (4, 4), (2, 6), (6, 6)]
        );
        assert_eq!(star_points(7, 7).len(), 4);
        assert!(star_points(5, 5).is_empty());
    }

    #[test]
    fn escaping_keeps_the_xml_well_formed() {
        assert_eq!(escape("a<b & \"c\"\u{1}"), "a&lt;b &amp; &quot;c&quot;?");
    }
}
