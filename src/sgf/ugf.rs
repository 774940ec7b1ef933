//! The record format of Pandanet's clients (Panda-Egg, Go-Kisen) and of the Japanese
//! newspapers' title-match pages, UGF (`.ugf`, `.ugi`): read by turning each record into SGF
//! bytes, as Tygem's GIB records are ([`super::gib`]).
//!
//! The format is not published. What this reader relies on is what Andries Brouwer's
//! description and converter (`ugi2sgf`) read from such files, checked against two records
//! Panda-Egg 9.40 wrote in 2019 and 2020 (Sabaki's test files, not copied here):
//!
//! - sections, each opened by a line `[Name]`: `[Header]` and `[Data]` are read, the others
//!   (`[Remote]`, `[Files]`, `[Figure]`, `[ReviewNode]`, …: pictures, diagrams, review
//!   trees) are passed over; comment lines `#…` may come first; lines end in `\r\n`, `\n` or
//!   `\r`;
//! - the header, `Key=Value` lines: `Size=19`; `Hdcp=h,komi` (the handicap and the komi,
//!   `Hdcp=0,6.50`); `Winner=B,1.50` (`B`/`W` and the margin, `C` for a resignation, `F` a
//!   forfeit; `D` a draw, `N` no result; `A` unfinished, `P` playing, `O` both lost and `E`
//!   say nothing to compare); `Rule=JPN`; `Date=2019/03/08,22:09:00,…` (the start first);
//!   `PlayerB=name,rank,…`, `PlayerW=…`; `Title=…` (the event, in comma-separated parts);
//!   `Lang=SJIS` (the charset of the values); `CoordinateType=IGS`;
//! - the moves, one a line, `QP,B1,1,0`: the column and the row as letters from `A`, the
//!   colour and the player's number, the move number and the seconds taken. Rows count from
//!   the bottom when `CoordinateType=IGS` (Pandanet's own files), else from the top; a letter
//!   past the board (`YA`, `ZZ`) is a pass. Moves numbered 0 are stones set up before the
//!   first move (the handicap stones), `B` as `AB`, `W` as `AW`.
//!
//! Pandanet's games and the newspapers' are Japanese-rules games, so `Rule=JPN` names the
//! rules `Japanese` (`CHN` Chinese, `KOR` Korean; any other value is passed on as the record
//! wrote it). Both records above replay legally and reproduce their results exactly under
//! Japanese rules (`B+7.5` at a komi of −5.5, `B+2.5` at 6.5), and the nine stones the second
//! one's review marks dead (in Pandanet's coordinates) are where the reader puts them.
//!
//! A record without a `[Header]` or a `[Data]` section, with a board size that is no number
//! from 2 to 24 (so that `Y` and `Z` are always off the board), or with a data line that is
//! no move, is not read (its row says why).

use super::gib::{point, push_move, text, trim, TextValues};
use std::fmt::Write as _;

/// The application named in the SGF made of a UGF record (the `application` column).
pub const APPLICATION: &str = "Pandanet UGF";

/// Largest board: `Y` and `Z`, the pass letters, stay off it.
const MAX_SIZE: usize = 24;

/// A move: Black (`true`) or White, at (column, row from the top), or a pass.
type Move = (bool, Option<(usize, usize)>);

