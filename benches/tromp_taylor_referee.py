#!/usr/bin/env python3
"""An independent referee for the replay and the one count that needs no judgement.

Question answered: does `kifu-audit` replay every game and count its final board right, where
"right" needs no dead-stone estimate? Tromp-Taylor counts every stone as it lies, so its score
is a pure function of the moves: replay them (captures of the opponent first, then of the
mover's own chain, as Tromp-Taylor allows suicide), count each colour's stones and the empty
regions that reach only that colour, subtract the komi. This script does that in plain Python,
sharing no code with the Rust engine, for every game of a zip of SGF records, and compares with
the Parquet file of a `kifu-audit scan` of the same zip: `margin_tromp_taylor`,
`margin_as_is_area`, `captures_by_black`/`captures_by_white` and `black_plays`/`white_plays`,
and the legality verdict: the first move that recreates an earlier whole-board position
(`first_illegal_move_tromp_taylor`; for an illegal game only that is compared).

    benches/tromp_taylor_referee.py PARQUET ZIP [--all]

The records must be simple ones (as the Tygem corpus's are): `SZ`, `KM`, root setup `AB`/`AW`,
then `;B[..]`/`;W[..]` moves on the main line (`[]` or `[tt]` a pass on 19x19). Games the
Parquet file marks not `ok`, and records with variations, are skipped and counted. Every row of the Parquet file (a scan of the whole zip, or of part of it
with `--limit`) is checked; `--all` also fails when a member of the zip has no row. Prints the
games compared, those that agree on every field, and the first disagreements; exits 1 on any.
Needs duckdb (tests/python/requirements.txt). CI runs it on a scan of the first 2,000 Tygem
games (`scan --limit 2000`).
"""

import argparse
import random
import sys
import zipfile

import duckdb

def parse(data):
    """(size, setup black, setup white, moves) of the main line of a simple SGF record: its
    first game tree, up to the end of its first line of play (`None` when the line branches)."""
    nodes, props, name, value = [], None, b"", None
    i, depth = data.index(b"("), 0
    while i < len(data):
        c = data[i : i + 1]
        if value is not None:  # inside a value
            if c == b"\\":
                value += data[i + 1 : i + 2]
                i += 1
            elif c == b"]":
                props.setdefault(name, []).append(value)
                value = None
            else:
                value += c
        elif c == b"[":
            value = b""
        elif c == b"(":
            depth += 1
            if depth > 1:
                return None  # variations: not a simple record
        elif c == b")":
            break
        elif c == b";":
            props = {}
            nodes.append(props)
        elif c.isalpha() and c.isupper():
            name = name + c if data[i - 1 : i].isupper() and data[i - 1 : i].isalpha() else c
        i += 1
    root = nodes[0] if nodes else {}
    size = int(root.get(b"SZ", [b"19"])[0])
    moves = [
        (colour, node[colour.encode()][0])
        for node in nodes
        for colour in ("B", "W")
        if colour.encode() in node
    ]
    return size, root.get(b"AB", []), root.get(b"AW", []), moves


def point(v, size):
    """(x, y) of an SGF point, or None for a pass."""
    if v == b"" or (v == b"tt" and size <= 19):
        return None
    return (v[0] - 97, v[1] - 97)


def neighbours(p, size):
    x, y = p
    for q in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
        if 0 <= q[0] < size and 0 <= q[1] < size:
            yield q


def chain_and_liberties(board, p, size):
    colour = board[p]
    chain, liberties, todo = {p}, set(), [p]
    while todo:
        for q in neighbours(todo.pop(), size):
            v = board.get(q)
            if v is None:
                liberties.add(q)
            elif v == colour and q not in chain:
                chain.add(q)
                todo.append(q)
    return chain, liberties


# a random 64-bit key per point and colour: a position's key is the XOR of its stones' keys
ZOBRIST = random.Random(20261205)
KEYS = {}


def key(p, colour):
    k = (p, colour)
    if k not in KEYS:
        KEYS[k] = ZOBRIST.getrandbits(64)
    return KEYS[k]


