//! `kifu-audit explain`: one game in full. Picks the N-th game of an input (any input `scan`
//! reads, games counted in the same order as `scan`'s rows), audits it like `scan` does but
//! keeps the per-point detail, and prints the header, the final board in ASCII (dead stones,
//! seki and territory marked), the score under every ruleset, the legality verdicts, and why
//! rulesets disagree, in terms of RULES.md §3's identity `area − territory = plays(B) −
//! plays(W)`. `--svg` also draws the position (see [`crate::render::svg`]).
//!
//! The work is in library functions ([`pick_game`], [`explain`], [`Explained::text`],
//! [`Explained::svg`]) so that tests run it without the binary; [`run`] only wires them to
//! the command line. An unreadable game is printed with its error and gives exit status 1.

use super::scan::{KomiArg, LimitsArg, PasswordArg, PlayoutsArg};
use super::{self as cli, Outcome};
use crate::pipeline::game::{audit_record, setup_plays};
use crate::pipeline::{source_error_row, source_error_row_at};
use crate::render::{self, ascii, coord, number, result_text, Diagram, Panel};
use crate::rules::{Move, ReplayReport, Ruleset, RulesetId};
use crate::scoring::{
    Agreement, ChainFate, DeadReason, FlipCause, KomiPolicy, LifeReason, Outcome as Winner,
    ScoreReport, SETTLE_PLAYOUTS,
};
use crate::sgf::{self, source, GameRecord, Ingested, Limits, ResultKind};
use anyhow::{bail, Context, Result};
use clap::Args;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

const EXAMPLES: &str = "\
Examples:
  kifu-audit explain data-samples/dead/9x9-dead-stones-tb-tw.sgf
  kifu-audit explain collection.sgf --game 3 --svg game3.svg
  kifu-audit explain kgs-2020.zip --game 1041 --komi recorded
  kifu-audit explain tygem.zip --member 2006-12/129675171.sgf
  kifu-audit explain 'tygem.zip::2006-12/129675171.sgf'      (as explain names a game)
  curl -s https://example.org/game.sgf | kifu-audit explain -";

/// Stack of the thread that parses and audits the game (deep SGF trees; as `scan`'s workers).
const EXPLAIN_STACK: usize = 256 << 20;

#[derive(Debug, Args)]
#[command(after_help = EXAMPLES, args_override_self = true)]
pub struct ExplainArgs {
    /// An SGF file, a directory or an archive (any input `scan` reads; `-` for standard
    /// input: a game record or an archive piped in, `-::MEMBER` one of its members).
    #[arg(value_name = "FILE", allow_hyphen_values = true)]
    pub file: PathBuf,
    /// Which game, 0-based: in the order `scan` writes rows (files in name order, games in
    /// file order), or with `--member` the game of that member (a row's `game_index`).
    #[arg(short, long, default_value_t = 0, value_name = "N")]
    pub game: usize,
    /// The archive member to read the game from, named as in `scan`'s `member` column (a
    /// row's `source`, `member` and `game_index` are `FILE`, `--member` and `--game`).
    /// `FILE::MEMBER`, as `explain` names a game, says the same.
    #[arg(short, long, value_name = "NAME")]
    pub member: Option<String>,
    /// Also draw the position as an SVG picture: one panel per counting family.
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
    /// Which komi the per-ruleset scores apply.
    #[arg(long, value_enum, ignore_case = true, default_value_t = KomiArg::Standard)]
    pub komi: KomiArg,
    #[command(flatten)]
    pub playouts: PlayoutsArg,
    #[command(flatten)]
    pub limits: LimitsArg,
    #[command(flatten)]
    pub password: PasswordArg,
}

/// The game picked from an input, ingested (the record, or why there is none).
#[derive(Debug, Clone)]
pub struct Picked {
    /// The path the game was read from (for archives, the archive).
    pub source: String,
    /// The archive member, if any.
    pub member: Option<String>,
    pub ingest: Ingested,
}

impl From<crate::output::GameRow> for Picked {
    /// An error row, picked (it has no record to replay).
    fn from(row: crate::output::GameRow) -> Picked {
        Picked {
            source: row.source,
            member: row.member,
            ingest: row.ingest,
        }
    }
}

/// Finds game `index` (0-based, in `scan`'s row order) under `input` and ingests it; with
/// `member`, game `index` of the archive member of that name (its rows' `game_index`).
/// `passwords` are tried on encrypted archives and members, in order.
///
/// # Errors
/// When the input (or the member) holds fewer than `index + 1` games, or no member has that
/// name. An unreadable game is not an error: it is a [`Picked`] whose `ingest` says why.
pub fn pick_game(
    input: &Path,
    member: Option<&str>,
    index: usize,
    limits: &Limits,
    passwords: &[String],
) -> Result<Picked> {
    let paths = source::expand_inputs(&[input.to_path_buf()]);
    pick_game_in(input, &paths, member, index, limits, passwords)
}

/// [`pick_game`] among `input`'s expansion `paths` (standard input, or a pipe, is read once).
fn pick_game_in(
    input: &Path,
    paths: &[source::Expanded],
    member: Option<&str>,
    index: usize,
    limits: &Limits,
    passwords: &[String],
) -> Result<Picked> {
    let options = source::ReadOptions {
        max_bytes: limits.max_file_bytes,
        passwords: passwords.to_vec(),
    };
    let mut seen = 0usize;
    let mut found = None;
    let mut member_seen = false;
    // whether the input has members at all (an archive)
    let mut any_member = false;
    // an error of the archive as a whole (its list of files encrypted, or unreadable): why a
    // member may not be found
    let mut archive_error = None;
    source::read_all_with(paths, &options, &mut |item| {
        if let Some(m) = member {
            if let (None, Err(e)) = (&item.member, &item.data) {
                archive_error.get_or_insert_with(|| e.message());
            }
            any_member |= item.member.is_some();
            if item.member.as_deref() != Some(m) {
                // the member comes once: the games after it are none of ours
                return !member_seen;
            }
            member_seen = true;
        }
        match &item.data {
            Err(e) => {
                if seen == index {
                    found = Some(source_error_row(&item, e).into());
                    return false;
                }
                seen += 1;
            }
            Ok(bytes) => {
                let file = sgf::prepare_file(bytes);
                let n = file.game_count();
                if index < seen + n {
                    found = Some(Picked {
                        source: item.source.clone(),
                        member: item.member.clone(),
                        ingest: sgf::ingest_game(&file, index - seen, limits),
                    });
                    return false;
                }
                seen += n;
                // the row after the games of a file cut short
                if let Some(cut) = &item.cut {
                    if seen == index {
                        found = Some(source_error_row_at(&item, cut, n).into());
                        return false;
                    }
                    seen += 1;
                }
            }
        }
        true
    });
    if let Some(p) = found {
        return Ok(p);
    }
    let place = match member {
        Some(m) => format!("{}::{m}", source::path_text(input)),
        None => source::path_text(input),
    };
    let numbered = if seen > 0 {
        format!(", numbered 0 to {}", seen - 1)
    } else {
        String::new()
    };
    match member {
        Some(_) if !any_member && archive_error.is_none() => bail!(
            "{}: not an archive, it has no members (--member names a game record inside an \
             archive)",
            input.display()
        ),
        Some(m) if !member_seen => bail!(
            "{}: no game record named {m} (name it as in scan's `member` column; members \
             that are no game record, such as a README, are passed over){}",
            input.display(),
            archive_error.map(|e| format!("; {e}")).unwrap_or_default()
        ),
        None if seen == 0 => bail!("{place}: no game found"),
        _ => bail!("{place}: --game {index} is out of range: it holds {seen} game(s){numbered}"),
    }
}

