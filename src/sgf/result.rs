//! The recorded result (`RE`): the raw string is always kept; winner, kind and margin are parsed
//! where the text says them plainly, never guessed. Forms handled (RULES.md §5): `B+3.5`,
//! `W+R`/`W+Resign`, `B+T`/`B+Time`, `B+F`/`B+Forfeit`, `0`/`Draw`/`Jigo`/`J`, `Void`, `?`,
//! `B+` (no margin), `W+0.02` and `W+0.0` (margins no count can give: read as `W+`), `B+1.75`
//! (a quarter fraction: stones, as Fox writes Chinese results),
//! `B+Offline`, `B+Illegal`, `W+Repetition`, `B+3.5 points`, `B + 3.5`, `Black+3.5`,
//! English sentences (`Black resigns`, `White wins by 2.5 points`, `Black wins (White
//! resigned)`), and results in Chinese (`白胜43.5目`, `黑胜2又3/4子`, `黑胜七目半`, `黑不计点胜`,
//! `黑中盤勝`, `和棋`), Japanese (`黒3目半勝ち`, `白中押し勝ち`, `ジゴ`) and Korean (`백 3집반
//! 승`, `흑 불계승`, `무승부`). A text naming two results (`B+1.5 ? W+timeout`) names no
//! winner.

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
    /// A win written with a margin of nothing (`B+0`, `W+0.0`, `黑胜0目`): no count (kind
    /// unknown, no margin), except under Ing's rules, which give a tie to Black.
    pub by_nothing: bool,
}

impl GameResult {
    fn new(raw: &str, winner: Winner, kind: ResultKind, margin: Option<f64>) -> Self {
        GameResult {
            raw: raw.to_string(),
            winner,
            kind,
            margin,
            in_stones: false,
            by_nothing: false,
        }
    }

    /// A win by nothing (see [`GameResult::by_nothing`]): the named winner, how is not said.
    fn by_nothing(raw: &str, winner: Winner) -> Self {
        let mut r = GameResult::new(raw, winner, ResultKind::Unknown, None);
        r.by_nothing = true;
        r
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
        | "和" | "持碁" | "ジゴ" | "무승부" | "빅" => {
            return GameResult::new(raw, Winner::Draw, ResultKind::Draw, Some(0.0))
        }
        "void" | "no result" | "noresult" | "無勝負" | "无胜负" => {
            return GameResult::new(raw, Winner::Void, ResultKind::Void, None)
        }
        _ => {}
    }
    // `Draw (jigo)`, `jigo.`: only words for a draw
    let mut words = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty());
    if words.clone().next().is_some() && words.all(|w| matches!(w, "draw" | "jigo" | "tie")) {
        return GameResult::new(raw, Winner::Draw, ResultKind::Draw, Some(0.0));
    }
    if let Some(r) = parse_cjk(raw, s) {
        return r;
    }
    // "B+...", "W+..." (also "B+ 3.5", "B + 3.5", "Black+3.5", "b+r").
    if let Some((winner, rest)) = plus_form(&lower) {
        // a word may end with a full stop (`W+Res.`, `B+Resign.`)
        let rest = rest.trim();
        let rest = rest.strip_suffix('.').unwrap_or(rest);
        if rest.is_empty() {
            // "B+" with no margin: a win, how is not said.
            return GameResult::new(raw, winner, ResultKind::Unknown, None);
        }
        // a second result in the same text (`B+1.5 ? W+timeout`): the record does not say
        // who won
        if rest.contains("b+") || rest.contains("w+") {
            return unknown();
        }
        // `W+Jigo`, `B+Draw`: a draw, whichever colour is written first. `B+D` is not one
        // (the letter is no word for a draw after a winner: a win, how is not said)
        if matches!(rest, "jigo" | "draw" | "tie") {
            return GameResult::new(raw, Winner::Draw, ResultKind::Draw, Some(0.0));
        }
        if let Some(kind) = kind_word(rest) {
            return GameResult::new(raw, winner, kind, None);
        }
        let number = strip_point_unit(rest);
        if let Some(m) = parse_number(number) {
            // `W+0.0`: a win by nothing is no count (a count of 0 is a draw, written as one);
            // Fox writes it for games that ended without a count (**choice**, measured on the
            // 424 Fox games so marked in corpus/dev: our count is within a point of a tie in
            // 8). Read like `W+`: the named winner, how is not said, not compared.
            if m == 0.0 {
                return GameResult::by_nothing(raw, winner);
            }
            if m > 0.0 && number.len() == rest.len() {
                return counted(raw, winner, m, false);
            }
            if m > 0.0 {
                // a unit written out is points, never Fox's stones
                return counted_points(raw, winner, m);
            }
        }
        // a margin written as Chinese, Japanese or Korean write it: `B+3目半`, `W+半目`
        if let Some((m, unit)) = cjk_margin(rest) {
            return counted_in(raw, winner, m, unit);
        }
        return GameResult::new(raw, winner, ResultKind::Unknown, None);
    }
    parse_prose(raw, &lower).unwrap_or_else(unknown)
}

/// How a game was won without a count, as the word after `B+`/`W+` says it.
fn kind_word(w: &str) -> Option<ResultKind> {
    Some(match w {
        "r" | "res" | "resign" | "resignation" | "resigned" => ResultKind::Resign,
        "t" | "time" | "timeout" | "time out" | "time over" => ResultKind::Time,
        // `Dq`: the opponent disqualified. `Repetition`: the opponent repeated a position
        // its rules forbid (computer tournaments' superko), a win by the opponent's illegal
        // move as `Illegal` is
        "f" | "forf" | "forfeit" | "forfeited" | "dq" | "disqualified" | "disqualification"
        | "illegal" | "repetition" | "offline" | "disconnect" | "disconnection" => {
            ResultKind::Forfeit
        }
        _ => return None,
    })
}

