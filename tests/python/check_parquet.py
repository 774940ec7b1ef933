#!/usr/bin/env python3
"""Check a kifu-audit Parquet file: schema, types, allowed values, NULL discipline.

Usage:
    python tests/python/check_parquet.py games.parquet [--rows N] [--allow-extra-columns]

The file is read twice, with DuckDB and with pandas (pyarrow engine), and both must agree.
Checks (each failure is printed with the column and an example row; exit status 1):
  * every documented column is present with the expected type family
    (date = DATE, booleans = BOOLEAN, strings = VARCHAR, counts = integers, margins = DOUBLE);
  * enum columns hold only their documented values (status, rules, result_kind, winner_r, ...);
  * no sentinels where NULL belongs: no '' in VARCHAR columns (raw-value columns excepted),
    no negative counts, no NaN in DOUBLE columns;
  * (source, member, game_index) is unique: one row per game;
  * error rows: error_kind set, every replay/scoring column NULL;
    non-error rows: margin_r, winner_r, komi_r, legal_r set;  ok rows: error_kind NULL;
  * winner_r agrees with the sign of margin_r; first_illegal_move_r / illegal_kind_r are NULL
    exactly when legal_r is true;
  * the row count equals --rows N when given.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

RULESETS = ["chinese", "japanese", "korean", "ing", "aga", "nz", "tromp_taylor"]

INT = "int"
DOUBLE = "double"
BOOL = "bool"
STR = "str"
DATE = "date"
HASH = "hash"

INT_TYPES = {"TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "UTINYINT", "USMALLINT", "UINTEGER",
             "UBIGINT"}
TYPE_FAMILIES = {
    INT: INT_TYPES,
    DOUBLE: {"DOUBLE", "FLOAT"},
    BOOL: {"BOOLEAN"},
    STR: {"VARCHAR"},
    DATE: {"DATE"},
    HASH: {"UBIGINT", "BIGINT"},
}

# (column, type family or tuple of families, allowed values or None)
INGESTION = [
    ("source", STR, None),
    ("member", STR, None),
    ("game_index", INT, None),
    ("status", STR, {"ok", "recovered", "error"}),
    ("error_kind", STR, None),
    ("error_message", STR, None),
    ("charset_declared", STR, None),
    ("charset_used", STR, None),
    ("charset_lossy", BOOL, None),
    ("board_width", INT, None),
    ("board_height", INT, None),
    ("komi", DOUBLE, None),
    ("komi_raw", STR, None),
    ("komi_quirk", STR, None),
    ("handicap", INT, None),
    ("handicap_source", STR, {"none", "HA", "AB", "HA_placed", "moves"}),
    ("rules", STR, {"chinese", "japanese", "korean", "ing", "aga", "nz", "tromp_taylor", "unknown"}),
    ("rules_raw", STR, None),
    ("black", STR, None),
    ("white", STR, None),
    ("black_rank", STR, None),
    ("white_rank", STR, None),
    ("date", DATE, None),
    ("event", STR, None),
    ("application", STR, None),
    ("result_raw", STR, None),
    ("result_winner", STR, {"B", "W", "draw", "void", "unknown"}),
    ("result_kind", STR, {"score", "resign", "time", "forfeit", "draw", "void", "unknown"}),
    ("result_margin", DOUBLE, None),
    ("moves", INT, None),
    ("passes", INT, None),
    ("setup_black", INT, None),
    ("setup_white", INT, None),
    ("has_territory_markup", BOOL, None),
    ("unknown_properties", (INT, STR), None),
    ("invalid_properties", INT, None),
]

REPLAY_PER_RULESET = [
    ("legal_{r}", BOOL, None),
    ("first_illegal_move_{r}", INT, None),
    ("illegal_kind_{r}", STR, {"occupied", "suicide", "ko", "superko", "off_board"}),
]
REPLAY = [
    ("captures_by_black", INT, None),
    ("captures_by_white", INT, None),
    ("black_plays", INT, None),
    ("white_plays", INT, None),
    ("last_mover", STR, {"B", "W"}),
    ("ended_by_passes", BOOL, None),
    ("repetition", BOOL, None),
    ("same_color_moves", INT, None),
    ("moves_after_two_passes", INT, None),
    ("final_hash", HASH, None),
    ("game_hash", HASH, None),
]
SCORING_PER_RULESET = [
    ("margin_{r}", DOUBLE, None),
    ("winner_{r}", STR, {"B", "W", "draw"}),
    ("komi_{r}", DOUBLE, None),
]
SCORING = [
    ("margin_chinese_stones", DOUBLE, None),
    ("margin_as_is_area", DOUBLE, None),
    ("margin_recorded_rules", DOUBLE, None),
    ("record_agreement", STR, {"exact", "winner", "differs", "not_comparable"}),
    ("winner_flip", BOOL, None),
    ("half_point_flip", BOOL, None),
    ("flip_cause", STR, {"parity", "handicap_bonus", "seki", "komi", "passes", "dead_stones", "mixed"}),
    ("dead_source", STR, {"markup", "estimated", "none"}),
    ("unsettled_points", INT, None),
    ("dead_black", INT, None),
    ("dead_white", INT, None),
    ("seki_points", INT, None),
    ("dame_points", INT, None),
    ("black_area", INT, None),
    ("white_area", INT, None),
    ("black_territory", INT, None),
    ("white_territory", INT, None),
    ("prisoners_black", INT, None),
    ("prisoners_white", INT, None),
]


def expand(specs):
    out = []
    for name, fam, allowed in specs:
        if "{r}" in name:
            out += [(name.format(r=r), fam, allowed) for r in RULESETS]
        else:
            out.append((name, fam, allowed))
    return out


def schema():
    """Every documented column: name -> (families, allowed values, group)."""
    cols = {}
    for group, specs in (("ingestion", INGESTION), ("replay", REPLAY_PER_RULESET + REPLAY),
                         ("scoring", SCORING_PER_RULESET + SCORING)):
        for name, fam, allowed in expand(specs):
            fams = fam if isinstance(fam, tuple) else (fam,)
            cols[name] = (fams, allowed, group)
    return cols


# Columns whose '' is a legitimate value (the raw text of an SGF property, e.g. KM[]).
RAW_COLUMNS = {"komi_raw", "rules_raw", "result_raw", "error_message"}
# Integer columns that may legitimately be negative: none of the documented ones.
SIGNED_INT_COLUMNS: set[str] = set()
# Must be non-NULL on every row.
ALWAYS_SET = {"source", "game_index", "status"}
# Must be non-NULL on every non-error row.
SET_UNLESS_ERROR = {f"{p}_{r}" for p in ("margin", "winner", "komi", "legal") for r in RULESETS}


def q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


class Checker:
    def __init__(self, path: Path):
        import duckdb

        self.path = path
        self.con = duckdb.connect()
        self.con.execute(f"CREATE VIEW games AS SELECT * FROM read_parquet('{str(path).replace(chr(39), chr(39) * 2)}')")
        self.failures: list[str] = []
        self.notes: list[str] = []
        self.types = {name: typ for name, typ in self.con.execute(
            "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'games'"
        ).fetchall()}

    def fail(self, msg: str) -> None:
        self.failures.append(msg)

    def scalar(self, sql: str):
        return self.con.execute(sql).fetchone()[0]

    def example(self, where: str) -> str:
        row = self.con.execute(
            f"SELECT source, member, game_index FROM games WHERE {where} LIMIT 1").fetchone()
        return "" if row is None else f" (e.g. source={row[0]!r} member={row[1]!r} game_index={row[2]})"

    def count_where(self, where: str) -> int:
        return self.scalar(f"SELECT count(*) FROM games WHERE {where}")

    def check_where_none(self, where: str, msg: str) -> None:
        n = self.count_where(where)
        if n:
            self.fail(f"{msg}: {n} row(s){self.example(where)}")

    # ---------------------------------------------------------------- checks

    def check_columns(self, allow_extra: bool) -> dict:
        cols = schema()
        present = {}
        for name, (fams, allowed, group) in cols.items():
            if name not in self.types:
                self.fail(f"missing column {name} ({group})")
                continue
            typ = self.types[name]
            ok_types = set().union(*(TYPE_FAMILIES[f] for f in fams))
            if typ not in ok_types:
                self.fail(f"column {name} has type {typ}, expected one of {sorted(ok_types)}")
                continue
            present[name] = (fams, allowed, group, typ)
        extra = sorted(set(self.types) - set(cols))
        if extra:
            msg = "columns not in the documented schema: " + ", ".join(extra)
            (self.notes if allow_extra else self.failures).append(msg)
        return present

    def check_values(self, present: dict) -> None:
        for name, (fams, allowed, group, typ) in present.items():
            c = q(name)
            if name in ALWAYS_SET:
                self.check_where_none(f"{c} IS NULL", f"{name} is NULL")
            if allowed is not None:
                vals = ", ".join("'" + v + "'" for v in sorted(allowed))
                bad = self.con.execute(
                    f"SELECT DISTINCT {c} FROM games WHERE {c} IS NOT NULL AND {c} NOT IN ({vals}) LIMIT 5"
                ).fetchall()
                if bad:
                    self.fail(f"{name} has values outside {sorted(allowed)}: {[b[0] for b in bad]}"
                              f"{self.example(f'{c} NOT IN ({vals})')}")
            if typ == "VARCHAR" and name not in RAW_COLUMNS:
                self.check_where_none(f"{c} = ''", f"{name} holds '' where NULL belongs")
            if typ in INT_TYPES and name not in SIGNED_INT_COLUMNS and not typ.startswith("U"):
                self.check_where_none(f"{c} < 0", f"{name} is negative (a -1 sentinel?)")
            if typ in ("DOUBLE", "FLOAT"):
                self.check_where_none(f"isnan({c})", f"{name} is NaN (use NULL)")
                self.check_where_none(f"isinf({c})", f"{name} is infinite")

    def check_semantics(self, present: dict) -> None:
        has = lambda *names: all(n in present for n in names)  # noqa: E731
        if has("source", "member", "game_index"):
            dup = self.scalar(
                "SELECT count(*) FROM (SELECT source, member, game_index FROM games "
                "GROUP BY source, member, game_index HAVING count(*) > 1)")
            if dup:
                self.fail(f"(source, member, game_index) not unique: {dup} duplicated key(s)")
        if not has("status"):
            return
        if has("error_kind"):
            self.check_where_none("status = 'error' AND error_kind IS NULL", "error row without error_kind")
            self.check_where_none("status = 'ok' AND error_kind IS NOT NULL", "ok row with an error_kind")
        nullable_on_error = [n for n, (_, _, g, _) in present.items() if g in ("replay", "scoring")]
        for name in nullable_on_error:
            self.check_where_none(f"status = 'error' AND {q(name)} IS NOT NULL",
                                  f"{name} is set on an error row (replay/scoring columns must be NULL)")
        for name in sorted(SET_UNLESS_ERROR & set(present)):
            self.check_where_none(f"status <> 'error' AND {q(name)} IS NULL",
                                  f"{name} is NULL on a non-error row")
        for r in RULESETS:
            m, w = f"margin_{r}", f"winner_{r}"
            if has(m, w):
                self.check_where_none(
                    f"{q(m)} IS NOT NULL AND {q(w)} IS DISTINCT FROM "
                    f"(CASE WHEN {q(m)} > 0 THEN 'B' WHEN {q(m)} < 0 THEN 'W' ELSE 'draw' END)",
                    f"{w} disagrees with the sign of {m}")
            legal, first, kind = f"legal_{r}", f"first_illegal_move_{r}", f"illegal_kind_{r}"
            if has(legal, first, kind):
                self.check_where_none(f"{q(legal)} AND ({q(first)} IS NOT NULL OR {q(kind)} IS NOT NULL)",
                                      f"{first}/{kind} set although {legal} is true")
                self.check_where_none(f"NOT {q(legal)} AND ({q(first)} IS NULL OR {q(kind)} IS NULL)",
                                      f"{first}/{kind} NULL although {legal} is false")
        if has("result_margin", "result_kind"):
            self.check_where_none("result_margin IS NOT NULL AND result_kind NOT IN ('score', 'draw')",
                                  "result_margin set for a result that is not a counted score")
        if has("board_width", "board_height"):
            self.check_where_none("status <> 'error' AND (board_width < 1 OR board_height < 1 "
                                  "OR board_width > 52 OR board_height > 52)",
                                  "board size outside 1..52 on a non-error row")

    def check_pandas(self, present: dict, n_rows: int) -> None:
        import pandas as pd
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pq.read_table(self.path)
        arrow_schema = table.schema
        if table.num_rows != n_rows:
            self.fail(f"pyarrow reads {table.num_rows} rows, DuckDB {n_rows}")
        expect_arrow = {
            DATE: lambda t: pa.types.is_date(t),
            BOOL: lambda t: pa.types.is_boolean(t),
            STR: lambda t: pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t),
            INT: lambda t: pa.types.is_integer(t),
            HASH: lambda t: pa.types.is_int64(t) or pa.types.is_uint64(t),
            DOUBLE: lambda t: pa.types.is_floating(t),
        }
        for name, (fams, _, _, _) in present.items():
            t = arrow_schema.field(name).type
            if not any(expect_arrow[f](t) for f in fams):
                self.fail(f"pyarrow type of {name} is {t}, expected {'/'.join(fams)}")
        df = pd.read_parquet(self.path, engine="pyarrow", dtype_backend="pyarrow")
        if len(df) != n_rows:
            self.fail(f"pandas reads {len(df)} rows, DuckDB {n_rows}")
        if "date" in present and not pa.types.is_date(df["date"].dtype.pyarrow_dtype):
            self.fail(f"pandas dtype of date is {df['date'].dtype}, expected date32")
        # Same aggregates through both readers.
        for name in ("moves", "passes", "captures_by_black", "captures_by_white"):
            if name in present:
                a = self.scalar(f"SELECT coalesce(sum({q(name)}), 0) FROM games")
                b = int(df[name].sum()) if len(df) else 0
                if int(a) != b:
                    self.fail(f"sum({name}) differs: DuckDB {a}, pandas {b}")
        if "margin_chinese" in present:
            a = self.scalar("SELECT sum(margin_chinese) FROM games")
            b = df["margin_chinese"].sum()
            if a is not None and not math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-9):
                self.fail(f"sum(margin_chinese) differs: DuckDB {a}, pandas {b}")
        if "status" in present:
            ddb = dict(self.con.execute("SELECT status, count(*) FROM games GROUP BY status").fetchall())
            pdc = {k: int(v) for k, v in df["status"].value_counts().items()}
            if ddb != pdc:
                self.fail(f"status counts differ: DuckDB {ddb}, pandas {pdc}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Check a kifu-audit Parquet file.")
    ap.add_argument("parquet", type=Path)
    ap.add_argument("--rows", type=int, help="expected number of rows")
    ap.add_argument("--allow-extra-columns", action="store_true",
                    help="columns beyond the documented schema are a note, not a failure")
    args = ap.parse_args(argv)
    if not args.parquet.is_file():
        print(f"FAIL: {args.parquet} does not exist", file=sys.stderr)
        return 2
    try:
        ck = Checker(args.parquet)
    except Exception as e:  # unreadable file
        print(f"FAIL: cannot read {args.parquet} with DuckDB: {e}", file=sys.stderr)
        return 1
    n_rows = ck.scalar("SELECT count(*) FROM games")
    present = ck.check_columns(args.allow_extra_columns)
    ck.check_values(present)
    ck.check_semantics(present)
    try:
        ck.check_pandas(present, n_rows)
    except Exception as e:
        ck.fail(f"pandas/pyarrow read failed: {type(e).__name__}: {e}")
    if args.rows is not None and n_rows != args.rows:
        ck.fail(f"row count is {n_rows}, expected {args.rows}")
    status = dict(ck.con.execute("SELECT status, count(*) FROM games GROUP BY status").fetchall()) \
        if "status" in present else {}
    print(f"{args.parquet}: {n_rows} rows, {len(ck.types)} columns, status {status}")
    for note in ck.notes:
        print(f"note: {note}")
    for f in ck.failures:
        print(f"FAIL: {f}", file=sys.stderr)
    if ck.failures:
        print(f"{len(ck.failures)} check(s) failed", file=sys.stderr)
        return 1
    print("all parquet checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