/// A readable game, replayed and scored with its per-point detail.
#[derive(Debug, Clone)]
pub struct Audit {
    pub replay: ReplayReport,
    pub score: ScoreReport,
    /// Why each of `score.dead_stones` is dead (same order).
    pub dead_reasons: Vec<DeadReason>,
    /// The living chains whose life the estimator did not prove by two eyes: first stone,
    /// size, why they live ([`crate::scoring::Scorer::life_reasons`]).
    pub life_reasons: Vec<(crate::rules::Point, u16, LifeReason)>,
    pub diagram: Diagram,
    /// Black's and White's stones set up at the root: handicap stones or a composed
    /// position's (they count as plays, RULES.md §3).
    pub setup: (u32, u32),
}

/// Everything `explain` prints about one game.
#[derive(Debug, Clone)]
pub struct Explained {
    pub picked: Picked,
    pub komi_policy: KomiPolicy,
    /// `None` when the game could not be read.
    pub audit: Option<Audit>,
}

/// Replays and scores a picked game.
///
/// # Errors
/// Only if the scorer's report does not cover the board (an internal inconsistency).
pub fn explain(
    picked: Picked,
    komi_policy: KomiPolicy,
    settle_playouts: usize,
    playout_seed: u64,
    second_batch: bool,
) -> Result<Explained> {
    let audit = match picked.ingest.record.as_ref() {
        None => None,
        Some(record) => {
            let mut scratch = crate::pipeline::Scratch::new();
            scratch.scorer.set_settle_playouts(settle_playouts);
            scratch.scorer.set_playout_seed(playout_seed);
            scratch.scorer.set_second_batch(second_batch);
            let (_, score, replay) = audit_record(record, &mut scratch, komi_policy);
            let dead_reasons = scratch.scorer.dead_reasons(&score.dead_stones);
            let life_reasons = scratch.scorer.life_reasons();
            let diagram = Diagram::new(&replay.board, &score, record.handicap)
                .context("drawing the position")?;
            Some(Audit {
                replay,
                score,
                dead_reasons,
                life_reasons,
                diagram,
                setup: setup_plays(record),
            })
        }
    };
    Ok(Explained {
        picked,
        komi_policy,
        audit,
    })
}

/// [`pick_game`] and [`explain`] on the bytes of one SGF file (`source` names it).
///
/// # Errors
/// When the file holds fewer than `index + 1` games.
pub fn explain_bytes(
    source: &str,
    bytes: &[u8],
    index: usize,
    komi_policy: KomiPolicy,
) -> Result<Explained> {
    let file = sgf::prepare_file(bytes);
    let n = file.game_count();
    if index >= n {
        bail!("{source}: --game {index} is out of range: it holds {n} game(s)");
    }
    let picked = Picked {
        source: source.to_string(),
        member: None,
        ingest: sgf::ingest_game(&file, index, &Limits::default()),
    };
    explain(picked, komi_policy, SETTLE_PLAYOUTS, 0, true)
}

/// Rulesets as a comma-separated list of names.
fn names(ids: &[RulesetId]) -> String {
    ids.iter()
        .map(|id| id.name())
        .collect::<Vec<_>>()
        .join(", ")
}

fn plural(n: i64, one: &str, many: &str) -> String {
    format!("{n} {}", if n.abs() == 1 { one } else { many })
}

impl Explained {
    /// Whether the game was read (has a record).
    pub fn is_readable(&self) -> bool {
        self.audit.is_some()
    }

    fn record(&self) -> Option<&GameRecord> {
        self.picked.ingest.record.as_ref()
    }

    /// Where the game came from: `path`, `path::member`, plus the game number.
    pub fn location(&self) -> String {
        let p = &self.picked;
        match &p.member {
            Some(m) => format!("{}::{} game {}", p.source, m, p.ingest.game_index),
            // an archive's own row (cut short, unreadable): no game of a member, which
            // `--game` counts the input's games to reach, after the members read
            None if p.ingest.error_kind == Some(crate::sgf::ErrorKind::ArchiveError) => format!(
                "{} (the archive's own row: member NULL, game_index {})",
                p.source, p.ingest.game_index
            ),
            None => format!("{} game {}", p.source, p.ingest.game_index),
        }
    }

