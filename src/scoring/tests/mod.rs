//! Scenario tests of scoring, positions drawn in ASCII: `rulesets` (known scores under each
//! ruleset, and the seeded property test of RULES.md §3: area − territory = plays(B) −
//! plays(W) outside seki) and `estimator` (which stones live and die, and why). This module
//! holds what they share: a finished game built from a diagram, and assertions on the
//! stones of a 19x19 board named by their coordinates.

use super::*;
use crate::rules::board::Board;

/// One finished game for the tests: the final position and the counters replay would give.
struct Game {
    board: Board,
    captures_by_black: u32,
    captures_by_white: u32,
    black_plays: u32,
    white_plays: u32,
    black_passes: u32,
    white_passes: u32,
    /// Who played the last stone (`None`: the record does not say).
    last_mover: Option<Color>,
    handicap: u32,
    komi: Option<f64>,
    rules: Option<RulesetId>,
    result: Option<RecordedResult>,
    policy: KomiPolicy,
    tb: Vec<Point>,
    tw: Vec<Point>,
}

/// A game whose only moves are the stones on the board (no captures, no passes).
fn game(diagram: &str) -> Game {
    let board = Board::from_ascii(diagram).expect("diagram");
    let black_plays = board.stones(Color::Black);
    let white_plays = board.stones(Color::White);
    Game {
        board,
        captures_by_black: 0,
        captures_by_white: 0,
        black_plays,
        white_plays,
        black_passes: 0,
        white_passes: 0,
        last_mover: None,
        handicap: 0,
        komi: None,
        rules: None,
        result: None,
        policy: KomiPolicy::Standard,
        tb: Vec::new(),
        tw: Vec::new(),
    }
}

impl Game {
    fn score(&self) -> ScoreReport {
        Scorer::new().score(&input_of(self))
    }

    /// Why each living chain without two proven eyes lives ([`Scorer::life_reasons`]).
    fn life_reasons(&self) -> Vec<(Point, u16, LifeReason)> {
        let mut scorer = Scorer::new();
        scorer.score(&input_of(self));
        scorer.life_reasons()
    }

    /// Why each dead stone is dead ([`Scorer::dead_reasons`]), in the report's order.
    fn dead_reasons(&self) -> Vec<DeadReason> {
        let mut scorer = Scorer::new();
        let r = scorer.score(&input_of(self));
        scorer.dead_reasons(&r.dead_stones)
    }
}

/// A recorded result the record says was counted: `winner` by `margin` points.
fn counted(winner: Outcome, margin: f64) -> Option<RecordedResult> {
    Some(RecordedResult {
        winner: Some(winner),
        margin: Some(margin),
        counted: true,
        stopped: false,
    })
}

/// A recorded result the record says was no count: `winner` by resignation.
fn resigned(winner: Outcome) -> Option<RecordedResult> {
    Some(RecordedResult {
        winner: Some(winner),
        margin: None,
        counted: false,
        stopped: true,
    })
}

fn margin(r: &ScoreReport, id: RulesetId) -> f64 {
    r.per_ruleset[id.index()].margin_b_minus_w
}

fn winner(r: &ScoreReport, id: RulesetId) -> Outcome {
    r.per_ruleset[id.index()].winner
}

/// A game whose final node carries territory markup, drawn on the board: `+` an empty point
/// marked as Black's territory (`TB`), `-` one marked as White's (`TW`), `.` an unmarked one;
/// `x` / `o` a stone marked as the other side's territory (dead).
fn game_with_markup(diagram: &str) -> Game {
    let mut g = game(&diagram.replace('-', "."));
    let rows = diagram
        .lines()
        .map(|l| l.split_whitespace().collect::<String>())
        .filter(|r| !r.is_empty());
    for (y, row) in rows.enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let p = Point::new(x as u8, y as u8);
            match ch {
                '+' | 'o' => g.tb.push(p),
                '-' | 'x' => g.tw.push(p),
                _ => {}
            }
        }
    }
    g
}

fn input_of(g: &Game) -> ScoreInput<'_> {
    ScoreInput {
        board: &g.board,
        territory_black: &g.tb,
        territory_white: &g.tw,
        captures_by_black: g.captures_by_black,
        captures_by_white: g.captures_by_white,
        black_plays: g.black_plays,
        white_plays: g.white_plays,
        black_midgame_passes: g.black_passes,
        white_midgame_passes: g.white_passes,
        last_mover: g.last_mover,
        handicap: g.handicap,
        recorded_komi: g.komi,
        recorded_rules: g.rules,
        recorded_result: g.result,
        komi_policy: g.policy,
    }
}

/// The point of a 19x19 board at `label` ("A19" the top-left corner; no column I).
fn vertex(label: &str) -> Point {
    let (col, row) = label.split_at(1);
    let c = col.as_bytes()[0];
    let x = c - b'A' - u8::from(c > b'I');
    Point::new(x, 19 - row.parse::<u8>().expect("row"))
}

/// Asserts that the stones at `labels` (see [`vertex`]) are among `r`'s dead stones.
fn assert_dead(r: &ScoreReport, labels: &[&str]) {
    for l in labels {
        assert!(
            r.dead_stones.contains(&vertex(l)),
            "{l} {:?}",
            r.dead_stones
        );
    }
}

/// Asserts that none of the stones at `labels` (see [`vertex`]) is dead in `r`.
fn assert_alive(r: &ScoreReport, labels: &[&str]) {
    for l in labels {
        assert!(
            !r.dead_stones.contains(&vertex(l)),
            "{l} {:?}",
            r.dead_stones
        );
    }
}

/// Why the stone at `p` is dead in `g`, if it is.
fn reason_at(g: &Game, p: Point) -> Option<DeadReason> {
    let r = g.score();
    let k = r.dead_stones.iter().position(|&q| q == p)?;
    g.dead_reasons().get(k).copied()
}

mod estimator;
mod rulesets;