/// The SGF text (as bytes, the names in their own charset) of the UGF record `ugf`, or why it
/// cannot be read.
pub fn to_sgf(ugf: &[u8]) -> Result<Vec<u8>, String> {
    let ugf = ugf.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(ugf);
    let mut header: Vec<(&[u8], &[u8])> = Vec::new();
    let mut data: Vec<&[u8]> = Vec::new();
    let (mut saw_header, mut saw_data) = (false, false);
    let mut section: Option<Vec<u8>> = None;
    for line in ugf.split(|&b| b == b'\n' || b == b'\r').map(trim) {
        if line.is_empty() || (section.is_none() && line.starts_with(b"#")) {
            continue;
        }
        if let Some(name) = line.strip_prefix(b"[").and_then(|l| l.strip_suffix(b"]")) {
            let name = name.to_ascii_lowercase();
            saw_header |= name == b"header";
            saw_data |= name == b"data";
            section = Some(name);
            continue;
        }
        match section.as_deref() {
            Some(b"header") => {
                if let Some(eq) = line.iter().position(|&b| b == b'=') {
                    header.push((trim(&line[..eq]), trim(&line[eq + 1..])));
                }
            }
            Some(b"data") => data.push(line),
            _ => {}
        }
    }
    if !saw_header {
        return Err("no [Header] section".into());
    }
    if !saw_data {
        return Err("no [Data] section".into());
    }
    let size = match value(&header, "Size") {
        None => 19,
        Some(s) => std::str::from_utf8(s)
            .ok()
            .and_then(|s| s.parse().ok())
            .filter(|n| (2..=MAX_SIZE).contains(n))
            .ok_or_else(|| format!("a board size that is no number from 2 to 24: {}", text(s)))?,
    };
    let igs = value(&header, "CoordinateType").is_some_and(|v| v.eq_ignore_ascii_case(b"IGS"));
    let (mut setup, mut moves) = (Vec::new(), Vec::new());
    for line in data {
        // text that some pages add after the game (` .Text,0,999,…`)
        if line.starts_with(b".") {
            continue;
        }
        // the side a pass written `MK` first in the game is: White after handicap stones
        let first_black = !(setup.len() >= 2 && setup.iter().all(|s: &(bool, _)| s.0));
        let (number, m) = move_line(line, size, igs, moves.last(), first_black)?;
        if number == 0 {
            match m {
                (black, Some(at)) => setup.push((black, at)),
                (_, None) => return Err(format!("a stone set up off the board: {}", text(line))),
            }
        } else {
            moves.push(m);
        }
    }
    Ok(write_sgf(&header, size, &setup, &moves))
}

/// The move number and the move of a data line `XY,C1,n,secs`; `previous` gives the colour
/// of a pass written `YZ,MK,n,secs` (seen once by Brouwer), the other side's, and
/// `first_black` that of one before any move (Black's, but White's after handicap stones).
fn move_line(
    line: &[u8],
    size: usize,
    igs: bool,
    previous: Option<&Move>,
    first_black: bool,
) -> Result<(u32, Move), String> {
    let bad = || format!("a data line that is no move `XY,B1,n,secs`: {}", text(line));
    let mut fields = line.split(|&b| b == b',').map(trim);
    let (Some(&[x, y]), Some(who), Some(number)) = (fields.next(), fields.next(), fields.next())
    else {
        return Err(bad());
    };
    let (x, y) = (x.to_ascii_uppercase(), y.to_ascii_uppercase());
    if !x.is_ascii_uppercase() || !y.is_ascii_uppercase() {
        return Err(bad());
    }
    let number: u32 = std::str::from_utf8(number)
        .ok()
        .and_then(|n| n.parse().ok())
        .ok_or_else(bad)?;
    let at = |v: u8| usize::from(v - b'A');
    let on_board = at(x) < size && at(y) < size;
    let black = match who.first() {
        Some(b'B') => true,
        Some(b'W') => false,
        Some(b'M') if who == b"MK" && !on_board => previous.map_or(first_black, |&(b, _)| !b),
        _ => return Err(bad()),
    };
    let row = |y: usize| if igs { size - 1 - y } else { y };
    Ok((number, (black, on_board.then(|| (at(x), row(at(y)))))))
}

/// The value of header `key` (matched without regard to case), if present.
fn value<'a>(header: &[(&[u8], &'a [u8])], key: &str) -> Option<&'a [u8]> {
    header
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(key.as_bytes()))
        .map(|&(_, v)| v)
}

/// The comma-separated fields of header `key`'s value.
fn fields<'a>(header: &[(&[u8], &'a [u8])], key: &str) -> Vec<&'a [u8]> {
    value(header, key).map_or_else(Vec::new, |v| v.split(|&b| b == b',').map(trim).collect())
}

