#!/usr/bin/env bash
# navrec at fleet size (issue 21 items 6 and 7, issue 27 item 5), as .ci/run checks it: a 2,000-session
# database (Integrations/make_fleet_db.sh), its HTML report and a tune page in headless Chromium
# (Integrations/check_html.py: size, time to interactive, 390 px, sorting), Datasette with its
# default limits on it (Integrations/check_datasette.py), and the HTML report's peak memory over
# 1,000 and 10,000 tiny sessions; the SARIF and JUnit of 14,000 sessions (the fleet's recordings
# seven times over) against the SARIF 2.1.0 schema, GitHub's upload limits and junitparser (issue 36
# item 1), the JUnit also against junit-10.xsd, the Markdown within GitHub's comment limit (cmark-gfm); the 200-session Perfetto trace also in the Perfetto
# UI's trace processor. Prints the figures; exits 1 when a check fails.
# Usage: Integrations/check_fleet.sh NAVREC_BINARY [SESSIONS (default 2000)]
# Needs chromium (apt-get install chromium) and Integrations/requirements.txt (datasette, websockets,
# viztracer, lxml, junitparser).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
navrec="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
sessions="${2:-2000}"
work="$(mktemp -d /tmp/navrec-check-fleet.XXXXXX)"
trap 'rm -rf "$work"' EXIT
cd "$work"
failed=0

NAVREC_FLEET_RECORDINGS="$work/recordings" "$here/make_fleet_db.sh" "$navrec" fleet.sqlite "$sessions" || exit 1

/usr/bin/time -f '%e %M' -o html.time "$navrec" report --db fleet.sqlite --format html --output fleet.html 2>/dev/null
read -r seconds kilobytes < html.time
echo "report --format html over $sessions sessions: $(( $(stat -c %s fleet.html) / 1000 )) KB in $seconds s, peak RSS $(( kilobytes / 1024 )) MB"
"$navrec" tune blurHeader.hysteresis --values 0:4:0.5 --db fleet.sqlite --format html --output tune.html 2>/dev/null
# The goal is interactive within 1.5 s (check_html.py's default, met on an idle 2-core machine);
# CI shares its machine, so it fails only past 4 s and prints the figure.
python3 "$here/check_html.py" fleet.html --tune tune.html --max-interactive 4 || failed=1

# Perfetto at fleet size (issue 36 item 5): the whole fleet is refused with a hint (exit 64, no
# trace), and the sessions it allows (--max-sessions, 200) make a trace that passes the importer's
# rules and the round trip on the sessions' startedAt time line within 16 MB.
"$navrec" export --db fleet.sqlite --output all.trace.json 2> export.err
status=$?
if [ "$status" -ne 64 ] || [ -e all.trace.json ] || ! grep -q "name the sessions to export" export.err; then
  echo "check_fleet: export of $sessions sessions exited $status without refusing: $(cat export.err)"; failed=1
fi
ids=$("$navrec" query "select id from sessions order by session_key limit 200" --db fleet.sqlite --format csv | tail -n +2 | tr -d '\r')
/usr/bin/time -f '%e %M' -o export.time "$navrec" export --db fleet.sqlite --output fleet.trace.json $ids 2>/dev/null
read -r seconds kilobytes < export.time
echo "export of 200 of $sessions sessions: $(( $(stat -c %s fleet.trace.json) / 1000 )) KB in $seconds s"
python3 "$here/check_perfetto.py" fleet.trace.json fleet.sqlite --max-bytes 16000000 || failed=1
# The same trace in the Perfetto UI's own trace processor (check_perfetto_viewer.py): loads, no
# import errors, every event where the file puts it, counters = database; its load time is printed.
python3 "$here/check_perfetto_viewer.py" fleet.trace.json fleet.sqlite || failed=1

"$navrec" datasette-metadata --db fleet.sqlite --output metadata.json
python3 "$here/check_datasette.py" fleet.sqlite metadata.json || failed=1

# Peak memory of the HTML report against the number of sessions: five-sample sessions, every
# hundredth flapping.
for count in 1000 10000; do
  python3 - "$count" > "tiny-$count.ndjson" <<'PY'
