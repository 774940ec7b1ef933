//! `kifu-audit explain`: the ASCII board (dead stones and territory where the markup puts
//! them), the SVG (well-formed, one circle per stone per panel, one cross per dead stone per
//! panel that removes dead stones, squares that add up to the counts), its rendering to PNG
//! with resvg (shapes only), and the command's exit statuses.
//!
//! The PNGs are left in the temporary directory (`kifu-audit-explain-*.png`) for a person to
//! look at.

use crate::common::repo;
use kifu_audit::cli::explain::{explain_bytes, Explained};
use kifu_audit::render::{ascii, Diagram, Mark, Panel};
use kifu_audit::rules::{Board, Color, MoveCheck, Point};
use kifu_audit::scoring::{KomiPolicy, PointOwner};
use std::collections::BTreeMap;
use std::process::Command;

const DEAD_SAMPLE: &str = "data-samples/dead/9x9-dead-stones-tb-tw.sgf";

fn explain_file(rel: &str) -> Explained {
    let bytes = std::fs::read(repo().join(rel)).expect("sample exists");
    explain_bytes(rel, &bytes, 0, KomiPolicy::Standard).expect("explain runs")
}

fn diagram(e: &Explained) -> &Diagram {
    &e.audit.as_ref().expect("a readable game").diagram
}

/// Board rows as drawn in the tests: whitespace-separated characters, one row per line.
fn drawn(rows: &str) -> String {
    rows.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ") + "\n")
        .collect()
}

#[test]
fn dead_stones_sample_ascii_marks_dead_stones_and_territory_where_the_markup_puts_them() {
    let e = explain_file(DEAD_SAMPLE);
    let d = diagram(&e);
    // TB covers the white stone on C5 (x) and TW the black stone on H7 (o): both are dead,
    // and their points count as the other side's territory.
    let expected = drawn(
        "
        + X + X O O - - O
        X + X X O - O - -
        + X + X O O - x -
        X X X X O - O - -
        + + o X O O O O -
        X + + X X O - - -
        + X X + X O O O O
        X + X X X O - O -
        + X + X O O - O -
        ",
    );
    assert_eq!(ascii::bare(d), expected);
    let board = ascii::board(d);
    assert!(board.starts_with("   A B C D E F G H J\n 9 + X + X O O - - O  9\n"));
    assert!(board.ends_with(" 1 + X + X O O - O -  1\n   A B C D E F G H J\n"));

    let text = e.text();
    for line in [
        "status:    ok",
        "black:     Dead Black",
        "result:    W+10.5",
        "dead: B H7, W C5",
        "legal under chinese, japanese, korean, ing, aga, nz, tromp_taylor",
        "recorded W+10.5: exact",
        "No winner flip: White wins under all seven rulesets.",
        "the area–territory identity holds",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
    // The table: every ruleset's row shows figures that give its margin.
    let japanese = text
        .lines()
        .find(|l| l.trim_start().starts_with("japanese "))
        .unwrap();
    assert!(japanese.ends_with("-10.5  W+10.5"), "{japanese}");
    let tt = text
        .lines()
        .find(|l| l.trim_start().starts_with("tromp_taylor "))
        .unwrap();
    assert!(tt.contains("35     30"), "{tt}");
}

/// What the SVG holds, per panel.
#[derive(Debug, Default, Clone, PartialEq)]
struct PanelCounts {
    removes_dead: bool,
    stones: usize,
    black_stones: usize,
    white_stones: usize,
    dead_marks: usize,
    territory_black: usize,
    territory_white: usize,
    seki: usize,
    teire: usize,
    /// Rings around the stones of the disputed chain.
    disputed: usize,
    /// Centres of live black stones and of dead marks, in picture coordinates.
    black_centres: Vec<(f64, f64)>,
    cross_centres: Vec<(f64, f64)>,
}

fn classes<'a>(n: &roxmltree::Node<'a, '_>) -> Vec<&'a str> {
    n.attribute("class")
        .map(|c| c.split_whitespace().collect())
        .unwrap_or_default()
}

fn translate(g: &roxmltree::Node) -> (f64, f64) {
    let t = g.attribute("transform").expect("panel has a transform");
    let inner = t
        .strip_prefix("translate(")
        .and_then(|s| s.strip_suffix(')'))
        .expect("translate(x,y)");
    let (x, y) = inner.split_once(',').unwrap();
    (x.parse().unwrap(), y.parse().unwrap())
}

/// Parses the SVG with a real XML parser and counts what each panel draws.
fn parse_svg(svg: &str) -> BTreeMap<String, PanelCounts> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let mut panels = BTreeMap::new();
    for g in root
        .children()
        .filter(|n| n.is_element() && classes(n).contains(&"panel"))
    {
        let name = g.attribute("data-counting").unwrap().to_string();
        let (tx, ty) = translate(&g);
        let mut c = PanelCounts {
            removes_dead: g.attribute("data-removes-dead") == Some("true"),
            ..PanelCounts::default()
        };
        for n in g.descendants().filter(|n| n.is_element()) {
            let cl = classes(&n);
            let num = |a: &str| -> f64 { n.attribute(a).unwrap().parse().unwrap() };
            match n.tag_name().name() {
                "circle" if cl.contains(&"stone") => {
                    c.stones += 1;
                    if cl.contains(&"black") {
                        c.black_stones += 1;
                        if !cl.contains(&"dead-stone") {
                            c.black_centres.push((tx + num("cx"), ty + num("cy")));
                        }
                    }
                    if cl.contains(&"white") {
                        c.white_stones += 1;
                    }
                }
                "path" if cl.contains(&"dead") => {
                    c.dead_marks += 1;
                    // "M x1 y1 L x2 y2 …": the centre of the first stroke.
                    let d = n.attribute("d").unwrap().replace(['M', 'L'], " ");
                    let v: Vec<f64> = d.split_whitespace().map(|s| s.parse().unwrap()).collect();
                    c.cross_centres
                        .push((tx + (v[0] + v[2]) / 2.0, ty + (v[1] + v[3]) / 2.0));
                }
                "rect" if cl.contains(&"territory-black") => c.territory_black += 1,
                "rect" if cl.contains(&"territory-white") => c.territory_white += 1,
                "rect" if cl.contains(&"seki") => c.seki += 1,
                "rect" if cl.contains(&"teire") => c.teire += 1,
                "circle" if cl.contains(&"disputed") => c.disputed += 1,
                _ => {}
            }
        }
        assert!(panels.insert(name, c).is_none(), "one panel per family");
    }
    panels
}

