#!/usr/bin/env bash
# Checks navrec's formats for other tools with those tools (or their rules): JUnit with junitparser
# and the Jenkins schema rules; SARIF with sarif-tools and GitHub's upload rules; Perfetto traces
# with the rules of Perfetto's JSON importer and a round trip of every counter to the database;
# Datasette metadata with Datasette; the Parquet export against the database with pyarrow.
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

"$navrec" report --db "$db" --format junit --output junit.xml 2>/dev/null
check "JUnit (junitparser, Jenkins schema rules)" python3 "$here/check_junit.py" junit.xml

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
check "SARIF of the demo (sarif-tools, GitHub upload rules)" python3 "$here/check_sarif.py" demo.sarif

"$navrec" export --db "$db" --format perfetto --output demo.trace.json 2>/dev/null
check "Perfetto trace of the demo (importer rules, counters = database)" \
  python3 "$here/check_perfetto.py" demo.trace.json "$db"
"$navrec" export --db files.sqlite --output files.trace.json 2>/dev/null
check "Perfetto trace of the recordings (importer rules, counters = database)" \
  python3 "$here/check_perfetto.py" files.trace.json files.sqlite

"$navrec" datasette-metadata --db "$db" --output metadata.json
check "Datasette metadata (Datasette: pages, hidden tables, facets, canned queries)" \
  python3 "$here/check_datasette.py" "$db" metadata.json

check "Parquet export of the demo (pyarrow: every public column, rows = database)" \
  python3 "$here/parquet/check_export.py" "$db"

echo "check-formats: navrec's formats checked by their consumers"
printf '  %s\n' "${summary[@]}"
[ "$failed" -eq 0 ] || { echo "check-formats: FAILED" >&2; exit 1; }
