#!/usr/bin/env bash
# Scans real records with a build that panics on integer overflow and checks debug
# assertions, and compares its Parquet output with the release build's, byte for byte.
#
# Question answered: does any game of a large collection reach an arithmetic overflow or a
# broken invariant (`debug_assert!`) that the release build silently wraps past? Under
# overflow checks such a game panics; the pipeline turns the panic into an `internal_error`
# row, so the two files differ and this script fails, naming the games.
#
# Usage: fuzz/overflow_scan.sh [INPUT...]
#   (default: ../shared/corpus/dev and ../shared/corpus/tygem-9d-2006.zip)
# The checked build goes to target/overflow (a first build compiles every dependency again:
# about 5 minutes on two cores). Not part of CI. Needs nothing beyond cargo and cmp.
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")/.."
inputs=()
for a in "$@"; do
  case "$a" in /*) inputs+=("$a") ;; *) inputs+=("$(realpath -m "$caller/$a")") ;; esac
done
if [ ${#inputs[@]} -eq 0 ]; then
  for d in ../shared/corpus/dev ../shared/corpus/tygem-9d-2006.zip; do
    [ -e "$d" ] && inputs+=("$(realpath "$d")")
  done
  [ ${#inputs[@]} -gt 0 ] || { echo "no ../shared/corpus: nothing to scan"; exit 0; }
fi

cargo build --release --quiet
CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS=true CARGO_PROFILE_RELEASE_DEBUG_ASSERTIONS=true \
  cargo build --release --quiet --target-dir target/overflow

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# Both builds run under the same name: the file's metadata records the command line.
run() {
  ln -sf "$1" "$out/kifu-audit"
  local status=0
  "$out/kifu-audit" scan --quiet "${@:3}" -o "$2" 2>"$2.stderr" || status=$?
  # 0: every game read; 1: some rows are errors (unreadable records). 2 or more: fatal.
  [ "$status" -le 1 ] || { cat "$2.stderr" >&2; echo "scan exited with $status" >&2; exit 1; }
}

failed=0
for input in "${inputs[@]}"; do
  start=$SECONDS
  run "$PWD/target/release/kifu-audit" "$out/release.parquet" "$input"
  run "$PWD/target/overflow/release/kifu-audit" "$out/checked.parquet" "$input"
  if cmp -s "$out/release.parquet" "$out/checked.parquet"; then
    echo "identical: $input ($((SECONDS - start)) s for both scans)"
  else
    echo "DIFFERENT: $input (an overflow or a failed debug assertion: look for internal_error rows" \
      "in $caller/overflow-checked.parquet)"
    cp "$out/checked.parquet" "$caller/overflow-checked.parquet"
    # the panics, once each, by place and message
    grep -A1 "panicked at" "$out/checked.parquet.stderr" | grep -v '^--$' | paste - - |
      sed -E "s/^thread '[^']*' \([0-9]+\) //" | sort | uniq -c |
      sort -rn | head -20 || true
    failed=1
  fi
done
exit $failed