/// Checks the SVG of a game against its diagram and score; returns the panels.
fn check_svg(e: &Explained) -> (String, BTreeMap<String, PanelCounts>) {
    let a = e.audit.as_ref().unwrap();
    let d = &a.diagram;
    let svg = e.svg().expect("a picture");
    assert_eq!(e.svg().unwrap(), svg, "the SVG is deterministic");
    let panels = parse_svg(&svg);
    assert_eq!(
        panels.keys().map(String::as_str).collect::<Vec<_>>(),
        vec!["area", "as-is", "territory"]
    );
    let stones = d.stone_count();
    let dead = d.dead_count();
    let count = |c: Color| d.stones.iter().filter(|&&s| s == Some(c)).count();
    let total_circles: usize = panels.values().map(|p| p.stones).sum();
    let total_dead: usize = panels.values().map(|p| p.dead_marks).sum();
    let removing = panels.values().filter(|p| p.removes_dead).count();
    assert_eq!(
        removing, 2,
        "area and territory counting remove dead stones"
    );
    assert_eq!(total_circles, stones * panels.len());
    assert_eq!(total_dead, dead * removing);
    for (name, p) in &panels {
        assert_eq!(p.stones, stones, "{name}: one circle per stone");
        assert_eq!(p.black_stones, count(Color::Black), "{name}");
        assert_eq!(p.white_stones, count(Color::White), "{name}");
        let want_dead = if p.removes_dead { dead } else { 0 };
        assert_eq!(p.dead_marks, want_dead, "{name}: one cross per dead stone");
        let disputed = d.disputed.iter().filter(|&&b| b).count();
        assert_eq!(p.disputed, disputed, "{name}: one ring per disputed stone");
    }
    // The squares add up to the counts the scorer reported.
    let s = &a.score;
    let live = |c: Color| {
        (0..d.stones.len())
            .filter(|&i| d.stones[i] == Some(c) && !d.dead[i])
            .count() as u32
    };
    let area = &panels["area"];
    assert_eq!(
        area.territory_black as u32 + live(Color::Black),
        s.black_area
    );
    assert_eq!(
        area.territory_white as u32 + live(Color::White),
        s.white_area
    );
    let terr = &panels["territory"];
    assert_eq!(terr.territory_black as u32, s.black_territory);
    assert_eq!(terr.territory_white as u32, s.white_territory);
    assert_eq!(terr.seki as u32, s.seki_points);
    assert_eq!(terr.teire as u32, s.teire_points);
    let as_is = &panels["as-is"];
    let (b, w) = d.as_is_area();
    assert_eq!(as_is.territory_black + count(Color::Black), b as usize);
    assert_eq!(as_is.territory_white + count(Color::White), w as usize);
    assert_eq!(f64::from(b) - f64::from(w), s.margin_as_is_area);
    // Every mark in the panels is one the diagram asks for.
    for panel in Panel::ALL {
        let marks = (0..d.stones.len())
            .filter(|&i| d.mark(panel, i) != Mark::None)
            .count();
        let p = &panels[panel.name()];
        assert_eq!(
            p.territory_black + p.territory_white + p.seki + p.teire,
            marks
        );
    }
    (svg, panels)
}

/// Renders an SVG to PNG with resvg (no text: the crate is built without fonts) and leaves
/// it in the temporary directory; returns the pixmap.
fn render_png(svg: &str, name: &str) -> resvg::tiny_skia::Pixmap {
    let opt = resvg::usvg::Options::default();
    let tree = resvg::usvg::Tree::from_str(svg, &opt).expect("resvg reads the SVG");
    let size = tree.size().to_int_size();
    assert!(size.width() > 100 && size.height() > 100);
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    let png = pixmap.encode_png().expect("PNG encodes");
    assert!(png.len() > 1000, "a non-trivial PNG");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let path = std::env::temp_dir().join(format!("kifu-audit-explain-{name}.png"));
    std::fs::write(&path, &png).expect("PNG written");
    eprintln!("wrote {}", path.display());
    pixmap
}

fn pixel(p: &resvg::tiny_skia::Pixmap, (x, y): (f64, f64)) -> (u8, u8, u8) {
    let c = p
        .pixel(x.round() as u32, y.round() as u32)
        .expect("inside the picture")
        .demultiply();
    (c.red(), c.green(), c.blue())
}

/// The rendered picture shows the stones and crosses where the SVG puts them.
fn check_pixels(pixmap: &resvg::tiny_skia::Pixmap, panels: &BTreeMap<String, PanelCounts>) {
    for p in panels.values() {
        for &c in &p.black_centres {
            let (r, g, b) = pixel(pixmap, c);
            assert!(
                r < 60 && g < 60 && b < 60,
                "black stone at {c:?}: {r},{g},{b}"
            );
        }
        for &c in &p.cross_centres {
            let (r, g, b) = pixel(pixmap, c);
            assert!(
                r > 150 && g < 90 && b < 90,
                "red cross at {c:?}: {r},{g},{b}"
            );
        }
    }
    // The margin stays white.
    assert_eq!(pixel(pixmap, (2.0, 2.0)), (255, 255, 255));
}

#[test]
fn dead_stones_sample_svg_parses_counts_and_renders() {
    let e = explain_file(DEAD_SAMPLE);
    let d = diagram(&e);
    assert_eq!(
        d.stone_count(),
        49,
        "25 black and 24 white moves, no captures"
    );
    assert_eq!(d.dead_count(), 2);
    let (svg, panels) = check_svg(&e);
    assert_eq!(panels["area"].dead_marks, 2);
    assert_eq!(panels["territory"].dead_marks, 2);
    assert_eq!(panels["as-is"].dead_marks, 0);
    assert!(svg.contains("japanese: W+10.5, komi 6.5"));
    let pixmap = render_png(&svg, "dead-sample");
    check_pixels(&pixmap, &panels);
}

