#!/usr/bin/env python3
"""Second opinion on the dead-stone estimate: GNU Go scores a sample of counted games.

Question answered: where our score differs from the recorded result, is the record odd, or
does a reading engine reproduce it (so the estimate is what is wrong)? For a seeded sample of
counted games per agreement class (`exact`, `winner`, `differs` off by < 30 points, `differs`
off by >= 30 points), GNU Go 3.8 plays each final position out with its own moves and counts it
(`gnugo --score aftermath`, about 4-10 s per game), and the table gives how often its score
equals the record, names the record's winner, and equals ours.

With `--dead`, GNU Go does not play the position out: it lists the stones it reads as dead
(`final_status_list dead`, about 2 s per game), and the table compares them with ours (the
`dead:` line of `kifu-audit explain`): how often the two lists are the same, how often GNU Go
kills stones we keep alive, and how often we kill stones it keeps alive; `--list` prints each
game. Where the lists are the same and our score still differs from the record, the record's
own count is what differs. With `--as-markup` as well, every game whose list differs from ours
is scored again with GNU Go's dead stones as its TB/TW markup (appended to the record's last
node; Tygem records have no variations), and the table gives the record agreement then: how
many of our wrong results better reading alone would put right.

With `--no-convention`, only games whose position holds no teire point, thrown-in stone or
seki eye are sampled: their records cannot differ from ours by a counting convention, so the
table says how much of the rest of the gap is the records' own (GNU Go equals ours) and how
much is reading (GNU Go equals the record).

With `--resigned`, the sample is drawn from the games that ended by resignation instead,
classed by how our estimate names their winner (`named`: the side that did not resign;
`wrong < 30` and `wrong >= 30`: the side that resigned, by that many points under the
record's rules), and the table gives how often GNU Go's count names the side that did not
resign: whether the estimates that name the resigning side are misreads of the position or
resignations a count of it does not explain.

Not part of CI (GNU Go is a Debian package, `apt-get install gnugo`, and a sample of 100
games takes ~10 minutes on two cores). Usage:

    kifu-audit scan ../shared/corpus/tygem-9d-2006.zip -o tygem.parquet
    benches/gnugo_referee.py tygem.parquet ../shared/corpus/tygem-9d-2006.zip [--per-class 30]
    benches/gnugo_referee.py tygem.parquet ../shared/corpus/tygem-9d-2006.zip --dead [--list]
    benches/gnugo_referee.py tygem.parquet ../shared/corpus/tygem-9d-2006.zip --dead \
        --classes 'differs < 30,differs >= 30' --per-class 1000   # every wrong winner
    benches/gnugo_referee.py tygem.parquet ../shared/corpus/tygem-9d-2006.zip --dead \
        --as-markup --classes 'differs < 30,differs >= 30' --per-class 1000
    benches/gnugo_referee.py tygem.parquet ../shared/corpus/tygem-9d-2006.zip \
        --no-convention --classes 'winner,differs < 30,differs >= 30' --per-class 40
    benches/gnugo_referee.py tygem.parquet ../shared/corpus/tygem-9d-2006.zip --resigned \
        --per-class 30

Needs the Python packages of tests/python/requirements.txt (duckdb).
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor

import duckdb

GNUGO = shutil.which("gnugo") or "/usr/games/gnugo"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "kifu-audit")
SCORE = re.compile(r"(Black|White) wins by ([\d.]+) points")


def classes(parquet, no_convention=False):
    """Counted games with a member name, their recorded and our margins, and their class.
    `no_convention`: only games whose position holds none of the points a record may count
    either way (teire, thrown-in stones left on the board, seki eyes)."""
    convention = (
        "AND black_teire + white_teire + black_throw_ins + white_throw_ins"
        " + black_seki_eyes + white_seki_eyes = 0"
        if no_convention
        else ""
    )
    rows = duckdb.connect().execute(
        f"""
        SELECT member,
               CASE WHEN result_winner = 'B' THEN result_margin ELSE -result_margin END,
               margin_recorded_rules,
               record_agreement
        FROM '{parquet}'
        WHERE record_agreement IN ('exact', 'winner', 'differs') AND member IS NOT NULL
          {convention}
        ORDER BY member, game_index
        """
    ).fetchall()
    out = {}
    for member, recorded, ours, agreement in rows:
        cls = agreement
        if agreement == "differs":
            cls = "differs >= 30" if abs(ours - recorded) >= 30 else "differs < 30"
        out.setdefault(cls, []).append((member, recorded, ours))
    return out


def resigned_classes(parquet):
    """Games won by resignation with a member name, the winner's sign (+1 Black, -1 White),
    our margin under the record's rules, and their class: `named` when our margin names the
    winner, else `wrong < 30` or `wrong >= 30` by how far it favours the side that resigned."""
    rows = duckdb.connect().execute(
        f"""
        SELECT member, CASE WHEN result_winner = 'B' THEN 1.0 ELSE -1.0 END::DOUBLE,
               margin_recorded_rules
        FROM '{parquet}'
        WHERE result_kind = 'resign' AND result_winner IN ('B', 'W')
          AND margin_recorded_rules IS NOT NULL AND member IS NOT NULL
        ORDER BY member, game_index
        """
    ).fetchall()
    out = {}
    for member, sign, ours in rows:
        toward = ours * sign
        if toward > 0:
            cls = "named"
        else:
            cls = "wrong >= 30" if -toward >= 30 else "wrong < 30"
        out.setdefault(cls, []).append((member, sign, ours))
    return out


def gnugo_margin(path):
    """GNU Go's margin (Black minus White) after playing the position out, or None."""
    try:
        run = subprocess.run(
            [GNUGO, "--score", "aftermath", "-l", path],
            capture_output=True,
            text=True,
            timeout=600,
        )
    except subprocess.TimeoutExpired:
        return None
    text = run.stdout + run.stderr
    m = SCORE.search(text)
    if m:
        return float(m.group(2)) * (1 if m.group(1) == "Black" else -1)
    if "Jigo" in text or "jigo" in text:
        return 0.0
    return None


