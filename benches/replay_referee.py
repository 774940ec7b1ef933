#!/usr/bin/env python3
"""An independent referee of the replay: legality under the seven rulesets and the one count
that needs no judgement.

Question answered: does `kifu-audit` replay every game, judge its legality under each ruleset
and count its final board right, where "right" needs no dead-stone estimate? Legality is a
function of the moves and each ruleset's ko and suicide rules (RULES.md §1); Tromp-Taylor's
count takes every stone as it lies, so its score is a function of the moves too: replay them
(captures of the opponent first, then of the mover's own chain, as Tromp-Taylor allows
suicide), count each colour's stones and the empty regions that reach only that colour,
subtract the komi. This script does that in plain Python, sharing no code with the Rust
engine, for every game of a zip or directory of SGF records, and compares with the Parquet file
of a `kifu-audit scan` of it: `first_illegal_move_<r>` for all seven rulesets (a move on an
occupied point or off the board, a forbidden suicide, a ko or superko violation), and for the
games legal under Tromp-Taylor `margin_tromp_taylor`, `margin_as_is_area`,
`captures_by_black`/`captures_by_white`, `black_plays`/`white_plays`, `moves`, `passes`,
`setup_black`/`setup_white` and `last_mover`.

    benches/replay_referee.py PARQUET INPUT [--all]

INPUT is the zip or directory the scan read (a directory's rows are named by `source`, the path
as the scan was given it: run both from the same directory). Only simple records are compared:
`SZ`, `AB`/`AW` setup in the root or in nodes before the first move, then `;B[..]`/`;W[..]`
moves (`[]` or `[tt]` a pass on 19x19); records with variations, later setup, a handicap
(`HA`) whose stones the record leaves out (the engine places them), a collection's later games
and rows not `ok` are skipped and counted. Every row of the Parquet file (a scan of all of
INPUT, or of part of it with `--limit`) is checked; `--all` also fails when a record of INPUT has
no row. Prints the games compared, those that agree on every field, and the first
disagreements; exits 1 on any. Needs duckdb (tests/python/requirements.txt). CI runs it on the
scan of corpus/dev and on a scan of the first 2,000 Tygem games (`scan --limit 2000`).
"""

import argparse
import os
import random
import sys
import zipfile

import duckdb


def parse(data):
    """(size, setup black, setup white, moves) of a simple SGF record's first game tree, or
    `None` when it is not simple: variations, setup after the first move, a node with two moves, a
    board that is not square, a handicap (`HA`) without its stones (`AB`), or text the
    tokenizer below does not expect."""
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
            if props is None or not name:
                return None
            value = b""
        elif c == b"(":
            depth += 1
            if depth > 1:
                return None
        elif c == b")":
            break
        elif c == b";":
            props = {}
            nodes.append(props)
            name = b""
        elif c.isalpha():
            # FF[3] names may hold lower-case letters, which do not count (`VieW` is `VW`)
            upper = c if c.isupper() else b""
            name = name + upper if data[i - 1 : i].isalpha() else upper
        i += 1
    if not nodes:
        return None
    # setup nodes before the first move (Fox puts the handicap stones in the second node) are
    # the starting position, as the root's setup is
    root = dict(nodes[0])
    while len(nodes) > 1 and not any(m in nodes[1] for m in (b"B", b"W")):
        for k, v in nodes.pop(1).items():
            root[k] = root.get(k, []) + v
    nodes[0] = root
    try:
        size = int(root.get(b"SZ", [b"19"])[0])
    except ValueError:
        return None
    try:
        handicap = int(root.get(b"HA", [b"0"])[0] or b"0")
    except ValueError:
        return None
    if handicap > 1 and b"AB" not in root:
        return None  # stones the record leaves to the reader to place
    moves = []
    for k, node in enumerate(nodes):
        if k > 0 and any(setup in node for setup in (b"AB", b"AW", b"AE")):
            return None
        played = [(colour, node[colour.encode()][0]) for colour in ("B", "W") if colour.encode() in node]
        if len(played) > 1:
            return None
        moves += played
    return size, root.get(b"AB", []), root.get(b"AW", []), moves


