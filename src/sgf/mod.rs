//! SGF ingestion: from bytes to normalised [`GameRecord`]s, one [`Ingested`] per game.
//!
//! The path of a file: [`charset`] decodes it (before any lexing), [`split`] finds its games and
//! their defects with byte offsets, each game is read on its own — by the byte-level [`fast`]
//! reader when it can reproduce sgf-parse's reading exactly, else by `sgf-parse` (strict first,
//! then repaired or lenient) — and [`record`] normalises the main line. Every game — readable or
//! not — yields exactly one [`Ingested`], so every input file yields at least one output row.
//! Reading files and archives from disk lives in [`source`].

pub mod charset;
pub mod fast;
pub mod gib;
pub mod ngf;
pub mod rar;
pub mod record;
pub mod result;
pub mod source;
pub mod split;
pub mod ugf;
pub mod volumes;

pub use record::{GameRecord, HandicapSource, RecordedMove, SetupStone};
pub use result::{GameResult, ResultKind, Winner};

use sgf_parse::go::Prop;
use sgf_parse::{GameTree, ParseOptions, SgfNode};
use std::borrow::Cow;
use std::sync::Arc;

/// Bounds that keep hostile input from exhausting memory or stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Largest file or archive member, after decompression, in bytes.
    pub max_file_bytes: u64,
    /// Largest single game (its `(`…`)` span), in bytes.
    pub max_game_bytes: usize,
    /// Most nodes in one game tree, variations included.
    pub max_nodes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_file_bytes: 256 << 20,
            max_game_bytes: 16 << 20,
            max_nodes: 1_000_000,
        }
    }
}

/// Deepest nesting of variations a game may have: sgf-parse's tree costs about a hundred
/// bytes per byte of `(((…)))` (16 MB of it took 1.6 GB on each worker thread); a real
/// record nests a variation per move at most, a few hundred deep.
pub const MAX_VARIATION_DEPTH: usize = 10_000;

/// Most compressed point lists (`AB[aa:ss]`) a game may have: each expands to up to a board
/// of points before anything else is read (2.2 million of them, 22 KB gzipped, took 104 s);
/// a real record has a few, to set up a position.
pub const MAX_POINT_LISTS: usize = 10_000;

/// Most property values a game the fast reader declines may have: sgf-parse's tree takes about
/// 300 bytes a property (16 MB of `Xa[v]`, within `--max-game-bytes`, took 800 MB; the fast
/// reader counts what it does not keep, 26 MB for a million). A real record has a few
/// thousand; a game of a million moves is the fast reader's.
pub const MAX_TREE_VALUES: usize = 1_000_000;

/// The state of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Read as written.
    Ok,
    /// Read after a repair (named by `error_kind`); the record is usable.
    Recovered,
    /// No record: the row says why.
    Error,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Recovered => "recovered",
            Status::Error => "error",
        }
    }
}

/// What went wrong (or was repaired) in a game. `name()` is the `error_kind` column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ErrorKind {
    EmptyFile,
    NotSgf,
    LeadingText,
    TrailingText,
    UnbalancedParentheses,
    UnterminatedValue,
    LowercaseIdentifiers,
    /// A node of the main line holds more than one move (`;B[ee]W[cc]`): played in order.
    MovesInOneNode,
    CharsetFallback,
    ParseError,
    EmptyGame,
    NotGo,
    BoardSize,
    TooManyNodes,
    GameTooLarge,
    FileTooLarge,
    IoError,
    ArchiveError,
    /// Replay or scoring failed on a bug of this tool (a panic caught per game).
    InternalError,
}

impl ErrorKind {
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::EmptyFile => "empty_file",
            ErrorKind::NotSgf => "not_sgf",
            ErrorKind::LeadingText => "leading_text",
            ErrorKind::TrailingText => "trailing_text",
            ErrorKind::UnbalancedParentheses => "unbalanced_parentheses",
            ErrorKind::UnterminatedValue => "unterminated_value",
            ErrorKind::LowercaseIdentifiers => "lowercase_identifiers",
            ErrorKind::MovesInOneNode => "moves_in_one_node",
            ErrorKind::CharsetFallback => "charset_fallback",
            ErrorKind::ParseError => "parse_error",
            ErrorKind::EmptyGame => "empty_game",
            ErrorKind::NotGo => "not_go",
            ErrorKind::BoardSize => "board_size",
            ErrorKind::TooManyNodes => "too_many_nodes",
            ErrorKind::GameTooLarge => "game_too_large",
            ErrorKind::FileTooLarge => "file_too_large",
            ErrorKind::IoError => "io_error",
            ErrorKind::ArchiveError => "archive_error",
            ErrorKind::InternalError => "internal_error",
        }
    }

    /// All kinds, for censuses.
    pub const ALL: [ErrorKind; 19] = [
        ErrorKind::EmptyFile,
        ErrorKind::NotSgf,
        ErrorKind::LeadingText,
        ErrorKind::TrailingText,
        ErrorKind::UnbalancedParentheses,
        ErrorKind::UnterminatedValue,
        ErrorKind::LowercaseIdentifiers,
        ErrorKind::MovesInOneNode,
        ErrorKind::CharsetFallback,
        ErrorKind::ParseError,
        ErrorKind::EmptyGame,
        ErrorKind::NotGo,
        ErrorKind::BoardSize,
        ErrorKind::TooManyNodes,
        ErrorKind::GameTooLarge,
        ErrorKind::FileTooLarge,
        ErrorKind::IoError,
        ErrorKind::ArchiveError,
        ErrorKind::InternalError,
    ];
}

/// The result of ingesting one game: a row's ingestion part.
#[derive(Clone, Debug, PartialEq)]
pub struct Ingested {
    /// 0-based index of the game in its file.
    pub game_index: u32,
    pub status: Status,
    pub error_kind: Option<ErrorKind>,
    pub error_message: Option<String>,
    pub charset_declared: Option<String>,
    pub charset_used: Option<&'static str>,
    pub charset_lossy: bool,
    pub record: Option<GameRecord>,
}