def gnugo_dead(path):
    """The stones GNU Go reads as dead in the final position (GTP vertices), or None."""
    gtp = f"loadsgf {path}\nfinal_status_list dead\nquit\n"
    try:
        run = subprocess.run(
            [GNUGO, "--mode", "gtp"], input=gtp, capture_output=True, text=True, timeout=600
        )
    except subprocess.TimeoutExpired:
        return None
    # one answer per command, each "= ..." up to a blank line: loadsgf, then the list
    answers = [a.strip() for a in run.stdout.split("\n\n") if a.strip().startswith("=")]
    if len(answers) < 2:
        return None
    return set(answers[1][1:].split())


def our_dead(path):
    """The stones our estimate takes off (the `dead:` line of `kifu-audit explain`)."""
    run = subprocess.run([BIN, "explain", path], capture_output=True, text=True)
    for line in run.stdout.splitlines():
        if line.startswith("dead: "):
            return {item.split()[1] for item in line[len("dead: "):].split(", ")}
    return set()


def stone_colours(path):
    """The colour ('B' or 'W') of each stone of the final position, by GTP vertex, read from
    the board `kifu-audit explain` draws."""
    run = subprocess.run([BIN, "explain", path], capture_output=True, text=True)
    lines = run.stdout.splitlines()
    header = next(k for k, line in enumerate(lines) if line.strip().startswith("A B C"))
    columns = lines[header].split()
    colours = {}
    for line in lines[header + 1:]:
        parts = line.split()
        if not parts or not parts[0].isdigit():
            break
        for col, cell in zip(columns, parts[1:1 + len(columns)]):
            if cell in "Xx":
                colours[f"{col}{parts[0]}"] = "B"
            elif cell in "Oo":
                colours[f"{col}{parts[0]}"] = "W"
    return colours


