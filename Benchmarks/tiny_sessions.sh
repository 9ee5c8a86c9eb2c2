#!/bin/sh
# Peak memory and time of `navrec import` and `navrec report` over many tiny sessions (issue 10,
# class 11): N five-sample blurHeader sessions, every hundredth one flapping (ANALYSIS.md's worked
# example), the rest scrolling cleanly. Usage: Benchmarks/tiny_sessions.sh [N] (default 100000).
# Needs a release build (swift build -c release) and GNU time (/usr/bin/time).
set -eu
N=${1:-100000}
BIN=${NAVREC:-.build/release/navrec}
OUT=Benchmarks/out/tiny-$N
mkdir -p "$OUT"
rm -f "$OUT/tiny.sqlite" "$OUT/tiny.sqlite-wal" "$OUT/tiny.sqlite-shm"
"$(dirname "$0")/make_tiny.sh" "$N" "$OUT/tiny.ndjson"
measure() { name=$1; shift; /usr/bin/time -f "$name: %e s wall, %U s user, %S s system, %M KB peak RSS" "$@"; }
measure "import" "$BIN" import "$OUT/tiny.ndjson" --db "$OUT/tiny.sqlite" > /dev/null
measure "report (text)" "$BIN" report --db "$OUT/tiny.sqlite" > "$OUT/report.txt"
measure "report --format json" "$BIN" report --db "$OUT/tiny.sqlite" --format json > "$OUT/report.json"
tail -2 "$OUT/report.txt"
