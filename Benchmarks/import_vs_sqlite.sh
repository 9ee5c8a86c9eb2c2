#!/usr/bin/env bash
# navrec against SQLite itself (issues 6 and 15): import, report, many tiny sessions and ad-hoc SQL side by side with SQLite's
# own import, in one run (Benchmarks/run.sh measures the current speed goals). Prints two Markdown tables: the goals of issue 15 with
# the measured value, the baseline from the same run, the goal and whether it is met; then the
# per-step figures (also written to Benchmarks/out/results.md).
#
#   Benchmarks/import_vs_sqlite.sh                      # full run, 3 runs of each step (about 10-15 minutes on 2 cores)
#   BENCH_QUICK=1 Benchmarks/import_vs_sqlite.sh        # 200 k samples, 1 run, 2,000 tiny sessions, no 100 k (a few minutes)
#   BENCH_CALLGRIND=1 Benchmarks/import_vs_sqlite.sh    # also instructions per sample (valgrind; adds about 5 minutes)
#   BENCH_10M=1 Benchmarks/import_vs_sqlite.sh          # also 10 M samples of the mixed recording (+10 minutes)
#   BENCH_RUNS=5                           # runs per measurement (medians are printed)
#   BENCH_RUNS_LARGE=3                     # runs at 10 M samples and more (default 1)
#   BENCH_SIZES="200000"                   # sizes of the mixed recording (samples)
#   BENCH_TINY=8000 BENCH_TINY_LARGE=100000  # tiny-session counts (BENCH_TINY_LARGE=0 skips it)
#   BENCH_SKIP_BUILD=1, BENCH_REUSE_DATA=1 # reuse the release build / generated recordings
#
# Data:
#   mixed   one NDJSON recording from `navrec simulate` (sessions of six behaviour sets at 120 fps,
#           with observed states), the same without the observed states, and the same samples as
#           CSV: wide (t,y,phase,vy) and bare (t,y,phase)
#   single  one 1 M-sample largeTitle + avatar session at 120 fps without observed states, and the
#           same with ±2 pt of tremor on y (replay_bench.sh's data), and its bare CSV
#   tiny    N five-sample sessions (make_tiny.sh)
# Steps, interleaved in every round, timed with /usr/bin/time -v (measure.py):
#   navrec import / report (--jobs 1, --jobs 2) of each, the sqlite3 shell's .import of the CSVs
#   (WAL, synchronous=NORMAL, one transaction), a C prepared-INSERT loop (floor.c), and one-session
#   and full-scan queries of the `timeline` view in the sqlite3 shell and through `navrec query`.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out="$here/out"
quick=${BENCH_QUICK:-0}
if [[ "$quick" == 1 ]]; then
    runs=${BENCH_RUNS:-1}; sizes=${BENCH_SIZES:-200000}; single=200000
    tiny=${BENCH_TINY:-2000}; tiny_large=${BENCH_TINY_LARGE:-0}
else
    runs=${BENCH_RUNS:-3}; sizes=${BENCH_SIZES:-1000000}; single=1000000
    tiny=${BENCH_TINY:-8000}; tiny_large=${BENCH_TINY_LARGE:-100000}
fi
runs_large=${BENCH_RUNS_LARGE:-1}
if [[ "${BENCH_10M:-0}" == 1 ]]; then sizes="$sizes 10000000"; fi
rm -rf "$out/time" "$out/callgrind"
mkdir -p "$out/data" "$out/db" "$out/time"
# Other load on the machine shows in the wall times: the table notes it.
cat /proc/loadavg >"$out/loadavg.txt" 2>/dev/null || true

# --- tools: install what is missing (Debian/Ubuntu), or fall back --------------------------------
missing=()
[[ -x /usr/bin/time ]] || missing+=(time)
command -v sqlite3 >/dev/null || missing+=(sqlite3)
command -v gcc >/dev/null || missing+=(gcc)
[[ -e /usr/include/sqlite3.h ]] || missing+=(libsqlite3-dev)
command -v python3 >/dev/null || missing+=(python3)
[[ "${BENCH_CALLGRIND:-0}" != 1 ]] || command -v valgrind >/dev/null || missing+=(valgrind)
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
fresh() { rm -f "$1" "$1-wal" "$1-shm"; }
# sqlite_import DB CSV COLUMNS: the baseline, the sqlite3 shell's .import into a fresh table.
sqlite_import_args() {
    echo "PRAGMA journal_mode=WAL"; echo "PRAGMA synchronous=NORMAL"
    echo "CREATE TABLE samples ($2)"; echo "BEGIN"; echo ".import --csv --skip 1 $1 samples"; echo "COMMIT"
}
bare_columns="t REAL NOT NULL, y REAL NOT NULL, phase TEXT"
wide_columns="t REAL NOT NULL, y REAL NOT NULL, phase TEXT, vy REAL"
checkpoint() { for file in "$@"; do sqlite3 "$file" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null; done; }

