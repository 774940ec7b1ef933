//! A cheap structural scan of decoded SGF text: splits a collection into its games (top-level
//! `(`…`)`), counts nodes and nesting depth (so hostile files are rejected before the recursive
//! tree is built), and finds the defects a lenient reader must repair or report with a byte
//! offset: text before the first `(`, unclosed games, stray `)`, unterminated values, and
//! all-lowercase property identifiers (which sgf-parse would silently turn into nothing).
//!
//! The scan looks only at ASCII bytes of the UTF-8 text, so multi-byte characters never confuse
//! it (decoding happened before, see [`super::charset`]).

/// One game's span in the text, with what the scan learned about it.
#[derive(Debug, Clone, PartialEq)]
pub struct GameSpan {
    /// Byte offset of the opening `(`.
    pub start: usize,
    /// Byte offset one past the closing `)` (or the end of the text when unclosed).
    pub end: usize,
    /// Nodes (`;` outside values) in the whole tree, variations included.
    pub nodes: usize,
    /// Deepest `(` nesting.
    pub max_depth: usize,
    /// Values written as a compressed point list (`[aa:ss]`, a rectangle of points).
    pub point_lists: usize,
    /// Property values (`[`…`]`) in the whole tree.
    pub values: usize,
    /// Bytes of non-whitespace text between the previous game (or the start of the file) and
    /// this one's `(`, which no reader sees.
    pub text_before: usize,
    /// How many `)` are missing at the end (0 for a well-formed game).
    pub unclosed: usize,
    /// Byte offset of a value `[` that is never closed.
    pub unterminated_value_at: Option<usize>,
    /// Byte offset of the first all-lowercase property identifier (`b[pd]`).
    pub lowercase_ident_at: Option<usize>,
    /// Byte offsets of `)`s that closed the game before nodes of its own (`…;W[dp]);B[dd])`:
    /// a `;` comes next, not a new game), which a reader must drop to keep those nodes.
    pub early_closes: Vec<usize>,
    /// For a game merged into another's tree (a variation whose first node holds game
    /// information, see [`scan`]): the byte ranges of the node sequences on the
    /// way to it from the tree's root, which the game is read after (`start`…`end` is then
    /// the variation's `(`…`)`). Empty for a tree's own game.
    pub root: Vec<(usize, usize)>,
}

/// The result of scanning a whole file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Scan {
    pub games: Vec<GameSpan>,
    /// Bytes of non-whitespace text before the first `(` (0 when none).
    pub leading_text: usize,
    /// Byte offset of the first `)` that closes nothing.
    pub stray_close_at: Option<usize>,
    /// Bytes of text ([`is_text_byte`]) after the last game's closing `)`, which no reader
    /// sees (0 when none, or when the file holds no game).
    pub trailing_text: usize,
}

/// Whether a byte after the last game is text: control bytes are not (a DOS end-of-file
/// `\x1A`, NUL padding), nor is white space.
pub fn is_text_byte(c: u8) -> bool {
    c.is_ascii_graphic() || c >= 0x80
}

/// The offset of the first byte from `from` that is no white space (the end when none; at
/// most the end, where an escape or an unclosed value stepped past it).
fn skip_blank(b: &[u8], from: usize) -> usize {
    let mut j = from.min(b.len());
    while j < b.len() && b[j].is_ascii_whitespace() {
        j += 1;
    }
    j
}

/// Whether the `(` at `at` (outside every game) opens a game tree: one followed by `;` (the
/// root node), by `(` or `)` (a tree nested or empty, read and reported as such), or by a
/// property identifier and its `[` (a root node without its `;`). A `(` in text around
/// games (`Kim (9d) vs Lee (8d)`, `(from KGS)`) opens none.
fn opens_game(b: &[u8], at: usize) -> bool {
    let mut j = skip_blank(b, at + 1);
    match b.get(j) {
        Some(b';' | b'(' | b')') => true,
        Some(c) if c.is_ascii_uppercase() => {
            while j < b.len() && b[j].is_ascii_alphabetic() {
                j += 1;
            }
            b.get(j) == Some(&b'[')
        }
        _ => false,
    }
}

