//! The disputed stones: when our count of a counted game differs from the record, the chain,
//! group or fight whose life or death, taken the other way, makes the two equal.
//!
//! A record's count is the players' own: it follows from the dead stones they agreed on. When
//! ours differs and no counting convention explains it (teire, thrown-in stones, seki eyes:
//! see [`ScoreReport`]), the likeliest cause is stones the record judges otherwise. This
//! module recounts the final position once per candidate with its status flipped, in two
//! tiers, and keeps the dead stones of the estimate otherwise (the seki are found again on
//! each recount):
//!
//! 1. **Chains** ([`DisputeKind::Chain`]): every chain we count dead, made alive (the record
//!    left it on the board).
//! 2. Only when no chain does: **groups** ([`DisputeKind::Group`]), chains of one colour and
//!    one fate linked by shared liberties, two chains or more: a dead group made alive, a
//!    living group of at most [`DISPUTED_GROUP_DEAD_MAX`] stones made dead; and **fights**
//!    ([`DisputeKind::Fight`]): a group, one chain or more, with every enemy chain beside it
//!    of the other fate, all flipped (the record read the capturing race or the life and
//!    death between them the other way).
//!
//! A candidate whose recount gives the record's own margin under the record's rules and komi
//! is a match; the one flipping the fewest stones is reported, with how many of its tier
//! match.
//!
//! **Why living chains are not tried alone**, and why the tiers: a match can be a
//! coincidence, since each flip moves the count by its own amount and some flip may land on
//! any margin. `tests/audit/scoring_accuracy.rs` measures it by searching again against the
//! margin of another non-exact game (a permutation of the records' differences). On the
//! Tygem counted games (seed 0, stop 50), a dead chain made alive matched 43% of the
//! records' own margins against 15% of the permuted ones: about two matches in three name
//! what the record did. A living chain of up to six stones made dead (stop 49's search also
//! tried those) matched 17% of the records' margins and 25% of the permuted ones: chance,
//! so it is no longer tried. The second tier matched 3.3% against 0.4%.
//!
//! Only games whose dead stones were estimated are searched: with TB/TW markup the record
//! names its dead stones itself. The search costs a count per candidate (tens of
//! microseconds a game), and runs only for counted games we do not reproduce exactly.

use super::analysis::{find, union};
use super::score::EPS;
use super::{Agreement, Analysed, Point, ScoreInput, ScoreReport, Scorer};
use crate::rules::board::color_of;
use crate::rules::Color;

/// The largest living group (stones) the second tier tries dead on its own. **choice**: a
/// record that takes off a larger group without the enemy stones beside it is a misread
/// fight, which the fights of the second tier try.
pub const DISPUTED_GROUP_DEAD_MAX: u32 = 30;

/// What the record makes of the disputed stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChainFate {
    /// The record leaves alive (on the board) stones we count dead.
    Alive,
    /// The record takes off as dead stones we count alive.
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

/// What was flipped: see the module header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DisputeKind {
    /// One dead chain, alive in the record.
    Chain,
    /// Chains of one colour linked by shared liberties, two or more.
    Group,
    /// A group and the enemy chains beside it, each the other way.
    Fight,
}

impl DisputeKind {
    /// `"chain"`, `"group"` or `"fight"`.
    pub fn name(self) -> &'static str {
        match self {
            DisputeKind::Chain => "chain",
            DisputeKind::Group => "group",
            DisputeKind::Fight => "fight",
        }
    }
}

/// Stones whose other fate makes our count equal the record's (see the module header).
#[derive(Clone, Debug, PartialEq)]
pub struct DisputedChain {
    pub kind: DisputeKind,
    /// The colour of `stones`.
    pub color: Color,
    /// The disputed stones of one colour, row-major: the chain or group; in a fight, the
    /// side the record leaves alive.
    pub stones: Vec<Point>,
    /// The fate the record gives `stones` (we give the other); `Alive` in a fight.
    pub fate: ChainFate,
    /// In a fight, the other side's stones, which the record takes off (we count them
    /// alive), row-major; empty otherwise.
    pub opponents: Vec<Point>,
    /// How many candidates of the reported one's tier match (this one included): the one
    /// flipping the fewest stones is reported, the first in board order among equals.
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

/// A candidate of the search: the chains it flips (`chains[from..]` of the search's list),
/// and what it is.
#[derive(Clone, Copy)]
struct Candidate {
    kind: DisputeKind,
    from: usize,
    stones: u32,
}

impl Scorer {
    /// The disputed stones of the game just analysed (`a`) and reported (`report`), if the
    /// record is a count we do not reproduce and flipping some chain, group or fight does.
    /// Leaves the dead, seki and ownership marks as they were.
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
        self.keep_seki.clone_from(&self.seki);
        self.keep_owner.clone_from(&self.owner);
        // the chains each candidate flips, one candidate after the other
        let mut flips: Vec<u16> = Vec::new();
        let mut cands = Vec::new();
        // tier 1: each dead chain alive
        for ch in 0..self.st.chains.len() {
            if self.chain_dead(ch) {
                cands.push(Candidate {
                    kind: DisputeKind::Chain,
                    from: flips.len(),
                    stones: u32::from(self.st.chains[ch].size),
                });
                flips.push(ch as u16);
            }
        }
        let mut found = self.best_match(input, a, target, &cands, &flips);
        if found.is_none() {
            cands.clear();
            flips.clear();
            self.group_candidates(&mut cands, &mut flips);
            found = self.best_match(input, a, target, &cands, &flips);
        }
        self.seki.clone_from(&self.keep_seki);
        self.owner.clone_from(&self.keep_owner);
        found.and_then(|(k, matches)| self.describe(&cands, &flips, k, matches))
    }

