//! Replay of a recorded main line, auditing its legality under all seven rulesets in one pass.
//!
//! This module owns the game history the board does not know: the ko point, the set of earlier
//! positions (for superko and Japanese/Korean repetition), pass and colour bookkeeping, and the
//! per-ruleset [`Verdict`]s. It asks each [`Ruleset`] only for its `ko` and `suicide` fields.
//!
//! Replay never stops: like a viewer following the SGF spec it executes every recorded move
//! (illegal ones included, as described on [`Replayer::replay`]), records the *first* violation
//! per ruleset, and always reaches a final position.
//!
//! # Documented choices
//! - **Occupied point**: the move is skipped — the board is unchanged, nothing is captured — and
//!   otherwise treated as a pass for the history (ko point cleared, position recorded with the
//!   other player to move). It places no stone, so it is not counted in `black_moves`/
//!   `white_moves` (the plays of RULES.md §3's identity), nor as a pass (`black_passes`).
//! - **Off-board point**: likewise executed as a pass, and counted likewise.
//! - **Suicide**: always executed by [`Board::play`]: a single-stone suicide leaves the board
//!   unchanged, a multi-stone suicide removes the chain.
//! - **Capture credit**: every stone a move removes from the board is credited to the *other*
//!   colour: `captures_by_black` counts White stones removed by Black's captures *plus* White
//!   stones removed by White's own suicides (single- or multi-stone), as if Black had taken them
//!   prisoner. So `captures_by_black` is exactly the number of White stones moves took off the
//!   board.
//! - **Setup (`AB`/`AW`/`AE`) and history**: setup never captures. A setup event that changes
//!   the board starts a new history, as if the game had been set up afresh at that point: the
//!   ko point is cleared, earlier positions are forgotten, and the position after the setup
//!   becomes the first position of the new history, with the player of the next move to move.
//!   Setup on a point off the board is ignored and counted in
//!   [`ReplayReport::setup_off_board`].
//! - **Passes and history**: a pass (also an occupied or off-board move) changes no stone but
//!   hands the turn over, so the position is recorded again with the other player to move;
//!   this matters only for situational superko.
//! - **Initial position**: the position before the first move (after any root setup) is part
//!   of the history, with the first mover to move.
//! - **Position identity**: positions are compared by their 64-bit Zobrist hash
//!   ([`Board::hash`]); a false repeat needs a hash collision (about 2⁻⁶⁴ per pair).
//! - **Simple-ko recapture** is reported as `ko` under every ruleset: superko rules forbid it
//!   too (the recapture repeats the position before the capture), but `ko` is the more
//!   specific explanation. A longer repetition is `superko` where a superko rule forbids it.

use super::board::Board;
use super::ruleset::{KoRule, Ruleset, RulesetId, SuicideRule};
use super::types::{Color, Move, Point};
use super::zobrist::{final_position_hash, GameHasher};

/// One step of a recorded main line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// `AB`/`AW` or `AE` on one point.
    Setup {
        /// The point set up (may lie off the board: ignored and counted).
        point: Point,
        /// `Some(colour)` for `AB`/`AW`, `None` for `AE`.
        stone: Option<Color>,
    },
    /// `B[..]`/`W[..]`: a move or a pass.
    Move {
        /// The colour that moves.
        color: Color,
        /// The point played (may lie off the board: a violation) or a pass.
        mv: Move,
    },
}

/// Why a move is illegal under a ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Violation {
    /// The point already held a stone (every ruleset).
    Occupied,
    /// The move left its own chain without liberties: single-stone suicide under every
    /// ruleset, multi-stone suicide where [`SuicideRule::Illegal`].
    Suicide,
    /// Immediate recapture of a simple ko ([`KoRule::Simple`] rulesets).
    Ko,
    /// The move recreated an earlier position (positional superko) or an earlier position with
    /// the same player to move (situational superko).
    Superko,
    /// The point lies outside the board (every ruleset).
    OffBoard,
}

impl Violation {
    /// The snake_case name used in output columns: `"occupied"`, `"suicide"`, `"ko"`,
    /// `"superko"`, `"off_board"`.
    pub fn name(&self) -> &'static str {
        match self {
            Violation::Occupied => "occupied",
            Violation::Suicide => "suicide",
            Violation::Ko => "ko",
            Violation::Superko => "superko",
            Violation::OffBoard => "off_board",
        }
    }
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A game's legality under one ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// No move violated the ruleset.
    pub legal: bool,
    /// 1-based number of the first illegal move (counting every move event, passes included,
    /// setup excluded); `None` when legal.
    pub first_illegal_move: Option<u32>,
    /// What the first illegal move violated; `None` when legal.
    pub kind: Option<Violation>,
}