fn write_sgf(
    header: &[(&[u8], &[u8])],
    size: usize,
    setup: &[(bool, (usize, usize))],
    moves: &[Move],
) -> Vec<u8> {
    let mut root = format!("(;GM[1]FF[4]SZ[{size}]AP[{APPLICATION}]");
    let label = charset(header);
    if let Some(cs) = label {
        let _ = write!(root, "CA[{cs}]");
    }
    if let Some(ru) = value(header, "Rule").map(rules).filter(|r| !r.is_empty()) {
        let _ = write!(root, "RU[{ru}]");
    }
    let hdcp = fields(header, "Hdcp");
    let handicap = hdcp.first().and_then(|h| number::<u32>(h)).unwrap_or(0);
    if handicap >= 2 {
        let _ = write!(root, "HA[{handicap}]");
    }
    if let Some(komi) = hdcp.get(1).and_then(|k| number::<f64>(k)) {
        let _ = write!(root, "KM[{komi}]");
    }
    if let Some(re) = result(&fields(header, "Winner")) {
        let _ = write!(root, "RE[{re}]");
    }
    if let Some(dt) = fields(header, "Date").first().and_then(|d| date(d)) {
        let _ = write!(root, "DT[{dt}]");
    }
    for (black, prop) in [(true, "AB"), (false, "AW")] {
        let mut stones = setup.iter().filter(|s| s.0 == black).peekable();
        if stones.peek().is_some() {
            root.push_str(prop);
            for &(_, (x, y)) in stones {
                let _ = write!(root, "[{}]", point(x, y));
            }
        }
    }
    let mut out = root.into_bytes();
    let mut texts = TextValues::default();
    for (key, props) in [("PlayerB", ("PB", "BR")), ("PlayerW", ("PW", "WR"))] {
        let player = fields(header, key);
        match player.first() {
            Some(name) if !name.is_empty() => {
                let rank = player.get(1).copied().filter(|r| !r.is_empty());
                texts.player(props, name, rank);
            }
            _ => {}
        }
    }
    let title: Vec<&[u8]> = fields(header, "Title")
        .into_iter()
        .filter(|f| !f.is_empty())
        .collect();
    let title = title.join(&b", "[..]);
    if !title.is_empty() {
        texts.push("EV", &title);
    }
    texts.write(&mut out, label);
    for &(black, at) in moves {
        push_move(&mut out, black, at);
    }
    out.extend_from_slice(b")\n");
    out
}

fn number<T: std::str::FromStr>(field: &[u8]) -> Option<T> {
    std::str::from_utf8(field).ok()?.parse().ok()
}

/// `Rule=`'s value in the words the rules reader knows.
fn rules(raw: &[u8]) -> String {
    match raw.to_ascii_uppercase().as_slice() {
        b"JPN" | b"JP" => "Japanese".into(),
        b"CHN" | b"CH" => "Chinese".into(),
        b"KOR" | b"KR" => "Korean".into(),
        _ => text(raw).replace(['[', ']', '\\'], ""),
    }
}

/// `Winner=`'s fields as an SGF result: `B+1.5`, `W+R`, `B+F`, `0` for a draw, `Void`.
fn result(fields: &[&[u8]]) -> Option<String> {
    let how = fields.get(1).copied().unwrap_or_default();
    match fields.first().copied()? {
        b"D" => Some("0".into()),
        // no result (`N1,E` a triple ko, as Brouwer saw)
        [b'N', ..] => Some("Void".into()),
        who @ (b"B" | b"W") => {
            let who = who[0] as char;
            let margin = match how.first() {
                Some(b'C' | b'c') => "R".to_string(),
                Some(b'F') => "F".to_string(),
                Some(b'T') => "T".to_string(),
                _ => number::<f64>(how).map_or(String::new(), |m| m.to_string()),
            };
            Some(format!("{who}+{margin}"))
        }
        _ => None,
    }
}

/// `YYYY/MM/DD` as `YYYY-MM-DD`.
fn date(field: &[u8]) -> Option<String> {
    let parts: Vec<u32> = std::str::from_utf8(field)
        .ok()?
        .split('/')
        .map(|p| p.trim().parse().ok())
        .collect::<Option<_>>()?;
    match parts[..] {
        [y, m, d] if y >= 1000 && (1..=12).contains(&m) && (1..=31).contains(&d) => {
            Some(format!("{y:04}-{m:02}-{d:02}"))
        }
        _ => None,
    }
}

