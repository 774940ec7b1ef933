//! Charset decoding: SGF bytes → text, **before** any lexing.
//!
//! In Shift_JIS and GBK a trail byte can be `\` (0x5C) or `]` (0x5D), which a byte-level lexer
//! would take for an escape or the end of a value, so the whole file is decoded first. Order of
//! trust: a byte-order mark (or, without one, UTF-16's telltale zero bytes), then the `CA`
//! property (with the aliases real archives use), then strict UTF-8, then a guess by
//! `chardetng`. A few damaged characters (a byte turned into `?` by a lossy copy, a file cut
//! in the middle of one) do not overturn a charset: they are replaced and the text kept in
//! the charset its label, or detection without them, names. The decision is recorded: the
//! declared label, the charset actually used, and whether decoding had to replace bytes
//! (lossy).

use encoding_rs::{
    Encoding, BIG5, EUC_JP, EUC_KR, GB18030, GBK, ISO_8859_15, SHIFT_JIS, UTF_16BE, UTF_16LE,
    UTF_8, WINDOWS_1252,
};
use std::borrow::Cow;

/// Text decoded from one file, with how it was decoded.
#[derive(Debug, Clone)]
pub struct Decoded<'a> {
    pub text: Cow<'a, str>,
    /// The `CA` value as written in the file, if any.
    pub declared: Option<String>,
    /// The name of the encoding used (encoding_rs' canonical name, e.g. `"Shift_JIS"`, `"GBK"`).
    pub used: &'static str,
    /// Some bytes were invalid in the charset used and were replaced by U+FFFD.
    pub lossy: bool,
}

/// Finds the value of the first `CA[...]` property in the raw bytes (ASCII scan; the value of
/// `CA` is itself ASCII). The property must start a token: the byte before `C` is not a letter.
pub fn find_declared_charset(bytes: &[u8]) -> Option<String> {
    ca_tokens(bytes).next()?.1
}

/// Every `CA[` that starts a token in the raw bytes, in order: where its value starts, and the
/// value trimmed (`None` when no `]` closes it within 64 bytes). An empty value (`CA[]`) is
/// kept: it starts a part of a collection all the same (its games are no part of the label
/// before it), though the rows report no label for it.
fn ca_tokens(bytes: &[u8]) -> impl Iterator<Item = (usize, Option<String>)> + '_ {
    let mut from = 0;
    std::iter::from_fn(move || loop {
        let at = from + find(&bytes[from..], b"CA[")?;
        from = at + 3;
        if at == 0 || !bytes[at - 1].is_ascii_alphabetic() {
            let value = bytes[from..].iter().take(64).position(|&b| b == b']');
            let value = value.map(|len| {
                String::from_utf8_lossy(&bytes[from..from + len])
                    .trim()
                    .to_string()
            });
            return Some((from, value));
        }
    })
}

/// The `CA` of a game's root node, trimmed, in the game's decoded text (its tree from the
/// `(`): `None` when the root node has none (a `CA[` in a comment or a later node is none).
pub fn root_declared(game: &str) -> Option<String> {
    let b = game.as_bytes();
    let mut i = b.iter().position(|&c| c == b';')? + 1;
    // the identifier being read, and whether the next capital letter begins another
    let mut ident: Vec<u8> = Vec::new();
    let mut fresh = true;
    while i < b.len() {
        match b[i] {
            b'[' => {
                let start = i + 1;
                let mut j = start;
                let mut escaped = false;
                while j < b.len() && (escaped || b[j] != b']') {
                    escaped = !escaped && b[j] == b'\\';
                    j += 1;
                }
                if ident == b"CA" {
                    // a label is short: a long value is kept as its start
                    return Some(game[start..j].trim().chars().take(64).collect());
                }
                fresh = true;
                i = j + 1;
                continue;
            }
            c if c.is_ascii_uppercase() => {
                if std::mem::take(&mut fresh) {
                    ident.clear();
                }
                ident.push(c);
            }
            b';' | b'(' | b')' => return None,
            _ => {}
        }
        i += 1;
    }
    None
}

/// Every `CA` property of the raw bytes, where its value starts and the value (see
/// [`find_declared_charset`]).
fn declared_charsets(bytes: &[u8]) -> Vec<(usize, String)> {
    ca_tokens(bytes)
        .filter_map(|(at, value)| Some((at, value?)))
        .collect()
}

/// Where game trees open in the raw bytes, in order: each `(` that white space and a node's
/// `;` follow, and the start of a file that opens with a node's `;` (Fox writes some games
/// without their `(`). The bytes `(` and `;` are never part of a character in the charsets
/// read here, as `]` and `\\` can be; an opening found inside a value is told apart later.
fn tree_openings(bytes: &[u8]) -> Vec<usize> {
    let mut openings = Vec::new();
    if bytes.trim_ascii_start().first() == Some(&b';') {
        openings.push(bytes.len() - bytes.trim_ascii_start().len());
    }
    let mut i = 0;
    while let Some(at) = bytes[i..].iter().position(|&b| b == b'(') {
        let at = i + at;
        let after = bytes[at + 1..].trim_ascii_start();
        if after.first() == Some(&b';') {
            openings.push(at);
        }
        // the white space just skipped holds no `(`
        i = bytes.len() - after.len();
    }
    openings
}

/// Reads a game's root node in the raw bytes from its tree's opening, as far as asked, to tell
/// whether a `CA[` there is a property of it: outside every value (values are read with
/// their `\\` escapes, but for a 0x5C after a byte from 0x81, a trail byte), and before the node ends (at the next node's `;` or a variation's
/// parenthesis). Asked again for a later `CA[` of the same tree, it goes on from where it
/// stopped, so a root read for many `CA[` (in a comment) is read once.
struct RootReader {
    opening: usize,
    at: usize,
    inside: bool,
    escaped: bool,
    ended: bool,
}

impl RootReader {
    fn new(bytes: &[u8], opening: usize) -> RootReader {
        // past the root's own `;`
        let semicolon = bytes[opening..].iter().position(|&b| b == b';');
        RootReader {
            opening,
            at: semicolon.map_or(bytes.len(), |k| opening + k + 1),
            inside: false,
            escaped: false,
            ended: semicolon.is_none(),
        }
    }

    /// Whether the property starting at byte `start` is one of the root node's.
    fn holds_property_at(&mut self, bytes: &[u8], start: usize) -> bool {
        while !self.ended && self.at < start {
            let b = bytes[self.at];
            if self.inside {
                if self.escaped {
                    self.escaped = false;
                } else if b == b'\\' {
                    // after a byte from 0x81 it is a character's trail byte (表, 能 in
                    // Shift_JIS), not an escape: the raw bytes are not decoded yet
                    self.escaped = bytes[self.at - 1] < 0x81;
                } else if b == b']' {
                    self.inside = false;
                }
            } else {
                match b {
                    b'[' => self.inside = true,
                    b';' | b'(' | b')' => self.ended = true,
                    _ => {}
                }
            }
            self.at += 1;
        }
        !self.ended && !self.inside && self.at == start
    }
}