/// The node that begins at `at` (a `(` or `;`, whitespace allowed after it): `None` when no
/// property follows the `;` (`) ;` at the end of a file), else whether it is a game's root
/// node, one with `GM` or `FF` among its first properties (`;GM[1]…`, Fox's `;CA[UTF-8]GM[1]…`),
/// as no node of a game's main line or variations carries them. Looks at one node at most.
fn node_at(b: &[u8], at: usize) -> Option<bool> {
    node_holds(b, at, |name| name == b"GM" || name == b"FF")
}

/// The node that begins at `at` (a `(` or `;`, whitespace allowed after it): `None` when no
/// property follows the `;`, else whether one of its first 32 properties' names is `wanted`.
fn node_holds(b: &[u8], at: usize, wanted: impl Fn(&[u8]) -> bool) -> Option<bool> {
    let blank = |j: usize| skip_blank(b, j);
    let mut j = at;
    if b.get(j) == Some(&b'(') {
        j = blank(j + 1);
    }
    if b.get(j) != Some(&b';') {
        return None;
    }
    j = blank(j + 1);
    let mut properties = 0;
    while properties < 32 {
        let ident = j;
        while j < b.len() && b[j].is_ascii_alphabetic() {
            j += 1;
        }
        let name = &b[ident..j];
        j = blank(j);
        if name.is_empty() || b.get(j) != Some(&b'[') {
            break;
        }
        if wanted(name) {
            return Some(true);
        }
        properties += 1;
        // its values, each `[…]` with `\` escapes
        while b.get(j) == Some(&b'[') {
            j = blank(value_end(b, j + 1) + 1);
        }
    }
    (properties > 0).then_some(false)
}

/// Where the value whose text begins at `from` ends: its closing `]` (past a `\` escape), or
/// the end of `b` when it never closes.
fn value_end(b: &[u8], from: usize) -> usize {
    let mut j = from;
    while j < b.len() && b[j] != b']' {
        j += if b[j] == b'\\' { 2 } else { 1 };
    }
    j.min(b.len())
}

/// Whether a node of a game, no game's root, follows the `)` at `at` (`…;W[dp]);B[dd]`).
fn node_follows(b: &[u8], at: usize) -> bool {
    let next = skip_blank(b, at + 1);
    b.get(next) == Some(&b';') && node_at(b, next) == Some(false)
}

/// Scans `text` for games: each top-level tree, and after it the games merged into it (`FF[4]`
/// collections sharing one tree: a variation off the main line that names players or a
/// result). Linear time, no allocation per node (twice over a file whose last game is never
/// closed; once more over a tree with variations).
pub fn scan(text: &str) -> Scan {
    let mut found = scan_games(text);
    // games merged into a tree after the one its main line holds
    let b = text.as_bytes();
    if found.games.iter().any(|g| g.max_depth >= 2) {
        let games = std::mem::take(&mut found.games);
        for g in games {
            let merged = variation_games(b, &g);
            found.games.push(g);
            found.games.extend(merged);
        }
    }
    found
}