/// A decoded file and its games, ready to be parsed game by game (possibly on other threads).
#[derive(Debug)]
pub struct PreparedFile {
    pub text: Arc<str>,
    pub scan: split::Scan,
    /// How the text was decoded: one part, or one per run of games that declare another
    /// charset than the games before them ([`charset::parts`]), in the order of the text.
    pub parts: Vec<TextPart>,
    /// Each game's `charset_declared`: the `CA` of its root node, else of the nearest game
    /// before it with one ([`charset::root_declared`]).
    pub declared: Vec<Option<String>>,
    /// File-level repairs that apply to every game (a missing opening `(`).
    pub file_repairs: Vec<(ErrorKind, String)>,
    /// The game the text after the last game is said on: the last tree's own (the games
    /// merged into that tree come after it).
    pub last_tree: Option<usize>,
}

/// How one part of a file's text was decoded.
#[derive(Debug, Clone)]
pub struct TextPart {
    /// Where the part begins in the file's text.
    pub start: usize,
    /// The label it was decoded under: its first root's `CA` (the row of a file without a
    /// game names it).
    pub declared: Option<String>,
    pub used: &'static str,
    pub lossy: bool,
    /// Why the part was read byte for byte, when its decoding broke the SGF structure (said on
    /// each of its games).
    pub fallback: Option<String>,
}

impl PreparedFile {
    /// Rows this file yields: one per game, or one error row when it holds no game.
    pub fn game_count(&self) -> usize {
        self.scan.games.len().max(1)
    }

    /// The part of the text holding offset `at`.
    pub fn part_at(&self, at: usize) -> &TextPart {
        let i = self.parts.partition_point(|p| p.start <= at);
        &self.parts[i.saturating_sub(1)]
    }
}

/// Decodes and scans one file's bytes.
pub fn prepare_file(bytes: &[u8]) -> PreparedFile {
    let ranges = charset::parts(bytes);
    let (mut text, mut scan, mut parts) = if let [(range, label)] = ranges.as_slice() {
        let (text, scan, part) = decode_part(&bytes[range.clone()], label.clone());
        (text, scan, vec![part])
    } else {
        let mut joined = String::with_capacity(bytes.len());
        let mut parts = Vec::with_capacity(ranges.len());
        for (range, label) in ranges {
            let (text, _, mut part) = decode_part(&bytes[range], label);
            part.start = joined.len();
            joined.push_str(&text);
            parts.push(part);
        }
        let scan = split::scan(&joined);
        (Cow::Owned(joined), scan, parts)
    };
    let mut file_repairs = Vec::new();
    // Fox writes some games without the opening `(`: the file starts with the root node's `;`.
    if text.trim_start().starts_with(';') {
        let at = text.len() - text.trim_start().len();
        text.to_mut().insert(0, '(');
        scan = split::scan(&text);
        for part in parts.iter_mut().skip(1) {
            part.start += 1;
        }
        file_repairs.push((
            ErrorKind::UnbalancedParentheses,
            format!("the game tree has no opening `(` before the root node at byte {at}; one was added (later offsets are +1)"),
        ));
    }
    let mut nearest = None;
    let declared = scan
        .games
        .iter()
        .map(|g| {
            // (a game merged into a tree has the tree's root, and its label)
            if g.root.is_empty() {
                if let Some(own) = charset::root_declared(&text[g.start..g.end]) {
                    nearest = Some(own);
                }
            }
            nearest.clone()
        })
        .collect();
    let last_tree = scan.games.iter().rposition(|g| g.root.is_empty());
    PreparedFile {
        text: Arc::from(text.as_ref()),
        last_tree,
        scan,
        parts,
        declared,
        file_repairs,
    }
}

/// One part's bytes decoded in its label's charset ([`charset::decode_labelled`]) and
/// scanned. A lossy multi-byte decoding can swallow a `]` or `)` into a broken character;
/// when the byte-for-byte reading is structurally sound and the lossy one is not, the former
/// is used.
fn decode_part(bytes: &[u8], label: Option<String>) -> (Cow<'_, str>, split::Scan, TextPart) {
    let decoded = charset::decode_labelled(bytes, label);
    let mut part = TextPart {
        start: 0,
        declared: decoded.declared,
        used: decoded.used,
        lossy: decoded.lossy,
        fallback: None,
    };
    let scan = split::scan(&decoded.text);
    if part.lossy && part.used != charset::BYTEWISE_NAME && structurally_broken(&scan) {
        let bytewise = charset::decode_bytewise(bytes);
        let scan2 = split::scan(&bytewise);
        if !structurally_broken(&scan2) {
            part.fallback = Some(format!(
                "decoding as {} broke the SGF structure; read byte-for-byte as {} instead (names may be garbled)",
                part.used,
                charset::BYTEWISE_NAME
            ));
            part.used = charset::BYTEWISE_NAME;
            return (bytewise, scan2, part);
        }
    }
    (decoded.text, scan, part)
}

fn structurally_broken(scan: &split::Scan) -> bool {
    scan.games.is_empty()
        || scan
            .games
            .iter()
            .any(|g| g.unclosed > 0 || g.unterminated_value_at.is_some())
}

/// Parses and normalises game `index` of a prepared file. Never panics on bad input.
pub fn ingest_game(file: &PreparedFile, index: usize, limits: &Limits) -> Ingested {
    ingest_game_traced(file, index, limits, true).0
}

/// Which reader produced a row's record (or error).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    /// [`fast::read_game`].
    Fast,
    /// sgf-parse's tree and [`record::build_record`].
    SgfParse,
}

