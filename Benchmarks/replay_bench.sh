#!/usr/bin/env bash
# The hysteresis-replay benchmark (issue 15, item 1): `navrec report` on one 1 M-sample largeTitle +
# avatar session at 120 fps without observed states, as simulated and with ±2 pt of uniform tremor
# added to y (flapping at every crossing of the large-title threshold: 108 episodes), then
# `navrec tune` on the tremor session. Prints /usr/bin/time figures; BENCH_CALLGRIND=1 also counts
# instructions with callgrind (about 50x slower).
#
#   Benchmarks/replay_bench.sh [NAVREC] [OUT_DIR]     # defaults: .build/release/navrec, Benchmarks/out/replay
#   BENCH_SAMPLES=200000 (default 1000000), BENCH_ONLY_DATA=1 (write the recordings and stop: run.sh)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
navrec=${1:-$here/../.build/release/navrec}
out=${2:-$here/out/replay}
samples=${BENCH_SAMPLES:-1000000}
mkdir -p "$out"
cd "$out"
if [[ ! -e tremor.ndjson ]]; then
    "$navrec" simulate --behavior largeTitle --behavior avatar --gesture drag --gesture fling --fps 120 \
        --duration 12500 --seed 3 --session-id lt-avatar --output full.ndjson
    BENCH_SAMPLES=$samples python3 - <<'PY'
import json, os, random
random.seed(7)
lines = open("full.ndjson").read().split("\n")
header, samples = lines[0], [line for line in lines[1:] if line][:int(os.environ["BENCH_SAMPLES"])]
with open("plain.ndjson", "w") as f:
    f.write(header + "\n" + "\n".join(samples) + "\n")
with open("tremor.ndjson", "w") as f:
    f.write(header.replace('"lt-avatar"', '"lt-avatar-tremor"') + "\n")
    for line in samples:
        sample = json.loads(line)
        sample["y"] = round(sample["y"] + random.uniform(-2, 2), 3)
        f.write(json.dumps(sample, separators=(",", ":")) + "\n")
PY
fi
[[ "${BENCH_ONLY_DATA:-0}" != 1 ]] || exit 0
for name in plain tremor; do
    rm -f "$name.sqlite"*
    "$navrec" import --db "$name.sqlite" "$name.ndjson" >/dev/null
    /usr/bin/time -f "report $name: %e s wall, %U s user, %M KB" "$navrec" report --db "$name.sqlite" --format json >"$name.json"
    if [[ "${BENCH_CALLGRIND:-0}" == 1 ]]; then
        "$here/valgrind.sh" --tool=callgrind --callgrind-out-file="cg-$name.out" "$navrec" report --db "$name.sqlite" --format json \
            >/dev/null 2>"cg-$name.log"
        grep -o 'refs: *[0-9,]*' "cg-$name.log" | sed "s/^/report $name instructions /"
    fi
done
for threads in 1 2; do
    /usr/bin/time -f "tune tremor, $threads threads: %e s wall, %U s user, %M KB" \
        "$navrec" tune largeTitle.hysteresis --values 0:6:0.5 --threads "$threads" --db tremor.sqlite >/dev/null
done
