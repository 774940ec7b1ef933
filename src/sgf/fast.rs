//! The fast reader: one game's main line straight from its bytes into the record
//! [`Builder`](super::record), with no tree and no per-property allocation beyond the values the
//! record keeps.
//!
//! It owns one question: does this game read exactly as sgf-parse 4.2.8 would read it, and if
//! so, what record comes out? It walks the text once, follows the main line (the first variation
//! at each `(`), types each main-line property the way sgf-parse's `go::Prop::new` does (the
//! same `str::parse` for numbers, reals and sizes, the same point, list, compose and text rules)
//! and feeds the typed values to the same builder methods as [`super::record::build_record`].
//! The rest of the tree is checked for syntax only: sgf-parse would still have to accept it.
//!
//! It is conservative: whenever the text holds anything whose sgf-parse reading it does not
//! reproduce exactly, it **declines** (returns `None`) and the caller parses with sgf-parse as
//! before. It declines on:
//! - an identifier that is not all capitals directly followed by `[` (lowercase letters, digits,
//!   spaces before the `[`: sgf-parse's case conversion and lexer quirks);
//! - any byte outside a value other than ASCII whitespace, `(`, `)`, `;` and identifiers;
//! - a shape sgf-parse reads in its own way: `()`, `((`, nodes after a variation, text after
//!   the game, a root node without properties, an unterminated value;
//! - a root `GM` other than exactly one `GM[1]` (sgf-parse's game-type detection), a `GM` other
//!   than 1 further down the main line;
//! - a point list that expands to more than [`MAX_LIST_POINTS`] points.
//!
//! Identifiers sgf-parse does not know (all capitals, outside its list) are counted as unknown
//! without looking at their values, exactly as sgf-parse makes them `Prop::Unknown`. Values are
//! unescaped as sgf-parse's lexer does (a backslash keeps the next character, whatever it is),
//! and no whitespace inside a value is touched. The reader never panics on any input: every
//! index is checked and it never recurses.

use super::record::{Builder, GameRecord, RecordError, TextField};
use crate::rules::{Color, Move, Point};

/// Most points one list property (`AB`, `TB`, `MA`, …) may expand to before the reader declines
/// (sgf-parse dedups rectangles such as `AB[aa:ZZ]` into a set; a list of many rectangles is
/// left to it).
pub const MAX_LIST_POINTS: usize = 4096;

/// Reads the main line of one game (`text` is its `(`…`)` span) into a record.
///
/// `None`: declined, parse with sgf-parse. `Some(Err(_))`: the record's own errors (board size),
/// exactly as [`super::record::build_record`] reports them for sgf-parse's tree.
pub fn read_game(text: &str, nodes: usize) -> Option<Result<GameRecord, RecordError>> {
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        at: 0,
        values: Vec::new(),
        escaped: false,
        unescaped: String::new(),
        points: Vec::new(),
        territory: [Vec::new(), Vec::new()],
        territory_set: [false, false],
    };
    let mut builder = Builder::with_move_capacity(nodes.min(1024));
    reader.game(&mut builder)?;
    Some(builder.finish())
}

/// Where the walk is between tokens.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before the game's `(`.
    Start,
    /// Just after `(`: a node must follow.
    AfterOpen,
    /// In a node: properties, or `;`, `(`, `)`.
    InNode,
    /// Just after a `)` that left a tree open: `(` or `)`.
    AfterClose,
    /// The game's last `)` has been read: only whitespace may follow.
    Done,
}

/// How sgf-parse types the values of an identifier (its `go::Prop::new`).
#[derive(Clone, Copy)]
pub(super) enum Kind {
    /// `B`, `W`: one Move (`[]` or a point).
    Move(Color),
    /// `AB`, `AW`, `AE`: a non-empty point list (`None` for `AE`).
    Setup(Option<Color>),
    /// `TB`, `TW`: a point elist (sgf-parse still needs each value to be a point or rectangle).
    Territory(Color),
    /// `CR`, `MA`, `SL`, `SQ`, `TR`, `DD`, `VW`: a point (e)list the record ignores.
    Points,
    /// One SimpleText or Text value; `Some` for those the record keeps.
    Text(Option<TextField>),
    /// One i64 within a range (`MN`, `OB`, `OW`, `FF`, `ST`, `PM`).
    Number(i64, i64),
    /// `GM`: one i64.
    Game,
    /// `HA`: one i64, at least 2.
    Handicap,
    /// One f64 (`V`, `TM`, `BL`, `WL`); `KM` is `Komi`.
    Real,
    Komi,
    /// One Double: exactly `1` or `2`.
    Double,
    /// `PL`: exactly `B` or `W`.
    Player,
    /// `KO`, `DO`, `IT`: no value (`[]`).
    Empty,
    /// `AR`, `LN`: point pairs, neither end equal, no pair twice.
    Pairs,
    /// `LB`: `point:text` pairs.
    Labels,
    /// `AP[name:version]`.
    Application,
    /// `SZ[n]` or `SZ[w:h]`, u8 each.
    Size,
    /// `FG[]` or `FG[number:text]`.
    Figure,
    /// Not an sgf-parse identifier.
    Unknown,
}