/// A seeded random 9×9 game (no own-eye filling, no suicide, no simple-ko retake) stopped
/// after `moves` moves, as SGF.
fn generated_game(seed: u64, moves: usize) -> String {
    let mut state = seed;
    let mut next = || {
        // xorshift64*
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let mut board = Board::new(9, 9);
    let mut ko: Option<Point> = None;
    let mut color = Color::Black;
    let mut sgf =
        String::from("(;GM[1]FF[4]CA[UTF-8]SZ[9]RU[Chinese]KM[7.5]PB[Gen Black]PW[Gen White]RE[?]");
    let mut passes = 0;
    for _ in 0..moves {
        let empties: Vec<Point> = board.points().filter(|&p| !board.is_occupied(p)).collect();
        let start = (next() % empties.len().max(1) as u64) as usize;
        let pick = (0..empties.len())
            .map(|k| empties[(start + k) % empties.len()])
            .find(|&p| {
                let own_eye = board.neighbors(p).all(|q| board.get(q) == Some(color));
                Some(p) != ko
                    && !own_eye
                    && matches!(board.check(color, p), MoveCheck::Playable { .. })
            });
        let letter = color.letter();
        match pick {
            Some(p) => {
                ko = board.play(color, p).ko_point;
                let (x, y) = (char::from(b'a' + p.x), char::from(b'a' + p.y));
                sgf.push_str(&format!(";{letter}[{x}{y}]"));
                passes = 0;
            }
            None => {
                ko = None;
                sgf.push_str(&format!(";{letter}[]"));
                passes += 1;
                if passes == 2 {
                    break;
                }
            }
        }
        color = color.opposite();
    }
    sgf.push(')');
    sgf
}

#[test]
fn generated_game_svg_and_ascii_agree_with_the_board() {
    let sgf = generated_game(0x5EED_0001, 70);
    let e = explain_bytes("generated.sgf", sgf.as_bytes(), 0, KomiPolicy::Standard).unwrap();
    let a = e.audit.as_ref().expect("the generated game is readable");
    let d = &a.diagram;
    assert!(d.stone_count() > 20, "{sgf}");
    // ASCII: one character per point, stones where the board has them, lower case for dead.
    let bare = ascii::bare(d);
    let rows: Vec<Vec<char>> = bare
        .lines()
        .map(|l| l.split(' ').map(|c| c.chars().next().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), 9);
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), 9);
        for (x, &ch) in row.iter().enumerate() {
            let p = Point::new(x as u8, y as u8);
            let dead = a.score.dead_stones.contains(&p);
            let want: &[char] = match (a.replay.board.get(p), dead) {
                (Some(Color::Black), false) => &['X'],
                (Some(Color::White), false) => &['O'],
                (Some(Color::Black), true) => &['x'],
                (Some(Color::White), true) => &['o'],
                // an empty point: territory, seki, dame or teire (`*`)
                (None, _) => &['+', '-', '=', '.', '*'],
            };
            assert!(want.contains(&ch), "{ch} at {x},{y}\n{bare}");
        }
    }
    let text = e.text();
    for id in kifu_audit::rules::RulesetId::ALL {
        let s = &a.score.per_ruleset[id.index()];
        let result = kifu_audit::render::result_text(s);
        assert!(
            text.lines()
                .any(|l| l.trim_start().starts_with(id.name()) && l.ends_with(&result)),
            "{id}: {result}\n{text}"
        );
    }
    let (svg, panels) = check_svg(&e);
    let pixmap = render_png(&svg, "generated");
    check_pixels(&pixmap, &panels);
}

/// The report says how the file was decoded: Shift_JIS names under a Latin-1 `CA` (a
/// program's default label) read as Shift_JIS, and the label is shown beside it.
#[test]
fn explain_says_which_charset_read_the_names() {
    let (bytes, _, _) = encoding_rs::SHIFT_JIS
        .encode("(;GM[1]SZ[9]CA[ISO-8859-1]PB[余正麒]PW[井山裕太];B[ee];W[cc])");
    let e = explain_bytes("sjis.sgf", &bytes, 0, KomiPolicy::Standard).unwrap();
    let text = e.text();
    for line in [
        "black:     余正麒",
        "white:     井山裕太",
        "charset:   Shift_JIS (CA[ISO-8859-1])",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
    let e = explain_file(DEAD_SAMPLE);
    assert!(e.text().contains("\ncharset:   UTF-8 ("), "{}", e.text());
}

#[test]
fn unreadable_game_prints_its_error_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.sgf");
    std::fs::write(&bad, "this is not a game record").unwrap();
    let svg = dir.path().join("bad.svg");
    let out = Command::new(env!("CARGO_BIN_EXE_kifu-audit"))
        .arg("explain")
        .arg(&bad)
        .arg("--svg")
        .arg(&svg)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("status:    error (not_sgf)"), "{stdout}");
    assert!(stdout.contains("error:     "), "{stdout}");
    assert!(!svg.exists());
}

/// `explain` takes `scan`'s limits, so that a row written under other limits is explained as
/// it was read: a game over `--max-nodes` is the same error in both.
#[test]
fn explain_reads_under_the_limits_scan_was_given() {
    let sample = repo().join(DEAD_SAMPLE);
    let explain = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_kifu-audit"))
            .arg("explain")
            .args(extra)
            .arg(&sample)
            .output()
            .unwrap()
    };
    let out = explain(&["--max-nodes", "5"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("status:    error (too_many_nodes)"),
        "{stdout}"
    );
    let out = explain(&["--max-game-bytes", "100"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("status:    error"));
    assert_eq!(explain(&[]).status.code(), Some(0));
}

#[test]
fn explain_command_writes_the_svg_and_rejects_a_game_out_of_range() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("dead.svg");
    let sample = repo().join(DEAD_SAMPLE);
    let out = Command::new(env!("CARGO_BIN_EXE_kifu-audit"))
        .args(["explain", "--komi", "recorded", "--svg"])
        .arg(&svg)
        .arg(&sample)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(" 5 + + o X O O O O -  5"), "{stdout}");
    let written = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(parse_svg(&written)["area"].dead_marks, 2);

    let out = Command::new(env!("CARGO_BIN_EXE_kifu-audit"))
        .args(["explain", "--game", "1"])
        .arg(&sample)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("out of range"));
}

