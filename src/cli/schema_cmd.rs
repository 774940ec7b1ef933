//! `kifu-audit schema`: prints SCHEMA.md from the one schema definition.

use std::io::Write;

/// Prints the schema as Markdown on stdout.
///
/// # Errors
/// Only if stdout fails for a reason other than a closed pipe.
pub fn run() -> anyhow::Result<()> {
    let text = crate::output::schema::markdown();
    match std::io::stdout().write_all(text.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}
