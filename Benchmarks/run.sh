#!/usr/bin/env bash
# navrec benchmark: import and report side by side with SQLite's own import (issue 6).
#
#   Benchmarks/run.sh                     # 1 M samples, 3 runs each (about 5 minutes on 2 cores)
#   BENCH_10M=1 Benchmarks/run.sh         # also 10 M samples (peak-memory target; +10 minutes)
#   BENCH_RUNS=5 Benchmarks/run.sh        # more runs per measurement (medians are printed)
#   BENCH_RUNS_LARGE=3                     # runs at 10 M samples and more (default 1)
#   BENCH_SIZES="200000" Benchmarks/run.sh  # other sizes (samples per recording)
#   BENCH_SKIP_BUILD=1, BENCH_REUSE_DATA=1  # reuse the release build / generated recordings
#
# For each size it generates one NDJSON recording with `navrec simulate` (sessions of several
# behaviour sets at 120 fps, with observed states) and the same samples as CSV (t,y,phase,vy),
# then measures with /usr/bin/time -v, interleaving the steps in every round:
#   import   navrec import of the NDJSON into a fresh database (parse + models + store)
#   import-noobs  the same recording without its observed states (samples + computed states
#            only: what the import and bytes-per-sample targets are about)
#   .import  the sqlite3 shell's .import of the CSV into a 4-column table, WAL, one transaction
#   floor    a C loop: one prepared INSERT per row, same table, WAL, one transaction
#   report   navrec report --format json over the imported sessions
# and prints a Markdown table (also written to Benchmarks/out/results.md).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out="$here/out"
runs=${BENCH_RUNS:-3}
runs_large=${BENCH_RUNS_LARGE:-1}
sizes=${BENCH_SIZES:-1000000}
if [[ "${BENCH_10M:-0}" == 1 ]]; then sizes="$sizes 10000000"; fi
rm -rf "$out/time"
mkdir -p "$out/data" "$out/db" "$out/time"

# --- tools: install what is missing (Debian/Ubuntu), or fall back --------------------------------
missing=()
[[ -x /usr/bin/time ]] || missing+=(time)
command -v sqlite3 >/dev/null || missing+=(sqlite3)
command -v gcc >/dev/null || missing+=(gcc)
[[ -e /usr/include/sqlite3.h ]] || missing+=(libsqlite3-dev)
command -v python3 >/dev/null || missing+=(python3)
if ((${#missing[@]})); then
    echo "installing: ${missing[*]}" >&2
    sudo=""; [[ $(id -u) == 0 ]] || sudo="sudo"
    if command -v apt-get >/dev/null; then
        $sudo apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 \
            || { $sudo apt-get update -qq >/dev/null 2>&1 && $sudo apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1; } \
            || echo "warning: could not install ${missing[*]}" >&2
    fi
fi
command -v python3 >/dev/null || { echo "error: python3 is required" >&2; exit 69; }
command -v sqlite3 >/dev/null || { echo "error: the sqlite3 shell is required (apt-get install sqlite3)" >&2; exit 69; }
# Without GNU time, measure.py's own wait4() rusage gives the same figures.
timer=()
[[ -x /usr/bin/time ]] && timer=(/usr/bin/time -v)

# --- build --------------------------------------------------------------------------------------
cd "$root"
if [[ "${BENCH_SKIP_BUILD:-0}" != 1 ]]; then
    echo "building release…" >&2
    swift build -c release 2>&1 | tail -1 >&2
fi
navrec="$root/.build/release/navrec"
floor=""
if command -v gcc >/dev/null && gcc -O2 -o "$out/floor" "$here/floor.c" -lsqlite3 2>"$out/floor-build.log"; then
    floor="$out/floor"
else
    echo "warning: no C compiler or libsqlite3-dev: the floor is skipped" >&2
fi

# measure NAME SIZE RUN -- COMMAND...: runs COMMAND, records wall/user/sys/peak RSS.
measure() {
    local name=$1 size=$2 run=$3; shift 4
    python3 "$here/measure.py" "$out/time/$name-$size-$run.txt" "${timer[@]}" -- "$@"
}

plan=()
for size in $sizes; do
    n=$runs; ((size < 10000000)) || n=$runs_large
    plan+=("$size:$n")
    ndjson="$out/data/bench-$size.ndjson"
    csv="$out/data/bench-$size.csv"
    if [[ "${BENCH_REUSE_DATA:-0}" != 1 || ! -s "$csv" ]]; then
        echo "generating $size samples…" >&2
        python3 "$here/make_data.py" "$navrec" "$size" "$ndjson" "$csv"
        # The `bar` objects hold no nested objects, so this drops exactly the observed states.
        sed -E 's/,"bar":\{[^}]*\}//' "$ndjson" >"$out/data/bench-$size-noobs.ndjson"
    fi
    noobs="$out/data/bench-$size-noobs.ndjson"
    dbnoobs="$out/db/navrec-noobs-$size.sqlite"
    db="$out/db/navrec-$size.sqlite"
    base="$out/db/import-$size.sqlite"
    floordb="$out/db/floor-$size.sqlite"
    for run in $(seq 1 "$n"); do
        echo "size $size, run $run/$n" >&2
        rm -f "$db" "$db-wal" "$db-shm"
        measure import "$size" "$run" -- "$navrec" import --db "$db" "$ndjson"
        rm -f "$dbnoobs" "$dbnoobs-wal" "$dbnoobs-shm"
        measure import-noobs "$size" "$run" -- "$navrec" import --db "$dbnoobs" "$noobs"
        rm -f "$base" "$base-wal" "$base-shm"
        measure sqlite-import "$size" "$run" -- sqlite3 "$base" \
            "PRAGMA journal_mode=WAL" "PRAGMA synchronous=NORMAL" \
            "CREATE TABLE samples (t REAL NOT NULL, y REAL NOT NULL, phase TEXT, vy REAL)" \
            "BEGIN" ".import --csv --skip 1 $csv samples" "COMMIT"
        if [[ -n "$floor" ]]; then
            rm -f "$floordb" "$floordb-wal" "$floordb-shm"
            measure floor "$size" "$run" -- "$floor" "$floordb" "$csv"
        fi
        measure report "$size" "$run" -- "$navrec" report --db "$db" --format json --output "$out/report-$size.json"
    done
    # Sizes after a full checkpoint, so the WAL is in the main file.
    for file in "$db" "$dbnoobs" "$base" ${floor:+"$floordb"}; do
        sqlite3 "$file" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
    done
    sqlite3 -json "$db" "SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name" >"$out/dbstat-$size.json"
    sqlite3 -json "$db" "SELECT COUNT(*) AS sessions, SUM(samples) AS samples, SUM(observed_samples) AS observed FROM sessions" \
        >"$out/sessions-$size.json"
done

python3 "$here/summarize.py" "$out" "${plan[@]}" | tee "$out/results.md"
