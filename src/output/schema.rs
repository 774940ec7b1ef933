//! The Parquet schema, defined once. Every column is a [`Column`]: its name, Arrow type, meaning
//! (with units and sign convention) and the function that reads its value from a [`GameRow`].
//! The Arrow schema, the batch builder and `SCHEMA.md` (`kifu-audit schema`) are all derived
//! from [`columns`], so they cannot drift apart.
//!
//! Conventions: margins are in points, Black minus White (positive = Black ahead), after komi
//! and handicap bonus; unknown values are NULL, never a sentinel; enum-like strings are
//! dictionary-encoded; replay and score columns are NULL on `error` rows.

use super::row::GameRow;
use crate::rules::{Color, Ruleset, RulesetId};
use arrow_array::builder::{
    BooleanBuilder, Date32Builder, Float64Builder, Int32Builder, StringBuilder,
    StringDictionaryBuilder, UInt64Builder,
};
use arrow_array::types::Int32Type;
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use std::sync::{Arc, OnceLock};

/// The value types columns can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColType {
    /// Free text (names, paths, messages).
    Text,
    /// A small set of repeated strings: dictionary-encoded (DuckDB VARCHAR, pandas category).
    Label,
    Bool,
    Int,
    /// An unsigned 64-bit hash (DuckDB UBIGINT).
    Hash,
    Float,
    /// Days since 1970-01-01 (Parquet DATE).
    Date,
}

impl ColType {
    fn data_type(self) -> DataType {
        match self {
            ColType::Text => DataType::Utf8,
            ColType::Label => {
                DataType::Dictionary(Box::new(DataType::Int32), Box::new(DataType::Utf8))
            }
            ColType::Bool => DataType::Boolean,
            ColType::Int => DataType::Int32,
            ColType::Hash => DataType::UInt64,
            ColType::Float => DataType::Float64,
            ColType::Date => DataType::Date32,
        }
    }

    /// The type as DuckDB reports it, for the documentation.
    pub fn sql_name(self) -> &'static str {
        match self {
            ColType::Text | ColType::Label => "VARCHAR",
            ColType::Bool => "BOOLEAN",
            ColType::Int => "INTEGER",
            ColType::Hash => "UBIGINT",
            ColType::Float => "DOUBLE",
            ColType::Date => "DATE",
        }
    }
}

/// One cell's value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cell<'a> {
    Null,
    Str(&'a str),
    Bool(bool),
    Int(i64),
    Hash(u64),
    Float(f64),
    Date(i32),
}

impl<'a> From<Option<&'a str>> for Cell<'a> {
    fn from(v: Option<&'a str>) -> Self {
        v.map_or(Cell::Null, Cell::Str)
    }
}

type Getter = Box<dyn for<'r> Fn(&'r GameRow) -> Cell<'r> + Send + Sync>;

/// A column: name, type, documentation and how to read it from a row.
pub struct Column {
    pub name: String,
    pub ty: ColType,
    /// Meaning, units and sign convention (goes to SCHEMA.md).
    pub doc: String,
    pub group: &'static str,
    get: Getter,
}

impl Column {
    pub fn value<'r>(&self, row: &'r GameRow) -> Cell<'r> {
        (self.get)(row)
    }
}

fn col<F>(
    group: &'static str,
    name: impl Into<String>,
    ty: ColType,
    doc: impl Into<String>,
    get: F,
) -> Column
where
    F: for<'r> Fn(&'r GameRow) -> Cell<'r> + Send + Sync + 'static,
{
    Column {
        name: name.into(),
        ty,
        doc: doc.into(),
        group,
        get: Box::new(get),
    }
}

fn int<T: Into<i64>>(v: Option<T>) -> Cell<'static> {
    v.map_or(Cell::Null, |v| Cell::Int(v.into()))
}

fn float(v: Option<f64>) -> Cell<'static> {
    v.map_or(Cell::Null, Cell::Float)
}

fn rec(r: &GameRow) -> Option<&crate::sgf::GameRecord> {
    r.ingest.record.as_ref()
}

fn rp(r: &GameRow) -> Option<&super::row::ReplaySummary> {
    r.replay.as_ref()
}

fn sc(r: &GameRow) -> Option<&crate::scoring::ScoreReport> {
    r.score.as_ref()
}

