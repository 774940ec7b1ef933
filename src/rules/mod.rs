//! The rules engine: colours and points, the board (captures, suicide, Zobrist hashing),
//! the seven rulesets as values, and the replay that audits a recorded game's legality under
//! all of them in one pass. Scoring lives in [`crate::scoring`], not here.

pub mod board;
pub mod replay;
pub mod ruleset;
pub mod types;
pub mod zobrist;

#[cfg(test)]
mod tests;

pub use board::{Board, MoveCheck, PlayOutcome};
pub use replay::{Event, ReplayReport, Replayer, Verdict, Violation};
pub use ruleset::{Counting, HandicapBonus, KoRule, Ruleset, RulesetId, SuicideRule};
pub use types::{Color, Move, Point};
