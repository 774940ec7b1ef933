#!/usr/bin/env python3
"""Whether a Tygem record counts its teire points depends on the game, and the players show it.

Question answered: Korean counting scores a teire point (a chain's last liberty once the dame
are filled) as its owner's territory, and so do about two thirds of the Tygem records that hold
one; the rest count none. Is that choice random per game, or does it follow the players? Reads
the Parquet file of a `kifu-audit scan` of the Tygem zip and prints:

- the counted games with one teire point: how many records count it (`all`), take it off
  (`none`), or match neither;
- a dispersion test over players: for each player with three such games or more, the squared
  deviation of their count of `all` from the overall share, summed over players (a chi-square
  statistic), once as Black and once as White, against the same statistic with the labels
  shuffled among the games (200 shuffles, a fixed seed). A statistic far above the shuffled
  ones means the convention follows the players.

    benches/teire_convention.py [PARQUET]

Default PARQUET: /tmp/tygem.parquet, made with
`kifu-audit scan -q ../shared/corpus/tygem-9d-2006.zip -o /tmp/tygem.parquet`.
Needs duckdb (tests/python/requirements.txt). Not part of CI.
"""

import collections
import random
import sys

import duckdb


def games(parquet):
    """(black, white, counted) for the counted games with one teire point whose record
    matches our Korean margin with the teire point counted or taken off."""
    rows = duckdb.sql(
        f"""
        SELECT black, white, black_teire, white_teire, margin_recorded_rules AS ours,
               CASE result_winner WHEN 'B' THEN result_margin ELSE -result_margin END AS rec
        FROM '{parquet}'
        WHERE result_kind = 'score' AND record_agreement <> 'not_comparable'
          AND black_teire + white_teire = 1
        """
    ).fetchall()
    out, other = [], 0
    for black, white, bt, wt, ours, rec in rows:
        if rec == ours:
            out.append((black, white, True))
        elif rec == ours - bt + wt:
            out.append((black, white, False))
        else:
            other += 1
    return out, other


def dispersion(labelled, side):
    """Chi-square statistic of the per-player counts of `all` (players with three games or
    more, as Black when side is 0, as White when 1) and its degrees of freedom."""
    by_player = collections.defaultdict(list)
    for g in labelled:
        by_player[g[side]].append(g[2])
    p = sum(g[2] for g in labelled) / len(labelled)
    stat, df = 0.0, 0
    for counted in by_player.values():
        n = len(counted)
        if n < 3:
            continue
        stat += (sum(counted) - n * p) ** 2 / (n * p * (1 - p))
        df += 1
    return stat, df


def main():
    parquet = sys.argv[1] if len(sys.argv) > 1 else "/tmp/tygem.parquet"
    labelled, other = games(parquet)
    counted = sum(g[2] for g in labelled)
    print(
        f"games with one teire point: {len(labelled) + other}; the record counts it in "
        f"{counted}, takes it off in {len(labelled) - counted}, neither in {other}"
    )
    rng = random.Random(0)
    for side, name in ((0, "Black"), (1, "White")):
        stat, df = dispersion(labelled, side)
        shuffled = []
        for _ in range(200):
            labels = [g[2] for g in labelled]
            rng.shuffle(labels)
            moved = [(b, w, c) for (b, w, _), c in zip(labelled, labels)]
            shuffled.append(dispersion(moved, side)[0])
        shuffled.sort()
        print(
            f"players as {name}: dispersion {stat:.1f} over {df} players; shuffled labels: "
            f"median {shuffled[100]:.1f}, 95th percentile {shuffled[190]:.1f}, "
            f"max {shuffled[-1]:.1f}"
        )


if __name__ == "__main__":
    main()
