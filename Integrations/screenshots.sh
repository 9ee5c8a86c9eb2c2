#!/usr/bin/env bash
# Screenshots of the HTML report for Docs/: the demo's 14 sessions and a 2,000-session fleet
# (Integrations/make_fleet_db.sh), the top 1,500 px at 1,400 px (desktop) and 390 px (phone) wide,
# taken by Integrations/check_html.py in headless Chromium (apt-get install chromium; pip install
# websockets), which also checks the pages.
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
"$here/make_fleet_db.sh" "$navrec" fleet.sqlite 2000
"$navrec" report --db fleet.sqlite --format html --output r2000.html 2>/dev/null
python3 "$here/check_html.py" r14.html --screenshots "$docs" --name report-14
python3 "$here/check_html.py" r2000.html --screenshots "$docs" --name report-2000
