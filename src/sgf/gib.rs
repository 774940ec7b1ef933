//! Tygem's own record format, GIB (`.gib`): read by turning each record into SGF bytes that
//! the rest of ingestion reads like any SGF file (one record builder, one charset decoder).
//!
//! The format is not published; what this reader relies on was checked against records the
//! Tygem clients wrote (Korean, Chinese and global servers, 2012–2017):
//!
//! - a header of `\[KEY=VALUE\]` lines between `\HS` and `\HE`, values in the client's
//!   charset (named by `GIBOKIND`: `Korea` EUC-KR and `China` GBK, as seen; `Japan` taken
//!   for Shift_JIS, not seen; else UTF-8 or detected);
//! - the players as `GAMEBLACKNAME=name (rank)`, `GAMEWHITENAME=…`, or, where those are
//!   missing or empty (the records eWeiqi, Tygem's Chinese server, serves), the `BID:` of
//!   `BUSERINFO=BID:name,BLV:…` and the `WID:` of `WUSERINFO`;
//! - `GAMEINFOMAIN=…,GRLT:r,ZIPSU:z,DUM:d,GONGJE:k,LINE:s,…`: the board size `s` (19 when
//!   absent or empty; one that names no size from 2 to 25 is an error), the result type `r` (0 Black wins by
//!   `z`/10 points, 1 White by `z`/10, 3 and 4 Black and White by resignation, 7 and 8 on
//!   time) and the komi `k`/10 (공제, "deduction" from Black's score; a record whose `DUM`
//!   (덤) is set, as some handicap games' "White Dum(5)" are, leaves the komi unknown: its
//!   unit is not known); the same values also
//!   sit in `GAMETAG=…,G<k>,W<r>,Z<z>,C<yyyy:mm:dd:…>` with the date;
//! - the moves between `\GS` and `\GE`: `INI 0 1 h …` sets up a handicap of `h` stones
//!   (Tygem's placement: the third stone in the upper left, see [`handicap_points`]; a
//!   handicap of one stone is none, Black moving first, as every ruleset here counts it),
//!   `STO 0 n c x y` plays colour `c` (1 Black, 2 White) at column `x`, row `y` from the top,
//!   both from 0; `SKI 0 n` is a pass. Lines end in `\r\n`, `\n` or `\r`.
//!
//! Tygem counts by territory as Korean rules do, so the SGF names the rules `Korean`. A record
//! without a header's end or any move section, or with a move off the board, is not read
//! (its row says why).

use std::fmt::Write as _;

/// The application named in the SGF made of a GIB record (the `application` column).
pub const APPLICATION: &str = "Tygem GIB";

/// The board size of a Tygem game whose header names none (`LINE:`).
const SIZE: usize = 19;

/// Largest board an SGF point can name here (`a`–`y`).
const MAX_SIZE: usize = 25;

/// The SGF text (as bytes, the header's values in their own charset) of the GIB record
/// `gib`, or why it cannot be read.
pub fn to_sgf(gib: &[u8]) -> Result<Vec<u8>, String> {
    let mut header: Vec<(&[u8], &[u8])> = Vec::new();
    let mut section = Section::Before;
    let mut handicap = 0usize;
    let mut moves: Vec<Move> = Vec::new();
    // a UTF-8 byte-order mark, as editors saving "UTF-8 with BOM" write one
    let gib = gib.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(gib);
    for raw in gib.split(|&b| b == b'\n' || b == b'\r') {
        let line = trim(raw);
        match section {
            Section::Before | Section::Between => {
                if line == b"\\HS" {
                    section = Section::Header;
                } else if line == b"\\GS" {
                    section = Section::Game;
                }
            }
            Section::Header => {
                if line == b"\\HE" {
                    section = Section::Between;
                } else if let Some(pair) = header_line(line) {
                    header.push(pair);
                }
            }
            Section::Game => {
                if line == b"\\GE" {
                    section = Section::After;
                    break;
                }
                let words: Vec<&[u8]> = line
                    .split(|b| b.is_ascii_whitespace())
                    .filter(|w| !w.is_empty())
                    .collect();
                match words.first().copied() {
                    Some(b"INI") => {
                        handicap = number(words.get(3)).ok_or("an INI line without a handicap")?;
                    }
                    Some(b"STO") => {
                        let (Some(colour), Some(x), Some(y)) = (
                            number(words.get(3)),
                            number(words.get(4)),
                            number(words.get(5)),
                        ) else {
                            return Err(format!(
                                "a move line that is not `STO 0 n c x y`: {}",
                                text(line)
                            ));
                        };
                        if !(1..=2).contains(&colour) {
                            return Err(format!("a move of no colour: {}", text(line)));
                        }
                        moves.push(Move::Play(colour == 1, x, y));
                    }
                    Some(b"SKI") => moves.push(Move::Pass),
                    _ => {}
                }
            }
            Section::After => break,
        }
    }
    if header.is_empty() {
        return Err("no GIB header (`\\HS` … `\\HE`)".into());
    }
    if section != Section::After {
        return Err("no GIB move section (`\\GS` … `\\GE`)".into());
    }
    let size = board_size(&header)?;
    if let Some(Move::Play(_, x, y)) = moves
        .iter()
        .find(|m| matches!(m, Move::Play(_, x, y) if *x >= size || *y >= size))
    {
        return Err(format!(
            "a move off the {size}×{size} board: column {x}, row {y}"
        ));
    }
    if handicap > 9 {
        return Err(format!("a handicap of {handicap} stones"));
    }
    Ok(write_sgf(&header, size, handicap, &moves))
}