/// The games merged into `g`'s tree after the first: FF[4] lets a collection's games share
/// one tree, each game's information in the node where it parts from the others
/// (`(;FF[4]GM[1]SZ[19](;PB[A]…;B[pd]…)(;PB[B]…;B[dd]…))`). The main line reads the first;
/// each variation off the main line whose first node holds game information (`PB`, `PW`,
/// `RE`, or a root's `GM`, `FF` when no move comes before it) while the nodes on the way to it
/// hold none (`PB`, `PW`, `RE`), is another game, read after those nodes (it was lost with
/// nothing said), and the first variations below it are that game's main line. A review's
/// variations hold moves and comments, no players. Only a closed tree without defects is
/// looked into, at most [`MAX_MERGED_DEPTH`] variations deep.
fn variation_games(b: &[u8], g: &GameSpan) -> Vec<GameSpan> {
    /// A variation open in the walk.
    struct Level {
        /// Its `(`.
        open: usize,
        /// Its node sequence, up to its first variation.
        nodes: (usize, usize),
        sealed: bool,
        /// Whether the node sequences on the way to its first variation, its own included,
        /// name players or a result, and hold a move (known once sealed).
        named: bool,
        moved: bool,
        variations: usize,
        /// On the main line of the tree or of a game merged into it.
        main: bool,
        game: bool,
    }
    let clean = g.unclosed == 0
        && g.unterminated_value_at.is_none()
        && g.early_closes.is_empty()
        && g.root.is_empty();
    if !clean || g.max_depth < 2 {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut path: Vec<Level> = Vec::new();
    let mut i = g.start;
    while i < g.end {
        match b[i] {
            b'[' => i = value_end(&b[..g.end], i + 1),
            b'(' => {
                let (mut on_main, mut named, mut moved) = (true, false, false);
                if let Some(parent) = path.last_mut() {
                    if !parent.sealed {
                        parent.nodes.1 = i;
                        parent.sealed = true;
                        let nodes = &b[parent.nodes.0..i];
                        parent.named |= holds_property(nodes, &[b"PB", b"PW", b"RE"]);
                        parent.moved |= holds_property(nodes, &[b"B", b"W"]);
                    }
                    parent.variations += 1;
                    on_main = parent.main && parent.variations == 1;
                    (named, moved) = (parent.named, parent.moved);
                }
                // the path names no players or result of its own (FF[4]: once per path; a
                // root that names the first game's players makes a variation with `RE` a
                // review's, and its names would be read before the variation's)
                let game = !on_main
                    && path.len() <= MAX_MERGED_DEPTH
                    && !named
                    && game_info_at(b, i, || !moved);
                path.push(Level {
                    open: i,
                    nodes: (i + 1, i + 1),
                    sealed: false,
                    named,
                    moved,
                    variations: 0,
                    main: on_main || game,
                    game,
                });
            }
            b')' => {
                if let Some(level) = path.pop() {
                    if level.game {
                        out.push(GameSpan {
                            start: level.open,
                            end: i + 1,
                            text_before: 0,
                            unclosed: 0,
                            early_closes: Vec::new(),
                            root: path.iter().map(|l| l.nodes).collect(),
                            ..g.clone()
                        });
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    // in the order of the text (a game merged inside another closes first)
    out.sort_by_key(|s| s.start);
    out
}

/// Whether `nodes` (a node sequence) hold one of the properties `names` (outside values).
fn holds_property(nodes: &[u8], names: &[&[u8]]) -> bool {
    let mut i = 0;
    while i < nodes.len() {
        match nodes[i] {
            b'[' => i = value_end(nodes, i + 1),
            c if c.is_ascii_uppercase()
                && !nodes[..i].last().is_some_and(u8::is_ascii_alphabetic) =>
            {
                let end = i + nodes[i..]
                    .iter()
                    .take_while(|b| b.is_ascii_alphabetic())
                    .count();
                let next = skip_blank(nodes, end);
                if nodes.get(next) == Some(&b'[') && names.contains(&&nodes[i..end]) {
                    return true;
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    false
}

/// The deepest a game merged into a tree is looked for, in variations from the tree's root:
/// each such game is read after the node sequences on its way, so games nested thousands
/// deep cost time and memory as the square of the depth (9,000 nested games took 5.5 s and
/// 818 MB). The spec's example parts its games three deep.
const MAX_MERGED_DEPTH: usize = 64;

/// Whether the node the `(` at `at` opens holds game information among its first
/// properties: `PB`, `PW` or `RE`, or a root's `GM` or `FF` when `roots` says a root may
/// begin there (no move before it; after a move, an editor's stray `GM` marks no game).
fn game_info_at(b: &[u8], at: usize, roots: impl Fn() -> bool) -> bool {
    let info = |name: &[u8]| {
        matches!(name, b"PB" | b"PW" | b"RE") || matches!(name, b"GM" | b"FF") && roots()
    };
    node_holds(b, at, info) == Some(true)
}

/// [`scan`] without the games merged into a tree.
fn scan_games(text: &str) -> Scan {
    let strict = scan_with(text, false);
    // A game never closed may have swallowed the next games of its collection after
    // variations of its own (`(;GM[1];B[aa](;W[bb])(;GM[1]…`), which the strict rule leaves
    // inside it, as a closed file's variations that carry `GM` or `FF` stay (they are no
    // games: the file closes them). Read again, such a game ends where the next one begins.
    if strict.games.last().is_some_and(|g| g.unclosed > 0) {
        let after_variations = scan_with(text, true);
        if after_variations.games.len() > strict.games.len() {
            return after_variations;
        }
    }
    strict
}

/// [`scan`], a game cut short where the next game's root begins inside it: when it has a
/// root and a move and went no deeper than there, or, `after_variations`, when it has a
/// root and a move at its top level, whatever variations came between.
fn scan_with(text: &str, after_variations: bool) -> Scan {
    let b = text.as_bytes();
    let mut out = Scan::default();
    let mut i = 0;
    let mut depth = 0usize;
    let mut cur: Option<GameSpan> = None;
    // Start of the current run of identifier letters outside values, and whether it had an
    // uppercase letter.
    let mut ident_start: Option<usize> = None;
    let mut ident_upper = false;
    // Nodes of the current game's top level (its root and the main line before its first
    // variation).
    let mut top_nodes = 0usize;
    while i < b.len() {
        let c = b[i];
        match c {
            // a `[` in text outside every game is text (`Downloaded from [my site`)
            b'[' if cur.is_none() => ident_start = None,
            b'[' => {
                if let (Some(g), Some(s)) = (cur.as_mut(), ident_start) {
                    if !ident_upper && g.lowercase_ident_at.is_none() {
                        g.lowercase_ident_at = Some(s);
                    }
                }
                ident_start = None;
                // Skip the value, honouring escapes.
                let open = i;
                i += 1;
                let mut closed = false;
                while i < b.len() {
                    match b[i] {
                        b'\\' => i += 2,
                        b']' => {
                            closed = true;
                            break;
                        }
                        _ => i += 1,
                    }
                }
                if !closed {
                    if let Some(g) = cur.as_mut() {
                        g.unterminated_value_at = Some(open);
                    }
                    break;
                }
                if let Some(g) = cur.as_mut() {
                    g.values += 1;
                    g.point_lists += usize::from(i - open == 6 && b[open + 3] == b':');
                }
                i += 1;
                continue;
            }
            // a `(` of the text around games
            b'(' if depth == 0 && !opens_game(b, i) => ident_start = None,
            b'(' => {
                ident_start = None;
                // A game that a collection's next game begins inside was cut short: it ends
                // here, unclosed, and the next one is a game of its own.
                // (the game has a root and a move at least, `((;GM[1]…))` being one game
                // wrapped, and went no deeper than here: `(;FF[4](;GM[1]…)(;GM[1]…))` is a
                // tree whose variations are games; or, read again after a game never closed,
                // a root and a move at its top level, variations between or not)
                let open = |g: &GameSpan| {
                    (g.nodes >= 2 && g.max_depth == depth) || (after_variations && top_nodes >= 2)
                };
                if depth > 0 && cur.as_ref().is_some_and(open) && node_at(b, i) == Some(true) {
                    if let Some(mut g) = cur.take() {
                        g.end = i;
                        g.unclosed = depth;
                        out.games.push(g);
                    }
                    depth = 0;
                }
                if depth == 0 {
                    top_nodes = 0;
                    let from = out.games.last().map_or(0, |g| g.end);
                    let text_before = b[from..i]
                        .iter()
                        .filter(|c| !c.is_ascii_whitespace())
                        .count();
                    if out.games.is_empty() && cur.is_none() {
                        out.leading_text = text_before;
                    }
                    cur = Some(GameSpan {
                        text_before,
                        start: i,
                        end: i,
                        nodes: 0,
                        max_depth: 0,
                        point_lists: 0,
                        values: 0,
                        unclosed: 0,
                        unterminated_value_at: None,
                        lowercase_ident_at: None,
                        early_closes: Vec::new(),
                        root: Vec::new(),
                    });
                }
                depth += 1;
                if let Some(g) = cur.as_mut() {
                    g.max_depth = g.max_depth.max(depth);
                }
            }
            b')' => {
                ident_start = None;
                if depth == 0 {
                    out.stray_close_at.get_or_insert(i);
                } else if depth == 1
                    && cur.as_ref().is_some_and(|g| g.max_depth == 1)
                    && node_follows(b, i)
                {
                    // `…;W[dp]);B[dd];W[pp])`: the game goes on after this `)` (a game with
                    // variations could not: no node follows them)
                    if let Some(g) = cur.as_mut() {
                        g.early_closes.push(i);
                    }
                } else {
                    depth -= 1;
                    if depth == 0 {
                        if let Some(mut g) = cur.take() {
                            g.end = i + 1;
                            out.games.push(g);
                        }
                    }
                }
            }
            b';' => {
                ident_start = None;
                if let Some(g) = cur.as_mut() {
                    g.nodes += 1;
                    top_nodes += usize::from(depth == 1);
                }
            }
            b'a'..=b'z' | b'A'..=b'Z' => {
                if ident_start.is_none() {
                    ident_start = Some(i);
                    ident_upper = false;
                }
                ident_upper |= c.is_ascii_uppercase();
            }
            _ if c.is_ascii_whitespace() => {}
            _ => ident_start = None,
        }
        i += 1;
    }
    if let Some(mut g) = cur.take() {
        g.end = b.len();
        g.unclosed = depth;
        out.games.push(g);
    }
    if out.games.is_empty() {
        out.leading_text = b.iter().filter(|c| !c.is_ascii_whitespace()).count();
    } else if let Some(last) = out.games.last() {
        out.trailing_text = b[last.end..].iter().filter(|&&c| is_text_byte(c)).count();
    }
    out
}

/// `text` without the bytes at `at` (each a `)` of [`GameSpan::early_closes`], offsets into
/// `text`).
pub fn without_bytes_at(text: &str, at: &[usize]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for &i in at {
        out.push_str(&text[from..i]);
        from = i + 1;
    }
    out.push_str(&text[from..]);
    out
}

/// Upper-cases all-lowercase property identifiers outside values (`b[pd]` → `B[pd]`), the
/// repair for `FF[1]`-style files that sgf-parse would otherwise read as nameless properties.
pub fn uppercase_identifiers(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    let mut ident_start: Option<usize> = None;
    while i < b.len() {
        let c = b[i];
        match c {
            b'[' => {
                if let Some(s) = ident_start.take() {
                    let ident = &mut out[s..];
                    if !ident.iter().any(|c: &u8| c.is_ascii_uppercase()) {
                        ident.make_ascii_uppercase();
                    }
                }
                out.push(c);
                i += 1;
                while i < b.len() {
                    out.push(b[i]);
                    match b[i] {
                        b'\\' => {
                            if i + 1 < b.len() {
                                out.push(b[i + 1]);
                            }
                            i += 2;
                        }
                        b']' => {
                            i += 1;
                            break;
                        }
                        _ => i += 1,
                    }
                }
                continue;
            }
            b'a'..=b'z' | b'A'..=b'Z' => {
                if ident_start.is_none() {
                    ident_start = Some(out.len());
                }
            }
            _ if c.is_ascii_whitespace() && ident_start.is_some() => {}
            _ => ident_start = None,
        }
        out.push(c);
        i += 1;
    }
    // Only ASCII letters were changed, so the bytes are still UTF-8.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_a_collection() {
        let s = scan("(;GM[1];B[aa])\n(;W[bb](;B[cc])(;B[dd]))");
        assert_eq!(s.games.len(), 2);
        assert_eq!(s.games[0].nodes, 2);
        assert_eq!(s.games[1].nodes, 3);
        assert_eq!(s.games[1].max_depth, 2);
        assert_eq!(s.leading_text, 0);
        let s = scan("(;AB[aa:ss][cc]AW[tt:ss];B[ee]C[ab:c])");
        assert_eq!(s.games[0].point_lists, 2);
    }

    #[test]
    fn brackets_inside_values_do_not_count() {
        let s = scan(r"(;C[a ) ( ; \] b];B[aa])");
        assert_eq!(s.games.len(), 1);
        assert_eq!(s.games[0].nodes, 2);
        assert_eq!(s.games[0].unclosed, 0);
    }

    #[test]
    fn defects_have_offsets() {
        let s = scan("junk (;B[aa];W[bb]");
        assert_eq!(s.leading_text, 4);
        assert_eq!(s.games[0].text_before, 4);
        assert_eq!(s.games[0].unclosed, 1);
        let s = scan("(;C[never closed");
        assert_eq!(s.games[0].unterminated_value_at, Some(3));
        let s = scan(") (;B[aa])");
        assert_eq!(s.stray_close_at, Some(0));
        let s = scan("(;b[pd];w[dd])");
        assert_eq!(s.games[0].lowercase_ident_at, Some(2));
        let s = scan("(;AddBlack[pd])");
        assert_eq!(s.games[0].lowercase_ident_at, None);
    }

    #[test]
    fn text_around_games_opens_no_game_and_no_value() {
        let s = scan("Kim (9d) vs Lee [8d (;GM[1];B[aa]) (Game 2:) (;GM[1];B[bb]) end");
        assert_eq!(s.games.len(), 2);
        assert_eq!(s.leading_text, 15);
        assert_eq!(s.games[1].text_before, 8);
        assert_eq!(s.trailing_text, 3);
        // what opens a game: a root node, a node's property without its `;`, a nested or
        // empty tree
        for game in ["(;B[aa])", "( ;B[aa])", "(GM[1]B[aa])", "((;B[aa]))", "()"] {
            assert_eq!(scan(game).games.len(), 1, "{game}");
        }
    }

    #[test]
    fn a_close_before_the_game_s_own_nodes_and_a_game_cut_short() {
        let s = scan("(;GM[1];B[aa]) ;W[bb])");
        assert_eq!(s.games.len(), 1);
        assert_eq!(
            (s.games[0].early_closes.clone(), s.games[0].nodes),
            (vec![13], 3)
        );
        assert_eq!(
            without_bytes_at("(;GM[1];B[aa]) ;W[bb])", &[13]),
            "(;GM[1];B[aa] ;W[bb])"
        );
        // the next game's root (`GM` or `FF` among its properties) ends a game left open,
        // at any depth
        let s = scan("(;GM[1];B[aa](;W[bb]\n( ;FF[4];B[cc])");
        assert_eq!(s.games.len(), 2);
        assert_eq!((s.games[0].end, s.games[0].unclosed), (21, 2));
        assert_eq!((s.games[1].start, s.games[1].unclosed), (21, 0));
        // a variation's node is no root; a `;` after a game that is a root stays outside it,
        // with `GM` first or not (a Fox game run on after another)
        assert_eq!(scan("(;GM[1];B[aa](;W[bb])(;W[cc]))").games.len(), 1);
        for after in [";GM[1];B[bb])", "\n;CA[UTF-8]GM[1];B[bb])", " ;"] {
            let s = scan(&format!("(;GM[1];B[aa]){after}"));
            assert_eq!(
                (s.games.len(), s.games[0].early_closes.len()),
                (1, 0),
                "{after}"
            );
            assert!(s.trailing_text > 0, "{after}");
        }
        // a game wrapped in parentheses is one tree; one whose variations are games is one
        // tree holding two, the second read after the root
        let s = scan("((;GM[1]FF[4]SZ[19];B[pd];W[dp]))");
        assert_eq!((s.games.len(), s.games[0].unclosed), (1, 0));
        let tree = "(;FF[4](;GM[1];B[pd])(;GM[1];B[dd];W[pp]))";
        let s = scan(tree);
        assert_eq!(s.games.len(), 2);
        assert_eq!((s.games[0].unclosed, s.games[0].root.len()), (0, 0));
        let second = &s.games[1];
        assert_eq!(&tree[second.start..second.end], "(;GM[1];B[dd];W[pp])");
        let root: Vec<&str> = second.root.iter().map(|&(a, b)| &tree[a..b]).collect();
        assert_eq!(root, [";FF[4]"]);
        // no node follows a game's variations: its `)` is no early one
        let s = scan("(;GM[1];B[pd](;W[dp])(;W[dd]));B[aa])");
        assert_eq!(s.games[0].early_closes, Vec::<usize>::new());
        // control bytes after the last game are no text
        assert_eq!(scan("(;GM[1];B[aa])\r\n\x1a\0\0").trailing_text, 0);
        // a node cut off in its value or its escape ends the look at it
        for cut in [
            "(;GM[1];B[aa]);C[x\\",
            "(;GM[1];B[aa]);C[x",
            "(;GM[1];B[aa]\n(;C[x\\",
        ] {
            let _ = scan(cut);
        }
    }

    #[test]
    fn uppercasing_only_touches_lowercase_identifiers() {
        assert_eq!(
            uppercase_identifiers("(;b[pd]c[b[x\\]y]AddWhite[aa])"),
            "(;B[pd]C[b[x\\]y]AddWhite[aa])"
        );
    }
}
