//! Drawings of a scored final position, for `kifu-audit explain`: an ASCII board
//! ([`ascii`]) and an SVG picture ([`svg`]). Both draw from one [`Diagram`]: the stones, the
//! scorer's decisions (dead stones, seki, per-point ownership) and the per-ruleset scores. The
//! renderers decide nothing about life, death or counting; they show what
//! [`crate::scoring`] decided.
//!
//! Coordinates are the GTP/GNU Go/KataGo ones: columns are letters from the left, `A`–`Z`
//! without `I` (25 letters, the largest board we read), rows are numbers counted from the
//! bottom. [`Point`] itself is SGF-oriented (`y = 0` is the top row).
//!
//! The counting families ([`Panel`]) are what the SVG draws side by side:
//! - **area** (Chinese, Ing, AGA, New Zealand): live stones + territory + seki eyes;
//! - **territory** (Japanese, Korean): territory + prisoners; seki eyes score nothing;
//! - **as-is area** (Tromp-Taylor): every stone alive, nothing removed. The scorer does not
//!   keep a per-point picture of this count, so [`Diagram::new`] recomputes it (one flood fill
//!   over the empty points; a region reaching only one colour is that colour's).

pub mod ascii;
pub mod svg;

use crate::rules::{Board, Color, Counting, Point, Ruleset, RulesetId};
use crate::scoring::{PointOwner, RulesetScore, ScoreReport};

/// Column letters, GTP style: no `I`.
const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The GTP column letter of column `x` (0-based from the left); `?` past 25 columns.
pub fn column_letter(x: u8) -> char {
    COLUMNS.get(usize::from(x)).map_or('?', |&c| char::from(c))
}

/// The GTP row number of row `y` (0-based from the top) on a board `height` rows high.
pub fn row_number(height: u8, y: u8) -> u32 {
    u32::from(height) - u32::from(y)
}

/// A point in GTP notation (`D4`, `Q16`); a point off the board, which has no such name, as
/// the record wrote it (`[zz]`: SGF's letters, `a`–`z` then `A`–`Z`).
pub fn coord(p: Point, width: u8, height: u8) -> String {
    if p.x < width && p.y < height {
        format!("{}{}", column_letter(p.x), row_number(height, p.y))
    } else {
        let letter = |v: u8| match v {
            0..=25 => char::from(b'a' + v),
            26..=51 => char::from(b'A' + v - 26),
            _ => '?',
        };
        format!("[{}{}]", letter(p.x), letter(p.y))
    }
}

/// A result in SGF style from a Black-minus-White margin: `B+1.5`, `W+0.5`, `draw`; a tie
/// that a ruleset awards to Black (Ing) is `B+0`.
pub fn result_text(score: &RulesetScore) -> String {
    use crate::scoring::Outcome;
    match score.winner {
        Outcome::Black => format!("B+{}", number(score.margin_b_minus_w.abs())),
        Outcome::White => format!("W+{}", number(score.margin_b_minus_w.abs())),
        Outcome::Draw => "draw".to_string(),
    }
}

/// A number as short as it is exact: `7.5`, `3.75`, `6`, a komi of `0.125` as written
/// (the row's value), never `-0`. Rounded to a millionth, so that a komi such as `6.333`
/// shows its margins as `1.667`, not the float's `1.6670000000000003`.
pub fn number(v: f64) -> String {
    let r = (v * 1e6).round() / 1e6;
    let r = if r == 0.0 { 0.0 } else { r };
    format!("{r}")
}

/// A counting family: one panel of the SVG.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Panel {
    /// Area counting with dead stones removed.
    Area,
    /// Territory counting (territory + prisoners).
    Territory,
    /// Area counting with every stone alive (Tromp-Taylor).
    AsIs,
}

impl Panel {
    /// The panels in drawing order.
    pub const ALL: [Panel; 3] = [Panel::Area, Panel::Territory, Panel::AsIs];

    /// The family a ruleset counts with (from its preset, not its name).
    pub fn of(id: RulesetId) -> Panel {
        let rs = Ruleset::preset(id);
        if !rs.removes_dead_stones {
            Panel::AsIs
        } else {
            match rs.counting {
                Counting::Area => Panel::Area,
                Counting::Territory => Panel::Territory,
            }
        }
    }

    /// The rulesets of this family, in [`RulesetId::ALL`] order.
    pub fn rulesets(self) -> Vec<RulesetId> {
        RulesetId::ALL
            .into_iter()
            .filter(|&id| Panel::of(id) == self)
            .collect()
    }

