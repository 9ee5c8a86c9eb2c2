#!/usr/bin/env bash
# A corpus for `navrec tune` (issue 14): N simulated sessions (default 520) rotating through five
# behaviour sets and four gestures (hover at the threshold with tremor, drag, zigzag, fling), with
# observed states and an injected fault in every fifth session, 3–8 s each at 120 fps.
#
#   Benchmarks/make_tune_corpus.sh NAVREC OUT.ndjson [N]
set -euo pipefail
navrec=$1 out=$2 count=${3:-520}
sets=("--behavior blurHeader" "--behavior largeTitle --behavior avatar" "--behavior customTitle"
      "--behavior largeTitle --behavior hideOnSwipe" "--behavior hideOnSwipe")
gestures=(hover drag zigzag fling)
faults=(flicker heightJitter titleEarly droppedFrames)
: > "$out"
for ((i = 0; i < count; i++)); do
    set_args=${sets[i % 5]}
    gesture=${gestures[(i / 5) % 4]}
    extra=()
    if ((i % 5 == 4)); then extra=(--observed --fault "${faults[(i / 5) % 4]}"); fi
    # shellcheck disable=SC2086
    "$navrec" simulate $set_args --gesture "$gesture" --duration $((3 + i % 6)) --fps 120 --seed "$i" \
        --session-id "corpus-$i" "${extra[@]}" >> "$out"
done