/// [`ingest_game`], also saying which reader decided the row (`None` when the row was decided
/// before reading: no game, limits). With `allow_fast` false only sgf-parse reads: the
/// reference the fast reader is tested against.
#[doc(hidden)]
pub fn ingest_game_traced(
    file: &PreparedFile,
    index: usize,
    limits: &Limits,
    allow_fast: bool,
) -> (Ingested, Option<Reader>) {
    let mut out = Ingested {
        game_index: index as u32,
        status: Status::Ok,
        error_kind: None,
        error_message: None,
        charset_declared: None,
        charset_used: None,
        charset_lossy: false,
        record: None,
    };
    let part = file.part_at(file.scan.games.get(index).map_or(0, |g| g.start));
    // `CA[]` declares nothing (a part of its own all the same, see `charset::parts`)
    out.charset_declared = match file.declared.get(index) {
        Some(own) => own.clone(),
        None => part.declared.clone(),
    }
    .filter(|label| !label.is_empty());
    out.charset_used = Some(part.used);
    out.charset_lossy = part.lossy;
    let fail = |mut out: Ingested, kind: ErrorKind, msg: String| {
        out.status = Status::Error;
        out.error_kind = Some(kind);
        out.error_message = Some(msg);
        out
    };
    let Some(span) = file.scan.games.get(index) else {
        let (kind, msg) = if file.text.trim().is_empty() {
            // nothing was decoded: no charset to name
            out.charset_used = None;
            out.charset_lossy = false;
            (ErrorKind::EmptyFile, "the file is empty".to_string())
        } else {
            (
                ErrorKind::NotSgf,
                "no game tree: no `(` found in the file".to_string(),
            )
        };
        return (fail(out, kind, msg), None);
    };
    // (a game merged into a tree is read after the nodes on its way: they count)
    let span_bytes = span.end - span.start + span.root.iter().map(|r| r.1 - r.0).sum::<usize>();
    if span_bytes > limits.max_game_bytes {
        let msg = format!(
            "game at byte {} is {span_bytes} bytes, over the limit of {} (--max-game-bytes)",
            span.start, limits.max_game_bytes
        );
        return (fail(out, ErrorKind::GameTooLarge, msg), None);
    }
    if span.nodes > limits.max_nodes {
        let msg = format!(
            "game at byte {} has {} nodes, over the limit of {} (--max-nodes)",
            span.start, span.nodes, limits.max_nodes
        );
        return (fail(out, ErrorKind::TooManyNodes, msg), None);
    }
    // bounds on the tree sgf-parse builds, which the node count does not see
    if span.max_depth > MAX_VARIATION_DEPTH {
        let msg = format!(
            "game at byte {} nests variations {} deep, over the limit of {MAX_VARIATION_DEPTH}",
            span.start, span.max_depth
        );
        return (fail(out, ErrorKind::TooManyNodes, msg), None);
    }
    if span.point_lists > MAX_POINT_LISTS {
        let msg = format!(
            "game at byte {} has {} compressed point lists (`[aa:ss]`), over the limit of \
             {MAX_POINT_LISTS}",
            span.start, span.point_lists
        );
        return (fail(out, ErrorKind::TooManyNodes, msg), None);
    }
    // Repairs that keep the game readable, each noted.
    let mut repairs: Vec<(ErrorKind, String)> = Vec::new();
    repairs.extend(file.file_repairs.iter().cloned());
    if let Some(why) = &part.fallback {
        repairs.insert(0, (ErrorKind::CharsetFallback, why.clone()));
    }
    // text outside every game tree is read by no one: said on the game after it
    if span.text_before > 0 {
        let before = if index == 0 {
            "before the first `(`"
        } else {
            "between the previous game and this one's `(`"
        };
        repairs.push((
            ErrorKind::LeadingText,
            format!(
                "{} non-blank bytes of text {before} at byte {} were skipped",
                span.text_before, span.start
            ),
        ));
    }
    // and text after the last game, on the last game (the last tree's main line: the games
    // merged into that tree come after it)
    if file.last_tree == Some(index) && file.scan.trailing_text > 0 {
        let mut after = file.text[span.end..]
            .bytes()
            .filter(|&c| split::is_text_byte(c));
        let what = if after.all(|c| c == b')') {
            "stray `)`"
        } else {
            "non-blank bytes of text"
        };
        repairs.push((
            ErrorKind::TrailingText,
            format!(
                "{} {what} after the last game's end at byte {} were skipped",
                file.scan.trailing_text, span.end
            ),
        ));
    }
    let mut text = if span.root.is_empty() {
        Cow::Borrowed(&file.text[span.start..span.end])
    } else {
        // a game merged into another's tree: read after the nodes on the way to it
        let mut merged = String::from("(");
        for &(from, to) in &span.root {
            merged.push_str(&file.text[from..to]);
        }
        merged.push_str(&file.text[span.start + 1..span.end]);
        Cow::Owned(merged)
    };
    if let Some(&first) = span.early_closes.first() {
        let at: Vec<usize> = span.early_closes.iter().map(|i| i - span.start).collect();
        text = Cow::Owned(split::without_bytes_at(&text, &at));
        repairs.push((
            ErrorKind::UnbalancedParentheses,
            format!(
                "{} `)` closing the game before nodes of its own (first at byte {first}) were \
                 dropped",
                span.early_closes.len()
            ),
        ));
    }
    if let Some(at) = span.lowercase_ident_at {
        text = Cow::Owned(split::uppercase_identifiers(&text));
        repairs.push((
            ErrorKind::LowercaseIdentifiers,
            format!("all-lowercase property identifiers (first at byte {at}) were upper-cased"),
        ));
    }
    if span.unclosed > 0 && span.unterminated_value_at.is_none() {
        let mut t = text.into_owned();
        t.extend(std::iter::repeat_n(')', span.unclosed));
        text = Cow::Owned(t);
        let closed_at = if span.end == file.text.len() {
            "at the end of the file".to_string()
        } else {
            format!("where the next game begins, at byte {}", span.end)
        };
        repairs.push((
            ErrorKind::UnbalancedParentheses,
            format!(
                "game opened at byte {} is missing {} closing `)`; closed {closed_at}",
                span.start, span.unclosed
            ),
        ));
    }
    // The fast reader reads the text as repaired above (identifiers upper-cased, early `)`
    // dropped, missing `)` put in) as sgf-parse does, with no tree: a game of a million
    // lowercase identifiers took 300 MB in sgf-parse's, 26 MB here, and a game of a million
    // values missing its last `)` would meet `MAX_TREE_VALUES` below. A value never closed
    // is sgf-parse's (its lenient reading).
    let fast = if allow_fast && span.unterminated_value_at.is_none() {
        fast::read_game(&text, span.nodes)
    } else {
        None
    };
    if fast.is_none() && span.values > MAX_TREE_VALUES {
        let msg = format!(
            "game at byte {} has {} property values, over the limit of {MAX_TREE_VALUES} for \
             a game read as a tree",
            span.start, span.values
        );
        return (
            fail(out, ErrorKind::TooManyNodes, msg),
            Some(Reader::SgfParse),
        );
    }
    let (record, reader) = match fast {
        Some(record) => (record, Reader::Fast),
        None => match read_with_sgf_parse(&text, span, &mut repairs) {
            Ok(record) => (record, Reader::SgfParse),
            Err((kind, msg)) => return (fail(out, kind, msg), Some(Reader::SgfParse)),
        },
    };
    match record {
        // `--max-nodes` counts moves too: many moves in one node (`;B[aa]W[bb]…`) are as
        // many nodes to replay (3.2 million in 3,201 nodes took 452 MB)
        Ok(r) if r.moves.len() > limits.max_nodes => {
            let msg = format!(
                "game at byte {} has {} moves, over the limit of {} (--max-nodes)",
                span.start,
                r.moves.len(),
                limits.max_nodes
            );
            return (fail(out, ErrorKind::TooManyNodes, msg), Some(reader));
        }
        Ok(r) => {
            if let Some((nodes, first)) = r.crowded_nodes {
                repairs.push((
                    ErrorKind::MovesInOneNode,
                    format!(
                        "{nodes} node(s) of the main line hold more than one move, first at \
                         move {first}: each move played in the order written"
                    ),
                ));
            }
            out.record = Some(r);
        }
        Err(record::RecordError::NotGo(m)) => {
            let msg = format!("not a game of Go: {m}");
            return (fail(out, ErrorKind::NotGo, msg), Some(reader));
        }
        Err(record::RecordError::BoardSize(m)) => {
            return (fail(out, ErrorKind::BoardSize, m), Some(reader))
        }
    }
    if let Some((kind, _)) = repairs.first() {
        out.status = Status::Recovered;
        out.error_kind = Some(*kind);
        out.error_message = Some(
            repairs
                .iter()
                .map(|(_, m)| m.as_str())
                .collect::<Vec<_>>()
                .join("; "),
        );
    }
    (out, Some(reader))
}