fn color(c: Option<Color>) -> Cell<'static> {
    c.map_or(Cell::Null, |c| Cell::Str(c.letter()))
}

/// Every column, in file order. The single definition of the output.
pub fn columns() -> &'static [Column] {
    static COLUMNS: OnceLock<Vec<Column>> = OnceLock::new();
    COLUMNS.get_or_init(build_columns)
}

fn build_columns() -> Vec<Column> {
    use ColType::*;
    const I: &str = "ingestion";
    const R: &str = "replay";
    const S: &str = "scoring";
    let mut c = vec![
        col(I, "source", Text, "Path of the input file (for archives: the archive's path; for an archive split into volumes, `games.7z.001` or `games.part1.rar`, its first volume's; `-` for a game record or archive piped into standard input); a byte of the name that is no part of UTF-8 is written `\\xNN`, and a `\\` the name holds before `x` and two hex digits `\\x5C` (`explain` takes the name back so).", |r| Cell::Str(&r.source)),
        col(I, "member", Text, "Member name inside an archive (a tar's bytes that are no part of UTF-8 written `\\xNN`, a `\\` before `x` and two hex digits `\\x5C`; a name the archive holds again is NAME (2), NAME (3), … for its later copies, so that each row names one game); NULL for plain files.", |r| r.member.as_deref().into()),
        col(I, "game_index", Int, "0-based index of the game within its file (collections hold several); the error row of a compressed file cut short comes one past its last game.", |r| Cell::Int(r.ingest.game_index.into())),
        col(I, "status", Label, "`ok` (read as written), `recovered` (read after a repair named by error_kind) or `error` (no record; replay and score columns NULL).", |r| Cell::Str(r.ingest.status.name())),
        col(I, "error_kind", Label, "What was wrong or repaired: empty_file, not_sgf, leading_text, trailing_text, unbalanced_parentheses, unterminated_value, lowercase_identifiers, moves_in_one_node (a node holding more than one move, B and W or two of one colour: each played in the order written), charset_fallback, parse_error, empty_game, not_go, board_size, too_many_nodes, game_too_large, file_too_large, io_error, archive_error, internal_error (replay or scoring hit a bug of this tool: the record's columns are kept, replay and score are NULL; please report the game). NULL when ok.", |r| r.ingest.error_kind.map(|k| k.name()).into()),
        col(I, "error_message", Text, "Human-readable detail, with the byte offset in the decoded text when known.", |r| r.ingest.error_message.as_deref().into()),
        col(I, "charset_declared", Label, "The CA property of the game's root node as written (white space around it trimmed, at most 64 characters; a game without one: the label of the nearest game before it that has one); for a GIB or UGF record, the charset its header declares (GIBOKIND's edition: Korea EUC-KR, China GB18030, Japan Shift_JIS; UGF's Lang), NGF declaring none; NULL when absent.", |r| r.ingest.charset_declared.as_deref().into()),
        col(I, "charset_used", Label, "The charset the game was decoded with: the file's, or its own where the games of a collection declare different ones (encoding_rs name, e.g. UTF-8, GBK, Shift_JIS, EUC-KR, windows-1252). NULL when nothing was decoded (an empty file, a file that could not be read).", |r| r.ingest.charset_used.into()),
        col(I, "charset_lossy", Bool, "Some bytes were invalid in the charset used and were replaced (names may be damaged). Never NULL: false where nothing was decoded (charset_used NULL), as nothing was replaced.", |r| Cell::Bool(r.ingest.charset_lossy)),
        col(I, "board_width", Int, "Board columns (SZ; 19 when absent).", move |r| int(rec(r).map(|g| g.board_width))),
        col(I, "board_height", Int, "Board rows.", move |r| int(rec(r).map(|g| g.board_height))),
        col(I, "komi", Float, "Recorded komi in points after repairing the quirk in komi_quirk; NULL when unknown.", move |r| float(rec(r).and_then(|g| g.komi))),
        col(I, "komi_raw", Text, "The komi value as read (KM, or KO/HA when those carried it: KM absent, empty or unreadable); a KM read as a number is written back in its shortest form (KM[6.50], KM[65e-1] and KM[ 6.5 ] as 6.5); NULL when none (KM[] too: komi_quirk empty).", move |r| rec(r).and_then(|g| g.komi_raw.as_deref()).into()),
        col(I, "komi_quirk", Label, "Repair applied to komi: fox_hundredths (KM[375]=7.5: in a Fox record a multiple of 25 from 50 to 1000; in any other only a komi beyond the board's points, e.g. KM[650] on 19x19, while KGS's KM[75.00] is 75), stone_units (KM[2.75]=5.5 points), fraction (KM[5 1/2]), ko_property, ha_property, empty, unreadable (also a komi beyond ±2704, the points of the largest board), fox_zero_even (Fox writes KM[0] in even games whatever komi was played: komi NULL; a one-stone game, HA[1], keeps its komi 0); NULL when used as written.", move |r| rec(r).and_then(|g| g.komi_quirk).into()),
        col(I, "handicap", Int, "Handicap stones N (0 for even games; a 1-stone handicap is 0).", move |r| int(rec(r).map(|g| g.handicap))),
        col(I, "handicap_source", Label, "Where N came from: none, HA, AB, HA_placed (HA without AB: stones placed by this tool on the standard points, or on another layout of the star points when a move of the game lands on one of them or, the game replayed, on a stone: the layout the fewest moves collide with), moves (Black's opening moves).", move |r| rec(r).map(|g| g.handicap_source.name()).into()),
        col(I, "rules", Label, "Recorded rules normalised: chinese, japanese, korean, ing, aga, nz, tromp_taylor, or unknown.", move |r| rec(r).map(|g| g.rules.map_or("unknown", |id| id.name())).into()),
        col(I, "rules_raw", Text, "The RU value as written (leading and trailing spaces dropped).", move |r| rec(r).and_then(|g| g.rules_raw.as_deref()).into()),
        col(I, "black", Text, "Black player (PB; a line break in it is a space).", move |r| rec(r).and_then(|g| g.black.as_deref()).into()),
        col(I, "white", Text, "White player (PW; a line break in it is a space).", move |r| rec(r).and_then(|g| g.white.as_deref()).into()),
        col(I, "black_rank", Text, "BR.", move |r| rec(r).and_then(|g| g.black_rank.as_deref()).into()),
        col(I, "white_rank", Text, "WR.", move |r| rec(r).and_then(|g| g.white_rank.as_deref()).into()),
        col(I, "date", Date, "First full date in DT: a four-digit year, the month and the day joined by one sign throughout, -, / or . (a one-digit month or day is read too: 2000-7-19; 2006 - 12/13 is none), or with the signs 年 月 (日) or 년 월 (일), or eight digits (20001019); else the day first and the year last joined by . (19.10.2000), or by - or / when the numbers tell the day from the month (19/10/2000, 10/19/2000; 01/02/2006, which an American reads as January 2, is none); not the last day of a range (18.-19.10.2000), else an English month name between the day and the year (October 19, 2000); text around it is passed over (Round 3, 2006-10-01). NULL when DT has none (a two-digit year is none).", move |r| rec(r).and_then(|g| g.date).map_or(Cell::Null, Cell::Date)),
        col(I, "date_raw", Text, "DT as written.", move |r| rec(r).and_then(|g| g.date_raw.as_deref()).into()),
        col(I, "event", Text, "EV.", move |r| rec(r).and_then(|g| g.event.as_deref()).into()),
        col(I, "application", Text, "AP (name:version); for a record read from another program's format, the format: `Tygem GIB`, `WBaduk NGF` or `Pandanet UGF`.", move |r| rec(r).and_then(|g| g.application.as_deref()).into()),
        col(I, "result_raw", Text, "RE as written (leading and trailing spaces dropped).", move |r| rec(r).and_then(|g| g.result.as_ref()).map(|x| x.raw.as_str()).into()),
        col(I, "result_winner", Label, "Winner per RE: B, W, draw, void or unknown (never guessed).", move |r| rec(r).map(|g| g.result.as_ref().map_or("unknown", |x| x.winner.name())).into()),
        col(I, "result_kind", Label, "How the game ended per RE: score, resign, time, forfeit, draw, void, unknown. A result no count can give, or no count is known to have given, is unknown: a win by nothing (Fox `W+0.0`: result_winner W; but `B+0` under Ing's rules and a whole komi is the count of a tie, which Ing gives Black), a margin that komi does not make whole (`KM[6.5]` and `W+6`: result_winner W), a draw beside a half-point komi (result_winner unknown), and Fox's `draw` whatever the komi (result_winner draw: Fox writes it for games ended without a count); result_raw keeps the text.", move |r| rec(r).map(|g| g.result.as_ref().map_or("unknown", |x| x.kind.name())).into()),
        col(I, "result_margin", Float, "The winner's margin in points per RE (stone margins doubled: 子, or a quarter fraction as Fox writes Chinese results, read so under Chinese or unknown rules or beside a komi in stones; under other rules a quarter fraction is no count); 0 for a draw; NULL when none (a margin no count can give, Fox W+0.02, is read as W+: result_kind unknown).", move |r| float(rec(r).and_then(|g| g.result.as_ref()).and_then(|x| x.margin_points()))),
        col(I, "moves", Int, "Moves in the main line (passes included).", move |r| int(rec(r).map(|g| g.moves.len() as u32))),
        col(I, "passes", Int, "Passes among the moves (B[], B[tt] on boards up to 19x19, …).", move |r| int(rec(r).map(|g| g.passes))),
        col(I, "setup_black", Int, "Black setup stones (AB) anywhere in the main line, on the board, incl. placed handicap stones.", move |r| int(rec(r).map(|g| g.setup_count(Color::Black)))),
        col(I, "setup_white", Int, "White setup stones (AW) anywhere in the main line, on the board.", move |r| int(rec(r).map(|g| g.setup_count(Color::White)))),
        col(I, "has_territory_markup", Bool, "The last node has TB/TW territory markup.", move |r| rec(r).map_or(Cell::Null, |g| Cell::Bool(g.has_territory_markup()))),
        col(I, "unknown_properties", Int, "Properties sgf-parse does not know (kept, not used).", move |r| int(rec(r).map(|g| g.unknown_properties))),
        col(I, "invalid_properties", Int, "Known properties with unreadable values, and setup properties (AB, AW, AE) with points off the board (placed nowhere).", move |r| int(rec(r).map(|g| g.invalid_properties))),
    ];
    for id in RulesetId::ALL {
        let i = id.index();
        let n = id.name();
        let approximated = if Ruleset::preset(id).ko_is_approximation {
            format!(" The ko rules of {n} are approximated by positional superko.")
        } else {
            String::new()
        };
        c.push(col(R, format!("legal_{n}"), Bool, format!("The game breaks no rule of {n} (ko/superko, suicide, occupied or off-board points).{approximated}"), move |r| r.replay.as_ref().map_or(Cell::Null, |x| Cell::Bool(x.verdicts[i].legal))));
        c.push(col(R, format!("first_illegal_move_{n}"), Int, format!("1-based number of the first move illegal under {n} (passes count as moves); NULL when legal."), move |r| int(r.replay.as_ref().and_then(|x| x.verdicts[i].first_illegal_move))));
        c.push(col(
            R,
            format!("illegal_kind_{n}"),
            Label,
            format!(
                "Kind of the first violation under {n}: occupied, suicide, ko, superko, off_board."
            ),
            move |r| {
                r.replay
                    .as_ref()
                    .and_then(|x| x.verdicts[i].kind)
                    .map(|k| k.name())
                    .into()
            },
        ));
    }
    c.extend([
        col(R, "captures_by_black", Int, "White stones removed during play: Black's captures, and White's own stones a suicide removed (the prisoners of territory counting either way).", move |r| int(rp(r).map(|x| x.captures_by_black))),
        col(R, "captures_by_white", Int, "Black stones removed during play: White's captures, and Black's own stones a suicide removed.", move |r| int(rp(r).map(|x| x.captures_by_white))),
        col(R, "black_plays", Int, "Black stones placed: board moves and the black stones the setup leaves on the board at the first move (handicap stones, or a composed position's: a point set twice is one stone, one cleared or replaced none); passes and moves on an occupied or off-board point (executed as passes) excluded.", move |r| int(rp(r).map(|x| x.black_plays))),
        col(R, "white_plays", Int, "White stones placed: board moves and the white stones the setup leaves on the board at the first move; passes and moves on an occupied or off-board point excluded.", move |r| int(rp(r).map(|x| x.white_plays))),
        col(R, "last_mover", Label, "Who placed the last stone by a move (B/W); NULL when no move placed one (setup and handicap stones do not count).", move |r| rp(r).map_or(Cell::Null, |x| color(x.last_mover))),
        col(R, "ended_by_passes", Bool, "The game ends with two consecutive passes.", move |r| rp(r).map_or(Cell::Null, |x| Cell::Bool(x.ended_by_passes))),
        col(R, "repetition", Bool, "A board move recreated an earlier whole-board position, not by a simple-ko recapture nor a suicide (which Japanese/Korean rules forbid), with no two consecutive passes since it last stood (a ko retaken after both passed is no cycle): a cycle such as triple ko, which under Japanese/Korean rules is no result (not illegal) if neither side leaves it. The winner columns are filled all the same.", move |r| rp(r).map_or(Cell::Null, |x| Cell::Bool(x.repetition))),
        col(R, "same_color_moves", Int, "Moves by the same colour as the move before (not a violation; counted).", move |r| int(rp(r).map(|x| x.same_color_moves))),
        col(R, "moves_after_two_passes", Int, "Moves played after two consecutive passes.", move |r| int(rp(r).map(|x| x.moves_after_two_passes))),
        col(R, "final_hash", Hash, "Hash of the final position on its board: the stones' Zobrist hash with the board size keyed in (the same stones on boards of two sizes, or two empty boards of two sizes, hash apart; fixed seed: stable across runs and machines).", move |r| rp(r).map_or(Cell::Null, |x| Cell::Hash(x.final_hash))),
        col(R, "game_hash", Hash, "Hash of board size, setup and move sequence: equal for duplicate games across archives. Handicap stones this tool placed for an HA without AB (handicap_source HA_placed) are setup, as the same record written with its AB (in any order) is; handicap stones given as Black's moves are moves.", move |r| rp(r).map_or(Cell::Null, |x| Cell::Hash(x.game_hash))),
    ]);
    for id in RulesetId::ALL {
        let i = id.index();
        let n = id.name();
        c.push(col(S, format!("margin_{n}"), Float, format!("Score under {n}: Black minus White in points, after komi_{n} and {n}'s handicap bonus."), move |r| float(r.score.as_ref().map(|s| s.per_ruleset[i].margin_b_minus_w))));
        c.push(col(
            S,
            format!("winner_{n}"),
            Label,
            format!("Winner under {n}: B, W or draw (Ing: Black wins ties)."),
            move |r| {
                r.score
                    .as_ref()
                    .map(|s| s.per_ruleset[i].winner.name())
                    .into()
            },
        ));
        c.push(col(S, format!("komi_{n}"), Float, format!("Komi applied under {n} (even games, one-stone games (HA[1], handicap 0) among them: {n}'s standard komi; handicap games: the recorded komi, 0 when none is recorded; --komi recorded: the recorded komi, else as standard)."), move |r| float(r.score.as_ref().map(|s| s.per_ruleset[i].komi_used))));
    }
    c.extend([
        col(S, "margin_chinese_stones", Float, "Chinese margin in stones (子): margin_chinese / 2, i.e. Black's count minus half the board's points (180.5 on 19x19) minus half the komi and half a stone per handicap stone; 1 stone = 2 points. Black's count is black_area plus half of dame_points and half the shared seki points (seki_points - black_seki_eyes - white_seki_eyes): black_area alone is not it.", move |r| float(sc(r).map(|s| s.margin_chinese_stones))),
        col(S, "margin_as_is_area", Float, "Area difference with every stone on the board counted alive (nothing removed), B minus W, before komi and handicap bonus: the raw board count.", move |r| float(sc(r).map(|s| s.margin_as_is_area))),
        col(S, "margin_recorded_rules", Float, "Score under the record's own rules and komi, B minus W; NULL when the rules or the komi are unknown (no KM, or Fox's KM[0] in an even game: komi_quirk = 'fox_zero_even').", move |r| float(sc(r).and_then(|s| s.margin_recorded_rules))),
        col(S, "record_agreement", Label, "Recorded result vs margin_recorded_rules: exact, winner (same winner, other margin), differs, not_comparable (resignation, time, unknown rules or komi, a record with no move and no white stone…).", move |r| sc(r).map(|s| s.record_agreement.name()).into()),
        col(S, "winner_flip", Bool, "Two rulesets name different winners.", move |r| sc(r).map_or(Cell::Null, |s| Cell::Bool(s.winner_flip))),
        col(S, "half_point_flip", Bool, "Two rulesets name different winners with the game within 1 point under both: |margin| <= 1 under each of the two (e.g. B+0.5 against W+0.5, B+0.5 against W+1, or a draw against either).", move |r| sc(r).map_or(Cell::Null, |s| Cell::Bool(s.half_point_flip))),
        col(S, "flip_cause", Label, "Why the winners differ: parity, handicap_bonus, seki, komi, passes (mid-game passes, before the last stone), dead_stones (Tromp-Taylor counts dead stones alive), open_borders (Tromp-Taylor leaves neutral the open areas of an unfinished game that the count gives to the nearer side), tie_rule (the same tie: Ing gives it to Black, the others call it a draw), teire (points a player must fill inside its territory: Korean counting scores them, Japanese does not), mixed; NULL without a flip. The cause is the one all flipping pairs of rulesets share (else mixed); pairs with Tromp-Taylor count only when no other pair flips: a komi flip among the others stays komi when Tromp-Taylor, counting dead stones alive, names another winner too.", move |r| sc(r).and_then(|s| s.flip_cause).map(|c| c.name()).into()),
        col(S, "dead_source", Label, "Where dead stones came from: markup (TB/TW), estimated, none.", move |r| sc(r).map(|s| s.dead_source.name()).into()),
        col(S, "unsettled_points", Int, "Points the dead-stone estimate could not decide (filter on 0 for confident scores). Measured over the final playouts: with `--playouts 1` (footer key `kifu_audit.playouts`) one playout decides every group of a game stopped mid-fight, and there only the stones of an opening (a board nearly empty, where nothing is estimated) count; a game recorded as counted runs its 64 playouts whatever `--playouts` says (README, estimator settings), so its unsettled points stay.", move |r| int(sc(r).map(|s| s.unsettled_points))),
        col(S, "dead_black", Int, "Black stones judged dead.", move |r| int(sc(r).map(|s| s.dead_black))),
        col(S, "dead_white", Int, "White stones judged dead.", move |r| int(sc(r).map(|s| s.dead_white))),
        col(S, "seki_points", Int, "Empty points in seki (shared liberties and seki eyes).", move |r| int(sc(r).map(|s| s.seki_points))),
        col(S, "black_seki_eyes", Int, "Black's seki eyes (part of seki_points): empty points only Black touches, beside a black chain in seki. Area counting scores them for Black; Japanese and Korean counting score nothing, though most Tygem counts score them.", move |r| int(sc(r).map(|s| s.black_seki_eyes))),
        col(S, "white_seki_eyes", Int, "White's seki eyes (part of seki_points); as black_seki_eyes.", move |r| int(sc(r).map(|s| s.white_seki_eyes))),
        col(S, "dame_points", Int, "Neutral empty points outside seki (without markup, neutral areas of 20 points or more are unfinished boundaries split by distance to live stones, and in a game that ended by resignation, time or forfeit every neutral area is, its points going to the nearer side only within two steps of its stones; only the equidistant and farther points stay here).", move |r| int(sc(r).map(|s| s.dame_points))),
        col(S, "black_area", Int, "Black's area: live stones plus surrounded points, its seki eyes included (so black_area + white_area + dame_points + seki_points exceeds the board by the seki eyes).", move |r| int(sc(r).map(|s| s.black_area))),
        col(S, "white_area", Int, "White's area.", move |r| int(sc(r).map(|s| s.white_area))),
        col(S, "black_territory", Int, "Black's territory: empty points and removed dead stones surrounded by Black, seki eyes and teire points excluded.", move |r| int(sc(r).map(|s| s.black_territory))),
        col(S, "white_territory", Int, "White's territory.", move |r| int(sc(r).map(|s| s.white_territory))),
        col(S, "black_teire", Int, "Black's territory points that must be filled (teire): with TB/TW markup, the points our count gives Black that the markup leaves out; without it, the last liberty a black chain keeps once the dame are filled, unless a dame connects it to another black chain. Left out of black_territory; Japanese counting scores nothing for them, Korean counting and area counting score them for Black.", move |r| int(sc(r).map(|s| s.black_teire))),
        col(S, "white_teire", Int, "White's territory points that must be filled (teire); as black_teire.", move |r| int(sc(r).map(|s| s.white_teire))),
        col(S, "black_throw_ins", Int, "Dead black stones thrown into a two-point White eye: a lone stone in atari whose one liberty touches only live White stones and the edge. Counted dead and taken off; a count that leaves one on the board scores 3 points less for White (the stone's point, its prisoner, the liberty), under territory and area counting alike, as some Tygem records do.", move |r| int(sc(r).map(|s| s.black_throw_ins))),
        col(S, "white_throw_ins", Int, "Dead white stones thrown into a two-point Black eye; as black_throw_ins.", move |r| int(sc(r).map(|s| s.white_throw_ins))),
        col(S, "disputed_chain", Text, "For a counted record that differs from margin_recorded_rules (record_agreement winner or differs) with estimated dead stones: the stones (GTP points, row by row from the top, e.g. `H6 J6`) whose other fate makes margin_recorded_rules equal the record, under our counting conventions (see disputed_kind); in a fight, the side the record leaves alive. NULL when nothing tried does, or when the record is exact or not comparable. Not every match is what the record did: on the Tygem counts, a chain matches 43% of the records' own margins and 15% of other games' (permuted), so about one chain match in three is a coincidence; a group or fight, about one in eight (the audit test the_disputed_stones_match_the_records_far_more_often_than_permuted_records).", move |r| r.disputed_points.as_deref().into()),
        col(S, "disputed_kind", Label, "What was flipped: chain (one chain we count dead, tried alive; tried first), group (chains of one colour linked by shared liberties: a dead group tried alive, a living one of at most 30 stones tried dead), or fight (a group and every enemy chain beside it, each the other way). Groups and fights are tried only when no chain matches.", move |r| sc(r).and_then(|s| s.disputed_chain.as_ref()).map(|d| d.kind.name()).into()),
        col(S, "disputed_color", Label, "The colour of disputed_chain: B or W.", move |r| color(sc(r).and_then(|s| s.disputed_chain.as_ref()).map(|d| d.color))),
        col(S, "disputed_fate", Label, "What the record makes of disputed_chain: alive (left on the board; we count it dead) or dead (taken off; we count it alive). Always alive in a fight.", move |r| sc(r).and_then(|s| s.disputed_chain.as_ref()).map(|d| d.fate.name()).into()),
        col(S, "disputed_opponents", Text, "In a fight: the other side's stones (GTP points, as disputed_chain), which the record takes off and we count alive. NULL otherwise.", move |r| r.disputed_opponent_points.as_deref().into()),
        col(S, "disputed_matches", Int, "How many candidates of disputed_kind's tier (chains; or groups and fights) match the record: the one flipping the fewest stones is reported. 1 pinpoints it; several (often lone dead stones against a record off by a point or two) leave it ambiguous.", move |r| int(sc(r).and_then(|s| s.disputed_chain.as_ref()).map(|d| d.matches))),
        col(S, "prisoners_black", Int, "Prisoners Black holds: captures plus dead White stones.", move |r| int(sc(r).map(|s| s.prisoners_black))),
        col(S, "prisoners_white", Int, "Prisoners White holds.", move |r| int(sc(r).map(|s| s.prisoners_white))),
    ]);
    c
}

