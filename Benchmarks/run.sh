#!/usr/bin/env bash
# The speed goals (issue 26) and the storage candidates' figures (issue 23), this checkout's release
# build against the baseline build, in one run: prints the goals table (measured, baseline, ratio,
# goal, met or not), the per-query, instruction-count, peer and storage tables (Benchmarks/speed.py
# says what each row measures). Everything goes to Benchmarks/out/speed/ (git-ignored), the tables
# also to Benchmarks/out/speed/speed.md.
#
#   Benchmarks/run.sh                         # full: 3 runs a row, 20,000-session fleet, callgrind (about an hour on 2 cores, data once)
#   Benchmarks/run.sh --quick                 # smoke: 1 run, smaller data (2,000 sessions to analyze, 200 to query; minutes)
#   Benchmarks/run.sh --baseline PATH         # a baseline navrec binary instead of building BASELINE_COMMIT
#   Benchmarks/run.sh --baseline-commit SHA   # the baseline commit (default 0a8f651, main before issue 26)
#   Benchmarks/run.sh --skip-build --runs 5 --no-callgrind --only queries,peer
#
# The baseline is built release from `git archive` of its commit in Benchmarks/out/baseline-SHA/ (once).
# Needs swift, python3, sqlite3 and (for callgrind) valgrind, installed with apt-get when missing;
# DuckDB and pyarrow (pip) for the peer row.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
commit=0a8f651 baseline="" build=1 extra=()
while (($#)); do
    case $1 in
        --quick|--no-callgrind) extra+=("$1") ;;
        --baseline) baseline=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift ;;
        --baseline-commit) commit=$2; shift ;;
        --skip-build) build=0 ;;
        --runs|--only) extra+=("$1" "$2"); shift ;;
        *) echo "usage: Benchmarks/run.sh [--quick] [--baseline BIN] [--baseline-commit SHA] [--skip-build] [--runs N] [--no-callgrind] [--only ROWS]" >&2; exit 64 ;;
    esac
    shift
done
out="$here/out/speed"
mkdir -p "$out"

missing=()
command -v sqlite3 >/dev/null || missing+=(sqlite3)
command -v valgrind >/dev/null || [[ " ${extra[*]-} " == *" --no-callgrind "* ]] || missing+=(valgrind)
if ((${#missing[@]})) && command -v apt-get >/dev/null; then
    sudo=""; [[ $(id -u) == 0 ]] || sudo="sudo"
    $sudo apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 \
        || { $sudo apt-get update -qq >/dev/null 2>&1 && $sudo apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1; } \
        || echo "warning: could not install ${missing[*]}" >&2
fi
python3 -c 'import duckdb, pyarrow' 2>/dev/null || python3 -m pip install -q duckdb pyarrow >&2

cd "$root"
if ((build)); then
    echo "building release…" >&2
    nice swift build -c release 2>&1 | tail -1 >&2
fi
if [[ -z "$baseline" ]]; then
    source_dir="$here/out/baseline-$commit"
    baseline="$source_dir/.build/release/navrec"
    if [[ ! -x "$baseline" ]]; then
        echo "building the baseline $commit (release, once)…" >&2
        rm -rf "$source_dir" && mkdir -p "$source_dir"
        git -C "$root" archive "$commit" | tar -x -C "$source_dir"
        (cd "$source_dir" && nice swift build -c release 2>&1 | tail -1 >&2)
    fi
fi
exec python3 "$here/speed.py" --navrec "$root/.build/release/navrec" --baseline "$baseline" --baseline-commit "$commit" \
    --out "$out" ${extra[@]+"${extra[@]}"}