def point(v, size):
    """(x, y) of an SGF point, None for a pass, or "off" for a point off the board."""
    if v == b"" or (v == b"tt" and size <= 19):
        return None
    if len(v) != 2 or not all(97 <= c < 97 + size for c in v):
        return "off"
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


# each ruleset's ko rule and whether a suicide of more than one stone is legal (RULES.md §1;
# a single stone's suicide never is); Ing's positional superko is the engine's stated choice
RULESETS = {
    "chinese": ("positional", False),
    "japanese": ("simple", False),
    "korean": ("simple", False),
    "ing": ("positional", True),
    "aga": ("situational", False),
    "nz": ("situational", True),
    "tromp_taylor": ("positional", True),
}


def replay(size, ab, aw, moves):
    """The final board {(x, y): 'B'/'W'}, captures by colour, stones placed by colour, and per
    ruleset the 1-based number of its first illegal move (passes count; `None` when there is
    none): on an occupied point or off the board, a suicide (any under rulesets that forbid it,
    of one stone under all), or against the ruleset's ko rule (positional superko: no earlier
    whole-board position; situational: none with the same player to move; simple ko: no
    immediate recapture of a single stone that just captured one). Moves are played as
    Tromp-Taylor plays them (a suicide removes the chain); the board is the same under every
    ruleset up to its first illegal move, which is all that is compared. `None` when the setup
    is not simple."""
    board = {}
    plays = {"B": 0, "W": 0}
    captures = {"B": 0, "W": 0}
    position = 0
    for colour, points in (("B", ab), ("W", aw)):
        for v in points:
            p = point(v, size)
            if p == "off":
                return None  # a point list (`aa:cc`) or off the board: not a simple record
            if p is not None and p not in board:
                board[p] = colour
                plays[colour] += 1
                position ^= key(p, colour)
    boards = {position}
    to_move = moves[0][0] if moves else "B"
    situations = {(position, to_move)}
    first_illegal = dict.fromkeys(RULESETS)
    ko = None  # (point, colour that may not play there next)

    def remove(chain):
        nonlocal position
        for s in chain:
            position ^= key(s, board.pop(s))

    def illegal(number, which):
        for r in which:
            if first_illegal[r] is None:
                first_illegal[r] = number

    for number, (colour, v) in enumerate(moves, start=1):
        other = "W" if colour == "B" else "B"
        p = point(v, size)
        if p == "off" or p in board:
            # illegal under every ruleset; the engine plays it as a pass
            illegal(number, RULESETS)
            p = None
        if p is None:
            ko = None
            situations.add((position, other))
            continue
        board[p] = colour
        position ^= key(p, colour)
        plays[colour] += 1
        captured = []
        for q in neighbours(p, size):
            if board.get(q) == other:
                chain, liberties = chain_and_liberties(board, q, size)
                if not liberties:
                    captured += chain
                    remove(chain)
                    captures[colour] += len(chain)
        chain, liberties = chain_and_liberties(board, p, size)
        if not liberties:  # suicide: the mover's own chain goes, the opponent's prisoners
            illegal(number, [r for r, (_, multi) in RULESETS.items() if not multi or len(chain) == 1])
            remove(chain)
            captures[other] += len(chain)
        recapture = ko == (p, colour) and len(captured) == 1
        for r, (rule, _) in RULESETS.items():
            if (
                (rule == "positional" and position in boards)
                or (rule == "situational" and (position, other) in situations)
                or (rule == "simple" and recapture)
            ):
                illegal(number, [r])
        boards.add(position)
        situations.add((position, other))
        single = len(chain) == 1 and len(liberties) == 1 and liberties == set(captured)
        ko = (captured[0], other) if len(captured) == 1 and single else None
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


