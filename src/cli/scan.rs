//! `kifu-audit scan`: flags → validated [`pipeline::Config`] → run → summary on stderr.

use super::{self as cli, Outcome};
use crate::output::writer::{resolve_target, temp_path, TargetKind, STDOUT_TARGET};
use crate::output::WriterOptions;
use crate::pipeline::{self, Config};
use crate::rules::{Ruleset, RulesetId};
use crate::scoring::{KomiPolicy, MAX_SETTLE_PLAYOUTS, SETTLE_PLAYOUTS};
use crate::sgf::source::STDIN_SOURCE;
use crate::sgf::Limits;
use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

const EXAMPLES: &str = "\
Examples:
  kifu-audit scan data-samples -o games.parquet
  kifu-audit scan kgs-2020.zip fox/ --threads 8 -o audit.parquet
  kifu-audit scan fox-9d.7z kgs-2019.tar.bz2 -o audit.parquet
  find . -name '*.sgf' | kifu-audit scan - -o games.parquet
  curl -s https://example.org/games.zip | kifu-audit scan - -o games.parquet
  kifu-audit scan games/ --komi recorded --quiet -o recorded.parquet
  kifu-audit scan locked.rar --password-file passwords.txt -o games.parquet
  kifu-audit scan tygem.zip --playouts 1 -o records.parquet   (half the time: counted games
                                                               as by default, resigned coarser)
  duckdb -c \"SELECT status, count(*) FROM 'games.parquet' GROUP BY ALL\"";

/// Komi policy on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum KomiArg {
    /// Even games use each ruleset's standard komi; handicap games keep the recorded komi.
    Standard,
    /// Every ruleset applies the record's own komi.
    Recorded,
}

/// `--playouts` and `--seed`, shared by `scan` and `explain`.
#[derive(Debug, Args)]
pub struct PlayoutsArg {
    /// Playouts that decide the groups the dead-stone analysis leaves open (1–64). More
    /// judge unfinished fights (resigned games) better, at a cost in proportion; games the
    /// record says were counted run 64 whatever N (their open groups are few and small).
    /// `--playouts 1` halves a scan of the Tygem games and leaves every counted game's row
    /// as it is, for worse estimates of the resigned ones: README, "Playouts".
    #[arg(long = "playouts", default_value_t = SETTLE_PLAYOUTS as u8, value_name = "N",
          value_parser = clap::value_parser!(u8).range(1..=MAX_SETTLE_PLAYOUTS as i64))]
    pub n: u8,
    /// Sample the estimator's playouts with this seed. Every seed gives the same output on
    /// every run and thread count; running two shows which estimates are the playouts'
    /// luck (README, "Playouts").
    #[arg(long = "seed", default_value_t = 0, value_name = "N")]
    pub seed: u64,
    /// Decide every group on the first batch of playouts: without this, a group surviving
    /// between ¼ and ¾ of them gets a second batch. About a third less CPU; the counted
    /// games score nearly the same, the resigned games' estimates are worse (README,
    /// "Playouts").
    #[arg(long = "single-batch")]
    pub single_batch: bool,
}

/// `--password` and `--password-file`, shared by `scan` and `explain`.
#[derive(Debug, Args)]
pub struct PasswordArg {
    /// A password to try on encrypted archives and members (zip, 7z, RAR); give it again
    /// for more, tried in order. The file's metadata records the option, never the password.
    #[arg(long = "password", value_name = "PASSWORD")]
    pub passwords: Vec<String>,
    /// A file of passwords to try after those of --password, one a line (out of the
    /// process list, where --password shows); give it again for more files, read in order.
    #[arg(long, value_name = "FILE")]
    pub password_file: Vec<PathBuf>,
}

