#!/usr/bin/env bash
# End-to-end benchmark: `kifu-audit scan` of the Tygem zip against `unzip -p` of the same file,
# in the same run, with games/s, the time ratio and peak RSS at 1k, 10k and all games.
# Usage: benches/end_to_end.sh [--repeat N] [ZIP]   (default ../shared/corpus/tygem-9d-2006.zip)
# --repeat N adds one more run: N copies of the zip in one scan (N x 77,076 games; 13 makes
# 1,001,988), to check that peak RSS stays flat at a million games (issue 5: <= 300 MB). Copies,
# not the zip named N times: a file named twice is read once; the run checks that the copies
# gave N times the games of the whole zip (the summary's first line). games/s counts the
# games each scan's summary says it read.
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")/.."
repeat=0
if [ "${1:-}" = --repeat ]; then
  repeat="${2:?--repeat needs a count}"
  shift 2
fi
if [ -n "${1:-}" ]; then
  # a ZIP given on the command line is relative to where the script was called from
  case "$1" in /*) zip="$1" ;; *) zip="$caller/$1" ;; esac
  [ -f "$zip" ] || { echo "no such file: $1" >&2; exit 1; }
else
  zip=../shared/corpus/tygem-9d-2006.zip
  [ -f "$zip" ] || { echo "no $zip: nothing to benchmark"; exit 0; }
fi
cargo build --release --quiet
bin=./target/release/kifu-audit
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Wall-clock seconds, peak RSS (KiB) and user+system CPU seconds of a command, via GNU time.
# CPU time is printed too: on a shared machine it moves less than wall time.
measure() {
  /usr/bin/time -f "%e %M %U %S" -o "$out/time" "$@" >/dev/null 2>"$out/stderr" || true
  tail -1 "$out/time" | awk '{ printf "%s %s %.2f\n", $1, $2, $3 + $4 }'
}

read -r unzip_s unzip_kb unzip_cpu < <(measure sh -c "unzip -p '$zip' > /dev/null")
echo "unzip -p: ${unzip_s}s (cpu ${unzip_cpu}s); load average $(cut -d' ' -f1 /proc/loadavg)"
printf '%-8s %9s %10s %9s %12s %8s\n' games seconds games/s ratio peak_RSS_MB cpu_s
all=$(unzip -l "$zip" | tail -1 | awk '{print $2}')
runs=(1000 10000 all)
[ "$repeat" -gt 0 ] && runs+=("x$repeat")
for limit in "${runs[@]}"; do
  # no --quiet: the summary (stderr is no terminal, so no progress bar) says how many games
  args=(scan "$zip" -o "$out/games.parquet")
  n=$limit
  case "$limit" in
    all) n=$all ;;
    x*)
      mkdir -p "$out/copies"
      args=(scan -o "$out/games.parquet")
      for ((k = 1; k <= repeat; k++)); do
        cp "$zip" "$out/copies/$k.zip"
        args+=("$out/copies/$k.zip")
      done
      n=$((all * repeat)) ;;
    *) args+=(--limit "$limit") ;;
  esac
  read -r s kb cpu < <(measure "$bin" "${args[@]}")
  # the games the summary says were read (its first line): those of a zip with fewer games
  # than a limit, or with directories and collections among its members, are not the count
  # asked for; the copies must hold N times the whole zip's
  read_games=$(head -1 "$out/stderr" | awk '{ print $1 }' | tr -d ,)
  case "$read_games" in
    '' | *[!0-9]*) echo "the scan failed: $(head -3 "$out/stderr")" >&2; exit 1 ;;
  esac
  case "$limit" in
    all) whole=$read_games ;;
    x*)
      if [ "$read_games" != "$((whole * repeat))" ]; then
        echo "the $repeat copies gave ${read_games:-no} games, not $repeat x $whole: $(head -1 "$out/stderr")" >&2
        exit 1
      fi ;;
  esac
  n=${read_games:-$n}
  rate=$(awk -v n="$n" -v s="$s" 'BEGIN{ if (s>0) printf "%.0f", n/s; else print "inf" }')
  times=1; [ "${limit:0:1}" = x ] && times=$repeat
  ratio=$(awk -v s="$s" -v u="$unzip_s" -v t="$times" 'BEGIN{ if (u>0) printf "%.2f", s/(u*t); else print "-" }')
  printf '%-8s %9s %10s %9s %12s %8s\n' "$n" "$s" "$rate" "${ratio}x" "$((kb / 1024))" "$cpu"
done
echo "(ratio = scan time / unzip -p time of the whole zip; the goal is <= 3x for all games)"
[ "$repeat" -gt 0 ] && echo "(the last row: $repeat copies of the zip in one scan; its ratio is against $repeat times the unzip -p time)"
exit 0