/// The charset `Lang` names, the record's declaration of one (its `CA`, and so its
/// `charset_declared`), else none. The decoder checks it as it checks any `CA`: names in UTF-8
/// under `Lang=SJIS` are read as UTF-8.
fn charset(header: &[(&[u8], &[u8])]) -> Option<&'static str> {
    match value(header, "Lang")?.to_ascii_uppercase().as_slice() {
        b"SJIS" | b"SHIFT_JIS" | b"JPN" => Some("Shift_JIS"),
        b"GB" | b"GB2312" | b"GBK" | b"CHN" => Some("GB18030"),
        b"KOR" | b"EUC-KR" | b"KSC" => Some("EUC-KR"),
        b"BIG5" => Some("Big5"),
        b"UTF-8" | b"UTF8" => Some("UTF-8"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A UGF record as Panda-Egg writes one, with this header and these data lines.
    fn record(header: &[&str], data: &[&str]) -> Vec<u8> {
        let mut s = String::from("[Header]\r\nVer=UGF3,200\r\nLang=SJIS\r\n");
        for h in header {
            s.push_str(h);
            s.push_str("\r\n");
        }
        s.push_str("[Data]\r\n");
        for d in data {
            s.push_str(d);
            s.push_str("\r\n");
        }
        s.push_str("[ReviewNode]\r\nNODE,1,0,0,0\r\n");
        s.into_bytes()
    }

    fn sgf(ugf: &[u8]) -> String {
        String::from_utf8(to_sgf(ugf).unwrap()).unwrap()
    }

    const PANDA: &[&str] = &[
        "Title=2019,PANDA-NET,",
        "Date=2019/03/08,22:09:00,2019/03/09,07:16:59",
        "Rule=JPN",
        "Size=19",
        "Hdcp=0,6.50",
        "Winner=B,7.50",
        "CoordinateType=IGS",
        "PlayerB=kuro,7d,,someone@example.org",
        "PlayerW=shiro,8d,,",
    ];

    #[test]
    fn a_record_becomes_its_sgf() {
        let s = sgf(&record(
            PANDA,
            &["QP,B1,1,0", "DP,W1,2,0", "YA,B1,3,0", "AA,W1,4,12"],
        ));
        assert_eq!(
            s,
            "(;GM[1]FF[4]SZ[19]AP[Pandanet UGF]CA[Shift_JIS]RU[Japanese]KM[6.5]RE[B+7.5]\
             DT[2019-03-08]PB[kuro]BR[7d]PW[shiro]WR[8d]EV[2019, PANDA-NET]\
             ;B[qd];W[dd];B[];W[as])\n"
        );
    }

    #[test]
    fn rows_count_from_the_top_unless_the_coordinates_are_igs_s() {
        let mut header = PANDA.to_vec();
        header.retain(|h| !h.starts_with("CoordinateType"));
        assert!(sgf(&record(&header, &["QP,B1,1,0"])).ends_with(";B[qp])\n"));
        header.push("CoordinateType=JPN");
        assert!(sgf(&record(&header, &["QP,B1,1,0"])).ends_with(";B[qp])\n"));
    }

    #[test]
    fn stones_numbered_zero_are_set_up_before_the_first_move() {
        let mut header = PANDA.to_vec();
        header[4] = "Hdcp=2,0.50";
        header[5] = "Winner=W,C";
        let s = sgf(&record(&header, &["DD,B1,0,0", "PP,B1,0,0", "QC,W1,1,0"]));
        assert!(s.contains("HA[2]KM[0.5]RE[W+R]"), "{s}");
        assert!(s.contains("AB[dp][pd]PB"), "{s}");
        assert!(s.ends_with(";W[qq])\n"), "{s}");
    }

    #[test]
    fn results_of_every_kind() {
        for (winner, want) in [
            ("W,0.50", Some("W+0.5")),
            ("B,C", Some("B+R")),
            ("W,F2", Some("W+F")),
            ("B,", Some("B+")),
            ("D,", Some("0")),
            ("N1,E", Some("Void")),
            ("N,", Some("Void")),
            ("A,", None),
            ("P,", None),
        ] {
            let fields: Vec<&[u8]> = winner.as_bytes().split(|&b| b == b',').collect();
            assert_eq!(result(&fields).as_deref(), want, "{winner}");
        }
    }

    #[test]
    fn shift_jis_names_are_left_for_the_decoder_with_their_charset() {
        // 小林 in Shift_JIS
        let mut bytes = b"[Header]\nLang=SJIS\nPlayerB=\x8f\xac\x97\xd1,9-dan,0,\n".to_vec();
        bytes.extend_from_slice(b"Hdcp=0,5.50\n[Data]\nPP,B1,1,0\n");
        let s = to_sgf(&bytes).unwrap();
        let has = |part: &[u8]| s.windows(part.len()).any(|w| w == part);
        assert!(has(b"CA[Shift_JIS]"));
        assert!(has(b"PB[\x8f\xac\x97\xd1]BR[9-dan]"));
    }

    /// `表`, `能` and `成績表` end in the byte 0x5C, SGF's escape: it stays part of its
    /// character, and every value and move after it is read.
    #[test]
    fn a_trail_byte_0x5c_escapes_nothing() {
        let (head, _, _) = encoding_rs::SHIFT_JIS.encode(
            "[Header]\nLang=SJIS\nTitle=成績表,,\nHdcp=0,6.50\nWinner=B,7.50\nPlayerB=表,9p,,\n\
             PlayerW=能,9p,,\n[Data]\nQP,B1,1,0\nDP,W1,2,0\nPC,B1,3,0\nDC,W1,4,0\n",
        );
        let sgf = to_sgf(&head).unwrap();
        let games = crate::sgf::ingest_bytes(&sgf, &crate::sgf::Limits::default());
        let r = games[0].record.as_ref().unwrap();
        assert_eq!(games[0].charset_used, Some("Shift_JIS"));
        assert_eq!(
            (r.black.as_deref(), r.white.as_deref()),
            (Some("表"), Some("能"))
        );
        assert_eq!(
            (r.black_rank.as_deref(), r.event.as_deref()),
            (Some("9p"), Some("成績表"))
        );
        assert_eq!(r.moves.len(), 4);
    }

    #[test]
    fn a_pass_written_mk_is_the_other_side_s() {
        let s = sgf(&record(PANDA, &["QP,B1,1,0", "YZ,MK,2,0"]));
        assert!(s.ends_with(";B[qd];W[])\n"), "{s}");
        // first in the game: Black's, or White's after handicap stones
        let s = sgf(&record(PANDA, &["YZ,MK,1,0", "QP,W1,2,0"]));
        assert!(s.ends_with(";B[];W[qd])\n"), "{s}");
        let s = sgf(&record(PANDA, &["DD,B1,0,0", "PP,B1,0,0", "YZ,MK,1,0"]));
        assert!(s.contains("AB[") && s.ends_with(";W[])\n"), "{s}");
    }

    #[test]
    fn what_is_no_ugf_record_says_why() {
        for (bytes, why) in [
            (&b"Rated game\n19\n"[..], "[Header]"),
            (b"[Header]\nSize=19\n", "[Data]"),
            (b"[Header]\nSize=nineteen\n[Data]\n", "board size"),
            (b"[Header]\nSize=25\n[Data]\n", "board size"),
            (b"[Header]\n[Data]\nP,B1,1,0\n", "no move"),
            (b"[Header]\n[Data]\nQP,X1,1,0\n", "no move"),
            (b"[Header]\n[Data]\nYA,B1,0,0\n", "off the board"),
        ] {
            let e = to_sgf(bytes).unwrap_err();
            assert!(e.contains(why), "{e}");
        }
    }

    #[test]
    fn damaged_records_never_panic() {
        let good = record(PANDA, &["DD,B1,0,0", "QP,W1,1,0", "YA,B1,2,0", "MK,B1,3,0"]);
        for cut in 0..good.len() {
            let _ = to_sgf(&good[..cut]);
            let mut flipped = good.clone();
            flipped[cut] ^= 0x5A;
            let _ = to_sgf(&flipped);
        }
    }
}
