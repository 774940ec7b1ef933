//! The pipeline: reads inputs on one thread, decodes and splits files in parallel, then audits
//! games in parallel (rayon, across games — one 77k-game zip uses every core), and writes rows
//! in input order. Memory is bounded: inputs are read in chunks through a bounded channel and
//! rows are streamed to the writer batch by batch, never all held. Output does not depend on the
//! thread count: chunks are cut by item count and bytes read, rows are audited in batches of a
//! fixed number of games, and they keep (input order, game index).

pub mod game;
pub mod summary;

pub use game::{audit_record, process_game, GameOptions, Scratch};
pub use summary::Summary;

use crate::output::{AtomicParquetWriter, BatchBuilder, GameRow, WriterOptions};
use crate::scoring::KomiPolicy;
use crate::sgf::source::{self, InputItem};
use crate::sgf::{self, ErrorKind, Ingested, Limits, Status};
use anyhow::{Context, Result};
use rayon::prelude::*;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// Items (files or archive members) per chunk at most; chunks are cut by count and bytes
/// read (never by timing), so the output is the same whatever the thread count.
const CHUNK_ITEMS: usize = 2048;
/// Bytes of input per chunk at most (one item may exceed it alone): cut by count only, a
/// chunk of a hundred 10 MB members held gigabytes, and a 26 KB zip whose entries all point
/// at one 20 MB member took 4.5 GB.
const CHUNK_BYTES: usize = 16 << 20;
/// Games audited and handed to the writer at a time: a chunk of one file holding a million
/// games (`(;)` a million times gzips to 3 KB) built all its rows at once, 1.8 GB; `--limit`
/// and Ctrl-C take effect between these batches.
const ROW_BATCH: usize = 4096;
/// Worker stack size: deep SGF trees stay far from the guard page.
const WORKER_STACK: usize = 256 << 20;

/// A validated run configuration.
#[derive(Debug, Clone)]
pub struct Config {
    pub inputs: Vec<PathBuf>,
    pub output: PathBuf,
    /// Worker threads; 0 = one per core.
    pub threads: usize,
    pub komi_policy: KomiPolicy,
    /// Playouts of the dead-stone estimate's final settle batch ([`GameOptions`]).
    pub settle_playouts: usize,
    /// Seed of the estimator's playouts ([`GameOptions`]).
    pub playout_seed: u64,
    /// Second settle batch for split verdicts ([`GameOptions`]).
    pub second_batch: bool,
    pub limits: Limits,
    /// Passwords to try on encrypted archives and members, in order.
    pub passwords: Vec<String>,
    /// Stop after this many games.
    pub limit: Option<u64>,
    /// Show a progress bar on stderr (only when it is a terminal).
    pub progress: bool,
    pub writer: WriterOptions,
}

/// The footer's key for the files a scan passed over (neither SGF nor an archive, and macOS
/// metadata files), a JSON object of counts by name ending: what the summary's "passed over"
/// line says, kept with the rows.
pub const PASSED_OVER_KEY: &str = "kifu_audit.passed_over";

