#!/bin/bash
# What a new database costs to set up (issue 38 item 3): callgrind instructions of `navrec import`
# into a new file and into an up-to-date one, for a baseline build and this one; set-up = new file
# minus up-to-date file (the process, the schema parse every open pays, and the import are in both).
#
# Usage: Benchmarks/fresh_database.sh BASELINE_NAVREC   (this build: $NAVREC, default .build/release/navrec)
set -euo pipefail
base=${1:?usage: Benchmarks/fresh_database.sh BASELINE_NAVREC}
new=${NAVREC:-.build/release/navrec}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$new" simulate --behavior largeTitle --duration 1 > "$out/one.ndjson"
here=$(cd "$(dirname "$0")" && pwd)
count() { "$here/valgrind.sh" --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | awk '/Collected/ { print $4 }'; }
printf '| build | import into a new file | into an up-to-date file | set-up |\n|---|---:|---:|---:|\n'
for side in base new; do
    bin=$base; [[ $side == new ]] && bin=$new
    rm -f "$out"/db.sqlite*
    fresh=$(count "$bin" import "$out/one.ndjson" --db "$out/db.sqlite")
    rm -f "$out"/db.sqlite*
    "$bin" import /dev/null --db "$out/db.sqlite" > /dev/null
    existing=$(count "$bin" import "$out/one.ndjson" --db "$out/db.sqlite")
    printf '| %s | %s | %s | %.1f M |\n' "$side" "$fresh" "$existing" "$(echo "($fresh - $existing) / 1000000" | bc -l)"
done
