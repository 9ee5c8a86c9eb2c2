#!/bin/bash
# `navrec report` of one session that flaps throughout (issue 38 item 2): a largeTitle session
# hovering at its threshold (`navrec simulate --behavior largeTitle --gesture hover`, 60 fps,
# recorded at rest only on changes: ~37.5 samples a simulated second, simulated for SAMPLES ×
# 0.0267 s; 1,000,000 gives 1,001,852 samples), or with KIND=flicker the same with the app's
# observed states flickering (`--fault flicker`, SAMPLES × 0.0253 s; 1,000,000 gives 1,002,228),
# imported once per size (by the baseline); then `report --format json --jobs 1` by the baseline and this build on
# their own copies, interleaved, CPU time (user + system), median of $RUNS (default 3). Prints one
# goals-table row per size (samples per CPU-second; goal ≥ 5 M at 10 M samples) and notes when the
# two builds' reports differ. Data and databases stay in $OUT (default Benchmarks/out/flapping).
#
# Usage: Benchmarks/flapping_report.sh BASELINE_NAVREC [SAMPLES...]   (default 1000000 10000000;
#        this build: $NAVREC, default .build/release/navrec)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
base=${1:?usage: Benchmarks/flapping_report.sh BASELINE_NAVREC [SAMPLES...]}
shift
sizes=("$@")
((${#sizes[@]})) || sizes=(1000000 10000000)
new=${NAVREC:-$here/../.build/release/navrec}
runs=${RUNS:-3}
out=${OUT:-$here/out/flapping}
kind=${KIND:-hover}
case $kind in
    hover) simulate=(--gesture hover) per=267 label="hovering at its threshold" ;;
    flicker) simulate=(--gesture hover --fault flicker) per=253 label="hovering, its observed states flickering" ;;
    *) echo "KIND is hover or flicker" >&2; exit 64 ;;
esac
mkdir -p "$out"
cpu() { /usr/bin/time -f "%U %S" "$@" 2>&1 >/dev/null | tail -1 | awk '{ print $1 + $2 }'; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
for samples in "${sizes[@]}"; do
    db="$out/$kind-$samples.sqlite"
    if [[ ! -e $db ]]; then
        # Made by the baseline: a newer build migrates its copy, an older one cannot open a newer schema.
        "$base" simulate --behavior largeTitle "${simulate[@]}" --duration $(( samples * per / 10000 )) \
            --session-id "$kind-$samples" --output "$out/$kind-$samples.ndjson"
        rm -f "$db.part"*
        "$base" import "$out/$kind-$samples.ndjson" --db "$db.part" > /dev/null
        sqlite3 "$db.part" "PRAGMA wal_checkpoint(TRUNCATE)" > /dev/null
        rm -f "$db.part-wal" "$db.part-shm" "$out/$kind-$samples.ndjson"
        mv "$db.part" "$db"
    fi
    count=$(sqlite3 "$db" "SELECT samples FROM sessions")
    for side in base new; do cp "$db" "$out/$side.sqlite"; rm -f "$out/$side.sqlite-wal" "$out/$side.sqlite-shm"; done
    # Each side's copy at its own schema before timing (a migration is once per database, not per report).
    "$new" migrate --db "$out/new.sqlite" > /dev/null
    : > "$out/base.cpu"; : > "$out/new.cpu"
    for ((run = 0; run < runs; run++)); do
        for side in base new; do
            bin=$base; [[ $side == new ]] && bin=$new
            cpu nice "$bin" report --db "$out/$side.sqlite" --format json --jobs 1 --output "$out/$side.json" >> "$out/$side.cpu"
        done
    done
    b=$(median < "$out/base.cpu"); n=$(median < "$out/new.cpu")
    met=$(awk -v c="$count" -v s="$n" 'BEGIN { print (c / s >= 5e6) ? "**met**" : "**not met**" }')
    awk -v c="$count" -v b="$b" -v n="$n" -v m="$met" -v l="$label" 'BEGIN {
        printf "| `navrec report` of one largeTitle session %s throughout, %d samples | %.2f M samples/CPU-s (%.2f s CPU) | %.2f M samples/CPU-s (%.2f s CPU) | %.2fx | ≥ 5 M samples/CPU-s at 10 M | %s |\n",
            l, c, c / n / 1e6, n, c / b / 1e6, b, b / n, m }'
    cmp -s "$out/base.json" "$out/new.json" || echo "note: the two builds' reports of $count samples differ"
done