/// A row of `scan` names its game by `source`, `member` and `game_index`: `explain` finds the
/// same game from them, given as `--member` or as `ARCHIVE::MEMBER` (the form in which it
/// names a game itself), as it does by the game's place in the archive, and says so when
/// the member is not there or holds fewer games.
#[test]
fn explain_finds_an_archive_member_as_a_row_names_it() {
    let zip = repo().join("tests/fixtures/archives/methods.zip");
    let zip = zip.to_str().unwrap();
    let member = "19x19-korean-territory.sgf";
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_kifu-audit"))
            .arg("explain")
            .args(args)
            .output()
            .unwrap()
    };
    let by_flag = run(&[zip, "--member", member]);
    assert_eq!(by_flag.status.code(), Some(0), "{by_flag:?}");
    let text = String::from_utf8_lossy(&by_flag.stdout).into_owned();
    assert!(
        text.starts_with(&format!("game:      {zip}::{member} game 0\n")),
        "{text}"
    );
    assert!(text.contains("rules:     Korean"), "{text}");
    let by_name = run(&[&format!("{zip}::{member}")]);
    assert_eq!(String::from_utf8_lossy(&by_name.stdout), text);
    // the ninth member in name order, the ninth game of the archive
    let by_place = run(&[zip, "--game", "8"]);
    assert_eq!(String::from_utf8_lossy(&by_place.stdout), text);
    // the same game read from the sample the archive was made of: all but the first line
    let sample = repo().join("data-samples/games").join(member);
    let plain = run(&[sample.to_str().unwrap()]);
    let plain = String::from_utf8_lossy(&plain.stdout).into_owned();
    let rest = |t: &str| t.split_once('\n').unwrap().1.to_string();
    assert_eq!(rest(&plain), rest(&text));

    // cut short (its central directory lost): its own row comes after the games read, and
    // says it is the archive's, not a game 0 that `--game 0` would not reach
    let dir = tempfile::tempdir().unwrap();
    let cut = dir.path().join("cut.zip");
    let bytes = std::fs::read(zip).unwrap();
    std::fs::write(&cut, &bytes[..bytes.len() * 3 / 5]).unwrap();
    let cut = cut.to_str().unwrap();
    let mut last = String::new();
    for k in 0.. {
        let out = run(&[cut, "--game", &k.to_string()]);
        if out.status.code() == Some(2) {
            break;
        }
        last = String::from_utf8_lossy(&out.stdout).into_owned();
    }
    assert!(
        last.starts_with(&format!(
            "game:      {cut} (the archive's own row: member NULL, game_index 0)\nstatus:    error (archive_error)"
        )),
        "{last}"
    );
    let missing = run(&[zip, "--member", "nope.sgf"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no game record named nope.sgf"));
    // a plain file has no members
    let plain_member = run(&[sample.to_str().unwrap(), "--member", member]);
    assert_eq!(plain_member.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&plain_member.stderr).contains("not an archive"));
    let beyond = run(&[zip, "--member", member, "--game", "1"]);
    assert_eq!(beyond.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&beyond.stderr);
    assert!(
        stderr.contains("--game 1 is out of range: it holds 1 game(s)"),
        "{stderr}"
    );
    // the member given twice, as ARCHIVE::MEMBER and with --member: refused, saying so
    let twice = run(&[&format!("{zip}::{member}"), "--member", member]);
    assert_eq!(twice.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&twice.stderr);
    assert!(stderr.contains("give the member once"), "{stderr}");
    // `explain ARCHIVE::MEMBER` with the archive named as a row names it: the same game, the
    // first line naming it so
    let same_game_as = |archive: &str| {
        let out = run(&[&format!("{archive}::{member}")]);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let out = String::from_utf8_lossy(&out.stdout).into_owned();
        let first = format!("game:      {archive}::{member} game 0\n");
        assert!(out.starts_with(&first), "{out}");
        assert_eq!(rest(&out), rest(&text));
        out
    };
    // an archive whose own name holds `::`
    let dir = tempfile::tempdir().unwrap();
    let odd = dir.path().join("server::2006.zip");
    std::fs::copy(zip, &odd).unwrap();
    let odd = odd.to_str().unwrap();
    let odd_text = same_game_as(odd);
    // ... also when a directory has the name before its first `::`
    std::fs::create_dir(dir.path().join("server")).unwrap();
    assert_eq!(same_game_as(odd), odd_text);
    // names that are not UTF-8, given back as the `source` column writes them (`\xNN`)
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let latin1 = dir.path().join(std::ffi::OsStr::from_bytes(b"caf\xe9.zip"));
        std::fs::copy(zip, &latin1).unwrap();
        let written = format!("{}/caf\\xE9.zip", dir.path().display());
        // a file whose name is that text as written is another file (no zip), and `source`
        // says which
        let literal = dir.path().join("caf\\xE9.zip");
        std::fs::write(&literal, "(;GM[1]SZ[9];B[ee])").unwrap();
        let row_text = same_game_as(&written);
        let by_flag = run(&[&written, "--member", member]);
        assert_eq!(String::from_utf8_lossy(&by_flag.stdout), row_text);
        // and by the name's own bytes, as a shell completes it
        let mut raw = latin1.as_os_str().to_os_string();
        raw.push(format!("::{member}"));
        let by_bytes = Command::new(env!("CARGO_BIN_EXE_kifu-audit"))
            .arg("explain")
            .arg(&raw)
            .output()
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&by_bytes.stdout), row_text);
        // the name as a scan of the directory writes it in `source`
        let out = dir.path().join("rows.parquet");
        let scan = |input: &std::path::Path| {
            Command::new(env!("CARGO_BIN_EXE_kifu-audit"))
                .args(["scan", "-q", "-o"])
                .arg(&out)
                .arg(input)
                .output()
                .unwrap()
        };
        let scanned = scan(&latin1);
        assert!(scanned.status.success(), "{scanned:?}");
        let sources = crate::common::parquet_strings(&out, "source");
        assert!(
            sources
                .iter()
                .all(|s| s.as_deref() == Some(written.as_str())),
            "{sources:?}"
        );
        let scanned = scan(&literal);
        assert_eq!(scanned.status.code(), Some(1), "{scanned:?}");
        let literal_text = format!("{}/caf\\x5CxE9.zip", dir.path().display());
        assert_eq!(
            crate::common::parquet_strings(&out, "source"),
            [Some(literal_text.clone())]
        );
        let out = run(&[&literal_text]);
        let out = String::from_utf8_lossy(&out.stdout);
        let first = format!(
            "game:      {literal_text} (the archive's own row: member NULL, game_index 0)\n\
             status:    error (archive_error)\n"
        );
        assert!(out.starts_with(&first), "{out}");
    }
}

