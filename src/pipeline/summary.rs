//! The run summary: totals that merge (per chunk, in order) and print on stderr at the end.

use crate::output::GameRow;
use crate::rules::RulesetId;
use crate::scoring::Agreement;
use crate::sgf::source::NAMED_TWICE;
use crate::sgf::{ErrorKind, Status};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

/// Totals over a run.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Summary {
    pub games: u64,
    pub ok: u64,
    pub recovered: u64,
    pub errors: u64,
    /// `error` rows per `error_kind`: the games that could not be read.
    pub by_error_kind: BTreeMap<&'static str, u64>,
    /// `recovered` rows per `error_kind`: the repairs games were read after.
    pub by_repair_kind: BTreeMap<&'static str, u64>,
    /// Games illegal under each ruleset, by [`RulesetId::index`].
    pub illegal: [u64; 7],
    /// `winner_flips[a][b]` (a < b): games whose winners differ between rulesets a and b.
    pub winner_flips: [[u64; 7]; 7],
    /// Half-point flips between rulesets a and b ([`crate::scoring::RulesetScore::half_point_flips`]).
    pub half_point_flips: [[u64; 7]; 7],
    /// Counts of record_agreement: exact, winner, differs, not_comparable.
    pub agreement: [u64; 4],
    /// `differs` rows whose record names the wrong colour (see
    /// [`crate::scoring::ScoreReport::colours_swapped`]).
    pub colours_swapped: u64,
    /// `winner` and `differs` rows that name disputed stones (see
    /// [`crate::scoring::DisputedChain`]).
    pub disputed: u64,
    pub elapsed: Duration,
    /// The run stopped early (Ctrl-C).
    pub interrupted: bool,
    /// The inputs held no game, or none could be read (and `--limit 0` did not ask for the
    /// schema alone): no file was written, and a previous output is left as it was.
    pub nothing_written: bool,
    /// The messages of the first three rows of inputs that could not be read whole, in row
    /// order: `io_error` rows (a path that is missing or cannot be read: a typo in a path is
    /// named on screen, not only in the file) and an archive's own `archive_error` row (not
    /// a zip, cut short, nested too deep).
    pub unreadable: Vec<String>,
    /// How many rows [`Summary::unreadable`] would name without its bound.
    pub unreadable_rows: u64,
    /// Files passed over, by name ending: found walking the directories or inside archives,
    /// neither SGF nor an archive, and macOS's AppleDouble files (`source::APPLE_DOUBLE`).
    pub skipped: crate::sgf::source::Skipped,
}

/// Name endings of passed-over files the summary lists, the commonest first.
const SKIPPED_ENDINGS: usize = 6;
/// Unreadable inputs the summary names.
const UNREADABLE_SHOWN: usize = 3;

/// `text` on one line: a control character in it (a newline in a file's name) written as
/// its escape (`\n`), so that the summary's lines stay one each.
pub(crate) fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

impl Summary {
    /// Adds one row.
    pub fn add(&mut self, row: &GameRow) {
        self.games += 1;
        match row.ingest.status {
            Status::Ok => self.ok += 1,
            Status::Recovered => self.recovered += 1,
            Status::Error => self.errors += 1,
        }
        if let Some(k) = row.ingest.error_kind {
            let by_kind = match row.ingest.status {
                Status::Error => &mut self.by_error_kind,
                _ => &mut self.by_repair_kind,
            };
            *by_kind.entry(k.name()).or_default() += 1;
            let archive_row = k == ErrorKind::ArchiveError && row.member.is_none();
            if k == ErrorKind::IoError || archive_row {
                self.unreadable_rows += 1;
                if self.unreadable.len() < UNREADABLE_SHOWN {
                    let message = row.ingest.error_message.as_deref().unwrap_or("unreadable");
                    self.unreadable.push(message.to_string());
                }
            }
        }
        if let Some(r) = &row.replay {
            for id in RulesetId::ALL {
                if !r.verdicts[id.index()].legal {
                    self.illegal[id.index()] += 1;
                }
            }
        }
        if let Some(s) = &row.score {
            let rs = &s.per_ruleset;
            for a in 0..7 {
                for b in a + 1..7 {
                    if rs[a].flips(&rs[b]) {
                        self.winner_flips[a][b] += 1;
                    }
                    if rs[a].half_point_flips(&rs[b]) {
                        self.half_point_flips[a][b] += 1;
                    }
                }
            }
            let i = match s.record_agreement {
                Agreement::Exact => 0,
                Agreement::Winner => 1,
                Agreement::Differs => 2,
                Agreement::NotComparable => 3,
            };
            self.agreement[i] += 1;
            let recorded = row
                .ingest
                .record
                .as_ref()
                .and_then(|r| r.result.as_ref())
                .and_then(|r| r.margin_b_minus_w());
            if s.record_agreement == Agreement::Differs
                && recorded.is_some_and(|m| s.colours_swapped(m))
            {
                self.colours_swapped += 1;
            }
            if s.disputed_chain.is_some() {
                self.disputed += 1;
            }
        }
    }