/// The board size `LINE:` of `GAMEINFOMAIN` names, else (no `LINE:`, or only empty ones) 19.
/// A `LINE:` that names no board size (`LINE:1x9`, `LINE:30`) is an error: the moves'
/// meaning depends on it.
fn board_size(header: &[(&[u8], &[u8])]) -> Result<usize, String> {
    let written = value(header, "GAMEINFOMAIN").and_then(|main| {
        main.split(|&b| b == b',')
            .filter_map(|item| after_name(item, "LINE", false).map(trim))
            .find(|v| !v.is_empty())
    });
    let Some(written) = written else {
        return Ok(SIZE);
    };
    let size = digits(written).filter(|n| (2..=MAX_SIZE as u32).contains(n));
    size.map(|n| n as usize).ok_or_else(|| {
        format!(
            "a board size that is no number from 2 to {MAX_SIZE} (`LINE:{}`)",
            text(written)
        )
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Before,
    Header,
    Between,
    Game,
    After,
}

enum Move {
    /// Black (`true`) or White at column, row.
    Play(bool, usize, usize),
    Pass,
}

/// A line without its line ending and the spaces around it.
pub(super) fn trim(line: &[u8]) -> &[u8] {
    let start = line
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(line.len());
    let end = line
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(start, |e| e + 1);
    &line[start..end]
}

/// `\[KEY=VALUE\]` as (KEY, VALUE).
fn header_line(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let inner = line.strip_prefix(b"\\[")?.strip_suffix(b"\\]")?;
    let eq = inner.iter().position(|&b| b == b'=')?;
    Some((&inner[..eq], &inner[eq + 1..]))
}

fn number(word: Option<&&[u8]>) -> Option<usize> {
    std::str::from_utf8(word?).ok()?.parse().ok()
}

pub(super) fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The value of header `key`, if present.
fn value<'a>(header: &[(&[u8], &'a [u8])], key: &str) -> Option<&'a [u8]> {
    header
        .iter()
        .find(|(k, _)| *k == key.as_bytes())
        .map(|&(_, v)| v)
}

/// What follows `name:` (or `name` alone, with `glued`, as in `GAMETAG`'s `G65`) in one item
/// of a comma-separated header value (the item trimmed first).
fn after_name<'a>(item: &'a [u8], name: &str, glued: bool) -> Option<&'a [u8]> {
    let rest = trim(item).strip_prefix(name.as_bytes())?;
    let rest = if glued {
        rest
    } else {
        rest.strip_prefix(b":")?
    };
    Some(rest)
}

/// The value of `field:` in a comma-separated header value such as `GAMEINFOMAIN`'s (or of
/// `field` followed by its digits, with `glued`, as in `GAMETAG`'s `G65`).
fn field(list: &[u8], name: &str, glued: bool) -> Option<u32> {
    list.split(|&b| b == b',')
        .find_map(|item| digits(trim(after_name(item, name, glued)?)))
}

/// A value of digits alone as a number (`None` for any other, or one too big).
fn digits(value: &[u8]) -> Option<u32> {
    if value.is_empty() || !value.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(value).ok()?.parse().ok()
}

/// The text of `field:` in a comma-separated header value (`BUSERINFO`'s `BID:name`),
/// trimmed; `None` when absent or empty.
fn text_field<'a>(list: &'a [u8], name: &str) -> Option<&'a [u8]> {
    list.split(|&b| b == b',').find_map(|item| {
        after_name(item, name, false)
            .map(trim)
            .filter(|r| !r.is_empty())
    })
}

/// Tygem's handicap stones on the 19×19 board as (column, row from the top), for 2 to 9
/// stones: the lower left and upper right, then the upper left and lower right, the centre
/// for an odd count (5, 7, 9), the left and right sides from 6, the top and bottom from 8.
pub fn handicap_points(count: usize) -> Vec<(usize, usize)> {
    handicap_points_on(count, SIZE)
}