impl Verdict {
    /// The verdict of a game without violations.
    pub const LEGAL: Verdict = Verdict {
        legal: true,
        first_illegal_move: None,
        kind: None,
    };
}

impl Default for Verdict {
    fn default() -> Verdict {
        Verdict::LEGAL
    }
}

/// Everything one replay of a main line found.
#[derive(Clone, Debug)]
pub struct ReplayReport {
    /// The final position.
    pub board: Board,
    /// One verdict per ruleset, indexed by [`RulesetId::index`].
    pub verdicts: [Verdict; 7],
    /// White stones removed from the board by moves: Black's captures plus White's own
    /// suicides (see the module's capture-credit choice).
    pub captures_by_black: u32,
    /// Black stones removed from the board by moves: White's captures plus Black's suicides.
    pub captures_by_white: u32,
    /// Black moves that put a stone on the board (suicides included; passes, occupied and
    /// off-board points excluded): Black's plays in RULES.md §3's identity.
    pub black_moves: u32,
    /// White moves on a point, as for `black_moves`.
    pub white_moves: u32,
    /// Black passes (`Move::Pass` only).
    pub black_passes: u32,
    /// White passes.
    pub white_passes: u32,
    /// Black passes before the last stone placed (the closing passes left out): the
    /// mid-game passes of RULES.md §3, which shift `plays(B) − plays(W)` (a pass after the
    /// last stone shifts nothing).
    pub black_midgame_passes: u32,
    /// White passes before the last stone placed.
    pub white_midgame_passes: u32,
    /// Colour of the last move that put a stone on the board (suicides included; passes,
    /// occupied and off-board moves excluded): who placed the last stone.
    pub last_mover: Option<Color>,
    /// The last two move events are passes.
    pub ended_by_passes: bool,
    /// Some board move recreated an earlier whole-board position (positional repeat) without
    /// being a simple-ko recapture or a suicide (which Japanese and Korean rules forbid), and
    /// with no two consecutive
    /// passes since that position last stood: a cycle such as triple ko, a "no result" under
    /// Japanese/Korean rules when neither side leaves it (a ko retaken after both passed, the
    /// game over, is none). Not itself a violation.
    pub repetition: bool,
    /// Moves (passes included) by the same colour as the previous move event.
    pub same_color_moves: u32,
    /// Non-pass moves played after two consecutive passes had occurred.
    pub moves_after_two_passes: u32,
    /// Setup events on points outside the board (ignored).
    pub setup_off_board: u32,
    /// Number of move events (passes included): the last move number.
    pub move_count: u32,
    /// Hash of the final position and the board's size ([`final_position_hash`] of
    /// [`Board::hash`]).
    pub final_hash: u64,
    /// Order-sensitive hash of board size + setup + moves ([`GameHasher`]), for duplicate
    /// detection.
    pub game_hash: u64,
}

impl ReplayReport {
    /// The verdict under `id`.
    pub fn verdict(&self, id: RulesetId) -> Verdict {
        self.verdicts[id.index()]
    }
}

/// Bit of the side to move in a history slot.
#[inline]
fn side_bit(to_move: Color) -> u8 {
    1 << to_move.index()
}

/// One history slot: a position hash and the sides that were to move in it.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    /// Slot is live iff `stamp` equals the table's current stamp (O(1) clearing).
    stamp: u32,
    /// Pairs of consecutive passes played when the position was last recorded.
    endings: u32,
    sides: u8,
}

/// Open-addressing set of position hashes (identity hashing: Zobrist hashes are already
/// uniform), each with the set of players who were to move in that position.
struct PositionTable {
    slots: Vec<Slot>,
    stamp: u32,
    len: usize,
}

impl PositionTable {
    const INITIAL_CAPACITY: usize = 1024;

    fn new() -> PositionTable {
        PositionTable {
            slots: vec![Slot::default(); Self::INITIAL_CAPACITY],
            stamp: 1,
            len: 0,
        }
    }