/// The byte ranges of a file to decode apart, each in its own charset: one range, unless its
/// games declare different charsets. `CA` is a property of its game's root node: a
/// collection made by joining files (`cat *.sgf`) holds games in several charsets, and one
/// game's label read them all as mojibake, or swallowed a `]` and with it the result that
/// followed. A range begins at the tree of a game whose root's `CA` names another charset
/// than the range before it (a `CA[` in a comment or in a later node is none); a game
/// without a `CA` stays in the range before it (a collection declares its charset once).
/// The games before the first label are read in its charset too, unless they are UTF-8 or
/// detection names another East Asian charset that reads them cleanly: then they are a
/// range of their own, read by detection. A cut is made only where the bytes before it,
/// decoded, hold whole games, and the bytes decoded to check that are bounded (four times
/// the file). Text with a byte-order mark, UTF-16 and valid UTF-8 are read whole (their
/// labels do not decide).
pub fn parts(bytes: &[u8]) -> Vec<(std::ops::Range<usize>, Option<String>)> {
    let labels = declared_charsets(bytes);
    if labels.is_empty()
        || Encoding::for_bom(bytes).is_some()
        || utf16_without_bom(bytes).is_some()
        || std::str::from_utf8(bytes).is_ok()
    {
        return vec![(0..bytes.len(), find_declared_charset(bytes))];
    }
    let openings = tree_openings(bytes);
    // each tree's first root `CA`: (opening, charset, label)
    let mut roots: Vec<(usize, Option<&'static Encoding>, String)> = Vec::new();
    let mut root: Option<RootReader> = None;
    for (at, label) in labels {
        let k = openings.partition_point(|&o| o < at);
        let Some(&open) = k.checked_sub(1).and_then(|k| openings.get(k)) else {
            continue;
        };
        if roots.last().is_some_and(|&(o, _, _)| o == open) {
            continue;
        }
        let reader = match &mut root {
            Some(r) if r.opening == open => r,
            _ => root.insert(RootReader::new(bytes, open)),
        };
        if reader.holds_property_at(bytes, at - 3) {
            roots.push((open, encoding_for_label(&label), label));
        }
    }
    let whole_games = |part: &[u8], label: Option<&String>| {
        let mut text = decode_labelled(part, label.cloned()).text;
        // a Fox file's first game, without its `(`, as `prepare_file` repairs it
        if text.trim_start().starts_with(';') {
            text = Cow::Owned(format!("({text}"));
        }
        let scan = super::split::scan(&text);
        !scan.games.is_empty()
            && scan
                .games
                .iter()
                .all(|g| g.unclosed == 0 && g.unterminated_value_at.is_none())
    };
    let mut cuts = vec![0];
    // the root whose label the range so far is read in (`None` before the first label)
    let mut current: Option<usize> = None;
    let mut budget = bytes.len().saturating_mul(4);
    for (k, &(open, enc, _)) in roots.iter().enumerate() {
        let last = cuts[cuts.len() - 1];
        let cut = match current {
            // the games before the first label join it unless they read otherwise
            None => open > openings[0] && reads_otherwise(&bytes[..open], enc),
            Some(c) => roots[c].1 != enc,
        };
        let before = current;
        if current.is_none() || cut {
            current = Some(k);
        }
        if !cut {
            continue;
        }
        let Some(left) = budget.checked_sub(open - last) else {
            break;
        };
        budget = left;
        if whole_games(&bytes[last..open], before.map(|c| &roots[c].2)) {
            cuts.push(open);
        } else if before.is_some() {
            current = before;
        }
    }
    cuts.push(bytes.len());
    // each range's label: that of the first root in it (a `CA[` elsewhere, in text before
    // the games or in a comment, labels nothing)
    cuts.windows(2)
        .map(|w| {
            let first = roots.partition_point(|&(open, _, _)| open < w[0]);
            let label = roots
                .get(first)
                .filter(|&&(open, _, _)| open < w[1])
                .map(|(_, _, label)| label.clone());
            (w[0]..w[1], label)
        })
        .collect()
}

/// Whether the games before a collection's first label (`enc`), which declare none, are text
/// of another charset: UTF-8 (with text beyond ASCII) under another label, text that
/// detection names another East Asian charset for and that reads cleanly in it, or text the
/// label's charset reads worse than detection's. Short names detection cannot place are read
/// in the label's charset.
fn reads_otherwise(bytes: &[u8], enc: Option<&'static Encoding>) -> bool {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return !text.is_ascii() && enc != Some(UTF_8);
    }
    let guessed = guess(bytes);
    let in_guess = guessed.decode_without_bom_handling_and_without_replacement(bytes);
    if east_asian(guessed) && enc != Some(guessed) && in_guess.is_some() {
        return true;
    }
    // or the label's reading is unsound where detection's is not: it fails, or closes fewer
    // values or leaves more text astray (Latin-1 games, SGF's default, before a GBK label:
    // `PB[René]` read as GBK swallows its `]`)
    let Some(enc) = enc else {
        return false;
    };
    match (
        enc.decode_without_bom_handling_and_without_replacement(bytes),
        in_guess,
    ) {
        (None, _) => true,
        (Some(label), Some(guess)) => {
            let ((closed, stray), (more, fewer)) = (structure(&label), structure(&guess));
            more > closed || fewer < stray
        }
        (Some(_), None) => false,
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Maps a `CA` label to an encoding, accepting the aliases seen in archives besides the WHATWG
/// labels (`UTF8`, `SJIS`, `MS_KANJI`, `CP932`, `CP936`, `CP949`, `Latin-1`, `ISO8859-1`, …).
/// Latin-1 maps to windows-1252 (a superset that never fails).
pub fn encoding_for_label(label: &str) -> Option<&'static Encoding> {
    let trimmed = label.trim();
    if let Some(enc) = Encoding::for_label_no_replacement(trimmed.as_bytes()) {
        return Some(enc);
    }
    let key: String = trimmed
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let name = match key.as_str() {
        "utf8" | "utf" | "unicode" => "utf-8",
        "sjis" | "shiftjis" | "mskanji" | "cp932" | "windows932" | "ms932" | "xsjis" => "shift_jis",
        "gb2312" | "gbk" | "cp936" | "windows936" | "euccn" | "gb231280" => "gbk",
        "gb18030" => "gb18030",
        "euckr" | "cp949" | "windows949" | "uhc" | "ksc5601" | "ksc56011987" => "euc-kr",
        "big5" | "cp950" | "big5hkscs" => "big5",
        "eucjp" => "euc-jp",
        "latin1" | "iso88591" | "iso885915" | "l1" | "cp1252" | "ascii" | "usascii" => {
            "windows-1252"
        }
        "utf16" | "utf16le" => "utf-16le",
        "utf16be" => "utf-16be",
        _ => return None,
    };
    Encoding::for_label(name.as_bytes())
}

/// UTF-16 text written without a byte-order mark, told by its zero bytes: in the first 512
/// code units, at least half have a zero high byte (SGF's brackets, identifiers and
/// coordinates are ASCII), almost none a zero low byte, and one is `(` (a game, perhaps after
/// some text) or the first is `;` (a game written without its `(`). Text in any 8-bit charset
/// has no zero bytes at all.
fn utf16_without_bom(bytes: &[u8]) -> Option<&'static Encoding> {
    let units = bytes.len().min(1024) / 2;
    // the first code unit is ASCII (a space, text, the game's start), so half of it is zero
    if units < 2 || (bytes[0] != 0 && bytes[1] != 0) {
        return None;
    }
    let head = &bytes[..units * 2];
    [(UTF_16LE, 1, 0), (UTF_16BE, 0, 1)]
        .into_iter()
        .find(|&(_, high, low)| {
            let pairs = || head.chunks_exact(2);
            let zero_high = pairs().filter(|u| u[high] == 0).count();
            let zero_low = pairs().filter(|u| u[low] == 0).count();
            let opens = pairs().any(|u| u[high] == 0 && u[low] == b'(')
                || pairs()
                    .find(|u| !(u[high] == 0 && u[low].is_ascii_whitespace()))
                    .is_some_and(|u| u[high] == 0 && u[low] == b';');
            2 * zero_high >= units && 20 * zero_low <= units && opens
        })
        .map(|(enc, _, _)| enc)
}

/// Decodes a whole file. Never fails: undecodable bytes become U+FFFD and `lossy` is set.
pub fn decode(bytes: &[u8]) -> Decoded<'_> {
    decode_labelled(bytes, find_declared_charset(bytes))
}