/// The sgf-parse path: strict, then with the `;` a game tree's first node lacks put in, then
/// lenient (noting the repair), then the record of the tree. `Err` for a game sgf-parse cannot
/// read at all.
fn read_with_sgf_parse(
    text: &str,
    span: &split::GameSpan,
    repairs: &mut Vec<(ErrorKind, String)>,
) -> Result<Result<GameRecord, record::RecordError>, (ErrorKind, String)> {
    let strict = ParseOptions::default();
    let parsed = match parse_one(text, &strict) {
        Ok(node) => Ok(node),
        Err(ParseFail::NotGo) => {
            return Err((
                ErrorKind::NotGo,
                format!("game at byte {}: {}", span.start, ParseFail::NotGo),
            ))
        }
        Err(strict_err) => {
            // `(GM[1]…` or `…;B[cc](W[gg]))`: the `;` of a tree's first node is missing
            let fixed = openings_without_semicolon(text)
                .and_then(|(t, found)| parse_one(&t, &strict).ok().map(|node| (node, found)));
            match fixed {
                Some((node, found)) => {
                    repairs.push((ErrorKind::ParseError, found.message()));
                    Ok(node)
                }
                None => lenient(text, span, &strict_err, repairs),
            }
        }
    };
    let root = parsed?;
    if root.properties.is_empty() && root.children.is_empty() {
        drop_tree(root);
        return Err((
            ErrorKind::EmptyGame,
            format!("game at byte {} has no properties", span.start),
        ));
    }
    let record = record::build_record(&root);
    drop_tree(root);
    Ok(record)
}

/// A game sgf-parse's strict reading refused (`strict_err`): its lenient reading, noting the
/// repair, or why it cannot be read.
fn lenient(
    text: &str,
    span: &split::GameSpan,
    strict_err: &ParseFail,
    repairs: &mut Vec<(ErrorKind, String)>,
) -> Result<SgfNode<Prop>, (ErrorKind, String)> {
    let lenient = ParseOptions {
        lenient: true,
        ..ParseOptions::default()
    };
    let (kind, what) = match span.unterminated_value_at {
        Some(at) => (
            ErrorKind::UnterminatedValue,
            format!("a value opened at byte {at} is never closed"),
        ),
        None => (
            ErrorKind::ParseError,
            format!("game at byte {}: {strict_err}", span.start),
        ),
    };
    match parse_one(text, &lenient) {
        Ok(node) if !node.properties.is_empty() => {
            repairs.push((
                kind,
                format!("{what}; lenient parsing kept what came before"),
            ));
            Ok(node)
        }
        Ok(node) => {
            drop_tree(node);
            Err((kind, what))
        }
        Err(_) => Err((kind, what)),
    }
}

/// The `(`s [`openings_without_semicolon`] put a `;` after: the game tree's own (`(GM[1]…`)
/// and its variations' (`;B[cc](W[gg])`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct OpeningsWithoutSemicolon {
    game: bool,
    variations: usize,
}

