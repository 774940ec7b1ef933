//! The `kifu-audit` binary: parse flags, run, map the outcome to an exit code. All the work is
//! in the library (`kifu_audit::cli`).

mod allocator;

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
/// allocator on that pattern (see benches/end_to_end.sh). Built without transparent huge
/// pages (the `no_thp` feature; **choice**, full Tygem scan, two runs each, the same rows:
/// peak RSS 141–146 MB → 106–109 MB, kernel time 0.54–0.57 s → 0.34–0.37 s, user time the
/// same; the 7z of the same games at `-mx9` 334 MB → 304 MB): the kernel zeroed each 2 MiB
/// page the allocator touched, and kept it whole in the RSS. Blocks of 16 MiB or more are
/// the kernel's, grown without a copy (see `allocator`).
#[global_allocator]
static GLOBAL: allocator::Allocator = allocator::Allocator;
