//! The record format of the Korean servers WBaduk and Cyberoro (ORO), NGF (`.ngf`): read by
//! turning each record into SGF bytes, as Tygem's GIB records are ([`super::gib`]).
//!
//! The format is not published; what this reader relies on was checked against three records
//! the Cyberoro client wrote in 2017 (an even game of two professionals counted `Black wins
//! by 0.5!` at komi 7.5, a two-stone handicap game and a professional game, both resigned;
//! Sabaki's test files, not copied here): one value a line, in this order —
//!
//! 0. the game's title; 1. the board size;
//! 2. White's name and rank (`LQC         9DP`: the rank is the last word, `D` dan, `DP`
//!    professional dan, `K` kyu, a `*` kept as written); 3. Black's;
//! 4. the site; 5. the handicap (one stone is none: Black moves first, as every ruleset
//!    here counts it); 6. a number not read;
//! 7. the komi: an even game's whole number `7` is 7.5 (no even game has a whole komi,
//!    unless its result is a draw or a whole margin, which only a whole komi gives), a
//!    handicap game's (one stone too: `0` is no komi) is the number itself, and a komi
//!    written with its fraction (`6.5`) or a sign (`-5`) is taken as written;
//! 8. the date, `YYYYMMDD [hh:mm]`; 9. the time allowed; 10. the result in words (`Black wins
//!    by 0.5!`, `White wins by resign!`, `… lose …`, `… time …`; in other words, `黒中押し勝ち!`,
//!    `흑 1.5집 승`, the `RE` as written, for the SGF result reader); 11. the number of moves
//!    (a record holding fewer, less its handicap stones, was cut short and is not read);
//!
//! then one line per move, `PM` `nn` `c` `x` `y` `y` `x`: the move number in two letters,
//! the colour `B` or `W`, and the column and the row from the top as letters from `B` (the
//! first line; a letter off the board is a pass). Handicap stones are not in the record:
//! they stand where Tygem's clients put them ([`super::gib::handicap_points_on`], on every
//! board with star points for them, see `gib::handicap_setup`), as Sabaki reads NGF
//! too. Lines end in `\r\n`, `\n` or `\r`.
//!
//! NGF names no rules. WBaduk and Cyberoro are Korean servers whose counts are territory
//! counts, so the SGF names the rules `Korean`, as for GIB (the counted record above, `Black
//! wins by 0.5!`, is that exactly under Korean rules at its komi of 7.5, and one point off
//! under area counting, which gives Black 1.5). The names are left in their own charset, for
//! the decoder to detect. A record without the four first
//! lines, with a board size that is no number from 2 to 25, or with a move line that is not
//! `PM…`, is not read (its row says why); so is a variant seen in a Chinese collection whose
//! header lines all begin with `GI`, in another order (Sabaki's fourth test file: its layout
//! is not known well enough to tell the players' colours).

use super::gib::{handicap_setup, push_move, text, trim, TextValues};
use super::result::parse_number;
use std::fmt::Write as _;

/// The application named in the SGF made of an NGF record (the `application` column).
pub const APPLICATION: &str = "WBaduk NGF";

/// Largest board: the coordinates are letters from `B` to `Z`.
const MAX_SIZE: usize = 25;