def sgf_point(vertex, size=19):
    """The SGF point of a GTP vertex ("A19" is "aa"; GTP has no column I)."""
    col = ord(vertex[0]) - ord("A") - (vertex[0] > "I")
    row = size - int(vertex[1:])
    return chr(ord("a") + col) + chr(ord("a") + row)


def with_markup(path, dead, out):
    """Writes to `out` the record at `path` with `dead` as territory markup on its last node:
    a white stone under `TB`, a black one under `TW`."""
    colours = stone_colours(path)
    tb = [v for v in sorted(dead) if colours.get(v) == "W"]
    tw = [v for v in sorted(dead) if colours.get(v) == "B"]
    props = b"TB[]"
    if tb or tw:
        props = b""
        if tb:
            props += b"TB" + b"".join(b"[%s]" % sgf_point(v).encode() for v in tb)
        if tw:
            props += b"TW" + b"".join(b"[%s]" % sgf_point(v).encode() for v in tw)
    with open(path, "rb") as f:
        data = f.read().rstrip()
    # the last node ends where the game tree closes
    with open(out, "wb") as f:
        f.write(data[:-1].rstrip() + props + b")\n")


def rescore_as_markup(sample, paths, theirs, ours):
    """Scores again every game whose GNU Go list differs from ours, with GNU Go's list as its
    markup, and prints the record agreement per class."""
    tmp = tempfile.mkdtemp()
    cls_of = {}
    for k, ((cls, *_), path, t, o) in enumerate(zip(sample, paths, theirs, ours)):
        if t is None or t == o:
            continue
        out = os.path.join(tmp, f"{k}.sgf")
        with_markup(path, t, out)
        cls_of[out] = cls
    parquet = os.path.join(tmp, "rescored.parquet")
    if cls_of:
        subprocess.run([BIN, "scan", "-q", *sorted(cls_of), "-o", parquet], check=False)
        rows = duckdb.connect().execute(
            f"SELECT source, dead_source, record_agreement FROM '{parquet}'"
        ).fetchall()
    else:
        rows = []
    print("scored again with GNU Go's dead stones as markup (games whose lists differ):")
    print(f"{'class':15} {'games':>5} {'exact':>6} {'winner':>7} {'differs':>8}")
    for cls in sorted(set(cls_of.values())):
        got = [a for src, d, a in rows if cls_of.get(src) == cls and d == "markup"]
        n = sum(c == cls for c in cls_of.values())
        print(f"{cls:15} {n:5} {got.count('exact'):6} {got.count('winner'):7} "
              f"{got.count('differs'):8}")
    shutil.rmtree(tmp)


