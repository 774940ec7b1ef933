//! The `kifu-audit` binary: parse flags, run, map the outcome to an exit code. All the work is
//! in the library (`kifu_audit::cli`).

use clap::Parser;
use kifu_audit::cli::{self, Outcome};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(Outcome::AllRead) => ExitCode::SUCCESS,
        Ok(Outcome::SomeUnreadable) => ExitCode::from(1),
        Ok(Outcome::Interrupted) => ExitCode::from(130),
        Err(e) => {
            // A closed pipe (e.g. `| head`) is not an error.
            if e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>()
                    .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            }) {
                return ExitCode::SUCCESS;
            }
            cli::to_stderr(&format!("kifu-audit: error: {e:#}\n"));
            ExitCode::from(2)
        }
    }
}

/// sgf-parse allocates per node, property and value: mimalloc measurably beats the system
/// allocator on that pattern (see benches/end_to_end.sh).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