/// The Arrow schema derived from [`columns`].
pub fn schema() -> SchemaRef {
    static SCHEMA: OnceLock<SchemaRef> = OnceLock::new();
    SCHEMA
        .get_or_init(|| {
            let fields: Vec<Field> = columns()
                .iter()
                .map(|c| {
                    let nullable = !matches!(
                        c.name.as_str(),
                        "source" | "game_index" | "status" | "charset_lossy"
                    );
                    Field::new(c.name.clone(), c.ty.data_type(), nullable)
                })
                .collect();
            Arc::new(Schema::new(fields))
        })
        .clone()
}

/// The schema as a Markdown table (SCHEMA.md).
pub fn markdown() -> String {
    let mut s = String::from(
        "# Output schema\n\nGenerated by `kifu-audit schema` from `src/output/schema.rs` (the one definition).\n\
         One row per game. Margins are in points, Black minus White (positive: Black ahead), after komi and handicap bonus. \
         NULL means unknown or not applicable (replay and score columns are NULL on `error` rows); no sentinels.\n",
    );
    let mut group = "";
    for c in columns() {
        if c.group != group {
            group = c.group;
            s.push_str(&format!(
                "\n## {group}\n\n| column | type | meaning |\n|---|---|---|\n"
            ));
        }
        s.push_str(&format!(
            "| `{}` | {} | {} |\n",
            c.name,
            c.ty.sql_name(),
            c.doc.replace('|', "\\|")
        ));
    }
    s
}