/// [`decode`] with the label `declared` (a range of [`parts`], with the label its games'
/// roots declare), found in the text instead for UTF-16.
pub fn decode_labelled(bytes: &[u8], declared: Option<String>) -> Decoded<'_> {
    // `CA[]` names no charset (it still starts a part of a collection, see [`parts`])
    let declared = declared.filter(|label| !label.is_empty());
    // 1. Byte-order marks decide, whatever CA says.
    if let Some((enc, bom_len)) = Encoding::for_bom(bytes) {
        let declared = if enc == UTF_16LE || enc == UTF_16BE {
            None // CA cannot be read from the raw bytes of UTF-16 text
        } else {
            declared
        };
        let (text, lossy) = enc.decode_without_bom_handling(&bytes[bom_len..]);
        let declared = declared.or_else(|| find_declared_charset_text(&text));
        return Decoded {
            text,
            declared,
            used: enc.name(),
            lossy,
        };
    }
    // 1b. UTF-16 without a mark: interleaved zero bytes would pass for ASCII text below.
    if let Some(enc) = utf16_without_bom(bytes) {
        let (text, lossy) = enc.decode_without_bom_handling(bytes);
        return Decoded {
            declared: find_declared_charset_text(&text),
            text,
            used: enc.name(),
            lossy,
        };
    }
    // A declared UTF-16 is not these bytes' charset: UTF-16 text has a byte-order mark or
    // zero bytes (1 and 1b above). Read as UTF-16, ASCII SGF turns into CJK characters without
    // a `(` among them (a `CA[UTF-16]` file of even length became no game at all).
    let declared_enc = declared
        .as_deref()
        .and_then(encoding_for_label)
        .filter(|e| *e != UTF_16LE && *e != UTF_16BE);
    // 2. Valid UTF-8 with non-ASCII text is UTF-8 whatever CA says: real GBK or Shift_JIS text
    //    is almost never valid UTF-8, while UTF-8 text mislabelled GB2312 would decode "cleanly"
    //    as GBK into garbage.
    if let Ok(text) = std::str::from_utf8(bytes) {
        if !text.is_ascii() {
            return Decoded {
                text: Cow::Borrowed(text),
                declared,
                used: UTF_8.name(),
                lossy: false,
            };
        }
    }
    // 3. The declared charset, when it decodes cleanly; but a Latin-1 (ISO-8859-1 or -15) or
    //    ASCII label on text that reads as a multi-byte charset of East Asia is the writer's default, not the
    //    text's (Shift_JIS names under `CA[ISO-8859-1]` decode "cleanly" into mojibake, as
    //    any bytes do in a single-byte charset): then the guess, as for a file without `CA`.
    //    Other single-byte labels (ISO-8859-2, windows-874) name text whose letters the
    //    guess may read as Big5 or GBK: they are trusted.
    let decoded = decode_8bit(bytes, declared, declared_enc);
    // 9. A reading that turned a trail byte 0x5C into an escape, which swallowed the `]`
    //    after it: the East Asian reading whose structure is sounder (see [`closes_more`]).
    //    Only where no label was trusted: none, a Latin-1 or ASCII one (a writer's default),
    //    or one the bytes did not read in.
    let used = Encoding::for_label(decoded.used.as_bytes());
    let trusted = declared_enc.is_some_and(|e| Some(e) == used && !latin(e));
    if !trusted && !decoded.lossy {
        if let Some((enc, text)) = closes_more(bytes, &decoded.text) {
            return Decoded {
                text,
                used: enc.name(),
                ..decoded
            };
        }
    }
    decoded
}

/// A Latin-1 (ISO-8859-1 or -15) or ASCII label, which writers put by default.
fn latin(e: &'static Encoding) -> bool {
    e == WINDOWS_1252 || e == ISO_8859_15
}

/// Steps 3 to 8 of [`decode`]: bytes that are neither UTF-16 nor valid UTF-8.
fn decode_8bit<'a>(
    bytes: &'a [u8],
    declared: Option<String>,
    declared_enc: Option<&'static Encoding>,
) -> Decoded<'a> {
    if let Some(enc) = declared_enc.filter(|&e| !(latin(e) && reads_as_cjk(bytes))) {
        if let Some(text) = enc.decode_without_bom_handling_and_without_replacement(bytes) {
            let (text, lossy) = keep_value_ends(bytes, enc, text);
            return Decoded {
                text,
                declared,
                used: enc.name(),
                lossy,
            };
        }
    }
    // 4. Pure ASCII.
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Decoded {
            text: Cow::Borrowed(text),
            declared,
            used: UTF_8.name(),
            lossy: false,
        };
    }
    // 5. A declared East Asian charset in which a few characters are damaged (a byte turned
    //    into `?` by a lossy copy, a file cut in the middle of a character): the label is
    //    kept, the damaged characters replaced. Detection rules out any charset a byte fails
    //    in, and chose another that read every name as mojibake, or swallowed a `]` closing
    //    a value (`PW[...]RE[W+3.5]` read as one name).
    if let Some(enc) = declared_enc.filter(|&e| east_asian(e)) {
        if let Some(text) = decode_damaged(bytes, enc) {
            return Decoded {
                text,
                declared,
                used: enc.name(),
                lossy: true,
            };
        }
    }
    // 6. Mostly UTF-8 with a few damaged bytes (Fox: a lossy round-trip put `?` in place of one
    //    byte of some characters), or UTF-8 whose only flaws are such `?`: lossy UTF-8 keeps
    //    every intact character, and a UTF-8 decoder never swallows an ASCII byte, so the SGF
    //    structure survives.
    //    A `CA[UTF-8]` that is right but for such damage is kept the same way (it fell to
    //    the guess, which read every name as mojibake). So is text whose game information
    //    (names, event, result…) is UTF-8 and only other values are not (a comment in
    //    Latin-1 or GBK): see [`names_in_utf8`].
    let utf8_or_undeclared = match declared.as_deref() {
        None => true,
        Some(label) => encoding_for_label(label) == Some(UTF_8),
    };
    if utf8_or_undeclared && (mostly_utf8(bytes) || damaged_utf8(bytes) || names_in_utf8(bytes)) {
        let (text, _) = UTF_8.decode_without_bom_handling(bytes);
        return Decoded {
            text,
            declared,
            used: UTF_8.name(),
            lossy: true,
        };
    }
    // 7. East Asian text damaged in a few characters, without a label or under another one:
    //    detection disqualifies the text's own charset for one bad byte, and falls to a
    //    single-byte reading (GBK names with one byte turned into `?` read as ISO-8859-2),
    //    or another East Asian one that swallows a `]` closing a value. Unless the guess
    //    reads the bytes cleanly as East Asian text, each East Asian charset whose damage is
    //    small is asked whether detection names it once its damaged characters are taken
    //    out; the first it names is used, the damage replaced. (After 6: the UTF-8 of Fox's
    //    damaged names reads in Shift_JIS with as little damage, and so named.)
    let guessed = guess(bytes);
    let reads_cleanly = east_asian(guessed)
        && guessed
            .decode_without_bom_handling_and_without_replacement(bytes)
            .is_some_and(|text| value_ends(text.as_bytes()) == value_ends(bytes));
    if !reads_cleanly {
        if let Some((enc, text)) = EAST_ASIAN.iter().find_map(|&enc| {
            let text = decode_damaged(bytes, enc)?;
            let intact: String = text.chars().filter(|&c| c != '\u{FFFD}').collect();
            (guess(&enc.encode(&intact).0) == enc).then_some((enc, text))
        }) {
            return Decoded {
                text,
                declared,
                used: enc.name(),
                lossy: true,
            };
        }
    }
    // 8. Detection: chardetng's guess, else the declared charset with replacement.
    if let Some(text) = guessed.decode_without_bom_handling_and_without_replacement(bytes) {
        return Decoded {
            text,
            declared,
            used: guessed.name(),
            lossy: false,
        };
    }
    let enc = declared_enc.unwrap_or(guessed);
    let (text, lossy) = enc.decode_without_bom_handling(bytes);
    Decoded {
        text,
        declared,
        used: enc.name(),
        lossy,
    }
}