/// [`handicap_points`] on a board of `size` (the star points three lines in from 13×13 up,
/// two below, as on the standard layouts).
pub fn handicap_points_on(count: usize, size: usize) -> Vec<(usize, usize)> {
    let near = if size >= 13 { 3 } else { 2 };
    let (far, mid) = (size - 1 - near, size / 2);
    let corners = [(near, far), (far, near), (near, near), (far, far)];
    let mut points: Vec<(usize, usize)> = corners.into_iter().take(count.min(4)).collect();
    if count >= 6 {
        points.extend([(near, mid), (far, mid)]);
    }
    if count >= 8 {
        points.extend([(mid, near), (mid, far)]);
    }
    if count >= 5 && count % 2 == 1 {
        points.push((mid, mid));
    }
    points
}

/// An SGF point (`aa` the upper left corner).
pub(super) fn point(x: usize, y: usize) -> String {
    format!("{}{}", (b'a' + x as u8) as char, (b'a' + y as u8) as char)
}

/// `HA[n]AB[…]` for `handicap` stones where Tygem's clients put them on a board of `size`
/// (nothing for fewer than two). Boards without star points for them (even sides, smaller
/// than 7×7, or more than four stones below 9×9) get `HA[n]` alone, for the record builder to
/// place or refuse.
pub(super) fn handicap_setup(handicap: usize, size: usize) -> String {
    if handicap < 2 {
        return String::new();
    }
    if size < 7 || size.is_multiple_of(2) || (size < 9 && handicap > 4) {
        return format!("HA[{handicap}]");
    }
    let mut out = format!("HA[{handicap}]AB");
    for (x, y) in handicap_points_on(handicap, size) {
        let _ = write!(out, "[{}]", point(x, y));
    }
    out
}

/// A converted record's text properties (names, ranks, the event), written together so that
/// one charset decides how all of them are escaped ([`TextValues::write`]).
#[derive(Default)]
pub(super) struct TextValues<'a>(Vec<(&'static str, &'a [u8])>);

impl<'a> TextValues<'a> {
    /// A player's name and, when known, rank (`PB[…]BR[…]` with `props` `("PB", "BR")`).
    pub(super) fn player(
        &mut self,
        (name_prop, rank_prop): (&'static str, &'static str),
        name: &'a [u8],
        rank: Option<&'a [u8]>,
    ) {
        self.0.push((name_prop, name));
        if let Some(r) = rank {
            self.0.push((rank_prop, r));
        }
    }

    /// Property `prop` with the text `value`.
    pub(super) fn push(&mut self, prop: &'static str, value: &'a [u8]) {
        self.0.push((prop, value));
    }

    /// Appends each property as `ID[value]`, escaping each `]` and `\\` that is a character
    /// of its own.
    ///
    /// The values' bytes stay in their charset, which the decoder reads before any SGF escape
    /// (see [`super::charset`]). A trail byte 0x5C or 0x5D of a Shift_JIS, GBK or Big5
    /// character (`表`, `能`, `淺`) is part of that character: escaped, its escape took the
    /// next byte (`PB[表]BR[9p]` was read as one name). So when the values are not all UTF-8
    /// and every one of them reads in one such charset — the record's `label`, else the one
    /// detection names for them together — they are escaped character by character in it, as
    /// the decoder will read the file. Otherwise (UTF-8, EUC-KR, whose bytes hold no such
    /// trail byte, or bytes no such charset reads) byte by byte, which any single-byte
    /// reading keeps whole.
    pub(super) fn write(&self, out: &mut Vec<u8>, label: Option<&str>) {
        let label_enc = label.and_then(super::charset::encoding_for_label);
        let owned = label_enc.and_then(|enc| self.in_label_charset(enc));
        let all: Vec<(&'static str, &[u8])> = match &owned {
            Some(values) => (self.0.iter().zip(values))
                .map(|(&(prop, _), v)| (prop, v.as_slice()))
                .collect(),
            None => self.0.clone(),
        };
        let values = || all.iter().map(|&(_, v)| v);
        let in_charset = |enc: &'static encoding_rs::Encoding| {
            all.iter()
                .map(|&(_, v)| {
                    let text = enc.decode_without_bom_handling_and_without_replacement(v)?;
                    let escaped = text.replace('\\', "\\\\").replace(']', "\\]");
                    // the Big5 encoder writes no HKSCS character: each must come back as read
                    let (bytes, _, unmappable) = enc.encode(&escaped);
                    (!unmappable).then(|| bytes.into_owned())
                })
                .collect::<Option<Vec<Vec<u8>>>>()
        };
        let escaped = if values().all(|v| std::str::from_utf8(v).is_ok()) {
            None
        } else {
            label_enc
                .or_else(|| {
                    Some(super::charset::guess(
                        &values().collect::<Vec<_>>().join(&b' '),
                    ))
                })
                .filter(|&enc| super::charset::trail_byte_can_be_backslash(enc))
                .and_then(in_charset)
        };
        for (k, &(prop, value)) in all.iter().enumerate() {
            out.extend_from_slice(prop.as_bytes());
            out.push(b'[');
            match &escaped {
                Some(values) => out.extend_from_slice(&values[k]),
                None => {
                    for &b in value {
                        if b == b']' || b == b'\\' {
                            out.push(b'\\');
                        }
                        out.push(b);
                    }
                }
            }
            out.push(b']');
        }
    }
}

