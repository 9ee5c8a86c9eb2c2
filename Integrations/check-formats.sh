#!/usr/bin/env bash
# Checks navrec's formats for other tools with those tools: JUnit with the Jenkins schema
# (junit-10.xsd, Integrations/junit_xsd.sh) and junitparser (and that the schema rejects a broken
# file); SARIF with the SARIF 2.1.0 JSON schema, sarif-tools and GitHub's upload rules (and that the
# checker rejects what GitHub rejects), also past GitHub's 5,000 results and against a --baseline;
# Markdown with cmark-gfm and GitHub's comment limit, also at 2,000 sessions; Perfetto traces with
# the rules of Perfetto's JSON importer and a round trip of every counter to the database, and in
# the Perfetto UI's own trace processor (check_perfetto_viewer.py, headless Chromium); Datasette
# metadata with Datasette, also its canned queries paging past 1,000 rows at 2,000 sessions; DuckDB
# and Polars on every view; the Parquet export against the database with pyarrow.
# Usage: Integrations/check-formats.sh [NAVREC_BINARY]
# Installs the Python packages it needs with pip, builds a demo database in a temporary directory,
# renders every format from it and runs each check; prints one line per check and exits 1 if any
# failed.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
navrec="$(cd "$(dirname "${1:-$here/../.build/debug/navrec}")" && pwd)/$(basename "${1:-navrec}")"
[ -x "$navrec" ] || { echo "check-formats: no navrec binary at $navrec (swift build first)" >&2; exit 1; }

python3 -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt" \
  || { echo "check-formats: pip install failed" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
"$navrec" demo >/dev/null 2>&1 || { echo "check-formats: navrec demo failed" >&2; exit 1; }
db=navrec-demo.sqlite

failed=0
summary=()
check() {
  local name="$1"; shift
  if output="$("$@" 2>&1)"; then
    summary+=("PASS  $name: ${output##*$'\n'}")
  else
    summary+=("FAIL  $name")
    echo "$output" >&2
    failed=1
  fi
}

xsd="$("$here/junit_xsd.sh")" || { echo "check-formats: could not fetch junit-10.xsd" >&2; exit 1; }
"$navrec" report --db "$db" --format junit --output junit.xml 2>/dev/null
check "JUnit (junit-10.xsd, junitparser)" python3 "$here/check_junit.py" junit.xml --xsd "$xsd"
# The schema must fail what Jenkins rejects, or it proves nothing: a testsuite without its tests count.
sed '0,/<testsuite name="\([^"]*\)" tests="[0-9]*"/s//<testsuite name="\1"/' junit.xml > no-tests.xml
fails_junit() { if python3 "$here/check_junit.py" "$1" --xsd "$xsd" >/dev/null; then echo "passed $1"; return 1; else echo "rejected $1"; fi; }
check "JUnit schema rejects a testsuite without tests" fails_junit no-tests.xml

# SARIF points into recording files, so these sessions come from files in a repository-like tree;
# a tap and a blank line shift the second recording's lines.
mkdir -p recordings
"$navrec" simulate --behavior blurHeader --gesture hover --seed 3 --session-id hover --output recordings/hover.ndjson
"$navrec" simulate --behavior largeTitle --behavior avatar --gesture hover --seed 5 --session-id title \
  --output recordings/title.ndjson
python3 - <<'PY'
lines = open("recordings/title.ndjson").read().splitlines()
t = lines[30].split('"t":')[1].split(",")[0]
lines[30:30] = ["", '{"t":%s,"event":"tap","target":"content"}' % t]
open("recordings/title.ndjson", "w").write("\n".join(lines) + "\n")
PY
"$navrec" import --db files.sqlite recordings/hover.ndjson recordings/title.ndjson >/dev/null
"$navrec" report --db files.sqlite --format sarif --output navrec.sarif 2>/dev/null
check "SARIF from files (sarif-tools, GitHub upload rules, lines inside the files)" \
  python3 "$here/check_sarif.py" navrec.sarif --root .