/// `text`, the fault-free reading of `bytes` in the multi-byte `enc` a label names, or the reading in which
/// the `]`s that a value cut after a lead byte made part of a character end their values
/// again, lossy, when that one is the sounder SGF. A name cut at a byte limit
/// (`PB[古力\xC1]PW[柯洁]` in GBK, Shift_JIS or Big5 alike) made its `]` the trail byte of
/// a character, and the value ran on to the next `]`, swallowing the properties between (white
/// NULL on an `ok` row). Each `]` after a byte that may lead a character and before SGF's
/// structure ([`begins_structure`]) is made a value's end: the bytes on each side of it are
/// decoded apart, so a lead byte left alone is replaced. That reading is taken only when it
/// decoded some bytes otherwise (a lead byte was left alone), leaves no stray text outside
/// values and closes more of them ([`structure`]); a whole character whose trail byte is `]`
/// before such text in a comment (Big5 `(也)(x)`, Shift_JIS `ゾ;余;`) leaves stray text so
/// cut, and keeps its reading. Only under a label: a guess's reading may be wrong as a whole
/// (half-width katakana names and a `表` read as Big5), which step 9 of [`decode_labelled`]
/// mends only when it is not lossy.
fn keep_value_ends<'a>(
    bytes: &'a [u8],
    enc: &'static Encoding,
    text: Cow<'a, str>,
) -> (Cow<'a, str>, bool) {
    if enc.is_single_byte() || enc == UTF_8 {
        return (text, false);
    }
    let cuts: Vec<usize> = (1..bytes.len())
        .filter(|&i| bytes[i] == b']' && bytes[i - 1] >= 0x81 && begins_structure(&bytes[i + 1..]))
        .collect();
    if cuts.is_empty() {
        return (text, false);
    }
    let mut cut = String::with_capacity(text.len() + 3 * cuts.len());
    let mut replaced = false;
    let mut from = 0;
    for at in cuts.into_iter().chain([bytes.len()]) {
        let (part, lossy) = enc.decode_without_bom_handling(&bytes[from..at]);
        cut.push_str(&part);
        replaced |= lossy;
        from = at;
    }
    // a file whose game opens without its `(` (Fox's) is scanned with one: `structure`
    // counts stray text inside a game tree only
    let tree = |t: &str| match t.trim_start().starts_with(';') {
        true => structure(&format!("({t}")),
        false => structure(t),
    };
    let ((closed, stray), (before, _)) = (tree(&cut), tree(&text));
    if replaced && stray == 0 && closed > before {
        (Cow::Owned(cut), true)
    } else {
        (text, false)
    }
}

/// Whether `rest`, the bytes after a `]`, begin with SGF's structure: after white space, a
/// property (a capital letter, more letters — FF[3]'s `PlayerWhite` — and its `[`), a node's
/// `;`, a variation's `(;`, or `)` followed by another `(`, `)` or the end.
fn begins_structure(rest: &[u8]) -> bool {
    let rest = rest.trim_ascii_start();
    match rest.first() {
        Some(b';') => true,
        Some(b'(') => rest[1..].trim_ascii_start().first() == Some(&b';'),
        Some(b')') => matches!(
            rest[1..].trim_ascii_start().first(),
            None | Some(b'(' | b')')
        ),
        Some(b'A'..=b'Z') => {
            let letters = rest.iter().take_while(|b| b.is_ascii_alphabetic()).count();
            rest[letters..].trim_ascii_start().first() == Some(&b'[')
        }
        _ => false,
    }
}

/// SGF's game-information properties, whose values become the row's text (`GC`, a comment,
/// is left out).
const GAME_INFO: [&[u8]; 20] = [
    b"PB", b"PW", b"BR", b"WR", b"BT", b"WT", b"EV", b"GN", b"PC", b"RO", b"DT", b"RE", b"RU",
    b"SO", b"US", b"AN", b"CP", b"ON", b"OT", b"TM",
];

/// Whether the game information of text that is not UTF-8 as a whole is UTF-8: every value of
/// a [`GAME_INFO`] property valid UTF-8 (the bytes lexed as SGF: UTF-8 never hides a `]` or a
/// `\\` in a character), at least one character in it a kanji or hanzi, kana or Hangul (the
/// UTF-8 a few GBK or Shift_JIS bytes happen to make is Latin, IPA, Greek, Cyrillic or
/// Armenian: `时越` in GBK is `ʱԽ`), and the lossy UTF-8 reading of the whole text sound
/// ([`structure`]): no stray text outside values, and as many values closed as the guess's
/// reading closes (a Shift_JIS or Big5 comment's trail byte `]` or `\\`, a lone byte in
/// UTF-8, would end a value early or escape its end). A Latin-1 or GBK comment then
/// no longer decides the charset (a `CA[UTF-8]` game's `井山裕太` was read as `äº•å±±è£•å¤ª`
/// in windows-1252, the same names without a label alike).
fn names_in_utf8(bytes: &[u8]) -> bool {
    let mut letters = 0;
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_uppercase() {
            i += 1;
            continue;
        }
        let ident = i;
        while i < bytes.len() && bytes[i].is_ascii_uppercase() {
            i += 1;
        }
        let name = &bytes[ident..i];
        let info = ident
            .checked_sub(1)
            .is_none_or(|b| !bytes[b].is_ascii_alphabetic())
            && GAME_INFO.contains(&name);
        // its values, each `[…]` with `\` escapes
        loop {
            let j = i + bytes[i..]
                .iter()
                .take_while(|b| b.is_ascii_whitespace())
                .count();
            if bytes.get(j) != Some(&b'[') {
                break;
            }
            let start = j + 1;
            let mut k = start;
            while k < bytes.len() && bytes[k] != b']' {
                k += if bytes[k] == b'\\' { 2 } else { 1 };
            }
            let value = &bytes[start..k.min(bytes.len())];
            i = (k + 1).min(bytes.len());
            if !info {
                continue;
            }
            let Ok(text) = std::str::from_utf8(value) else {
                return false;
            };
            letters += text
                .chars()
                .filter(|c| {
                    matches!(c, '\u{3040}'..='\u{30FF}' | '\u{4E00}'..='\u{9FFF}' | '\u{AC00}'..='\u{D7A3}')
                })
                .count();
        }
    }
    if letters == 0 {
        return false;
    }
    // bytes beyond ASCII that UTF-8 does not read, then `\` or `]`: unless they are whole
    // two-byte characters of GB2312, Big5's common part or Shift_JIS's level-2 kanji and
    // half-width kana (an even run, every byte from 0xA1: `…漂亮]`), the last of them may
    // lead a Shift_JIS, Big5 or GBK character whose trail byte that is (能 is 0x94 0x5C),
    // which UTF-8 would make an escape or a value's end
    for i in 1..bytes.len() {
        if matches!(bytes[i], b'\\' | b']') && bytes[i - 1] >= 0x80 {
            let high = bytes[..i].iter().rev().take_while(|&&b| b >= 0x80).count();
            let run = &bytes[i - high..i];
            let pairs = run.len().is_multiple_of(2) && run.iter().all(|&b| b >= 0xA1);
            if std::str::from_utf8(run).is_err() && !pairs {
                return false;
            }
        }
    }
    let (closed, stray) = structure(&UTF_8.decode_without_bom_handling(bytes).0);
    let (closed_by_guess, _) = structure(&guess(bytes).decode_without_bom_handling(bytes).0);
    stray == 0 && closed >= closed_by_guess
}

/// How an SGF reader finds `text`'s structure: the values it closes (outside a value `[`
/// opens one; inside, `\\` escapes the next character and `]` closes it), and the stray
/// characters it meets inside a game tree outside every value (anything but white space, `(`,
/// `)`, `;` and a property's name: capital letters, and small ones after a capital).
fn structure(text: &str) -> (usize, usize) {
    let (mut closed, mut stray, mut depth) = (0, 0, 0usize);
    let (mut inside, mut escaped) = (false, false);
    // within a property's name: small letters go on one begun by a capital (FF[3]'s
    // `PlayerWhite`)
    let mut name = false;
    for c in text.chars() {
        if !inside {
            let letter = c.is_ascii_uppercase() || name && c.is_ascii_lowercase();
            match c {
                '[' => inside = true,
                '(' => depth += 1,
                ')' => depth = depth.saturating_sub(1),
                ';' => {}
                _ if letter => {}
                c if c.is_whitespace() => {}
                _ => stray += usize::from(depth > 0),
            }
            name = letter;
        } else if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == ']' {
            inside = false;
            closed += 1;
        }
    }
    (closed, stray)
}

/// The charsets in which a character's trail byte can be 0x5C, SGF's escape.
const TRAIL_BACKSLASH: [&Encoding; 3] = [SHIFT_JIS, GBK, BIG5];

