#!/usr/bin/env python3
"""Where the Spark job's CPU goes (Docs/fleet.md "Sizing"): the job in local[2] (or on a standalone
cluster, --cluster) on a landing table, once with --no-timeline and once with the per-sample
outputs, each run's CPU seconds split into navrec, the Python workers and the JVM, and the JVM's
own part by what it was doing (Java Flight Recorder samples of the one local JVM, grouped by the
frames on their stacks, and its threads' CPU by kind: garbage collection, JIT compilers, task
threads, other).

    nice -n 10 python3 Benchmarks/fleet_profile.py --landing LANDING --work WORK [--navrec .build/cluster/navrec]
        [--recordings DIR] [--runs lean,timeline] [--no-jfr] [--cluster]

--cluster starts Integrations/spark/cluster.sh's standalone cluster (a master and two 1-core
workers, the second without the Swift toolchain, so the binary must travel), runs the job there
(executors of 1 GB) and stops it; the JVM's CPU is then every Spark JVM's own: the driver's, the
master's, the workers' and the executors' (whose pids are read once they registered). The whole
process tree below the master and the workers (executors, their Python workers and navrec, reaped
ones included) is `tree_cpu_s`, with the driver's JVM and Python: a check on the sum.

--recordings (the NDJSON files the landing was loaded from) also times `navrec analyze FILE…` alone,
one process, on them, and prints each run's CPU as a multiple of it.

CPU seconds are the JVM's own (every thread it ran, from /proc/PID/stat) plus navrec's and the
workers' from the job's own task figures (getrusage in each worker) plus the driver's Python
process (planning, and publishing the tasks' files), so a shared machine's load
changes the wall seconds, not them. `tree_cpu_s` is the JVM and every live process below it with
their reaped children (fleet_cluster.jvm_cpu), for reference only: it can miss processes that ended
during the run (once 47 CPU s of workers and navrec against a 37 CPU s tree, a JVM of -10 s). The JFR groups
overlap (a stack can be in several): they say what share of the JVM's samples passed through each.
"""
import argparse
import collections
import datetime
import json
import os
import resource
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "Integrations", "spark"), os.path.join(ROOT, "Benchmarks")]

# What the JVM does, by the frames a sample's stack holds.
GROUPS = {
    "Parquet writing": ["org/apache/parquet/column", "ParquetWriteSupport", "InternalParquetRecordWriter"],
    "rows from the Python workers' Arrow batches": ["ColumnarBatchRow", "ArrowColumnVector", "BasePythonRunner$ReaderIterator"],
    "rows to the Python workers (Arrow)": ["ArrowWriter", "PythonArrowInput", "BasePythonRunner$WriterThread"],
    "row copies (UnsafeProjection)": ["SpecificUnsafeProjection"],
    "sort before the write": ["UnsafeExternalRowSorter", "UnsafeInMemorySorter", "RadixSort", "sort_addToSorter"],
    "shuffle": ["ShuffleWriter", "ShuffleExternalSorter", "ShuffleBlockFetcher", "BlockStoreShuffleReader"],
    "from_json": ["JsonToStructs"],
    "disk cache (persist)": ["DiskStore", "BlockManager.doPut", "BlockManager.getLocal"],
    "landing read (Parquet)": ["VectorizedParquetRecordReader", "VectorizedColumnReader"],
    "planning, code generation": ["janino", "catalyst/rules", "CodeGenerator"],
    "class loading": ["ZipFile", "ClassLoader"],
}


