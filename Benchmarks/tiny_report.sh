#!/bin/bash
# Per-session overhead of `navrec report` (the speed issue's row "report of 8,000 five-sample
# sessions"), a baseline build side by side with this one in the same run.
#
# Usage: Benchmarks/tiny_report.sh BASELINE_NAVREC [N] [RUNS]
#   BASELINE_NAVREC  a release navrec built from the commit to compare with, e.g.
#                    git worktree add /tmp/base 0a8f651 && (cd /tmp/base && swift build -c release --product navrec)
#                    then /tmp/base/.build/release/navrec
#   N                sessions (default 8000); RUNS runs of each step, alternating (default 5)
# Environment: NAVREC (this build, default .build/release/navrec); TINY_CALLGRIND=1 also counts
# instructions with callgrind: report of 500 sessions --jobs 1 (per session, a one-session report
# subtracted), import of the same 500 sessions (per sample), and import and report --format json
# --jobs 1 of one 100,000-sample largeTitle + avatar session (per sample, an import of its header
# alone and a report of it subtracted: run.sh's BENCH_CALLGRIND rows).
#
# Prints, for the default --jobs and --jobs 1, the median wall and CPU (user + system) time of each
# build, per session, and new/baseline; the two reports' text must be byte-identical.
set -euo pipefail
base=${1:?usage: Benchmarks/tiny_report.sh BASELINE_NAVREC [N] [RUNS]}
count=${2:-8000}
runs=${3:-5}
new=${NAVREC:-.build/release/navrec}
here=$(cd "$(dirname "$0")" && pwd)
out=$here/out/tiny-report-$count
mkdir -p "$out"
"$here/make_tiny.sh" "$count" "$out/tiny.ndjson"

# Each build imports into its own database (their schemas may differ) and reports once first, so
# every timed run replaces stored analyses as a repeated report does.
for side in base new; do
    bin=$base; [[ $side == new ]] && bin=$new
    rm -f "$out/$side.sqlite" "$out/$side.sqlite-wal" "$out/$side.sqlite-shm"
    "$bin" import "$out/tiny.ndjson" --db "$out/$side.sqlite" > /dev/null
    "$bin" report --db "$out/$side.sqlite" > "$out/$side.txt"
done
cmp -s "$out/base.txt" "$out/new.txt" || { echo "tiny_report: the two builds' reports differ ($out/base.txt, $out/new.txt)" >&2; exit 1; }

# One run: prints "wall cpu" in seconds.
run() {
    local bin=$1 db=$2; shift 2
    /usr/bin/time -f "%e %U %S" -o "$out/time.txt" "$bin" report --db "$db" "$@" > /dev/null
    awk '{ printf "%s %.2f\n", $1, $2 + $3 }' "$out/time.txt"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%s tiny sessions, %s runs each, alternating; medians\n\n' "$count" "$runs"
printf '| report | build | wall s | CPU s | wall ms/session | CPU ms/session |\n|---|---|---:|---:|---:|---:|\n'
for jobs in default 1; do
    args=(); [[ $jobs == 1 ]] && args=(--jobs 1)
    : > "$out/base.runs"; : > "$out/new.runs"
    for ((i = 1; i <= runs; i++)); do
        run "$base" "$out/base.sqlite" "${args[@]}" >> "$out/base.runs"
        run "$new" "$out/new.sqlite" "${args[@]}" >> "$out/new.runs"
    done
    for side in base new; do
        wall=$(cut -d' ' -f1 "$out/$side.runs" | median); cpu=$(cut -d' ' -f2 "$out/$side.runs" | median)
        eval "${side}_wall=$wall ${side}_cpu=$cpu"
        awk -v j="--jobs $jobs" -v s="$side" -v w="$wall" -v c="$cpu" -v n="$count" \
            'BEGIN { printf "| %s | %s | %.2f | %.2f | %.3f | %.3f |\n", j, s, w, c, w / n * 1000, c / n * 1000 }'
    done
    awk -v j="--jobs $jobs" -v bw="$base_wall" -v nw="$new_wall" -v bc="$base_cpu" -v nc="$new_cpu" \
        'BEGIN { printf "| %s | new/base | %.2fx | %.2fx | | |\n", j, nw / bw, nc / bc }'
done

if [[ ${TINY_CALLGRIND:-0} == 1 ]]; then
    "$here/make_tiny.sh" 500 "$out/cg500.ndjson"
    "$here/make_tiny.sh" 1 "$out/cg1.ndjson"
    instructions() { "$here/valgrind.sh" --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | awk '/refs:/ { gsub(",", "", $NF); print $NF }'; }
    printf '\n| callgrind | build | instructions | per unit (one-session run subtracted) |\n|---|---|---:|---:|\n'
    for side in base new; do
        bin=$base; [[ $side == new ]] && bin=$new
        for n in 1 500; do
            rm -f "$out/cg$n-$side.sqlite"*
            eval "import$n=\$(instructions \"$bin\" import \"$out/cg$n.ndjson\" --db \"$out/cg$n-$side.sqlite\")"
            "$bin" report --db "$out/cg$n-$side.sqlite" --jobs 1 > /dev/null
            eval "report$n=\$(instructions \"$bin\" report --db \"$out/cg$n-$side.sqlite\" --jobs 1)"
        done
        awk -v s="$side" -v a="$import1" -v b="$import500" \
            'BEGIN { printf "| import, 500 sessions (2,500 samples) | %s | %d | %.0f per sample |\n", s, b, (b - a) / (2500 - 5) }'
        awk -v s="$side" -v a="$report1" -v b="$report500" \
            'BEGIN { printf "| report --jobs 1, 500 sessions | %s | %d | %.0f per session |\n", s, b, (b - a) / 499 }'
    done
    if [[ ! -s "$out/plain.ndjson" ]]; then
        "$new" simulate --behavior largeTitle --behavior avatar --gesture drag --gesture fling --fps 120 \
            --duration 900 --seed 3 --session-id lt-avatar --output "$out/full.ndjson"
        python3 "$here/cut_samples.py" "$out/full.ndjson" "$out/plain.ndjson" 100000
        head -1 "$out/plain.ndjson" > "$out/empty.ndjson"
    fi
    for side in base new; do
        bin=$base; [[ $side == new ]] && bin=$new
        for name in empty plain; do
            rm -f "$out/$name-$side.sqlite"*
            eval "import_$name=\$(instructions \"$bin\" import \"$out/$name.ndjson\" --db \"$out/$name-$side.sqlite\")"
            eval "report_$name=\$(instructions \"$bin\" report --db \"$out/$name-$side.sqlite\" --format json --jobs 1)"
        done
        awk -v s="$side" -v a="$import_empty" -v b="$import_plain" \
            'BEGIN { printf "| import, one 100,000-sample session | %s | %d | %.0f per sample |\n", s, b, (b - a) / 100000 }'
        awk -v s="$side" -v a="$report_empty" -v b="$report_plain" \
            'BEGIN { printf "| report --format json --jobs 1, the same | %s | %d | %.0f per sample |\n", s, b, (b - a) / 100000 }'
    done
fi