impl TextValues<'_> {
    /// The values in the record's labelled charset `enc` when some of them are not (a
    /// client that wrote one name in EUC-KR and the other in UTF-8): each read in its own
    /// (`enc` when it reads there, else UTF-8) and written again in `enc`. Left as they are
    /// (`None`) when every value reads in `enc`, or every one is UTF-8, or one reads in
    /// neither or has a character `enc` cannot write. Written in two charsets, the file
    /// decoded in neither: detection took it for GBK, where a name's last byte swallowed the
    /// `]` after it, and the moves after the names were lost to an `ok` row.
    fn in_label_charset(&self, enc: &'static encoding_rs::Encoding) -> Option<Vec<Vec<u8>>> {
        let reads = |v: &[u8]| {
            enc.decode_without_bom_handling_and_without_replacement(v)
                .is_some()
        };
        let utf8 = |v: &[u8]| std::str::from_utf8(v).is_ok();
        // one charset holds them all
        if self.0.iter().all(|&(_, v)| reads(v)) || self.0.iter().all(|&(_, v)| utf8(v)) {
            return None;
        }
        self.0
            .iter()
            .map(|&(_, v)| {
                if reads(v) {
                    return Some(v.to_vec());
                }
                let text = std::str::from_utf8(v).ok()?;
                let (bytes, _, unmappable) = enc.encode(text);
                (!unmappable).then(|| bytes.into_owned())
            })
            .collect()
    }
}

/// A move node: `;B[pd]` (Black at column, row), or `;W[]` for a pass.
pub(super) fn push_move(out: &mut Vec<u8>, black: bool, at: Option<(usize, usize)>) {
    let colour = if black { 'B' } else { 'W' };
    let at = at.map_or(String::new(), |(x, y)| point(x, y));
    out.extend_from_slice(format!(";{colour}[{at}]").as_bytes());
}

/// A player's `name (rank)` as the name and the rank.
fn name_and_rank(raw: &[u8]) -> (&[u8], Option<&[u8]>) {
    let raw = trim(raw);
    if raw.ends_with(b")") {
        if let Some(open) = raw.iter().rposition(|&b| b == b'(') {
            let rank = &raw[open + 1..raw.len() - 1];
            if !rank.is_empty() && !rank.contains(&b'(') {
                return (trim(&raw[..open]), Some(rank));
            }
        }
    }
    (raw, None)
}

/// The charset the client's edition (`GIBOKIND`) writes, the record's only declaration of
/// one (its `CA`, and so its `charset_declared`), else none named. The decoder checks it as it
/// checks any `CA`: names in UTF-8 under a Korean edition's label are read as UTF-8.
fn charset(header: &[(&[u8], &[u8])]) -> Option<&'static str> {
    match value(header, "GIBOKIND")? {
        b"Korea" => Some("EUC-KR"),
        b"China" => Some("GB18030"),
        b"Japan" => Some("Shift_JIS"),
        _ => None,
    }
}

/// The recorded result from `GRLT`/`ZIPSU` (or `GAMETAG`'s `W`/`Z`).
fn result(header: &[(&[u8], &[u8])]) -> Option<String> {
    let main = value(header, "GAMEINFOMAIN");
    let tag = value(header, "GAMETAG");
    let kind = main
        .and_then(|m| field(m, "GRLT", false))
        .or_else(|| tag.and_then(|t| field(t, "W", true)))?;
    let points = main
        .and_then(|m| field(m, "ZIPSU", false))
        .or_else(|| tag.and_then(|t| field(t, "Z", true)));
    // a count whose points are missing still names its winner (`B+`, a win how not said)
    let margin = |p: Option<u32>| p.map_or(String::new(), |p| format!("{}.{}", p / 10, p % 10));
    Some(match kind {
        0 => format!("B+{}", margin(points)),
        1 => format!("W+{}", margin(points)),
        3 => "B+R".into(),
        4 => "W+R".into(),
        7 => "B+T".into(),
        8 => "W+T".into(),
        _ => return None,
    })
}

