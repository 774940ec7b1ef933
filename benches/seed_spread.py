#!/usr/bin/env python3
"""How much of the accuracy figures is the playouts' luck: the Tygem scan under several seeds.

Question answered: when a change to the dead-stone estimator moves the Tygem counted games by a
few exact results or wrong winners, is that more than the playouts' own sampling noise? Each
`--seed` is another deterministic sample of the same playouts (seed 0 is the default), so
scanning the same games under a few seeds gives the spread a change must beat. Compare two
builds seed by seed (paired): a change that helps does so under most seeds.

Per seed it prints the counted games' agreement with the record (exact, same winner, wrong
winner) and the share of resigned games whose estimate names the side that did not resign
(Korean counting, the record's komi: the figures of `cargo test --release --test audit
scoring_accuracy`), then the mean, min and max. About 15 s a seed on two cores. Not part of CI.

    benches/seed_spread.py [--seeds 5] [--playouts 4] [ZIP]

Needs the Python packages of tests/python/requirements.txt (duckdb) and a release build
(`cargo build --release`).
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

import duckdb

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "kifu-audit")


def figures(parquet):
    """Exact, same-winner-only and wrong-winner counts of the counted games, and the share of
    resigned games named right."""
    con = duckdb.connect()
    agree = dict(
        con.execute(
            f"""select record_agreement, count(*) from '{parquet}'
                where record_agreement in ('exact', 'winner', 'differs') group by 1"""
        ).fetchall()
    )
    resigned, named = con.execute(
        f"""select count(*), count(*) filter (where winner_korean = result_winner)
            from '{parquet}' where result_kind = 'resign' and result_winner in ('B', 'W')"""
    ).fetchone()
    return (
        agree.get("exact", 0),
        agree.get("winner", 0),
        agree.get("differs", 0),
        named / resigned if resigned else float("nan"),
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("zip", nargs="?", default=os.path.join(ROOT, "..", "shared", "corpus", "tygem-9d-2006.zip"))
    ap.add_argument("--seeds", type=int, default=5, help="seeds 0..N-1 (default 5)")
    ap.add_argument("--playouts", type=int, default=None, help="passed on as --playouts")
    args = ap.parse_args()
    if not os.path.exists(args.zip):
        print(f"no {args.zip}: nothing to measure")
        return 0
    if not os.path.exists(BIN):
        sys.exit(f"no {BIN}: run `cargo build --release` first")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "games.parquet")
        print(f"{'seed':>4} {'exact':>7} {'winner':>7} {'wrong':>6} {'exact%':>7} {'winner%':>8} {'resigned named':>15}")
        for seed in range(args.seeds):
            cmd = [BIN, "scan", "--quiet", "--seed", str(seed), args.zip, "-o", out]
            if args.playouts is not None:
                cmd += ["--playouts", str(args.playouts)]
            # exit status 1 only says some games could not be read
            if subprocess.run(cmd).returncode not in (0, 1):
                sys.exit(f"scan failed: {' '.join(cmd)}")
            exact, winner, wrong, named = figures(out)
            n = exact + winner + wrong
            rows.append((exact, wrong, named))
            print(
                f"{seed:>4} {exact:>7,} {winner:>7,} {wrong:>6} {100 * exact / n:>6.2f}% "
                f"{100 * (exact + winner) / n:>7.2f}% {100 * named:>14.2f}%"
            )
    for label, k, fmt in [("exact", 0, "{:,.1f}"), ("wrong winners", 1, "{:.1f}"), ("resigned named %", 2, "{:.2f}")]:
        vals = [r[k] * (100 if k == 2 else 1) for r in rows]
        print(
            f"{label}: mean {fmt.format(statistics.mean(vals))}, "
            f"min {fmt.format(min(vals))}, max {fmt.format(max(vals))}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