"$navrec" report --db "$db" --format sarif --output demo.sarif 2>/dev/null
check "SARIF of the demo (sarif-tools, GitHub upload rules; placeholder locations)" python3 "$here/check_sarif.py" demo.sarif
"$navrec" simulate --behavior blurHeader --gesture hover --seed 3 --session-id piped | "$navrec" import - --db stdin.sqlite >/dev/null
"$navrec" simulate --behavior blurHeader --gesture hover --seed 3 --session-id piped --output recordings/piped.ndjson
"$navrec" report --db stdin.sqlite --format sarif --stdin-name recordings/piped.ndjson --output stdin.sarif 2>/dev/null
check "SARIF of stdin named by --stdin-name (GitHub upload rules, lines inside the file)" \
  python3 "$here/check_sarif.py" stdin.sarif --root .
# GitHub rejects the whole upload when one result has no location or a file:// URI: the checker
# must fail such files (navrec wrote them before), or it proves nothing.
python3 - demo.sarif <<'PY'
import json, sys
document = json.load(open(sys.argv[1]))
results = document["runs"][0]["results"]
del results[0]["locations"]
json.dump(document, open("no-location.sarif", "w"))
results[0]["locations"] = [{"physicalLocation": {"artifactLocation": {"uri": "file:///tmp/hover.ndjson"}}}]
json.dump(document, open("file-uri.sarif", "w"))
PY
fails() { if python3 "$here/check_sarif.py" "$1" >/dev/null; then echo "passed $1"; return 1; else echo "rejected $1"; fi; }
check "SARIF checker rejects a result without locations" fails no-location.sarif
check "SARIF checker rejects a file:// URI" fails file-uri.sarif

# SARIF past what GitHub shows (5,000 results a run): 6,000 screens with a flapping each; navrec keeps
# 5,000 results and says on stderr what it left out (issue 36 item 1).
python3 - <<'PY'
lines = []
for index in range(6000):
    lines.append('{"navrec":1,"session":{"id":"wide-%04d","app":"Wide","screen":"Screen%04d","fps":60,"behaviors":{"blurHeader":{}}}}'
                 % (index, index))
    lines += ['{"t":%s,"y":%s,"phase":"drag"}' % (t, y)
              for t, y in zip(["0.000", "0.017", "0.033", "0.050", "0.067"], ["82.0", "85.0", "83.0", "86.0", "82.5"])]
open("screens.ndjson", "w").write("\n".join(lines) + "\n")
PY
"$navrec" import screens.ndjson --db screens.sqlite >/dev/null
"$navrec" report --db screens.sqlite --format sarif --output screens.sarif 2>screens.stderr
check "SARIF of 6,000 screens capped at 5,000 results (SARIF 2.1.0 schema, GitHub upload rules)" \
  python3 "$here/check_sarif.py" screens.sarif --expect-results 5000
check "SARIF cap: the stderr message says what was left out" \
  grep -F "navrec: SARIF: left out 1,000 of 6,000 results (0 errors, 1,000 warnings" screens.stderr

# report --baseline (what this PR changed): the recordings' database against the demo's, in each
# format that shows changes, read by its consumer.
"$navrec" report --db files.sqlite --baseline "$db" --format markdown --output changes.md 2>/dev/null
check "Markdown against a baseline (cmark-gfm)" python3 "$here/check_markdown.py" changes.md --expect-trimmed no
"$navrec" report --db files.sqlite --baseline "$db" --format sarif --output changes.sarif 2>/dev/null
check "SARIF against a baseline (SARIF 2.1.0 schema: baselineState; GitHub upload rules)" \
  python3 "$here/check_sarif.py" changes.sarif --root .
"$navrec" report --db files.sqlite --baseline "$db" --format junit --output changes.xml 2>/dev/null
check "JUnit against a baseline (junit-10.xsd, junitparser)" python3 "$here/check_junit.py" changes.xml --xsd "$xsd"

"$navrec" export --db "$db" --format perfetto --output demo.trace.json 2>/dev/null
check "Perfetto trace of the demo (importer rules, counters = database)" \
  python3 "$here/check_perfetto.py" demo.trace.json "$db"