/// The game's date from `GAMETAG`'s `Cyyyy:mm:dd`, else `GAMEINFOSUB`'s `GDATE:yyyy-m-d-…`, else
/// `GAMEDATE`.
fn date(header: &[(&[u8], &[u8])]) -> Option<String> {
    let from_tag = value(header, "GAMETAG").and_then(|t| {
        t.split(|&b| b == b',').find_map(|item| {
            ymd(
                std::str::from_utf8(trim(item).strip_prefix(b"C")?).ok()?,
                ':',
            )
        })
    });
    // `GDATE:` among `GAMEINFOSUB`'s items, whose names and places (`GNAME:친선`) are in
    // the record's charset, else the `GAMEDATE` line (both `2016- 3-26-17-29-25`)
    let ascii_ymd = |d: &[u8]| ymd(std::str::from_utf8(d).ok()?, '-');
    from_tag
        .or_else(|| {
            let sub = value(header, "GAMEINFOSUB")?;
            sub.split(|&b| b == b',')
                .find_map(|i| trim(i).strip_prefix(b"GDATE:"))
                .and_then(ascii_ymd)
        })
        .or_else(|| value(header, "GAMEDATE").and_then(ascii_ymd))
}

/// `yyyy<sep>m<sep>d…` (numbers perhaps padded with spaces) as `yyyy-mm-dd`.
fn ymd(text: &str, sep: char) -> Option<String> {
    let parts: Vec<u32> = text
        .split(sep)
        .take(3)
        .map(|p| p.trim().parse().ok())
        .collect::<Option<_>>()?;
    (parts.len() == 3).then(|| format!("{:04}-{:02}-{:02}", parts[0], parts[1], parts[2]))
}