enum AnyBuilder {
    Text(StringBuilder),
    Label(StringDictionaryBuilder<Int32Type>),
    Bool(BooleanBuilder),
    Int(Int32Builder),
    Hash(UInt64Builder),
    Float(Float64Builder),
    Date(Date32Builder),
}

impl AnyBuilder {
    fn new(ty: ColType) -> Self {
        match ty {
            ColType::Text => AnyBuilder::Text(StringBuilder::new()),
            ColType::Label => AnyBuilder::Label(StringDictionaryBuilder::new()),
            ColType::Bool => AnyBuilder::Bool(BooleanBuilder::new()),
            ColType::Int => AnyBuilder::Int(Int32Builder::new()),
            ColType::Hash => AnyBuilder::Hash(UInt64Builder::new()),
            ColType::Float => AnyBuilder::Float(Float64Builder::new()),
            ColType::Date => AnyBuilder::Date(Date32Builder::new()),
        }
    }

    fn append(&mut self, cell: Cell<'_>) {
        match (self, cell) {
            (AnyBuilder::Text(b), Cell::Str(s)) => b.append_value(s),
            (AnyBuilder::Text(b), _) => b.append_null(),
            (AnyBuilder::Label(b), Cell::Str(s)) => {
                b.append_value(s);
            }
            (AnyBuilder::Label(b), _) => b.append_null(),
            (AnyBuilder::Bool(b), Cell::Bool(v)) => b.append_value(v),
            (AnyBuilder::Bool(b), _) => b.append_null(),
            (AnyBuilder::Int(b), Cell::Int(v)) => {
                b.append_value(v.clamp(i32::MIN as i64, i32::MAX as i64) as i32)
            }
            (AnyBuilder::Int(b), _) => b.append_null(),
            (AnyBuilder::Hash(b), Cell::Hash(v)) => b.append_value(v),
            (AnyBuilder::Hash(b), _) => b.append_null(),
            (AnyBuilder::Float(b), Cell::Float(v)) => b.append_value(v),
            (AnyBuilder::Float(b), _) => b.append_null(),
            (AnyBuilder::Date(b), Cell::Date(v)) => b.append_value(v),
            (AnyBuilder::Date(b), _) => b.append_null(),
        }
    }