# --- the mixed recording: import with and without observed states, the wide and bare CSV --------
plan=()
for size in $sizes; do
    n=$runs; ((size < 10000000)) || n=$runs_large
    plan+=("$size:$n")
    ndjson="$out/data/bench-$size.ndjson"
    csv="$out/data/bench-$size.csv"
    bare="$out/data/bench-$size-bare.csv"
    if [[ "${BENCH_REUSE_DATA:-0}" != 1 || ! -s "$bare" ]]; then
        echo "generating $size samples…" >&2
        python3 "$here/make_data.py" "$navrec" "$size" "$ndjson" "$csv"
        # The `bar` objects hold no nested objects, so this drops exactly the observed states.
        sed -E 's/,"bar":\{[^}]*\}//' "$ndjson" >"$out/data/bench-$size-noobs.ndjson"
        python3 "$here/bare_csv.py" "$ndjson" "$bare"
    fi
    noobs="$out/data/bench-$size-noobs.ndjson"
    db="$out/db/navrec-$size.sqlite"
    dbnoobs="$out/db/navrec-noobs-$size.sqlite"
    base="$out/db/import-$size.sqlite"
    basebare="$out/db/import-bare-$size.sqlite"
    floordb="$out/db/floor-$size.sqlite"
    for run in $(seq 1 "$n"); do
        echo "mixed $size, run $run/$n" >&2
        fresh "$db"; measure import "$size" "$run" -- "$navrec" import --db "$db" "$ndjson"
        fresh "$dbnoobs"; measure import-noobs "$size" "$run" -- "$navrec" import --db "$dbnoobs" "$noobs"
        fresh "$base"
        mapfile -t args < <(sqlite_import_args "$csv" "$wide_columns")
        measure sqlite-import "$size" "$run" -- sqlite3 "$base" "${args[@]}"
        fresh "$basebare"
        mapfile -t args < <(sqlite_import_args "$bare" "$bare_columns")
        measure sqlite-import-bare "$size" "$run" -- sqlite3 "$basebare" "${args[@]}"
        if [[ -n "$floor" ]]; then
            fresh "$floordb"; measure floor "$size" "$run" -- "$floor" "$floordb" "$csv"
        fi
        measure report "$size" "$run" -- "$navrec" report --db "$db" --format json --output "$out/report-$size.json"
        measure report-jobs1 "$size" "$run" -- "$navrec" report --db "$db" --format json --jobs 1 --output "$out/report-$size-j1.json"
        measure report-jobs2 "$size" "$run" -- "$navrec" report --db "$db" --format json --jobs 2 --output "$out/report-$size-j2.json"
        cmp -s "$out/report-$size-j1.json" "$out/report-$size-j2.json" || { echo "error: --jobs 1 and 2 reports differ" >&2; exit 1; }
    done
    # Sizes after a full checkpoint, so the WAL is in the main file.
    checkpoint "$db" "$dbnoobs" "$base" "$basebare" ${floor:+"$floordb"}
    sqlite3 -json "$db" "SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name" >"$out/dbstat-$size.json"
    sqlite3 -json "$db" "SELECT COUNT(*) AS sessions, SUM(samples) AS samples, SUM(observed_samples) AS observed FROM sessions" \
        >"$out/sessions-$size.json"
done
first=${sizes%% *}

# --- ad-hoc SQL on the first mixed database: one session, and a full scan of `timeline` ---------
db="$out/db/navrec-$first.sqlite"
one_id=$(sqlite3 "$db" "SELECT id FROM sessions ORDER BY samples DESC LIMIT 1")
one_samples=$(sqlite3 "$db" "SELECT samples FROM sessions WHERE id = '$one_id'")
one_sql="SELECT count(*), avg(y), max(bar_height), sum(inline_title_alpha) FROM timeline WHERE session_id = '$one_id' AND source = 'computed'"
scan_sql="SELECT source, count(*), avg(y), max(bar_height) FROM timeline GROUP BY source"
echo "{\"session\": \"$one_id\", \"samples\": $one_samples}" >"$out/sql-session.json"
for run in $(seq 1 "$runs"); do
    echo "ad-hoc SQL, run $run/$runs" >&2
    measure sql-one-sqlite3 "$first" "$run" -- sqlite3 "$db" "$one_sql"
    measure sql-one-navrec "$first" "$run" -- "$navrec" query --db "$db" --format csv "$one_sql"
    measure sql-scan-sqlite3 "$first" "$run" -- sqlite3 "$db" "$scan_sql"
    measure sql-scan-navrec "$first" "$run" -- "$navrec" query --db "$db" --format csv "$scan_sql"
done