/// An East Asian reading of `bytes` whose SGF structure is sounder than `text`'s, their
/// reading in a single-byte charset or by a guess: there a character's trail byte 0x5C became
/// an escape and swallowed the `]` after it (`PB[表]PW[能]` in Shift_JIS, read as
/// windows-1252, is one value `•\]PW[”`, and with it moves were lost), or left the rest of a
/// value outside it. Detection cannot tell such short names apart; the structure can
/// ([`structure`]): a sounder reading has no more stray characters, and more values closed or
/// fewer stray characters (a Latin-1 comment `[déjà\\] puis [a\\]]` read as Big5 closes one
/// value more, `à\\` one character, but leaves ` puis ` astray). Of the readings that decode
/// without a fault and are soundest, and whose characters are at least half the common ones
/// of their charset ([`common_characters`]: Latin-1 accents before a backslash or a letter
/// read as rare hanzi, `joué\\` and `año` in Big5), the one with the most of them.
fn closes_more<'a>(bytes: &'a [u8], text: &str) -> Option<(&'static Encoding, Cow<'a, str>)> {
    if !bytes.windows(2).any(|w| w[0] >= 0x81 && w[1] == b'\\') {
        return None;
    }
    let (closed, stray) = structure(text);
    TRAIL_BACKSLASH
        .iter()
        .filter_map(|&enc| {
            let text = enc.decode_without_bom_handling_and_without_replacement(bytes)?;
            let (more, fewer) = structure(&text);
            let (common, total) = common_characters(bytes, enc);
            let sounder = fewer <= stray && (more > closed || fewer < stray);
            let key = (more, std::cmp::Reverse(fewer), common);
            (sounder && 2 * common >= total).then_some((key, enc, text))
        })
        .max_by_key(|&(key, _, _)| key)
        .map(|(_, enc, text)| (enc, text))
}

/// How many two-byte characters of `bytes` (read cleanly in `enc`) lie in its charset's
/// common part, of how many: Shift_JIS's kana, symbols and first-level kanji (lead bytes 0x81–0x98), GBK's
/// GB2312 part (both bytes from 0xA1), Big5's symbols and first-level hanzi (lead bytes
/// 0xA1–0xC6). The same two bytes are a common kanji in one and a rare hanzi in another
/// (0x95 0x5C: 表 in Shift_JIS, a GBK extension character).
fn common_characters(bytes: &[u8], enc: &'static Encoding) -> (usize, usize) {
    let (mut common, mut total) = (0, 0);
    let mut i = 0;
    while i < bytes.len() {
        let (lead, next) = (bytes[i], bytes.get(i + 1).copied().unwrap_or(0));
        let two_bytes = if enc == SHIFT_JIS {
            matches!(lead, 0x81..=0x9F | 0xE0..=0xFC)
        } else {
            lead >= 0x81
        };
        if !two_bytes {
            i += 1;
            continue;
        }
        total += 1;
        common += usize::from(match enc {
            e if e == SHIFT_JIS => lead <= 0x98,
            e if e == BIG5 => (0xA1..=0xC6).contains(&lead),
            _ => lead >= 0xA1 && next >= 0xA1,
        });
        // GB18030's four-byte characters: a digit second
        i += if enc == GBK && next.is_ascii_digit() {
            4
        } else {
            2
        };
    }
    (common, total)
}

/// The multi-byte charsets of Chinese, Japanese and Korean that detection names (GB18030 is
/// read by GBK's decoder).
const EAST_ASIAN: [&Encoding; 5] = [GBK, BIG5, SHIFT_JIS, EUC_KR, EUC_JP];

fn east_asian(enc: &'static Encoding) -> bool {
    enc == GB18030 || EAST_ASIAN.contains(&enc)
}

/// `bytes` read in `enc` when a few of its characters are damaged: at least one byte fails,
/// intact non-ASCII characters outnumber the failures at least 2 to 1 (as in
/// [`mostly_utf8`]), and every `]` that closes a value in the bytes still closes one in the
/// text. `None` when the bytes read cleanly or the damage is not small.
fn decode_damaged<'a>(bytes: &'a [u8], enc: &'static Encoding) -> Option<Cow<'a, str>> {
    let (text, lossy) = enc.decode_without_bom_handling(bytes);
    if !lossy {
        return None;
    }
    let faults = text.chars().filter(|&c| c == '\u{FFFD}').count();
    let intact = text
        .chars()
        .filter(|&c| !c.is_ascii() && c != '\u{FFFD}')
        .count();
    (intact >= 2 * faults && value_ends(text.as_bytes()) == value_ends(bytes)).then_some(text)
}

/// Whether `bytes` (not UTF-8) are text of a multi-byte charset of Chinese, Japanese or
/// Korean: `chardetng`'s guess is one (it weighs what the bytes spell in each, and reads
/// Latin-1 accents as windows-1252), it decodes them with no fault, and every `]` that
/// closes a value survives as one (a reading that takes such a bracket into a character, as
/// Latin-1 bytes before it can make it, is no reading of SGF text; a `]` inside a character,
/// as in Shift_JIS 余 or Big5 因, closes nothing).
fn reads_as_cjk(bytes: &[u8]) -> bool {
    let guessed = guess(bytes);
    if guessed.is_single_byte() || guessed == UTF_8 {
        return false;
    }
    guessed
        .decode_without_bom_handling_and_without_replacement(bytes)
        .is_some_and(|text| value_ends(text.as_bytes()) == value_ends(bytes))
}

/// How many `]` in `text` close a value: those that white space, then the end, a node's `;`,
/// a parenthesis, another value's `[` or a property's capital letter follow.
fn value_ends(text: &[u8]) -> usize {
    (0..text.len())
        .filter(|&i| text[i] == b']')
        .filter(|&i| {
            let next = text[i + 1..].trim_ascii_start().first();
            next.is_none_or(|&b| matches!(b, b';' | b'(' | b')' | b'[' | b'A'..=b'Z'))
        })
        .count()
}

/// Valid multi-byte UTF-8 characters outnumber invalid sequences at least 2 to 1.
fn mostly_utf8(bytes: &[u8]) -> bool {
    let mut valid_multibyte = 0usize;
    let mut invalid = 0usize;
    for chunk in bytes.utf8_chunks() {
        valid_multibyte += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
        if !chunk.invalid().is_empty() {
            invalid += 1;
        }
    }
    valid_multibyte >= 2 * invalid.max(1)
}

/// UTF-8 whose only flaws are `?` in place of continuation bytes and values cut in the middle
/// of a character: every lead byte is followed by the bytes its sequence needs, each a
/// continuation byte or `?`, or by fewer and then the `]` closing the value; no byte stands
/// alone out of place, and at least one character is intact. Fox names with as many damaged
/// characters as intact ones fail [`mostly_utf8`] (**choice**: in corpus/dev, 1,511 Fox files
/// went to a single-byte or GBK guess that turned every name into mojibake; no file of another
/// source has this shape, and the GBK, Shift_JIS and EUC-KR fixtures all fail it). Latin-1
/// whose accents all end their values (`PB[André]`) has the shape of cut characters only: the
/// intact character tells them apart.
fn damaged_utf8(bytes: &[u8]) -> bool {
    let mut damaged = false;
    let mut intact = false;
    let mut i = 0;
    while i < bytes.len() {
        let len = match bytes[i] {
            0x00..=0x7F => {
                i += 1;
                continue;
            }
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => return false,
        };
        i += 1;
        let mut whole = true;
        for _ in 1..len {
            match bytes.get(i) {
                Some(0x80..=0xBF) => {}
                Some(b'?') => {
                    damaged = true;
                    whole = false;
                }
                // a value cut short in the middle of a character
                Some(b']') => {
                    damaged = true;
                    whole = false;
                    break;
                }
                _ => return false,
            }
            i += 1;
        }
        intact |= whole;
    }
    damaged && intact
}

/// Decodes as windows-1252: every byte maps to one character, so the SGF structure (brackets,
/// escapes) survives exactly. The fallback when a multi-byte decoding broke the structure.
pub fn decode_bytewise(bytes: &[u8]) -> Cow<'_, str> {
    WINDOWS_1252.decode_without_bom_handling(bytes).0
}

/// The canonical name of the byte-preserving fallback encoding.
pub const BYTEWISE_NAME: &str = "windows-1252";

/// A file name's bytes in the charset they read as (an archive's old-style name, in the code
/// page of the system that made it), or `None` when no charset reads them without a fault.
pub fn decode_name(bytes: &[u8]) -> Option<String> {
    guess(bytes)
        .decode_without_bom_handling_and_without_replacement(bytes)
        .map(Cow::into_owned)
}

/// Whether a character's trail byte can be 0x5C (`\\`) or 0x5D (`]`) in `enc`: Shift_JIS,
/// GBK, GB18030 and Big5 (EUC-KR's and EUC-JP's trail bytes start at 0xA1).
pub(crate) fn trail_byte_can_be_backslash(enc: &'static Encoding) -> bool {
    enc == GB18030 || TRAIL_BACKSLASH.contains(&enc)
}