impl PasswordArg {
    /// The passwords in the order they are tried: `--password`'s, then the file's lines
    /// (a line's ending taken off, empty lines passed over).
    ///
    /// # Errors
    /// The password file cannot be read.
    pub fn passwords(&self) -> Result<Vec<String>> {
        let mut all = self.passwords.clone();
        for path in &self.password_file {
            let text = std::fs::read_to_string(path)
                .map_err(|e| anyhow::anyhow!("--password-file {}: {e}", path.display()))?;
            all.extend(
                text.lines()
                    .map(|l| l.strip_suffix('\r').unwrap_or(l))
                    .filter(|l| !l.is_empty())
                    .map(String::from),
            );
        }
        Ok(all)
    }
}

#[derive(Debug, Args)]
#[command(after_help = EXAMPLES, args_override_self = true)]
pub struct ScanArgs {
    /// SGF files (.sgf, and .mgt as Many Faces of Go names them), Tygem .gib, WBaduk .ngf and
    /// Pandanet .ugf/.ugi records, directories (searched recursively for these and archives,
    /// in any case), archives (.zip, .7z, .tar, .tar.gz, .tgz, .tar.bz2, .tar.xz, .tar.zst, .lzh,
    /// .lha, Pandanet's .ugz, .rar and RAR volume sets), one record compressed on its own
    /// (.sgf.gz, .sgf.bz2, .sgf.xz, .sgf.zst, and so .gib.gz, .ugf.xz…), any of these split into volumes (games.7z.001, games.part1.rar: any volume
    /// names its set), self-extracting archives (games.exe), or `-` for standard input: an
    /// SGF, GIB or UGF record or an archive piped in (held in memory, at most
    /// --max-file-bytes; its rows' source is `-`), or else a list of paths, one per line.
    #[arg(required = true, value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,
    /// The Parquet file to write (replaced atomically at the end; a symbolic link's file is
    /// replaced, a device or pipe such as /dev/null written in place; `-` for standard output).
    /// A name ending like an input (.sgf, .zip, .sgf.gz, .zip.001, .r00, …) is refused.
    #[arg(
        short,
        long,
        default_value = "games.parquet",
        value_name = "OUT.parquet"
    )]
    pub output: PathBuf,
    /// Worker threads (0 = one per core, at most 1,024). The output is identical for every
    /// value.
    #[arg(short = 'j', long, default_value_t = 0)]
    pub threads: usize,
    /// Which komi the per-ruleset scores apply.
    #[arg(long, value_enum, ignore_case = true, default_value_t = KomiArg::Standard)]
    pub komi: KomiArg,
    /// Rulesets to compare in the summary (comma-separated; all seven by default): chinese,
    /// japanese, korean, ing, aga, nz, tromp_taylor (case and punctuation ignored, and the
    /// names records use: `tt`, `jp`, `kor`, `newzealand`, …). Columns for every ruleset are
    /// always written.
    #[arg(long, value_delimiter = ',', value_name = "LIST")]
    pub rules: Vec<String>,
    /// No progress bar and no summary.
    #[arg(short, long)]
    pub quiet: bool,
    /// Stop after this many games (`--limit 0` writes an empty file: the schema alone).
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
    #[command(flatten)]
    pub playouts: PlayoutsArg,
    #[command(flatten)]
    pub limits: LimitsArg,
    #[command(flatten)]
    pub password: PasswordArg,
}

/// `--max-file-bytes`, `--max-game-bytes` and `--max-nodes`, shared by `scan` and `explain`
/// (a row made under other limits is explained under the same ones).
#[derive(Debug, Args)]
pub struct LimitsArg {
    /// Largest file or archive member, after decompression, in bytes.
    #[arg(long, default_value_t = Limits::default().max_file_bytes, value_name = "BYTES",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_file_bytes: u64,
    /// Largest single game, in bytes.
    #[arg(long, default_value_t = Limits::default().max_game_bytes, value_name = "BYTES",
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub max_game_bytes: usize,
    /// Most nodes in one game tree, and moves in its main line (a node holding many counts
    /// them all; a game nesting variations more than 10,000 deep, with more than 10,000
    /// compressed point lists `[aa:ss]`, or with more than 1,000,000 values in a tree the fast
    /// reader leaves to sgf-parse, is refused too: `too_many_nodes`).
    #[arg(long, default_value_t = Limits::default().max_nodes, value_name = "N",
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub max_nodes: usize,
}