# --- one largeTitle + avatar session, plain and with tremor (replay_bench.sh's data) ------------
replay="$out/replay-$single"
mkdir -p "$replay"
if [[ "${BENCH_REUSE_DATA:-0}" != 1 || ! -s "$replay/bare.csv" ]]; then
    echo "generating the single session ($single samples)…" >&2
    rm -f "$replay/tremor.ndjson"
    BENCH_ONLY_DATA=1 BENCH_SAMPLES=$single "$here/replay_bench.sh" "$navrec" "$replay" >&2
    python3 "$here/bare_csv.py" "$replay/plain.ndjson" "$replay/bare.csv"
fi
plaindb="$out/db/single-plain.sqlite"; tremordb="$out/db/single-tremor.sqlite"; singlebase="$out/db/import-single.sqlite"
fresh "$tremordb"; "$navrec" import --db "$tremordb" "$replay/tremor.ndjson" >/dev/null
for run in $(seq 1 "$runs"); do
    echo "single session, run $run/$runs" >&2
    fresh "$plaindb"; measure single-import "$single" "$run" -- "$navrec" import --db "$plaindb" "$replay/plain.ndjson"
    fresh "$singlebase"
    mapfile -t args < <(sqlite_import_args "$replay/bare.csv" "$bare_columns")
    measure single-sqlite-import-bare "$single" "$run" -- sqlite3 "$singlebase" "${args[@]}"
    measure single-report "$single" "$run" -- "$navrec" report --db "$plaindb" --format json --output "$replay/plain.json"
    measure single-report-tremor "$single" "$run" -- "$navrec" report --db "$tremordb" --format json --output "$replay/tremor.json"
done
checkpoint "$plaindb" "$singlebase"
sqlite3 -json "$plaindb" "SELECT SUM(samples) AS samples FROM sessions" >"$out/single-samples.json"

# --- many tiny sessions ---------------------------------------------------------------------------
for count in $tiny $tiny_large; do
    ((count > 0)) || continue
    tinyfile="$out/data/tiny-$count.ndjson"
    [[ "${BENCH_REUSE_DATA:-0}" == 1 && -s "$tinyfile" ]] || "$here/make_tiny.sh" "$count" "$tinyfile"
    tinydb="$out/db/tiny-$count.sqlite"
    n=$runs; [[ "$count" == "$tiny" ]] || n=1
    for run in $(seq 1 "$n"); do
        echo "$count tiny sessions, run $run/$n" >&2
        fresh "$tinydb"; measure tiny-import "$count" "$run" -- "$navrec" import --db "$tinydb" "$tinyfile"
        # The report over the large count takes minutes; its memory is what the smaller one shows.
        [[ "$count" == "$tiny" ]] || continue
        measure tiny-report "$count" "$run" -- "$navrec" report --db "$tinydb" --format json --output "$out/tiny-$count.json"
    done
done

# --- instructions per sample (callgrind), on the first 100,000 samples ---------------------------
if [[ "${BENCH_CALLGRIND:-0}" == 1 ]] && command -v valgrind >/dev/null; then
    cg="$out/callgrind"; mkdir -p "$cg"
    # The first 100,000 samples of the first mixed session (largeTitle + avatar with observed
    # states) and of the single session (no observed states), and the latter's bare CSV.
    python3 "$here/cut_samples.py" "$out/data/bench-$first.ndjson" "$cg/observed.ndjson" 100000
    python3 "$here/cut_samples.py" "$replay/plain.ndjson" "$cg/plain.ndjson" 100000
    python3 "$here/bare_csv.py" "$cg/plain.ndjson" "$cg/bare.csv"
    count_ir() {  # count_ir NAME COMMAND...: instructions of COMMAND
        local name=$1; shift
        "$here/valgrind.sh" --tool=callgrind --callgrind-out-file="$cg/$name.out" "$@" >/dev/null 2>"$cg/$name.log"
        grep -o 'refs: *[0-9,]*' "$cg/$name.log" | tr -dc '0-9' >"$cg/$name.ir"
    }
    # A header without samples: the fixed start-up cost (migrations, …), subtracted per sample.
    head -1 "$cg/plain.ndjson" >"$cg/empty.ndjson"
    echo "callgrind…" >&2
    for name in empty observed plain; do
        fresh "$cg/$name.sqlite"
        count_ir "import-$name" "$navrec" import --db "$cg/$name.sqlite" "$cg/$name.ndjson"
        count_ir "report-$name" "$navrec" report --db "$cg/$name.sqlite" --format json --jobs 1
    done
    fresh "$cg/bare.sqlite"
    mapfile -t args < <(sqlite_import_args "$cg/bare.csv" "$bare_columns")
    count_ir sqlite-import-bare sqlite3 "$cg/bare.sqlite" "${args[@]}"
    sqlite3 -json "$cg/observed.sqlite" "SELECT SUM(samples) AS samples, SUM(observed_samples) AS observed FROM sessions" >"$cg/observed.json"
fi

cat /proc/loadavg >>"$out/loadavg.txt" 2>/dev/null || true
python3 "$here/summarize.py" "$out" "$single" "$tiny" "$tiny_large" "${plan[@]}" | tee "$out/results.md"