/// The SGF text (as bytes, the names in their own charset) of the NGF record `ngf`, or why it
/// cannot be read.
pub fn to_sgf(ngf: &[u8]) -> Result<Vec<u8>, String> {
    let ngf = ngf.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(ngf);
    let lines: Vec<&[u8]> = lines(ngf).into_iter().map(trim).collect();
    if lines.len() < 4 {
        return Err("fewer than the four lines an NGF record opens with".into());
    }
    // a variant seen in a Chinese collection puts `GI` before every header line, in another
    // order (the board size on line 6) and with the result in a comment: not read, and said
    if lines[..4].iter().filter(|l| l.starts_with(b"GI")).count() >= 3 {
        return Err("the variant whose header lines begin with `GI` is not read".into());
    }
    let size = number(lines[1])
        .filter(|n| (2..=MAX_SIZE).contains(n))
        .ok_or_else(|| {
            format!(
                "a board size that is no number from 2 to 25: {}",
                text(lines[1])
            )
        })?;
    let handicap = lines.get(5).and_then(|l| number(l)).unwrap_or(0);
    if handicap > 9 {
        return Err(format!("a handicap of {handicap} stones"));
    }
    let mut moves = Vec::new();
    // the moves follow the header; an older record's header may be shorter, so every line
    // after the players' is looked at
    for line in lines.iter().skip(4) {
        if let Some(m) = move_line(line, size)? {
            moves.push(m);
        }
    }
    // the header's number of moves: a record holding fewer (less the handicap stones, should
    // the number count them) was cut short, and its result counts a game it does not hold
    if let Some(declared) = lines.get(11).and_then(|l| number(l)) {
        // one stone is no handicap (Black moves first): nothing placed, nothing counted
        let placed = if handicap >= 2 { handicap } else { 0 };
        if moves.len() + placed < declared {
            return Err(format!(
                "a record cut short: {} of the {declared} moves its header gives",
                moves.len()
            ));
        }
    }
    let mut out = String::from("(;GM[1]FF[4]");
    let _ = write!(out, "SZ[{size}]RU[Korean]AP[{APPLICATION}]");
    let re = lines.get(10).and_then(|l| result(l));
    // a result in other words than English (`黒中押し勝ち!`, `흑 1.5집 승`): the record's
    // `RE` as written, in the names' charset, for the SGF result reader
    let words = lines
        .get(10)
        .filter(|l| re.is_none() && !l.is_ascii())
        .map(|l| l.strip_suffix(b"!").unwrap_or(l));
    if let Some(k) = lines.get(7).and_then(|l| komi(l)) {
        // the half point of an even game's whole komi is White's; a reverse komi (`-5`),
        // whose half point's side is not known, stays as written, as does the komi of a
        // one-stone game (Black first: `0` is no komi) and one beside a draw or a whole
        // margin (`Draw!`, `Black wins by 3!`, `흑 3집 승`), which only a whole komi gives
        let whole = k.fract() == 0.0 && k >= 0.0;
        let whole_count = match (&re, words) {
            (Some(re), _) => whole_result(re),
            (None, Some(words)) => whole_count_in_words(words, &[lines[2], lines[3]]),
            (None, None) => false,
        };
        let k = if whole && handicap == 0 && !whole_count {
            k + 0.5
        } else {
            k
        };
        let _ = write!(out, "KM[{k}]");
    }
    out.push_str(&handicap_setup(handicap, size));
    if let Some(re) = re {
        let _ = write!(out, "RE[{re}]");
    }
    if let Some(dt) = lines.get(8).and_then(|l| date(l)) {
        let _ = write!(out, "DT[{dt}]");
    }
    let mut out = out.into_bytes();
    let players = [(lines[3], ("PB", "BR")), (lines[2], ("PW", "WR"))]
        .map(|(line, props)| (name_and_rank(line), props));
    let mut texts = TextValues::default();
    for ((n, r), props) in &players {
        texts.player(*props, n, r.as_deref());
    }
    if let Some(words) = words {
        texts.push("RE", words);
    }
    texts.write(&mut out, None);
    for (black, at) in moves {
        push_move(&mut out, black, at);
    }
    out.extend_from_slice(b")\n");
    Ok(out)
}

/// A move: Black (`true`) or White, at (column, row), or a pass.
type Move = (bool, Option<(usize, usize)>);

/// The move of a `PM…` line; `None` for a line that is no move line; an error for a `PM`
/// line that is not `PM nn c x y y x`.
fn move_line(line: &[u8], size: usize) -> Result<Option<Move>, String> {
    let Some(rest) = line.strip_prefix(b"PM") else {
        return Ok(None);
    };
    let bad = || format!("a move line that is not `PMnncxyyx`: {}", text(line));
    let [_, _, c, x, y, ..] = *rest else {
        return Err(bad());
    };
    let black = match c {
        b'B' => true,
        b'W' => false,
        _ => return Err(bad()),
    };
    if !x.is_ascii_uppercase() || !y.is_ascii_uppercase() {
        return Err(bad());
    }
    // `B` is the first line; `A`, or a letter past the board, is no point on it
    let on = |v: u8| (v > b'A' && usize::from(v - b'B') < size).then(|| usize::from(v - b'B'));
    Ok(Some((black, on(x).zip(on(y)))))
}

fn number(line: &[u8]) -> Option<usize> {
    std::str::from_utf8(line).ok()?.trim().parse().ok()
}

/// The komi line: a number, perhaps negative or with a fraction (`7`, `6.5`, `-5`).
fn komi(line: &[u8]) -> Option<f64> {
    let t = std::str::from_utf8(line).ok()?.trim();
    match t.strip_prefix('-') {
        Some(n) => parse_number(n).map(|k| -k),
        None => parse_number(t),
    }
}

