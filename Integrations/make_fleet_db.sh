#!/usr/bin/env bash
# Builds a navrec database of a simulated fleet (Integrations/make_fleet.py: every behaviour
# combination, gesture and fault, observed states in most sessions, 3 s at 60 fps each) and reports
# it once, so its findings and session_summary are filled: the fixture for checking the HTML report
# and Datasette at fleet size. Never commit the database; it is made in about a minute.
# Usage: Integrations/make_fleet_db.sh NAVREC_BINARY DATABASE [SESSIONS (default 2000)]
# With NAVREC_FLEET_RECORDINGS=DIR the recordings are kept in DIR (check_fleet.sh's 14,000-session SARIF).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
navrec="$1" db="$2" sessions="${3:-2000}"
work="$(mktemp -d /tmp/navrec-fleet-db.XXXXXX)"
trap 'rm -rf "$work"' EXIT
rm -f "$db" "$db-wal" "$db-shm"
started=$EPOCHREALTIME
python3 "$here/make_fleet.py" --navrec "$navrec" --sessions "$sessions" --out "$work/recordings" --jobs "$(nproc)"
simulated=$EPOCHREALTIME
"$navrec" import --db "$db" "$work"/recordings/*.ndjson >/dev/null
imported=$EPOCHREALTIME
if [ -n "${NAVREC_FLEET_RECORDINGS:-}" ]; then mkdir -p "$NAVREC_FLEET_RECORDINGS" && cp "$work"/recordings/*.ndjson "$NAVREC_FLEET_RECORDINGS"/; fi
"$navrec" report --db "$db" --format json >/dev/null
reported=$EPOCHREALTIME
awk -v n="$sessions" -v db="$db" -v bytes="$(stat -c %s "$db")" -v a="$started" -v b="$simulated" -v c="$imported" -v d="$reported" \
  'BEGIN { printf "make_fleet_db: %d sessions in %s (%.1f MB): simulated in %.1f s, imported in %.1f s, reported in %.1f s\n", n, db, bytes / 1e6, b - a, c - b, d - c }'
