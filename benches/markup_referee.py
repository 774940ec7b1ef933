#!/usr/bin/env python3
"""The dead-stone estimator against the players' own marking: games with TB/TW markup, scored
again with the markup taken out.

Question answered: where the players marked the dead stones themselves (KGS's scoring phase,
GNU Go's regression games: TB/TW on the last node), how often does the estimator, which never
sees that markup, find the same dead stones and the same count? Unlike agreement with a
recorded result, this needs no guess about how a record was counted: the marking is the
ground truth, and both scans count it under the same rules and komi.

It scans the games with markup (`has_territory_markup`) as they are, and again from copies
whose `TB`/`TW` properties are taken out (in a temporary directory, the same file names), and
compares the two rows of each game: the dead stones of each colour, every ruleset's margin,
and the agreement with the record. It prints, per source (the corpus's first directory) and
for all: games, the same dead stones (counts of both colours), the same margin under every
ruleset, the same winner under the record's rules, and for the counted games the record
agreement of each scan; then the games whose count moves most, for `explain`.

    benches/markup_referee.py [--bin target/release/kifu-audit] [--corpus ../shared/corpus/dev]
                              [--list 15] [--keep DIR]

About 20 s on two cores. Needs the Python packages of tests/python/requirements.txt (duckdb)
and a release build. Not part of CI.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

import duckdb

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULESETS = ["chinese", "japanese", "korean", "ing", "aga", "nz", "tromp_taylor"]
# a TB or TW property with its values; the identifier must start a token (not `XTB[`)
MARKUP = re.compile(rb"(?<![A-Za-z])T[BW](\s*\[[^\]]*\])+")


def scan(binary, inputs, out, workdir):
    """Scans the files listed (one path a line on stdin) into `out`; a scan exits 1 when some
    game is an error row, which is no failure here."""
    listing = os.path.join(workdir, os.path.basename(out) + ".list")
    with open(listing, "wb") as f:
        f.write(b"\n".join(os.fsencode(p) for p in inputs) + b"\n")
    with open(listing, "rb") as f:
        r = subprocess.run([binary, "scan", "-q", "-", "-o", out], stdin=f)
    if r.returncode not in (0, 1):
        sys.exit(f"scan failed with status {r.returncode}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "kifu-audit"))
    ap.add_argument("--corpus", default=os.path.join(ROOT, "..", "shared", "corpus", "dev"))
    ap.add_argument("--list", type=int, default=15, help="games to list whose count moves most")
    ap.add_argument("--keep", default=None, help="keep the stripped copies and both scans here")
    args = ap.parse_args()
    corpus = os.path.realpath(args.corpus)
    work = args.keep or tempfile.mkdtemp(prefix="markup_referee.")
    os.makedirs(work, exist_ok=True)
    try:
        # 1. which files hold games with markup
        everything = os.path.join(work, "all.parquet")
        subprocess.run([args.bin, "scan", "-q", corpus, "-o", everything])
        con = duckdb.connect()
        files = [
            r[0]
            for r in con.execute(
                f"""select distinct source from '{everything}'
                    where has_territory_markup and member is null order by 1"""
            ).fetchall()
        ]
        # 2. the same files without TB/TW, under the same relative names
        stripped_root = os.path.join(work, "stripped")
        stripped = []
        for src in files:
            rel = os.path.relpath(src, corpus)
            dst = os.path.join(stripped_root, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(src, "rb") as f:
                data = f.read()
            with open(dst, "wb") as f:
                f.write(MARKUP.sub(b"", data))
            stripped.append(dst)
        marked_pq = os.path.join(work, "marked.parquet")
        bare_pq = os.path.join(work, "bare.parquet")
        scan(args.bin, files, marked_pq, work)
        scan(args.bin, stripped, bare_pq, work)

        # 3. the two rows of each game side by side
        same_margins = " and ".join(f"m.margin_{r} = b.margin_{r}" for r in RULESETS)
        con.execute(
            f"""create view pairs as
                select regexp_extract(m.source, '^{re.escape(corpus)}/([^/]+)/', 1) as src,
                       m.source, m.game_index, m.rules, m.result_raw,
                       m.dead_source as m_dead_source, b.dead_source as b_dead_source,
                       m.dead_black as m_db, m.dead_white as m_dw,
                       b.dead_black as b_db, b.dead_white as b_dw,
                       m.record_agreement as m_agree, b.record_agreement as b_agree,
                       m.margin_recorded_rules as m_rec, b.margin_recorded_rules as b_rec,
                       m.margin_japanese as m_ja, b.margin_japanese as b_ja,
                       m.margin_chinese as m_cn, b.margin_chinese as b_cn,
                       b.unsettled_points,
                       ({same_margins}) as same_margins,
                       m.dead_black = b.dead_black and m.dead_white = b.dead_white as same_dead,
                       sign(coalesce(m.margin_recorded_rules, m.margin_japanese))
                         = sign(coalesce(b.margin_recorded_rules, b.margin_japanese))
                         as same_winner
                from '{marked_pq}' m
                join '{bare_pq}' b
                  on b.source = '{stripped_root}/' || substr(m.source, {len(corpus) + 2})
                 and b.game_index = m.game_index
                where m.status <> 'error' and m.dead_source = 'markup'"""
        )
        bad = con.execute("select count(*) from pairs where b_dead_source = 'markup'").fetchone()[0]
        if bad:
            sys.exit(f"{bad} games still read markup after it was taken out")
        print(
            f"{'source':<42} {'games':>6} {'same dead':>10} {'same margins':>13} "
            f"{'same winner':>12}   counted: exact with markup / estimated"
        )
        print("(same dead: as many dead stones of each colour; which stones is not compared)")
        for row in con.execute(
            """select coalesce(src, '(all)'), count(*),
                      count(*) filter (where same_dead),
                      count(*) filter (where same_margins),
                      count(*) filter (where same_winner),
                      count(*) filter (where m_agree <> 'not_comparable'),
                      count(*) filter (where m_agree = 'exact'),
                      count(*) filter (where b_agree = 'exact')
               from pairs group by rollup(src) order by src nulls last"""
        ).fetchall():
            src, n, dead, margins, winner, counted, m_exact, b_exact = row
            pct = lambda k: f"{k:>5} {100 * k / n:5.1f}%"
            print(
                f"{src:<42} {n:>6} {pct(dead):>10} {pct(margins):>13} {pct(winner):>12}   "
                f"{counted}: {m_exact} / {b_exact}"
            )
        print(f"\nthe {args.list} games whose count moves most without the markup "
              "(Japanese margin, marked → estimated; dead stones B/W):")
        for row in con.execute(
            f"""select source, game_index, m_ja, b_ja, m_db, m_dw, b_db, b_dw, unsettled_points
                from pairs where not same_margins
                order by abs(m_ja - b_ja) desc, source, game_index limit {args.list}"""
        ).fetchall():
            src, gi, m_ja, b_ja, m_db, m_dw, b_db, b_dw, uns = row
            print(f"  {os.path.relpath(src, corpus)} game {gi}: {m_ja:+g} → {b_ja:+g}; "
                  f"dead {m_db}/{m_dw} → {b_db}/{b_dw}; unsettled {uns}")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