fn write_sgf(header: &[(&[u8], &[u8])], size: usize, handicap: usize, moves: &[Move]) -> Vec<u8> {
    let mut root = format!("(;GM[1]FF[4]SZ[{size}]RU[Korean]");
    let _ = write!(root, "AP[{APPLICATION}]");
    let label = charset(header);
    if let Some(cs) = label {
        let _ = write!(root, "CA[{cs}]");
    }
    let main = value(header, "GAMEINFOMAIN");
    let tag = value(header, "GAMETAG");
    let komi = main
        .and_then(|m| field(m, "GONGJE", false))
        .or_else(|| tag.and_then(|t| field(t, "G", true)));
    // `DUM` (덤), set in some handicap games ("White Dum(5)"), is komi in units not known:
    // the komi is then left unknown rather than guessed
    let dum = main
        .and_then(|m| field(m, "DUM", false))
        .or_else(|| tag.and_then(|t| field(t, "D", true)));
    if let (Some(k), None | Some(0)) = (komi, dum) {
        let _ = write!(root, "KM[{}.{}]", k / 10, k % 10);
    }
    root.push_str(&handicap_setup(handicap, size));
    if let Some(re) = result(header) {
        let _ = write!(root, "RE[{re}]");
    }
    if let Some(dt) = date(header) {
        let _ = write!(root, "DT[{dt}]");
    }
    let mut out = root.into_bytes();
    let mut texts = TextValues::default();
    for (key, (user, id), props) in [
        ("GAMEBLACKNAME", ("BUSERINFO", "BID"), ("PB", "BR")),
        ("GAMEWHITENAME", ("WUSERINFO", "WID"), ("PW", "WR")),
    ] {
        match value(header, key).filter(|v| !trim(v).is_empty()) {
            Some(v) => {
                let (n, r) = name_and_rank(v);
                texts.player(props, n, r);
            }
            None => {
                if let Some(n) = value(header, user).and_then(|u| text_field(u, id)) {
                    texts.player(props, n, None);
                }
            }
        }
    }
    texts.write(&mut out, label);
    // a pass belongs to the side whose turn it is: the other side from the last move, or
    // White after handicap stones, else Black
    let mut black_next = handicap < 2;
    for m in moves {
        match *m {
            Move::Play(black, x, y) => {
                push_move(&mut out, black, Some((x, y)));
                black_next = !black;
            }
            Move::Pass => {
                push_move(&mut out, black_next, None);
                black_next = !black_next;
            }
        }
    }
    out.extend_from_slice(b")\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record in the shape the Tygem clients write (header, `INI`, `STO`), made up here.
    fn record(handicap: usize, main: &str, moves: &str) -> Vec<u8> {
        format!(
            "\\HS\r\n\\[GIBOKIND=Global\\]\r\n\\[GAMEBLACKNAME=Kim (9D)\\]\r\n\
             \\[GAMEWHITENAME=Lee Bo]ra (8D)\\]\r\n\\[GAMEINFOMAIN=GBKIND:3,GTYPE:0,GCDT:{handicap},{main},TCNT:3,AUSZ:0\\]\r\n\
             \\[GAMETAG=S0,R3,D0,G65,W0,Z35,T30-3-1200,C2016:03:26:17:29,I:x\\]\r\n\\HE\r\n\
             \\GS\r\n2 1 0\r\n4 0 &4\r\nINI 0 1 {handicap} &4 \r\n{moves}\\GE\r\n"
        )
        .into_bytes()
    }

    /// A `]` or `\\` of its own is escaped; a trail byte 0x5C or 0x5D is part of its
    /// character when the values read in a charset where it can be (the record's, else the
    /// one detection names), else every such byte is escaped.
    #[test]
    fn values_escape_characters_not_trail_bytes() {
        let written = |values: &[&[u8]], label| {
            let mut texts = TextValues::default();
            for v in values {
                texts.push("C", v);
            }
            let mut out = Vec::new();
            texts.write(&mut out, label);
            out
        };
        // 表 in Shift_JIS, 淺 in GBK, 許 in Big5: two bytes ending in 0x5C
        assert_eq!(written(&[b"\x95\x5c"], Some("Shift_JIS")), b"C[\x95\x5c]");
        assert_eq!(written(&[b"\x9c\x5c"], Some("GB18030")), b"C[\x9c\x5c]");
        assert_eq!(written(&[b"\xb3\x5c"], Some("Big5")), b"C[\xb3\x5c]");
        // a backslash and a bracket of their own, beside such a character too
        assert_eq!(written(&[b"a]b\\c"], None), b"C[a\\]b\\\\c]");
        assert_eq!(
            written(&[b"\x95\x5c]", b"x\\"], Some("Shift_JIS")),
            b"C[\x95\x5c\\]]C[x\\\\]"
        );
        // UTF-8 under another label: its bytes never hold a 0x5C but a backslash
        assert_eq!(
            written(&["表\\".as_bytes()], Some("EUC-KR")),
            "C[表\\\\]".as_bytes()
        );
        // no label: the charset detection names for all the values together
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("井山裕太表");
        let mut want = b"C[".to_vec();
        want.extend_from_slice(&sjis);
        want.push(b']');
        assert_eq!(written(&[&sjis], None), want);
        // a value no such charset reads: every 0x5C and 0x5D escaped, as any single-byte
        // reading keeps them
        assert_eq!(
            written(&[b"\x95\x5c", b"\xff"], Some("Shift_JIS")),
            b"C[\x95\\\x5c]C[\xff]"
        );
    }

    /// A Korean record whose client wrote one name in EUC-KR and the other in UTF-8: both
    /// are written in the record's EUC-KR, and the game keeps its moves (written in two
    /// charsets, the file was detected as GBK, a name swallowed the `]` after it and the
    /// first move, and the row said `ok`).
    #[test]
    fn names_in_two_charsets_are_written_in_the_records_own() {
        let (black, _, _) = encoding_rs::EUC_KR.encode("이세돌");
        let gib = [
            &b"\\HS\r\n\\[GIBOKIND=Korea\\]\r\n\\[GAMEBLACKNAME="[..],
            &black,
            b" (9D)\\]\r\n\\[GAMEWHITENAME=",
            "박정환 (8D)".as_bytes(),
            b"\\]\r\n\\[GAMEINFOMAIN=GBKIND:3,GTYPE:0,GCDT:0,GONGJE:65,ZIPSU:0,GRLT:3,TCNT:3,AUSZ:0\\]\r\n\\HE\r\n\\GS\r\n2 1 0\r\n4 0 &4\r\nINI 0 1 0 &4 \r\nSTO 0 2 1 15 3 \r\n\\GE\r\n",
        ]
        .concat();
        let rows = crate::sgf::ingest_bytes(&to_sgf(&gib).unwrap(), &crate::sgf::Limits::default());
        let r = rows[0].record.as_ref().unwrap();
        assert_eq!(rows[0].charset_used, Some("EUC-KR"));
        assert_eq!(
            (r.black.as_deref(), r.white.as_deref()),
            (Some("이세돌"), Some("박정환"))
        );
        assert_eq!(r.moves.len(), 1);
    }

    #[test]
    fn a_record_becomes_its_sgf() {
        let gib = record(
            0,
            "GRLT:1,ZIPSU:35,DUM:0,GONGJE:65",
            "STO 0 2 1 15 3 \r\nSTO 0 3 2 3 15\r\nSKI 0 4\r\nSTO 0 5 2 16 16\r\n",
        );
        let sgf = String::from_utf8(to_sgf(&gib).unwrap()).unwrap();
        assert_eq!(
            sgf,
            "(;GM[1]FF[4]SZ[19]RU[Korean]AP[Tygem GIB]KM[6.5]RE[W+3.5]\
             DT[2016-03-26]PB[Kim]BR[9D]PW[Lee Bo\\]ra]WR[8D];B[pd];W[dp];B[];W[qq])\n"
        );
    }

    #[test]
    fn handicap_stones_go_where_tygem_puts_them() {
        let gib = record(3, "GRLT:4,ZIPSU:0,DUM:0,GONGJE:0", "STO 0 2 2 15 15\r\n");
        let sgf = String::from_utf8(to_sgf(&gib).unwrap()).unwrap();
        assert!(sgf.contains("KM[0.0]HA[3]AB[dp][pd][dd]RE[W+R]"), "{sgf}");
        assert!(sgf.ends_with(";W[pp])\n"), "{sgf}");
        let names = |n| {
            handicap_points(n)
                .into_iter()
                .map(|(x, y)| point(x, y))
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(names(2), "dp pd");
        assert_eq!(names(4), "dp pd dd pp");
        assert_eq!(names(5), "dp pd dd pp jj");
        assert_eq!(names(6), "dp pd dd pp dj pj");
        assert_eq!(names(7), "dp pd dd pp dj pj jj");
        assert_eq!(names(9), "dp pd dd pp dj pj jd jp jj");
    }

    #[test]
    fn a_byte_order_mark_is_no_part_of_the_record() {
        let mut gib = b"\xEF\xBB\xBF".to_vec();
        gib.extend(record(0, "GRLT:3", "STO 0 2 1 3 3\r\n"));
        let sgf = String::from_utf8(to_sgf(&gib).unwrap()).unwrap();
        assert!(
            sgf.contains("RE[B+R]") && sgf.ends_with(";B[dd])\n"),
            "{sgf}"
        );
    }

    #[test]
    fn a_dum_leaves_the_komi_unknown() {
        let gib = record(3, "GRLT:255,ZIPSU:0,DUM:5,GONGJE:0", "STO 0 2 2 15 15\r\n");
        let sgf = String::from_utf8(to_sgf(&gib).unwrap()).unwrap();
        assert!(!sgf.contains("KM[") && !sgf.contains("RE["), "{sgf}");
    }

    #[test]
    fn results_from_the_tag_when_the_main_line_lacks_them() {
        let gib = record(0, "DUM:0", "STO 0 2 1 3 3\r\n");
        let sgf = String::from_utf8(to_sgf(&gib).unwrap()).unwrap();
        assert!(sgf.contains("KM[6.5]RE[B+3.5]"), "{sgf}");
    }

    /// eWeiqi (Tygem's Chinese server) serves records with the players only in
    /// `BUSERINFO`/`WUSERINFO` and the board size in `LINE:`.
    #[test]
    fn ewei_qi_records_name_their_players_and_board() {
        let gib = "\\HS\r\n\\[GAMEINFOMAIN=GBKIND:2,GRLT:3,ZIPSU:0,GONGJE:75,TCNT:2,LINE:13\\]\r\n\
                   \\[BUSERINFO=BID:Ke Jie ,BLV:35\\]\r\n\\[WUSERINFO=WID:Shin,WLV:35\\]\r\n\\HE\r\n\
                   \\GS\r\nINI 0 1 0 &4\r\nSTO 0 2 1 9 3\r\nSTO 0 3 2 12 12\r\n\\GE\r\n";
        let sgf = String::from_utf8(to_sgf(gib.as_bytes()).unwrap()).unwrap();
        assert!(sgf.starts_with("(;GM[1]FF[4]SZ[13]"), "{sgf}");
        assert!(sgf.contains("KM[7.5]RE[B+R]"), "{sgf}");
        assert!(sgf.contains("PB[Ke Jie]PW[Shin];B[jd];W[mm])"), "{sgf}");
        // a move past the board it names is refused
        let off = gib.replace("STO 0 3 2 12 12", "STO 0 3 2 13 12");
        assert!(to_sgf(off.as_bytes()).unwrap_err().contains("13×13"));
        // old Mac line ends read the same
        let cr = gib.replace("\r\n", "\r");
        assert_eq!(to_sgf(cr.as_bytes()).unwrap(), sgf.as_bytes());
        // a size with a space before it is read; an empty one is none (19); one that is no
        // number is refused, not read as 19: the moves would land elsewhere
        let spaced = gib.replace("LINE:13", "LINE: 13");
        assert_eq!(to_sgf(spaced.as_bytes()).unwrap(), sgf.as_bytes());
        let empty = gib.replace("LINE:13", "LINE:");
        assert!(String::from_utf8(to_sgf(empty.as_bytes()).unwrap())
            .unwrap()
            .starts_with("(;GM[1]FF[4]SZ[19]"));
        // the first `LINE:` with a value counts
        let twice = gib.replace("LINE:13", "LINE:,LINE:13");
        assert_eq!(to_sgf(twice.as_bytes()).unwrap(), sgf.as_bytes());
        for bad in [
            "LINE:13x13",
            "LINE:thirteen",
            "LINE:-13",
            "LINE:99999999999",
            "LINE:30",
        ] {
            let e = to_sgf(gib.replace("LINE:13", bad).as_bytes()).unwrap_err();
            assert!(
                e.contains("no number from 2 to 25") && e.contains(bad),
                "{e}"
            );
        }
    }

    #[test]
    fn a_handicap_of_one_stone_is_none() {
        let gib = record(1, "GRLT:3,DUM:0,GONGJE:0", "STO 0 2 1 15 3\r\n");
        let sgf = String::from_utf8(to_sgf(&gib).unwrap()).unwrap();
        assert!(!sgf.contains("HA[") && sgf.ends_with(";B[pd])\n"), "{sgf}");
    }

    #[test]
    fn a_count_without_its_points_still_names_the_winner() {
        let gib = String::from_utf8(record(0, "GRLT:1,DUM:0", "STO 0 2 1 3 3\r\n")).unwrap();
        let gib = gib.replace(",Z35", "").into_bytes();
        let sgf = String::from_utf8(to_sgf(&gib).unwrap()).unwrap();
        assert!(sgf.contains("RE[W+]"), "{sgf}");
    }

    #[test]
    fn a_korean_client_s_record_names_its_charset() {
        let (name, _, _) = encoding_rs::EUC_KR.encode("이세돌 (9단)");
        let mut gib = b"\\HS\n\\[GIBOKIND=Korea\\]\n\\[GAMEBLACKNAME=".to_vec();
        gib.extend_from_slice(&name);
        gib.extend_from_slice(b"\\]\n\\HE\n\\GS\nINI 0 1 0 &4\nSTO 0 2 1 3 3\n\\GE\n");
        let sgf = to_sgf(&gib).unwrap();
        let (text, _, bad) = encoding_rs::EUC_KR.decode(&sgf);
        assert!(!bad);
        assert!(
            text.contains("CA[EUC-KR]") && text.contains("PB[이세돌]BR[9단]"),
            "{text}"
        );
    }

    /// The date beside a game's name and place in the Korean client's charset, or on its
    /// `GAMEDATE` line alone.
    #[test]
    fn a_date_beside_korean_text_is_read() {
        let dated = |lines: &str| {
            let (lines, _, _) = encoding_rs::EUC_KR.encode(lines);
            let mut gib = b"\\HS\n\\[GIBOKIND=Korea\\]\n".to_vec();
            gib.extend_from_slice(&lines);
            gib.extend_from_slice(b"\\HE\n\\GS\nINI 0 1 0 &4\nSTO 0 2 1 3 3\n\\GE\n");
            let sgf = to_sgf(&gib).unwrap();
            sgf.windows(14).any(|w| w == b"DT[2016-03-26]")
        };
        let sub =
            "\\[GAMEINFOSUB=GNAMEF:0,GPLCF:0,GNAME:친선,GDATE:2016- 3-26-17-29-25,GPLC:타이젬\\]\n";
        assert!(dated(sub));
        assert!(dated(
            "\\[GAMEPLACE=타이젬\\]\n\\[GAMEDATE=2016- 3-26-17-29-25\\]\n"
        ));
        assert!(!dated("\\[GAMEPLACE=타이젬\\]\n"));
    }

    /// Damaged records (bytes changed, cut, lines dropped) give an SGF or a reason, never a
    /// panic.
    #[test]
    fn damaged_records_never_panic() {
        let good = record(
            3,
            "GRLT:0,ZIPSU:35,DUM:0,GONGJE:65",
            "STO 0 2 2 15 15\r\nSKI 0 3\r\nSTO 0 4 2 3 3\r\n",
        );
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let alphabet = b"\\[]=:,() 0123456789\r\nSTOINIKG-";
        for _ in 0..20_000 {
            let mut bytes = good.clone();
            for _ in 0..1 + next(4) {
                match next(3) {
                    0 => {
                        let at = next(bytes.len());
                        bytes[at] = alphabet[next(alphabet.len())];
                    }
                    1 => bytes.truncate(next(bytes.len() + 1)),
                    _ => {
                        let at = next(bytes.len());
                        bytes.remove(at);
                    }
                }
                if bytes.is_empty() {
                    break;
                }
            }
            let _ = to_sgf(&bytes);
        }
    }

    #[test]
    fn what_is_no_gib_record_says_why() {
        assert!(to_sgf(b"(;GM[1])").unwrap_err().contains("no GIB header"));
        let no_moves = b"\\HS\n\\[GIBOKIND=Korea\\]\n\\HE\n";
        assert!(to_sgf(no_moves)
            .unwrap_err()
            .contains("no GIB move section"));
        let off = record(0, "GRLT:0", "STO 0 2 1 19 3\r\n");
        assert!(to_sgf(&off).unwrap_err().contains("off the 19×19 board"));
        let bad = record(0, "GRLT:0", "STO 0 2 1 x\r\n");
        assert!(to_sgf(&bad).unwrap_err().contains("not `STO 0 n c x y`"));
    }
}