    fn finish(&mut self) -> ArrayRef {
        match self {
            AnyBuilder::Text(b) => Arc::new(b.finish()),
            AnyBuilder::Label(b) => Arc::new(b.finish()),
            AnyBuilder::Bool(b) => Arc::new(b.finish()),
            AnyBuilder::Int(b) => Arc::new(b.finish()),
            AnyBuilder::Hash(b) => Arc::new(b.finish()),
            AnyBuilder::Float(b) => Arc::new(b.finish()),
            AnyBuilder::Date(b) => Arc::new(b.finish()),
        }
    }
}

/// One array builder per column: `append(row)` then `finish()` into a record batch.
pub struct BatchBuilder {
    builders: Vec<AnyBuilder>,
    rows: usize,
}

impl Default for BatchBuilder {
    fn default() -> Self {
        Self::new()
    }
}

impl BatchBuilder {
    pub fn new() -> Self {
        BatchBuilder {
            builders: columns().iter().map(|c| AnyBuilder::new(c.ty)).collect(),
            rows: 0,
        }
    }

    pub fn append(&mut self, row: &GameRow) {
        for (b, c) in self.builders.iter_mut().zip(columns()) {
            b.append(c.value(row));
        }
        self.rows += 1;
    }

    pub fn len(&self) -> usize {
        self.rows
    }

    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// The rows appended so far as one batch; the builder starts empty again.
    pub fn finish(&mut self) -> RecordBatch {
        let arrays: Vec<ArrayRef> = self.builders.iter_mut().map(|b| b.finish()).collect();
        self.rows = 0;
        RecordBatch::try_new(schema(), arrays)
            .expect("columns() and schema() agree by construction")
    }
}