/// A diagram of a position drawn in ASCII (`X`, `O`, `.`) with the ownership given point by
/// point: the renderers show what the scorer decided, so they are tested on decisions made
/// here, not on the estimator's.
fn diagram_from_ascii(rows: &str, owner_of: impl Fn(u8, u8, char) -> PointOwner) -> Diagram {
    let rows: Vec<Vec<char>> = rows
        .lines()
        .map(|l| {
            l.split_whitespace()
                .filter_map(|c| c.chars().next())
                .collect()
        })
        .filter(|r: &Vec<char>| !r.is_empty())
        .collect();
    let (w, h) = (rows[0].len(), rows.len());
    let (mut ab, mut aw, mut ownership) = (String::new(), String::new(), Vec::new());
    for (y, row) in rows.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            let p = format!(
                "[{}{}]",
                char::from(b'a' + x as u8),
                char::from(b'a' + y as u8)
            );
            match c {
                'X' => ab.push_str(&p),
                'O' => aw.push_str(&p),
                _ => {}
            }
            ownership.push(owner_of(x as u8, y as u8, c));
        }
    }
    // A setup-only record gives the board and a real report; the decisions are then ours.
    let sgf = format!("(;GM[1]FF[4]SZ[{w}:{h}]KM[0.5]AB{ab}AW{aw})");
    let e = explain_bytes("drawn.sgf", sgf.as_bytes(), 0, KomiPolicy::Standard).unwrap();
    let a = e.audit.expect("the drawn position is readable");
    let mut score = a.score;
    score.ownership = ownership;
    score.dead_stones.clear();
    score.seki_stones.clear();
    Diagram::new(&a.replay.board, &score, 0).expect("ownership covers the board")
}

/// Seki with one eye each and one shared liberty: the ASCII board shows the three seki points
/// as `=`; the SVG shows them as seki squares under territory counting, and under area
/// counting the eyes as their owner's territory and only the shared liberty as seki.
#[test]
fn seki_points_are_marked_in_ascii_and_svg() {
    let position = "
        . O X . X . O . O X .
        . O X X X X O O O X .
        . O O O O O X X X X .
        . . . . . O X . . . .
        . . . . . O X . . . .
    ";
    let d = diagram_from_ascii(position, |x, y, c| match (x, y, c) {
        (3, 0, _) => PointOwner::BlackSekiEye,
        (7, 0, _) => PointOwner::WhiteSekiEye,
        (5, 0, _) => PointOwner::SekiShared,
        (_, _, 'X') => PointOwner::BlackStone,
        (_, _, 'O') => PointOwner::WhiteStone,
        _ => PointOwner::Dame,
    });
    let bare = ascii::bare(&d);
    assert_eq!(
        bare,
        drawn(
            "
            . O X = X = O = O X .
            . O X X X X O O O X .
            . O O O O O X X X X .
            . . . . . O X . . . .
            . . . . . O X . . . .
            "
        )
    );
    let svg = kifu_audit::render::svg::render(&d, "seki");
    let panels = parse_svg(&svg);
    render_png(&svg, "seki");
    let t = &panels["territory"];
    assert_eq!((t.seki, t.territory_black, t.territory_white), (3, 0, 0));
    let a = &panels["area"];
    assert_eq!((a.seki, a.territory_black, a.territory_white), (1, 1, 1));
    assert_eq!(panels["as-is"].seki, 0, "Tromp-Taylor knows no seki");
    for p in panels.values() {
        assert_eq!(p.stones, d.stone_count());
        assert_eq!(p.dead_marks, 0);
    }
}