    /// `"area"`, `"territory"` or `"as-is"` (the SVG class of the panel).
    pub fn name(self) -> &'static str {
        match self {
            Panel::Area => "area",
            Panel::Territory => "territory",
            Panel::AsIs => "as-is",
        }
    }

    /// A one-line title.
    pub fn title(self) -> &'static str {
        match self {
            Panel::Area => "Area counting",
            Panel::Territory => "Territory counting",
            Panel::AsIs => "Tromp-Taylor: as is",
        }
    }

    /// Whether dead stones are taken off in this family.
    pub fn removes_dead(self) -> bool {
        self != Panel::AsIs
    }
}

/// What an empty (or dead-stone) point shows in one panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Nothing: a live stone, or a neutral point (dame).
    None,
    /// Counts for Black.
    TerritoryBlack,
    /// Counts for White.
    TerritoryWhite,
    /// Part of a seki and counted for nobody in this family (a shared liberty, or an eye under
    /// territory counting).
    Seki,
    /// A point its owner must fill (teire): counted for nobody under territory counting
    /// (area counting scores it for its owner and shows it as territory).
    Teire,
}

/// Why a [`Diagram`] cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    /// The score report was made for another board, or its per-point detail was dropped (rows
    /// written by `scan` keep counts only).
    #[error(
        "the score report has {got} per-point entries, the {width}x{height} board needs {want}"
    )]
    Ownership {
        width: u8,
        height: u8,
        got: usize,
        want: usize,
    },
}

/// A scored final position, ready to draw. Per-point vectors are row-major (`y * width + x`).
#[derive(Clone, Debug, PartialEq)]
pub struct Diagram {
    pub width: u8,
    pub height: u8,
    /// The stone on each point.
    pub stones: Vec<Option<Color>>,
    /// Dead stones (taken off by area and territory counting).
    pub dead: Vec<bool>,
    /// Stones of chains in seki.
    pub seki_stone: Vec<bool>,
    /// The disputed stones: those whose other fate makes the count equal a record that
    /// differs, both sides of a disputed fight (see [`crate::scoring::DisputedChain`]).
    pub disputed: Vec<bool>,
    /// What each point counts as once dead stones are removed (the scorer's ownership).
    pub owner: Vec<PointOwner>,
    /// What each point counts as with every stone alive (Tromp-Taylor): `Some(colour)` for a
    /// stone or an empty region reaching only that colour, `None` for a neutral point.
    pub as_is_owner: Vec<Option<Color>>,
    /// The score under each ruleset, indexed by [`RulesetId::index`].
    pub per_ruleset: [RulesetScore; 7],
    /// Area counts `(black, white)`: live stones + territory + seki eyes.
    pub area: (u32, u32),
    /// Territory counts `(black, white)`: territory + prisoners (captures + dead stones).
    pub territory_plus_prisoners: (u32, u32),
    /// Handicap stones N (for White's handicap bonus).
    pub handicap: u32,
}

/// The counts behind one ruleset's margin, as [`Diagram::figures_for`] finds them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figures {
    pub black: u32,
    pub white: u32,
    /// The family's counts needed the points to fill (teire) added to give the margin.
    pub with_teire: bool,
    /// `black − white − komi − bonus` equals the ruleset's margin. When `false`, the scorer
    /// applied an adjustment these counts do not show (the text says so; never hidden).
    pub consistent: bool,
    /// White's handicap bonus under the ruleset, in points.
    pub bonus: f64,
}

impl Diagram {
    /// Collects what the drawings need from a final board, its score report and the game's
    /// handicap (N stones).
    ///
    /// # Errors
    /// [`DiagramError::Ownership`] when the report's per-point ownership does not cover the
    /// board (made for another board, or stripped as in `scan`'s rows).
    pub fn new(board: &Board, score: &ScoreReport, handicap: u32) -> Result<Diagram, DiagramError> {
        let (w, h) = (board.width(), board.height());
        let n = usize::from(w) * usize::from(h);
        if score.ownership.len() != n {
            return Err(DiagramError::Ownership {
                width: w,
                height: h,
                got: score.ownership.len(),
                want: n,
            });
        }
        let index = |p: Point| usize::from(p.y) * usize::from(w) + usize::from(p.x);
        let mut dead = vec![false; n];
        for &p in &score.dead_stones {
            if board.contains(p) {
                dead[index(p)] = true;
            }
        }
        let mut seki_stone = vec![false; n];
        for &p in &score.seki_stones {
            if board.contains(p) {
                seki_stone[index(p)] = true;
            }
        }
        let mut disputed = vec![false; n];
        for &p in score
            .disputed_chain
            .iter()
            .flat_map(|d| d.stones.iter().chain(&d.opponents))
        {
            if board.contains(p) {
                disputed[index(p)] = true;
            }
        }
        let stones = board.to_grid();
        let as_is_owner = as_is_ownership(w, h, &stones);
        Ok(Diagram {
            width: w,
            height: h,
            stones,
            dead,
            seki_stone,
            disputed,
            owner: score.ownership.clone(),
            as_is_owner,
            per_ruleset: score.per_ruleset,
            area: (score.black_area, score.white_area),
            territory_plus_prisoners: (
                score.black_territory + score.prisoners_black,
                score.white_territory + score.prisoners_white,
            ),
            handicap,
        })
    }