class Records:
    """The records a scan read from INPUT, a zip (rows named by `member`) or a directory (rows
    named by `source`, the path as the scan was given it: run from the same directory)."""

    def __init__(self, path):
        self.zip = zipfile.ZipFile(path) if zipfile.is_zipfile(path) else None
        if self.zip:
            self.names = {n for n in self.zip.namelist() if n.lower().endswith(".sgf")}
        else:
            self.names = {
                os.path.join(d, f)
                for d, _, files in os.walk(path)
                for f in files
                if f.lower().endswith(".sgf")
            }
        self.key = "member" if self.zip else "source"

    def read(self, name):
        if self.zip:
            return self.zip.read(name)
        with open(name, "rb") as f:
            return f.read()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("parquet")
    ap.add_argument("input", help="the zip or directory the Parquet file is a scan of")
    ap.add_argument(
        "--all",
        action="store_true",
        help="also fail when a record of INPUT has no row (a scan of the whole of it)",
    )
    args = ap.parse_args()
    records = Records(args.input)
    rows = duckdb.sql(
        f"""SELECT {records.key}, game_index, status,
                   [{", ".join(f"first_illegal_move_{r}" for r in RULESETS)}],
                   komi_tromp_taylor, margin_tromp_taylor, margin_as_is_area,
                   captures_by_black, captures_by_white, black_plays, white_plays, moves,
                   passes, setup_black, setup_white, last_mover
            FROM read_parquet('{args.parquet}')
            WHERE {"member IS NOT NULL" if records.zip else "member IS NULL"}
            ORDER BY {records.key}, game_index"""
    ).fetchall()
    compared = agreed = skipped = illegal = 0
    disagreements = []
    without_row = sorted(records.names - {r[0] for r in rows})
    for row in rows:
        name, game_index, status, first_illegal, komi, margin_tt, margin_as_is = row[:7]
        recorded = row[7:]
        # the first game of an `ok` record only (a collection's later games are not parsed)
        simple = parse(records.read(name)) if status == "ok" and game_index == 0 else None
        replayed = simple and replay(*simple)
        if not replayed:
            skipped += 1
            continue
        board, captures, plays, referee_illegal = replayed
        size, ab, aw, moves = simple
        compared += 1
        referee_illegal = [referee_illegal[r] for r in RULESETS]
        if first_illegal != referee_illegal:
            disagreements.append(
                f"{name}: first illegal move ({', '.join(RULESETS)}): referee "
                f"{referee_illegal} != kifu-audit {first_illegal}"
            )
            continue
        if any(m is not None for m in first_illegal):
            illegal += 1
        if first_illegal[-1] is not None:
            # illegal under Tromp-Taylor: what is played after an illegal move is the engine's
            # choice, so only the verdicts are compared
            agreed += 1
            continue
        count = area(board, size)
        raw = count["B"] - count["W"]
        placed = [c for c, v in moves if point(v, size) is not None]
        ours = (
            raw - komi,
            raw,
            captures["B"],
            captures["W"],
            plays["B"],
            plays["W"],
            len(moves),
            len(moves) - len(placed),
            len(set(ab)),
            len(set(aw)),
            placed[-1] if placed else None,
        )
        theirs = (margin_tt, margin_as_is, *recorded)
        if ours == theirs:
            agreed += 1
        else:
            disagreements.append(f"{name}: referee {ours} != kifu-audit {theirs}")
    print(
        f"{compared} games compared (the first illegal move under each of the seven rulesets; "
        f"for the games legal under Tromp-Taylor margin_tromp_taylor, margin_as_is_area, "
        f"captures, plays, moves, passes, setup stones and last_mover): {agreed} agree, "
        f"{compared - agreed} differ; {illegal} illegal under some ruleset; {skipped} skipped "
        f"(not ok, a collection's later games, or not simple); {len(without_row)} records "
        f"without a row"
        f"{'' if args.all else ' (a partial scan: not checked without --all)'}"
    )
    for line in disagreements[:20]:
        print(f"  {line}")
    if args.all:
        for name in without_row[:20]:
            print(f"  {name}: no row")
    return 1 if disagreements or (args.all and without_row) else 0


if __name__ == "__main__":
    sys.exit(main())
