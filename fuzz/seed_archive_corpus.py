#!/usr/bin/env python3
"""Seeds fuzz/corpus/archive_bytes with one input per container the `archive_bytes` target
reads: its first byte picks the name's ending (the order of ENDINGS in
fuzz_targets/archive_bytes.rs), the rest is the file. Made from the project's own archives
(data-samples/archives, tests/fixtures/archives) and, for the tar and single-file kinds, from
two sample games packed here with Python's standard library (zstd through the `zstd` command
when it is installed).

    python3 fuzz/seed_archive_corpus.py
"""
import bz2, gzip, io, lzma, os, shutil, subprocess, tarfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fuzz", "corpus", "archive_bytes")
ENDINGS = [".zip", ".7z", ".tar", ".tar.gz", ".tar.bz2", ".tar.xz", ".tar.zst", ".sgf.gz",
           ".sgf.bz2", ".sgf.xz", ".sgf.zst", ".lzh", ".ugz", ".rar", ".exe", ".gib.gz",
           ".ngf.bz2", ".ugf.xz", ".sgf"]

# A program's first bytes, holding a RAR signature of its own as an SFX module does: a
# self-extracting archive is this with an archive appended.
SFX_STUB = (b"MZ\x90\x00\x03\x00\x00\x00\x04\x00" + b"\x90" * 4990 + b"Rar!\x1a\x07\x01\x00").ljust(9000, b"\0")


def seed(name, ending, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(bytes([ENDINGS.index(ending)]) + data)


def read(*path):
    with open(os.path.join(ROOT, *path), "rb") as f:
        return f.read()


def zstd(data):
    if shutil.which("zstd") is None:
        return None
    return subprocess.run(["zstd", "-q", "-c"], input=data, capture_output=True, check=True).stdout


def main():
    os.makedirs(OUT, exist_ok=True)
    seed("samples.zip", ".zip", read("data-samples", "archives", "samples.zip"))
    seed("samples.tar.gz", ".tar.gz", read("data-samples", "archives", "samples.tar.gz"))
    seed("single.sgf.gz", ".sgf.gz", read("data-samples", "archives", "single.sgf.gz"))
    fixtures = os.path.join(ROOT, "tests", "fixtures", "archives")
    for sub in ["", "lzh", "rar", os.path.join("rar", "volumes"), os.path.join("rar", "locked")]:
        for name in sorted(os.listdir(os.path.join(fixtures, sub))):
            ending = os.path.splitext(name)[1]
            if ending in ENDINGS:
                seed(name, ending, read("tests", "fixtures", "archives", sub, name))
    games = ["19x19-aga-area.sgf", "19x19-korean-territory.sgf"]
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for g in games:
            data = read("data-samples", "games", g)
            info = tarfile.TarInfo(g)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    plain = buf.getvalue()
    one = read("data-samples", "games", games[0])
    seed("two.tar", ".tar", plain)
    seed("two.tar.bz2", ".tar.bz2", bz2.compress(plain))
    seed("two.tar.xz", ".tar.xz", lzma.compress(plain))
    seed("one.sgf.bz2", ".sgf.bz2", bz2.compress(one))
    seed("one.sgf.xz", ".sgf.xz", lzma.compress(one))
    # self-extracting archives: the stub with a RAR, a 7z and a zip appended; the stub alone
    seed("sfx-rar.exe", ".exe", SFX_STUB + read("tests", "fixtures", "archives", "rar", "games-rar4.rar"))
    seed("sfx-7z.exe", ".exe", SFX_STUB + read("tests", "fixtures", "archives", "games-lzma2.7z"))
    seed("sfx-zip.exe", ".exe", SFX_STUB + read("data-samples", "archives", "samples.zip"))
    seed("program.exe", ".exe", SFX_STUB)
    # another server's record compressed under its own name, and under an SGF name
    gib = read("data-samples", "gib", "tygem-korean.gib")
    seed("one.gib.gz", ".gib.gz", gzip.compress(gib, mtime=0))
    seed("one.ngf.bz2", ".ngf.bz2", bz2.compress(read("data-samples", "ngf", "wbaduk-korean.ngf")))
    seed("one.ugf.xz", ".ugf.xz", lzma.compress(read("data-samples", "ugf", "panda-shift-jis.ugf")))
    seed("gib-as.sgf", ".sgf", gib)
    seed("zip-as.sgf", ".sgf", read("data-samples", "archives", "samples.zip"))
    for name, ending, data in [("two.tar.zst", ".tar.zst", plain), ("one.sgf.zst", ".sgf.zst", one)]:
        packed = zstd(data)
        if packed is not None:
            seed(name, ending, packed)
    print(f"{len(os.listdir(OUT))} inputs in {OUT}")


if __name__ == "__main__":
    main()
