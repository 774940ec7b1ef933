//! The recorded result (`RE`): the raw string is always kept; winner, kind and margin are parsed
//! where the text says them plainly, never guessed. Forms handled (RULES.md §5): `B+3.5`,
//! `W+R`/`W+Resign`, `B+T`/`B+Time`, `B+F`/`B+Forfeit`, `0`/`Draw`/`Jigo`/`J`, `Void`, `?`,
//! `B+` (no margin), `W+0.02` and `W+0.0` (margins no count can give: read as `W+`), `B+1.75`
//! (a quarter fraction: stones, as Fox writes Chinese results),
//! `B+Offline`, `B+Illegal`, prose such as `Black resigns`, and Chinese results
//! (`白胜43.5目`, `黑胜2又3/4子`, `黑不计点胜`, `和棋`).

/// Who the record says won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    Black,
    White,
    Draw,
    Void,
    Unknown,
}

impl Winner {
    pub fn name(self) -> &'static str {
        match self {
            Winner::Black => "B",
            Winner::White => "W",
            Winner::Draw => "draw",
            Winner::Void => "void",
            Winner::Unknown => "unknown",
        }
    }
}

/// How the game ended, according to the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultKind {
    /// Counted: the margin (if given) is a score.
    Score,
    Resign,
    Time,
    Forfeit,
    Draw,
    Void,
    Unknown,
}

impl ResultKind {
    pub fn name(self) -> &'static str {
        match self {
            ResultKind::Score => "score",
            ResultKind::Resign => "resign",
            ResultKind::Time => "time",
            ResultKind::Forfeit => "forfeit",
            ResultKind::Draw => "draw",
            ResultKind::Void => "void",
            ResultKind::Unknown => "unknown",
        }
    }
}

/// A parsed `RE` value.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    pub raw: String,
    pub winner: Winner,
    pub kind: ResultKind,
    /// The winner's margin as written, in the record's unit (points, or stones when
    /// `in_stones`). `None` when the result carries no margin.
    pub margin: Option<f64>,
    /// The margin was written in stones (子): one stone of count = 2 points of margin.
    pub in_stones: bool,
}

impl GameResult {
    fn new(raw: &str, winner: Winner, kind: ResultKind, margin: Option<f64>) -> Self {
        GameResult {
            raw: raw.to_string(),
            winner,
            kind,
            margin,
            in_stones: false,
        }
    }

    /// The winner's margin in points (stone margins doubled).
    pub fn margin_points(&self) -> Option<f64> {
        self.margin
            .map(|m| if self.in_stones { m * 2.0 } else { m })
    }

    /// A win's margin as Black minus White, in points (see [`GameResult::margin_points`]);
    /// `None` for a draw, an unknown winner or a win without margin.
    pub fn margin_b_minus_w(&self) -> Option<f64> {
        let m = self.margin_points()?;
        match self.winner {
            Winner::Black => Some(m),
            Winner::White => Some(-m),
            _ => None,
        }
    }
}