/// Slice patterns, not byte-string literals: they compile to a decision tree on the bytes.
#[inline]
pub(super) fn kind(ident: &[u8]) -> Kind {
    use Kind::*;
    match *ident {
        [b'B'] => Move(Color::Black),
        [b'W'] => Move(Color::White),
        [b'A', b'B'] => Setup(Some(Color::Black)),
        [b'A', b'W'] => Setup(Some(Color::White)),
        [b'A', b'E'] => Setup(None),
        [b'T', b'B'] => Territory(Color::Black),
        [b'T', b'W'] => Territory(Color::White),
        [b'C', b'R']
        | [b'M', b'A']
        | [b'S', b'L']
        | [b'S', b'Q']
        | [b'T', b'R']
        | [b'D', b'D']
        | [b'V', b'W'] => Points,
        [b'R', b'U'] => Text(Some(TextField::Rules)),
        [b'P', b'B'] => Text(Some(TextField::Black)),
        [b'P', b'W'] => Text(Some(TextField::White)),
        [b'B', b'R'] => Text(Some(TextField::BlackRank)),
        [b'W', b'R'] => Text(Some(TextField::WhiteRank)),
        [b'D', b'T'] => Text(Some(TextField::Date)),
        [b'E', b'V'] => Text(Some(TextField::Event)),
        [b'R', b'E'] => Text(Some(TextField::Result)),
        [b'C']
        | [b'G', b'C']
        | [b'N']
        | [b'C', b'A']
        | [b'A', b'N']
        | [b'B', b'T']
        | [b'C', b'P']
        | [b'G', b'N']
        | [b'O', b'N']
        | [b'O', b'T']
        | [b'P', b'C']
        | [b'R', b'O']
        | [b'S', b'O']
        | [b'U', b'S']
        | [b'W', b'T'] => Text(None),
        [b'M', b'N'] | [b'O', b'B'] | [b'O', b'W'] => Number(i64::MIN, i64::MAX),
        [b'F', b'F'] => Number(0, 4),
        [b'S', b'T'] => Number(0, 3),
        [b'P', b'M'] => Number(1, 2),
        [b'G', b'M'] => Game,
        [b'H', b'A'] => Handicap,
        [b'V'] | [b'T', b'M'] | [b'B', b'L'] | [b'W', b'L'] => Real,
        [b'K', b'M'] => Komi,
        [b'D', b'M']
        | [b'G', b'B']
        | [b'G', b'W']
        | [b'H', b'O']
        | [b'U', b'C']
        | [b'B', b'M']
        | [b'T', b'E'] => Double,
        [b'P', b'L'] => Player,
        [b'K', b'O'] | [b'D', b'O'] | [b'I', b'T'] => Empty,
        [b'A', b'R'] | [b'L', b'N'] => Pairs,
        [b'L', b'B'] => Labels,
        [b'A', b'P'] => Application,
        [b'S', b'Z'] => Size,
        [b'F', b'G'] => Figure,
        _ => Unknown,
    }
}

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
    /// The current property's values: byte ranges between the brackets, escapes in place.
    values: Vec<(usize, usize)>,
    /// Some value of the current property holds a backslash.
    escaped: bool,
    unescaped: String,
    points: Vec<Point>,
    /// The last valid `TB` / `TW` of the current main-line node.
    territory: [Vec<Point>; 2],
    territory_set: [bool; 2],
}