    /// Index of `(x, y)` in the per-point vectors.
    #[inline]
    pub fn index(&self, x: u8, y: u8) -> usize {
        usize::from(y) * usize::from(self.width) + usize::from(x)
    }

    /// Stones on the board (dead ones included).
    pub fn stone_count(&self) -> usize {
        self.stones.iter().filter(|s| s.is_some()).count()
    }

    /// Dead stones.
    pub fn dead_count(&self) -> usize {
        self.dead.iter().filter(|&&d| d).count()
    }

    /// Whether the stone on point `i` is drawn as dead in `panel`.
    pub fn is_dead_in(&self, panel: Panel, i: usize) -> bool {
        panel.removes_dead() && self.dead[i]
    }

    /// What point `i` shows in `panel` (live stones show [`Mark::None`]).
    pub fn mark(&self, panel: Panel, i: usize) -> Mark {
        match panel {
            Panel::AsIs => match (self.stones[i], self.as_is_owner[i]) {
                (Some(_), _) | (None, None) => Mark::None,
                (None, Some(Color::Black)) => Mark::TerritoryBlack,
                (None, Some(Color::White)) => Mark::TerritoryWhite,
            },
            Panel::Area | Panel::Territory => match self.owner[i] {
                PointOwner::BlackStone | PointOwner::WhiteStone | PointOwner::Dame => Mark::None,
                PointOwner::BlackTerritory => Mark::TerritoryBlack,
                PointOwner::WhiteTerritory => Mark::TerritoryWhite,
                PointOwner::SekiShared => Mark::Seki,
                PointOwner::BlackSekiEye if panel == Panel::Area => Mark::TerritoryBlack,
                PointOwner::WhiteSekiEye if panel == Panel::Area => Mark::TerritoryWhite,
                PointOwner::BlackSekiEye | PointOwner::WhiteSekiEye => Mark::Seki,
                PointOwner::BlackTeire if panel == Panel::Area => Mark::TerritoryBlack,
                PointOwner::WhiteTeire if panel == Panel::Area => Mark::TerritoryWhite,
                PointOwner::BlackTeire | PointOwner::WhiteTeire => Mark::Teire,
            },
        }
    }

    /// Tromp-Taylor's count (every stone alive): `(black, white)` stones plus empty points
    /// reaching only that colour.
    pub fn as_is_area(&self) -> (u32, u32) {
        let mut out = (0, 0);
        for o in &self.as_is_owner {
            match o {
                Some(Color::Black) => out.0 += 1,
                Some(Color::White) => out.1 += 1,
                None => {}
            }
        }
        out
    }

    /// The counts `(black, white)` a family compares, before komi and handicap bonus.
    pub fn figures(&self, panel: Panel) -> (u32, u32) {
        match panel {
            Panel::Area => self.area,
            Panel::Territory => self.territory_plus_prisoners,
            Panel::AsIs => self.as_is_area(),
        }
    }

    /// False eyes that must be filled (teire) per colour `(black, white)`: area counting
    /// scores them, territory counting does not.
    pub fn teire(&self) -> (u32, u32) {
        let mut out = (0, 0);
        for o in &self.owner {
            match o {
                PointOwner::BlackTeire => out.0 += 1,
                PointOwner::WhiteTeire => out.1 += 1,
                _ => {}
            }
        }
        out
    }