def compare_dead(sample, paths, jobs, listing, as_markup):
    """Prints, per class, how GNU Go's dead stones compare with ours."""
    if not os.path.exists(BIN):
        sys.exit(f"no {BIN}: run `cargo build --release` first")
    with ThreadPoolExecutor(jobs) as pool:
        theirs = list(pool.map(gnugo_dead, paths))
    ours = [our_dead(p) for p in paths]
    if listing:
        for (cls, member, recorded, mine), t, o in zip(sample, theirs, ours):
            if t is None:
                continue
            print(f"{member} [{cls}] recorded {recorded:+} ours {mine:+} "
                  f"gnugo-only {' '.join(sorted(t - o)) or '-'} ours-only {' '.join(sorted(o - t)) or '-'}")
    print(f"{'class':15} {'games':>5} {'read':>5} {'same dead':>11} "
          f"{'gnugo kills more':>17} {'we kill more':>13}")
    for cls in sorted({c for c, *_ in sample}):
        rows = [(t, o) for (c, *_), t, o in zip(sample, theirs, ours) if c == cls and t is not None]
        n = len(rows)
        same = sum(t == o for t, o in rows)
        # the side of the difference that is larger (ties count as ours)
        under = sum(len(t - o) > len(o - t) for t, o in rows)
        over = sum(t != o and len(o - t) >= len(t - o) for t, o in rows)
        total = sum(c == cls for c, *_ in sample)
        print(f"{cls:15} {total:5} {n:5} {same:5} ({same / max(n, 1):4.0%}) "
              f"{under:9} ({under / max(n, 1):4.0%}) {over:5} ({over / max(n, 1):4.0%})")
    if as_markup:
        rescore_as_markup(sample, paths, theirs, ours)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("parquet")
    ap.add_argument("zip")
    ap.add_argument("--per-class", type=int, default=30)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--dead", action="store_true", help="compare dead-stone lists instead of scores")
    ap.add_argument("--list", action="store_true", help="with --dead: one line per game")
    ap.add_argument("--as-markup", action="store_true",
                    help="with --dead: score again with GNU Go's dead stones as markup")
    ap.add_argument("--no-convention", action="store_true",
                    help="only games with no teire, thrown-in stones or seki eyes (whose "
                         "records may count those either way)")
    ap.add_argument("--resigned", action="store_true",
                    help="sample the games won by resignation, classed by whether our "
                         "estimate names the side that did not resign")
    ap.add_argument("--classes", default=None,
                    help="only these classes, comma-separated (e.g. 'differs < 30,differs >= 30')")
    args = ap.parse_args()
    if not os.path.exists(GNUGO):
        sys.exit("gnugo not found (apt-get install gnugo)")
    rng = random.Random(args.seed)
    if args.resigned:
        by_class = resigned_classes(args.parquet)
    else:
        by_class = classes(args.parquet, args.no_convention)
    if args.classes:
        wanted = {c.strip() for c in args.classes.split(",")}
        by_class = {c: games for c, games in by_class.items() if c in wanted}
    sample = []
    for cls in sorted(by_class):
        games = by_class[cls]
        for g in rng.sample(games, min(args.per_class, len(games))):
            sample.append((cls, *g))
    tmp = tempfile.mkdtemp()
    with zipfile.ZipFile(args.zip) as z:
        paths = []
        for k, (_, member, _, _) in enumerate(sample):
            p = os.path.join(tmp, f"{k}.sgf")
            with open(p, "wb") as f:
                f.write(z.read(member))
            paths.append(p)
    if args.dead:
        compare_dead(sample, paths, args.jobs, args.list, args.as_markup)
        theirs = None
    else:
        with ThreadPoolExecutor(args.jobs) as pool:
            theirs = list(pool.map(gnugo_margin, paths))
    shutil.rmtree(tmp)
    if theirs is None:
        return

    def per_class(cls):
        """The class's sampled games as (recorded, ours, gnugo), and those GNU Go scored."""
        rows = [(r, o, t) for (c, _, r, o), t in zip(sample, theirs) if c == cls]
        return rows, [(r, o, t) for r, o, t in rows if t is not None]

    def share(k, n):
        return f"{k} ({k / max(n, 1):4.0%})"

    if args.resigned:
        # the recorded value is the winner's sign: a count names the winner when it has the
        # same sign (a draw names neither)
        print(f"{'class':15} {'games':>5} {'scored':>6} {'gnugo names the winner':>23} "
              f"{'gnugo names ours':>17}")
        for cls in sorted(by_class):
            rows, scored = per_class(cls)
            named = sum(t * r > 0 for r, _, t in scored)
            same = sum(t * o > 0 for _, o, t in scored)
            print(f"{cls:15} {len(rows):5} {len(scored):6} {share(named, len(scored)):>23} "
                  f"{share(same, len(scored)):>17}")
        return
    print(f"{'class':15} {'games':>5} {'scored':>6} {'gnugo = record':>15} "
          f"{'same winner':>12} {'gnugo = ours':>13}")
    for cls in sorted(by_class):
        rows, scored = per_class(cls)
        n = len(scored)
        exact = sum(t == r for r, _, t in scored)
        winner = sum((t > 0) == (r > 0) and (t < 0) == (r < 0) for r, _, t in scored)
        ours = sum(t == o for _, o, t in scored)
        print(f"{cls:15} {len(rows):5} {n:6} {share(exact, n):>15} {share(winner, n):>12} "
              f"{share(ours, n):>13}")


if __name__ == "__main__":
    main()
