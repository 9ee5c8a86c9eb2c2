#!/bin/bash
# Whether two navrec builds give the same outputs, byte for byte: what every speed change here
# must keep. Compares stdout, stderr and the exit code of
#   - `navrec analyze FILE` for each recording, and three of them from standard input;
#   - `navrec analyze --rows` and `--rows --timeline` over landing rows made of the recordings
#     (KEY, base64 SOURCE, FIRST_LINE, `#LENGTH` and the bytes: what the Spark job sends);
#   - `navrec report` in every format, with and without `--baseline`, and the stored findings,
#     each build on its own database of the same recordings.
# The recordings: the fleet files given (e.g. Benchmarks/out/speed/data/fleet-2000/*.ndjson), the
# tests' NDJSON files, and `navrec simulate` sessions made here by the OLD build: every recorder
# style, behaviour set, gesture and fault, with and without observed states, adaptive refresh,
# idle frames, no declared recorder, a background, a clock offset, unaligned and 2x pixel grids.
#
# Usage: Benchmarks/compare_outputs.sh OLD_NAVREC NEW_NAVREC [FLEET_FILE...]
# Prints each difference and a count; exits 1 when anything differs.
set -uo pipefail
old=$(readlink -f "${1:?usage: Benchmarks/compare_outputs.sh OLD_NAVREC NEW_NAVREC [FLEET_FILE...]}")
new=$(readlink -f "${2:?usage: Benchmarks/compare_outputs.sh OLD_NAVREC NEW_NAVREC [FLEET_FILE...]}")
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir -p "$work/sim" "$work/rows" "$work/old" "$work/new"

# Simulated sessions (made once, by the old build).
sets=("--behavior largeTitle --behavior avatar" "--behavior customTitle" "--behavior blurHeader"
      "--behavior hideOnSwipe" "--behavior largeTitle --behavior dropdownTitle" "--behavior blurHeader --behavior hideOnSwipe --behavior dropdownTitle")
# push and pop end a session: they come last, in sessions of their own below.
gestures=(drag fling bounce hover zigzag tap wait top scroll refresh)
recorders=(frames display-link scroll-callbacks library)
faults=(titleEarly heightJitter droppedFrames=0.1 flicker noTitle freeze touchDownFreeze stuckTitles)
extras=("--refresh adaptive --touch-noise 0.4" "--idle-frames --timestamp-noise 0.5" "--recorder-policy omitted --duplicates 0.1"
        "--background 2=5 --clock-offset 100000" "--scale off --touch-noise 2" "--scale 2 --refresh adaptive --recorder-policy omitted")
i=0
for s in "${!sets[@]}"; do
    for r in "${!recorders[@]}"; do
        g1=${gestures[$(((s * 4 + r) % 10))]}; g2=${gestures[$(((s * 4 + r + 5) % 10))]}
        fps=$(((s + r) % 2 == 0 ? 120 : 60))
        # shellcheck disable=SC2086 # the sets and extras are lists of options
        "$old" simulate ${sets[$s]} --gesture "$g1" --gesture "$g2" --gesture zigzag --duration 6 --fps $fps --seed $((i + 7)) --observed \
            --fault "${faults[$(((s + r) % 8))]}" --recorder "${recorders[$r]}" ${extras[$(((s * 4 + r) % 6))]} > "$work/sim/s$i.ndjson" || exit 2
        # shellcheck disable=SC2086
        "$old" simulate ${sets[$s]} --gesture "$g2" --gesture fling --duration 4 --fps $fps --seed $((i + 99)) \
            --recorder "${recorders[$r]}" ${extras[$(((s * 4 + r) % 6))]} > "$work/sim/p$i.ndjson" || exit 2
        i=$((i + 1))
    done
done
for gesture in push pop; do
    "$old" simulate --behavior largeTitle --behavior avatar --gesture fling --gesture $gesture --observed --fps 120 > "$work/sim/$gesture.ndjson" || exit 2
done
cat "$work"/sim/s*.ndjson > "$work/sim/all.ndjson"