    /// Merges another summary into this one (for partial totals).
    pub fn merge(&mut self, other: &Summary) {
        self.games += other.games;
        self.ok += other.ok;
        self.recovered += other.recovered;
        self.errors += other.errors;
        for (k, v) in &other.by_repair_kind {
            *self.by_repair_kind.entry(k).or_default() += v;
        }
        for (k, v) in &other.by_error_kind {
            *self.by_error_kind.entry(k).or_default() += v;
        }
        for i in 0..7 {
            self.illegal[i] += other.illegal[i];
            for j in 0..7 {
                self.winner_flips[i][j] += other.winner_flips[i][j];
                self.half_point_flips[i][j] += other.half_point_flips[i][j];
            }
        }
        for i in 0..4 {
            self.agreement[i] += other.agreement[i];
        }
        self.colours_swapped += other.colours_swapped;
        self.disputed += other.disputed;
        self.unreadable_rows += other.unreadable_rows;
        let room = UNREADABLE_SHOWN.saturating_sub(self.unreadable.len());
        self.unreadable
            .extend(other.unreadable.iter().take(room).cloned());
        for (k, v) in &other.skipped {
            *self.skipped.entry(k.clone()).or_default() += v;
        }
    }

    /// The human-readable report printed at the end of a run (all rulesets).
    pub fn render(&self) -> String {
        self.render_for(&RulesetId::ALL)
    }

    /// The report, comparing only `rulesets` in the flip and illegal lines.
    pub fn render_for(&self, rulesets: &[RulesetId]) -> String {
        let mut s = String::new();
        let secs = self.elapsed.as_secs_f64();
        let rate = if secs > 0.0 {
            self.games as f64 / secs
        } else {
            0.0
        };
        let _ = writeln!(
            s,
            "{} {}: {} ok, {} recovered, {} error  ({:.1} s, {:.0} games/s){}",
            self.games,
            if self.games == 1 { "game" } else { "games" },
            self.ok,
            self.recovered,
            self.errors,
            secs,
            rate,
            if self.interrupted {
                "  [interrupted]"
            } else {
                ""
            }
        );
        let named_twice = self.skipped.get(NAMED_TWICE).copied().unwrap_or(0);
        if named_twice > 0 {
            let _ = writeln!(
                s,
                "  read once: {named_twice} file{} the inputs name more than once (a file and its directory, one path twice, a link beside the file it names, or hard links to one file)",
                if named_twice == 1 { "" } else { "s" }
            );
        }
        let passed_over: Vec<(&String, &u64)> = self
            .skipped
            .iter()
            .filter(|(e, _)| e.as_str() != NAMED_TWICE)
            .collect();
        if !passed_over.is_empty() {
            let files: u64 = passed_over.iter().map(|(_, n)| **n).sum();
            let mut endings = passed_over;
            endings.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            let shown: Vec<String> = endings
                .iter()
                .take(SKIPPED_ENDINGS)
                .map(|(e, n)| {
                    let e = if e.is_empty() {
                        "no ending".to_string()
                    } else {
                        one_line(e)
                    };
                    format!("{e} {n}")
                })
                .collect();
            let more = if endings.len() > SKIPPED_ENDINGS {
                ", …"
            } else {
                ""
            };
            let _ = writeln!(
                s,
                "  passed over: {files} file{} in the directories and archives that {} neither SGF nor an archive ({}{more})",
                if files == 1 { "" } else { "s" },
                if files == 1 { "is" } else { "are" },
                shown.join(", ")
            );
        }
        // the kinds of the rows that could not be read (the exit status's 1), apart from
        // those of the rows read after a repair
        for (label, by_kind) in [
            ("errors by kind", &self.by_error_kind),
            ("repairs by kind (recovered rows)", &self.by_repair_kind),
        ] {
            if !by_kind.is_empty() {
                let kinds: Vec<String> = by_kind.iter().map(|(k, v)| format!("{k} {v}")).collect();
                let _ = writeln!(s, "  {label}: {}", kinds.join(", "));
            }
        }
        if !self.unreadable.is_empty() {
            let more = self
                .unreadable_rows
                .saturating_sub(self.unreadable.len() as u64);
            let _ = writeln!(
                s,
                "  unreadable: {}{}",
                (self.unreadable.iter())
                    .map(|m| one_line(m))
                    .collect::<Vec<_>>()
                    .join("; "),
                if more > 0 {
                    format!("; and {more} more (the io_error rows, and archive_error rows without a member)")
                } else {
                    String::new()
                }
            );
        }
        let illegal: Vec<String> = rulesets
            .iter()
            .map(|id| format!("{} {}", id.name(), self.illegal[id.index()]))
            .collect();
        let _ = writeln!(s, "  illegal games: {}", illegal.join(", "));
        let mut flips = Vec::new();
        for &a in rulesets {
            for &b in rulesets {
                if a.index() < b.index() {
                    let w = self.winner_flips[a.index()][b.index()];
                    if w > 0 {
                        flips.push(format!(
                            "{}/{} {} ({} half-point)",
                            a.name(),
                            b.name(),
                            w,
                            self.half_point_flips[a.index()][b.index()]
                        ));
                    }
                }
            }
        }
        if flips.is_empty() {
            let _ = writeln!(s, "  winner flips: none");
        } else {
            let _ = writeln!(s, "  winner flips: {}", flips.join(", "));
        }
        let _ = writeln!(
            s,
            "  record agreement: exact {}, winner {} (the same winner, another margin), differs {} (another winner; {} naming the wrong colour), not comparable {}; disputed stones named for {} of the {} not exact",
            self.agreement[0],
            self.agreement[1],
            self.agreement[2],
            self.colours_swapped,
            self.agreement[3],
            self.disputed,
            self.agreement[1] + self.agreement[2]
        );
        s
    }
}