/// Without markup, `explain` says why each dead stone is dead: a lone white stone in Black's
/// 27-point side has no room for two eyes there (the static analysis).
#[test]
fn explain_says_why_estimated_stones_are_dead() {
    let sgf = "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]RE[B+R]\
        AB[da][db][dc][dd][de][df][dg][dh][di]\
        AW[fa][fb][fc][fd][fe][ff][fg][fh][fi][bd])";
    let e = explain_bytes("lone.sgf", sgf.as_bytes(), 0, KomiPolicy::Standard).unwrap();
    let text = e.text();
    for line in [
        "Dead stones estimated (no TB/TW markup): 0 black, 1 white",
        "dead: W B6",
        "why dead:",
        "  no room for two eyes inside walls that have it (static analysis): W B6",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
}

/// Without markup, `explain` also says why the estimator keeps alive the chains it could not
/// prove alive by two eyes, and how narrowly: Tygem 2006-06/102880970's final position (W+14.5),
/// where White's groups on the left survive 89% of the final playouts (64 of them, the game
/// being counted; 75% of six and their second batch before) and those in the middle all of
/// them. Black's left-side group, which survived 80% of them (inside White's enclosure, which
/// asks 75%) before the settle area took in the liberties of chains with four, now survives
/// 47% (half of twelve before) and dies, as GNU Go reads it: a split verdict, listed as
/// unsettled.
#[test]
fn explain_says_why_unproven_groups_live() {
    let position = "
        . X X O . . . . . . . . . O X X X . .
        . X O O . O O . . . . . . . O O X X .
        X . X O O X O O . . . . O O O O X X .
        X X X X X X X O . . . . O X O X O O .
        O O . X . X O O O . . . O X X X X O .
        . O X . O O X X O . . O X X . . O X .
        . O X O O O O X O O O X O . . . . X .
        . O O O . O X X X X X X X . . . . . .
        . X O X O O X X O O O O X X X . . . .
        O O X X X X O O . O X X X O X . . . .
        . X . . X O O . O O O X X O X . . . .
        O O O O . X O O X X X X O . O X X X X
        X X X . X . X O O O X O . . O O X O .
        O . . X . X . . O O O X . . . . O . O
        O O O O X . X X O . O X . X X O O . O
        X X X O O O . O X O X O X . O X . O .
        . X . X O O . O X . . O X O X X . O X
        . X X X X O X . . . O . O X X . X X .
        . . X O O O . . . . . O O O X . . . .
    ";
    let (mut ab, mut aw) = (String::new(), String::new());
    for (y, row) in position
        .lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
    {
        for (x, c) in row.split_whitespace().enumerate() {
            let p = format!("[{}{}]", (b'a' + x as u8) as char, (b'a' + y as u8) as char);
            match c {
                "X" => ab.push_str(&p),
                "O" => aw.push_str(&p),
                _ => {}
            }
        }
    }
    let sgf = format!("(;GM[1]FF[4]SZ[19]KM[6.5]RU[Korean]RE[W+14.5]AB{ab}AW{aw})");
    let e = explain_bytes("alive.sgf", sgf.as_bytes(), 0, KomiPolicy::Standard).unwrap();
    let text = e.text();
    for line in [
        "why alive without two proven eyes (chains):",
        "  survived 89% of the final playouts (a group needs 60%): W A6 (14 stones), W H4 (2 stones)",
        "  survived 100% of the final playouts (a group needs 60%): W M4 (2 stones), W L2, W N2 (4 stones)",
        "  survived 47% of the final playouts (a group inside an enemy enclosure needs 75%): B D11, \
         B C10, B D10, B E10, B F10, B B9, B E9, B F8, B A7, B B7, B C7, B E7, B G7, B D6, B F6, \
         B E5, B G5, B H5",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
}

/// A result that is no count is not compared, and `explain` says how the game ended: by
/// resignation, on time, or not said (Fox's `draw`, which it writes for games ended without a
/// count; another record's draw is compared).
#[test]
fn explain_says_why_a_result_is_not_compared() {
    let board = "AB[da][db][dc][dd][de][df][dg][dh][di]AW[fa][fb][fc][fd][fe][ff][fg][fh][fi]";
    for (head, line) in [
        (
            "RE[B+R]",
            "recorded B+R: not_comparable (the game ended by resignation: no count)",
        ),
        (
            "RE[W+T]",
            "recorded W+T: not_comparable (the game ended on time: no count)",
        ),
        (
            "HA[2]RE[draw]AP[foxwq]",
            "recorded draw: not_comparable (the record does not say the result was counted)",
        ),
        // elsewhere a draw is a count, and this position ties under komi 0
        ("RE[Draw]", "recorded Draw: exact\n"),
    ] {
        let sgf = format!("(;GM[1]FF[4]SZ[9]KM[0]RU[Japanese]{head}{board})");
        let e = explain_bytes("ended.sgf", sgf.as_bytes(), 0, KomiPolicy::Recorded).unwrap();
        let text = e.text();
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
}

/// A whole-board position that recurs voids the game under Japanese and Korean rules (a
/// cycle), but only where no illegal move decides the game: a multi-stone suicide, illegal
/// under both, does, and `explain` says so rather than "no result".
#[test]
fn explain_says_a_repetition_voids_only_a_game_still_legal() {
    let cycle = "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]AB[ba][ab][bc]AW[ca][bb][db][cc]\
                 AW[ga][fb][gc]AB[ha][gb][ib][hc]AB[be][af][bg]AW[ce][bf][df][cg]\
                 ;B[cb];W[hb];B[cf];W[bb];B[gb];W[bf])";
    let suicide = "(;GM[1]FF[4]SZ[7]KM[7.5]RU[Chinese]AW[ca][bb][ab];B[aa];W[];B[ba];W[];B[aa])";
    let text = |sgf: &str| {
        explain_bytes("g.sgf", sgf.as_bytes(), 0, KomiPolicy::Standard)
            .unwrap()
            .text()
    };
    let triple = text(cycle);
    assert!(
        triple.contains("(triple ko…), no result under japanese, korean\n"),
        "{triple}"
    );
    let suicide = text(suicide);
    assert!(
        suicide.contains(
            "recurred, not by a ko recapture; under japanese, korean the game has an illegal move (above)"
        ),
        "{suicide}"
    );
    assert!(!suicide.contains("no result under"), "{suicide}");
}

/// A newline in a file's name is escaped in the `game:` line, which stays one line.
#[test]
fn explain_names_a_game_on_one_line() {
    let e = explain_bytes(
        "odd\nname.sgf",
        b"(;GM[1]SZ[9];B[ee])",
        0,
        KomiPolicy::Standard,
    );
    let text = e.unwrap().text();
    assert!(
        text.starts_with("game:      odd\\nname.sgf game 0\nstatus:"),
        "{text}"
    );
}

/// A record whose margin is the exact opposite of our count, by 5 points or more, names the
/// wrong colour, and `explain` says so: Black's wall on column E leaves it 36 points against
/// White's 18 behind column G (komi 0, Japanese counting: Black by 18), and the record says
/// White by 18.
#[test]
fn explain_names_a_record_with_its_colours_swapped() {
    let board = "AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]AW[ga][gb][gc][gd][ge][gf][gg][gh][gi]";
    let text = |re: &str| {
        let sgf = format!("(;GM[1]FF[4]SZ[9]KM[0]RU[Japanese]RE[{re}]{board})");
        explain_bytes("swapped.sgf", sgf.as_bytes(), 0, KomiPolicy::Recorded)
            .unwrap()
            .text()
    };
    let swapped = text("W+18");
    for line in [
        "margin 18; recorded W+18: differs",
        "the record matches with its colours swapped: our count gives Black the margin it gives White",
    ] {
        assert!(swapped.contains(line), "missing {line:?} in\n{swapped}");
    }
    // the record's own winner, and an opposite too small to tell from a record's convention
    assert!(text("B+18").contains("recorded B+18: exact"));
    let m = kifu_audit::scoring::SWAPPED_MIN_MARGIN;
    assert!(m > 3.5 && m <= 7.5, "{m}");
    assert!(!text("W+20").contains("colours swapped"));
}

/// A record that differs from our count only by its teire convention says so: Black's stone
/// E5 has one liberty, D5, inside Black's territory, so Black must fill D5 (teire). Korean
/// counting scores D5 and Japanese counting does not; a Korean record that takes it off, or a
/// Japanese one that counts it, matches with the other convention (margins under komi 0.5:
/// Korean 27 − 35, Japanese 26 − 35).
#[test]
fn explain_names_a_record_that_follows_the_other_teire_convention() {
    let board = "AB[da][db][dc][dd][df][dg][dh][di][ce][ee]\
        AW[ea][eb][ec][ed][ef][eg][eh][ei][fe]";
    for (rules, re, line) in [
        (
            "Korean",
            "W+9.5",
            "the record matches with its teire points taken off (B 1, W 0): margin -9.5",
        ),
        (
            "Japanese",
            "W+8.5",
            "the record matches with its teire points counted (B 1, W 0): margin -8.5",
        ),
    ] {
        let sgf = format!("(;GM[1]FF[4]SZ[9]KM[0.5]RU[{rules}]RE[{re}]{board})");
        let e = explain_bytes("teire.sgf", sgf.as_bytes(), 0, KomiPolicy::Standard).unwrap();
        let text = e.text();
        assert!(
            text.contains(": winner\n"),
            "{rules}: not `winner` in\n{text}"
        );
        assert!(text.contains(line), "{rules}: missing {line:?} in\n{text}");
    }
    // a record that agrees with our count gets no such line
    let sgf = format!("(;GM[1]FF[4]SZ[9]KM[0.5]RU[Korean]RE[W+8.5]{board})");
    let e = explain_bytes("teire.sgf", sgf.as_bytes(), 0, KomiPolicy::Standard).unwrap();
    assert!(!e.text().contains("teire points taken off"), "{}", e.text());
}

/// A record that scores a seki eye as territory says so: in the top-left corner Black's A9
/// is an eye beside Black's chains A8 and B9–C9, whose other liberties A7 and C8 they share
/// with White's eyeless chain (the corner shape of Tygem's 2006-01/83023510). Korean counting
/// scores A9 for nobody (Black 14, White 27, komi 0.5: −13.5); a record scoring it matches
/// with −12.5.
#[test]
fn explain_names_a_record_that_scores_its_seki_eyes() {
    let board = "AB[ba][ca][ea][ab][eb][ec][cd][dd][ed][be][ee][af][bf][cf][df][ef][eg][eh][ei]\
        AW[da][fa][bb][db][fb][bc][cc][dc][fc][ad][bd][fd][ae][fe][ff][fg][fh][fi]";
    let text = |rules: &str, re: &str| {
        let sgf = format!("(;GM[1]FF[4]SZ[9]KM[0.5]RU[{rules}]RE[{re}]{board})");
        explain_bytes("seki-eye.sgf", sgf.as_bytes(), 0, KomiPolicy::Standard)
            .unwrap()
            .text()
    };
    let scored = text("Korean", "W+12.5");
    for line in [
        "seki: 12 stone(s), 3 point(s)",
        "margin -13.5; recorded W+12.5: winner",
        "the record matches with its seki eyes scored as territory (B 1, W 0): margin -12.5",
    ] {
        assert!(scored.contains(line), "missing {line:?} in\n{scored}");
    }
    // the rules' count, and area counting (which scores the eye already), get no such line
    let exact = text("Korean", "W+13.5");
    assert!(exact.contains(": exact\n"), "{exact}");
    assert!(!exact.contains("seki eyes scored"), "{exact}");
    let area = text("Chinese", "W+11.5");
    assert!(area.contains("recorded W+11.5: exact"), "{area}");
    assert!(!area.contains("seki eyes scored"), "{area}");
}

/// A record that differs from our count only by a dead stone left on the board says so:
/// White's stone A9 was thrown into Black's two-point eye A9–B9 and is dead in atari. Taken
/// off, Black's territory is 24 points and a prisoner (Korean, komi 0.5: 25 − 36 − 0.5);
/// left on the board, B9 is no one's and the stone no prisoner, 3 points less for Black.
#[test]
fn explain_names_a_record_that_left_a_thrown_in_stone_on_the_board() {
    let board = "AB[da][db][dc][dd][de][df][dg][dh][di][ab][bb][ca]\
        AW[ea][eb][ec][ed][ee][ef][eg][eh][ei][aa]";
    let sgf = format!("(;GM[1]FF[4]SZ[9]KM[0.5]RU[Korean]RE[W+14.5]{board})");
    let e = explain_bytes("throw-in.sgf", sgf.as_bytes(), 0, KomiPolicy::Standard).unwrap();
    let text = e.text();
    for line in [
        "dead: W A9",
        "margin -11.5; recorded W+14.5: winner",
        "the record matches with dead stones thrown into a two-point eye left on the board (B 0 of 0, W 1 of 1; 3 points each): margin -14.5",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
    // a record that took it off agrees with our count and gets no such line
    let sgf = format!("(;GM[1]FF[4]SZ[9]KM[0.5]RU[Korean]RE[W+11.5]{board})");
    let e = explain_bytes("throw-in.sgf", sgf.as_bytes(), 0, KomiPolicy::Standard).unwrap();
    let text = e.text();
    assert!(text.contains(": exact\n"), "{text}");
    assert!(!text.contains("thrown into"), "{text}");
}

/// `explain` finds a game inside an archive whose list of files is encrypted when given its
/// password; without it, the error says why no member of that name is found.
#[test]
fn explain_opens_an_encrypted_archive_with_its_password() {
    use kifu_audit::cli::explain::pick_game;
    use kifu_audit::sgf::{Limits, Status};
    let rar = repo().join("tests/fixtures/archives/rar/games-encrypted-names.rar");
    let member = Some("19x19-korean-territory.sgf");
    let limits = Limits::default();
    let passwords = ["nope".to_string(), "kifu".to_string()];
    let picked = pick_game(&rar, member, 0, &limits, &passwords).unwrap();
    assert_eq!(picked.member.as_deref(), member);
    assert_eq!(picked.ingest.status, Status::Ok);
    let e = pick_game(&rar, member, 0, &limits, &[])
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("no game record named") && e.contains("a password is needed"),
        "{e}"
    );
}

/// A record one chain away from our count names its disputed chain in the text and rings it
/// in the picture: Black's wall on column B, White's on column C, a white stone at A5 in
/// Black's column, dead to us (W+44.5 under Korean counting, komi 0.5), left alive by a
/// record of W+54.5.
#[test]
fn the_disputed_chain_is_named_and_ringed() {
    let mut ab = String::new();
    let mut aw = String::new();
    for y in 'a'..='i' {
        ab.push_str(&format!("[b{y}]"));
        aw.push_str(&format!("[c{y}]"));
    }
    let sgf = format!("(;GM[1]FF[4]SZ[9]RU[Korean]KM[0.5]RE[W+54.5]AB{ab}AW{aw}[ae])");
    let e = explain_bytes("disputed.sgf", sgf.as_bytes(), 0, KomiPolicy::Standard).unwrap();
    let text = e.text();
    assert!(
        text.contains("the record matches with W A5 alive (left on the board; we count it dead): margin -54.5; the only chain that does"),
        "{text}"
    );
    let (svg, panels) = check_svg(&e);
    assert!(panels.values().all(|p| p.disputed == 1), "{panels:?}");
    assert!(svg.contains("Orange dashed ring: the disputed stones"));
    render_png(&svg, "disputed");
    // a fight read the other way: Black's G5, in atari among White's F5, G6 and H5, lives in
    // the record, which takes the three white stones (see the scoring test of that name)
    let fight = sgf
        .replace("AW", "AB[ge]AW[fe][gd][he]")
        .replace("[ae]", "")
        .replace("RE[W+54.5]", "RE[B+13.5]");
    let e = explain_bytes("fight.sgf", fight.as_bytes(), 0, KomiPolicy::Standard).unwrap();
    let text = e.text();
    assert!(
        text.contains("the record matches with B G5 alive (left on the board; we count it dead), and W G6, W F5, W H5 dead (taken off; we count them alive): margin 13.5; the only fight that does"),
        "{text}"
    );
    let (svg, panels) = check_svg(&e);
    assert!(panels.values().all(|p| p.disputed == 4), "{panels:?}");
    render_png(&svg, "disputed-fight");
    // a game without one draws no ring and no such legend
    let plain = explain_bytes(
        "plain.sgf",
        sgf.replace("RE[W+54.5]", "").as_bytes(),
        0,
        KomiPolicy::Standard,
    )
    .unwrap();
    let (svg, panels) = check_svg(&plain);
    assert!(panels.values().all(|p| p.disputed == 0));
    assert!(!svg.contains("Orange dashed ring"));
}

/// A mid-game pass names the side it helps: Black's pass leaves White a stone ahead, and area
/// counting scores that stone for White (walls on columns E and F of a 9×9 board, Black D1,
/// White F1, Black passes, White E1 is the last stone: area 44 − 37 = 7, territory 35 − 27 =
/// 8; at komi 7.5 Chinese counting gives White the game that Japanese counting gives Black).
#[test]
fn a_mid_game_pass_is_explained_towards_the_side_it_helps() {
    let sgf = "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Japanese]\
               ;B[ea];W[fa];B[eb];W[fb];B[ec];W[fc];B[ed];W[fd];B[ee];W[fe];B[ef];W[ff]\
               ;B[eg];W[fg];B[eh];W[fh];B[di];W[fi];B[];W[ei];B[];W[])";
    let e = explain_bytes("pass.sgf", sgf.as_bytes(), 0, KomiPolicy::Recorded).expect("runs");
    let text = e.text();
    for line in [
        "White passed 0 time(s), Black 1",
        "area counting moves 1 point towards White relative to territory counting",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
}

/// The komi line says the komi the scores use, as the scorer chooses it: a handicap game
/// without a recorded komi is scored with none, and `--komi recorded` without one falls back
/// to each ruleset's standard komi.
#[test]
fn explain_names_the_komi_the_scores_use() {
    let says = |sgf: &str, policy: KomiPolicy, komi_line: &str| {
        let e = explain_bytes("komi.sgf", sgf.as_bytes(), 0, policy).unwrap();
        let text = e.text();
        assert!(text.contains(komi_line), "missing {komi_line:?} in\n{text}");
    };
    let handicap = "(;GM[1]SZ[9]HA[2]AB[cc][gg];W[ee])";
    let even = "(;GM[1]SZ[9];B[cc];W[ee])";
    let (standard, recorded) = (KomiPolicy::Standard, KomiPolicy::Recorded);
    for policy in [standard, recorded] {
        says(
            handicap,
            policy,
            "komi:      (none recorded); the scores below use a komi of 0 (handicap game, no \
             komi recorded)",
        );
    }
    says(
        even,
        recorded,
        "komi:      (none recorded); the scores below use each ruleset's standard komi (no \
         komi recorded)",
    );
    says(
        "(;GM[1]SZ[9]HA[2]KM[0.5]AB[cc][gg];W[ee])",
        standard,
        "komi:      0.5; the scores below use the recorded komi (handicap game)",
    );
    says(
        "(;GM[1]SZ[9]KM[6.5];B[cc];W[ee])",
        recorded,
        "komi:      6.5; the scores below use the recorded komi under every ruleset",
    );
    says(
        even,
        standard,
        "komi:      (none recorded); the scores below use each ruleset's standard komi (even \
         game)",
    );
}

/// A flip the other rulesets name a cause for (here teire: Tygem's 2006-01/84174855, Black
/// wins under Korean counting and loses under Japanese by half a point) keeps Tromp-Taylor
/// out of its cause, and `explain` says what Tromp-Taylor's count of the position as it lies
/// does instead.
#[test]
fn explain_says_tromp_taylor_is_left_out_of_a_cause_the_others_name() {
    let Some(zip) = crate::common::corpus("tygem-9d-2006.zip") else {
        return;
    };
    let out = Command::new(env!("CARGO_BIN_EXE_kifu-audit"))
        .args(["explain", zip.to_str().unwrap()])
        .args(["--member", "2006-01/84174855.sgf"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("cause: teire."), "{text}");
    assert!(
        text.contains("White wins under japanese, tromp_taylor"),
        "{text}"
    );
    assert!(
        text.contains("Tromp-Taylor also counts the position as it lies (the 2 black and 1 white dead stones alive"),
        "{text}"
    );
}

/// A dead stone is drawn `x`/`o` whatever its point counts as; the line under the legend names
/// those whose points are not the other side's territory, so that the board's characters and
/// that line add up to the row's dame, teire and seki counts (real records: one with dead
/// stones on dame, one with dead stones on teire points, one with one on a seki point).
#[test]
fn explain_names_dead_stones_whose_points_count_otherwise() {
    for (rel, line) in [
        (
            "dev/featurecat_go-dataset/9d/9d2/9k/1530705460010001274.sgf",
            "dead stones on other points: dame Q9 R9",
        ),
        (
            "dev/godmoves_Standard_Computer_Go_Dataset/KGS_6d_190000/KGS-2017_05-19-847-/kgs-19-2017-05-new/2017-05-21-15.sgf",
            "dead stones on other points: teire A13 O1",
        ),
        (
            "dev/featurecat_go-dataset/Pro/Pro/Pro/7p/1427472347019999288.sgf",
            "dead stones on other points: seki T2",
        ),
    ] {
        let Some(path) = crate::common::corpus(rel) else {
            continue;
        };
        let bytes = std::fs::read(&path).unwrap();
        let e = explain_bytes(rel, &bytes, 0, KomiPolicy::Standard).unwrap();
        let (a, text) = (e.audit.as_ref().unwrap(), e.text());
        assert!(text.contains(&format!("\n{line}\n")), "{rel}: missing {line:?}");
        let listed = |kind: &str| {
            line.split(": ").nth(1).unwrap().split("; ").find_map(|part| {
                part.strip_prefix(kind).map(|pts| pts.split_whitespace().count() as u32)
            })
        };
        let drawn = |c: char| ascii::bare(&a.diagram).chars().filter(|&x| x == c).count() as u32;
        let s = &a.score;
        assert_eq!(drawn('.') + listed("dame ").unwrap_or(0), s.dame_points, "{rel}");
        assert_eq!(drawn('*') + listed("teire ").unwrap_or(0), s.teire_points, "{rel}");
    }
}