    /// The SVG title: players, result, rules and komi.
    pub fn title(&self) -> String {
        let Some(r) = self.record() else {
            return self.location();
        };
        let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "?".to_string());
        let mut t = format!("{} (B) vs {} (W)", name(&r.black), name(&r.white));
        if let Some(res) = &r.result {
            let _ = write!(t, " · RE {}", res.raw);
        }
        if let Some(rules) = r.rules {
            let _ = write!(t, " · {}", rules.name());
        }
        if let Some(k) = r.komi {
            let _ = write!(t, " · komi {}", number(k));
        }
        let _ = write!(t, " · {}x{}", r.board_width, r.board_height);
        t
    }

    /// The SVG picture; `None` for an unreadable game.
    pub fn svg(&self) -> Option<String> {
        self.audit
            .as_ref()
            .map(|a| render::svg::render(&a.diagram, &self.title()))
    }

    /// How the file's text was decoded: the charset used, the `CA` it declares, and whether
    /// bytes had to be replaced (`charset_used`, `charset_declared`, `charset_lossy`).
    fn charset(&self) -> String {
        let ing = &self.picked.ingest;
        let mut line = ing.charset_used.unwrap_or("?").to_string();
        match &ing.charset_declared {
            Some(ca) => {
                let _ = write!(line, " (CA[{ca}])");
            }
            None => line.push_str(" (no CA)"),
        }
        if ing.charset_lossy {
            line.push_str(", bytes that are no part of it replaced");
        }
        line
    }

    /// The whole text report.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let ing = &self.picked.ingest;
        // on one line, a newline in a file's name escaped
        let location = crate::pipeline::summary::one_line(&self.location());
        let _ = writeln!(out, "game:      {location}");
        let _ = write!(out, "status:    {}", ing.status.name());
        if let Some(kind) = ing.error_kind {
            let _ = write!(out, " ({})", kind.name());
        }
        out.push('\n');
        if let Some(msg) = &ing.error_message {
            let _ = writeln!(out, "error:     {msg}");
        }
        let (Some(record), Some(audit)) = (self.record(), self.audit.as_ref()) else {
            return out;
        };
        self.header(&mut out, record, audit);
        out.push('\n');
        self.position(&mut out, audit);
        out.push('\n');
        self.scores(&mut out, record, audit);
        out.push('\n');
        self.legality(&mut out, record, audit);
        out.push('\n');
        self.divergence(&mut out, record, audit);
        out
    }

    fn header(&self, out: &mut String, r: &GameRecord, a: &Audit) {
        let player = |name: &Option<String>, rank: &Option<String>| match (name, rank) {
            (Some(n), Some(k)) => format!("{n} [{k}]"),
            (Some(n), None) => n.clone(),
            (None, Some(k)) => format!("? [{k}]"),
            (None, None) => "?".to_string(),
        };
        let _ = writeln!(out, "black:     {}", player(&r.black, &r.black_rank));
        let _ = writeln!(out, "white:     {}", player(&r.white, &r.white_rank));
        let _ = writeln!(out, "charset:   {}", self.charset());
        match &r.result {
            Some(res) => {
                let mut parsed = format!("{}, {}", res.winner.name(), res.kind.name());
                if let Some(m) = res.margin_points() {
                    let _ = write!(parsed, ", margin {} points", number(m));
                }
                let _ = writeln!(out, "result:    {} ({parsed})", res.raw);
            }
            None => {
                let _ = writeln!(out, "result:    (none recorded)");
            }
        }
        let rules = match (&r.rules_raw, r.rules) {
            (Some(raw), Some(id)) => format!("{raw} (read as {})", id.name()),
            (Some(raw), None) => format!("{raw} (not recognised)"),
            (None, _) => "(none recorded)".to_string(),
        };
        let _ = writeln!(out, "rules:     {rules}");
        let komi = match (r.komi, &r.komi_raw) {
            (Some(k), Some(raw)) if raw.trim() != number(k) => {
                format!("{} (written {raw:?}{})", number(k), quirk(r.komi_quirk))
            }
            (Some(k), _) => number(k),
            (None, Some(raw)) => format!("unknown (written {raw:?}{})", quirk(r.komi_quirk)),
            (None, None) => "(none recorded)".to_string(),
        };
        // as `scoring::komi_for` chooses it
        let recorded = r.komi.is_some();
        let policy = match (self.komi_policy, r.handicap >= 2, recorded) {
            (KomiPolicy::Recorded, _, true) => {
                "the scores below use the recorded komi under every ruleset"
            }
            (_, true, true) => "the scores below use the recorded komi (handicap game)",
            (_, true, false) => {
                "the scores below use a komi of 0 (handicap game, no komi recorded)"
            }
            (KomiPolicy::Standard, false, _) => {
                "the scores below use each ruleset's standard komi (even game)"
            }
            (KomiPolicy::Recorded, false, false) => {
                "the scores below use each ruleset's standard komi (no komi recorded)"
            }
        };
        let _ = writeln!(out, "komi:      {komi}; {policy}");
        let handicap = match r.handicap_source {
            crate::sgf::HandicapSource::None => format!("{} (even game)", r.handicap),
            src => format!("{} (from {})", r.handicap, src.name()),
        };
        let _ = writeln!(out, "handicap:  {handicap}");
        let rp = &a.replay;
        let _ = writeln!(
            out,
            "moves:     {} on a {}x{} board (B {} + W {} stones played, passes B {} W {}), last stone by {}",
            rp.move_count,
            r.board_width,
            r.board_height,
            rp.black_moves,
            rp.white_moves,
            rp.black_passes,
            rp.white_passes,
            rp.last_mover.map_or("nobody", |c| c.letter())
        );
        let _ = writeln!(
            out,
            "captures:  by B {}, by W {} (during play)",
            rp.captures_by_black, rp.captures_by_white
        );
    }

    fn position(&self, out: &mut String, a: &Audit) {
        let s = &a.score;
        let d = &a.diagram;
        let dead_from = match s.dead_source {
            crate::scoring::DeadSource::Markup => "from the TB/TW markup",
            crate::scoring::DeadSource::Estimated => "estimated (no TB/TW markup)",
            crate::scoring::DeadSource::None => "none: no stones",
        };
        let _ = writeln!(
            out,
            "Final position. Dead stones {dead_from}: {} black, {} white; seki: {} stone(s), {} point(s); unsettled (counted as shown): {}",
            s.dead_black,
            s.dead_white,
            s.seki_stones.len(),
            s.seki_points,
            s.unsettled_points
        );
        out.push_str(&ascii::board(d));
        let _ = writeln!(out, "legend: {}", ascii::LEGEND);
        if let Some(line) = ascii::dead_stones_on_other_points(d) {
            let _ = writeln!(out, "{line}");
        }
        if !s.dead_stones.is_empty() {
            let _ = writeln!(out, "dead: {}", stones(a, &s.dead_stones));
            if s.dead_source == crate::scoring::DeadSource::Estimated {
                self.dead_reasons(out, a);
            }
        }
        if s.dead_source == crate::scoring::DeadSource::Estimated && !a.life_reasons.is_empty() {
            self.life_reasons(out, a);
        }
        if !s.unsettled_stones.is_empty() {
            let _ = writeln!(
                out,
                "unsettled (split playouts or undecided): {}",
                stones(a, &s.unsettled_stones)
            );
        }
        if !s.seki_stones.is_empty() {
            let list: Vec<String> = s
                .seki_stones
                .iter()
                .map(|&p| coord(p, d.width, d.height))
                .collect();
            let _ = writeln!(out, "seki stones: {}", list.join(", "));
        }
    }

    /// The living chains not proven alive by two eyes, grouped by why the estimator keeps
    /// them (each chain as its first stone and its size).
    fn life_reasons(&self, out: &mut String, a: &Audit) {
        let d = &a.diagram;
        let items = a.life_reasons.iter().map(|&(p, size, why)| {
            let name = stone(&a.replay.board, p, d.width, d.height);
            let name = if size > 1 {
                format!("{name} ({size} stones)")
            } else {
                name
            };
            // a seki shape the count does not score as a seki says so
            let unscored = why == LifeReason::SekiShape && !a.score.seki_stones.contains(&p);
            ((why, unscored), name)
        });
        let heading = "why alive without two proven eyes (chains):";
        grouped(
            out,
            heading,
            items,
            |(why, unscored)| (life_order(why), unscored),
            |(why, unscored)| {
                if unscored {
                    "a seki shape read statically or locally, but no shared liberty stays \
                     unfillable once the dame are filled: counted alive, not as a seki"
                        .into()
                } else {
                    life_text(why)
                }
            },
        );
    }

    /// The estimated dead stones grouped by why the estimator killed them.
    fn dead_reasons(&self, out: &mut String, a: &Audit) {
        let s = &a.score;
        let d = &a.diagram;
        let items = s
            .dead_stones
            .iter()
            .zip(&a.dead_reasons)
            .map(|(&p, &why)| (why, stone(&a.replay.board, p, d.width, d.height)));
        grouped(out, "why dead:", items, reason_order, reason_text);
    }

    fn scores(&self, out: &mut String, r: &GameRecord, a: &Audit) {
        let s = &a.score;
        let d = &a.diagram;
        let _ = writeln!(
            out,
            "Scores (margin = Black − White, after komi and White's handicap bonus):"
        );
        let _ = writeln!(
            out,
            "  {:<13} {:<22} {:>6} {:>6} {:>6} {:>6} {:>8}  result",
            "ruleset", "counting", "black", "white", "komi", "bonus", "margin"
        );
        let mut unexplained = false;
        for id in RulesetId::ALL {
            let f = d.figures_for(id);
            let counting = match Panel::of(id) {
                Panel::Area => "area (stones+terr.)",
                Panel::Territory if f.with_teire => "territory+pris.+teire",
                Panel::Territory => "territory+prisoners",
                Panel::AsIs => "area, all stones alive",
            };
            let score = &s.per_ruleset[id.index()];
            let mark = if f.consistent { "" } else { " *" };
            unexplained |= !f.consistent;
            let _ = writeln!(
                out,
                "  {:<13} {:<22} {:>6} {:>6} {:>6} {:>6} {:>8}  {}{mark}",
                id.name(),
                counting,
                f.black,
                f.white,
                number(score.komi_used),
                number(f.bonus),
                number(score.margin_b_minus_w),
                result_text(score)
            );
        }
        if unexplained {
            let _ = writeln!(
                out,
                "  * the scorer's margin is not black − white − komi − bonus of the counts shown: it applies an adjustment these counts do not show"
            );
        }
        let split: Vec<RulesetId> = RulesetId::ALL
            .into_iter()
            .filter(|&id| Ruleset::preset(id).dame_split_half)
            .collect();
        let _ = writeln!(
            out,
            "  ({} split shared points ½–½, which adds the same to both sides; Chinese in stones: {} 子)",
            names(&split),
            number(s.margin_chinese_stones)
        );
        let recorded = r.result.as_ref().map_or("none", |res| res.raw.as_str());
        match (s.margin_recorded_rules, r.rules, r.komi) {
            (Some(m), Some(rules), Some(k)) => {
                // only counted results are compared: say how the game ended otherwise
                let why = match r.result.as_ref().map(|res| res.kind) {
                    _ if s.record_agreement != Agreement::NotComparable => "",
                    None => " (no result recorded)",
                    Some(ResultKind::Resign) => " (the game ended by resignation: no count)",
                    Some(ResultKind::Time) => " (the game ended on time: no count)",
                    Some(ResultKind::Forfeit) => " (the game ended by forfeit: no count)",
                    Some(ResultKind::Void) => " (the game was void: no count)",
                    Some(ResultKind::Unknown) => {
                        " (the record does not say the result was counted)"
                    }
                    Some(ResultKind::Score | ResultKind::Draw) => "",
                };
                let _ = writeln!(
                    out,
                    "Under the record's own rules ({}) and komi ({}): margin {}; recorded {recorded}: {}{why}",
                    rules.name(),
                    number(k),
                    number(m),
                    s.record_agreement.name()
                );
                let recorded_margin = r.result.as_ref().and_then(|res| res.margin_b_minus_w());
                // a margin under another counting convention that the record, not exact, equals
                let matched = |margin: Option<f64>| {
                    margin.filter(|&m| {
                        s.record_agreement != Agreement::Exact
                            && recorded_margin.is_some_and(|rec| (m - rec).abs() < 1e-9)
                    })
                };
                if let Some(other) = matched(s.margin_other_teire_convention(Some(rules))) {
                    let how = if rules == RulesetId::Korean {
                        "taken off"
                    } else {
                        "counted"
                    };
                    let _ = writeln!(
                        out,
                        "  the record matches with its teire points {how} (B {}, W {}): margin {}; records count them or not game by game",
                        s.black_teire,
                        s.white_teire,
                        number(other)
                    );
                }
                if let Some(counted) = matched(s.margin_seki_eyes_counted(Some(rules))) {
                    let _ = writeln!(
                        out,
                        "  the record matches with its seki eyes scored as territory (B {}, W {}): margin {}; the rules score nothing for them, some counts do",
                        s.black_seki_eyes,
                        s.white_seki_eyes,
                        number(counted)
                    );
                }
                if let Some(rec) = recorded_margin.filter(|&rec| s.colours_swapped(rec)) {
                    let _ = writeln!(
                        out,
                        "  the record matches with its colours swapped: our count gives {} the margin it gives {} (a record naming the wrong side)",
                        if rec > 0.0 { "White" } else { "Black" },
                        if rec > 0.0 { "Black" } else { "White" },
                    );
                }
                if let Some((rec, (b, w))) = recorded_margin
                    .filter(|_| s.record_agreement != Agreement::Exact)
                    .and_then(|rec| Some((rec, s.throw_ins_left_matching(rec)?)))
                {
                    let _ = writeln!(
                        out,
                        "  the record matches with dead stones thrown into a two-point eye left on the board (B {b} of {}, W {w} of {}; 3 points each): margin {}; some counts leave them",
                        s.black_throw_ins,
                        s.white_throw_ins,
                        number(rec)
                    );
                }
                if let Some((d, rec)) = s.disputed_chain.as_ref().zip(recorded_margin) {
                    let fate = match d.fate {
                        ChainFate::Alive => "alive (left on the board; we count it dead)",
                        ChainFate::Dead => "dead (taken off; we count it alive)",
                    };
                    let what = d.kind.name();
                    let others = match d.matches {
                        1 => format!("the only {what} that does"),
                        n => format!(
                            "{} would do as well",
                            plural(i64::from(n) - 1, "other candidate", "other candidates")
                        ),
                    };
                    let opponents = if d.opponents.is_empty() {
                        String::new()
                    } else {
                        format!(
                            ", and {} dead (taken off; we count them alive)",
                            stones(a, &d.opponents)
                        )
                    };
                    let _ = writeln!(
                        out,
                        "  the record matches with {} {fate}{opponents}: margin {}; {others}",
                        stones(a, &d.stones),
                        number(rec)
                    );
                }
            }
            _ => {
                let _ = writeln!(
                    out,
                    "The record's own rules or komi are unknown: no comparison with the recorded result ({recorded})."
                );
            }
        }
    }

    fn legality(&self, out: &mut String, r: &GameRecord, a: &Audit) {
        let _ = writeln!(out, "Legality (first illegal move per ruleset):");
        // Rulesets with the same verdict (first illegal move and kind, or legal) together.
        type Key = Option<(u32, &'static str)>;
        let mut groups: Vec<(Key, Vec<RulesetId>)> = Vec::new();
        for id in RulesetId::ALL {
            let v = a.replay.verdict(id);
            let key = match (v.first_illegal_move, v.kind) {
                (Some(n), Some(k)) => Some((n, k.name())),
                _ => None,
            };
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, ids)) => ids.push(id),
                None => groups.push((key, vec![id])),
            }
        }
        for (key, ids) in groups {
            match key {
                None => {
                    let _ = writeln!(out, "  legal under {}", names(&ids));
                }
                Some((n, kind)) => {
                    let mv = r.moves.get(n as usize - 1).map_or_else(
                        || "?".to_string(),
                        |m| {
                            let at = match m.mv {
                                Move::Pass => "pass".to_string(),
                                Move::Play(p) => coord(p, r.board_width, r.board_height),
                            };
                            format!("{} {at}", m.color.letter())
                        },
                    );
                    let approximated: Vec<RulesetId> = ids
                        .iter()
                        .copied()
                        .filter(|&id| kind == "superko" && Ruleset::preset(id).ko_is_approximation)
                        .collect();
                    let note = if approximated.is_empty() {
                        String::new()
                    } else {
                        format!(
                            " ({}'s ko rules approximated by positional superko)",
                            names(&approximated)
                        )
                    };
                    let _ = writeln!(
                        out,
                        "  illegal under {}: move {n} ({mv}) is {kind}{note}",
                        names(&ids)
                    );
                }
            }
        }
        if a.replay.repetition {
            // a cycle voids the game only where no illegal move decides it (before the cycle
            // or after it: an illegal move loses, a void game has no result at all)
            let (no_result, illegal): (Vec<RulesetId>, Vec<RulesetId>) = RulesetId::ALL
                .into_iter()
                .filter(|&id| Ruleset::preset(id).repetition_is_no_result)
                .partition(|&id| a.replay.verdict(id).first_illegal_move.is_none());
            let line = "  a whole-board position recurred, not by a ko recapture";
            let already = |ids: &[RulesetId]| {
                format!("under {} the game has an illegal move (above)", names(ids))
            };
            let _ = match (no_result.is_empty(), illegal.is_empty()) {
                (false, true) => writeln!(
                    out,
                    "{line}: if it is a cycle neither side leaves (triple ko…), no result under {}",
                    names(&no_result)
                ),
                (false, false) => writeln!(
                    out,
                    "{line}: if it is a cycle neither side leaves (triple ko…), no result under {}; {}",
                    names(&no_result),
                    already(&illegal)
                ),
                _ => writeln!(out, "{line}; {}", already(&illegal)),
            };
        }
    }

    fn divergence(&self, out: &mut String, r: &GameRecord, a: &Audit) {
        let s = &a.score;
        let d = &a.diagram;
        let rp = &a.replay;
        // RULES.md §3: area − territory = plays(B) − plays(W) (+ seki eyes and teire, which
        // only area counting scores).
        let area = f64::from(d.area.0) - f64::from(d.area.1);
        // the points of open areas the count gave to the nearer side (Tromp-Taylor: nobody's)
        let open = f64::from(s.open_black) - f64::from(s.open_white);
        let terr =
            f64::from(d.territory_plus_prisoners.0) - f64::from(d.territory_plus_prisoners.1);
        let diff = area - terr;
        let plays_b = i64::from(rp.black_moves + a.setup.0);
        let plays_w = i64::from(rp.white_moves + a.setup.1);
        let plays = plays_b - plays_w;
        let (eyes_b, eyes_w) = d.seki_eyes();
        let seki = i64::from(eyes_b) - i64::from(eyes_w);
        let setup_note = |moves: u32, stones: u32, what: &str| {
            if stones > 0 {
                format!(" ({moves} moves + {stones} {what})")
            } else {
                String::new()
            }
        };
        let black_setup = if a.setup.1 == 0 && r.handicap >= 2 {
            "handicap stones"
        } else {
            "set-up stones"
        };
        let black_note = setup_note(rp.black_moves, a.setup.0, black_setup);
        let white_note = setup_note(rp.white_moves, a.setup.1, "set-up stones");
        let _ = writeln!(out, "Divergence:");
        let mut identity = format!(
            "  area − territory before komi = {} − {} = {}; plays(B) − plays(W) = {plays_b}{black_note} − {plays_w}{white_note} = {plays}",
            number(area),
            operand(terr),
            number(diff)
        );
        if eyes_b + eyes_w > 0 {
            let _ = write!(
                identity,
                "; seki eyes B − W = {eyes_b} − {eyes_w} = {seki} (area counts them, territory counting does not)"
            );
        }
        let (teire_b, teire_w) = d.teire();
        let teire = i64::from(teire_b) - i64::from(teire_w);
        if teire_b + teire_w > 0 {
            let _ = write!(
                identity,
                "; points to fill (teire) B − W = {teire_b} − {teire_w} = {teire} (area counts them, the territory count above does not)"
            );
        }
        let expected = (plays + seki + teire) as f64;
        if (diff - expected).abs() < 1e-9 {
            identity.push_str(": the area–territory identity holds.");
        } else {
            let _ = write!(
                identity,
                ": off by {} (stones added or removed by setup during the game, or suicides).",
                number(diff - expected)
            );
        }
        let _ = writeln!(out, "{identity}");

        let by_winner = |w: Winner| -> Vec<RulesetId> {
            RulesetId::ALL
                .into_iter()
                .filter(|id| s.per_ruleset[id.index()].winner == w)
                .collect()
        };
        if !s.winner_flip {
            let w = s.per_ruleset[0].winner;
            let who = match w {
                Winner::Black => "Black wins",
                Winner::White => "White wins",
                Winner::Draw => "the game is a draw",
            };
            let _ = writeln!(out, "  No winner flip: {who} under all seven rulesets.");
            return;
        }
        let groups: Vec<String> = [Winner::Black, Winner::White, Winner::Draw]
            .into_iter()
            .filter_map(|w| {
                let ids = by_winner(w);
                (!ids.is_empty()).then(|| match w {
                    Winner::Black => format!("Black wins under {}", names(&ids)),
                    Winner::White => format!("White wins under {}", names(&ids)),
                    Winner::Draw => format!("a draw under {}", names(&ids)),
                })
            })
            .collect();
        let cause = s.flip_cause.map_or("unknown", FlipCause::name);
        let close = if s.half_point_flip {
            let closest = s
                .per_ruleset
                .iter()
                .map(|x| x.margin_b_minus_w.abs())
                .fold(f64::INFINITY, f64::min);
            format!(", a half-point flip (closest margin {})", number(closest))
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "  Winner flip{close}, cause: {cause}. {}.",
            groups.join("; ")
        );
        let area_ids = Panel::Area.rulesets();
        let terr_ids = Panel::Territory.rulesets();
        let h = if r.handicap >= 2 { r.handicap } else { 0 };
        let passes = i64::from(rp.white_midgame_passes) - i64::from(rp.black_midgame_passes);
        let why = match s.flip_cause {
            Some(FlipCause::Parity) => {
                // the part of plays(B) − plays(W) that neither handicap stones nor passes make
                let parity = plays - i64::from(h) - passes;
                let lead = if parity > 0 { "Black" } else { "White" };
                let apart = if h != 0 || passes != 0 {
                    format!(" beyond the handicap stones and mid-game passes (plays(B) − plays(W) − {h} − {passes} = {parity})")
                } else {
                    format!(" (plays(B) − plays(W) = {plays})")
                };
                format!(
                    "{lead} placed {} more than the other side{apart}; since area − territory = plays(B) − plays(W), area counting ({}) scores {} for {lead} than territory counting ({}), and that moves the margin across zero.",
                    plural(parity.abs(), "stone", "stones"),
                    names(&area_ids),
                    plural(parity.abs(), "point more", "points more"),
                    names(&terr_ids),
                )
            }
            Some(FlipCause::HandicapBonus) => {
                let bonuses: Vec<String> = RulesetId::ALL
                    .into_iter()
                    .map(|id| {
                        format!(
                            "{} {}",
                            id.name(),
                            number(Ruleset::preset(id).handicap_bonus.points(r.handicap))
                        )
                    })
                    .collect();
                format!(
                    "Handicap {h}: the {h} handicap stones are Black plays, so area counting scores {h} more for Black than territory counting (area − territory = plays(B) − plays(W)), while White's bonus differs by ruleset ({}).",
                    bonuses.join(", ")
                )
            }
            Some(FlipCause::Seki) => format!(
                "Seki: Black has {eyes_b} seki eye point(s), White {eyes_w}; area counting ({}) scores them for their owner, territory counting ({}) does not, a difference of {seki} point(s) for Black.",
                names(&area_ids),
                names(&terr_ids)
            ),
            Some(FlipCause::Komi) => {
                let mut komis: Vec<(String, Vec<RulesetId>)> = Vec::new();
                for id in RulesetId::ALL {
                    let k = number(s.per_ruleset[id.index()].komi_used);
                    match komis.iter_mut().find(|(x, _)| *x == k) {
                        Some((_, ids)) => ids.push(id),
                        None => komis.push((k, vec![id])),
                    }
                }
                let list: Vec<String> = komis
                    .iter()
                    .map(|(k, ids)| format!("{k} ({})", names(ids)))
                    .collect();
                format!(
                    "The rulesets' komi differ ({}), and the difference alone moves the margin across zero.",
                    list.join(", ")
                )
            }
            Some(FlipCause::Passes) => format!(
                "Passes during the game (before the last stone): White passed {} time(s), Black {}; a pass is a stone not played, so area counting moves {} towards {} relative to territory counting (area − territory = plays(B) − plays(W)).",
                rp.white_midgame_passes,
                rp.black_midgame_passes,
                plural(passes.abs(), "point", "points"),
                if passes >= 0 { "Black" } else { "White" }
            ),
            Some(FlipCause::DeadStones) => format!(
                "Tromp-Taylor removes no dead stones: counting the {} black and {} white dead stones alive gives an area margin of {} before komi instead of {}{}.",
                s.dead_black,
                s.dead_white,
                number(s.margin_as_is_area),
                number(area - open),
                if open != 0.0 {
                    format!(" ({} with the open areas the count splits)", number(area))
                } else {
                    String::new()
                }
            ),
            Some(FlipCause::OpenBorders) => format!(
                "Tromp-Taylor scores the position as it lies: the open areas of this unfinished game, which the other rulesets' count gives to the side whose stones are nearer ({} point(s) for Black, {} for White), are neutral for it.",
                s.open_black, s.open_white
            ),
            Some(FlipCause::Teire) => format!(
                "Points to fill (teire): Black must fill {teire_b} point(s) of its territory, White {teire_w}; Korean counting scores them as territory, Japanese counting does not, a difference of {} for Black.",
                plural(teire, "point", "points"),
            ),
            Some(FlipCause::TieRule) => "A tie (a margin of 0 after komi wherever the winners differ): Ing gives Black the win on a tie, the other rulesets call it a draw.".to_string(),
            Some(FlipCause::Mixed) | None => {
                let parity = plays - i64::from(h) - passes;
                format!(
                    "Several causes together. Area − territory = {} = parity {parity} + handicap stones {h} + passes {passes} + seki eyes {seki} + teire {teire}; komi ranges {}–{}; Tromp-Taylor's dead-stone difference is {}, its open-area difference {}.",
                    number(diff),
                    number(s.per_ruleset.iter().map(|x| x.komi_used).fold(f64::INFINITY, f64::min)),
                    number(s.per_ruleset.iter().map(|x| x.komi_used).fold(f64::NEG_INFINITY, f64::max)),
                    number(s.margin_as_is_area - (area - open)),
                    number(-open)
                )
            }
        };
        let _ = writeln!(out, "  {why}");
        // Tromp-Taylor's own difference, left out of a cause other rulesets' flip names
        let tromp_taylor_apart = (s.margin_as_is_area - area).abs() > 1e-9
            && !matches!(
                s.flip_cause,
                Some(FlipCause::DeadStones | FlipCause::OpenBorders)
            );
        if tromp_taylor_apart {
            let _ = writeln!(
                out,
                "  Tromp-Taylor also counts the position as it lies (the {} black and {} white dead stones alive, open areas neutral): an area margin of {} before komi instead of {}. Its pairs count towards the cause only when no other pair of rulesets flips.",
                s.dead_black,
                s.dead_white,
                number(s.margin_as_is_area),
                number(area)
            );
        }
        if let Some(line) = pair_line(d) {
            let _ = writeln!(out, "  {line}");
        }
    }
}

