#!/bin/bash
# CPU (user + system) of `navrec report` at --jobs 1, 2, 4, 16 and the default, a baseline build and
# this one, interleaved, medians of RUNS (issue 38 item 1: oversubscription must not add work).
# Usage: Benchmarks/report_jobs.sh BASELINE_NAVREC DB_FOR_BASELINE DB_FOR_THIS [RUNS]
#   (two copies of one database, each reported once before; this build: $NAVREC, default .build/release/navrec)
set -euo pipefail
base=${1:?usage: Benchmarks/report_jobs.sh BASELINE_NAVREC DB_BASE DB_NEW [RUNS]}
new=${NAVREC:-.build/release/navrec}
db_base=$2; db_new=$3; runs=${4:-5}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
for r in $(seq $runs); do
  for j in 1 2 4 16 default; do
    for side in base new; do
      bin=$base; db=$db_base; [ $side = new ] && { bin=$new; db=$db_new; }
      args=(); [ $j != default ] && args=(--jobs $j)
      /usr/bin/time -f "%U %S %e" -o "$work/t.txt" "$bin" report --db "$db" "${args[@]}" > /dev/null
      awk -v s=$side -v j=$j '{ printf "%s %s %.3f %.3f\n", s, j, $1+$2, $3 }' "$work/t.txt" >> "$work/runs.txt"
    done
  done
done
python3 - "$work/runs.txt" <<'PY'
import collections, statistics, sys
d = collections.defaultdict(list)
for line in open(sys.argv[1]):
    side, jobs, cpu, wall = line.split()
    d[(side, jobs)].append((float(cpu), float(wall)))
median = lambda side, jobs, i: statistics.median(x[i] for x in d[(side, jobs)])
print('| --jobs | baseline CPU s | wall s | this CPU s | wall s | baseline CPU / its --jobs 1 | this CPU / its --jobs 1 |')
print('|---|---:|---:|---:|---:|---:|---:|')
for jobs in ['1', '2', '4', '16', 'default']:
    print('| %s | %.3f | %.3f | %.3f | %.3f | %.2fx | %.2fx |' % (
        jobs, median('base', jobs, 0), median('base', jobs, 1), median('new', jobs, 0), median('new', jobs, 1),
        median('base', jobs, 0) / median('base', '1', 0), median('new', jobs, 0) / median('new', '1', 0)))
PY
