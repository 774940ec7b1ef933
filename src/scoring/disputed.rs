//! The disputed chain: when our count of a counted game differs from the record, the one chain
//! whose life or death, taken the other way, makes the two equal.
//!
//! A record's count is the players' own: it follows from the dead stones they agreed on. When
//! ours differs and no counting convention explains it (teire, thrown-in stones, seki eyes:
//! see [`ScoreReport`]), the likeliest cause is one group the record judges otherwise. This
//! module recounts the final position once per candidate chain with that chain's status
//! flipped: every chain we count dead (the record may have left it on the board), and every
//! living chain of at most [`DISPUTED_ALIVE_MAX`] stones (the record may have taken it off).
//! The dead stones of the estimate are kept otherwise, and the seki are found again on each
//! recount. A chain whose recount gives the record's own margin under the record's rules and
//! komi is reported with how many chains would do: one is a pinpoint, several an ambiguity
//! (an off-by-one count that any lone stone in the dame would match).
//!
//! Only games whose dead stones were estimated are searched: with TB/TW markup the record
//! names its dead stones itself. The search costs a count per candidate (tens of
//! microseconds a game), and runs only for counted games we do not reproduce exactly.

use super::score::EPS;
use super::{Agreement, Analysed, Point, ScoreInput, ScoreReport, Scorer};
use crate::rules::board::color_of;
use crate::rules::Color;

/// The largest living chain (stones) whose death the search tries. **choice**: on the
/// 23,230 counted Tygem games, single-chain flips that reproduce the record involve living
/// chains of one to five stones, and a larger group a record takes off is a misread fight,
/// not a disputed stone.
pub const DISPUTED_ALIVE_MAX: u16 = 6;

/// What the record makes of the disputed chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChainFate {
    /// The record leaves alive (on the board) a chain we count dead.
    Alive,
    /// The record takes off as dead a chain we count alive.
    Dead,
}

impl ChainFate {
    /// `"alive"` or `"dead"`.
    pub fn name(self) -> &'static str {
        match self {
            ChainFate::Alive => "alive",
            ChainFate::Dead => "dead",
        }
    }
}

/// One chain whose other fate makes our count equal the record's (see the module header).
#[derive(Clone, Debug, PartialEq)]
pub struct DisputedChain {
    pub color: Color,
    /// Its stones, row-major.
    pub stones: Vec<Point>,
    /// The fate the record gives it (we give the other).
    pub fate: ChainFate,
    /// How many chains, each flipped alone, make the count equal the record (this one
    /// included): the smallest of them is reported, the first in board order among equals.
    pub matches: u32,
}

/// The recorded margin, Black minus White, of a counted result we do not reproduce exactly.
fn disputed_target(input: &ScoreInput, report: &ScoreReport) -> Option<f64> {
    if !matches!(
        report.record_agreement,
        Agreement::Winner | Agreement::Differs
    ) {
        return None;
    }
    input.recorded_result?.margin_b_minus_w()
}

impl Scorer {
    /// The disputed chain of the game just analysed (`a`) and reported (`report`), if the
    /// record is a count we do not reproduce and one chain's other fate does. Leaves the
    /// dead, seki and ownership marks as they were.
    pub(crate) fn disputed_chain(
        &mut self,
        input: &ScoreInput,
        a: &Analysed,
        report: &ScoreReport,
    ) -> Option<DisputedChain> {
        if a.source != super::DeadSource::Estimated {
            return None;
        }
        let target = disputed_target(input, report)?;
        let g = self.g;
        self.keep_seki.clone_from(&self.seki);
        self.keep_owner.clone_from(&self.owner);
        let mut best: Option<(usize, u16)> = None;
        let mut matches = 0;
        for ch in 0..self.st.chains.len() {
            let size = self.st.chains[ch].size;
            let dead = self.dead[self.st.stones(ch)[0] as usize];
            if !dead && size > DISPUTED_ALIVE_MAX {
                continue;
            }
            self.mark_chain(ch, !dead);
            self.seki.fill(false);
            let counts = self.count_with_seki(&g, None);
            let bases = self.bases(input, &counts, a.as_is);
            let m = super::score::recorded_rules_margin(
                &bases,
                input.recorded_rules,
                input.recorded_komi,
            );
            self.mark_chain(ch, dead);
            if m.is_some_and(|m| (m - target).abs() <= EPS) {
                matches += 1;
                if best.is_none_or(|(_, s)| size < s) {
                    best = Some((ch, size));
                }
            }
        }
        self.seki.clone_from(&self.keep_seki);
        self.owner.clone_from(&self.keep_owner);
        let (ch, _) = best?;
        let first = self.st.stones(ch)[0] as usize;
        let mut stones: Vec<Point> = self
            .st
            .stones(ch)
            .iter()
            .map(|&s| g.point(s as usize))
            .collect();
        stones.sort_unstable_by_key(|p| (p.y, p.x));
        Some(DisputedChain {
            color: color_of(self.cells[first])?,
            stones,
            fate: if self.dead[first] {
                ChainFate::Alive
            } else {
                ChainFate::Dead
            },
            matches,
        })
    }

    /// Marks every stone of chain `ch` dead or not.
    fn mark_chain(&mut self, ch: usize, dead: bool) {
        for &s in self.st.stones(ch) {
            self.dead[s as usize] = dead;
        }
    }
}