/// The margin difference of one pair of rulesets that name different winners, split into
/// counts, komi and handicap bonus: the first such pair in [`RulesetId::ALL`] order, leaving
/// Tromp-Taylor out when another pair flips.
fn pair_line(d: &Diagram) -> Option<String> {
    let flips = |i: RulesetId, j: RulesetId| {
        d.per_ruleset[i.index()].winner != d.per_ruleset[j.index()].winner
    };
    let pairs = RulesetId::ALL
        .into_iter()
        .enumerate()
        .flat_map(|(k, i)| RulesetId::ALL[k + 1..].iter().map(move |&j| (i, j)));
    let tt = RulesetId::TrompTaylor;
    let (i, j) = pairs
        .clone()
        .find(|&(i, j)| flips(i, j) && i != tt && j != tt)
        .or_else(|| pairs.clone().find(|&(i, j)| flips(i, j)))?;
    let (fi, fj) = (d.figures_for(i), d.figures_for(j));
    let (si, sj) = (&d.per_ruleset[i.index()], &d.per_ruleset[j.index()]);
    let counts =
        (f64::from(fi.black) - f64::from(fi.white)) - (f64::from(fj.black) - f64::from(fj.white));
    let komi = -(si.komi_used - sj.komi_used);
    let bonus = -(fi.bonus - fj.bonus);
    let mut line = format!(
        "{} {} − {} {}: margins {} − {} = {} = counts {} + komi {} + handicap bonus {}",
        i.name(),
        result_text(si),
        j.name(),
        result_text(sj),
        number(si.margin_b_minus_w),
        operand(sj.margin_b_minus_w),
        number(si.margin_b_minus_w - sj.margin_b_minus_w),
        number(counts),
        number(komi),
        number(bonus)
    );
    if !(fi.consistent && fj.consistent) {
        line.push_str(" + an adjustment of the scorer the counts do not show");
    }
    line.push('.');
    Some(line)
}