impl Reader<'_> {
    fn skip_whitespace(&mut self) {
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    /// Walks the whole game; `None` to decline.
    fn game(&mut self, b: &mut Builder) -> Option<()> {
        let mut state = State::Start;
        let mut depth = 0usize;
        let mut main_line = true;
        let mut main_nodes = 0usize;
        let mut root_properties = 0usize;
        let mut root_gm = false;
        let mut before_move = 0;
        loop {
            self.skip_whitespace();
            let Some(&c) = self.bytes.get(self.at) else {
                break;
            };
            match (state, c) {
                (State::Start | State::InNode | State::AfterClose, b'(') => {
                    if state != State::Start && depth == 0 {
                        return None;
                    }
                    depth += 1;
                    self.at += 1;
                    state = State::AfterOpen;
                }
                (State::AfterOpen | State::InNode, b';') => {
                    self.at += 1;
                    state = State::InNode;
                    if main_line {
                        main_nodes += 1;
                        before_move = b.begin_node();
                        self.territory_set = [false, false];
                        if main_nodes > 1 {
                            self.plain_move(b);
                        }
                    }
                }
                (State::InNode, b'A'..=b'Z') => {
                    let ident = self.property()?;
                    if main_line {
                        let root = main_nodes == 1;
                        if root {
                            root_properties += 1;
                            if self.bytes.get(ident.0..ident.1) == Some(b"GM") {
                                // sgf-parse's game-type detection: one GM[1] in the root.
                                if root_gm || !self.is_single(b"1") {
                                    return None;
                                }
                                root_gm = true;
                            }
                        }
                        self.main_property(b, ident, before_move)?;
                    }
                }
                (State::InNode | State::AfterClose, b')') => {
                    self.at += 1;
                    depth = depth.checked_sub(1)?;
                    if main_line {
                        main_line = false;
                        self.last_node(b);
                    }
                    state = if depth == 0 {
                        State::Done
                    } else {
                        State::AfterClose
                    };
                }
                _ => return None,
            }
        }
        (state == State::Done && root_properties > 0).then_some(())
    }

    /// The shape of almost every node of a game record, `B[pd]` (or `W`) with a single value:
    /// read it at once. Exactly what [`Self::property`] and [`Self::main_property`] do with it
    /// (two lowercase letters are a valid Move), with none of their generality. Anything else is
    /// left untouched for the general path.
    #[inline]
    fn plain_move(&mut self, b: &mut Builder) {
        let Some(&[c, b'[', x, y, b']']) = self.bytes.get(self.at..self.at + 5) else {
            return;
        };
        let color = match c {
            b'B' => Color::Black,
            b'W' => Color::White,
            _ => return,
        };
        if !(x.is_ascii_lowercase() && y.is_ascii_lowercase()) {
            return;
        }
        // A single value: the next byte after any whitespace is not another `[`.
        let mut next = self.at + 5;
        while self.bytes.get(next).is_some_and(u8::is_ascii_whitespace) {
            next += 1;
        }
        if self.bytes.get(next) == Some(&b'[') {
            return;
        }
        b.play(color, Move::Play(Point::new(x - b'a', y - b'a')));
        self.at = next;
    }

    /// Reads an identifier (all capitals, directly followed by `[`) and its values; returns the
    /// identifier's byte range. `None` on anything else, or a value never closed.
    fn property(&mut self) -> Option<(usize, usize)> {
        let start = self.at;
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_uppercase) {
            self.at += 1;
        }
        let ident = (start, self.at);
        self.values.clear();
        self.escaped = false;
        while self.bytes.get(self.at) == Some(&b'[') {
            self.at += 1;
            let from = self.at;
            loop {
                match *self.bytes.get(self.at)? {
                    b']' => break,
                    b'\\' => {
                        self.escaped = true;
                        self.at += 2;
                    }
                    _ => self.at += 1,
                }
            }
            self.values.push((from, self.at));
            self.at += 1;
            self.skip_whitespace();
        }
        // No `[` at all: the identifier ran into something else (`B [`, `B2[`, `Bc[`).
        (!self.values.is_empty()).then_some(ident)
    }

    /// Value `i` of the current property as sgf-parse's lexer gives it (escapes removed).
    #[inline]
    fn value(&mut self, i: usize) -> &str {
        let (from, to) = self.values[i];
        let raw = self.text.get(from..to).unwrap_or("");
        if !self.escaped {
            return raw;
        }
        unescape(raw, &mut self.unescaped)
    }

    /// The only value, if there is exactly one.
    #[inline]
    fn single(&mut self) -> Option<&str> {
        if self.values.len() == 1 {
            Some(self.value(0))
        } else {
            None
        }
    }

    fn is_single(&mut self, expected: &[u8]) -> bool {
        self.single().is_some_and(|v| v.as_bytes() == expected)
    }

    /// Types one main-line property and feeds it to the builder; `None` to decline.
    fn main_property(
        &mut self,
        b: &mut Builder,
        ident: (usize, usize),
        before_move: u32,
    ) -> Option<()> {
        let bytes = self.bytes;
        let valid = match kind(bytes.get(ident.0..ident.1).unwrap_or(b"")) {
            Kind::Move(color) => match self.single() {
                Some("") => {
                    b.play(color, Move::Pass);
                    true
                }
                Some(v) => match point(v) {
                    Some(p) => {
                        b.play(color, Move::Play(p));
                        true
                    }
                    None => false,
                },
                None => false,
            },
            Kind::Setup(stone) => {
                let ok = self.point_list()?;
                if ok {
                    b.setup(before_move, &mut self.points, stone);
                }
                ok
            }
            Kind::Territory(color) => {
                let ok = self.point_list()?;
                if ok {
                    let slot = color_slot(color);
                    std::mem::swap(&mut self.territory[slot], &mut self.points);
                    self.territory_set[slot] = true;
                }
                ok
            }
            Kind::Points => self.point_list()?,
            Kind::Text(field) => match (self.single(), field) {
                (Some(v), Some(field)) => {
                    b.text(field, v);
                    true
                }
                (Some(_), None) => true,
                (None, _) => false,
            },
            Kind::Number(lo, hi) => self
                .single()
                .and_then(|v| v.parse::<i64>().ok())
                .is_some_and(|n| (lo..=hi).contains(&n)),
            Kind::Game => match self.single().and_then(|v| v.parse::<i64>().ok()) {
                Some(g) => {
                    // GM other than 1 below the root: sgf-parse's reader gives up on the game;
                    // leave that row to it.
                    b.game_type(g).ok()?;
                    true
                }
                None => false,
            },
            Kind::Handicap => match self.single().and_then(|v| v.parse::<i64>().ok()) {
                Some(n) if n >= 2 => {
                    b.handicap(n);
                    true
                }
                _ => false,
            },
            Kind::Real => self.single().is_some_and(|v| v.parse::<f64>().is_ok()),
            Kind::Komi => match self.single().and_then(|v| v.parse::<f64>().ok()) {
                Some(k) => {
                    b.komi(k);
                    true
                }
                None => false,
            },
            Kind::Double => self.single().is_some_and(|v| v == "1" || v == "2"),
            Kind::Player => self.single().is_some_and(|v| v == "B" || v == "W"),
            Kind::Empty => self.single().is_some_and(str::is_empty),
            Kind::Pairs => self.point_pairs(),
            Kind::Labels => (0..self.values.len())
                .all(|i| compose(self.value(i)).is_some_and(|(p, _)| point(p).is_some())),
            Kind::Application => match self.single().and_then(compose) {
                Some((name, version)) => {
                    b.application(name, version);
                    true
                }
                None => false,
            },
            Kind::Size => match self.single().and_then(size) {
                Some((w, h)) => {
                    b.size(w, h);
                    true
                }
                None => false,
            },
            Kind::Figure => match self.values.len() {
                1 => {
                    let v = self.value(0);
                    v.is_empty() || compose(v).is_some_and(|(n, _)| n.parse::<i64>().is_ok())
                }
                _ => false,
            },
            Kind::Unknown => {
                b.unknown(self.text.get(ident.0..ident.1).unwrap_or(""));
                true
            }
        };
        if !valid {
            let id = self.text.get(ident.0..ident.1).unwrap_or("");
            let values: Vec<String> = (0..self.values.len())
                .map(|i| self.value(i).to_string())
                .collect();
            b.invalid(id, &values);
        }
        Some(())
    }

    /// The current property's values as a point list into `self.points` (rectangles expanded,
    /// repeats kept): `Some(false)` when sgf-parse would find it invalid, `None` to decline.
    fn point_list(&mut self) -> Option<bool> {
        let mut points = std::mem::take(&mut self.points);
        points.clear();
        let mut ok = true;
        for i in 0..self.values.len() {
            let v = self.value(i);
            if v.contains(':') {
                let Some((ul, lr)) = compose(v).and_then(|(a, c)| Some((point(a)?, point(c)?)))
                else {
                    ok = false;
                    break;
                };
                if ul.x > lr.x || ul.y > lr.y {
                    ok = false;
                    break;
                }
                let area = (usize::from(lr.x - ul.x) + 1) * (usize::from(lr.y - ul.y) + 1);
                if points.len() + area > MAX_LIST_POINTS {
                    self.points = points;
                    return None;
                }
                for x in ul.x..=lr.x {
                    for y in ul.y..=lr.y {
                        points.push(Point::new(x, y));
                    }
                }
            } else {
                match point(v) {
                    Some(p) if points.len() < MAX_LIST_POINTS => points.push(p),
                    Some(_) => {
                        self.points = points;
                        return None;
                    }
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
        }
        self.points = points;
        Some(ok)
    }

    /// `AR`/`LN`: every value `point:point` with different ends, no pair twice.
    fn point_pairs(&mut self) -> bool {
        let mut pairs: Vec<(Point, Point)> = Vec::with_capacity(self.values.len());
        for i in 0..self.values.len() {
            let pair = compose(self.value(i)).and_then(|(a, c)| Some((point(a)?, point(c)?)));
            match pair {
                Some((a, c)) if a != c => pairs.push((a, c)),
                _ => return false,
            }
        }
        pairs.sort_unstable();
        pairs.windows(2).all(|w| w[0] != w[1])
    }

    /// The main line ended with the node just read: its territory is the record's.
    fn last_node(&mut self, b: &mut Builder) {
        for (slot, color) in [(0, Color::Black), (1, Color::White)] {
            if self.territory_set[slot] {
                b.territory(color, &mut self.territory[slot]);
            }
        }
    }
}

/// `raw` without its escaping backslashes (a backslash keeps the next character, whatever it
/// is), in `buf` when there was one to remove.
fn unescape<'s>(raw: &'s str, buf: &'s mut String) -> &'s str {
    if !raw.contains('\\') {
        return raw;
    }
    buf.clear();
    let mut escape = false;
    for c in raw.chars() {
        if c == '\\' && !escape {
            escape = true;
        } else {
            escape = false;
            buf.push(c);
        }
    }
    buf
}

fn color_slot(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// sgf-parse's Go point: exactly two letters, `a`–`z` = 0–25, `A`–`Z` = 26–51.
pub(super) fn point(v: &str) -> Option<Point> {
    fn coordinate(c: u8) -> Option<u8> {
        match c {
            b'a'..=b'z' => Some(c - b'a'),
            b'A'..=b'Z' => Some(c - b'A' + 26),
            _ => None,
        }
    }
    match *v.as_bytes() {
        [x, y] => Some(Point::new(coordinate(x)?, coordinate(y)?)),
        _ => None,
    }
}

/// sgf-parse's compose split: exactly one `:` (of the unescaped value).
fn compose(v: &str) -> Option<(&str, &str)> {
    let (a, c) = v.split_once(':')?;
    (!c.contains(':')).then_some((a, c))
}

/// sgf-parse's `SZ`: `n` or `w:h`, each a u8 as `str::parse` reads it.
fn size(v: &str) -> Option<(u8, u8)> {
    if v.contains(':') {
        let (w, h) = compose(v)?;
        Some((w.parse().ok()?, h.parse().ok()?))
    } else {
        let n = v.parse().ok()?;
        Some((n, n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sgf::record::build_record;

    /// The record sgf-parse's path gives for `text`.
    fn reference(text: &str) -> Result<GameRecord, RecordError> {
        let trees = sgf_parse::parse(text).expect("the test text parses");
        let Some(sgf_parse::GameTree::GoGame(root)) = trees.into_iter().next() else {
            panic!("not a Go tree: {text}");
        };
        build_record(&root)
    }

    /// Reads `text` fast, and checks the result equals sgf-parse's.
    fn read(text: &str) -> GameRecord {
        let fast = read_game(text, 8).unwrap_or_else(|| panic!("declined: {text}"));
        assert_eq!(fast, reference(text), "{text}");
        fast.expect("a record")
    }

    fn declines(text: &str) {
        assert!(read_game(text, 8).is_none(), "should decline: {text}");
    }

    fn play(x: u8, y: u8) -> Move {
        Move::Play(Point::new(x, y))
    }

    #[test]
    fn a_plain_game() {
        let r = read("(;GM[1]FF[4]SZ[19]KM[6.5]PB[Black]PW[White]RE[B+R];B[pd];W[dp])");
        assert_eq!(r.moves.len(), 2);
        assert_eq!(r.moves[0].mv, play(15, 3));
        assert_eq!(r.black.as_deref(), Some("Black"));
        assert_eq!(r.komi, Some(6.5));
    }

    /// A counted margin whose sum with komi is not whole is no count (RULES.md §5): the
    /// winner stays, the margin goes, and the game is not compared.
    #[test]
    fn a_margin_no_count_can_give_beside_the_komi_is_no_count() {
        use crate::sgf::{ResultKind, Winner};
        let result = |km: &str, re: &str| {
            let r = read(&format!("(;GM[1]SZ[19]KM[{km}]RE[{re}];B[pd])"))
                .result
                .expect("a result");
            (r.winner, r.kind, r.margin_points())
        };
        let no_count = |w| (w, ResultKind::Unknown, None);
        assert_eq!(result("6.5", "W+6"), no_count(Winner::White));
        assert_eq!(result("-6.5", "B+1"), no_count(Winner::Black));
        assert_eq!(result("0", "B+0.5"), no_count(Winner::Black));
        let count = |w, m| (w, ResultKind::Score, Some(m));
        assert_eq!(result("6.5", "W+6.5"), count(Winner::White, 6.5));
        assert_eq!(result("-6.5", "B+0.5"), count(Winner::Black, 0.5));
        assert_eq!(result("7", "B+3"), count(Winner::Black, 3.0));
        // Fox's Chinese results in stones beside its komi in hundredths of stones
        assert_eq!(result("375", "B+1.75"), count(Winner::Black, 3.5));
        // a quarter fraction is stones only where the rules may count in stones
        let ruled = |ru: &str, re: &str| {
            let r = read(&format!("(;GM[1]SZ[19]KM[6.5]RU[{ru}]RE[{re}];B[pd])"))
                .result
                .expect("a result");
            (r.winner, r.kind, r.margin_points())
        };
        assert_eq!(ruled("Japanese", "B+1.25"), no_count(Winner::Black));
        assert_eq!(ruled("AGA", "W+0.75"), no_count(Winner::White));
        assert_eq!(ruled("Chinese", "B+1.25"), count(Winner::Black, 2.5));
        assert_eq!(ruled("Japanese", "黑胜1又1/4子"), count(Winner::Black, 2.5));
        // an unknown komi cannot be checked
        assert_eq!(result("", "W+6"), count(Winner::White, 6.0));
        // a win by nothing is no count, but under Ing's rules the tie that Black wins
        assert_eq!(result("8", "B+0"), no_count(Winner::Black));
        let ing = |re: &str| {
            let r = read(&format!("(;GM[1]SZ[19]KM[8]RU[Ing]RE[{re}];B[pd])"))
                .result
                .expect("a result");
            (r.winner, r.kind, r.margin_points())
        };
        assert_eq!(ing("B+0"), count(Winner::Black, 0.0));
        // however the win by nothing is written
        for written in [
            "B + 0",
            "Black+0",
            "B+0 points",
            "黑胜0目",
            "Black wins by 0",
        ] {
            assert_eq!(ing(written), count(Winner::Black, 0.0), "{written}");
        }
        assert_eq!(ing("W+0"), no_count(Winner::White));
        assert_eq!(ing("白胜0目"), no_count(Winner::White));
    }

    /// Fox headers: two `AP`s (the second names the server), `KM[0]` in even games whatever
    /// komi was played, Chinese results in stones beside `KM[375]`, `W+0.02`.
    /// Fox marks games that ended without a count `W+0.0`, `B+0.0` or `draw`: a win by
    /// nothing is no count, and Fox's draws, whatever the komi, are draws that no count is
    /// known to have given (elsewhere no count ties with a half-point komi, and such a draw
    /// names no winner).
    #[test]
    fn fox_wins_by_nothing_and_draws_are_no_counts() {
        use crate::sgf::{ResultKind, Winner};
        let head =
            "(;GM[1]FF[4]SZ[19]KM[650]HA[0]RU[Japanese]AP[GNU Go:3.8]RE[W+0.0]AP[foxwq];B[pd])";
        let result = |sgf: &str| {
            let re = read(sgf).result.expect("a result");
            (re.winner, re.kind, re.margin)
        };
        assert_eq!(result(head), (Winner::White, ResultKind::Unknown, None));
        let draw = head.replace("RE[W+0.0]", "RE[draw]");
        assert_eq!(result(&draw), (Winner::Draw, ResultKind::Unknown, None));
        let not_fox = draw.replace("AP[foxwq]", "");
        assert_eq!(
            result(&not_fox),
            (Winner::Unknown, ResultKind::Unknown, None)
        );
        // a whole komi could tie (a handicap game's KM[0] is its komi): the draw stands, how
        // the game ended is not said
        let handicap = draw
            .replace("KM[650]HA[0]", "KM[0]HA[2]AB[pd][dp]")
            .replace(";B[pd]", ";W[dd]");
        assert_eq!(result(&handicap), (Winner::Draw, ResultKind::Unknown, None));
        // so does a draw whose komi is unknown (Fox's KM[0] in an even game)
        let unknown_komi = draw.replace("KM[650]", "KM[0]");
        assert_eq!(
            result(&unknown_komi),
            (Winner::Draw, ResultKind::Unknown, None)
        );
        // elsewhere a draw with a whole komi is a counted draw
        let elsewhere = handicap.replace("AP[foxwq]", "");
        assert_eq!(
            result(&elsewhere),
            (Winner::Draw, ResultKind::Draw, Some(0.0))
        );
    }

    #[test]
    fn fox_records_keep_both_applications_and_no_false_komi() {
        let head = "(;GM[1]FF[4]  SZ[19]  KM[0]HA[0]RU[Japanese]AP[GNU Go:3.8]RE[B+2.50]AP[foxwq]RL[0];B[pd])";
        let r = read(head);
        assert_eq!(r.application.as_deref(), Some("GNU Go:3.8; foxwq"));
        assert_eq!((r.komi, r.komi_quirk), (None, Some("fox_zero_even")));
        assert_eq!(r.result.as_ref().and_then(|x| x.margin_points()), Some(2.5));
        // a handicap game's KM[0] is its komi
        let r = read(
            &head
                .replace("HA[0]", "HA[2]AB[pd][dp]")
                .replace(";B[pd]", ";W[dd]"),
        );
        assert_eq!((r.komi, r.komi_quirk), (Some(0.0), None));
        // older Fox records have no AP[foxwq] but Fox's clock (TC, TT)
        let old =
            "(;GM[1]SZ[19]KM[0]HA[0]RU[Japanese]AP[GNU Go:3.8]RE[B+2.5]TM[300]TC[3]TT[30];B[pd])";
        let r = read(old);
        assert_eq!((r.komi, r.komi_quirk), (None, Some("fox_zero_even")));
        // KM[0] elsewhere is a komi of 0
        let r = read(&old.replace("TC[3]", ""));
        assert_eq!((r.komi, r.komi_quirk), (Some(0.0), None));
        // names are SimpleText: a line break is a space, whatever its bytes
        let r = read(&head.replace("RL[0]", "PB[Cho\r\nHun]PW[Lee\\\nSedol]EV[a\nb\rc]"));
        assert_eq!(r.black.as_deref(), Some("Cho Hun"));
        assert_eq!(r.white.as_deref(), Some("Lee Sedol"));
        assert_eq!(r.event.as_deref(), Some("a b c"));
        // a one-stone game (HA[1]: no stone placed, Black first) is played without komi
        let r = read(&head.replace("HA[0]", "HA[1]"));
        assert_eq!((r.komi, r.komi_quirk, r.handicap), (Some(0.0), None, 0));
        // the clock must be the root's: a later node's TC and TT are no mark of Fox
        let r = read(&old.replace("TC[3]TT[30];B[pd]", ";B[pd]TC[3]TT[30]"));
        assert_eq!((r.komi, r.komi_quirk), (Some(0.0), None));
        // an AP naming Fox with a version is Fox's
        let r = read(&head.replace("AP[foxwq]", "AP[foxwq:2.0]"));
        assert_eq!((r.komi, r.komi_quirk), (None, Some("fox_zero_even")));
        let r = read(
            &head
                .replace("KM[0]", "KM[375]")
                .replace("RE[B+2.50]", "RE[B+1.75]"),
        );
        assert_eq!((r.komi, r.komi_quirk), (Some(7.5), Some("fox_hundredths")));
        assert_eq!(r.result.as_ref().and_then(|x| x.margin_points()), Some(3.5));
        let r = read(&head.replace("RE[B+2.50]", "RE[W+0.02]"));
        let re = r.result.expect("a result");
        assert_eq!(
            (re.winner, re.kind, re.margin),
            (
                crate::sgf::Winner::White,
                crate::sgf::ResultKind::Unknown,
                None
            )
        );
    }

    #[test]
    fn escapes_are_removed_as_sgf_parse_does() {
        let r = read(
            r"(;PB[Lee \] Sedol]PW[back\\slash]EV[soft\
break]C[a\:b];B[\p\d])",
        );
        assert_eq!(r.black.as_deref(), Some("Lee ] Sedol"));
        assert_eq!(r.white.as_deref(), Some(r"back\slash"));
        // the escaped break is kept by the lexer, then made a space as any SimpleText break
        assert_eq!(r.event.as_deref(), Some("soft break"));
        assert_eq!(r.moves[0].mv, play(15, 3));
        // An escaped colon is still a colon when the value is split.
        let r = read(r"(;AP[Tool\:x:1.0];B[aa])");
        assert_eq!(r.application.as_deref(), Some("Tool:x:1.0"));
        assert_eq!(r.invalid_properties, 0);
        // A backslash before a multi-byte character keeps the character.
        let r = read("(;PB[\\李];B[aa])");
        assert_eq!(r.black.as_deref(), Some("李"));
    }

    #[test]
    fn compressed_point_lists() {
        let r = read("(;SZ[19]AB[aa:cb][dd][aa];W[pp])");
        let pts: Vec<(u8, u8)> = r.setup.iter().map(|s| (s.point.x, s.point.y)).collect();
        assert_eq!(
            pts,
            [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 3)]
        );
        // A rectangle written the wrong way round, a third coordinate, an empty point: invalid.
        for bad in ["AB[cc:aa]", "AB[aa:bb:cc]", "AB[]", "AB[a]", "TB[]"] {
            let r = read(&format!("(;SZ[19]{bad};B[aa])"));
            assert_eq!(r.invalid_properties, 1, "{bad}");
            assert!(r.setup.is_empty(), "{bad}");
        }
        // Territory of the last node only, the last valid TB of that node.
        let r = read("(;SZ[9];B[aa]TB[bb];W[cc]TB[dd:ee]TB[ff]TW[zz:aa])");
        assert_eq!(r.territory_black, [Point::new(5, 5)]);
        assert!(r.territory_white.is_empty());
        assert_eq!(r.invalid_properties, 1);
    }

    #[test]
    fn stones_taken_off_at_the_count_stay_on_the_board() {
        let cleared = |r: &GameRecord| -> Vec<(u32, u8, u8)> {
            r.setup
                .iter()
                .filter(|s| s.stone.is_none())
                .map(|s| (s.before_move, s.point.x, s.point.y))
                .collect()
        };
        // Jago's count: the dead stone at C3 taken off in the last node, its point White's
        let r = read("(;SZ[9];B[cc];W[ee];B[];W[];AE[cc]TW[cc][dd]TB[aa])");
        assert!(cleared(&r).is_empty());
        // ... also when the markup comes a node after the clearing
        let r = read("(;SZ[9];B[cc];W[ee];AE[cc];TW[cc])");
        assert!(cleared(&r).is_empty());
        // ... and when the clearing shares a node with a closing pass (only passes follow)
        let r = read("(;SZ[9];B[cc];W[ee];B[];W[]AE[cc]TW[cc][dd]TB[aa])");
        assert!(cleared(&r).is_empty());
        let r = read("(;SZ[9];B[cc];W[ee];B[]AE[cc];W[]TW[cc][dd]TB[aa])");
        assert!(cleared(&r).is_empty());
        // not in the node of the last stone placed: that is an edit before it
        let r = read("(;SZ[9];B[cc];W[ee]AE[cc];B[];W[]TW[cc])");
        assert_eq!(cleared(&r), [(1, 2, 2)]);
        // a point the markup does not cover stays cleared: an edit of the position
        let r = read("(;SZ[9];B[cc];W[ee];AE[cc][gg]TW[dd][gg])");
        assert_eq!(cleared(&r), [(2, 2, 2)]);
        // without markup, and before the last move, `AE` is an edit
        let r = read("(;SZ[9];B[cc];W[ee];AE[cc])");
        assert_eq!(cleared(&r), [(2, 2, 2)]);
        let r = read("(;SZ[9];B[cc];AE[cc];W[ee]TW[cc])");
        assert_eq!(cleared(&r), [(1, 2, 2)]);
        // a composed position with no move is not a count
        let r = read("(;SZ[9]AB[cc];AE[cc]TW[cc])");
        assert_eq!(cleared(&r), [(0, 2, 2)]);
    }

    #[test]
    fn passes() {
        let r = read("(;SZ[19];B[];W[tt];B[ss])");
        assert_eq!(r.moves[0].mv, Move::Pass);
        assert_eq!(r.moves[1].mv, Move::Pass, "tt is a pass on 19x19");
        assert_eq!(r.moves[2].mv, play(18, 18));
        assert_eq!(r.passes, 2);
        // `B[ ]`: not a point; the builder reads a blank move as a pass, not counted invalid.
        let r = read("(;SZ[19];B[ ];W[a])");
        assert_eq!(r.moves[0].mv, Move::Pass);
        assert_eq!(r.moves[1].mv, play(u8::MAX, u8::MAX));
        assert_eq!(r.invalid_properties, 1);
    }

    #[test]
    fn plain_moves_and_their_near_misses() {
        // The shortcut for `;B[pd]` must agree with the general path on everything around it.
        for text in [
            "(;SZ[19];B[pd];W[dp])",
            "(;SZ[19];B[pd]\n;W[dp]\n)",
            "(;SZ[19];B[pd] [dd];W[dp])",
            "(;SZ[19];B[pd]\n[dd];W[dp])",
            "(;SZ[19];B[pd]C[x];W[dp]BL[10])",
            "(;SZ[19];B[pD];W[Dp])",
            "(;SZ[19];B[p1];W[])",
            "(;SZ[19];B[pd](;W[dp])(;W[dd]))",
            "(;B[pd];W[dp])",
        ] {
            read(text);
        }
        let r = read("(;SZ[19];B[pd] [dd];W[dp])");
        assert_eq!(r.moves[0].mv, play(u8::MAX, u8::MAX), "two values: invalid");
    }

    #[test]
    fn the_main_line_is_the_first_variation() {
        let r = read("(;SZ[9];B[aa](;W[bb](;B[cc])(;B[dd]TB[ee]))(;W[ff];B[gg]))");
        let moves: Vec<Move> = r.moves.iter().map(|m| m.mv).collect();
        assert_eq!(moves, [play(0, 0), play(1, 1), play(2, 2)]);
        assert!(r.territory_black.is_empty());
        // Properties off the main line are not typed: a bad one there changes nothing.
        let r = read("(;SZ[9];B[aa](;W[bb])(;W[zzz]FOO[x]))");
        assert_eq!((r.invalid_properties, r.unknown_properties), (0, 0));
    }

    #[test]
    fn multiple_values_and_whitespace_between_them() {
        let r = read("(;SZ[19]AW[aa] \n [bb]\t[cc];B[dd]\r\n;W[ee] ) ");
        assert_eq!(r.setup.len(), 3);
        assert_eq!(r.moves.len(), 2);
        // Two values where one is expected: invalid (a move off the board is kept); the same
        // text twice is that text.
        let r = read("(;SZ[19]PW[c] [c ]RE[W+R][W+R];B[dd])");
        assert_eq!((r.white.as_deref(), r.invalid_properties), (Some("c"), 0));
        assert_eq!(
            r.result.map(|r| r.winner),
            Some(super::super::Winner::White)
        );
        let r = read("(;SZ[19]PB[a][b]KM[6.5][7];B[aa][bb])");
        assert_eq!(r.black, None);
        assert_eq!(r.komi_raw.as_deref(), Some("6.5][7"));
        assert_eq!(r.moves[0].mv, play(u8::MAX, u8::MAX));
        assert_eq!(
            r.invalid_properties, 3,
            "PB, KM (no komi is read from 6.5][7) and B"
        );
    }

    #[test]
    fn values_typed_like_sgf_parse() {
        let r = read(
            "(;GM[1]FF[5]ST[2]SZ[13:9]HA[1]KM[+6.5]TM[1e3]PL[X]DM[3]KO[x]FG[1:fig]LB[aa:A][bb:]\
             AR[aa:bb][aa:bb]LN[aa:aa]MN[-3]XX[whatever]YY[]OT[];B[aa])",
        );
        assert_eq!((r.board_width, r.board_height), (13, 9));
        assert_eq!(r.komi, Some(6.5));
        assert_eq!(r.unknown_properties, 2);
        // FF[5], PL[X], DM[3], KO[x], AR twice, LN with equal ends (HA[1] is no handicap).
        assert_eq!(r.invalid_properties, 6);
        let r = read("(;SZ[19]HA[3]KM[5 1/2]AP[Tool];B[aa])");
        assert_eq!(r.handicap, 3);
        assert_eq!(r.komi, Some(5.5));
        assert_eq!(r.application.as_deref(), Some("Tool"));
        let r = read("(;SZ[9:9];B[aa])");
        assert_eq!(r.board_width, 9);
        assert!(read_game("(;SZ[abc];B[aa])", 2).unwrap().is_err());
        assert_eq!(
            read_game("(;SZ[abc];B[aa])", 2).unwrap(),
            reference("(;SZ[abc];B[aa])")
        );
    }

    /// `invalid_properties` counts a `KM`, `KO` or `HA` value nothing is read from, once each
    /// and alike on both readers; a value read as a komi or handicap quirk is no invalid one.
    #[test]
    fn unreadable_komi_and_handicap_values_are_invalid_properties() {
        let invalid =
            |props: &str| read(&format!("(;GM[1]SZ[19]{props};B[pd])")).invalid_properties;
        for unreadable in [
            "KM[abc]",
            "KM[nan]",
            "KM[inf]",
            "KM[6.5][7]",
            "KO[xxxx]",
            "HA[x]",
            "HA[2 stones]",
            "HA[-2]",
            "HA[2.5.0]",
            "KM[6.5]KM[abc]",
            // two numbers are none: not one with a decimal comma
            "KM[6][5]",
            "KO[6][5]",
            "HA[2][3]",
        ] {
            assert_eq!(invalid(unreadable), 1, "{unreadable}");
        }
        assert_eq!(invalid("KM[abc]KO[x]HA[x]"), 3);
        for read_as_a_quirk in [
            "KM[]",
            "KM[ ]",
            "KM[6.5 ]",
            "KM[5 1/2]",
            "KM[-6,5]",
            "KM[375]",
            "KM[2.75]",
            "KM[+6.5]",
            "KO[]",
            "KO[7.5]",
            "KO[+6.5]",
            "KO[-6,5]",
            "HA[]",
            "HA[0]",
            "HA[1]",
            "HA[ 3 ]",
            "HA[7.5]",
        ] {
            assert_eq!(invalid(read_as_a_quirk), 0, "{read_as_a_quirk}");
        }
        // KO is read as KM is: a sign and a decimal comma kept
        for (ko, komi) in [("KO[+6.5]", 6.5), ("KO[-6,5]", -6.5)] {
            let r = read(&format!("(;GM[1]SZ[19]{ko};B[pd])"));
            assert_eq!(
                (r.komi, r.komi_quirk),
                (Some(komi), Some("ko_property")),
                "{ko}"
            );
        }
        // the komi an unreadable KM leaves unknown is said, as before
        let r = read("(;GM[1]SZ[19]KM[abc];B[pd])");
        assert_eq!((r.komi, r.komi_quirk), (None, Some("unreadable")));
        for two in ["KM[6][5]", "KO[6][5]", "HA[6][5]"] {
            let r = read(&format!("(;GM[1]SZ[19]{two};B[pd])"));
            assert_eq!((r.komi, r.handicap), (None, 0), "{two}");
        }
        assert_eq!(
            read("(;GM[1]SZ[19]KM[6][5];B[pd])").komi_raw.as_deref(),
            Some("6][5")
        );
    }

    /// `HA` counts stones whatever way a whole number is written; a negative, fractional or
    /// doubled one is no handicap (a fractional one may be the komi).
    #[test]
    fn handicap_counts_written_as_whole_numbers() {
        let game = |ha: &str| read(&format!("(;GM[1]SZ[19]{ha}KM[0.5];B[pd];W[dp];B[pp])"));
        for ha in [
            "HA[3]", "HA[3.0]", "HA[3,0]", "HA[ 3 ]", "HA[+3]", "HA[003]",
        ] {
            assert_eq!(game(ha).handicap, 3, "{ha}");
        }
        for none in ["HA[-3]", "HA[3.5]", "HA[6/2]", "HA[3][3]", "HA[x]"] {
            assert_eq!(game(none).handicap, 0, "{none}");
        }
        // more stones than the nine fixed points, and no stone on the board backs them
        let r = read("(;GM[1]SZ[19]HA[99999999999999999999];B[pd];W[dp])");
        assert_eq!((r.handicap, r.invalid_properties), (0, 0));
    }

    #[test]
    fn declines_what_it_does_not_reproduce() {
        declines("(;GM[2];B[aa])");
        declines("(;GM[01];B[aa])");
        declines("(;GM[1]GM[1];B[aa])");
        declines("(;SZ[19];GM[3];B[aa])");
        declines("(;SZ[19];b[aa])");
        declines("(;SZ[19];Bc[aa])");
        declines("(;SZ[19];B [aa])");
        declines("(;SZ[19];B2[aa])");
        declines("(;SZ[19];[aa])");
        declines("(;;B[aa])");
        declines("(;SZ[19];B[aa]");
        declines("(;SZ[19];B[aa)");
        declines("(;SZ[19]()(;B[aa]))");
        declines("(;SZ[19]((;B[aa])))");
        declines("(;SZ[19](;B[aa]);W[bb])");
        declines("(;SZ[19];B[aa])x");
        declines("(;SZ[19];B[aa])(;B[aa])");
        declines("(;SZ[19]\u{3000};B[aa])");
        declines("x(;SZ[19];B[aa])");
        declines("(;SZ[19]AB[aa:ZZ][aa:ZZ];B[aa])");
        declines("");
        declines("(");
        declines(")");
        declines("(;B[\\");
    }

    #[test]
    fn never_panics_on_any_prefix() {
        let text = "(;GM[1]SZ[19]PB[\\李]AB[aa:cc][dd](;B[pd]C[x\\]y];W[]TB[aa:bb])(;W[cc]))";
        for end in 0..=text.len() {
            if let Some(prefix) = text.get(..end) {
                let _ = read_game(prefix, 4);
            }
        }
        for bytes in [&b"(;B[\xff\xfe]"[..], b"(;AB[aa:\xc3\xa9]", b"(;B\\[aa])"] {
            let _ = read_game(&String::from_utf8_lossy(bytes), 1);
        }
    }
}
