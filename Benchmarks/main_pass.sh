#!/usr/bin/env bash
# Issue 26, "a main pass that does not copy": `navrec report` of one 1 M-sample largeTitle + avatar
# session without observed states, the same with ±2 pt of tremor on y (flapping at every crossing,
# the hysteresis replay's worst case), and `navrec analyze` of both recordings (parse + models +
# detectors + replay), each by a baseline build and this build, interleaved in every round.
# Prints medians of the CPU and wall times with the ratio to the baseline, and with BENCH_CALLGRIND=1
# instructions per sample: (instructions on 100,000 samples − on 1,000) / 99,000, so start-up and
# per-session work cancel out. Self-contained rows, for run.sh to call.
#
#   Benchmarks/main_pass.sh BASELINE_NAVREC [NAVREC] [OUT_DIR]
#   BENCH_RUNS (default 5), BENCH_SAMPLES (default 1000000), BENCH_CALLGRIND=1
#
# e.g. git worktree add /tmp/base 0a8f651 && (cd /tmp/base && swift build -c release)
#      swift build -c release && BENCH_CALLGRIND=1 Benchmarks/main_pass.sh /tmp/base/.build/release/navrec
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
base=${1:?usage: main_pass.sh BASELINE_NAVREC [NAVREC] [OUT_DIR]}
new=${2:-$here/../.build/release/navrec}
out=${3:-$here/out/main-pass}
runs=${BENCH_RUNS:-5}
samples=${BENCH_SAMPLES:-1000000}
mkdir -p "$out/time"
data="$out/replay-$samples"
if [[ ! -s "$data/tremor.ndjson" ]]; then
    echo "generating the single session ($samples samples)…" >&2
    BENCH_ONLY_DATA=1 BENCH_SAMPLES=$samples "$here/replay_bench.sh" "$base" "$data" >&2
fi
cat /proc/loadavg >"$out/loadavg-start.txt" 2>/dev/null || true

# One database per build and recording (report stores its findings into it), imported by the
# baseline so both read the very same rows.
for name in plain tremor; do
    if [[ ! -s "$data/$name.sqlite" ]]; then
        rm -f "$data/$name.sqlite"*
        "$base" import --db "$data/$name.sqlite" "$data/$name.ndjson" >/dev/null
    fi
    for build in base new; do
        rm -f "$out/$build-$name.sqlite"*
        cp "$data/$name.sqlite" "$out/$build-$name.sqlite"
    done
done

measure() { # build step run -- command…
    local build=$1 step=$2 run=$3; shift 4
    python3 "$here/measure.py" "$out/time/$build-$step-$run.json" -- "$@"
}
for ((run = 1; run <= runs; run++)); do
    echo "main pass, run $run/$runs" >&2
    for name in plain tremor; do
        for build in base new; do
            binary=$base; [[ $build == new ]] && binary=$new
            measure "$build" "report-$name" "$run" -- "$binary" report --db "$out/$build-$name.sqlite" --format json --jobs 1 \
                --output "$out/$build-report-$name.json"
            measure "$build" "analyze-$name" "$run" -- sh -c "exec \"\$0\" analyze \"\$1\" >\"\$2\"" "$binary" \
                "$data/$name.ndjson" "$out/$build-analyze-$name.jsonl"
        done
    done
done
for name in plain tremor; do
    cmp -s "$out/base-report-$name.json" "$out/new-report-$name.json" || echo "WARNING: report $name differs" >&2
    cmp -s "$out/base-analyze-$name.jsonl" "$out/new-analyze-$name.jsonl" || echo "WARNING: analyze $name differs" >&2
done
cat /proc/loadavg >"$out/loadavg-end.txt" 2>/dev/null || true

if [[ "${BENCH_CALLGRIND:-0}" == 1 ]]; then
    cg="$out/callgrind"; mkdir -p "$cg"
    for name in plain tremor; do
        for size in 100000 1000; do
            python3 "$here/cut_samples.py" "$data/$name.ndjson" "$cg/$name-$size.ndjson" "$size"
            rm -f "$cg/$name-$size.sqlite"*
            "$base" import --db "$cg/$name-$size.sqlite" "$cg/$name-$size.ndjson" >/dev/null
        done
    done
    for build in base new; do
        binary=$base; [[ $build == new ]] && binary=$new
        for name in plain tremor; do
            for size in 100000 1000; do
                cp "$cg/$name-$size.sqlite" "$cg/$build-$name-$size.sqlite"
                "$here/valgrind.sh" --tool=callgrind --dump-instr=no --callgrind-out-file="$cg/$build-report-$name-$size.out" \
                    "$binary" report --db "$cg/$build-$name-$size.sqlite" --format json --jobs 1 >/dev/null 2>"$cg/$build-report-$name-$size.log"
                "$here/valgrind.sh" --tool=callgrind --dump-instr=no --callgrind-out-file="$cg/$build-analyze-$name-$size.out" \
                    "$binary" analyze "$cg/$name-$size.ndjson" >/dev/null 2>"$cg/$build-analyze-$name-$size.log"
            done
        done
    done
fi

python3 - "$out" "$runs" "$samples" <<'PY'
import json, os, re, statistics, sys
out, runs, samples = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def figures(build, step):
    rows = [json.load(open(f"{out}/time/{build}-{step}-{run}.json")) for run in range(1, runs + 1)]
    return statistics.median(r["user"] + r["sys"] for r in rows), statistics.median(r["wall"] for r in rows)
steps = [("report-plain", "navrec report --format json --jobs 1, one session, no observed states"),
         ("report-tremor", "… the same with ±2 pt tremor (flapping at every crossing)"),
         ("analyze-plain", "navrec analyze of the same recording (parse + models + detectors)"),
         ("analyze-tremor", "… of the tremor recording")]
print(f"| step ({samples:,} samples, medians of {runs}) | baseline CPU s | this build CPU s | samples/CPU-s, baseline → this build | CPU ratio | wall s, baseline → this build |")
print("|---|---:|---:|---:|---:|---:|")
for step, label in steps:
    (bc, bw), (nc, nw) = figures("base", step), figures("new", step)
    print(f"| {label} | {bc:.2f} | {nc:.2f} | {samples / bc / 1e6:.2f} M → {samples / nc / 1e6:.2f} M | {bc / nc:.2f}x | {bw:.2f} → {nw:.2f} |")
def refs(path):
    text = open(path).read()
    return int(re.search(r"refs:\s*([\d,]+)", text).group(1).replace(",", ""))
cg = f"{out}/callgrind"
if os.path.isdir(cg):
    print()
    print("| callgrind, instructions per sample ((100,000 − 1,000 samples) / 99,000) | baseline | this build | ratio |")
    print("|---|---:|---:|---:|")
    for step, label in steps:
        per = {}
        for build in ("base", "new"):
            per[build] = (refs(f"{cg}/{build}-{step}-100000.log") - refs(f"{cg}/{build}-{step}-1000.log")) / 99000
        print(f"| {label} | {per['base']:,.0f} | {per['new']:,.0f} | {per['base'] / per['new']:.2f}x |")
for name in ("start", "end"):
    path = f"{out}/loadavg-{name}.txt"
    if os.path.exists(path):
        print(f"\nload average at the {name}: {open(path).read().strip()}")
PY
