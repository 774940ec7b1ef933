//! The integration tests: one binary. Real-record tests read `../shared/corpus` in place and
//! skip (with a message) when it is absent, as in a user's clone; CI has it.

mod archives;
mod cli;
mod common;
mod corpus_ingestion;
mod corpus_replay;
mod explain;
mod fast_reader;
mod flip_causes;
mod hostile;
mod identities;
mod pipeline_output;
mod props;
mod reliability;
mod samples;
mod scoring_accuracy;

/// The tool's own allocator (see `src/main.rs`), so that the memory tests measure what a scan
/// does: mimalloc keeps freed blocks that glibc's `realloc` would have moved in place.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