/// A number on the right of a minus sign: negative ones in parentheses.
fn operand(v: f64) -> String {
    if v < 0.0 {
        format!("({})", number(v))
    } else {
        number(v)
    }
}

/// A stone as `explain` names it: its colour letter and coordinate (`B D4`).
fn stone(board: &crate::rules::Board, p: crate::rules::Point, width: u8, height: u8) -> String {
    let c = board.get(p).map_or("?", |c| c.letter());
    format!("{c} {}", coord(p, width, height))
}

/// Stones as `explain` lists them: `B D4, W C3`.
fn stones(a: &Audit, points: &[crate::rules::Point]) -> String {
    let d = &a.diagram;
    let names: Vec<String> = points
        .iter()
        .map(|&p| stone(&a.replay.board, p, d.width, d.height))
        .collect();
    names.join(", ")
}

/// Where a dead-stone reason comes in `explain`'s list: the estimator's steps in order, the
/// final playouts from the least survived share up.
fn reason_order(why: DeadReason) -> (u8, u8, u8) {
    match why {
        DeadReason::Markup => (0, 0, 0),
        DeadReason::Snapback => (1, 0, 0),
        DeadReason::NoTwoEyes => (2, 0, 0),
        DeadReason::LostFight => (3, 0, 0),
        DeadReason::FinalPlayouts { survived, needed } => (4, survived, needed),
        DeadReason::EyeSpaceRead => (5, 0, 0),
    }
}