/// The winner and what follows the `+` of a result written `B+…`, `W+…`, `Black+…` or
/// `B + …` (lower-cased).
fn plus_form(lower: &str) -> Option<(Winner, &str)> {
    let (winner, rest) = if let Some(r) = lower.strip_prefix("black") {
        (Winner::Black, r)
    } else if let Some(r) = lower.strip_prefix("white") {
        (Winner::White, r)
    } else if let Some(r) = lower.strip_prefix('b') {
        (Winner::Black, r)
    } else if let Some(r) = lower.strip_prefix('w') {
        (Winner::White, r)
    } else {
        return None;
    };
    Some((winner, rest.trim_start().strip_prefix('+')?))
}

/// A margin without the word for its unit: `3.5 points`, `3.5pts`, `3.5 moku`, `3.5目`.
fn strip_point_unit(m: &str) -> &str {
    let m = m.trim();
    for unit in ["points", "point", "pts", "pt", "moku", "目", "p"] {
        if let Some(n) = m.strip_suffix(unit) {
            return n.trim_end();
        }
    }
    m
}

/// English sentences: `Black wins by 3.5 points`, `White won by resignation`, `Black wins
/// (White resigned)`, `Black resigns. White wins`, `White lost on time`, `White timed out,
/// Black wins`, `Black is the winner`, `Winner: White (resignation)`, `Lee (Black) resigned`.
///
/// A colour (`black`, `whites`, or its letter: `B wins`) is the subject of a verb only when
/// the verb follows it at once (or after `is`, `has`, `the`, `player`…, or a note in
/// parentheses: `Black (in overtime) wins`), or when it follows `winner:` or `loser:`. It won
/// when the verb says so (`wins`, `won`, `winner`, `beats`), and lost when the verb says it
/// resigned, lost, forfeited or timed out. Every such subject must name the same winner,
/// and a colour both players share a verb with (`Black and White resigned`) names none;
/// anything else (`White: Lee, Black: Kim - Lee resigned`, `White's opponent timed out`)
/// names no winner: a text is read only as far as it is unambiguous. A count is the
/// number right after such a verb's `by` (`wins by 3.5`, `lost by 2.5 points`), up to the
/// next punctuation.
fn parse_prose(raw: &str, lower: &str) -> Option<GameResult> {
    // a question says nothing (`Did White resign?`)
    if lower.contains(['?', '？']) {
        return None;
    }
    // the words, with where each ends and its depth of parentheses
    let mut words: Vec<(&str, usize, u32)> = Vec::new();
    let mut depth = 0u32;
    let mut start = None;
    for (k, ch) in lower.char_indices().chain([(lower.len(), ' ')]) {
        if ch.is_alphanumeric() {
            start.get_or_insert(k);
            continue;
        }
        if let Some(b) = start.take() {
            words.push((&lower[b..k], k, depth));
        }
        match ch {
            '(' | '[' | '（' => depth += 1,
            ')' | ']' | '）' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    // who a verb says won (true) or lost (false)
    let verb = |w: &str| -> Option<bool> {
        if matches!(
            w,
            "win" | "wins" | "won" | "victory" | "victorious" | "winner" | "beats" | "defeats"
        ) {
            Some(true)
        } else if matches!(
            w,
            "resign"
                | "resigns"
                | "resigned"
                | "lose"
                | "loses"
                | "lost"
                | "loser"
                | "forfeit"
                | "forfeits"
                | "forfeited"
                | "timed"
                | "timeout"
                | "disqualified"
        ) {
            Some(false)
        } else {
            None
        }
    };
    // words between a subject and its verb: `Black is the winner`, `White 1k resigned`
    let filler = |w: &str| {
        matches!(
            w,
            "is" | "was"
                | "has"
                | "had"
                | "have"
                | "the"
                | "player"
                | "side"
                | "finally"
                | "dan"
                | "kyu"
                | "pro"
                | "s"
        ) || w
            .strip_suffix(['k', 'd', 'p'])
            .unwrap_or(w)
            .bytes()
            .all(|b| b.is_ascii_digit())
    };
    let colour = |w: &str| match w {
        "black" | "blacks" | "b" => Some((Winner::Black, Winner::White)),
        "white" | "whites" | "w" => Some((Winner::White, Winner::Black)),
        _ => None,
    };
    // the verb of the subject at `k`: its position, and whether it says it won
    let verb_of = |k: usize| -> Option<(usize, bool)> {
        let d = words[k].2;
        // a colour alone in its parentheses names the player before it: `Lee (Black) resigned`
        let alone = d > 0 && (k == 0 || words[k - 1].2 < d);
        let d = if alone && words.get(k + 1).is_none_or(|n| n.2 < d) {
            d - 1
        } else {
            d
        };
        let mut j = k + 1;
        while let Some(&(w, _, dj)) = words.get(j) {
            if dj > d {
                // a note in parentheses: its verb if it opens with one (`White (resigned)`),
                // else passed over
                if let Some(won) = verb(w).filter(|_| j == k + 1 || words[j - 1].2 <= d) {
                    return Some((j, won));
                }
                j += 1;
                continue;
            }
            if dj < d {
                return None;
            }
            if let Some(won) = verb(w) {
                return Some((j, won));
            }
            if !filler(w) {
                return None;
            }
            j += 1;
        }
        None
    };
    // how a game ended, as a word of the text says it
    let kind_of = |w: &str| {
        if w.starts_with("resign") {
            Some(ResultKind::Resign)
        } else if matches!(w, "time" | "timed" | "timeout" | "overtime") {
            Some(ResultKind::Time)
        } else if w.starts_with("forfeit") || w.starts_with("disqualif") {
            Some(ResultKind::Forfeit)
        } else {
            None
        }
    };
    let (mut winner, mut margin, mut how) = (None, None, ResultKind::Unknown);
    for k in 0..words.len() {
        let Some((subject, other)) = colour(words[k].0) else {
            continue;
        };
        let label = match k.checked_sub(1).map(|j| words[j].0) {
            Some("winner" | "winners") => Some(true),
            Some("loser" | "losers") => Some(false),
            _ => None,
        };
        // a letter is a colour only before a verb as a subject takes it (`W wins`, not
        // `w/ timeout`)
        let letter = words[k].0.len() == 1;
        let found = verb_of(k).filter(|&(at, _)| {
            !letter
                || at == k + 1
                    && matches!(
                        words[at].0,
                        "win"
                            | "wins"
                            | "won"
                            | "resign"
                            | "resigns"
                            | "resigned"
                            | "lose"
                            | "loses"
                            | "lost"
                            | "forfeits"
                            | "forfeited"
                            | "timed"
                    )
        });
        let won = match (label, found) {
            (Some(won), _) => won,
            (None, Some((_, won))) => won,
            (None, None) => continue,
        };
        // `Black and White resigned`: one verb for both
        if k >= 2 && words[k - 1].0 == "and" && colour(words[k - 2].0).is_some() {
            return None;
        }
        let named = if won { subject } else { other };
        if winner.is_some_and(|w| w != named) {
            return None;
        }
        winner = Some(named);
        // how the game ended, in the words of this clause (to the next colour named), its
        // notes in parentheses only when the rest says nothing (`Black (in overtime) wins by
        // resignation`)
        if how == ResultKind::Unknown {
            let d = words[k].2;
            // (a colour in a note, a letter, or an object, `defeats Black`, opens no clause)
            let opens = |j: usize| {
                let (w, _, dj) = words[j];
                dj <= d
                    && w.len() > 1
                    && colour(w).is_some()
                    && !matches!(
                        words[j - 1].0,
                        "vs" | "versus" | "against" | "to" | "by" | "over" | "beats" | "defeats"
                    )
            };
            let end = (k + 1..words.len())
                .find(|&j| opens(j))
                .unwrap_or(words.len());
            let clause = || words[k + 1..end].iter();
            how = clause()
                .filter(|w| w.2 <= d)
                .find_map(|w| kind_of(w.0))
                .or_else(|| clause().find_map(|w| kind_of(w.0)))
                .unwrap_or(how);
        }
        // `by` right after the verb (or `won the game by`), and the number after it up to
        // the next punctuation (a decimal point or comma is part of it: `by 0,5 points`)
        if let Some((at, _)) = found.filter(|_| margin.is_none()) {
            let by = (at + 1..words.len())
                .find(|&j| !matches!(words[j].0, "the" | "game" | "match"))
                .filter(|&j| words[j].0 == "by");
            if let Some(by) = by {
                let text = &lower[words[by].1..];
                let bytes = text.as_bytes();
                let end = text
                    .char_indices()
                    .find(|&(i, c)| {
                        matches!(c, ';' | '(' | ')' | '[' | ']' | '!' | '（' | '）')
                            || matches!(c, ',' | '.')
                                && !bytes.get(i + 1).is_some_and(u8::is_ascii_digit)
                    })
                    .map_or(text.len(), |(i, _)| i);
                let text = &text[..end];
                margin = parse_number(strip_point_unit(text.trim().trim_end_matches('.')));
            }
        }
    }
    let winner = winner?;
    if how != ResultKind::Unknown {
        return Some(GameResult::new(raw, winner, how, None));
    }
    Some(match margin {
        Some(m) => counted_points(raw, winner, m),
        None => GameResult::new(raw, winner, ResultKind::Unknown, None),
    })
}

/// Chinese, Japanese and Korean results, the winning colour first:
/// - Chinese: `黑胜3.5目`, `黑胜半目`, `白胜1目半` (points), `白胜2又3/4子` / `黑胜1/4子` /
///   `黑胜半子` (stones), `黑胜七目半` (numerals), `黑中盘胜` / `黑中盤勝` (resignation),
///   `黑不计点胜` (won without counting), `白超时胜` (time); the loser named instead:
///   `黑方超时负` (White wins on time), `白负`;
/// - Japanese (黒, the margin before 勝): `黒3目半勝ち`, `白の半目勝ち`, `黒中押し勝ち`,
///   `白時間切れ勝ち`, `黒反則勝ち` (forfeit);
/// - Korean (흑 / 백, 집 points, 반 a half): `백 3집반 승`, `흑 반집승`, `흑 불계승`
///   (resignation), `백 시간승` (time), `흑 기권승` (forfeit).
fn parse_cjk(raw: &str, s: &str) -> Option<GameResult> {
    if !s.starts_with(CJK_COLOURS) {
        return None;
    }
    // a note in parentheses is no part of the result (`白中盘胜（黑胜率10%）`)
    let mut text = String::with_capacity(s.len());
    let mut depth = 0u32;
    for ch in s.chars() {
        match ch {
            '(' | '（' => depth += 1,
            ')' | '）' => depth = depth.saturating_sub(1),
            _ if depth == 0 => text.push(ch),
            _ => {}
        }
    }
    let s = text.trim();
    // clauses: a colour after punctuation or a space opens one (`黑超时，白胜`: Black over
    // time, White wins; `黒時間切れ、白の勝ち`); one inside a word is a name's (`白方黑嘉嘉胜`)
    let mut starts = vec![0];
    let mut boundary = false;
    for (k, ch) in s.char_indices() {
        if boundary && CJK_COLOURS.contains(&ch) {
            starts.push(k);
        }
        boundary = CJK_PUNCTUATION.contains(&ch) || ch.is_whitespace();
    }
    starts.push(s.len());
    let clauses: Vec<&str> = starts
        .windows(2)
        .map(|w| s[w[0]..w[1]].trim_end_matches(CJK_PUNCTUATION))
        .collect();
    let read: Vec<Option<GameResult>> = clauses.iter().map(|c| cjk_clause(raw, c)).collect();
    // the clauses are read apart when the first names no winner but says how the game
    // ended (`黑超时`, the loser's), or when each names one; else the text is one clause
    // (`흑 백홍석 불계승`: Black wins, a name after the colour)
    let kind_of = |clause: &str| {
        CJK_KINDS
            .iter()
            .chain(&[(&CJK_RESIGNED[..], ResultKind::Resign)])
            .find(|(words, _)| words.iter().any(|w| clause.contains(w)))
            .map(|&(_, kind)| kind)
    };
    // (the loser's clause is its colour and how it lost, nothing else: `黑超时`, not
    // `黑未超时`, Black did not run out of time)
    let losers = |clause: &str| {
        let rest = particle_free(clause);
        let rest = rest.strip_suffix(['到', '了']).unwrap_or(rest);
        CJK_KINDS
            .iter()
            .flat_map(|(words, _)| words.iter())
            .chain(&CJK_RESIGNED)
            .any(|w| *w == rest)
    };
    let apart = clauses.len() > 1
        && (read[0].is_none() && losers(clauses[0]) || read.iter().all(Option::is_some));
    if !apart {
        // a first clause saying something of its colour, but not that it won or lost
        // (`黑未超时`, Black did not run out of time), before another colour's verdict: the
        // verdict is not the first colour's, and the text names no winner for sure
        let side = |clause: &str| clause.starts_with(['黑', '黒', '흑']);
        if clauses.len() > 1
            && read[0].is_none()
            && !particle_free(clauses[0]).is_empty()
            && read[1..].iter().any(Option::is_some)
        {
            // (a count first, then the same colour's verdict: `黑183.5子，黑胜`)
            if clauses[1..].iter().all(|c| side(c) == side(clauses[0])) {
                return read[1..].iter().flatten().next().cloned();
            }
            return Some(GameResult::new(
                raw,
                Winner::Unknown,
                ResultKind::Unknown,
                None,
            ));
        }
        return cjk_clause(raw, s);
    }
    // every clause that names a winner must name the same one; one that names none may
    // still say how the game ended
    let mut verdict: Option<GameResult> = None;
    let mut how = ResultKind::Unknown;
    for (clause, r) in clauses.iter().zip(read) {
        match r {
            Some(r) if verdict.as_ref().is_some_and(|v| v.winner != r.winner) => {
                return Some(GameResult::new(
                    raw,
                    Winner::Unknown,
                    ResultKind::Unknown,
                    None,
                ));
            }
            Some(r) => {
                verdict.get_or_insert(r);
            }
            None => {
                if let Some(kind) = kind_of(clause) {
                    how = kind;
                }
            }
        }
    }
    let mut r = verdict?;
    if r.kind == ResultKind::Unknown && r.margin.is_none() && !r.by_nothing {
        r.kind = how;
    }
    Some(r)
}

/// What a CJK clause says of its colour: the clause without its first character (the
/// colour) and the side's name after it (`黑方`, `黒番`, `白の`).
fn particle_free(clause: &str) -> &str {
    let mut rest = clause.chars();
    rest.next();
    let rest = rest.as_str().trim();
    rest.strip_prefix(['方', '棋', '番', 'の'])
        .unwrap_or(rest)
        .trim()
}

/// The first character of a CJK result: the colour it names.
const CJK_COLOURS: [char; 5] = ['黑', '黒', '흑', '白', '백'];

/// What may end a clause of a CJK result: `黑超时，白胜`.
const CJK_PUNCTUATION: [char; 14] = [
    ',', '，', '、', '。', '.', ';', '；', ':', '：', '!', '！', ' ', '\u{3000}', '/',
];

/// How a game was won without a count, in the words of a CJK result (the whole of what
/// follows the word for winning: `黑中盘胜`, `白時間切れ勝ち`, `흑 불계승`).
const CJK_KINDS: [(&[&str], ResultKind); 3] = [
    (
        &["中盘", "中盤", "中押し", "中押", "不计点", "不計點", "불계"],
        ResultKind::Resign,
    ),
    (
        &["超时", "超時", "时间", "時間切れ", "時間", "시간"],
        ResultKind::Time,
    ),
    (&["反則", "기권"], ResultKind::Forfeit),
];

/// A side's resignation, in a clause of its own that names no winner (`黑认输，白胜`).
const CJK_RESIGNED: [&str; 4] = ["认输", "認輸", "投了", "投子"];

/// One clause of a CJK result: a colour, then its win or loss (see [`parse_cjk`]).
fn cjk_clause(raw: &str, s: &str) -> Option<GameResult> {
    let mut chars = s.chars();
    let (side, other) = match chars.next()? {
        '黑' | '黒' | '흑' => (Winner::Black, Winner::White),
        '白' | '백' => (Winner::White, Winner::Black),
        _ => return None,
    };
    let mut rest = chars.as_str().trim();
    // `黑方`, `黑棋`, `黒番`, `白の`: the side's name
    if let Some(r) = rest.strip_prefix(['方', '棋', '番', 'の']) {
        rest = r.trim();
    }
    // the word for winning: before the margin in Chinese, after it in Japanese and Korean;
    // else the word for losing, which names the other side the winner (`黑方超时负`: White
    // wins on time, `흑 불계패`: White wins by resignation)
    const WON: [&str; 4] = ["勝ち", "胜", "勝", "승"];
    const LOST: [&str; 4] = ["負け", "负", "負", "패"];
    let prefix = |words: &[&str]| words.iter().find_map(|w| rest.strip_prefix(w));
    let suffix = |words: &[&str]| words.iter().find_map(|w| rest.strip_suffix(w));
    // the word right after the side comes first: `黑负白胜` is Black's loss (White's win)
    let won = prefix(&WON).or_else(|| suffix(&WON).filter(|_| prefix(&LOST).is_none()));
    let (winner, rest) = match (won, prefix(&LOST).or_else(|| suffix(&LOST))) {
        (Some(r), _) => (side, r.trim()),
        (None, Some(r)) => (other, r.trim()),
        (None, None) => return None,
    };
    for (words, kind) in CJK_KINDS {
        if words.contains(&rest) {
            return Some(GameResult::new(raw, winner, kind, None));
        }
    }
    if rest.is_empty() {
        return Some(GameResult::new(raw, winner, ResultKind::Unknown, None));
    }
    // a margin not read still leaves the winner the text names
    Some(match cjk_margin(rest) {
        Some((margin, unit)) => counted_in(raw, winner, margin, unit),
        None => GameResult::new(raw, winner, ResultKind::Unknown, None),
    })
}

/// A margin as Chinese, Japanese and Korean write it (`3目半`, `半目`, `2又3/4子`, `七目半`,
/// `3집반`), and its unit when written: stones (子, `Some(true)`) or points (目, 点, 집:
/// `Some(false)`).
fn cjk_margin(rest: &str) -> Option<(f64, Option<bool>)> {
    // Korean's point and half are Chinese's 目 and 半
    let rest = rest.replace('집', "目").replace('반', "半");
    // a half after the unit: `1目半` is 1½ points, `1子半` 1½ stones
    let (rest, and_a_half) = match rest.strip_suffix('半') {
        Some(r) if r.ends_with(['目', '子', '点']) => (r, true),
        _ => (rest.as_str(), false),
    };
    let (number, in_stones) = if let Some(n) = rest.strip_suffix('子') {
        (n, Some(true))
    } else if let Some(n) = rest.strip_suffix('目') {
        (n, Some(false))
    } else if let Some(n) = rest.strip_suffix('点') {
        (n, Some(false))
    } else {
        (rest, None)
    };
    // `半目` is half a point, `2又3/4子` two stones and three quarters
    let mut number = number.replace('又', " ").replace('半', "1/2");
    if and_a_half {
        number.push_str(" 1/2");
    }
    let margin = parse_number(&number).or_else(|| cjk_number(&number))?;
    Some((margin, in_stones))
}

/// A margin in CJK numerals, whole numbers and fractions separated by spaces: `七`, `二十三`,
/// `一百二十`, `四分之三` (¾), `二 四分之三` (2¾, from `二又四分之三`), full-width digits
/// `３`, and a mix with `1/2`.
fn cjk_number(s: &str) -> Option<f64> {
    let mut total = 0.0;
    let mut parts = 0;
    for part in s.split_whitespace() {
        parts += 1;
        total += if let Some((den, num)) = part.split_once("分之") {
            let den = cjk_integer(den)?;
            if den == 0 {
                return None;
            }
            cjk_integer(num)? as f64 / den as f64
        } else if let Some(n) = parse_number(part) {
            n
        } else {
            cjk_integer(part)? as f64
        };
    }
    (parts > 0).then_some(total)
}

/// A whole number in Chinese/Japanese numerals or full-width digits: `七`, `十五`, `二十三`,
/// `一百二十`, `１２`.
fn cjk_integer(s: &str) -> Option<u32> {
    let (mut total, mut current, mut any) = (0u32, 0u32, false);
    for c in s.chars() {
        let digit = match c {
            '〇' | '零' => Some(0),
            '一' => Some(1),
            '二' | '两' | '兩' => Some(2),
            '三' => Some(3),
            '四' => Some(4),
            '五' => Some(5),
            '六' => Some(6),
            '七' => Some(7),
            '八' => Some(8),
            '九' => Some(9),
            '０'..='９' => Some(c as u32 - '０' as u32),
            _ => None,
        };
        if let Some(d) = digit {
            current = current.checked_mul(10)?.checked_add(d)?;
        } else {
            let unit = match c {
                '十' => 10,
                '百' => 100,
                _ => return None,
            };
            total = total.checked_add(current.max(1).checked_mul(unit)?)?;
            current = 0;
        }
        any = true;
    }
    if any {
        total.checked_add(current)
    } else {
        None
    }
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
    if margin == 0.0 {
        return GameResult::by_nothing(raw, winner);
    }
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

/// A counted result in the unit [`cjk_margin`] read: stones, points (a quarter is then no
/// count: `黑胜2.75目`), or none written (a quarter is stones, see [`counted`]).
fn counted_in(raw: &str, winner: Winner, margin: f64, unit: Option<bool>) -> GameResult {
    match unit {
        Some(true) => counted(raw, winner, margin, true),
        Some(false) => counted_points(raw, winner, margin),
        None => counted(raw, winner, margin, false),
    }
}

/// A counted result whose margin the text says is in points (`3.5 points`, an English
/// sentence): a quarter fraction is then no count, not stones.
fn counted_points(raw: &str, winner: Winner, margin: f64) -> GameResult {
    if (margin * 2.0).fract() == 0.0 {
        counted(raw, winner, margin, false)
    } else {
        GameResult::new(raw, winner, ResultKind::Unknown, None)
    }
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
    let fraction = |part: &str| {
        let (n, d) = part.split_once('/')?;
        if !decimal(n) || !decimal(d) {
            return None;
        }
        let n: f64 = n.parse().ok().filter(|v: &f64| v.is_finite())?;
        let d: f64 = d.parse().ok().filter(|v: &f64| v.is_finite())?;
        (d != 0.0).then_some(n / d)
    };
    // one fraction (`3/4`), or a whole number and a fraction (`5 1/2`): two numbers side by
    // side are no sum (`KM[6 5]` was komi 11, `RE[B+3 5]` a margin of 8)
    let total = match s.split_whitespace().collect::<Vec<_>>()[..] {
        [one] => fraction(one)?,
        [whole, part] if whole.bytes().all(|b| b.is_ascii_digit()) => {
            whole.parse::<f64>().ok()? + fraction(part)?
        }
        _ => return None,
    };
    total.is_finite().then_some(total)
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
        check("W+Forf", White, Forfeit, None);
        check("W+Dq", White, Forfeit, None);
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
        // one clause a colour: the side over time or resigning first, the winner after
        check("黑超时，白胜", White, ResultKind::Time, None);
        // a clause that only nearly says how the game ended says nothing of it
        check("黑未超时，白胜", Winner::Unknown, ResultKind::Unknown, None);
        check("黑183.5子，黑胜", Black, ResultKind::Unknown, None);
        check("黑认输，白胜", White, Resign, None);
        check("白时间到 黑胜", Black, ResultKind::Time, None);
        check("黑负白胜", White, ResultKind::Unknown, None);
        check("黑超时，白胜3.5目", White, Score, Some(3.5));
        check("黑胜，白胜", Winner::Unknown, ResultKind::Unknown, None);
        // a quarter in points is no count; in stones, or with no unit, it is stones
        check("黑胜2.75目", Black, ResultKind::Unknown, None);
        check("黑胜2.75子", Black, Score, Some(5.5));
        check("黑胜2.75", Black, Score, Some(5.5));
        // a colour inside a word is a name's; a note in parentheses is no part of the result
        // (the winner named; what follows the name is not read)
        check("白方黑嘉嘉中盘胜", White, ResultKind::Unknown, None);
        check("黑方白宝祥中盘胜", Black, ResultKind::Unknown, None);
        check("흑 백홍석 불계승", Black, ResultKind::Unknown, None);
        check("黒番白江中押し勝ち", Black, ResultKind::Unknown, None);
        check("白番黒瀬3目半勝ち", White, ResultKind::Unknown, None);
        check("白中盘胜（黑胜率10%）", White, Resign, None);
        check("백 불계승(흑 승률 80%)", White, Resign, None);
    }

    /// Texts made of result words in any order never panic, keep their raw text, and name a
    /// count only with a positive margin.
    #[test]
    fn word_salads_are_read_without_panic() {
        const VOCAB: [&str; 40] = [
            "Black", "White", "B", "W", "wins", "won", "resigned", "lost", "timed", "out", "by",
            "3.5", "0,5", "1/2", "points", "(", ")", "（", "）", ",", ";", ":", "?", "winner",
            "loser", "and", "s", "'", "黑", "白", "胜", "负", "超时", "中盘", "，", "흑", "백",
            "승", "目", "子",
        ];
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
            let mut text = String::new();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for k in 0..(x % 9) {
                let w = VOCAB[((x >> (k * 5 + 8)) % VOCAB.len() as u64) as usize];
                text.push_str(w);
                if (x >> (k + 3)) & 1 == 1 {
                    text.push(' ');
                }
            }
            let r = parse_result(&text);
            assert_eq!(r.raw, text);
            if r.kind == ResultKind::Score {
                assert!(r.margin.is_some_and(|m| m > 0.0), "{text:?}");
            }
        }
    }

    /// A win by nothing, however written, is no count; Ing's rules read Black's as a tie
    /// (the record's normalisation, `by_nothing`).
    #[test]
    fn wins_by_nothing() {
        use Winner::{Black, White};
        for (raw, winner) in [
            ("B+0", Black),
            ("B + 0", Black),
            ("Black+0", Black),
            ("B+0 points", Black),
            ("W+0.0", White),
            ("黑胜0目", Black),
            ("白胜0子", White),
            ("백 0집 승", White),
            ("黒0目勝ち", Black),
            ("Black wins by 0", Black),
        ] {
            let r = parse_result(raw);
            assert_eq!(
                (r.winner, r.kind, r.margin),
                (winner, ResultKind::Unknown, None),
                "{raw}"
            );
            assert!(r.by_nothing, "{raw}");
        }
        assert!(!parse_result("B+").by_nothing);
        assert!(!parse_result("B+0.5").by_nothing);
    }

    #[test]
    fn english_sentences_name_the_winner() {
        use ResultKind::{Resign, Score, Time};
        use Winner::{Black, White};
        check("Black wins by resignation", Black, Resign, None);
        check("White won by resignation", White, Resign, None);
        check("Black wins (White resigned)", Black, Resign, None);
        check("Black resigns. White wins", White, Resign, None);
        check("White lost on time", Black, Time, None);
        check("Black wins by 3.5", Black, Score, Some(3.5));
        check("White won by 2.5 points.", White, Score, Some(2.5));
        check("Black wins", Black, ResultKind::Unknown, None);
        // the colour as its letter
        check("B wins", Black, ResultKind::Unknown, None);
        check("W wins by 2.5", White, Score, Some(2.5));
        check("B resigned", White, Resign, None);
        check("B vs W: W wins", White, ResultKind::Unknown, None);
        // each colour is the subject of the verb that follows it: the loser may come first
        check(
            "Black vs White: White wins",
            White,
            ResultKind::Unknown,
            None,
        );
        check("White timed out, Black wins", Black, Time, None);
        check(
            "White forfeits, Black wins",
            Black,
            ResultKind::Forfeit,
            None,
        );
        check(
            "White overtime; Black won",
            Black,
            ResultKind::Unknown,
            None,
        );
        check(
            "White passed twice; Black won by 1.5",
            Black,
            Score,
            Some(1.5),
        );
        check("White resigned", Black, Resign, None);
        // clauses naming two winners say none; a clause without a verb says nothing
        check(
            "Black wins, White wins",
            Winner::Unknown,
            ResultKind::Unknown,
            None,
        );
        check(
            "Black: Lee, White: Kim",
            Winner::Unknown,
            ResultKind::Unknown,
            None,
        );
        check(
            "Black and White both lost",
            Winner::Unknown,
            ResultKind::Unknown,
            None,
        );
        check(
            "Black and White resigned",
            Winner::Unknown,
            ResultKind::Unknown,
            None,
        );
        // a label before the colour
        check("Winner: White (resignation)", White, Resign, None);
        check("Winner: White by timeout", White, Time, None);
        check(
            "Winner: Black, Loser: White",
            Black,
            ResultKind::Unknown,
            None,
        );
        // the clause's first verb, a time word only without one, parentheses apart
        check(
            "Black (in overtime) wins by resignation",
            Black,
            Resign,
            None,
        );
        check(
            "White (after a timeout) wins by resignation",
            White,
            Resign,
            None,
        );
        check(
            "Black (White Tiger) wins by resignation",
            Black,
            Resign,
            None,
        );
        check("White wins w/ resignation", White, Resign, None);
        check(
            "Black wins by resignation; White winrate 3%",
            Black,
            Resign,
            None,
        );
        check(
            "Black wins. White was winning until move 200",
            Black,
            ResultKind::Unknown,
            None,
        );
        check("Whites win by 2.5", White, Score, Some(2.5));
        // the margin after the verb's `by`, up to the next punctuation, in any clause
        check(
            "Black wins by 1.5 points; komi reduced by 0.5",
            Black,
            Score,
            Some(1.5),
        );
        check(
            "Black won by 3.5, White was ahead by 10.5",
            Black,
            Score,
            Some(3.5),
        );
        // a margin not right after the verb is not read
        check(
            "Black won against White by 2.5",
            Black,
            ResultKind::Unknown,
            None,
        );
        check("White won. Black lost by 3.5", White, Score, Some(3.5));
        check(
            "Black lost to White by 2.5",
            White,
            ResultKind::Unknown,
            None,
        );
        check(
            "Game over. White wins by 4.5 points",
            White,
            Score,
            Some(4.5),
        );
        check("White defeats Black by resignation", White, Resign, None);
        check("Black is the winner", Black, ResultKind::Unknown, None);
        // read only as far as it is unambiguous
        check(
            "White's opponent timed out",
            Winner::Unknown,
            ResultKind::Unknown,
            None,
        );
        check(
            "Black lost but was ahead by 15.5",
            White,
            ResultKind::Unknown,
            None,
        );
        check(
            "White: Lee, Black: Kim - Lee resigned",
            Winner::Unknown,
            ResultKind::Unknown,
            None,
        );
        check(
            "Kim (Black) vs Lee (White): Kim wins",
            Winner::Unknown,
            ResultKind::Unknown,
            None,
        );
        check("White (resigned)", Black, Resign, None);
        check("Black (winner)", Black, ResultKind::Unknown, None);
        check(
            "Black wins by 2.5 (both players passed)",
            Black,
            Score,
            Some(2.5),
        );
        check(
            "Black wins. Neither player used byo-yomi",
            Black,
            ResultKind::Unknown,
            None,
        );
        check("White wins w/ timeout", White, Time, None);
        check("White 1k resigned", Black, Resign, None);
        check(
            "White was beat by Black",
            Winner::Unknown,
            ResultKind::Unknown,
            None,
        );
        check(
            "Did White resign?",
            Winner::Unknown,
            ResultKind::Unknown,
            None,
        );
        check(
            "Black wins by 3.5 points; White did not resign",
            Black,
            Score,
            Some(3.5),
        );
        check(
            "White wins by 1.5 points, sometimes",
            White,
            Score,
            Some(1.5),
        );
        check("Black didn't resign, White lost on time", Black, Time, None);
        check("White wins by 0,5 points", White, Score, Some(0.5));
        check(
            "Black wins by 0.5. White has a time penalty",
            Black,
            Score,
            Some(0.5),
        );
        check("Black won the game by 3.5 points", Black, Score, Some(3.5));
        check("Black's win by 3.5", Black, Score, Some(3.5));
        check("Black 5 dan wins by 12.5", Black, Score, Some(12.5));
        // a colour alone in parentheses is the player named before it
        check("Lee (Black) resigned", White, Resign, None);
        check("Kim (White) wins by 1.5", White, Score, Some(1.5));
        // a surname that is a colour makes the text ambiguous
        check(
            "Barry White (Black) resigned",
            Winner::Unknown,
            ResultKind::Unknown,
            None,
        );
        // points written out: a quarter is no count, never stones (`KM[5 1/2]` beside it)
        check(
            "black wins by 5 3/4 points",
            Black,
            ResultKind::Unknown,
            None,
        );
    }

    #[test]
    fn plus_forms_spelled_otherwise() {
        use ResultKind::{Forfeit, Score};
        use Winner::{Black, Unknown, White};
        check("B+3.5 points", Black, Score, Some(3.5));
        check("B+3.5pts", Black, Score, Some(3.5));
        check("W+3.5目", White, Score, Some(3.5));
        check("B + 3.5", Black, Score, Some(3.5));
        check("Black+3.5", Black, Score, Some(3.5));
        check("W+1.75 points", White, ResultKind::Unknown, None);
        check("W+Jigo", Winner::Draw, ResultKind::Draw, Some(0.0));
        check("B+Draw", Winner::Draw, ResultKind::Draw, Some(0.0));
        // a letter after a winner is no draw: the winner stands, how is not said
        check("B+D", Black, ResultKind::Unknown, None);
        check("D", Winner::Draw, ResultKind::Draw, Some(0.0));
        check("Draw (jigo)", Winner::Draw, ResultKind::Draw, Some(0.0));
        check("jigo.", Winner::Draw, ResultKind::Draw, Some(0.0));
        // a margin as Chinese, Japanese or Korean write it
        check("B+3目半", Black, Score, Some(3.5));
        check("W+半目", White, Score, Some(0.5));
        check("W+3집반", White, Score, Some(3.5));
        check("B+2又3/4子", Black, Score, Some(5.5));
        check("B+xyz", Black, ResultKind::Unknown, None);
        check("W+Repetition", White, Forfeit, None);
        // two results in one text: no winner said
        check("B+1.5 ? W+timeout", Unknown, ResultKind::Unknown, None);
        check("Both lost", Unknown, ResultKind::Unknown, None);
    }

    #[test]
    fn japanese_and_korean_results() {
        use ResultKind::{Forfeit, Resign, Score, Time};
        use Winner::{Black, White};
        check("黒中押し勝ち", Black, Resign, None);
        check("白中押勝", White, Resign, None);
        check("黒3目半勝ち", Black, Score, Some(3.5));
        check("白の半目勝ち", White, Score, Some(0.5));
        check("白5目半勝", White, Score, Some(5.5));
        check("黒三目半勝", Black, Score, Some(3.5));
        check("黒時間切れ勝ち", Black, Time, None);
        check("黒反則勝ち", Black, Forfeit, None);
        check("ジゴ", Winner::Draw, ResultKind::Draw, Some(0.0));
        check("흑 불계승", Black, Resign, None);
        check("백 3집반 승", White, Score, Some(3.5));
        check("흑 반집승", Black, Score, Some(0.5));
        check("백 12집 승", White, Score, Some(12.0));
        check("백 시간승", White, Time, None);
        check("흑 기권승", Black, Forfeit, None);
        // the loser named: the other side wins
        check("黑方超时负", White, Time, None);
        check("白负", Black, ResultKind::Unknown, None);
        check("黑中盘负", White, Resign, None);
        check("黒の中押し負け", White, Resign, None);
        check("흑 불계패", White, Resign, None);
        check("白负2又3/4子", Black, Score, Some(5.5));
        check("黑负白胜", White, ResultKind::Unknown, None);
        check("黑胜白负", Black, ResultKind::Unknown, None);
    }

    #[test]
    fn chinese_numerals_and_traditional_characters() {
        use ResultKind::{Resign, Score};
        use Winner::{Black, White};
        check("黑胜七目半", Black, Score, Some(7.5));
        check("白胜二十三目", White, Score, Some(23.0));
        check("白胜１２目", White, Score, Some(12.0));
        check("白胜四分之三子", White, Score, Some(1.5));
        check("黑胜二又四分之三子", Black, Score, Some(5.5));
        check("黑中盤勝", Black, Resign, None);
        check("黑不計點勝", Black, Resign, None);
        check("黑方中盘胜", Black, Resign, None);
        check("黑棋中盘胜", Black, Resign, None);
        check("白棋胜3.5目", White, Score, Some(3.5));
        assert_eq!(cjk_integer("一百二十"), Some(120));
        assert_eq!(cjk_integer("十五"), Some(15));
        assert_eq!(cjk_integer("目"), None);
        assert_eq!(cjk_number("四分之〇"), Some(0.0));
        assert_eq!(cjk_number("〇分之三"), None);
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_number("5 1/2"), Some(5.5));
        assert_eq!(parse_number("3,5"), Some(3.5));
        assert_eq!(parse_number("½"), Some(0.5));
        assert_eq!(parse_number(""), None);
        assert_eq!(parse_number("6½"), Some(6.5));
        for not_a_number in [
            "1e3",
            "-5",
            "+5",
            "inf",
            "NaN",
            "1.2.3",
            "5 -1/2",
            ".",
            "6 5",
            "6.5 6.5",
            "0 5",
            "3 5",
            "1/2 1/2",
            "5.5 1/2",
            "5 1/2 1/2",
        ] {
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