def replay(size, ab, aw, moves):
    """The final board {(x, y): 'B'/'W'}, captures by colour, stones placed by colour, and the
    1-based number of the first move (passes count) that recreates an earlier position
    (Tromp-Taylor's positional superko; `None` when none does)."""
    board = {}
    plays = {"B": 0, "W": 0}
    captures = {"B": 0, "W": 0}
    position = 0
    for colour, points in (("B", ab), ("W", aw)):
        for v in points:
            p = point(v, size)
            if p is not None and p not in board:
                board[p] = colour
                plays[colour] += 1
                position ^= key(p, colour)
    seen = {position}
    first_illegal = None

    def remove(chain):
        nonlocal position
        for s in chain:
            position ^= key(s, board.pop(s))

    for number, (colour, v) in enumerate(moves, start=1):
        p = point(v, size)
        if p is None or p in board:
            continue  # a pass (a move on an occupied point the engine also plays as a pass)
        board[p] = colour
        position ^= key(p, colour)
        plays[colour] += 1
        other = "W" if colour == "B" else "B"
        for q in neighbours(p, size):
            if board.get(q) == other:
                chain, liberties = chain_and_liberties(board, q, size)
                if not liberties:
                    remove(chain)
                    captures[colour] += len(chain)
        chain, liberties = chain_and_liberties(board, p, size)
        if not liberties:  # suicide: the mover's own chain goes, the opponent's prisoners
            remove(chain)
            captures[other] += len(chain)
        if position in seen and first_illegal is None:
            first_illegal = number
        seen.add(position)
    return board, captures, plays, first_illegal


def area(board, size):
    """Stones plus empty regions reaching only that colour, per colour."""
    count = {"B": 0, "W": 0}
    for colour in board.values():
        count[colour] += 1
    seen = set()
    for x in range(size):
        for y in range(size):
            p = (x, y)
            if p in board or p in seen:
                continue
            region, reach, todo = {p}, set(), [p]
            while todo:
                for q in neighbours(todo.pop(), size):
                    v = board.get(q)
                    if v is not None:
                        reach.add(v)
                    elif q not in region:
                        region.add(q)
                        todo.append(q)
            seen |= region
            if len(reach) == 1:
                count[reach.pop()] += len(region)
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("parquet")
    ap.add_argument("zip")
    ap.add_argument(
        "--all",
        action="store_true",
        help="also fail when a member of the zip has no row (a scan of the whole zip)",
    )
    args = ap.parse_args()
    rows = duckdb.sql(
        f"""SELECT member, status, first_illegal_move_tromp_taylor, komi_tromp_taylor,
                   margin_tromp_taylor, margin_as_is_area, captures_by_black,
                   captures_by_white, black_plays, white_plays
            FROM read_parquet('{args.parquet}') WHERE member IS NOT NULL ORDER BY member"""
    ).fetchall()
    compared = agreed = skipped = illegal = 0
    disagreements = []
    with zipfile.ZipFile(args.zip) as z:
        members = {n for n in z.namelist() if n.lower().endswith(".sgf")}
        without_row = sorted(members - {r[0] for r in rows})
        for row in rows:
            name, status, first_illegal, komi, margin_tt, margin_as_is = row[:6]
            cap_b, cap_w, plays_b, plays_w = row[6:]
            simple = parse(z.read(name)) if status == "ok" else None
            if simple is None:
                skipped += 1
                continue
            size, ab, aw, moves = simple
            board, captures, plays, referee_illegal = replay(size, ab, aw, moves)
            compared += 1
            if first_illegal is not None or referee_illegal is not None:
                # an illegal game: only the verdict is compared (what is played after an
                # illegal move is the engine's choice)
                illegal += 1
                if first_illegal == referee_illegal:
                    agreed += 1
                else:
                    disagreements.append(
                        f"{name}: first illegal move: referee {referee_illegal} != "
                        f"kifu-audit {first_illegal}"
                    )
                continue
            count = area(board, size)
            raw = count["B"] - count["W"]
            ours = (raw - komi, raw, captures["B"], captures["W"], plays["B"], plays["W"])
            theirs = (margin_tt, margin_as_is, cap_b, cap_w, plays_b, plays_w)
            if ours == theirs:
                agreed += 1
            else:
                disagreements.append(f"{name}: referee {ours} != kifu-audit {theirs}")
    print(
        f"{compared} games compared (legality under Tromp-Taylor's positional superko; for the "
        f"legal ones margin_tromp_taylor, margin_as_is_area, captures and plays): {agreed} "
        f"agree, {compared - agreed} differ; {illegal} illegal (the first illegal move "
        f"compared); {skipped} skipped (not ok, or with variations); {len(without_row)} "
        f"members of the zip without a row"
    )
    for line in disagreements[:20]:
        print(f"  {line}")
    if args.all:
        for name in without_row[:20]:
            print(f"  {name}: no row")
    return 1 if disagreements or (args.all and without_row) else 0


if __name__ == "__main__":
    sys.exit(main())
