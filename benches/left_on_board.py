#!/usr/bin/env python3
"""Do Tygem records leave some shape of dead stones on the board by convention?

Question answered: where a counted record differs from our count and its disputed chain
(`disputed_fate = 'alive'`) is a dead chain the record left on the board, is that the
records' way with chains of that shape, or a few records' own count? For every dead chain of
one to three stones in atari in the counted Tygem games, the shape is its number of stones,
the size of the empty region its liberty lies in (6 for six or more) and how that region is
marked (`+` Black's territory, `-` White's, `=` seki, `.` dame, as `explain` draws them). A
chain of a game we reproduce exactly is one the record took off; the disputed chain of a game
whose record matches with it alive is one the record left. The table gives both counts per
shape and the share left: a shape the records mostly leave would be a convention to adopt.

    benches/left_on_board.py PARQUET ZIP

PARQUET is a `kifu-audit scan` of ZIP (the Tygem corpus zip); the members of the counted games
are unpacked to a temporary directory and drawn by `kifu-audit explain` (target/release, about
a minute on two cores for the 23,230 counted games). Needs duckdb
(tests/python/requirements.txt). Not part of CI.
"""

import collections
import os
import subprocess
import sys
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor

import duckdb

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "kifu-audit")
EMPTY = "+-.=*"


def board_of(path):
    """The final position `explain` draws: {(column, row): character}."""
    out = subprocess.run([BIN, "explain", path], capture_output=True, text=True).stdout
    lines = out.splitlines()
    edges = [i for i, line in enumerate(lines) if line.strip().startswith("A B C D")]
    board = {}
    for line in lines[edges[0] + 1:edges[1]]:
        row = int(line[:3])
        for col, ch in enumerate(line[3:3 + 2 * 19:2]):
            board[(col, row)] = ch
    return board


def neighbours(p):
    x, y = p
    return ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))


def flood(board, start, kinds):
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n not in seen and board.get(n, "#") in kinds:
                seen.add(n)
                todo.append(n)
    return seen


def dead_chains_in_atari(board):
    """(stones as GTP names, shape) of each dead chain of one to three stones in atari."""
    seen, out = set(), []
    for p, ch in board.items():
        if p in seen or ch not in "xo":
            continue
        chain = flood(board, p, "Xx" if ch == "x" else "Oo")
        seen |= chain
        libs = {n for s in chain for n in neighbours(s) if board.get(n, "#") in EMPTY}
        if len(chain) > 3 or len(libs) != 1:
            continue
        region = flood(board, next(iter(libs)), EMPTY)
        marks = "".join(sorted({board[q] for q in region}))
        names = frozenset("ABCDEFGHJKLMNOPQRST"[x] + str(y) for x, y in chain)
        out.append((names, (len(chain), min(len(region), 6), marks)))
    return out


def main():
    parquet, zip_path = sys.argv[1], sys.argv[2]
    rows = duckdb.sql(
        f"""
        SELECT member, record_agreement, disputed_chain
        FROM '{parquet}'
        WHERE record_agreement = 'exact'
           OR (disputed_fate = 'alive' AND disputed_matches = 1)
        """
    ).fetchall()
    taken_off, left = collections.Counter(), collections.Counter()
    with tempfile.TemporaryDirectory() as tmp, zipfile.ZipFile(zip_path) as z:
        paths = []
        for member, _, _ in rows:
            path = os.path.join(tmp, member.replace("/", "_"))
            with open(path, "wb") as f:
                f.write(z.read(member))
            paths.append(path)
        with ThreadPoolExecutor(2) as pool:
            boards = list(pool.map(board_of, paths))
    for (member, agreement, disputed), board in zip(rows, boards):
        for names, shape in dead_chains_in_atari(board):
            if agreement == "exact":
                taken_off[shape] += 1
            elif names == frozenset(disputed.split()):
                left[shape] += 1
    print("dead chains of 1-3 stones in atari, by shape: taken off (exact games) / left (the")
    print("record's only disputed chain, alive) / share left")
    print(f"{'stones':>6} {'region':>6} {'marks':>5} {'taken off':>9} {'left':>5} {'share':>6}")
    for shape in sorted(set(taken_off) | set(left), key=lambda s: -(taken_off[s] + left[s])):
        off, kept = taken_off[shape], left[shape]
        stones, region, marks = shape
        region = "6+" if region == 6 else str(region)
        print(f"{stones:>6} {region:>6} {marks:>5} {off:>9} {kept:>5} {kept / (off + kept):>6.1%}")


if __name__ == "__main__":
    main()
