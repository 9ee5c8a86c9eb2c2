#!/usr/bin/env bash
# The Spark job on >= 20,000 simulated sessions in local[2] and on the standalone cluster of
# Integrations/spark/cluster.sh (master + 2 one-core workers on 127.0.0.1), start-up, loading,
# plumbing, navrec's part and the outputs apart; ends with the sizing line of Docs "Sizing".
#
#     Integrations/spark/build_binary.sh && nice Benchmarks/fleet_cluster.sh [SESSIONS] [WORK]
#
# SESSIONS defaults to 20000 (3.9 GB of NDJSON, 42 M samples), WORK to /tmp/navrec-fleet-cluster;
# the fleet and the landing table are made once per WORK. One run of each
# step (no medians: minutes each); the load average is printed, since the machine may be shared.
# The table goes to stdout and WORK/results.md.
set -euo pipefail
cd "$(dirname "$0")/.."
sessions=${1:-20000}
work=${2:-/tmp/navrec-fleet-cluster}
navrec=${NAVREC_BIN:-.build/cluster/navrec}
[ -x "$navrec" ] || { echo "error: $navrec missing: run Integrations/spark/build_binary.sh"; exit 1; }
mkdir -p "$work"
export SPARK_LOCAL_IP=127.0.0.1

if [ ! -d "$work/fleet" ]; then
  python3 Integrations/make_fleet.py --navrec "$navrec" --sessions "$sessions" --out "$work/fleet" \
    --duration 17.5 --fps 120 --per-file 100 --jobs 2
fi

# /usr/bin/time -v's wall, CPU and peak RSS of a command, as "wall cpu rss_mb" in $work/NAME.time.
timed() {
  local name=$1; shift
  local start=$SECONDS report="$work/$name.timev"
  /usr/bin/time -v -o "$report" "$@"
  awk -v wall=$((SECONDS - start)) -F': ' '/User time/ {u = $2} /System time/ {s = $2}
    /Maximum resident/ {r = $2 / 1024} END {printf "%d %.1f %.0f\n", wall, u + s, r}' "$report" >"$work/$name.time"
}

echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
cat "$work"/fleet/*.ndjson > "$work/fleet.ndjson"
timed analyze sh -c "'$navrec' analyze - < '$work/fleet.ndjson' > '$work/analyze.jsonl'; [ \$? -le 1 ] || exit 1"
rm -f "$work/fleet.ndjson"

# The streaming loader holds its buffer, not the input (Docs/fleet.md, Landing table).
if [ ! -d "$work/landing" ]; then
  timed load python3 Integrations/spark/load_landing.py "$work/fleet" --landing "$work/landing"
fi

echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 Benchmarks/fleet_cluster.py --master 'local[2]' --work "$work" --navrec "$navrec" --name local2
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "${NAVREC_BENCH_CLUSTER:-1}" = 1 ]; then   # NAVREC_BENCH_CLUSTER=0: local[2] only
  master=$(Integrations/spark/cluster.sh start)
  trap 'Integrations/spark/cluster.sh stop' EXIT
  python3 Benchmarks/fleet_cluster.py --master "$master" --executors 2 --work "$work" --navrec "$navrec" --name cluster
  Integrations/spark/cluster.sh stop
  trap - EXIT
  echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
fi

python3 - "$work" <<'EOF'
import glob, json, os, sys
work = sys.argv[1]
files = sorted(glob.glob(os.path.join(work, "fleet", "*.ndjson")))
size = sum(os.path.getsize(name) for name in files)
samples = sessions = 0
with open(os.path.join(work, "analyze.jsonl")) as file:  # the samples navrec read (events are not samples)
    for line in file:
        sessions += 1
        samples += json.loads(line).get("samples") or 0
timing = {name: [float(v) for v in open(os.path.join(work, f"{name}.time")).read().split()] for name in ("analyze", "load")}
runs = {name: json.load(open(os.path.join(work, f"{name}.json"))) for name in ("local2", "cluster")
        if os.path.exists(os.path.join(work, f"{name}.json"))}
runs.setdefault("cluster", {key: float("nan") for key in runs["local2"]} | {"spark": "", "tasks": 0})
rate = lambda seconds, cores=1: f"{samples / seconds / cores / 1e6:.2f} M" if seconds > 0 else ""
lines = [f"{sessions:,} sessions, {samples:,} samples, {size / 1e9:.2f} GB of NDJSON in {len(files)} files; "
         f"Spark {runs['local2']['spark']}; {runs['local2']['tasks']} tasks; one run each; CPU s are the Spark JVMs' "
         "(local: the driver's; cluster: the executors') with their children (bash, navrec, cat).", "",
         "| step | local[2] wall s | local[2] CPU s | cluster wall s | cluster CPU s | samples per CPU s, local[2] / cluster |",
         "|---|---:|---:|---:|---:|---:|"]
def row(step, key):
    a, b = runs["local2"], runs["cluster"]
    cpu = lambda r: f"{r[key + '_cpu']:.1f}" if key + "_cpu" in r else ""
    rates = f"{rate(a[key + '_cpu'])} / {rate(b[key + '_cpu'])}" if key + "_cpu" in a else ""
    lines.append(f"| {step} | {a[key]:.1f} | {cpu(a)} | {b[key]:.1f} | {cpu(b)} | {rates} |")
row("Spark start-up (session; executors registered)", "startup")
row("plumbing: landing read, piped through `cat` by TRANSFORM and back (reference)", "plumbing")
row("the job, `--no-timeline` (sessions, findings, session_summary, errors, quarantine)", "job_lean")
row("the job with the per-sample outputs (timeline, observed_gaps, chunk_gaps too)", "job")
wall, cpu, rss = timing["analyze"]
load_wall, load_cpu, load_rss = timing["load"]
lines += ["", f"Outside Spark: `navrec analyze -` over the whole fleet, one process: {wall:.0f} s wall, {cpu:.1f} CPU s "
          f"({rate(cpu)} samples per CPU s), {rss:.0f} MB peak; loading (load_landing.py): {load_wall:.0f} s wall, "
          f"{load_cpu:.1f} CPU s, {load_rss:.0f} MB peak RSS."]
for name in runs:
    r = runs[name]
    lines.append(f"{name}: the job costs {r['job_lean_cpu'] / cpu:.1f}x `navrec analyze` alone without the timeline, "
                 f"{r['job_cpu'] / cpu:.1f}x with it (CPU s).")
    for key in ("job_lean", "job"):
        t = r.get(key + "_tasks") if isinstance(r.get(key + "_tasks"), dict) else {}
        if t:
            mid = lambda k: t[k][len(t[k]) // 2]
            lines.append(f"  {key}: {len(t['rows'])} navrec tasks; NDJSON a task min/median/max {t['bytes'][0] / 2**20:.1f}/"
                         f"{mid('bytes') / 2**20:.1f}/{t['bytes'][-1] / 2**20:.1f} MiB; navrec CPU s a task {t['navrec_cpu_s'][0]:.2f}/"
                         f"{mid('navrec_cpu_s'):.2f}/{t['navrec_cpu_s'][-1]:.2f}, max/median {t['navrec_cpu_s'][-1] / max(mid('navrec_cpu_s'), 1e-9):.2f}; "
                         f"navrec in the job {sum(t['navrec_cpu_s']):.1f} CPU s, its Python workers {sum(t['worker_cpu_s']):.1f}")
per_session = samples / sessions
total = 100e6 * per_session
hours = lambda per_cpu_second: total / per_cpu_second / 3600
job = {name: samples / runs[name]["job_cpu"] for name in runs}
lean = {name: samples / runs[name]["job_lean_cpu"] for name in runs}
lines += ["", f"Sizing: 100 M sessions of {per_session:,.0f} samples = {total:.2e} samples. navrec alone: "
          f"{hours(samples / cpu):,.0f} core-hours ({samples / cpu / 1e6:.2f} M samples per CPU s). The whole job, "
          f"by CPU seconds: {hours(job['cluster']):,.0f} core-hours on the cluster ({job['cluster'] / 1e6:.2f} M samples "
          f"per CPU s; {hours(job['cluster']) / 400:,.1f} h on 400 cores), {hours(job['local2']):,.0f} in local[2]; "
          f"without the timeline {hours(lean['cluster']):,.0f} on the cluster, {hours(lean['local2']):,.0f} in local[2]; "
          f"plus the loading ({hours(samples / load_cpu):,.0f} CPU-hours at this loader's rate) and one start-up per job."]
text = "\n".join(lines) + "\n"
open(os.path.join(work, "results.md"), "w").write(text)
print(text)
EOF