    fn clear(&mut self) {
        self.len = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill(Slot::default());
            self.stamp = 1;
        }
    }

    /// Record `position` with `side` to move, after `endings` pairs of consecutive passes.
    /// Returns whether the position was already present (with any side to move), whether it
    /// was present with this side to move, and whether it was last present with no pair of
    /// passes since.
    #[inline]
    fn record(&mut self, position: u64, side: u8, endings: u32) -> (bool, bool, bool) {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = position as usize & mask;
        loop {
            let slot = &mut self.slots[i];
            if slot.stamp != self.stamp {
                *slot = Slot {
                    key: position,
                    stamp: self.stamp,
                    endings,
                    sides: side,
                };
                self.len += 1;
                return (false, false, false);
            }
            if slot.key == position {
                let seen_side = slot.sides & side != 0;
                let no_ending_since = slot.endings == endings;
                slot.sides |= side;
                slot.endings = endings;
                return (true, seen_side, no_ending_since);
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let live: Vec<Slot> = self
            .slots
            .iter()
            .filter(|s| s.stamp == self.stamp)
            .copied()
            .collect();
        let capacity = self.slots.len() * 2;
        self.slots = vec![Slot::default(); capacity];
        self.stamp = 1;
        let mask = capacity - 1;
        for s in live {
            let mut i = s.key as usize & mask;
            while self.slots[i].stamp == self.stamp {
                i = (i + 1) & mask;
            }
            self.slots[i] = Slot { stamp: 1, ..s };
        }
    }
}

/// Reusable replay state (the position history table). Make one per thread and call
/// [`replay`](Replayer::replay) for each game; nothing is allocated per move.
pub struct Replayer {
    rulesets: [Ruleset; 7],
    history: PositionTable,
}

impl Default for Replayer {
    fn default() -> Replayer {
        Replayer::new()
    }
}

impl Replayer {
    /// Fresh replay state for the seven preset rulesets ([`Ruleset::all`]).
    pub fn new() -> Replayer {
        Replayer {
            rulesets: Ruleset::all(),
            history: PositionTable::new(),
        }
    }

    /// Replay `events` on an empty `width × height` board and judge every move under the
    /// seven rulesets.
    ///
    /// Move numbers are 1-based and count every [`Event::Move`], passes included. For each
    /// move, in this order:
    /// - off the board → `off_board` under every ruleset, executed as a pass;
    /// - on an occupied point → `occupied` under every ruleset, skipped (board unchanged);
    /// - otherwise executed with [`Board::play`]; then
    ///   - single-stone suicide → `suicide` under every ruleset;
    ///   - multi-stone suicide → `suicide` where [`SuicideRule::Illegal`];
    ///   - otherwise, by the ruleset's [`KoRule`]: `Simple` → `ko` for the immediate recapture
    ///     of a simple ko (the opponent of the player who just took a ko stone retakes it at
    ///     the ko point, capturing exactly one stone; named `ko` under the superko rulesets
    ///     too, which forbid it as a repeat); `PositionalSuperko` → `superko` if the
    ///     new position occurred before; `SituationalSuperko` → `superko` if the new position
    ///     occurred before with the same player to move (the player to move after a move is
    ///     the opponent of its mover, whatever colour moves next in the record).
    ///
    /// Only the first violation per ruleset is kept. See the module docs for the choices on
    /// occupied points, setup and capture credit.
    ///
    /// # Panics
    /// If `width` or `height` lies outside `2..=25` (as [`Board::new`]).
    pub fn replay(&mut self, width: u8, height: u8, events: &[Event]) -> ReplayReport {
        let mut board = Board::new(width, height);
        let mut game = GameHasher::new(width, height);
        let mut verdicts = [Verdict::LEGAL; 7];
        let mut captures = [0u32; 2];
        let mut moves = [0u32; 2];
        let mut passes = [0u32; 2];
        let mut midgame_passes = [0u32; 2];
        let mut last_mover = None;
        let mut repetition = false;
        let mut same_color_moves = 0;
        let mut moves_after_two_passes = 0;
        let mut setup_off_board = 0;

        let mut move_number = 0u32;
        let mut previous_color: Option<Color> = None;
        let mut consecutive_passes = 0u32;
        let mut two_passes_seen = false;
        // pairs of consecutive passes, which end the game: a position that recurs with one of
        // these since is no cycle neither side leaves (a ko retaken after both passed)
        let mut endings = 0u32;
        // (ko point, colour of the player who took the ko): forbidden to the other colour on
        // the very next move.
        let mut ko: Option<(Point, Color)> = None;
        // The history must (re)start from the current position before the next move.
        let mut history_stale = true;

        let mut k = 0;
        while k < events.len() {
            let event = events[k];
            k += 1;
            let (color, mv) = match event {
                Event::Setup { .. } => {
                    // the setup up to the next move, applied at once (see `Board::set_stones`)
                    let start = k - 1;
                    k = start
                        + (events[start..].iter())
                            .take_while(|e| matches!(e, Event::Setup { .. }))
                            .count();
                    let run = events[start..k].iter().filter_map(|e| match *e {
                        Event::Setup { point, stone } => {
                            game.setup(point, stone);
                            setup_off_board += u32::from(point.x >= width || point.y >= height);
                            Some((point, stone))
                        }
                        Event::Move { .. } => None,
                    });
                    if board.set_stones(run) {
                        history_stale = true;
                        ko = None;
                    }
                    continue;
                }
                Event::Move { color, mv } => (color, mv),
            };
            game.play(color, mv);
            move_number += 1;
            if history_stale {
                self.history.clear();
                self.history.record(board.hash(), side_bit(color), endings);
                history_stale = false;
            }
            if previous_color == Some(color) {
                same_color_moves += 1;
            }
            previous_color = Some(color);
            let opponent = color.opposite();
            let ko_before = ko.take();

            let point = match mv {
                Move::Pass => {
                    passes[color.index()] += 1;
                    consecutive_passes += 1;
                    if consecutive_passes == 2 {
                        endings += 1;
                    }
                    two_passes_seen |= consecutive_passes >= 2;
                    None
                }
                Move::Play(p) => {
                    consecutive_passes = 0;
                    if two_passes_seen {
                        moves_after_two_passes += 1;
                    }
                    Some(p)
                }
            };
            let blocked = match point {
                None => None,
                Some(p) if !board.contains(p) => Some(Violation::OffBoard),
                Some(p) if board.is_occupied(p) => Some(Violation::Occupied),
                Some(_) => None,
            };
            if let Some(kind) = blocked {
                for verdict in verdicts.iter_mut() {
                    flag(verdict, move_number, kind);
                }
            }
            let p = match point {
                Some(p) if blocked.is_none() => p,
                _ => {
                    // A pass, or a move executed as one.
                    self.history
                        .record(board.hash(), side_bit(opponent), endings);
                    continue;
                }
            };

            let out = board.play(color, p);
            moves[color.index()] += 1;
            captures[color.index()] += out.captured;
            captures[opponent.index()] += out.suicided;
            last_mover = Some(color);
            midgame_passes = passes;
            ko = out.ko_point.map(|k| (k, color));

            let (seen, seen_same_side, no_ending_since) =
                self.history
                    .record(board.hash(), side_bit(opponent), endings);
            let single_suicide = out.suicided == 1;
            let multi_suicide = out.suicided > 1;
            let ko_recapture = ko_before == Some((p, opponent)) && out.captured == 1;
            // a multi-stone suicide is no move of the rules that call a cycle no result
            if seen && no_ending_since && !single_suicide && !multi_suicide && !ko_recapture {
                repetition = true;
            }
            if !(single_suicide || multi_suicide || ko_recapture || seen) {
                continue;
            }
            for (verdict, rules) in verdicts.iter_mut().zip(&self.rulesets) {
                let kind =
                    if single_suicide || (multi_suicide && rules.suicide == SuicideRule::Illegal) {
                        Some(Violation::Suicide)
                    } else {
                        let repeated = match rules.ko {
                            KoRule::Simple => ko_recapture,
                            KoRule::PositionalSuperko => seen,
                            KoRule::SituationalSuperko => seen_same_side,
                        };
                        // An immediate simple-ko recapture is named `ko` under every ruleset: it
                        // is the more specific explanation (superko rules forbid it too).
                        let kind = if ko_recapture || rules.ko == KoRule::Simple {
                            Violation::Ko
                        } else {
                            Violation::Superko
                        };
                        repeated.then_some(kind)
                    };
                if let Some(kind) = kind {
                    flag(verdict, move_number, kind);
                }
            }
        }

        let final_hash = final_position_hash(board.hash(), width, height);
        ReplayReport {
            board,
            verdicts,
            captures_by_black: captures[Color::Black.index()],
            captures_by_white: captures[Color::White.index()],
            black_moves: moves[Color::Black.index()],
            white_moves: moves[Color::White.index()],
            black_passes: passes[Color::Black.index()],
            white_passes: passes[Color::White.index()],
            black_midgame_passes: midgame_passes[Color::Black.index()],
            white_midgame_passes: midgame_passes[Color::White.index()],
            last_mover,
            ended_by_passes: consecutive_passes >= 2,
            repetition,
            same_color_moves,
            moves_after_two_passes,
            setup_off_board,
            move_count: move_number,
            final_hash,
            game_hash: game.finish(),
        }
    }
}

/// Record `kind` at `move_number` unless the ruleset already has its first violation.
#[inline]
fn flag(verdict: &mut Verdict, move_number: u32, kind: Violation) {
    if verdict.legal {
        *verdict = Verdict {
            legal: false,
            first_illegal_move: Some(move_number),
            kind: Some(kind),
        };
    }
}