import sys
for index in range(int(sys.argv[1])):
    print('{"navrec":1,"session":{"id":"tiny-%06d","app":"Music","fps":60,"behaviors":{"blurHeader":{}}}}' % index)
    ys = [82.0, 85.0, 83.0, 86.0, 82.5] if index % 100 == 0 else [10.0, 12.0, 14.0, 16.0, 18.0]
    for t, y in zip([0.0, 0.017, 0.033, 0.05, 0.067], ys):
        print('{"t":%s,"y":%s,"phase":"drag"}' % (t, y))
PY
  "$navrec" import --db "tiny-$count.sqlite" "tiny-$count.ndjson" >/dev/null
  /usr/bin/time -f '%e %M' -o "tiny-$count.time" "$navrec" report --db "tiny-$count.sqlite" --format html --output "tiny-$count.html" 2>/dev/null
  read -r seconds kilobytes < "tiny-$count.time"
  echo "report --format html over $count tiny sessions: peak RSS $(( kilobytes / 1024 )) MB, $(( $(stat -c %s "tiny-$count.html") / 1000 )) KB in $seconds s"
  eval "peak_$count=$kilobytes"
done
# Flat: 9,000 more sessions may add their index rows (~400 bytes each in the page), not analyses.
if (( peak_10000 - peak_1000 > 32 * 1024 )); then
  echo "check_fleet: the HTML report's peak memory grew by $(( (peak_10000 - peak_1000) / 1024 )) MB from 1,000 to 10,000 sessions"
  failed=1
fi
# SARIF at fleet size: the recordings seven times over (14,000 sessions at the default 2,000), each
# copy with other ids and, for the sessions without one, another start time (so another content id).
python3 - "$work/recordings" 7 <<'PY'
import glob, os, re, sys
folder, copies = sys.argv[1], int(sys.argv[2])
files = sorted(glob.glob(os.path.join(folder, "sessions-*.ndjson")))
for copy in range(1, copies):
    for path in files:
        with open(path) as source, open(os.path.join(folder, f"copy{copy}-{os.path.basename(path)}"), "w") as target:
            for line in source:
                if line.startswith('{"navrec"'):
                    line = re.sub(r'"id":"([^"]*)"', rf'"id":"\1-c{copy}"', line)
                    line = line.replace('"startedAt":"2026-', f'"startedAt":"{2026 - copy}-')
                target.write(line)
PY
big=$(( sessions * 7 ))
"$navrec" import --db big.sqlite "$work"/recordings/sessions-*.ndjson "$work"/recordings/copy*.ndjson >/dev/null 2>&1
/usr/bin/time -f '%e %M' -o sarif.time "$navrec" report --db big.sqlite --format sarif --output big.sarif 2>sarif.stderr
read -r seconds kilobytes < sarif.time
stored=$("$navrec" query "select count(*) from sessions" --db big.sqlite --format csv | tail -1 | tr -d '\r')
findings=$("$navrec" query "select count(*) from findings" --db big.sqlite --format csv | tail -1 | tr -d '\r')
echo "report --format sarif over $stored sessions ($findings findings): $(( $(stat -c %s big.sarif) / 1000 )) KB," \
  "$(gzip -c big.sarif | wc -c | awk '{printf "%d", $1 / 1000}') KB gzipped, in $seconds s, peak RSS $(( kilobytes / 1024 )) MB"
[ -s sarif.stderr ] && cat sarif.stderr
[ "$stored" -eq "$big" ] || { echo "check_fleet: $stored sessions stored, not $big"; failed=1; }
python3 "$here/check_sarif.py" big.sarif || failed=1
"$navrec" report --db big.sqlite --format markdown --output big.md 2>/dev/null
python3 "$here/check_markdown.py" big.md --sessions "$big" --expect-trimmed yes || failed=1
"$navrec" report --db big.sqlite --format junit --output big.xml 2>/dev/null
python3 "$here/check_junit.py" big.xml --xsd "$("$here/junit_xsd.sh")" || failed=1

[ "$failed" -eq 0 ] && echo "check_fleet: OK" || echo "check_fleet: FAILED"
exit "$failed"