/// Writes `heading`, then one line per reason: its text and the names given it, reasons in
/// `order`, names in the order met.
fn grouped<R: Copy + PartialEq, K: Ord>(
    out: &mut String,
    heading: &str,
    items: impl Iterator<Item = (R, String)>,
    order: fn(R) -> K,
    text: fn(R) -> String,
) {
    let mut groups: Vec<(R, Vec<String>)> = Vec::new();
    for (why, name) in items {
        match groups.iter_mut().find(|(w, _)| *w == why) {
            Some((_, list)) => list.push(name),
            None => groups.push((why, vec![name])),
        }
    }
    groups.sort_by_key(|(w, _)| order(*w));
    let _ = writeln!(out, "{heading}");
    for (why, list) in groups {
        let _ = writeln!(out, "  {}: {}", text(why), list.join(", "));
    }
}

fn life_order(why: LifeReason) -> (u8, u8, u8) {
    match why {
        LifeReason::FinalPlayouts { survived, needed } => (0, survived, needed),
        LifeReason::SekiShape => (1, 0, 0),
        LifeReason::Potential => (2, 0, 0),
        LifeReason::TempoRace => (3, 0, 0),
        LifeReason::Opening => (4, 0, 0),
        LifeReason::EyeSpaceRead => (5, 0, 0),
        LifeReason::OwnTerritory => (6, 0, 0),
    }
}