impl OpeningsWithoutSemicolon {
    /// The repair as the row says it: the game tree's own opening keeps the wording it has
    /// had since the repair came in (`1 game tree opened without the `;` of its first node`);
    /// a variation is named as one.
    fn message(self) -> String {
        let mut what = Vec::new();
        if self.game {
            what.push("1 game tree".to_string());
        }
        match self.variations {
            0 => {}
            1 => what.push("1 variation".to_string()),
            n => what.push(format!("{n} variations")),
        }
        let one = usize::from(self.game) + self.variations == 1;
        format!(
            "{} opened without the `;` of {} first node; inserted",
            what.join(" and "),
            if one { "its" } else { "their" }
        )
    }
}

/// `text` (one game's span, as [`split::scan`] cut it) with a `;` put after every `(` outside
/// property values that a property follows directly, and which those were; `None` when there
/// is none to put. A variation so opened is inside its game's span (the scan splits games at
/// depth 0 only), so it stays part of its game: `(;GM[1];B[cc](W[gg]))` is one game.
fn openings_without_semicolon(text: &str) -> Option<(String, OpeningsWithoutSemicolon)> {
    let bytes = text.as_bytes();
    let (mut in_value, mut escaped) = (false, false);
    let mut depth = 0usize;
    let mut found = OpeningsWithoutSemicolon {
        game: false,
        variations: 0,
    };
    let mut at = Vec::new();
    for (i, &b) in bytes.iter().enumerate() {
        if in_value {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b']' => in_value = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'[' => in_value = true,
            b'(' => {
                let next = bytes[i + 1..].iter().find(|c| !c.is_ascii_whitespace());
                if next.is_some_and(u8::is_ascii_uppercase) {
                    at.push(i + 1);
                    if depth == 0 {
                        found.game = true;
                    } else {
                        found.variations += 1;
                    }
                }
                depth += 1;
            }
            b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    if at.is_empty() {
        return None;
    }
    let mut fixed = String::with_capacity(text.len() + at.len());
    let mut from = 0;
    for &i in &at {
        fixed.push_str(&text[from..i]);
        fixed.push(';');
        from = i;
    }
    fixed.push_str(&text[from..]);
    Some((fixed, found))
}

/// Why sgf-parse gave no Go tree.
enum ParseFail {
    Syntax(sgf_parse::SgfParseError),
    NotGo,
}

impl std::fmt::Display for ParseFail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParseFail::Syntax(e) => write!(f, "{e}"),
            ParseFail::NotGo => f.write_str("GM is not 1 (not a game of Go)"),
        }
    }
}

/// Parses one game's text into its root node. A collection split by [`split::scan`] holds one
/// tree; if sgf-parse still sees several, the first is used.
fn parse_one(text: &str, options: &ParseOptions) -> Result<SgfNode<Prop>, ParseFail> {
    let trees = sgf_parse::parse_with_options(text, options).map_err(ParseFail::Syntax)?;
    let mut root: Option<SgfNode<Prop>> = None;
    let mut not_go = false;
    for tree in trees {
        match tree {
            GameTree::GoGame(node) if root.is_none() && !not_go => root = Some(node),
            GameTree::GoGame(node) => drop_tree(node),
            GameTree::Unknown(node) => {
                not_go |= root.is_none();
                drop_unknown_tree(node);
            }
        }
    }
    match root {
        Some(r) => Ok(r),
        None if not_go => Err(ParseFail::NotGo),
        None => Err(ParseFail::Syntax(sgf_parse::SgfParseError::NoGameTrees)),
    }
}

/// Drops a tree without recursion: sgf-parse's own `Drop` recurses once per node and overflows
/// the stack on long main lines.
pub fn drop_tree(root: SgfNode<Prop>) {
    let mut stack = vec![root];
    while let Some(mut node) = stack.pop() {
        stack.append(&mut node.children);
    }
}

fn drop_unknown_tree(root: SgfNode<sgf_parse::unknown_game::Prop>) {
    let mut stack = vec![root];
    while let Some(mut node) = stack.pop() {
        stack.append(&mut node.children);
    }
}

