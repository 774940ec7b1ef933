//! The command line: clap definitions (raw flags) and their validation into run settings, one
//! module per subcommand. `main.rs` only calls [`run`] and maps the outcome to an exit code.
//!
//! Exit status: 0 every game was read; 1 some games could not be read (rows with status
//! `error`); 2 fatal (bad arguments, no input readable or no game found, output not
//! writable: no output); 130 interrupted.

pub mod explain;
pub mod scan;
pub mod schema_cmd;

use clap::{Parser, Subcommand};

const AFTER_HELP: &str = "\
Examples:
  kifu-audit scan data-samples -o games.parquet
  kifu-audit scan tygem.zip kgs/ --threads 8 -o audit.parquet
  kifu-audit explain games.zip::2006-01/82546561.sgf --svg game.svg
  kifu-audit schema > SCHEMA.md

Exit status: 0 every game was read; 1 some games could not be read (rows with status
'error'); 2 fatal (bad arguments, no input readable or no game found, output not
writable: nothing written, a previous output left as it was); 130 interrupted (Ctrl-C,
SIGTERM, SIGHUP: the previous output left as it was). A closed pipe is no error.";

/// Audit Go (weiqi/baduk) SGF archives: replay every game, check legality under seven
/// rulesets, rescore each game under all of them, and write one Parquet row per game.
#[derive(Debug, Parser)]
#[command(name = "kifu-audit", version, about, long_about = None, propagate_version = true,
          args_override_self = true,
          after_help = AFTER_HELP)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Audit SGF files, directories and archives; write one Parquet row per game.
    Scan(scan::ScanArgs),
    /// Print the output schema (every column, type and meaning) as Markdown.
    Schema,
    /// Explain one game: final board with dead stones, seki and territory, its score under
    /// every ruleset, legality, and why rulesets disagree; `--svg` draws it.
    Explain(explain::ExplainArgs),
}

/// Writes `text` to stderr as it is, ignoring a failure: a closed stderr (`2>&1 | head`, or
/// `2>&-`) is not an error of the run, where `eprint!` would panic.
pub fn to_stderr(text: &str) {
    use std::io::Write;
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// How a run ended, for the exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    AllRead,
    SomeUnreadable,
    Interrupted,
}

/// Runs the parsed command line.
///
/// # Errors
/// Fatal errors only (exit status 2).
pub fn run(cli: Cli) -> anyhow::Result<Outcome> {
    match cli.command {
        Command::Scan(args) => scan::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Schema => {
            schema_cmd::run()?;
            Ok(Outcome::AllRead)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// An option given twice counts as given last (ripgrep's convention: an alias may pass
    /// `-q` already), while `--password`, `--password-file` and `--rules` collect every value.
    #[test]
    fn the_last_of_a_repeated_option_counts() {
        let cli = Cli::try_parse_from([
            "kifu-audit",
            "scan",
            "in.sgf",
            "-q",
            "--quiet",
            "-j1",
            "-j2",
            "--komi",
            "standard",
            "--komi",
            "recorded",
            "--password",
            "a",
            "--password",
            "b",
            "--password-file",
            "p",
            "--password-file",
            "q",
            "--rules",
            "nz",
            "--rules",
            "aga",
            "-o",
            "x.parquet",
            "-o",
            "y.parquet",
        ])
        .expect("parsed");
        let Command::Scan(args) = cli.command else {
            panic!("scan")
        };
        assert!(args.quiet);
        assert_eq!(args.threads, 2);
        assert_eq!(args.output, std::path::PathBuf::from("y.parquet"));
        assert_eq!(args.password.passwords, ["a", "b"]);
        let files = [std::path::PathBuf::from("p"), std::path::PathBuf::from("q")];
        assert_eq!(args.password.password_file, files);
        assert_eq!(args.rules, ["nz", "aga"]);
        assert_eq!(format!("{:?}", args.komi), "Recorded");
    }
}
