#!/usr/bin/env bash
# The run shown in Docs/comparing-builds.md ("A real run"): two simulated builds (512 base, 513 head) of an app with three
# screens, 12 sessions per screen and build. Feed drops 2 % of its frames in 513 (regressed), Inbox
# did in 512 (improved), Settings is the same app in both (unchanged); every session also drops
# 0.1 % of frames and has 0.3 ms timestamp noise; the sessions alternate between two device models.
# Imported and compared with no `navrec report` in between (compare analyses what has no analysis).
#   Benchmarks/compare_builds_demo.sh .build/debug/navrec /tmp/builds
set -euo pipefail
navrec=$(realpath "${1:-.build/debug/navrec}")
work=${2:-$(mktemp -d /tmp/navrec-builds.XXXXXX)}
mkdir -p "$work" && cd "$work" && rm -f ./*.ndjson builds.sqlite
seed=1
for screen in Feed Inbox Settings; do
  for build in 512 513; do
    for i in $(seq 1 12); do
      fault=droppedFrames=0.001
      if [ "$screen/$build" = Feed/513 ] || [ "$screen/$build" = Inbox/512 ]; then fault=droppedFrames=0.02; fi
      "$navrec" simulate --behavior largeTitle --behavior avatar --gesture fling --gesture hover --duration 10 \
        --observed --timestamp-noise 0.3 --clock-offset 100 --seed $seed --screen $screen \
        --app-version 2.$((build - 500)) --build $build --fault $fault --output $screen-$build-$i.ndjson \
        --device $([ $((i % 2)) = 0 ] && echo iPhone12,1 || echo iPhone16,1) --os "iOS 18.1"
      seed=$((seed + 1))
    done
  done
done
"$navrec" import --db builds.sqlite ./*.ndjson >/dev/null 2>&1
"$navrec" compare --db builds.sqlite --by build --fail-on regression || echo "exit $?"