/// Parses an `RE` value. Never fails: what cannot be read is `Unknown`.
pub fn parse_result(raw: &str) -> GameResult {
    let s = raw.trim();
    let lower = s.to_lowercase();
    let unknown = || GameResult::new(raw, Winner::Unknown, ResultKind::Unknown, None);
    if s.is_empty() || s == "?" {
        return unknown();
    }
    match lower.as_str() {
        "0" | "draw" | "jigo" | "j" | "d" | "tie" | "w+j" | "b+j" | "d+j" | "0.0" | "和棋"
        | "和" | "持碁" | "무승부" | "빅" => {
            return GameResult::new(raw, Winner::Draw, ResultKind::Draw, Some(0.0))
        }
        "void" | "no result" | "noresult" | "無勝負" | "无胜负" => {
            return GameResult::new(raw, Winner::Void, ResultKind::Void, None)
        }
        _ => {}
    }
    if let Some(r) = parse_chinese(raw, s) {
        return r;
    }
    // "B+...", "W+..." (also "B+ 3.5", "b+r").
    let bytes = lower.as_bytes();
    if bytes.len() >= 2 && (bytes[0] == b'b' || bytes[0] == b'w') && bytes[1] == b'+' {
        let winner = if bytes[0] == b'b' {
            Winner::Black
        } else {
            Winner::White
        };
        // a word may end with a full stop (`W+Res.`, `B+Resign.`)
        let rest = lower[2..].trim();
        let rest = rest.strip_suffix('.').unwrap_or(rest);
        let kind_word = |w: &str| -> Option<ResultKind> {
            Some(match w {
                "r" | "res" | "resign" | "resignation" | "resigned" => ResultKind::Resign,
                "t" | "time" | "timeout" | "time out" | "time over" => ResultKind::Time,
                "f" | "forfeit" | "illegal" | "offline" | "disconnect" | "disconnection" => {
                    ResultKind::Forfeit
                }
                _ => return None,
            })
        };
        if rest.is_empty() {
            // "B+" with no margin: a win, how is not said.
            return GameResult::new(raw, winner, ResultKind::Unknown, None);
        }
        if let Some(kind) = kind_word(rest) {
            return GameResult::new(raw, winner, kind, None);
        }
        if let Some(m) = parse_number(rest) {
            // `W+0.0`: a win by nothing is no count (a count of 0 is a draw, written as one);
            // Fox writes it for games that ended without a count (**choice**, measured on the
            // 424 Fox games so marked in corpus/dev: our count is within a point of a tie in
            // 8). Read like `W+`: the named winner, how is not said, not compared.
            if m == 0.0 {
                return GameResult::new(raw, winner, ResultKind::Unknown, None);
            }
            if m > 0.0 {
                return counted(raw, winner, m, false);
            }
        }
        return GameResult::new(raw, winner, ResultKind::Unknown, None);
    }
    // Prose.
    let black_word = lower.starts_with("black") || lower.starts_with("黑");
    let white_word = lower.starts_with("white") || lower.starts_with("白");
    if black_word || white_word {
        let resigns = lower.contains("resign");
        let wins = lower.contains("win") || lower.contains("won");
        let subject = if black_word {
            Winner::Black
        } else {
            Winner::White
        };
        let other = if black_word {
            Winner::White
        } else {
            Winner::Black
        };
        if resigns {
            return GameResult::new(raw, other, ResultKind::Resign, None);
        }
        if wins {
            let kind = if lower.contains("time") {
                ResultKind::Time
            } else {
                ResultKind::Unknown
            };
            return GameResult::new(raw, subject, kind, None);
        }
    }
    unknown()
}

/// Chinese-language results: `黑胜3.5目`, `黑胜半目`, `白胜1目半` (points), `白胜2又3/4子` /
/// `黑胜1/4子` / `黑胜半子` (stones),
/// `黑中盘胜` (resignation), `黑不计点胜` (won without counting), `白超时胜` (time).
fn parse_chinese(raw: &str, s: &str) -> Option<GameResult> {
    let (winner, rest) = if let Some(r) = s.strip_prefix('黑') {
        (Winner::Black, r)
    } else if let Some(r) = s.strip_prefix('白') {
        (Winner::White, r)
    } else {
        return None;
    };
    let rest = rest.trim();
    let (kind_prefix, rest) = if let Some(r) = rest.strip_prefix("中盘胜") {
        (Some(ResultKind::Resign), r)
    } else if let Some(r) = rest.strip_prefix("不计点胜") {
        (Some(ResultKind::Resign), r)
    } else if let Some(r) = rest.strip_prefix("超时胜") {
        (Some(ResultKind::Time), r)
    } else if let Some(r) = rest.strip_prefix("胜") {
        (None, r)
    } else if let Some(r) = rest.strip_prefix("勝") {
        (None, r)
    } else {
        return None;
    };
    if let Some(kind) = kind_prefix {
        return Some(GameResult::new(raw, winner, kind, None));
    }
    let rest = rest.trim();
    if rest.is_empty() {
        return Some(GameResult::new(raw, winner, ResultKind::Unknown, None));
    }
    if rest == "中盘" {
        return Some(GameResult::new(raw, winner, ResultKind::Resign, None));
    }
    // a half after the unit: `1目半` is 1½ points, `1子半` 1½ stones
    let (rest, and_a_half) = match rest.strip_suffix('半') {
        Some(r) if r.ends_with(['目', '子', '点']) => (r, true),
        _ => (rest, false),
    };
    let (number, in_stones) = if let Some(n) = rest.strip_suffix('子') {
        (n, true)
    } else if let Some(n) = rest.strip_suffix('目') {
        (n, false)
    } else if let Some(n) = rest.strip_suffix("点") {
        (n, false)
    } else {
        (rest, false)
    };
    // `半目` is half a point, `2又3/4子` two stones and three quarters
    let mut number = number.replace('又', " ").replace('半', "1/2");
    if and_a_half {
        number.push_str(" 1/2");
    }
    // a margin not read still leaves the winner the text names
    Some(match parse_number(&number) {
        Some(margin) => counted(raw, winner, margin, in_stones),
        None => GameResult::new(raw, winner, ResultKind::Unknown, None),
    })
}

