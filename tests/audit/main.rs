//! The integration tests: one binary. Real-record tests read `../shared/corpus` in place and
//! skip (with a message) when it is absent, as in a user's clone; CI has it.

mod cli;
mod common;
mod corpus_ingestion;
mod corpus_replay;
mod explain;
mod fast_reader;
mod flip_causes;
mod hostile;
mod pipeline_output;
mod props;
mod reliability;
mod samples;
mod scoring_accuracy;