    /// Whether chain `ch` is counted dead.
    fn chain_dead(&self, ch: usize) -> bool {
        self.dead[self.st.stones(ch)[0] as usize]
    }

    /// The second tier's candidates (see the module header), each once: its chains appended
    /// to `flips`, a fight's group before the enemy chains beside it.
    fn group_candidates(&self, cands: &mut Vec<Candidate>, flips: &mut Vec<u16>) {
        let n = self.st.chains.len();
        let mut parent: Vec<u16> = (0..n as u16).collect();
        for k in 0..self.st.shared.len() {
            let (x, y) = self.st.shared[k];
            if self.chain_dead(x as usize) == self.chain_dead(y as usize) {
                union(&mut parent, x as usize, y as usize);
            }
        }
        let mut members: Vec<Vec<u16>> = vec![Vec::new(); n];
        for ch in 0..n {
            let r = find(&mut parent, ch);
            members[r].push(ch as u16);
        }
        let mut seen: Vec<Vec<u16>> = Vec::new();
        let size = |chs: &[u16]| -> u32 {
            chs.iter()
                .map(|&c| u32::from(self.st.chains[c as usize].size))
                .sum()
        };
        for group in members.iter().filter(|m| !m.is_empty()) {
            let dead = self.chain_dead(group[0] as usize);
            let stones = size(group);
            if group.len() >= 2 && (dead || stones <= DISPUTED_GROUP_DEAD_MAX) {
                cands.push(Candidate {
                    kind: DisputeKind::Group,
                    from: flips.len(),
                    stones,
                });
                flips.extend_from_slice(group);
            }
            // the fight: the group and every enemy chain beside it of the other fate
            let mut fight = group.clone();
            for &c in group {
                for &e in self.st.enemies_of_chain(c as usize) {
                    if self.chain_dead(e as usize) != dead && !fight.contains(&e) {
                        fight.push(e);
                    }
                }
            }
            if fight.len() > group.len() {
                let mut key = fight.clone();
                key.sort_unstable();
                if !seen.contains(&key) {
                    seen.push(key);
                    cands.push(Candidate {
                        kind: DisputeKind::Fight,
                        from: flips.len(),
                        stones: size(&fight),
                    });
                    flips.extend_from_slice(&fight);
                }
            }
        }
    }

    /// The candidate (index into `cands`) that flips the fewest stones among those whose
    /// recount gives `target`, and how many match; `flips[cands[k].from..]` up to the next
    /// candidate's start are candidate `k`'s chains.
    fn best_match(
        &mut self,
        input: &ScoreInput,
        a: &Analysed,
        target: f64,
        cands: &[Candidate],
        flips: &[u16],
    ) -> Option<(usize, u32)> {
        let g = self.g;
        let mut best: Option<usize> = None;
        let mut matches = 0;
        for (k, c) in cands.iter().enumerate() {
            let chains = candidate_chains(cands, flips, k);
            self.flip(chains);
            self.seki.fill(false);
            let counts = self.count_with_seki(&g, None);
            let bases = self.bases(input, &counts, a.as_is);
            let m = super::score::recorded_rules_margin(
                &bases,
                input.recorded_rules,
                input.recorded_komi,
            );
            self.flip(chains);
            if m.is_some_and(|m| (m - target).abs() <= EPS) {
                matches += 1;
                if best.is_none_or(|b| c.stones < cands[b].stones) {
                    best = Some(k);
                }
            }
        }
        best.map(|b| (b, matches))
    }

    /// Turns every stone of `chains` dead if it was alive, alive if it was dead.
    fn flip(&mut self, chains: &[u16]) {
        for &ch in chains {
            for &s in self.st.stones(ch as usize) {
                self.dead[s as usize] = !self.dead[s as usize];
            }
        }
    }

    /// The report of candidate `k`.
    fn describe(
        &self,
        cands: &[Candidate],
        flips: &[u16],
        k: usize,
        matches: u32,
    ) -> Option<DisputedChain> {
        let c = cands[k];
        let chains = candidate_chains(cands, flips, k);
        // the candidate's stones we count dead (`true`) or alive (`false`), row-major
        let stones = |dead: bool| -> Vec<Point> {
            let mut out: Vec<Point> = chains
                .iter()
                .flat_map(|&ch| self.st.stones(ch as usize))
                .filter(|&&s| self.dead[s as usize] == dead)
                .map(|&s| self.g.point(s as usize))
                .collect();
            out.sort_unstable_by_key(|p| (p.y, p.x));
            out
        };
        // a fight is told from the side the record leaves alive, the one we count dead;
        // a chain or group is all of one fate
        let first = chains
            .iter()
            .map(|&ch| self.st.stones(ch as usize)[0] as usize)
            .find(|&s| c.kind != DisputeKind::Fight || self.dead[s])?;
        let dead = self.dead[first];
        Some(DisputedChain {
            kind: c.kind,
            color: color_of(self.cells[first])?,
            stones: stones(dead),
            fate: if dead {
                ChainFate::Alive
            } else {
                ChainFate::Dead
            },
            opponents: if c.kind == DisputeKind::Fight {
                stones(!dead)
            } else {
                Vec::new()
            },
            matches,
        })
    }
}

/// The chains candidate `k` flips: `flips` from its start to the next candidate's.
fn candidate_chains<'a>(cands: &[Candidate], flips: &'a [u16], k: usize) -> &'a [u16] {
    let end = cands.get(k + 1).map_or(flips.len(), |n| n.from);
    &flips[cands[k].from..end]
}