/// Whether `raw` is a Black win by nothing (`B+0`, `B+0.0`): no count under most rules, but
/// the count of a tie under Ing's, which give ties to Black.
pub fn is_black_win_by_nothing(raw: &str) -> bool {
    let lower = raw.trim().to_ascii_lowercase();
    lower
        .strip_prefix("b+")
        .and_then(parse_number)
        .is_some_and(|m| m == 0.0)
}

/// A counted result with its margin as written, checked against what a count can give
/// (RULES.md §5). A margin in points is whole or half, as komi is. A quarter fraction
/// (`B+1.75`) can only be stones (子): Fox writes its Chinese results so, beside `KM[375]`
/// (3.75 stones); **choice**, measured on the 41 Fox games with `KM[375]`/`KM[325]` in
/// corpus/dev: read as points none matched our Chinese count, read as stones most do. Any
/// other fraction (Fox `W+0.02`, `W+0.03`, `W+3.2`) cannot be a count: like `B+`, a win
/// whose manner is not said (kind unknown, no margin; the raw text keeps it), so the game is
/// not compared.
fn counted(raw: &str, winner: Winner, margin: f64, in_stones: bool) -> GameResult {
    let mut r = GameResult::new(raw, winner, ResultKind::Score, Some(margin));
    if in_stones || (margin * 2.0).fract() != 0.0 {
        if (margin * 4.0).fract() == 0.0 {
            r.in_stones = true;
        } else {
            r.kind = ResultKind::Unknown;
            r.margin = None;
        }
    }
    r
}