def own_cpu(pid):
    """CPU seconds of the process itself, every thread it ever ran (utime + stime), without children."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def thread_cpu(pid):
    """{kind: CPU seconds} of the JVM's own threads by what they are (their names in /proc): the
    garbage collector's, the JIT compilers', Spark's task threads and the rest. Flight Recorder
    samples only Java code, so collection and compilation show here and nowhere else."""
    ticks = os.sysconf("SC_CLK_TCK")
    kinds = collections.Counter()
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            name = open(f"/proc/{pid}/task/{tid}/comm").read().strip()
            fields = open(f"/proc/{pid}/task/{tid}/stat").read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        kind = ("garbage collection" if name.startswith(("GC ", "G1 ", "VM Periodic")) or "GC" in name
                else "JIT compilers" if name.startswith(("C1 ", "C2 ")) else "tasks" if name.startswith("Executor task")
                else "other")
        kinds[kind] += (int(fields[11]) + int(fields[12])) / ticks
    return kinds


def jfr_groups(recording, windows):
    """{window name: (samples, {group: share})} of the recording's execution samples in each (start, end) window."""
    printed = subprocess.run(["jfr", "print", "--json", "--stack-depth", "96", "--events", "jdk.ExecutionSample", recording],
                             capture_output=True, check=True).stdout
    found = {name: [0, collections.Counter()] for name in windows}
    for event in json.loads(printed)["recording"]["events"]:
        values = event["values"]
        if not values.get("stackTrace"):
            continue
        at = datetime.datetime.fromisoformat(values["startTime"].replace("Z", "+00:00")).timestamp()
        name = next((name for name, (start, end) in windows.items() if start <= at <= end), None)
        if name is None:
            continue
        frames = [frame["method"]["type"]["name"] + "." + frame["method"]["name"] for frame in values["stackTrace"]["frames"]]
        found[name][0] += 1
        for group, needles in GROUPS.items():
            if any(needle in frame for frame in frames for needle in needles):
                found[name][1][group] += 1
    return {name: (count, {group: hits / count for group, hits in groups.most_common()}) for name, (count, groups) in found.items() if count}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--landing", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--navrec", default=os.path.join(ROOT, ".build/cluster/navrec"))
    parser.add_argument("--recordings", help="the landing's NDJSON files: also time `navrec analyze` alone on them")
    parser.add_argument("--runs", default="lean,timeline", help="which runs, in order: lean (--no-timeline), timeline")
    parser.add_argument("--no-jfr", dest="jfr", action="store_false", help="no Flight Recorder (its own cost left out)")
    parser.add_argument("--cluster", action="store_true", help="on cluster.sh's standalone cluster instead of local[2]")
    args = parser.parse_args()
    alone = None
    if args.recordings:
        files = sorted(os.path.join(args.recordings, name) for name in os.listdir(args.recordings) if name.endswith(".ndjson"))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        result = subprocess.run([os.path.abspath(args.navrec), "analyze", *files], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if result.returncode not in (0, 1):
            sys.exit(f"navrec analyze: exit {result.returncode}")
        samples = sum(json.loads(line).get("samples") or 0 for line in result.stdout.splitlines())
        alone = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        print(json.dumps({"run": "navrec analyze alone", "files": len(files), "samples": samples, "cpu_s": round(alone, 2)}), flush=True)
    os.makedirs(args.work, exist_ok=True)
    recording = os.path.join(os.path.abspath(args.work), "job.jfr")

    import analyze_job
    from fleet_cluster import jvm_cpu, jvm_pids
    from pyspark.sql import SparkSession
    cluster = os.path.join(ROOT, "Integrations", "spark", "cluster.sh")
    master, daemons = "local[2]", []
    if args.cluster:
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
        state = os.environ.setdefault("NAVREC_CLUSTER_DIR", os.path.join(os.path.abspath(args.work), "cluster"))
        master = subprocess.run([cluster, "start"], stdout=subprocess.PIPE, text=True, check=True).stdout.strip()
        daemons = [int(open(os.path.join(state, f"{name}.pid")).read()) for name in ("master", "worker1", "worker2")]
    try:
        profile(args, alone, recording, analyze_job, jvm_cpu, jvm_pids, SparkSession, master, daemons)
    finally:
        if args.cluster:
            subprocess.run([cluster, "stop"], check=True)


def profile(args, alone, recording, analyze_job, jvm_cpu, jvm_pids, SparkSession, master, daemons):
    builder = (SparkSession.builder.master(master).config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false").config("spark.driver.memory", "2g"))
    if daemons:
        builder = builder.config("spark.executor.memory", "1g")
    if args.jfr:
        builder = builder.config("spark.driver.extraJavaOptions", "-XX:StartFlightRecording=name=navrec,settings=profile")
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    pids = jvm_pids(spark, False)
    if daemons:  # every executor registered (the driver is one of the entries) before the clock starts
        while spark.sparkContext._jsc.sc().getExecutorMemoryStatus().size() < 3:
            time.sleep(0.2)
        executors = jvm_pids(spark, True)
        jvms = pids + daemons + executors
    else:
        jvms, executors = pids, []
    windows, runs = {}, []
    chosen = {"lean": ("--no-timeline", False), "timeline": ("with the timeline", True)}
    for name, timeline in (chosen[run] for run in args.runs.split(",")):
        out = os.path.join(args.work, "results-timeline" if timeline else "results-lean")
        shutil.rmtree(out, ignore_errors=True)
        tree, by_jvm = jvm_cpu(pids + daemons), {pid: own_cpu(pid) for pid in jvms}
        jvm, threads, started, wall = sum(map(own_cpu, jvms)), thread_cpu(pids[0]), time.time(), time.monotonic()
        executor_threads = sum(map(thread_cpu, executors), collections.Counter())
        driver = time.process_time()
        counts = analyze_job.run(spark, args.landing, out, os.path.abspath(args.navrec), [], timeline=timeline)
        driver = time.process_time() - driver
        tree, jvm = jvm_cpu(pids + daemons) - tree + driver, sum(map(own_cpu, jvms)) - jvm
        threads = thread_cpu(pids[0]) - threads
        executor_threads = sum(map(thread_cpu, executors), collections.Counter()) - executor_threads
        by_jvm = {pid: own_cpu(pid) - cpu for pid, cpu in by_jvm.items()}
        kinds = ({"driver": by_jvm[pids[0]], "master and workers": sum(by_jvm[pid] for pid in daemons),
                  "executors": sum(by_jvm[pid] for pid in executors)} if daemons else {})
        windows[name] = (started, time.time())
        tasks = analyze_job.LAST_TASKS
        navrec, workers = sum(tasks["navrec_cpu_s"]), sum(tasks["worker_cpu_s"])
        total = jvm + navrec + workers + driver
        runs.append({"run": name, "master": "standalone cluster" if daemons else master, "wall_s": round(time.monotonic() - wall, 1), "cpu_s": round(total, 1), "navrec_cpu_s": round(navrec, 1),
                     "workers_cpu_s": round(workers, 1), "jvm_cpu_s": round(jvm, 1)}
                    | ({"jvm_cpu_s_by": {kind: round(seconds, 1) for kind, seconds in kinds.items()}} if kinds else {})
                    | {"driver_cpu_s": round(driver, 1), "tree_cpu_s": round(tree, 1),
                     "jvm_threads_cpu_s": {kind: round(seconds, 1) for kind, seconds in threads.most_common()}}
                    | ({"executor_threads_cpu_s": {kind: round(seconds, 1) for kind, seconds in executor_threads.most_common()}} if daemons else {})
                    | {"rows": counts}
                    | ({"x_navrec_alone": round(total / alone, 1)} if alone else {}))
        print(json.dumps(runs[-1]), flush=True)
    if not args.jfr:
        spark.stop()
        return
    subprocess.run(["jcmd", str(pids[0]), "JFR.dump", "name=navrec", f"filename={recording}"], check=True, capture_output=True)
    spark.stop()
    for name, (samples, groups) in jfr_groups(recording, windows).items():
        print(f"JVM samples, {name}: {samples}; " + ", ".join(f"{group} {share:.0%}" for group, share in groups.items()))


if __name__ == "__main__":
    main()
