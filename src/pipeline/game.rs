//! One game through the whole product: ingest → replay → score → [`GameRow`]. The per-thread
//! scratch state ([`Scratch`]) is made once per worker and reused for every game.

use crate::output::{GameRow, ReplaySummary};
use crate::rules::{Event, ReplayReport, Replayer};
use crate::scoring::{KomiPolicy, Outcome, RecordedResult, ScoreInput, Scorer};
use crate::sgf::{self, GameRecord, Ingested, Limits, PreparedFile, ResultKind, Winner};

/// Reusable per-thread state: the replayer's position history, the scorer's buffers.
pub struct Scratch {
    pub replayer: Replayer,
    pub scorer: Scorer,
    events: Vec<Event>,
}

impl Default for Scratch {
    fn default() -> Self {
        Self::new()
    }
}

impl Scratch {
    pub fn new() -> Self {
        Scratch {
            replayer: Replayer::new(),
            scorer: Scorer::new(),
            events: Vec::new(),
        }
    }
}

/// What the pipeline needs to know to score.
#[derive(Debug, Clone, Copy)]
pub struct GameOptions {
    pub limits: Limits,
    pub komi_policy: KomiPolicy,
    /// Playouts of the dead-stone estimate's final settle batch (see
    /// [`crate::scoring::Scorer::set_settle_playouts`]; default
    /// [`crate::scoring::SETTLE_PLAYOUTS`]).
    pub settle_playouts: usize,
    /// Seed of the estimator's playouts (see
    /// [`crate::scoring::Scorer::set_playout_seed`]; default 0).
    pub playout_seed: u64,
    /// Second settle batch for split verdicts (see
    /// [`crate::scoring::Scorer::set_second_batch`]; default on).
    pub second_batch: bool,
}

/// The settings of `kifu-audit scan` without flags: default limits, standard komi,
/// [`crate::scoring::SETTLE_PLAYOUTS`], seed 0, the second settle batch on.
impl Default for GameOptions {
    fn default() -> Self {
        GameOptions {
            limits: Limits::default(),
            komi_policy: KomiPolicy::Standard,
            settle_playouts: crate::scoring::SETTLE_PLAYOUTS,
            playout_seed: 0,
            second_batch: true,
        }
    }
}

/// The setup changes and moves of a record, in the order they happen.
pub fn record_events(record: &GameRecord, out: &mut Vec<Event>) {
    out.clear();
    let mut setup = record.setup.iter().peekable();
    for (i, m) in record.moves.iter().enumerate() {
        while let Some(s) = setup.next_if(|s| s.before_move as usize <= i) {
            out.push(Event::Setup {
                point: s.point,
                stone: s.stone,
            });
        }
        out.push(Event::Move {
            color: m.color,
            mv: m.mv,
        });
    }
    for s in setup {
        out.push(Event::Setup {
            point: s.point,
            stone: s.stone,
        });
    }
}

/// Replays a record's main line under all seven rulesets.
pub fn replay_record(record: &GameRecord, scratch: &mut Scratch) -> ReplayReport {
    let mut events = std::mem::take(&mut scratch.events);
    record_events(record, &mut events);
    let report = scratch
        .replayer
        .replay(record.board_width, record.board_height, &events);
    scratch.events = events;
    report
}

/// Stones set up at the root (not played), Black's and White's: handicap stones, or a
/// composed position's. They count as plays (RULES.md §3: area − territory = plays(B) −
/// plays(W)); counting only the handicap stones, a composed position's flip was put down to
/// a cause pulling the other way.
pub fn setup_plays(record: &GameRecord) -> (u32, u32) {
    crate::sgf::record::root_stones(&record.setup, record.board_width, record.board_height)
}

/// The recorded result in the scorer's terms.
pub fn recorded_result(record: &GameRecord) -> Option<RecordedResult> {
    let r = record.result.as_ref()?;
    let winner = match r.winner {
        Winner::Black => Some(Outcome::Black),
        Winner::White => Some(Outcome::White),
        Winner::Draw => Some(Outcome::Draw),
        Winner::Void | Winner::Unknown => None,
    };
    // A record with no move whose board holds nothing but Black's handicap stones (a game
    // whose moves were lost, or never written: KGS 2002-07-10-3, `W+12.50` against a board
    // of three black stones) holds no count to compare with.
    let no_game = record.moves.is_empty()
        && record
            .setup
            .iter()
            .all(|s| s.stone != Some(crate::rules::Color::White));
    Some(RecordedResult {
        winner,
        margin: r.margin_points(),
        counted: matches!(r.kind, ResultKind::Score | ResultKind::Draw) && !no_game,
        stopped: matches!(
            r.kind,
            ResultKind::Resign | ResultKind::Time | ResultKind::Forfeit
        ),
    })
}

