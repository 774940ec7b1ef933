//! [`GameRow`]: everything known about one game, as the output needs it. One row per game,
//! always: an unreadable game has `ingest.status == Error` and no replay or score.

use crate::rules::{Color, ReplayReport, Verdict};
use crate::scoring::ScoreReport;
use crate::sgf::Ingested;

/// The replay facts a row keeps (the final board itself is not kept).
#[derive(Clone, Debug, PartialEq)]
pub struct ReplaySummary {
    pub verdicts: [Verdict; 7],
    pub captures_by_black: u32,
    pub captures_by_white: u32,
    /// Board moves incl. handicap setup stones, excl. passes (RULES.md §3 `plays`).
    pub black_plays: u32,
    pub white_plays: u32,
    pub last_mover: Option<Color>,
    pub ended_by_passes: bool,
    pub repetition: bool,
    pub same_color_moves: u32,
    pub moves_after_two_passes: u32,
    pub final_hash: u64,
    pub game_hash: u64,
}

impl ReplaySummary {
    /// Keeps the facts of a replay; the stones set up at the root (Black's, White's) are
    /// added to the plays.
    pub fn from_report(r: &ReplayReport, (setup_black, setup_white): (u32, u32)) -> Self {
        ReplaySummary {
            verdicts: r.verdicts,
            captures_by_black: r.captures_by_black,
            captures_by_white: r.captures_by_white,
            black_plays: r.black_moves + setup_black,
            white_plays: r.white_moves + setup_white,
            last_mover: r.last_mover,
            ended_by_passes: r.ended_by_passes,
            repetition: r.repetition,
            same_color_moves: r.same_color_moves,
            moves_after_two_passes: r.moves_after_two_passes,
            final_hash: r.final_hash,
            game_hash: r.game_hash,
        }
    }
}

/// One output row.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The path given or found on disk.
    pub source: String,
    /// The archive member, for games read from archives.
    pub member: Option<String>,
    pub ingest: Ingested,
    pub replay: Option<ReplaySummary>,
    pub score: Option<ScoreReport>,
    /// The score's disputed stones in GTP notation (`H6 J6`), made once for the
    /// `disputed_chain` column.
    pub disputed_points: Option<String>,
    /// The other side's stones of a disputed fight, the same way, for `disputed_opponents`.
    pub disputed_opponent_points: Option<String>,
}

impl GameRow {
    /// A row of `source` (and `member`) from its ingestion, replay and score.
    pub fn new(
        source: String,
        member: Option<String>,
        ingest: Ingested,
        replay: Option<ReplaySummary>,
        score: Option<ScoreReport>,
    ) -> GameRow {
        let size = ingest
            .record
            .as_ref()
            .map(|r| (r.board_width, r.board_height));
        let disputed = score.as_ref().and_then(|s| s.disputed_chain.as_ref());
        let gtp = |stones: &[crate::rules::Point]| {
            let (w, h) = size?;
            (!stones.is_empty()).then(|| {
                stones
                    .iter()
                    .map(|&p| crate::render::coord(p, w, h))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
        };
        let disputed_points = disputed.and_then(|d| gtp(&d.stones));
        let disputed_opponent_points = disputed.and_then(|d| gtp(&d.opponents));
        GameRow {
            source,
            member,
            ingest,
            replay,
            score,
            disputed_points,
            disputed_opponent_points,
        }
    }
}