/// A player's line, `name    rank`, as the name and the rank in SGF's spelling (`9DP` →
/// `9p`, `5D` → `5d`, `3K` → `3k`): the rank is the last word when there are two or more and
/// it begins with a digit (a name of two words and no rank stays whole).
fn name_and_rank(line: &[u8]) -> (&[u8], Option<Vec<u8>>) {
    let Some(space) = line.iter().rposition(u8::is_ascii_whitespace) else {
        return (line, None);
    };
    let (name, rank) = (trim(&line[..space]), &line[space + 1..]);
    if !rank.first().is_some_and(u8::is_ascii_digit) {
        return (line, None);
    }
    // bytes, as the name: a rank in words (`7段*`, `9단`) is in the names' charset, which
    // the decoder detects from both (read as UTF-8 here, its bytes became U+FFFD's and
    // misled the detection, names and all), and is kept as written (a `D` or `K` byte in it
    // may be half of a character)
    if !rank.is_ascii() {
        return (name, Some(rank.to_vec()));
    }
    let mut out = Vec::with_capacity(rank.len());
    let mut k = 0;
    while k < rank.len() {
        match rank[k] {
            b'D' if rank.get(k + 1) == Some(&b'P') => {
                out.push(b'p');
                k += 1;
            }
            b'D' => out.push(b'd'),
            b'K' => out.push(b'k'),
            b => out.push(b),
        }
        k += 1;
    }
    (name, Some(out))
}

/// The lines of `bytes`, each ended by `\r\n`, `\n` or `\r` (a record may mix them: a
/// line's place says what it holds, so no end may be taken for two lines or none). `\r`s
/// before a `\n` (`\r\r\n`: a CRLF file converted twice) and `\n\r` end one line; `\r`s
/// alone end one line each (an empty line of a record with old Mac line ends).
fn lines(bytes: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let (mut start, mut k) = (0, 0);
    while k < bytes.len() {
        match bytes[k] {
            b'\n' => {
                out.push(&bytes[start..k]);
                k += 1;
                if bytes.get(k) == Some(&b'\r') && bytes.get(k + 1) != Some(&b'\n') {
                    k += 1;
                }
                start = k;
            }
            b'\r' => {
                out.push(&bytes[start..k]);
                let run = bytes[k..].iter().take_while(|&&b| b == b'\r').count();
                k += if bytes.get(k + run) == Some(&b'\n') {
                    run + 1
                } else {
                    1
                };
                start = k;
            }
            _ => k += 1,
        }
    }
    out.push(&bytes[start..]);
    out
}

/// The result in words as an SGF result: `B+0.5`, `W+R`, `B+T`, `0` for a draw.
fn result(line: &[u8]) -> Option<String> {
    let words = String::from_utf8_lossy(line).to_ascii_lowercase();
    if words.contains("draw") || words.contains("jigo") {
        return Some("0".into());
    }
    let winner = if words.contains("black win") || words.contains("white lose") {
        'B'
    } else if words.contains("white win") || words.contains("black lose") {
        'W'
    } else {
        return None;
    };
    let margin = if words.contains("resign") {
        "R".to_string()
    } else if words.contains("time") {
        "T".to_string()
    } else {
        words
            .split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .find(|w| w.parse::<f64>().is_ok())
            .map(str::to_string)
            .unwrap_or_default()
    };
    Some(format!("{winner}+{margin}"))
}

/// Whether a result [`result`] made is a count that only a whole komi gives: a draw (`0`),
/// or a margin without a half point (`B+3`).
fn whole_result(re: &str) -> bool {
    re == "0"
        || re
            .split_once('+')
            .and_then(|(_, m)| m.parse::<f64>().ok())
            .is_some_and(|m| m.fract() == 0.0)
}

/// Whether a result in other words than English (`흑 3집 승`, `黒3目勝ち`, `무승부`) is a
/// draw or a count of whole points, read as the SGF result reader will read it, in the
/// charset the names and it are detected in together (as the decoder will).
fn whole_count_in_words(words: &[u8], names: &[&[u8]]) -> bool {
    let mut sample = words.to_vec();
    for name in names {
        sample.push(b' ');
        sample.extend_from_slice(name);
    }
    let text = crate::sgf::charset::guess(&sample)
        .decode_without_bom_handling(words)
        .0;
    let read = super::result::parse_result(&text);
    match read.kind {
        super::result::ResultKind::Draw => true,
        super::result::ResultKind::Score => read.margin.is_some_and(|m| m.fract() == 0.0),
        _ => false,
    }
}