/// Runs a scan: inputs → rows → Parquet at `config.output` (atomically).
///
/// # Errors
/// Fatal problems only (the output cannot be written, no thread pool); bad games are rows.
pub fn run(config: &Config, interrupted: &AtomicBool) -> Result<Summary> {
    let started = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .stack_size(WORKER_STACK)
        .thread_name(|i| format!("kifu-audit-{i}"))
        .build()
        .context("cannot start worker threads")?;
    let mut skipped = source::Skipped::new();
    let paths =
        source::expand_inputs_noting(&config.inputs, config.limits.max_file_bytes, &mut skipped);
    refuse_an_input_as_output(&config.output, &paths)?;
    // `-o -` names standard output, not a file `-` the walk may have passed over
    if crate::output::writer::resolve_target(&config.output).1
        == crate::output::writer::TargetKind::File
    {
        source::forget_output(&mut skipped, &config.output, &config.inputs);
    }
    let progress = make_progress(config.progress, &paths, &config.passwords, config.limit);
    let mut writer = AtomicParquetWriter::create(&config.output, &config.writer)?;
    let options = GameOptions {
        limits: config.limits,
        komi_policy: config.komi_policy,
        settle_playouts: config.settle_playouts,
        playout_seed: config.playout_seed,
        second_batch: config.second_batch,
    };

    let (tx, rx) = mpsc::sync_channel::<Vec<InputItem>>(2);
    let read_options = source::ReadOptions {
        max_bytes: config.limits.max_file_bytes,
        passwords: config.passwords.clone(),
    };
    let item_limit = config.limit;
    let mut summary = Summary::default();
    let stop_reader = AtomicBool::new(false);
    // inputs that could not be opened at all: a run of nothing else read no input
    let unopened = std::sync::atomic::AtomicU64::new(0);
    // `--limit` left an item unread (a run it stopped is never fatal)
    let limit_cut = AtomicBool::new(false);
    let mut writer_done: Option<AtomicParquetWriter> = None;
    let result: Result<()> = std::thread::scope(|scope| {
        let reader_stop = &stop_reader;
        let unopened = &unopened;
        let limit_cut = &limit_cut;
        // the reader adds the archive members and AppleDouble files it passes over
        let passed_over = &mut skipped;
        scope.spawn(move || {
            let mut chunk = Vec::with_capacity(CHUNK_ITEMS);
            let mut chunk_bytes = 0usize;
            let mut sent = 0u64;
            source::read_all_noting(&paths, &read_options, passed_over, &mut |item| {
                if interrupted.load(Ordering::Relaxed) || reader_stop.load(Ordering::Relaxed) {
                    return false;
                }
                // `--limit` counts games; a file holds at least one, so reading stops at the
                // first item past it
                if item_limit.is_some_and(|l| sent >= l) {
                    limit_cut.store(true, Ordering::Relaxed);
                    return false;
                }
                if matches!(item.data, Err(source::SourceError::Unopened(_))) {
                    unopened.fetch_add(1, Ordering::Relaxed);
                }
                chunk_bytes += item.data.as_ref().map_or(0, |d| d.len());
                chunk.push(item);
                sent += 1;
                if chunk.len() >= CHUNK_ITEMS || chunk_bytes >= CHUNK_BYTES {
                    let full = std::mem::replace(&mut chunk, Vec::with_capacity(CHUNK_ITEMS));
                    chunk_bytes = 0;
                    if tx.send(full).is_err() {
                        return false;
                    }
                }
                true
            });
            if !chunk.is_empty() {
                let _ = tx.send(chunk);
            }
        });
        // Rows go to a writer stage of their own, so that encoding and compressing one chunk
        // overlaps the audit of the next; a channel of two chunks keeps memory bounded.
        let (row_tx, row_rx) = mpsc::sync_channel::<Vec<GameRow>>(2);
        let writer_stage = scope.spawn(move || -> Result<(Summary, AtomicParquetWriter)> {
            let mut summary = Summary::default();
            let mut builder = BatchBuilder::new();
            for rows in row_rx {
                for row in &rows {
                    summary.add(row);
                    builder.append(row);
                }
                writer.write(&builder.finish())?;
            }
            Ok((summary, writer))
        });
        let mut games = 0u64;
        let mut interrupted_early = false;
        'chunks: for chunk in rx {
            let prepared = pool.install(|| prepare_chunk(&chunk));
            let jobs = game_jobs(&chunk, &prepared);
            for batch in jobs.chunks(ROW_BATCH) {
                if interrupted.load(Ordering::Relaxed) {
                    interrupted_early = true;
                    break 'chunks;
                }
                // `--limit` stops inside a file too: no game past it is audited
                let batch = match config.limit {
                    Some(l) => &batch[..batch.len().min(l.saturating_sub(games) as usize)],
                    None => batch,
                };
                let rows = pool.install(|| {
                    audit_jobs(&chunk, &prepared, batch, &options, &|last| {
                        progress.done(last)
                    })
                });
                games += rows.len() as u64;
                if row_tx.send(rows).is_err() {
                    break 'chunks; // the writer failed: its error is reported below
                }
                if config.limit.is_some_and(|l| games >= l) {
                    stop_reader.store(true, Ordering::Relaxed);
                    break 'chunks;
                }
            }
        }
        drop(row_tx);
        let (s, w) = writer_stage
            .join()
            .map_err(|_| anyhow::anyhow!("the writer thread panicked"))??;
        summary = s;
        summary.interrupted |= interrupted_early;
        writer_done = Some(w);
        Ok(())
    });
    progress.bar.finish_and_clear();
    result?;
    let mut writer = writer_done.context("the writer stage ended without its file")?;
    // the files that are no rows, in the file itself: `{"ending": count, …}` (a file named
    // twice is read, once: no file passed over)
    let passed_over: source::Skipped = (skipped.iter())
        .filter(|(ending, _)| ending.as_str() != source::NAMED_TWICE)
        .map(|(ending, &n)| (ending.clone(), n))
        .collect();
    writer.append_metadata(
        PASSED_OVER_KEY,
        serde_json::to_string(&passed_over).unwrap_or_default(),
    );
    if interrupted.load(Ordering::Relaxed) {
        summary.interrupted = true;
        // Dropping the writer removes the temporary file; the previous output stays intact.
        drop(writer);
    } else if summary.games == unopened.load(Ordering::Relaxed)
        && config.limit != Some(0)
        && !limit_cut.load(Ordering::Relaxed)
    {
        // inputs that hold no game (an empty directory), or none that could be opened
        // (typos, a list of missing paths), write nothing: a previous output is not replaced
        // by a file of no game (unless `--limit` stopped the run before an input it did not
        // read; `--limit 0` writes the schema alone, on purpose)
        summary.nothing_written = true;
        drop(writer);
    } else {
        writer.finish()?;
    }
    summary.elapsed = started.elapsed();
    summary.skipped = skipped;
    Ok(summary)
}