/// The share of the final playouts a group survived, and the share it needed (more inside
/// an enemy enclosure).
fn share_text(survived: u8, needed: u8) -> String {
    let which = if needed > 60 {
        "a group inside an enemy enclosure"
    } else {
        "a group"
    };
    format!("survived {survived}% of the final playouts ({which} needs {needed}%)")
}

/// One line's heading in `explain`'s list of living chains not proven alive, by reason.
fn life_text(why: LifeReason) -> String {
    match why {
        LifeReason::FinalPlayouts { survived, needed } => share_text(survived, needed),
        LifeReason::SekiShape => "a seki shape read statically or locally".into(),
        LifeReason::Potential => {
            "room for two eyes on potential, not read out (counted alive)".into()
        }
        LifeReason::TempoRace => "won a capturing race the final playouts gave to whichever \
            side moved first: the side to move after the last stone of a counted game, the last \
            stone's side of a game that stopped otherwise"
            .into(),
        LifeReason::EyeSpaceRead => "a local reading of a small group holding enemy stones \
            among its liberties: the enemy cannot capture it, or these are the stones inside \
            a group the enemy captures"
            .into(),
        LifeReason::Opening => "an opening (stones on fewer than a tenth of the points): \
            nothing is dead yet, nothing decided (counted alive, unsettled)"
            .into(),
        LifeReason::OwnTerritory => "judged dead, but every enemy stone around them is dead \
            too (they stand in their own side's territory)"
            .into(),
    }
}

