#!/usr/bin/env bash
# The NavRec library's in-process results equal `navrec analyze`'s (Docs/library.md): on 14
# simulated sessions covering every behaviour and fault (the demo's kinds), and on a fleet from
# make_fleet.py with a bad session, with and without --set. check-library (the consumer package's
# executable) decodes analyze's lines into the library's types and compares them with ==.
#
#   Integrations/check_library.sh .build/debug/navrec [SESSIONS]     # SESSIONS defaults to 2000
set -euo pipefail
navrec=$(realpath "$1")
sessions=${2:-2000}
cd "$(dirname "$0")/.."
consumer=Integrations/library-consumer
swift build --package-path "$consumer" --product check-library >/dev/null
check=$(swift build --package-path "$consumer" --show-bin-path)/check-library

work=$(mktemp -d /tmp/navrec-check-library.XXXXXX)
trap 'rm -rf "$work"' EXIT

i=0
while read -r args; do
  i=$((i + 1))
  # shellcheck disable=SC2086
  "$navrec" simulate $args --session-id "demo-$i" --app Demo --screen "S$i" >> "$work/demo.ndjson"
done <<'SESSIONS'
--behavior blurHeader --gesture hover
--behavior blurHeader --gesture hover --observed --fault flicker
--behavior largeTitle --gesture hover
--behavior largeTitle --behavior avatar --gesture drag --gesture bounce --observed --fault heightJitter
--behavior hideOnSwipe --gesture zigzag
--behavior customTitle --gesture fling --observed --fault titleEarly
--behavior largeTitle --behavior dropdownTitle --gesture fling --observed --fault noTitle
--behavior largeTitle --gesture fling --fault droppedFrames=0.05 --observed --fps 120
--behavior blurHeader --behavior dropdownTitle --gesture drag --recorder library
--behavior largeTitle --gesture fling --gesture wait --gesture top --recorder display-link
--behavior hideOnSwipe --gesture zigzag --refresh adaptive --fps 120
--behavior largeTitle --gesture fling --background 0.5=2
--behavior customTitle --behavior hideOnSwipe --gesture drag --touch-noise 0.5
--behavior blurHeader --gesture drag --duration 150 --fps 120 --gesture hover --gesture zigzag
SESSIONS
python3 Integrations/make_fleet.py --navrec "$navrec" --sessions "$sessions" --out "$work/fleet" --bad-session --jobs 2 >/dev/null

compare() {   # NAME [--set X]... -- FILE...
  local name=$1; shift
  local settings=()
  while [ "$1" != "--" ]; do settings+=("$1"); shift; done
  shift
  "$navrec" analyze "${settings[@]}" "$@" > "$work/$name.jsonl" || [ $? -eq 65 ]
  printf '%s: ' "$name"
  "$check" "$work/$name.jsonl" "${settings[@]}" "$@"
}
compare demo -- "$work/demo.ndjson"
compare fleet -- "$work"/fleet/*.ndjson
compare fleet-set --set flapping.window=0.5 --set blurHeader.hysteresis=1.5 --set largeTitle.hysteresis=1 --set jitter.epsilon=1 \
  -- "$work"/fleet/*.ndjson