/// Ingests every game of one file, in order (the sequential convenience path).
pub fn ingest_bytes(bytes: &[u8], limits: &Limits) -> Vec<Ingested> {
    let file = prepare_file(bytes);
    (0..file.game_count())
        .map(|i| ingest_game(&file, i, limits))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FF[4] lets a collection's games share one tree, each game's information in the node
    /// where it parts from the others: every such game is a row, read after the tree's root
    /// nodes (the second was lost, nothing said). A review's variations stay the game's own.
    #[test]
    fn games_merged_into_one_tree_are_each_read() {
        let read = |sgf: &str| ingest_bytes(sgf.as_bytes(), &Limits::default());
        let merged = "(;FF[4]GM[1]SZ[13]KM[6.5](;PB[A]PW[B]RE[B+R];B[dd];W[jj])\
                      (;PB[C]PW[D]RE[W+R];B[jd];W[dj];B[jj])\
                      (;C[a review's variation];B[aa]))\n(;GM[1]PB[E];B[cc])trailing";
        let rows = read(merged);
        let got: Vec<_> = rows
            .iter()
            .map(|r| {
                let g = r.record.as_ref().expect("a record");
                let result = g.result.as_ref().map(|r| r.raw.clone());
                let names = (g.black.clone(), g.white.clone(), result);
                (r.game_index, names, g.moves.len(), g.board_width, g.komi)
            })
            .collect();
        let name = |s: &str| Some(s.to_string());
        assert_eq!(
            got,
            [
                (0, (name("A"), name("B"), name("B+R")), 2, 13, Some(6.5)),
                (1, (name("C"), name("D"), name("W+R")), 3, 13, Some(6.5)),
                (2, (name("E"), None, None), 1, 19, None),
            ]
        );
        // the text after the file's last tree is said on that tree's own game
        assert_eq!(rows[1].error_kind, None);
        assert_eq!(rows[2].error_kind, Some(ErrorKind::TrailingText));
        // games parting deeper, after a variation of their own (the spec's `ff4_ex.sgf`)
        let deeper = "(;GM[1]FF[4]SZ[19];B[pd](;PW[W1]RE[W+3.5];W[dp])(;PW[W2]RE[W+R];W[cp])\
                      (;W[ep];B[pp](;PW[W3]RE[B+63.5];W[ed])(;PW[W4];W[dd];B[cc])))";
        let got: Vec<_> = read(deeper)
            .iter()
            .map(|r| {
                let g = r.record.as_ref().expect("a record");
                (g.white.clone().unwrap_or_default(), g.moves.len())
            })
            .collect();
        let want = [("W1", 2), ("W2", 2), ("W3", 4), ("W4", 5)];
        assert_eq!(got, want.map(|(w, n)| (w.to_string(), n)));
        // a path that names the players already is one game's: a variation with its own
        // `PW` or `RE` below it is a review's (its names were read as the path's)
        let named = "(;GM[1]SZ[19]PB[A]PW[B]RE[B+R];B[pd];W[dp](;B[dd];W[pp])\
                     (;PW[C]RE[W+R];B[pp];W[dd]))";
        assert_eq!(read(named).len(), 1);
        // variations without players or a result are a review of the game: one row
        let review = "(;GM[1]PB[A]PW[B];B[pd](;W[dp];B[dd])(;W[dd]C[better];B[dp]))";
        assert_eq!(read(review).len(), 1);
        // a tree left unclosed is not looked into
        assert_eq!(
            read("(;FF[4](;GM[1]PB[A];B[pd])(;GM[1]PB[B];B[dd]").len(),
            1
        );
    }

    /// Every game of `sgf`, read with the default limits.
    fn games(sgf: &str) -> Vec<Ingested> {
        ingest_bytes(sgf.as_bytes(), &Limits::default())
    }

    fn moves(game: &Ingested) -> usize {
        game.record.as_ref().map_or(0, |r| r.moves.len())
    }

    /// A variation opened without its `;` (`;B[cc](W[gg])`) is a repair inside its game, not
    /// a game of its own (an extra error row): the `;` is put in, as it is for a game tree
    /// opened so, and the row names the variation.
    #[test]
    fn a_variation_opened_without_its_semicolon_stays_in_its_game() {
        let g = games("(;GM[1]SZ[9];B[cc](W[gg]))");
        assert_eq!(g.len(), 1, "{g:?}");
        assert_eq!(
            (g[0].status, g[0].error_kind),
            (Status::Recovered, Some(ErrorKind::ParseError))
        );
        assert_eq!(
            g[0].error_message.as_deref(),
            Some("1 variation opened without the `;` of its first node; inserted")
        );
        assert_eq!(
            moves(&g[0]),
            2,
            "the variation is the main line's next move"
        );
        // beside a variation opened as it should be, and two of them with the game's own
        let g = games("(;GM[1]SZ[9];B[cc](W[gg];B[hh])(;W[ee]))");
        assert_eq!((g.len(), moves(&g[0])), (1, 3));
        let g = games("(GM[1]SZ[9];B[cc](W[gg])(W[ee]))");
        assert_eq!(g.len(), 1);
        assert_eq!(
            g[0].error_message.as_deref(),
            Some(
                "1 game tree and 2 variations opened without the `;` of their first node; \
                 inserted"
            )
        );
        // the game tree's own opening keeps its wording
        let g = games("(GM[1]SZ[9];B[cc];W[gg])");
        assert_eq!(
            g[0].error_message.as_deref(),
            Some("1 game tree opened without the `;` of its first node; inserted")
        );
    }

    /// Files joined into one collection keep each game's charset: a game is read in its own
    /// `CA`'s (a game without one in the charset of the game before it, the games before the
    /// first label by detection), and its row names the label and charset it was read in.
    #[test]
    fn joined_files_keep_each_game_s_charset() {
        let enc = |enc: &'static encoding_rs::Encoding, s: &str| enc.encode(s).0.into_owned();
        let (gbk, sjis, utf8) = (encoding_rs::GBK, encoding_rs::SHIFT_JIS, encoding_rs::UTF_8);
        let file = [
            enc(sjis, "(;GM[1]PB[井山裕太]PW[一力遼];B[pd])\n"),
            enc(gbk, "(;GM[1]CA[GB2312]PB[柯洁]PW[时越];B[pd])"),
            enc(gbk, "(;GM[1]PB[古力]PW[常昊]RE[W+R];B[pd];W[dd])"),
            enc(
                utf8,
                "(;GM[1]CA[UTF-8]PB[井山裕太]PW[一力遼]EV[棋聖戦]RE[B+R];B[pd])",
            ),
        ]
        .concat();
        let g = ingest_bytes(&file, &Limits::default());
        let seen: Vec<_> = g
            .iter()
            .map(|g| {
                let r = g.record.as_ref().unwrap();
                let name = |n: &Option<String>| n.clone().unwrap_or_default();
                (
                    g.charset_declared.as_deref(),
                    g.charset_used,
                    name(&r.black),
                    name(&r.white),
                )
            })
            .collect();
        let game = |ca, used, b: &str, w: &str| (ca, Some(used), b.to_string(), w.to_string());
        assert_eq!(
            seen,
            [
                game(None, "Shift_JIS", "井山裕太", "一力遼"),
                game(Some("GB2312"), "GBK", "柯洁", "时越"),
                game(Some("GB2312"), "GBK", "古力", "常昊"),
                game(Some("UTF-8"), "UTF-8", "井山裕太", "一力遼"),
            ]
        );
        let last = g[3].record.as_ref().unwrap();
        assert_eq!(last.event.as_deref(), Some("棋聖戦"));
        assert!(last.result.is_some());
        assert!(g.iter().all(|g| g.status == Status::Ok && !g.charset_lossy));
        // three parts: before the first label, GB2312's two games, UTF-8's; one charset
        // named twice is one part
        assert_eq!(charset::parts(&file).len(), 3);
        let same = [
            enc(gbk, "(;CA[GBK]PB[柯洁])"),
            enc(gbk, "(;CA[gb2312]PB[古力])"),
        ]
        .concat();
        assert_eq!(charset::parts(&same).len(), 1);
    }

    /// Only a root node's `CA` declares a game's charset: a `CA[` in a comment or in a later
    /// node splits nothing and is no game's label; the games before the first label are read
    /// in its charset unless detection names another for them; a Fox collection without its
    /// first `(` splits as any other; and each game's row names its own label.
    #[test]
    fn only_a_root_s_label_declares_a_game_s_charset() {
        let enc = |enc: &'static encoding_rs::Encoding, s: &str| enc.encode(s).0.into_owned();
        let (gbk, sjis) = (encoding_rs::GBK, encoding_rs::SHIFT_JIS);
        let read = |file: &[u8]| -> Vec<(Option<String>, Option<&'static str>, String)> {
            ingest_bytes(file, &Limits::default())
                .into_iter()
                .map(|g| {
                    let black = g.record.and_then(|r| r.black).unwrap_or_default();
                    (g.charset_declared, g.charset_used, black)
                })
                .collect()
        };
        let game =
            |ca: Option<&str>, used, black: &str| (ca.map(String::from), Some(used), black.into());
        let comment = enc(
            gbk,
            "(;GM[1]CA[GB2312]PB[柯洁];B[pd])(;GM[1]PB[古力]C[保存为 CA[SJIS]];B[pd])\
             (;GM[1]PB[聂卫平];B[pd]CA[UTF-8];W[dd])",
        );
        assert_eq!(charset::parts(&comment).len(), 1);
        let gb = Some("GB2312");
        assert_eq!(
            read(&comment),
            [
                game(gb, "GBK", "柯洁"),
                game(gb, "GBK", "古力"),
                game(gb, "GBK", "聂卫平")
            ]
        );
        let sjis_later = enc(
            sjis,
            "(;GM[1]PB[井山]PW[一力];B[pd])\n(;GM[1]CA[SJIS]PB[一力];B[pd])",
        );
        assert_eq!(
            read(&sjis_later),
            [
                game(None, "Shift_JIS", "井山"),
                game(Some("SJIS"), "Shift_JIS", "一力")
            ]
        );
        let fox = [
            enc(gbk, ";GM[1]CA[GB2312]PB[柯洁]PW[时越];B[pd])"),
            enc(sjis, "(;GM[1]CA[SJIS]PB[井山裕太]PW[一力遼];B[pd])"),
        ]
        .concat();
        assert_eq!(
            read(&fox),
            [
                game(gb, "GBK", "柯洁"),
                game(Some("SJIS"), "Shift_JIS", "井山裕太")
            ]
        );
        // a root `CA` after a name whose last byte is 0x5C (能 in Shift_JIS) is the root's
        let after_trail = [
            enc(gbk, "(;GM[1]CA[GB2312]PB[柯洁];B[pd])\n"),
            enc(sjis, "(;GM[1]PB[能]CA[SJIS]PW[井山];B[pd];W[dd])"),
        ]
        .concat();
        assert_eq!(
            read(&after_trail),
            [
                game(gb, "GBK", "柯洁"),
                game(Some("SJIS"), "Shift_JIS", "能")
            ]
        );
        // Latin-1 games (SGF's default charset, no label) before a GBK label are no GBK text
        let latin = [
            b"(;GM[1]PB[Ren\xe9]PW[M\xfcller];B[pd])\n".to_vec(),
            enc(gbk, "(;GM[1]CA[GB2312]PB[柯洁];B[pd])"),
        ]
        .concat();
        let seen = read(&latin);
        assert_eq!(seen[0].2, "René");
        assert_eq!(seen[1], game(gb, "GBK", "柯洁"));
        // a `CA[` in the text before the games labels none of them
        let lead = [
            b"Downloaded; CA[UTF-8] (see below)\n".to_vec(),
            enc(gbk, "(;GM[1]CA[GB2312]PB[柯洁];B[pd])\n"),
            enc(sjis, "(;GM[1]CA[SJIS]PB[井山裕太];B[pd])\n"),
        ]
        .concat();
        let seen = read(&lead);
        assert_eq!(seen[0], game(gb, "GBK", "柯洁"));
        assert_eq!(seen[1], game(Some("SJIS"), "Shift_JIS", "井山裕太"));
        let twice = enc(gbk, "(;CA[GBK]PB[柯洁])(;CA[gb2312 ]PB[古力])(;PB[常昊])");
        let (gbk_, gb2312) = (Some("GBK"), Some("gb2312"));
        assert_eq!(
            read(&twice),
            [
                game(gbk_, "GBK", "柯洁"),
                game(gb2312, "GBK", "古力"),
                game(gb2312, "GBK", "常昊")
            ]
        );
    }

    /// Two games side by side stay two games, with or without the repair in the first.
    #[test]
    fn a_collection_of_two_games_is_still_two() {
        for (sgf, first) in [
            ("(;GM[1]SZ[9];B[cc])(;GM[1]SZ[9];B[dd];W[ee])", Status::Ok),
            (
                "(;GM[1]SZ[9];B[cc](W[gg]))\n(;GM[1]SZ[9];B[dd];W[ee])",
                Status::Recovered,
            ),
        ] {
            let g = games(sgf);
            assert_eq!(g.len(), 2, "{sgf}");
            assert_eq!((g[0].status, g[1].status), (first, Status::Ok), "{sgf}");
            assert_eq!(moves(&g[1]), 2, "{sgf}");
        }
    }

    /// The text around a collection's games is text: its brackets and parentheses open no
    /// game and no value, so no game is lost or made up; each game's row says what was
    /// skipped.
    #[test]
    fn text_around_games_neither_hides_nor_makes_games() {
        let rows = |sgf: &str| {
            games(sgf)
                .iter()
                .map(|g| (g.status, g.error_kind, moves(g)))
                .collect::<Vec<_>>()
        };
        let ok = |n| (Status::Ok, None, n);
        let skipped = |kind, n| (Status::Recovered, Some(kind), n);
        let text = ErrorKind::LeadingText;
        for (sgf, want) in [
            (
                "Downloaded from [my site\n(;GM[1]SZ[19];B[pd];W[dp])\n",
                vec![skipped(text, 2)],
            ),
            (
                "(;GM[1]SZ[19];B[pd])\nnote [unclosed\n(;GM[1]SZ[19];B[dd];W[pp])",
                vec![ok(1), skipped(text, 2)],
            ),
            (
                "Kim (9d) vs Lee (8d), (from KGS):\n(;GM[1]SZ[19];B[pd];W[dp])",
                vec![skipped(text, 2)],
            ),
            (
                "(;GM[1]SZ[19];B[pd])\n(Game 2 below)\n(;GM[1]SZ[19];B[dd])",
                vec![ok(1), skipped(text, 1)],
            ),
        ] {
            assert_eq!(rows(sgf), want, "{sgf}");
        }
        let g = games("(;GM[1]SZ[19];B[pd])\n---\n");
        assert_eq!(
            (g[0].status, g[0].error_message.as_deref()),
            (
                Status::Recovered,
                Some("3 non-blank bytes of text after the last game's end at byte 20 were skipped")
            )
        );
        let g = games("(;GM[1]SZ[19];B[pd])\n))\n");
        assert_eq!(
            g[0].error_message.as_deref(),
            Some("2 stray `)` after the last game's end at byte 20 were skipped")
        );
        // an empty game tree is still a game tree (an error row of its own)
        assert_eq!(games("(;GM[1];B[pd])()(;GM[1];B[dd])").len(), 3);
    }

    /// A `)` that closes a game before nodes of its own is dropped, and a game cut short
    /// where the next game of the collection begins ends there: no move and no game is lost.
    #[test]
    fn a_game_closed_early_or_cut_short_keeps_its_moves() {
        let g = games("(;GM[1]SZ[19]RE[B+R];B[pd];W[dp]);B[dd];W[pp])");
        assert_eq!(g.len(), 1);
        assert_eq!(
            (g[0].status, g[0].error_kind, moves(&g[0])),
            (Status::Recovered, Some(ErrorKind::UnbalancedParentheses), 4)
        );
        assert_eq!(
            g[0].error_message.as_deref(),
            Some("1 `)` closing the game before nodes of its own (first at byte 32) were dropped")
        );
        let g = games("(;GM[1]SZ[19]RE[B+R];B[pd];W[dp]\n(;GM[1]SZ[19]RE[W+R];B[dd];W[pp])");
        assert_eq!(g.len(), 2);
        assert_eq!(
            g[0].error_message.as_deref(),
            Some(
                "game opened at byte 0 is missing 1 closing `)`; closed where the next game \
                 begins, at byte 33"
            )
        );
        assert_eq!(
            (moves(&g[0]), g[1].status, moves(&g[1])),
            (2, Status::Ok, 2)
        );
        let result = |g: &Ingested| {
            g.record
                .as_ref()
                .and_then(|r| r.result.as_ref())
                .map(|r| r.raw.clone())
        };
        assert_eq!(result(&g[0]).as_deref(), Some("B+R"));
        assert_eq!(result(&g[1]).as_deref(), Some("W+R"));
        // the same after variations of the game cut short, closed or not
        // (a variation holding only a tree, `((;W[bb]))`, is no line of play to follow)
        for (between, main_line) in [
            ("(;W[bb])", 2),
            ("(;W[bb])(;W[cc])", 2),
            ("((;W[bb]))", 1),
            ("(;W[bb]", 2),
        ] {
            let text = format!("(;GM[1]PB[x];B[aa]{between}\n(;GM[1]PB[y];B[cc];W[dd];B[ee])");
            let g = games(&text);
            let black = |g: &Ingested| g.record.as_ref().and_then(|r| r.black.clone());
            assert_eq!(g.len(), 2, "{text}");
            assert_eq!(
                (black(&g[0]), moves(&g[0]), g[0].error_kind),
                (
                    Some("x".into()),
                    main_line,
                    Some(ErrorKind::UnbalancedParentheses)
                ),
                "{text}"
            );
            assert_eq!(
                (black(&g[1]), moves(&g[1])),
                (Some("y".into()), 3),
                "{text}"
            );
        }
        // a game cut short whose first variation comes before any move, whose root has no
        // `;`, or which is wrapped: the next game is a game of its own all the same
        for (text, first_moves) in [
            (
                "(;GM[1]PB[x](;B[aa];W[bb])(;B[cc];W[dd]\n(;GM[1]PB[y];B[ee];W[ff])",
                2,
            ),
            (
                "(GM[1]PB[x];B[aa](;W[bb];B[cc]\n(;GM[1]PB[y];B[ee];W[ff])",
                3,
            ),
            // (the wrapped one, its two `)` missing, is a parse error of its own)
            ("((;GM[1]PB[x];B[aa];W[bb]\n(;GM[1]PB[y];B[ee];W[ff])", 0),
        ] {
            let g = games(text);
            assert_eq!(g.len(), 2, "{text}");
            assert_eq!((moves(&g[0]), moves(&g[1])), (first_moves, 2), "{text}");
            assert_eq!(g[1].status, Status::Ok, "{text}");
        }
        // a closed game whose variations carry `GM` or `FF` (no root's properties, but the
        // file closes them) stays one game
        for text in [
            "(;GM[1]FF[4]PB[x];B[aa](;W[bb](;B[cc])(;FF[4]B[dd]))(;W[ee]))",
            "(;GM[1]FF[4]PB[x];B[aa](;W[bb])(;GM[1]W[cc];B[dd]))",
        ] {
            let g = games(text);
            assert_eq!((g.len(), g[0].status), (1, Status::Ok), "{text}");
        }
        // a variation is no new game, nor is a `)` before the next game's root
        assert_eq!(games("(;GM[1];B[pd](;W[dd])(;W[pp]))").len(), 1);
        assert_eq!(games("(;GM[1];B[pd])(;GM[1];B[dd])").len(), 2);
    }
}
