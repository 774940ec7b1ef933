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

    benches/seed_spread.py [--seeds 5] [--playouts 4] [--single-batch] [--against OTHER_BIN] [ZIP]

With `--against OTHER_BIN` (another build of kifu-audit, e.g. main's, copied aside) each seed
is scanned by both builds and the table shows this build's figures next to the other's with
the difference; the summary says under how many seeds each figure is better, equal or worse.
That is the comparison a change to the estimator is judged on: each seed is the same sample
of the playouts for both builds wherever their questions are the same.

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


def scan(binary, seed, zipfile, out, playouts, single_batch):
    """Scans `zipfile` with `binary` under `seed` and returns its figures."""
    cmd = [binary, "scan", "--quiet", "--seed", str(seed), zipfile, "-o", out]
    if playouts is not None:
        cmd += ["--playouts", str(playouts)]
    if single_batch:
        cmd += ["--single-batch"]
    # exit status 1 only says some games could not be read
    if subprocess.run(cmd).returncode not in (0, 1):
        sys.exit(f"scan failed: {' '.join(cmd)}")
    return figures(out)


def line(seed, f):
    """One seed's figures: exact, same winner, wrong, their rates, resigned named."""
    exact, winner, wrong, named = f
    n = exact + winner + wrong
    return (
        f"{seed:>4} {exact:>7,} {winner:>7,} {wrong:>6} {100 * exact / n:>6.2f}% "
        f"{100 * (exact + winner) / n:>7.2f}% {100 * named:>14.2f}%"
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("zip", nargs="?", default=os.path.join(ROOT, "..", "shared", "corpus", "tygem-9d-2006.zip"))
    ap.add_argument("--seeds", type=int, default=5, help="seeds 0..N-1 (default 5)")
    ap.add_argument("--playouts", type=int, default=None, help="passed on as --playouts")
    ap.add_argument("--single-batch", action="store_true", help="passed on as --single-batch")
    ap.add_argument("--against", default=None, help="another kifu-audit binary to compare with, seed by seed")
    args = ap.parse_args()
    if not os.path.exists(args.zip):
        print(f"no {args.zip}: nothing to measure")
        return 0
    for binary in [BIN] + ([args.against] if args.against else []):
        if not os.path.exists(binary):
            sys.exit(f"no {binary}: run `cargo build --release` first")
    rows, other = [], []
    header = f"{'seed':>4} {'exact':>7} {'winner':>7} {'wrong':>6} {'exact%':>7} {'winner%':>8} {'resigned named':>15}"
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "games.parquet")
        print(header + ("   (second line: --against; third: the difference)" if args.against else ""))
        for seed in range(args.seeds):
            f = scan(BIN, seed, args.zip, out, args.playouts, args.single_batch)
            rows.append((f[0], f[2], f[3]))
            print(line(seed, f))
            if args.against:
                o = scan(args.against, seed, args.zip, out, args.playouts, args.single_batch)
                other.append((o[0], o[2], o[3]))
                print(line(seed, o))
                print(
                    f"{'':>4} {f[0] - o[0]:>+7,} {f[1] - o[1]:>+7,} {f[2] - o[2]:>+6} {'':>7} {'':>8} "
                    f"{100 * (f[3] - o[3]):>+14.2f}%"
                )
    # (label, column, format, whether more is better)
    summary = [("exact", 0, "{:,.1f}", True), ("wrong winners", 1, "{:.1f}", False), ("resigned named %", 2, "{:.2f}", True)]
    for label, k, fmt, more_better in summary:
        scale = 100 if k == 2 else 1
        vals = [r[k] * scale for r in rows]
        text = (
            f"{label}: mean {fmt.format(statistics.mean(vals))}, "
            f"min {fmt.format(min(vals))}, max {fmt.format(max(vals))}"
        )
        if args.against:
            theirs = [r[k] * scale for r in other]
            diffs = [a - b for a, b in zip(vals, theirs)]
            better = sum(1 for d in diffs if (d > 0) == more_better and d != 0)
            worse = sum(1 for d in diffs if (d < 0) == more_better and d != 0)
            text += (
                f"; against: mean {fmt.format(statistics.mean(theirs))}, difference "
                f"{statistics.mean(diffs):+.2f}, better under {better} seeds, "
                f"equal {len(diffs) - better - worse}, worse {worse}"
            )
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