check "Perfetto trace of the demo in the Perfetto UI's trace processor (no import errors, all = file, counters = database)" \
  python3 "$here/check_perfetto_viewer.py" demo.trace.json "$db"
# Findings with a plain "id" (navrec's before): Perfetto puts them on global tracks; the check must say so.
sed 's/"id2":{"local":\([0-9]*\)}/"id":\1/' demo.trace.json > global-ids.trace.json
fails_viewer() { if python3 "$here/check_perfetto_viewer.py" "$1" "$db" >/dev/null; then echo "passed $1"; return 1; else echo "rejected $1"; fi; }
check "Perfetto viewer check rejects findings on global tracks" fails_viewer global-ids.trace.json
"$navrec" export --db files.sqlite --output files.trace.json 2>/dev/null
check "Perfetto trace of the recordings (importer rules, counters = database)" \
  python3 "$here/check_perfetto.py" files.trace.json files.sqlite

# Markdown at fleet size: 2,000 sessions (half flapping) must stay within GitHub's comment limit
# and render with cmark-gfm, trimmed with a note.
python3 - <<'PY'
lines = []
for index in range(2000):
    lines.append('{"navrec":1,"session":{"id":"fleet-%04d","fps":60,"behaviors":{"blurHeader":{}}}}' % index)
    ys = ["82.0", "85.0", "83.0", "86.0", "82.5"] if index % 2 == 0 else ["10.0", "12.0", "14.0", "16.0", "18.0"]
    lines += ['{"t":%s,"y":%s,"phase":"drag"}' % (t, y) for t, y in zip(["0.000", "0.017", "0.033", "0.050", "0.067"], ys)]
open("fleet.ndjson", "w").write("\n".join(lines) + "\n")
PY
"$navrec" import fleet.ndjson --db fleet.sqlite >/dev/null
"$navrec" report --db fleet.sqlite --format markdown --output fleet.md 2>/dev/null
check "Markdown of 2,000 sessions (cmark-gfm, GitHub's 65,536-character limit)" \
  python3 "$here/check_markdown.py" fleet.md --sessions 2000 --expect-trimmed yes
"$navrec" report --db "$db" --format markdown --output demo.md 2>/dev/null
check "Markdown of the demo (cmark-gfm)" python3 "$here/check_markdown.py" demo.md --sessions 14 --expect-trimmed no

"$navrec" datasette-metadata --db "$db" --output metadata.json
check "Datasette metadata (Datasette: pages, hidden tables, facets, canned queries = SQLite's rows)" \
  python3 "$here/check_datasette.py" "$db" metadata.json
"$navrec" datasette-metadata --db fleet.sqlite --output fleet-metadata.json
check "Datasette at 2,000 sessions (canned queries page past 1,000 rows, none truncated, = SQLite's rows)" \
  python3 "$here/check_datasette.py" fleet.sqlite fleet-metadata.json

duck_venv=${XDG_CACHE_HOME:-$HOME/.cache}/navrec/venv-duckdb-1.5.5
if ! "$duck_venv/bin/python" -c 'import duckdb, duckdb_extension_sqlite_scanner, polars' 2>/dev/null; then
  rm -rf "$duck_venv" && python3 -m venv "$duck_venv" \
    && "$duck_venv/bin/pip" install -q --disable-pip-version-check -r "$here/duckdb-requirements.txt"
fi
check "DuckDB (sqlite extension) and Polars read every public view of the demo, rows = SQLite's" \
  "$duck_venv/bin/python" "$here/check_duckdb.py" "$db" --navrec "$navrec"

check "Parquet export of the demo (pyarrow: every public column, rows = database)" \
  python3 "$here/parquet/check_export.py" "$db"

echo "check-formats: navrec's formats checked by their consumers"
printf '  %s\n' "${summary[@]}"
[ "$failed" -eq 0 ] || { echo "check-formats: FAILED" >&2; exit 1; }