impl LimitsArg {
    /// The limits these flags set.
    pub fn limits(&self) -> Limits {
        Limits {
            max_file_bytes: self.max_file_bytes,
            max_game_bytes: self.max_game_bytes,
            max_nodes: self.max_nodes,
        }
    }
}

/// Refuses an output `flag` names that is a directory (or ends in `/`, as one would).
///
/// # Errors
/// The path is a directory.
pub(crate) fn refuse_a_directory(output: &std::path::Path, flag: &str) -> Result<()> {
    if output.is_dir() || output.as_os_str().to_string_lossy().ends_with('/') {
        bail!(
            "{flag} {} is a directory; give a file name",
            output.display()
        );
    }
    Ok(())
}

/// Refuses an output named like an input (`-o games.sgf`, `-o out.zip`, `-o out.zip.001`,
/// `-o out.r00`; `explain --svg game.sgf` too): the file would be read back as a game record
/// or archive by the next scan of its directory, where it is an error row, and
/// `scan DIR -o DIR/new.sgf` run twice would then refuse its own output as an input. `flag`
/// names the option, `format` and `extension` what the file holds.
///
/// # Errors
/// The name ends like a game record, an archive or a volume of a split file.
pub(crate) fn refuse_an_input_name(
    output: &std::path::Path,
    flag: &str,
    format: &str,
    extension: &str,
) -> Result<()> {
    if output.as_os_str() == STDOUT_TARGET {
        return Ok(());
    }
    refuse_the_name(output, output, flag, format, extension)?;
    // a link is written through: the file it names must not be a record either
    let (resolved, _) = crate::output::writer::resolve_target(output);
    if resolved != output {
        refuse_the_name(output, &resolved, flag, format, extension)?;
    }
    Ok(())
}

/// [`refuse_an_input_name`] for the file `named` that `output` writes (itself, or the file
/// its link names).
fn refuse_the_name(
    output: &std::path::Path,
    named: &std::path::Path,
    flag: &str,
    format: &str,
    extension: &str,
) -> Result<()> {
    let Some(name) = named.file_name().map(|n| n.to_string_lossy()) else {
        return Ok(());
    };
    let volume =
        crate::sgf::volumes::is_volume(named) || crate::sgf::rar::named_as_later_volume(named);
    let what = if volume {
        "a volume of a split file"
    } else {
        match crate::sgf::source::classify(&name) {
            None => return Ok(()),
            Some(crate::sgf::source::InputKind::Sgf | crate::sgf::source::InputKind::Record(_)) => {
                "a game record"
            }
            Some(_) => "an archive or a compressed file",
        }
    };
    let stem = name
        .split('.')
        .next()
        .filter(|s| !s.is_empty())
        .unwrap_or("games");
    if named != output {
        bail!(
            "{flag} {} links to {}, which is named like {what}, but the output is {format}: \
             it would be written there; name another file, e.g. {stem}.{extension}",
            output.display(),
            named.display()
        )
    }
    bail!(
        "{flag} {} is named like {what}, but the output is {format}: a scan reads such a name as an input; \
         give it another name, e.g. {stem}.{extension}",
        output.display()
    )
}