/// `YYYYMMDD …` as `YYYY-MM-DD`.
fn date(line: &[u8]) -> Option<String> {
    let d = line.get(..8)?;
    if !d.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let d = std::str::from_utf8(d).ok()?;
    Some(format!("{}-{}-{}", &d[..4], &d[4..6], &d[6..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An NGF record as the Cyberoro client writes one, with these players, handicap, komi,
    /// result and move lines.
    fn record(handicap: usize, komi: usize, result: &str, moves: &[&str]) -> Vec<u8> {
        let mut s = format!(
            "Rated game\n19\nWhiteName   5D*\nBlackName   9DP\nwww.example.org\n{handicap}\n0\n{komi}\n20170316 [09:37]\n5\n{result}\n{}\n",
            moves.len()
        );
        for m in moves {
            s.push_str(m);
            s.push('\n');
        }
        s.into_bytes()
    }

    fn sgf(ngf: &[u8]) -> String {
        String::from_utf8(to_sgf(ngf).unwrap()).unwrap()
    }

    #[test]
    fn a_record_becomes_its_sgf() {
        let s = sgf(&record(
            0,
            6,
            "Black wins by 2.5!",
            &["PMABBREER", "PMACWEEEE", "PMADBAAAA"],
        ));
        assert_eq!(
            s,
            "(;GM[1]FF[4]SZ[19]RU[Korean]AP[WBaduk NGF]KM[6.5]RE[B+2.5]DT[2017-03-16]\
             PB[BlackName]BR[9p]PW[WhiteName]WR[5d*];B[qd];W[dd];B[])\n"
        );
    }

    /// A record holding fewer moves than its header gives (a download cut short) is not read:
    /// its first half was scored and compared with the whole game's result.
    #[test]
    fn a_record_cut_short_is_not_read() {
        let whole = record(0, 6, "Black wins by 2.5!", &["PMABBREER", "PMACWEEEE"]);
        let text = String::from_utf8(whole).unwrap();
        let cut = text.trim_end().rsplit_once('\n').unwrap().0;
        let err = to_sgf(cut.as_bytes()).unwrap_err();
        assert_eq!(err, "a record cut short: 1 of the 2 moves its header gives");
        // cut inside the last move line: that line is no move line, said as such
        assert!(to_sgf(&text.as_bytes()[..text.len() - 7]).is_err());
        // a handicap game whose number counts the handicap stones is whole
        let counted = record(2, 0, "White wins by resign!", &["PMABWQRRQ"]);
        let counted = String::from_utf8(counted)
            .unwrap()
            .replacen("\n1\n", "\n3\n", 1);
        assert!(to_sgf(counted.as_bytes()).is_ok());
    }

    #[test]
    fn a_handicap_game_keeps_its_komi_and_gets_tygem_s_stones() {
        let s = sgf(&record(2, 0, "White wins by  resign!", &["PMABWQRRQ"]));
        assert!(s.contains("KM[0]HA[2]AB[dp][pd]RE[W+R]"), "{s}");
        assert!(s.ends_with(";W[pq])\n"), "{s}");
    }

    #[test]
    fn a_komi_with_its_fraction_or_sign_is_taken_as_written() {
        let with_komi = |handicap: usize, komi: &str| {
            let r = String::from_utf8(record(handicap, 0, "Black wins!", &[])).unwrap();
            let r = r.replacen("\n0\n20170316", &format!("\n{komi}\n20170316"), 1);
            sgf(r.as_bytes())
        };
        assert!(with_komi(0, "7").contains("KM[7.5]"));
        assert!(with_komi(0, "6.5").contains("KM[6.5]"));
        assert!(with_komi(0, "-5").contains("KM[-5]"));
        assert!(with_komi(2, "-5").contains("KM[-5]"));
        assert!(with_komi(2, "0.5").contains("KM[0.5]"));
        assert!(!with_komi(0, "six").contains("KM["));
    }

    /// An even game's whole komi line is half a point more, unless the game's count says the
    /// komi was whole: a draw, or a margin without a half point; a one-stone game's `0` is no
    /// komi.
    #[test]
    fn a_whole_komi_stays_whole_where_the_count_or_the_handicap_says_so() {
        let game = |handicap: usize, komi: usize, result: &str| {
            let s = sgf(&record(handicap, komi, result, &["PMABBDDDD"]));
            let at = s.find("KM[").unwrap() + 3;
            s[at..at + s[at..].find(']').unwrap()].to_string()
        };
        assert_eq!(game(0, 7, "Black wins by 0.5!"), "7.5");
        assert_eq!(game(0, 7, "Black wins by resign!"), "7.5");
        assert_eq!(game(0, 7, "Draw!"), "7");
        assert_eq!(game(0, 6, "White wins by 3!"), "6");
        assert_eq!(game(1, 0, "Black wins by resign!"), "0");
        assert_eq!(game(1, 0, "White wins by 2.5!"), "0");
        // in other words: a whole margin or a draw keeps it whole, a half point does not
        for (words, komi) in [
            ("흑 3집 승", "6"),
            ("黒3目勝ち!", "6"),
            ("무승부", "6"),
            ("持碁", "6"),
            ("흑 1.5집 승", "6.5"),
            ("黒3目半勝ち!", "6.5"),
            ("흑 불계승", "6.5"),
        ] {
            assert_eq!(game(0, 6, words), komi, "{words}");
        }
        // the same in the Korean client's charset, beside names in it
        let text = String::from_utf8(record(0, 6, "흑 3집 승", &["PMABBDDDD"])).unwrap();
        let text = text
            .replace("BlackName", "이세돌")
            .replace("WhiteName", "박정환");
        let (bytes, _, _) = encoding_rs::EUC_KR.encode(&text);
        let out = to_sgf(&bytes).unwrap();
        assert!(
            out.windows(5).any(|w| w == b"KM[6]"),
            "{}",
            String::from_utf8_lossy(&out)
        );
    }

    #[test]
    fn a_handicap_of_one_stone_is_none() {
        let s = sgf(&record(1, 0, "Black wins!", &["PMABBDDDD"]));
        assert!(!s.contains("HA[") && !s.contains("AB["), "{s}");
        assert!(s.ends_with(";B[cc])\n"), "{s}");
    }

    #[test]
    fn smaller_boards_get_tygem_s_stones_and_old_mac_line_ends_read() {
        let r = String::from_utf8(record(3, 0, "White wins by resign!", &["PMABWKKKK"])).unwrap();
        let r = r.replacen("\n19\n", "\n13\n", 1);
        let s = sgf(r.as_bytes());
        assert!(
            s.contains("SZ[13]") && s.contains("HA[3]AB[dj][jd][dd]"),
            "{s}"
        );
        assert!(s.ends_with(";W[jj])\n"), "{s}");
        assert_eq!(sgf(r.replace('\n', "\r").as_bytes()), s);
        assert_eq!(sgf(r.replace('\n', "\r\n").as_bytes()), s);
    }

    #[test]
    fn a_rank_is_the_last_word_when_it_begins_with_a_digit() {
        for (line, name, rank) in [
            ("Kobayashi.  9DP", "Kobayashi.", Some("9p")),
            ("ace550      7D*", "ace550", Some("7d*")),
            ("Student     2K", "Student", Some("2k")),
            ("Lee Sedol", "Lee Sedol", None),
            ("Alone", "Alone", None),
        ] {
            let (n, r) = name_and_rank(line.as_bytes());
            assert_eq!(
                (n, r.as_deref()),
                (name.as_bytes(), rank.map(str::as_bytes)),
                "{line}"
            );
        }
    }

    #[test]
    fn results_in_other_words() {
        for (words, want) in [
            ("White wins by 12.5!", Some("W+12.5")),
            ("Black lose by time!", Some("W+T")),
            ("White lose by resign!", Some("B+R")),
            ("Draw!", Some("0")),
            ("Black wins!", Some("B+")),
            ("unfinished", None),
        ] {
            assert_eq!(result(words.as_bytes()).as_deref(), want, "{words}");
        }
    }

    #[test]
    fn what_is_no_ngf_record_says_why() {
        for (bytes, why) in [
            (&b"Rated game\n19\n"[..], "four lines"),
            (b"Rated game\nnineteen\nW\nB\n", "board size"),
            (
                b"Rated game\n19\nW 1D\nB 2D\nsite\n0\n0\n6\nd\n5\nr\n1\nPMABXRE\n",
                "move line",
            ),
            (b"Rated game\n19\nW 1D\nB 2D\nsite\n10\n", "handicap of 10"),
            (
                b"GItitle\nGIW 1D\nGIB 5D\nGI\nGI\nGI2006-9-5\nGI19\n",
                "`GI`",
            ),
        ] {
            let e = to_sgf(bytes).unwrap_err();
            assert!(e.contains(why), "{e}");
        }
    }

    #[test]
    fn damaged_records_never_panic() {
        let good = record(3, 0, "Black wins by 0.5!", &["PMABWRRRR", "PMACBEEEE"]);
        for cut in 0..good.len() {
            let _ = to_sgf(&good[..cut]);
            let mut flipped = good.clone();
            flipped[cut] ^= 0x5A;
            let _ = to_sgf(&flipped);
        }
    }

    /// A record whose lines end in `\r\n` but for one bare `\r` (a copy joined from two
    /// sources) keeps every move: a line's place says what it holds.
    #[test]
    fn mixed_line_ends_keep_every_line() {
        let lf = record(
            0,
            6,
            "Black wins by 2.5!",
            &["PMABBREER", "PMACWEEEE", "PMADBAAAA"],
        );
        let crlf = String::from_utf8(lf.clone()).unwrap().replace('\n', "\r\n");
        let mixed = crlf.replacen("PMACWEEEE\r\n", "PMACWEEEE\r", 1);
        let twice = crlf.replace("\r\n", "\r\r\n");
        let lf_cr = String::from_utf8(lf.clone()).unwrap().replace('\n', "\n\r");
        let old_mac = String::from_utf8(lf.clone()).unwrap().replace('\n', "\r");
        for bytes in [crlf, mixed, twice, lf_cr, old_mac] {
            assert_eq!(sgf(bytes.as_bytes()), sgf(&lf), "{bytes:?}");
        }
        // an empty title line stays a line of its own under every ending
        for end in ["\n", "\r\n", "\r", "\r\r\n"] {
            let untitled = String::from_utf8(lf.clone())
                .unwrap()
                .replacen("Rated game", "", 1)
                .replace('\n', end);
            assert!(sgf(untitled.as_bytes()).contains(";B[qd]"), "{end:?}");
        }
    }

    /// Ranks in words (Cyberoro's Japanese edition: `7段*`) stay in the names' charset, so
    /// the decoder reads names and ranks in it (read as UTF-8 first, the rank's bytes became
    /// U+FFFD's and the record was detected as GBK, names garbled).
    #[test]
    fn a_rank_in_words_stays_in_the_names_charset() {
        let head = "Rated game\n19\nアギラール  7段*\n江維傑      5段P\nx\n0\n0\n6\n20170316\n5\nBlack wins by resign!\n1\nPMABBREER\n";
        let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(head);
        let out = to_sgf(&bytes).unwrap();
        let decoded = crate::sgf::charset::decode(&out);
        assert_eq!(decoded.used, "Shift_JIS", "{}", decoded.text);
        for want in ["PB[江維傑]", "BR[5段P]", "PW[アギラール]", "WR[7段*]"] {
            assert!(decoded.text.contains(want), "{want}: {}", decoded.text);
        }
    }

    /// A result in Japanese or Korean words goes to `RE` as written, where the SGF result
    /// reader reads it (it was dropped: `result_raw` NULL).
    #[test]
    fn results_in_other_words_than_english_are_kept() {
        use crate::sgf::result::{ResultKind, Winner};
        for (words, enc, want) in [
            (
                "黒中押し勝ち!",
                encoding_rs::SHIFT_JIS,
                (Winner::Black, ResultKind::Resign, None),
            ),
            (
                "白5.5目勝ち!",
                encoding_rs::SHIFT_JIS,
                (Winner::White, ResultKind::Score, Some(5.5)),
            ),
            (
                "흑 1.5집 승",
                encoding_rs::EUC_KR,
                (Winner::Black, ResultKind::Score, Some(1.5)),
            ),
        ] {
            let head = format!(
                "Rated game\n19\nアギラール  7段*\n江維傑      5段P\nx\n0\n0\n6\n20170316\n5\n{words}\n1\nPMABBREER\n"
            );
            let head = if enc == encoding_rs::EUC_KR {
                head.replace("アギラール  7段*", "이세돌 9단")
                    .replace("江維傑      5段P", "박정환 9단")
            } else {
                head
            };
            let (bytes, _, unmappable) = enc.encode(&head);
            assert!(!unmappable);
            let rows =
                crate::sgf::ingest_bytes(&to_sgf(&bytes).unwrap(), &crate::sgf::Limits::default());
            let r = rows[0].record.as_ref().unwrap().result.clone().unwrap();
            assert_eq!(r.raw, words.trim_end_matches('!'), "{words}");
            assert_eq!((r.winner, r.kind, r.margin), want, "{words}");
        }
    }
}