/// One line's heading in `explain`'s list of dead stones by reason.
fn reason_text(why: DeadReason) -> String {
    match why {
        DeadReason::Markup => "the TB/TW markup".into(),
        DeadReason::Snapback => "in atari, and capturing them is a snapback".into(),
        DeadReason::NoTwoEyes => {
            "no room for two eyes inside walls that have it (static analysis)".into()
        }
        DeadReason::LostFight => "lost the local playouts of a fight for their eye space".into(),
        DeadReason::FinalPlayouts { survived, needed } => share_text(survived, needed),
        DeadReason::EyeSpaceRead => "a small group holding enemy stones among its liberties, \
            captured in a local reading of them whoever moves first"
            .into(),
    }
}

fn quirk(q: Option<&'static str>) -> String {
    q.map_or_else(String::new, |q| format!(", {q}"))
}

/// The input and the member `explain` reads: `--member`, else `FILE::MEMBER` split at the
/// first `::` where the part before it is a file (not a directory) or `-` (standard input),
/// when nothing has the whole name: the form in which `explain` names a game of an archive.
/// An archive whose own name holds `::` is found so too, and so is a file whose name is not
/// UTF-8, named by its bytes or as the `source` column writes it (each such byte as `\xNN`,
/// see [`source::path_text`]; a name typed with `\xNN` that names no file so read is taken
/// as written).
///
/// # Errors
/// The member is named both ways.
fn member_of(file: &Path, member: Option<String>) -> Result<(PathBuf, Option<String>)> {
    // the name as the `source` column writes it: a byte that is no UTF-8 as `\xNN` (a name
    // given as text is taken as that text: a row's `source`, or a name typed)
    let text = file
        .to_str()
        .map_or_else(|| source::path_text(file), str::to_string);
    // what exists under the name a row's `source` gives, each `\xNN` turned back into its
    // byte, else under the name as written; as an archive, no directory (no row names one)
    let existing = |text: &str, archive: bool| -> Option<PathBuf> {
        [source::path_of_text(text), PathBuf::from(text)]
            .into_iter()
            .find(|p| std::fs::metadata(p).is_ok_and(|m| !(archive && m.is_dir())))
    };
    if let Some(path) = existing(&text, false) {
        return Ok((path, member));
    }
    let split = text.match_indices("::").find_map(|(i, _)| {
        let (archive, m) = (&text[..i], &text[i + 2..]);
        if archive == source::STDIN_SOURCE {
            return Some((PathBuf::from(archive), m));
        }
        existing(archive, true).map(|path| (path, m))
    });
    match split {
        Some((archive, m)) => {
            if member.is_some() {
                bail!(
                    "{text} names the member {m} already; give the member once, as FILE::MEMBER \
                     or with --member"
                );
            }
            Ok((archive, Some(m.to_string())))
        }
        None => Ok((file.to_path_buf(), member)),
    }
}

/// Runs `explain`.
///
/// # Errors
/// The input holds fewer games than `--game` asks for, or the SVG cannot be written, or
/// standard output is closed (fatal, exit status 2).
pub fn run(args: ExplainArgs) -> Result<Outcome> {
    let komi_policy = match args.komi {
        KomiArg::Standard => KomiPolicy::Standard,
        KomiArg::Recorded => KomiPolicy::Recorded,
    };
    let (file, member) = member_of(&args.file, args.member.clone())?;
    if file.as_os_str() != source::STDIN_SOURCE {
        if let Err(e) = std::fs::metadata(&file) {
            bail!("cannot read {}: {e}", source::path_text(&args.file));
        }
    }
    // expanded once, here: standard input, or a pipe, is read once
    let paths = source::expand_inputs(std::slice::from_ref(&file));
    if let Some(svg) = &args.svg {
        if svg.as_os_str() == source::STDIN_SOURCE {
            bail!("--svg - : the game's text goes to standard output; name a file for the SVG");
        }
        super::scan::refuse_an_input_name(svg, "--svg", "an SVG picture", "svg")?;
        // a target that cannot be written is said before the game is read and explained
        // (it came after the whole explanation), as `scan` says it of `--output`
        super::scan::refuse_a_directory(svg, "--svg")?;
        let dir = svg.parent().filter(|d| !d.as_os_str().is_empty());
        if let Some(dir) = dir.filter(|d| !d.is_dir()) {
            bail!(
                "cannot write {}: the directory {} does not exist",
                svg.display(),
                dir.display()
            );
        }
        // the picture replaces its target: an input named as the SVG (the file, a game
        // record in the directory read or listed on standard input, a volume of the split
        // file) would be lost
        if let Some(input) = source::input_at(svg, &paths) {
            bail!(
                "--svg {} is an input ({}); writing it would replace the input",
                svg.display(),
                input.display()
            );
        }
    }
    let game = args.game;
    let playouts = args.playouts.n as usize;
    let seed = args.playouts.seed;
    let passwords = args.password.passwords()?;
    let limits = args.limits.limits();
    let worker = std::thread::Builder::new()
        .name("kifu-audit-explain".into())
        .stack_size(EXPLAIN_STACK)
        .spawn(move || -> Result<Explained> {
            let picked = pick_game_in(&file, &paths, member.as_deref(), game, &limits, &passwords)?;
            explain(
                picked,
                komi_policy,
                playouts,
                seed,
                !args.playouts.single_batch,
            )
        })
        .context("cannot start the worker thread")?;
    let explained = worker
        .join()
        .map_err(|_| anyhow::anyhow!("the worker thread panicked"))??;
    let text = explained.text();
    {
        let stdout = std::io::stdout();
        let mut lock = stdout.lock();
        lock.write_all(text.as_bytes())?;
        lock.flush()?;
    }
    if let Some(path) = &args.svg {
        match explained.svg() {
            Some(svg) => {
                std::fs::write(path, svg)
                    .with_context(|| format!("cannot write {}", path.display()))?;
                cli::to_stderr(&format!("wrote {}\n", path.display()));
            }
            None => cli::to_stderr(&format!(
                "kifu-audit: no picture: the game could not be read; {} not written\n",
                path.display()
            )),
        }
    }
    Ok(if explained.is_readable() {
        Outcome::AllRead
    } else {
        Outcome::SomeUnreadable
    })
}