/// Refuses an output that is one of the files the inputs expand to (a file named, inside a
/// scanned directory, or listed on standard input, or a later volume of a split file read):
/// replacing it would lose that input.
///
/// # Errors
/// The output is such a file.
fn refuse_an_input_as_output(output: &std::path::Path, paths: &[source::Expanded]) -> Result<()> {
    let (target, kind) = crate::output::writer::resolve_target(output);
    if kind != crate::output::writer::TargetKind::File {
        return Ok(());
    }
    if let Some(path) = source::input_at(&target, paths) {
        anyhow::bail!(
            "--output {} is also an input ({}); writing it would replace the input",
            output.display(),
            path.display()
        );
    }
    Ok(())
}

thread_local! {
    /// Each worker thread's scratch state, made on its first game and reused for every game
    /// of every chunk after (rayon's `map_init` would make one per task split: megabytes of
    /// fresh, page-faulted memory many times per chunk).
    static SCRATCH: std::cell::RefCell<Option<Scratch>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with this thread's scratch state. Never re-entered: auditing a game does not
/// run other rayon jobs on its thread.
fn with_scratch<T>(f: impl FnOnce(&mut Scratch) -> T) -> T {
    SCRATCH.with(|cell| {
        let mut slot = cell.borrow_mut();
        f(slot.get_or_insert_with(Scratch::new))
    })
}

/// Audits one chunk of input items, in parallel, rows in input order.
pub fn audit_chunk(items: &[InputItem], options: &GameOptions) -> Vec<GameRow> {
    let prepared = prepare_chunk(items);
    let jobs = game_jobs(items, &prepared);
    audit_jobs(items, &prepared, &jobs, options, &|_| {})
}

/// A chunk's files decoded and split into games (in parallel), or why an item has none.
type Prepared<'a> = Vec<Result<sgf::PreparedFile, &'a source::SourceError>>;

/// Phase 1: decode and split every file of the chunk.
fn prepare_chunk(items: &[InputItem]) -> Prepared<'_> {
    items
        .par_iter()
        .map(|item| match &item.data {
            Ok(bytes) => Ok(sgf::prepare_file(bytes)),
            Err(e) => Err(e),
        })
        .collect()
}

/// Every game of every file, in input order, as (file, game) indices: one row each (an
/// unreadable item is one error row, and a file cut short one more row after its games).
fn game_jobs(items: &[InputItem], prepared: &Prepared<'_>) -> Vec<(usize, usize)> {
    prepared
        .iter()
        .zip(items)
        .enumerate()
        .flat_map(|(fi, (p, item))| (0..rows_of(item, p)).map(move |gi| (fi, gi)))
        .collect()
}

/// The rows of one item: one a game, one more after the games of a file cut short, and one
/// for an item that could not be read.
fn rows_of(item: &InputItem, prepared: &Result<sgf::PreparedFile, &source::SourceError>) -> usize {
    prepared
        .as_ref()
        .map_or(1, |f| f.game_count() + usize::from(item.cut.is_some()))
}

/// Phase 2: the rows of the games `jobs` names, audited in parallel, in order. `done` is told
/// of every row made, and whether it was its item's last (for the progress bar).
fn audit_jobs(
    items: &[InputItem],
    prepared: &Prepared<'_>,
    jobs: &[(usize, usize)],
    options: &GameOptions,
    done: &(dyn Fn(bool) + Sync),
) -> Vec<GameRow> {
    jobs.par_iter()
        .map(|&(fi, gi)| {
            let item = &items[fi];
            let row = match (&prepared[fi], &item.cut) {
                // the row after the games of a file cut short
                (Ok(file), Some(cut)) if gi == file.game_count() => {
                    source_error_row_at(item, cut, gi)
                }
                (Ok(file), _) => with_scratch(|scratch| {
                    process_game(
                        &item.source,
                        item.member.as_deref(),
                        file,
                        gi,
                        options,
                        scratch,
                    )
                }),
                (Err(e), _) => source_error_row(item, e),
            };
            done(gi + 1 == rows_of(item, &prepared[fi]));
            row
        })
        .collect()
}