/// The scorer's input for a replayed record.
pub fn score_input<'a>(
    record: &'a GameRecord,
    report: &'a ReplayReport,
    komi_policy: KomiPolicy,
) -> ScoreInput<'a> {
    let (setup_black, setup_white) = setup_plays(record);
    ScoreInput {
        board: &report.board,
        territory_black: &record.territory_black,
        territory_white: &record.territory_white,
        captures_by_black: report.captures_by_black,
        captures_by_white: report.captures_by_white,
        black_plays: report.black_moves + setup_black,
        white_plays: report.white_moves + setup_white,
        black_midgame_passes: report.black_midgame_passes,
        white_midgame_passes: report.white_midgame_passes,
        last_mover: report.last_mover,
        handicap: record.handicap,
        recorded_komi: record.komi,
        recorded_rules: record.rules,
        recorded_result: recorded_result(record),
        komi_policy,
    }
}

/// Replays and scores a record; returns the replay summary, the score report and the replay
/// report (with the final board).
pub fn audit_record(
    record: &GameRecord,
    scratch: &mut Scratch,
    komi_policy: KomiPolicy,
) -> (ReplaySummary, crate::scoring::ScoreReport, ReplayReport) {
    let report = replay_record(record, scratch);
    let summary = ReplaySummary::from_report(&report, setup_plays(record));
    let score = scratch
        .scorer
        .score(&score_input(record, &report, komi_policy));
    (summary, score, report)
}

/// Runs `f` on the scratch state, turning a panic (a bug: no input should cause one) into
/// its message, so that one game's failure leaves the rest of the batch to run. The scratch
/// state a panic may have left half-updated is made anew.
pub fn guarded<T>(scratch: &mut Scratch, f: impl FnOnce(&mut Scratch) -> T) -> Result<T, String> {
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(&mut *scratch)));
    outcome.map_err(|payload| {
        *scratch = Scratch::new();
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_string())
    })
}

/// Builds the full row of game `index` of a prepared file.
pub fn process_game(
    source: &str,
    member: Option<&str>,
    file: &PreparedFile,
    index: usize,
    options: &GameOptions,
    scratch: &mut Scratch,
) -> GameRow {
    let ingest = sgf::ingest_game(file, index, &options.limits);
    row_from_ingested(source, member, ingest, options, scratch)
}

/// Completes a row from an ingestion result (replay and score when there is a record).
pub fn row_from_ingested(
    source: &str,
    member: Option<&str>,
    ingest: Ingested,
    options: &GameOptions,
    scratch: &mut Scratch,
) -> GameRow {
    let mut ingest = ingest;
    let audited = ingest.record.as_ref().map(|record| {
        guarded(scratch, |scratch| {
            scratch.scorer.set_settle_playouts(options.settle_playouts);
            scratch.scorer.set_playout_seed(options.playout_seed);
            scratch.scorer.set_second_batch(options.second_batch);
            audit_record(record, scratch, options.komi_policy)
        })
    });
    let (replay, score) = match audited {
        Some(Ok((summary, mut score, _))) => {
            // Per-point detail is for `explain`; rows keep only the counts.
            score.ownership = Vec::new();
            score.seki_stones = Vec::new();
            score.dead_stones = Vec::new();
            (Some(summary), Some(score))
        }
        Some(Err(message)) => {
            ingest.status = sgf::Status::Error;
            // the repair reading made, if any, is kept in the message (its kind gives way)
            let earlier = match (ingest.error_kind, ingest.error_message.take()) {
                (Some(kind), Some(m)) => format!(" (read with a repair, {}: {m})", kind.name()),
                _ => String::new(),
            };
            ingest.error_kind = Some(sgf::ErrorKind::InternalError);
            ingest.error_message = Some(format!(
                "replay or scoring failed on a bug of kifu-audit (please report this game): {message}{earlier}"
            ));
            (None, None)
        }
        None => (None, None),
    };
    GameRow::new(
        source.to_string(),
        member.map(str::to_string),
        ingest,
        replay,
        score,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sgf::{ingest_bytes, Limits};

    fn counted(sgf: &str) -> bool {
        let game = ingest_bytes(sgf.as_bytes(), &Limits::default()).remove(0);
        recorded_result(game.record.as_ref().unwrap()).is_some_and(|r| r.counted)
    }

    #[test]
    fn a_count_is_compared_only_when_the_record_holds_the_game() {
        // KGS 2002-07-10-3: the handicap stones and the result, no move
        let lost = "(;SZ[19]HA[3]KM[0.5]RU[Chinese]AB[pd][dp][pp]RE[W+12.50])";
        assert!(!counted(lost));
        assert!(!counted("(;SZ[19]KM[6.5]RE[B+3.5])"));
        // the same with a move, or a composed final position of both colours
        assert!(counted(
            "(;SZ[19]HA[3]KM[0.5]RU[Chinese]AB[pd][dp][pp]RE[W+12.50];W[dd])"
        ));
        assert!(counted("(;SZ[9]KM[6.5]AB[cc][cd]AW[gg][gf]RE[B+3.5])"));
        assert!(!counted("(;SZ[19]KM[6.5]RE[B+R];B[pd])"));
    }
}
