#!/usr/bin/env bash
# Screenshots of the HTML report for Docs/: the demo's 14 sessions and 200 simulated ones, at 1400 px
# (desktop) and 390 px (phone) wide, with headless Chromium (apt-get install chromium).
# Usage: Integrations/screenshots.sh [NAVREC_BINARY]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
docs="$here/../Docs"
navrec="$(cd "$(dirname "${1:-$here/../.build/debug/navrec}")" && pwd)/$(basename "${1:-navrec}")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
"$navrec" demo >/dev/null
"$navrec" report --db navrec-demo.sqlite --format html --output r14.html 2>/dev/null
behaviors=("--behavior largeTitle --behavior avatar" "--behavior blurHeader" "--behavior customTitle"
           "--behavior hideOnSwipe" "--behavior largeTitle --behavior dropdownTitle")
gestures=(drag fling hover zigzag)
faults=("" "" "" "--fault droppedFrames=0.1" "--fault heightJitter" "--fault titleEarly" "" "--fault flicker")
for i in $(seq 1 200); do
  # shellcheck disable=SC2086 # the arrays hold several words on purpose
  "$navrec" simulate ${behaviors[$((i % 5))]} --gesture "${gestures[$((i % 4))]}" ${faults[$((i % 8))]} --seed "$i" \
    --duration 3 --session-id "s$(printf %03d "$i")" --observed >> all.ndjson
done
"$navrec" import all.ndjson --db n200.sqlite >/dev/null
"$navrec" report --db n200.sqlite --format html --output r200.html 2>/dev/null
for sessions in 14 200; do
  for width in 1400 390; do
    name="report-$sessions-$([ "$width" = 1400 ] && echo desktop || echo phone).png"
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$width,1500" \
      --screenshot="$docs/$name" "file://$work/r$sessions.html" 2>/dev/null
    echo "wrote Docs/$name"
  done
done