/// A non-negative number as written in results and komi: `3.5`, `3,5`, `5 1/2`, `3/4`, `½`.
/// Only digits and a decimal point make a number: `1e3`, `-5`, `+5`, `inf` are not one.
pub fn parse_number(s: &str) -> Option<f64> {
    let s = s.trim().replace(',', ".");
    if s.is_empty() {
        return None;
    }
    // `str::parse::<f64>` also takes signs, exponents, `inf` and `NaN`
    let decimal = |t: &str| {
        t.bytes().any(|b| b.is_ascii_digit())
            && t.bytes().all(|b| b.is_ascii_digit() || b == b'.')
            && t.bytes().filter(|&b| b == b'.').count() <= 1
    };
    // a number of hundreds of digits parses to infinity: not a number either
    if decimal(&s) {
        return s.parse::<f64>().ok().filter(|v| v.is_finite());
    }
    let s = s
        .replace('½', " 1/2")
        .replace('¼', " 1/4")
        .replace('¾', " 3/4");
    let mut total = 0.0;
    let mut parts = 0;
    for part in s.split_whitespace() {
        parts += 1;
        if let Some((n, d)) = part.split_once('/') {
            if !decimal(n) || !decimal(d) {
                return None;
            }
            let n: f64 = n.parse().ok().filter(|v: &f64| v.is_finite())?;
            let d: f64 = d.parse().ok().filter(|v: &f64| v.is_finite())?;
            if d == 0.0 {
                return None;
            }
            total += n / d;
        } else if decimal(part) {
            total += part.parse::<f64>().ok().filter(|v| v.is_finite())?;
        } else {
            return None;
        }
    }
    (parts > 0 && total.is_finite()).then_some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(raw: &str, winner: Winner, kind: ResultKind, margin_points: Option<f64>) {
        let r = parse_result(raw);
        assert_eq!(
            (r.winner, r.kind, r.margin_points()),
            (winner, kind, margin_points),
            "{raw}"
        );
        assert_eq!(r.raw, raw);
    }

    #[test]
    fn spec_forms() {
        use ResultKind::{Forfeit, Resign, Score, Time};
        use Winner::{Black, Unknown, White};
        check("B+3.5", Black, Score, Some(3.5));
        check("W+0.5", White, Score, Some(0.5));
        check("B+R", Black, Resign, None);
        check("W+Res.", White, Resign, None);
        check("B+Resign.", Black, Resign, None);
        check("W+Resign", White, Resign, None);
        check("B+T", Black, Time, None);
        check("W+Time", White, Time, None);
        check("B+F", Black, Forfeit, None);
        check("0", Winner::Draw, ResultKind::Draw, Some(0.0));
        check("Draw", Winner::Draw, ResultKind::Draw, Some(0.0));
        check("Void", Winner::Void, ResultKind::Void, None);
        check("?", Unknown, ResultKind::Unknown, None);
    }

    #[test]
    fn forms_seen_in_real_archives() {
        use ResultKind::{Forfeit, Resign, Score};
        use Winner::{Black, Unknown, White};
        check("Jigo", Winner::Draw, ResultKind::Draw, Some(0.0));
        check("W+J", Winner::Draw, ResultKind::Draw, Some(0.0));
        check("B+", Black, ResultKind::Unknown, None);
        check("B+0.02", Black, ResultKind::Unknown, None);
        check("W+0.03", White, ResultKind::Unknown, None);
        check("W+3.2", White, ResultKind::Unknown, None);
        // Fox writes Chinese results in stones: a quarter fraction is no count in points
        check("B+1.75", Black, Score, Some(3.5));
        check("W+0.25", White, Score, Some(0.5));
        assert!(parse_result("B+1.75").in_stones);
        check("W+0.50", White, Score, Some(0.5));
        // Fox: a win by nothing is no count, nor a draw
        check("W+0.0", White, ResultKind::Unknown, None);
        check("B+0", Black, ResultKind::Unknown, None);
        check("B+Offline", Black, Forfeit, None);
        check("B+Illegal", Black, Forfeit, None);
        check("RE", Unknown, ResultKind::Unknown, None);
        check("Black resigns. W 133", White, Resign, None);
        check("Unfinished", Unknown, ResultKind::Unknown, None);
        check("Both lost", Unknown, ResultKind::Unknown, None);
        check("b+r", Black, Resign, None);
        check("W+Time Over", White, ResultKind::Time, None);
    }

    #[test]
    fn chinese_results() {
        use ResultKind::{Resign, Score};
        use Winner::{Black, White};
        check("白胜43.5目", White, Score, Some(43.5));
        check("黑胜2又3/4子", Black, Score, Some(5.5));
        check("黑胜1/4子", Black, Score, Some(0.5));
        check("黑不计点胜", Black, Resign, None);
        check("白中盘胜", White, Resign, None);
        check("和棋", Winner::Draw, ResultKind::Draw, Some(0.0));
        assert!(parse_result("黑胜2又3/4子").in_stones);
        // halves: 半目 half a point, 1目半 one and a half, 半子 half a stone (one point)
        check("黑胜半目", Black, Score, Some(0.5));
        check("白胜1目半", White, Score, Some(1.5));
        check("黑胜半子", Black, Score, Some(1.0));
        check("白胜1子半", White, Score, Some(3.0));
        // a margin that is no number still names the winner
        check("黑胜几目", Black, ResultKind::Unknown, None);
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_number("5 1/2"), Some(5.5));
        assert_eq!(parse_number("3,5"), Some(3.5));
        assert_eq!(parse_number("½"), Some(0.5));
        assert_eq!(parse_number(""), None);
        for not_a_number in ["1e3", "-5", "+5", "inf", "NaN", "1.2.3", "5 -1/2", "."] {
            assert_eq!(parse_number(not_a_number), None, "{not_a_number}");
        }
        assert_eq!(parse_number("1/0"), None);
        // four hundred digits parse to infinity: no number (an infinite komi made every
        // margin infinite)
        let huge = "9".repeat(400);
        for spelling in [
            huge.clone(),
            format!("{huge},5"),
            format!("{huge} 1/2"),
            format!("1/{huge}0"),
        ] {
            assert_eq!(parse_number(&spelling), None, "{spelling}");
        }
    }
}