/// The row for an input that could not be read at all.
pub fn source_error_row(item: &InputItem, e: &source::SourceError) -> GameRow {
    source_error_row_at(item, e, 0)
}

/// The error row of `item` with game index `game_index` (one past its games when it was cut
/// short after them, see [`InputItem::cut`]).
pub fn source_error_row_at(
    item: &InputItem,
    e: &source::SourceError,
    game_index: usize,
) -> GameRow {
    let kind = match e {
        source::SourceError::Io(_) | source::SourceError::Unopened(_) => ErrorKind::IoError,
        source::SourceError::Archive(_) => ErrorKind::ArchiveError,
        source::SourceError::TooLarge { .. } => ErrorKind::FileTooLarge,
        source::SourceError::Record(_) => ErrorKind::ParseError,
    };
    let where_ = match &item.member {
        Some(m) => format!("{}::{}", item.source, m),
        None => item.source.clone(),
    };
    let mut message = e.message();
    if !message.contains(&item.source) {
        message = format!("{where_}: {message}");
    }
    let ingest = Ingested {
        game_index: game_index as u32,
        status: Status::Error,
        error_kind: Some(kind),
        error_message: Some(message),
        charset_declared: None,
        charset_used: None,
        charset_lossy: false,
        record: None,
    };
    GameRow::new(item.source.clone(), item.member.clone(), ingest, None, None)
}

/// The progress bar: files done of all files (what is known up front: all of them, or under
/// `--limit` at most as many as the games it asks for, each file holding one game at least),
/// and games done (what a collection holds), both moved as each game's row is made, from the
/// worker threads (moved once a chunk of 2,048 files, the bar stood still for seconds, and
/// for the whole run over one large collection file).
struct Progress {
    bar: indicatif::ProgressBar,
    games: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl Progress {
    /// A row was made; `last`: its item's last.
    fn done(&self, last: bool) {
        if self.bar.is_hidden() {
            return;
        }
        // the games are drawn at the bar's steady tick
        self.games.fetch_add(1, Ordering::Relaxed);
        if last {
            self.bar.inc(1);
        }
    }
}

fn make_progress(
    enabled: bool,
    paths: &[source::Expanded],
    passwords: &[String],
    limit: Option<u64>,
) -> Progress {
    use std::io::IsTerminal;
    let games = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    if !enabled || !std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::hidden();
        return Progress { bar, games };
    }
    let files = source::count_items_with(paths, passwords);
    let bar = indicatif::ProgressBar::new(limit.map_or(files, |l| files.min(l)));
    let (count, rate) = (games.clone(), games.clone());
    let style = indicatif::ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} files, {games}  {rate}  ETA {eta}",
    )
    .map(|s| {
        s.with_key(
            "games",
            move |_: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{} games", count.load(Ordering::Relaxed));
            },
        )
        .with_key(
            "rate",
            move |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let secs = state.elapsed().as_secs_f64();
                let done = rate.load(Ordering::Relaxed) as f64;
                let _ = write!(
                    w,
                    "{:.0} games/s",
                    if secs > 0.0 { done / secs } else { 0.0 }
                );
            },
        )
    })
    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    bar.set_style(style);
    // the clock and the spinner move while a slow game or a large file is read
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    Progress { bar, games }
}

/// Audits every game under `inputs` and returns all rows in order (holds them all: for tests,
/// `explain` and small inputs; use [`run`] for archives of any size).
pub fn audit_paths(
    inputs: &[PathBuf],
    options: &GameOptions,
    threads: usize,
) -> Result<Vec<GameRow>> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(WORKER_STACK)
        .build()
        .context("cannot start worker threads")?;
    let paths = source::expand_inputs(inputs);
    let mut rows = Vec::new();
    let mut chunk = Vec::new();
    let flush = |chunk: &mut Vec<InputItem>, rows: &mut Vec<GameRow>| {
        let items = std::mem::take(chunk);
        rows.extend(pool.install(|| audit_chunk(&items, options)));
    };
    source::read_all(&paths, options.limits.max_file_bytes, &mut |item| {
        chunk.push(item);
        if chunk.len() >= CHUNK_ITEMS {
            flush(&mut chunk, &mut rows);
        }
        true
    });
    flush(&mut chunk, &mut rows);
    Ok(rows)
}