/// The charset detection names for `bytes`.
pub(crate) fn guess(bytes: &[u8]) -> &'static Encoding {
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    detector.feed(bytes, true);
    detector.guess(None, chardetng::Utf8Detection::Allow)
}

fn find_declared_charset_text(text: &str) -> Option<String> {
    find_declared_charset(text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `CA[]` and `CA[ ]` declare nothing: the row's `charset_declared` is NULL, never `""`.
    /// In a collection such a game still starts a part of its own: it is not read in the
    /// label before it (read as GB2312, `René` swallowed the `]` after it and the game lost
    /// its move).
    #[test]
    fn an_empty_label_is_no_label() {
        for game in ["(;CA[]SZ[9];B[aa])", "(;CA[  ]SZ[9]PB[Lee];B[aa])"] {
            let rows = crate::sgf::ingest_bytes(game.as_bytes(), &crate::sgf::Limits::default());
            assert_eq!(rows[0].charset_declared, None, "{game}");
        }
        // UTF-8 with a damaged byte (对's middle byte turned into `?`) is read under `CA[]`
        // as without `CA` (it was read as Shift_JIS under `CA[]`)
        let damaged = |ca: &str| {
            let text = format!("(;{ca}SZ[9]PB[李昌镐对曹薰铉]WR[9p];B[aa])").into_bytes();
            let at = text.windows(3).position(|w| w == "对".as_bytes()).unwrap();
            let mut bytes = text;
            bytes[at + 1] = b'?';
            bytes
        };
        let (under_empty, under_none) = (damaged("CA[]"), damaged(""));
        assert_eq!(decode(&under_empty).used, decode(&under_none).used);
        assert_eq!(decode(&under_empty).used, "UTF-8");
        let two = b"(;CA[GB2312]SZ[9]PB[\xc0\xee];B[aa])(;CA[]SZ[9]PB[Ren\xe9];B[bb])";
        let rows = crate::sgf::ingest_bytes(two, &crate::sgf::Limits::default());
        assert_eq!(rows[0].charset_declared.as_deref(), Some("GB2312"));
        assert_eq!(rows[1].charset_declared, None);
        let second = rows[1].record.as_ref().unwrap();
        assert_eq!(second.moves.len(), 1);
        assert!(
            second
                .black
                .as_deref()
                .is_some_and(|b| b.starts_with("Ren")),
            "{:?}",
            second.black
        );
    }

    #[test]
    fn aliases() {
        for (label, name) in [
            ("UTF-8", "UTF-8"),
            ("utf8", "UTF-8"),
            ("GB2312", "GBK"),
            ("CP936", "GBK"),
            ("GB18030", "gb18030"),
            ("SJIS", "Shift_JIS"),
            ("MS_KANJI", "Shift_JIS"),
            ("CP932", "Shift_JIS"),
            ("EUC-KR", "EUC-KR"),
            ("CP949", "EUC-KR"),
            ("Big5", "Big5"),
            ("ISO-8859-1", "windows-1252"),
            ("Latin-1", "windows-1252"),
        ] {
            assert_eq!(
                encoding_for_label(label).map(|e| e.name()),
                Some(name),
                "{label}"
            );
        }
        assert!(encoding_for_label("Klingon").is_none());
    }

    #[test]
    fn ca_found_only_as_a_property() {
        assert_eq!(
            find_declared_charset(b"(;FF[4]CA[UTF-8]PB[x])"),
            Some("UTF-8".into())
        );
        assert_eq!(find_declared_charset(b"(;ECA[x])"), None);
    }

    #[test]
    fn shift_jis_trail_backslash_survives() {
        // ソ in Shift_JIS is 0x83 0x5C: a byte-level lexer would see an escape.
        let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode("(;CA[SJIS]PB[ソ])");
        let d = decode(&bytes);
        assert_eq!(d.used, "Shift_JIS");
        assert!(d.text.contains("PB[ソ]"));
        assert!(!d.lossy);
    }

    /// Names too short for detection, whose characters end in the byte 0x5C: a single-byte
    /// reading makes that byte an escape, which swallows the `]` after it and the values and
    /// moves that follow. The reading that closes every value is used, with or without a
    /// Latin-1 label.
    #[test]
    fn short_names_ending_in_a_backslash_byte_keep_their_values() {
        let sgf = "(;GM[1]SZ[19]PB[表]PW[能]RE[B+R];B[pd]C[表];W[dd]C[能];B[pp];W[dp])";
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(sgf);
        let latin = [b"(;CA[ISO-8859-1]".as_slice(), &sjis[2..]].concat();
        for bytes in [&sjis[..], &latin] {
            let d = decode(bytes);
            assert_eq!(d.used, "Shift_JIS");
            assert!(d
                .text
                .ends_with("PB[表]PW[能]RE[B+R];B[pd]C[表];W[dd]C[能];B[pp];W[dp])"));
        }
        for big5 in [
            "(;GM[1]PB[許]PW[功];B[pd];W[dd])",
            "(;PB[許\\]功]PW[周俊勳];B[pd])",
        ] {
            let (bytes, _, _) = encoding_rs::BIG5.encode(big5);
            let d = decode(&bytes);
            assert_eq!((d.used, d.text.as_ref()), ("Big5", big5));
        }
        // a Latin-1 text whose backslash escapes a bracket after an accent stays Latin-1: the
        // Shift_JIS reading (é\ one character) closes no more values, and a reading that
        // closes more (`à\` one Big5 character) leaves text astray
        let d = decode(b"(;PB[Andr\xe9]C[caf\xe9\\] ok];B[pd])");
        assert_eq!(d.used, "windows-1252");
        for latin in [&b"(;CA[ISO-8859-1]"[..], b"(;"] {
            // accents before a backslash read as rare Big5 characters (`é\\`, `ñ` + `o`)
            let bytes = [
                latin,
                b"PB[perdu]PW[a\xf1o]C[[jou\xe9\\] [na\xefve\\]];B[pd])",
            ]
            .concat();
            assert_eq!(decode(&bytes).used, "windows-1252");
            let bytes = [
                latin,
                b"PB[Rene]C[Le coup [d\xe9j\xe0\\] puis [a\\]];W[dd])",
            ]
            .concat();
            assert_eq!(decode(&bytes).used, "windows-1252");
        }
    }

    #[test]
    fn utf8_mislabelled_as_gb2312_stays_utf8() {
        let d = decode("(;CA[GB2312]PB[古力]PW[常昊])".as_bytes());
        assert_eq!(d.used, "UTF-8");
        assert!(d.text.contains("古力"));
    }

    #[test]
    fn fox_damaged_utf8_is_lossy_utf8() {
        // 第二届应氏杯 with one byte of 应 and one of 氏 replaced by `?`.
        let mut bytes = b"(;GN[".to_vec();
        bytes.extend_from_slice("第二届".as_bytes());
        bytes.extend_from_slice(&[0xE5, 0xBA, b'?', 0xE6, b'?', 0x8F]);
        bytes.extend_from_slice("杯决赛".as_bytes());
        bytes.extend_from_slice(b"]PB[");
        bytes.extend_from_slice("芮乃伟".as_bytes());
        bytes.extend_from_slice(b"])");
        let d = decode(&bytes);
        assert_eq!(d.used, "UTF-8");
        assert!(d.lossy);
        assert!(d.text.contains("PB[芮乃伟]"));
    }

    /// A name with as many damaged characters as intact ones (too few for `mostly_utf8`) is
    /// still UTF-8, not a single-byte or GBK guess; Latin-1 text is not taken for it.
    #[test]
    fn fox_names_half_damaged_are_still_utf8() {
        // 我想吃饭 with the middle byte of 吃 and the last of 饭 replaced by `?`.
        let mut bytes = b"(;PB[".to_vec();
        bytes.extend_from_slice("我想".as_bytes());
        let chi = "吃".as_bytes();
        let fan = "饭".as_bytes();
        bytes.extend_from_slice(&[chi[0], b'?', chi[2], fan[0], fan[1], b'?']);
        bytes.extend_from_slice(b"]PW[kim])");
        let d = decode(&bytes);
        assert_eq!((d.used, d.lossy), ("UTF-8", true));
        assert!(
            d.text.contains("PB[我想\u{FFFD}?\u{FFFD}\u{FFFD}?]"),
            "{}",
            d.text
        );
        // a name cut in the middle of its last character
        let mut cut = b"(;PB[".to_vec();
        cut.extend_from_slice(&"我想".as_bytes()[..5]);
        cut.extend_from_slice(b"]PW[kim])");
        assert_eq!(decode(&cut).used, "UTF-8");
        let latin1 = b"(;PB[M\xfcller]PW[Fran\xe7ois?])";
        assert!(!damaged_utf8(latin1));
        assert_eq!(decode(latin1).used, "windows-1252");
    }

    #[test]
    fn utf16_with_bom() {
        let mut bytes = vec![0xFF, 0xFE];
        for u in "(;PB[Ann])".encode_utf16() {
            bytes.extend_from_slice(&u.to_le_bytes());
        }
        let d = decode(&bytes);
        assert_eq!(d.used, "UTF-16LE");
        assert_eq!(d.text, "(;PB[Ann])");
    }

    #[test]
    fn utf16_without_bom_is_told_by_its_zero_bytes() {
        let text = "Game 1\n(;CA[UTF-16]PB[李世石]PW[Ann]RE[B+R];B[pd];W[dd])";
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        for (bytes, used) in [(le, "UTF-16LE"), (be, "UTF-16BE")] {
            let d = decode(&bytes);
            assert_eq!(d.used, used);
            assert_eq!(d.text, text);
            assert_eq!(d.declared.as_deref(), Some("UTF-16"));
            assert!(!d.lossy);
        }
        // text declared UTF-16 but written without its zero bytes is read as what it is
        for ca in ["UTF-16", "UTF-16BE", "utf-16le"] {
            for text in [
                format!("(;GM[1]CA[{ca}]SZ[19]PB[Muller];B[pd];W[dp])"),
                format!("(;GM[1]CA[{ca}]SZ[19]PB[Muller];B[pd];W[dp]) "),
            ] {
                let d = decode(text.as_bytes());
                assert_eq!(
                    (d.used, d.text.as_ref()),
                    ("UTF-8", text.as_str()),
                    "{text}"
                );
            }
            let gbk = format!("(;GM[1]CA[{ca}]PB[李世石]PW[古力]EV[中国围棋甲级联赛];B[pd])");
            let (bytes, _, _) = encoding_rs::GBK.encode(&gbk);
            assert_eq!(decode(&bytes).text, gbk, "{ca}");
        }
        // text with a stray zero byte or two is not UTF-16
        assert_eq!(decode(b"(;PB[a\0b]PW[c\0d])").used, "UTF-8");
        assert_eq!(decode(b"\0(").used, "UTF-8");
    }

    #[test]
    fn declared_utf8_with_a_damaged_character_stays_utf8() {
        let mut bytes = "(;CA[UTF-8]PB[李世石]PW[柯洁]C[一局])".as_bytes().to_vec();
        // Fox's damage: `?` in place of the last byte of 洁
        let at = bytes.windows(3).position(|w| w == "洁".as_bytes()).unwrap();
        bytes[at + 2] = b'?';
        let d = decode(&bytes);
        assert_eq!(d.used, "UTF-8");
        assert!(d.lossy);
        assert!(d.text.contains("李世石"), "{}", d.text);
    }

    #[test]
    fn latin1_accents_that_end_values_are_not_cut_utf8() {
        let d = decode(b"(;PB[Andr\xe9]PW[Ren\xe9]EV[Paris Open])");
        assert_eq!(d.used, "windows-1252");
        assert!(!d.lossy);
        assert!(
            d.text.contains("André") && d.text.contains("René"),
            "{}",
            d.text
        );
    }

    /// A single-byte `CA` on East Asian text is the writing program's default: the text is
    /// read as what it is. Latin-1 text under the same label stays Latin-1.
    #[test]
    fn a_single_byte_label_on_east_asian_text_is_not_trusted() {
        for (enc, names) in [
            (
                encoding_rs::SHIFT_JIS,
                "PB[本因坊秀策]PW[井上幻庵因碩]C[耳赤の一局]",
            ),
            (
                encoding_rs::GBK,
                "PB[聂卫平]PW[马晓春]C[第一届中国围棋天元赛]",
            ),
            (
                encoding_rs::EUC_KR,
                "PB[이창호]PW[조훈현]C[바둑 대국 기록입니다]",
            ),
            // characters whose second byte is `]` (0x5D), at a value's end or inside it
            (encoding_rs::SHIFT_JIS, "PB[余正麒]PW[井山裕太]C[望月の局]"),
            (encoding_rs::BIG5, "PB[周俊勳]PW[林海峰]EV[第10屆本因坊戰]"),
        ] {
            for label in [
                "ISO-8859-1",
                "Latin-1",
                "ASCII",
                "windows-1252",
                "ISO-8859-15",
            ] {
                let text = format!("(;CA[{label}]{names})");
                let (bytes, _, _) = enc.encode(&text);
                let d = decode(&bytes);
                assert_eq!(d.used, enc.name(), "{label} {names}");
                assert!(d.text.contains(names), "{label} {names}");
                assert!(!d.lossy);
            }
        }
        for names in [
            "PB[François Müller]PW[Søren Ærø]",
            "PB[José Peña]PW[Zoë]C[très bien, à bientôt]",
            "PB[Ole Åsmund Bjørnstad]PW[Jürgen Groß]",
        ] {
            let text = format!("(;CA[ISO-8859-1]{names})");
            let (bytes, _, _) = WINDOWS_1252.encode(&text);
            let d = decode(&bytes);
            assert_eq!(d.used, "windows-1252", "{names}");
        }
        // other single-byte labels are trusted: Polish and Thai letters read as Big5 (the
        // Thai one swallowing the `]` that closes the name)
        for (label, bytes, name) in [
            ("ISO-8859-2", b"\xaf\xf3\xb3w".as_slice(), "Żółw"),
            ("windows-874", b"\xb3\xd1\xb0\xbe\xc5", "ณัฐพล"),
        ] {
            let file = [b"(;CA[", label.as_bytes(), b"]PB[", bytes, b"]PW[Smith])"].concat();
            let d = decode(&file);
            assert!(
                d.text.contains(&format!("PB[{name}]")),
                "{label} {}",
                d.text
            );
        }
        // nor is a Latin-1 label given up for a reading that takes a `]` into a character
        assert!(!reads_as_cjk(b"(;PB[\xb3\xd1\xb0\xbe\xc5]PW[Smith])"));
    }

    /// East Asian text with one character damaged (its second byte turned into `?`, or the
    /// file cut short after its first byte) is read in its own charset, the damage replaced: under
    /// its label, and without one when detection names it once the damage is taken out.
    /// Before, detection ruled the charset out for the one bad byte and read the file as
    /// Shift_JIS, swallowing the `]` that closes `PW` (and with it `RE`), or as windows-1252.
    #[test]
    fn east_asian_text_with_a_damaged_character_keeps_its_charset() {
        for (enc, names, comment) in [
            (encoding_rs::GBK, "PB[古力]PW[常昊]", "黑棋很厚，白棋实空多"),
            (
                encoding_rs::BIG5,
                "PB[聶衛平]PW[馬曉春]",
                "黑棋很厚，白棋實空多",
            ),
            (
                encoding_rs::SHIFT_JIS,
                "PB[井山裕太]PW[張栩]",
                "黒は厚く、白は実利",
            ),
            (
                encoding_rs::EUC_KR,
                "PB[이창호]PW[조훈현]",
                "흑이 두텁고 백은 실리",
            ),
        ] {
            for label in [None, Some(enc.name())] {
                let ca = label.map_or(String::new(), |l| format!("CA[{l}]"));
                let moves: String = (0..12)
                    .map(|i| format!(";B[p{}]C[{comment}]", (b'a' + i) as char))
                    .collect();
                let text = format!("(;GM[1]{ca}{names}RE[W+3.5]{moves})");
                let (bytes, _, _) = enc.encode(&text);
                let last = comment.chars().last().unwrap().to_string();
                let tail = enc.encode(&last).0.into_owned();
                let at = bytes.windows(tail.len()).rposition(|w| w == tail).unwrap();
                let mut damaged = bytes.to_vec();
                damaged[at + 1] = b'?';
                let cut = bytes[..at + 1].to_vec();
                for file in [damaged, cut] {
                    let d = decode(&file);
                    let what = format!("{} {label:?}: {}", enc.name(), d.text);
                    assert_eq!(d.used, enc.name(), "{what}");
                    assert!(d.lossy, "{what}");
                    assert!(
                        d.text.contains(names) && d.text.contains("RE[W+3.5]"),
                        "{what}"
                    );
                }
            }
        }
    }

    #[test]
    fn wrong_declaration_falls_back_to_detection() {
        let (bytes, _, _) =
            encoding_rs::EUC_KR.encode("(;CA[UTF-8]PB[이창호]PW[조훈현]C[바둑 대국 기록입니다])");
        let d = decode(&bytes);
        assert_eq!(d.declared.as_deref(), Some("UTF-8"));
        assert_eq!(d.used, "EUC-KR");
        assert!(d.text.contains("이창호"));
    }

    /// A name cut after the lead byte of a character, right before its `]` (GBK `古力` and
    /// half of another; Shift_JIS, Big5 and FF[3]'s long names alike): the bracket still
    /// closes the value, the half character is replaced, and the next property is read (it
    /// was swallowed into the name: white NULL on an `ok` row). A whole character whose trail
    /// byte is `]`, before text that only looks like SGF's, keeps its reading.
    #[test]
    fn a_name_cut_after_a_lead_byte_keeps_its_closing_bracket() {
        for (label, enc, name, lead, next, white) in [
            ("GB2312", GBK, "古力", 0xC1, "柯洁", "PW"),
            ("SJIS", SHIFT_JIS, "井山", 0x88, "山下敬吾", "PW"),
            ("Big5", BIG5, "周俊", 0xC1, "林海峰", "PW"),
            ("GB2312", GBK, "古力", 0xC1, "柯洁", "PlayerWhite"),
        ] {
            let mut bytes = format!("(;CA[{label}]SZ[19]PB[").into_bytes();
            bytes.extend_from_slice(&enc.encode(name).0);
            bytes.push(lead);
            bytes.extend_from_slice(format!("]{white}[").as_bytes());
            bytes.extend_from_slice(&enc.encode(next).0);
            bytes.extend_from_slice(b"]KM[6.5];B[pd];W[dd])");
            let d = decode(&bytes);
            assert_eq!(d.used, enc.name(), "{label}");
            assert!(d.lossy, "{label}");
            let kept = format!("PB[{name}\u{FFFD}]{white}[{next}]KM[6.5];B[pd];W[dd])");
            assert!(d.text.contains(&kept), "{}", d.text);
        }
        // without a label the guess's reading is not cut: half-width katakana and 表 (0x95
        // 0x5C), guessed Big5 (`B6 5D` one character), are Shift_JIS as step 9 reads them
        let mut bytes = b"(;PB[".to_vec();
        bytes.extend_from_slice(&SHIFT_JIS.encode("ﾀﾅｶ").0);
        bytes.extend_from_slice(b"]PW[");
        bytes.extend_from_slice(&SHIFT_JIS.encode("表").0);
        bytes.extend_from_slice(b"];B[pd];W[dd])");
        let d = decode(&bytes);
        assert_eq!((d.used, d.lossy), ("Shift_JIS", false));
        assert!(d.text.contains("PB[ﾀﾅｶ]PW[表]"), "{}", d.text);
        // whole characters whose trail byte is `]` (Big5 也 0xA4 0x5D, Shift_JIS ゾ 0x83 0x5D
        // and 余 0x97 0x5D) before `)(`, `;` or letters in a comment: read as written, the
        // game's moves kept, with or without a label
        for (ca, enc, comment) in [
            ("CA[Big5]", BIG5, "(也)(x)"),
            ("CA[Big5]", BIG5, "這手棋也;那手棋也好"),
            ("", BIG5, "這手棋也;那手棋也好，黑棋的布局非常漂亮"),
            ("CA[SJIS]", SHIFT_JIS, "(参考図はゾ)(次の図)"),
            ("CA[SJIS]", SHIFT_JIS, "ゾ;余;"),
            ("CA[SJIS]", SHIFT_JIS, "余x 余 余A"),
        ] {
            let mut bytes = format!("(;{ca}SZ[19]PB[x]C[").into_bytes();
            bytes.extend_from_slice(&enc.encode(comment).0);
            bytes.extend_from_slice(b"];B[pd];W[dd])");
            let d = decode(&bytes);
            assert!(!d.lossy, "{comment}");
            let kept = format!("C[{comment}];B[pd];W[dd])");
            assert!(d.text.contains(&kept), "{comment}: {}", d.text);
        }
    }

    /// UTF-8 names beside a comment in another charset: the names decide, with or without
    /// `CA[UTF-8]`, when kanji, kana or Hangul are among them (the UTF-8 a few GBK bytes can
    /// make is Latin, IPA or Armenian) and the UTF-8 reading keeps the structure (a Shift_JIS
    /// comment's trail bytes `]` and `\` would end a value in it, or escape its end).
    #[test]
    fn utf8_names_are_not_overturned_by_a_comment_in_another_charset() {
        let with_comment = |ca: &str, black: &[u8], white: &[u8], comment: &[u8]| {
            let mut bytes = format!("(;{ca}SZ[19]PB[").into_bytes();
            bytes.extend_from_slice(black);
            bytes.extend_from_slice(b"]PW[");
            bytes.extend_from_slice(white);
            bytes.extend_from_slice(b"]C[");
            bytes.extend_from_slice(comment);
            bytes.extend_from_slice(b"];B[pd];W[dd])");
            bytes
        };
        let latin1 = WINDOWS_1252
            .encode("Schöne Partie, größer als gedacht: äöüß über alles")
            .0;
        let gbk = GBK.encode("这是一盘很好的棋，黑棋的布局非常漂亮").0;
        for (ca, black, white, comment) in [
            ("CA[UTF-8]", "井山裕太", "山下敬吾", &latin1),
            ("CA[UTF-8]", "李昌镐", "古力", &gbk),
            ("", "이세돌", "박정환", &latin1),
            ("", "古力", "柯洁", &gbk),
        ] {
            let bytes = with_comment(ca, black.as_bytes(), white.as_bytes(), comment);
            let d = decode(&bytes);
            assert_eq!(d.used, "UTF-8", "{ca} {black}");
            assert!(d.lossy, "{ca} {black}");
            assert!(
                d.text.contains(&format!("PB[{black}]PW[{white}]")),
                "{}",
                d.text
            );
        }
        // GBK names that happen to be valid UTF-8 (时越 is `ʱԽ`), a GBK comment, with or
        // without a `CA[UTF-8]` the writer put by default: still GBK
        for ca in ["", "CA[UTF-8]"] {
            let bytes = with_comment(ca, &GBK.encode("时越").0, &GBK.encode("柯洁").0, &gbk);
            let d = decode(&bytes);
            assert_eq!(d.used, "GBK", "{ca}");
            assert!(d.text.contains("PB[时越]"), "{}", d.text);
        }
        // UTF-8 names, Shift_JIS comments whose 能 ends in `\`: read as UTF-8 the escape
        // swallowed two moves
        let mut bytes = "(;GM[1]FF[4]SZ[19]PB[趙]PW[林]KM[6.5]\n;B[pd]C["
            .as_bytes()
            .to_vec();
        bytes.extend_from_slice(&SHIFT_JIS.encode("不可能").0);
        bytes.extend_from_slice(b"];W[dd];B[pq]C[");
        bytes.extend_from_slice(&SHIFT_JIS.encode("不可能").0);
        bytes.extend_from_slice(b"];W[dp];B[fc];W[cf])");
        assert_ne!(decode(&bytes).used, "UTF-8");
        // a Shift_JIS comment whose characters end in `]` (転) or `\` (表): its structure
        // read as UTF-8 is not the text's, so the names do not decide and every move stays
        let sjis = SHIFT_JIS.encode("この一手で形勢が逆転しました。表を見よ").0;
        for ca in ["", "CA[UTF-8]"] {
            let bytes = with_comment(ca, "井山裕太".as_bytes(), "山下敬吾".as_bytes(), &sjis);
            let d = decode(&bytes);
            assert_ne!(d.used, "UTF-8", "{ca}");
            assert!(d.text.ends_with("];B[pd];W[dd])"), "{}", d.text);
        }
    }
}