/// Whether `path` is a character device that is a terminal.
fn is_terminal_device(path: &std::path::Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let device = std::fs::metadata(path).is_ok_and(|m| m.file_type().is_char_device());
        device
            && std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .is_ok_and(|f| f.is_terminal())
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

/// What the recorded command line shows for a password.
const HIDDEN: &str = "(hidden)";

/// The command line as recorded in the file's metadata, each argument as a shell reads it
/// back ([`shell_word`]; a password's value is shown as `(hidden)`): every argument except those that cannot change a row (`--threads`, `--quiet`, `--output`, `--rules`: the summary's), so
/// that runs differing only in them write byte-identical files, and the program by its file
/// name (`./kifu-audit` and `/usr/bin/kifu-audit` are one); `--password` with its value
/// hidden.
fn provenance(mut args: impl Iterator<Item = String>) -> String {
    let program = args.next().map(|p| match p.rsplit_once('/') {
        Some((_, name)) if !name.is_empty() => name.to_string(),
        _ => p,
    });
    let mut kept = Vec::from_iter(program);
    let mut skip_value = false;
    let mut positional = false;
    for a in args {
        if std::mem::take(&mut skip_value) {
            continue;
        }
        if positional {
            kept.push(shell_word(a));
            continue;
        }
        match a.as_str() {
            "--" => {
                positional = true;
                kept.push(a);
            }
            "--threads" | "--output" | "--rules" => skip_value = true,
            "--quiet" => {}
            _ if ["--threads=", "--output=", "--rules="]
                .iter()
                .any(|o| a.starts_with(o)) => {}
            // a password is a secret: the option is recorded, its value never
            "--password" => {
                kept.push(format!("{a} {HIDDEN}"));
                skip_value = true;
            }
            _ if a.starts_with("--password=") => kept.push(format!("--password={HIDDEN}")),
            _ if a.starts_with('-') && !a.starts_with("--") && a.len() > 1 => {
                match short_flags_left_out(&a[1..]) {
                    Some(value_follows) => skip_value = value_follows,
                    None => kept.push(shell_word(a)),
                }
            }
            _ => kept.push(shell_word(a)),
        }
    }
    kept.join(" ")
}

/// An argument as a POSIX shell reads it back: as it is when it holds only characters no
/// shell treats specially, else in single quotes (`'with space.sgf'`, `'it'\''s.sgf'`).
fn shell_word(a: String) -> String {
    let plain = |c: char| c.is_alphanumeric() || "-_./=:,+@%^".contains(c);
    if !a.is_empty() && a.chars().all(plain) {
        a
    } else {
        format!("'{}'", a.replace('\'', "'\\''"))
    }
}

/// For a cluster of short flags (`q`, `j8`, `qj2`, `qo`, …, the `-` taken off): whether it
/// is all `-q`, `-j` and `-o`, which change no row (then whether the next argument is the
/// value of its `-j` or `-o`), or `None` when it holds another flag and is kept as written.
fn short_flags_left_out(cluster: &str) -> Option<bool> {
    for (i, c) in cluster.char_indices() {
        match c {
            'q' => {}
            // the rest of the cluster is the value, or the next argument when nothing is left
            'j' | 'o' => return Some(i + 1 == cluster.len()),
            _ => return None,
        }
    }
    Some(false)
}

/// The most worker threads `--threads` may ask for (each keeps its own scratch state; a
/// typo such as `--threads 100000` exhausted memory before any game was read).
const MAX_THREADS: usize = 1024;

fn validate(args: &ScanArgs) -> Result<(Config, Vec<RulesetId>)> {
    let mut rulesets = Vec::new();
    for name in &args.rules {
        match RulesetId::from_name(name) {
            Some(id) if !rulesets.contains(&id) => rulesets.push(id),
            Some(_) => {}
            None => bail!(
                "unknown ruleset {name:?} in --rules (known: chinese, japanese, korean, ing, aga, nz, tromp_taylor)"
            ),
        }
    }
    if rulesets.is_empty() {
        rulesets = RulesetId::ALL.to_vec();
    }
    refuse_a_directory(&args.output, "--output")?;
    refuse_an_input_name(&args.output, "--output", "Parquet", "parquet")?;
    if args.output.as_os_str() == STDOUT_TARGET && std::io::stdout().is_terminal() {
        bail!("--output - writes Parquet to standard output, which is a terminal here; redirect it or name a file");
    }
    // a terminal by its name (`-o /dev/stdout`, `-o /dev/tty`): binary on a screen (only a
    // device is opened to ask: opening a pipe would wait for its reader, then end its read)
    if is_terminal_device(&resolve_target(&args.output).0) {
        bail!(
            "--output {} is a terminal; Parquet is binary: redirect it or name a file",
            args.output.display()
        );
    }
    // a typo in the only input: fatal, the previous output kept (with several inputs the
    // missing ones are rows, `io_error`, and the others are read)
    let unreadable: Vec<String> = args
        .inputs
        .iter()
        .filter(|i| i.as_os_str() != STDIN_SOURCE)
        .filter_map(|i| {
            std::fs::metadata(i)
                .err()
                .map(|e| format!("{}: {e}", i.display()))
        })
        .collect();
    if unreadable.len() == args.inputs.len() {
        bail!("no input can be read: {}", unreadable.join("; "));
    }
    if args.threads > MAX_THREADS {
        bail!(
            "--threads {}: at most {MAX_THREADS} (0 = one per core)",
            args.threads
        );
    }
    let komi_policy = match args.komi {
        KomiArg::Standard => KomiPolicy::Standard,
        KomiArg::Recorded => KomiPolicy::Recorded,
    };
    // the presets as JSON, like the other structured metadata (`kifu_audit.passed_over`)
    let presets = serde_json::to_string(&Ruleset::all())?;
    // a path that is not UTF-8 is recorded lossily (`std::env::args` would panic on it)
    let command_line = provenance(std::env::args_os().map(|a| a.to_string_lossy().into_owned()));
    let metadata = vec![
        (
            "kifu_audit.version".to_string(),
            env!("CARGO_PKG_VERSION").to_string(),
        ),
        (
            "kifu_audit.komi_policy".to_string(),
            format!("{:?}", args.komi).to_lowercase(),
        ),
        (
            "kifu_audit.playouts".to_string(),
            args.playouts.n.to_string(),
        ),
        (
            "kifu_audit.seed".to_string(),
            args.playouts.seed.to_string(),
        ),
        (
            "kifu_audit.second_batch".to_string(),
            (!args.playouts.single_batch).to_string(),
        ),
        ("kifu_audit.rulesets".to_string(), presets),
        ("kifu_audit.command_line".to_string(), command_line),
    ];
    let config = Config {
        inputs: args.inputs.clone(),
        output: args.output.clone(),
        threads: args.threads,
        komi_policy,
        settle_playouts: args.playouts.n as usize,
        playout_seed: args.playouts.seed,
        second_batch: !args.playouts.single_batch,
        limits: args.limits.limits(),
        passwords: args.password.passwords()?,
        limit: args.limit,
        progress: !args.quiet,
        writer: WriterOptions {
            metadata,
            ..WriterOptions::default()
        },
    };
    Ok((config, rulesets))
}

/// How long an interrupted scan may take to stop cleanly before it stops at once (see
/// [`run`]): the workers finish the games in hand and the writer drops its temporary file
/// in well under a second.
const STOP_GRACE: std::time::Duration = std::time::Duration::from_secs(3);

/// Runs `scan`.
///
/// # Errors
/// Bad arguments or an unwritable output.
pub fn run(args: ScanArgs) -> Result<Outcome> {
    let (config, rulesets) = validate(&args)?;
    let interrupted = Arc::new(AtomicBool::new(false));
    {
        let flag = interrupted.clone();
        let (target, kind) = resolve_target(&config.output);
        let message = if kind != TargetKind::File {
            "\ninterrupted: stopping; the output written so far is incomplete\n"
        } else if target.exists() {
            "\ninterrupted: stopping; the previous output file is left as it was\n"
        } else {
            "\ninterrupted: stopping; no output file is written\n"
        };
        let temp = temp_path(&target);
        // A second handler cannot be installed (e.g. in tests running twice): not fatal.
        let _ = ctrlc::set_handler(move || {
            if flag.swap(true, Ordering::SeqCst) {
                // a second Ctrl-C stops at once: without the temporary file the first one
                // would have removed (the target is untouched either way)
                let _ = std::fs::remove_file(&temp);
                std::process::exit(130);
            }
            // A run blocked in a read or write (a list of paths piped in by a slow `find`,
            // a reader of `-o -` that reads nothing) cannot see the flag: after a grace
            // period it stops as a second Ctrl-C does (`timeout`, `kill` and service
            // managers send one signal). A run that saw the flag ends within it. Started
            // before the message, which a full stderr pipe may block.
            let watchdog_temp = temp.clone();
            std::thread::spawn(move || {
                std::thread::sleep(STOP_GRACE);
                let _ = std::fs::remove_file(&watchdog_temp);
                std::process::exit(130);
            });
            cli::to_stderr(message);
        });
    }
    let summary = pipeline::run(&config, &interrupted)?;
    // a run that writes nothing ends with its error alone (below), not a summary of no rows
    if !args.quiet && !summary.nothing_written {
        cli::to_stderr(&summary.render_for(&rulesets));
        if !summary.interrupted {
            let wrote = match config.output.as_os_str() == STDOUT_TARGET {
                true => "the Parquet file to standard output".to_string(),
                false => config.output.display().to_string(),
            };
            cli::to_stderr(&format!("wrote {wrote}\n"));
        }
    }
    if summary.nothing_written {
        // an empty directory or archive, or no input that could be read: fatal, nothing
        // written
        let kept = if config.output.exists() {
            format!(", {} left as it was", config.output.display())
        } else {
            String::new()
        };
        if summary.games > 0 {
            bail!(
                "no input can be read: {}; nothing written{kept}",
                summary.unreadable.join("; ")
            );
        }
        bail!(
            "the inputs hold no game record (.sgf, .mgt, .gib, .ngf, .ugf, .ugi, compressed or \
             split into volumes, or archives of them); nothing written{kept}"
        );
    }
    Ok(if summary.interrupted {
        Outcome::Interrupted
    } else if summary.errors > 0 {
        Outcome::SomeUnreadable
    } else {
        Outcome::AllRead
    })
}

#[cfg(test)]
mod tests {
    use super::provenance;

    #[test]
    fn recorded_command_line_leaves_out_what_cannot_change_a_row() {
        let args = |s: &str| {
            s.split(' ')
                .map(String::from)
                .collect::<Vec<_>>()
                .into_iter()
        };
        assert_eq!(
            provenance(args(
                "kifu-audit scan a.zip --threads 1 -o x.parquet --komi recorded"
            )),
            "kifu-audit scan a.zip --komi recorded"
        );
        assert_eq!(
            provenance(args(
                "kifu-audit scan -j8 -q a.zip --output=y.parquet --threads=2 b"
            )),
            "kifu-audit scan a.zip b"
        );
        // combined short flags: `-qj1` and `-qj2` must record the same command line
        assert_eq!(
            provenance(args(
                "kifu-audit scan -qj1 a.zip -qo out.parquet -qox.parquet"
            )),
            "kifu-audit scan a.zip"
        );
        assert_eq!(
            provenance(args("kifu-audit scan -qj 2 a.zip -o=x.parquet --limit 5")),
            "kifu-audit scan a.zip --limit 5"
        );
        // the summary's rulesets, and the program's path, change no row either
        assert_eq!(
            provenance(args(
                "/usr/local/bin/kifu-audit scan a.zip --rules jp,cn --rules=aga b.sgf"
            )),
            "kifu-audit scan a.zip b.sgf"
        );
        // an argument after `--` is an input, whatever it looks like
        assert_eq!(
            provenance(args("kifu-audit scan -q -- -q.sgf")),
            "kifu-audit scan -- -q.sgf"
        );
        // a password is kept out, its option in (it changes the rows)
        assert_eq!(
            provenance(args(
                "kifu-audit scan a.rar --password s3cret --password=other --password-file pw.txt"
            )),
            "kifu-audit scan a.rar --password (hidden) --password=(hidden) --password-file pw.txt"
        );
        // names a shell would split or expand are quoted, so the line runs as written
        let quoted = [
            "kifu-audit",
            "scan",
            "with space.sgf",
            "it's.sgf",
            "*.sgf",
            "",
            "ok.sgf",
        ];
        assert_eq!(
            provenance(quoted.into_iter().map(String::from)),
            r"kifu-audit scan 'with space.sgf' 'it'\''s.sgf' '*.sgf' '' ok.sgf"
        );
    }
}
