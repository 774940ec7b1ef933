#!/usr/bin/env python3
"""Run every queries/*.sql against a kifu-audit Parquet file and check their output columns.

Usage:
    python tests/python/check_queries.py games.parquet [--expect-nonempty q1,q2,...]
                                          [--queries-dir DIR] [--show N]

`games` is created as a DuckDB view over the Parquet file; each query reads only `games`.
Each query's header must contain
    -- columns: a, b, c       the exact output column names, in order
    -- uses: x, y_<r>          input columns (<r> stands for each ruleset of SCHEMA.md)
and both are checked: the query must run and return exactly the documented columns; every
`uses` column must be documented in SCHEMA.md (--schema), be present in the Parquet file and
appear in the query text; and every SCHEMA.md column the query text mentions must be listed in
`uses`. --expect-nonempty names queries (with or without .sql) that must return at least one
row. Prints one line per query and a closing 'N passed, N failed' line; exits 1 when any check
fails.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_parquet import DEFAULT_SCHEMA, parse_schema, rulesets_of  # noqa: E402

DEFAULT_QUERIES = Path(__file__).resolve().parents[2] / "queries"


def header_list(sql: str, key: str) -> list[str] | None:
    """Names listed on a '-- key: a, b' header line (continuation lines: '--   more, names')."""
    lines = sql.splitlines()
    for i, line in enumerate(lines):
        m = re.match(rf"^--\s*{key}:\s*(.*)$", line)
        if not m:
            continue
        text = m.group(1)
        # continuation: following comment lines indented by 2+ spaces that are not another key
        for nxt in lines[i + 1:]:
            c = re.match(r"^--\s{2,}(\S.*)$", nxt)
            if c and text.rstrip().endswith(","):
                text += " " + c.group(1)
            else:
                break
        return [n.strip() for n in text.split(",") if n.strip()]
    return None


def expand_uses(names: list[str], rulesets: list[str]) -> list[str]:
    out = []
    for n in names:
        if "<r>" in n:
            out += [n.replace("<r>", r) for r in rulesets]
        else:
            out.append(n)
    return out


def sql_body(sql: str) -> str:
    """The query text without comments and string literals (for column-name look-ups)."""
    body = "\n".join(re.sub(r"--.*$", "", line) for line in sql.splitlines())
    return re.sub(r"'(?:[^']|'')*'", "''", body)


def mentions(body: str, name: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", body) is not None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Run queries/*.sql against a Parquet file.")
    ap.add_argument("parquet", type=Path)
    ap.add_argument("--expect-nonempty", default="", help="comma-separated query names that must return rows")
    ap.add_argument("--queries-dir", type=Path, default=DEFAULT_QUERIES)
    ap.add_argument("--show", type=int, default=0, help="print the first N rows of each result")
    ap.add_argument("--schema", type=Path, default=DEFAULT_SCHEMA, help="SCHEMA.md documenting the columns")
    args = ap.parse_args(argv)

    import duckdb

    if not args.parquet.is_file():
        print(f"FAIL: {args.parquet} does not exist", file=sys.stderr)
        return 2
    if not args.schema.is_file():
        print(f"FAIL: schema {args.schema} does not exist", file=sys.stderr)
        return 2
    columns = parse_schema(args.schema)
    schema_cols = [c.name for c in columns]
    rulesets = rulesets_of(columns)
    if not schema_cols or not rulesets:
        print(f"FAIL: no column tables (or no legal_<r> columns) found in {args.schema}", file=sys.stderr)
        return 2
    files = sorted(args.queries_dir.glob("*.sql"))
    if not files:
        print(f"FAIL: no .sql files in {args.queries_dir}", file=sys.stderr)
        return 2
    known = {f.stem for f in files}
    nonempty = {n.strip().removesuffix(".sql") for n in args.expect_nonempty.split(",") if n.strip()}
    failures: list[str] = []
    unknown = sorted(nonempty - known)
    if unknown:
        failures.append(f"--expect-nonempty names unknown queries: {', '.join(unknown)}")

    con = duckdb.connect()
    path_literal = str(args.parquet).replace("'", "''")
    con.execute(f"CREATE VIEW games AS SELECT * FROM read_parquet('{path_literal}')")
    table_cols = {r[0] for r in con.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'games'").fetchall()}

    passed = failed = 0
    for f in files:
        sql = f.read_text(encoding="utf-8")
        problems: list[str] = []
        expected = header_list(sql, "columns")
        uses = header_list(sql, "uses")
        if not sql.lstrip().startswith("--"):
            problems.append("does not open with a comment block")
        if not re.search(r"^--\s*question:", sql, re.M):
            problems.append("header has no '-- question:' line")
        if expected is None:
            problems.append("header has no '-- columns:' line")
        if uses is None:
            problems.append("header has no '-- uses:' line")
        else:
            used = expand_uses(uses, rulesets)
            body = sql_body(sql)
            undocumented = [c for c in used if c not in schema_cols]
            if undocumented:
                problems.append("uses columns not in SCHEMA.md: " + ", ".join(undocumented))
            missing = [c for c in used if c not in table_cols]
            if missing:
                problems.append("uses columns absent from the Parquet file: " + ", ".join(missing))
            unused = [c for c in used if not mentions(body, c)]
            if unused:
                problems.append("uses lists columns the query never reads: " + ", ".join(unused))
            unlisted = [c for c in schema_cols if c not in used and mentions(body, c)]
            if unlisted:
                problems.append("query reads columns missing from uses: " + ", ".join(unlisted))
            # a recorded margin signed by the winner: a draw is a margin of 0, not NULL (a
            # counted draw fell out of every sum and count that read it)
            code = "\n".join(re.sub(r"--.*$", "", line) for line in sql.splitlines())
            for case in re.findall(r"CASE\s+result_winner\b.*?\bEND\b", code, re.S | re.I):
                if "result_margin" in case and not re.search(r"WHEN\s+'draw'", case, re.I):
                    problems.append("signs result_margin by result_winner without a 'draw' branch")
        rows = None
        try:
            cur = con.execute(sql)
            got = [d[0] for d in cur.description]
            result = cur.fetchall()
            rows = len(result)
            if expected is not None and got != expected:
                problems.append(f"columns {got} != documented {expected}")
            if f.stem in nonempty and rows == 0:
                problems.append("returned no rows (--expect-nonempty)")
        except Exception as e:  # duckdb.Error and friends
            problems.append(f"query failed: {type(e).__name__}: {e}")
        if problems:
            failed += 1
            for p in problems:
                failures.append(f"{f.name}: {p}")
            print(f"FAIL {f.name}: " + "; ".join(problems))
        else:
            passed += 1
            print(f"ok   {f.name}: {rows} row(s)")
            if args.show and rows:
                for r in result[: args.show]:
                    print("       " + " | ".join("NULL" if v is None else str(v) for v in r))
    for msg in failures:
        if not any(msg.startswith(f.name) for f in files):
            print(f"FAIL: {msg}")
            failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