    /// The counts behind ruleset `id`'s margin: its family's [`figures`](Diagram::figures),
    /// checked against the scorer's margin. A territory ruleset whose margin counts the false
    /// eyes (teire) that the family's counts leave out gets them added (`with_teire`).
    pub fn figures_for(&self, id: RulesetId) -> Figures {
        let panel = Panel::of(id);
        let score = &self.per_ruleset[id.index()];
        let bonus = Ruleset::preset(id).handicap_bonus.points(self.handicap);
        let gives = |b: u32, w: u32| {
            let m = f64::from(b) - f64::from(w) - score.komi_used - bonus;
            (m - score.margin_b_minus_w).abs() < 1e-6
        };
        let (b, w) = self.figures(panel);
        let figures = |black, white, with_teire, consistent| Figures {
            black,
            white,
            with_teire,
            consistent,
            bonus,
        };
        if gives(b, w) {
            return figures(b, w, false, true);
        }
        let (tb, tw) = self.teire();
        if panel == Panel::Territory && (tb, tw) != (0, 0) && gives(b + tb, w + tw) {
            return figures(b + tb, w + tw, true, true);
        }
        figures(b, w, false, false)
    }

    /// Seki eye points per colour `(black, white)`: area counting scores them, territory
    /// counting does not.
    pub fn seki_eyes(&self) -> (u32, u32) {
        let mut out = (0, 0);
        for o in &self.owner {
            match o {
                PointOwner::BlackSekiEye => out.0 += 1,
                PointOwner::WhiteSekiEye => out.1 += 1,
                _ => {}
            }
        }
        out
    }
}

/// Ownership with every stone alive: flood fill of the empty regions.
fn as_is_ownership(w: u8, h: u8, stones: &[Option<Color>]) -> Vec<Option<Color>> {
    let (w, h) = (usize::from(w), usize::from(h));
    let mut out: Vec<Option<Color>> = stones.to_vec();
    let mut seen = vec![false; stones.len()];
    let mut region = Vec::new();
    let mut stack = Vec::new();
    for start in 0..stones.len() {
        if stones[start].is_some() || seen[start] {
            continue;
        }
        region.clear();
        stack.push(start);
        seen[start] = true;
        let (mut black, mut white) = (false, false);
        while let Some(i) = stack.pop() {
            region.push(i);
            let (x, y) = (i % w, i / w);
            let mut visit = |j: usize| match stones[j] {
                Some(Color::Black) => black = true,
                Some(Color::White) => white = true,
                None if !seen[j] => {
                    seen[j] = true;
                    stack.push(j);
                }
                None => {}
            };
            if x > 0 {
                visit(i - 1);
            }
            if x + 1 < w {
                visit(i + 1);
            }
            if y > 0 {
                visit(i - w);
            }
            if y + 1 < h {
                visit(i + w);
            }
        }
        let owner = match (black, white) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        };
        for &i in &region {
            out[i] = owner;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_coordinates_skip_i_and_count_rows_from_the_bottom() {
        assert_eq!(coord(Point::new(0, 18), 19, 19), "A1");
        assert_eq!(coord(Point::new(8, 0), 19, 19), "J19");
        assert_eq!(coord(Point::new(3, 5), 9, 9), "D4");
        assert_eq!(coord(Point::new(24, 0), 25, 25), "Z25");
        // off the board: as the record wrote it
        assert_eq!(coord(Point::new(19, 19), 19, 19), "[tt]");
        assert_eq!(coord(Point::new(25, 25), 19, 19), "[zz]");
        assert_eq!(coord(Point::new(26, 51), 19, 19), "[AZ]");
    }

    #[test]
    fn numbers_are_short_and_never_negative_zero() {
        assert_eq!(number(7.5), "7.5");
        assert_eq!(number(3.75), "3.75");
        assert_eq!(number(6.0), "6");
        assert_eq!(number(-0.0), "0");
        // as exact as the row's value (a komi of 0.125 was shown as 0.13)
        assert_eq!(number(0.125), "0.125");
        assert_eq!(number(10.875), "10.875");
        assert_eq!(number(5.4375), "5.4375");
        assert_eq!(number(6.333 - 4.666), "1.667");
        assert_eq!(number(-1e-9), "0");
    }

    #[test]
    fn every_ruleset_has_one_panel() {
        let all: Vec<RulesetId> = Panel::ALL.iter().flat_map(|p| p.rulesets()).collect();
        assert_eq!(all.len(), 7);
        assert_eq!(Panel::of(RulesetId::Chinese), Panel::Area);
        assert_eq!(Panel::of(RulesetId::Japanese), Panel::Territory);
        assert_eq!(Panel::of(RulesetId::TrompTaylor), Panel::AsIs);
    }

    #[test]
    fn as_is_regions_reaching_both_colours_are_neutral() {
        use Color::{Black as B, White as W};
        // . X . O .   (one row)
        let stones = [None, Some(B), None, Some(W), None];
        let own = as_is_ownership(5, 1, &stones);
        assert_eq!(own, vec![Some(B), Some(B), None, Some(W), Some(W)]);
    }
}