recordings=()
for file in "$@"; do recordings+=("$(readlink -f "$file")"); done
mapfile -t tests < <(find "$root/Tests" -name '*.ndjson' | sort)
others=("${tests[@]}" "$work"/sim/*.ndjson)
runs=0 differ=0
same() { # LABEL INPUT ARGS…: the two builds' outputs on ARGS with INPUT (a file, or - for none) on standard input
    local label=$1 input=$2; shift 2
    [[ $input == - ]] && input=/dev/null
    (cd "$work" && "$old" "$@" < "$input" > old.out 2> old.err; echo "exit $?" >> old.err)
    (cd "$work" && "$new" "$@" < "$input" > new.out 2> new.err; echo "exit $?" >> new.err)
    runs=$((runs + 1))
    if ! cmp -s "$work/old.out" "$work/new.out" || ! cmp -s "$work/old.err" "$work/new.err"; then
        differ=$((differ + 1)); echo "differs: $label"
    fi
}
rows() { # OUT FILE…: one landing row per file
    python3 - "$@" <<'PY'
import base64, sys
with open(sys.argv[1], "wb") as out:
    for i, path in enumerate(sys.argv[2:]):
        data = open(path, "rb").read()
        out.write(f"k{i}\t{base64.b64encode(path.encode()).decode()}\t1\t#{len(data)}\n".encode() + data)
PY
}

for file in "${recordings[@]}" "${others[@]}"; do same "analyze $file" - analyze "$file"; done
for file in "$work/sim/all.ndjson" "${tests[0]}" "${recordings[@]:0:1}"; do same "analyze - < $file" "$file" analyze -; done
for ((k = 0; k < ${#others[@]}; k += 20)); do rows "$work/rows/o$k" "${others[@]:k:20}"; done
for ((k = 0; k < ${#recordings[@]}; k += 4)); do rows "$work/rows/f$k" "${recordings[@]:k:4}"; done
for row in "$work"/rows/*; do
    same "analyze --rows < $(basename "$row")" "$row" analyze --rows
    [[ $(basename "$row") == o* ]] && same "analyze --rows --timeline < $(basename "$row")" "$row" analyze --rows --timeline
done

# Reports: each build imports the same recordings into its own databases.
stored=("${recordings[@]:0:2}" "${tests[@]}" "$work"/sim/s*.ndjson)
for side in old new; do
    bin=$old; [[ $side == new ]] && bin=$new
    (cd "$work/$side" && "$bin" import --db a.db "${stored[@]}" > /dev/null 2>&1
     "$bin" import --db base.db "$work/sim/all.ndjson" "${recordings[@]:2:1}" > /dev/null 2>&1)
done
for format in text json markdown html junit sarif; do
    for baseline in "" "--baseline base.db"; do
        # shellcheck disable=SC2086 # the baseline option is empty or two words
        (cd "$work/old" && "$old" report --db a.db --format $format --color never $baseline > ../old.out 2> ../old.err; echo "exit $?" >> ../old.err)
        # shellcheck disable=SC2086
        (cd "$work/new" && "$new" report --db a.db --format $format --color never $baseline > ../new.out 2> ../new.err; echo "exit $?" >> ../new.err)
        runs=$((runs + 1))
        if ! cmp -s "$work/old.out" "$work/new.out" || ! cmp -s "$work/old.err" "$work/new.err"; then
            differ=$((differ + 1)); echo "differs: report --format $format $baseline"
        fi
    done
done
query="SELECT session_id, kind, subkind, signal, source, severity, start_t, end_t, count, message, details FROM findings ORDER BY 1, 2, 4, 5, 7, 8"
(cd "$work/old" && "$old" query --db a.db "$query" > ../old.out 2>&1)
(cd "$work/new" && "$new" query --db a.db "$query" > ../new.out 2>&1)
runs=$((runs + 1))
cmp -s "$work/old.out" "$work/new.out" || { differ=$((differ + 1)); echo "differs: the stored findings"; }

echo "compare_outputs: $runs comparisons, $differ differ ($((${#recordings[@]} + ${#others[@]})) recordings)"
[[ $differ -eq 0 ]]
