#!/usr/bin/env python3
"""The Spark job on a large simulated fleet, one Spark master (--master), with start-up and
plumbing apart (Docs "Sizing"); Benchmarks/fleet_cluster.sh runs it on local[2] and on the
standalone cluster of Integrations/spark/cluster.sh and prints both side by side.

    python3 Benchmarks/fleet_cluster.py --master local[2] --work /tmp/navrec-fleet-cluster [--sessions 20000]

Steps, each timed by wall clock (one run each; the machine may be shared, see the load printed):
  start-up   SparkSession creation, and on a cluster until every executor has registered
  plumbing   the landing table read and piped out of the JVM through `cat` and back, counted:
             what Spark costs with no navrec work
  navrec     the same rows piped through the shipped `navrec analyze` (the job's framing), the
             output lines counted: plumbing plus navrec's work, no parsing, no outputs
  job        Integrations/spark/analyze_job.py as spark-submit runs it (its main()), on the session
             started above: navrec, from_json, the outputs written as Parquet
Writes WORK/MASTER_NAME.json with the figures; the fleet (Integrations/make_fleet.py: 120 fps, 17.5 s
sessions, 100 a file) and the landing table are made once per WORK by fleet_cluster.sh.
"""
import argparse
import json
import os
import shlex
import shutil
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "Integrations", "spark")]


def jvm_cpu(pids):
    """CPU seconds the JVMs with these pids and every process below them (the Python workers, navrec,
    bash, cat) used: utime + stime + cutime + cstime from /proc of each live process in those trees
    (a reaped child's time is in its parent's cutime). On a machine shared with other work, CPU
    seconds are the fair figure; wall seconds grow with the load."""
    ticks = os.sysconf("SC_CLK_TCK")
    children = {}
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            children.setdefault(_parent(pid), []).append(int(pid))
    total, todo = 0, list(pids)
    while todo:
        pid = todo.pop()
        try:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += sum(int(value) for value in fields[11:15])
        todo += children.get(pid, [])
    return total / ticks


def _command(pid):
    try:
        return open(f"/proc/{pid}/cmdline", "rb").read()
    except OSError:
        return b""


def _parent(pid):
    try:
        return int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return -1


def jvm_pids(spark, cluster):
    """The local JVM (local[N]), or the executors' JVMs (CoarseGrainedExecutorBackend for this app)."""
    if not cluster:  # the JVM pyspark started: a child of this process
        return [int(pid) for pid in os.listdir("/proc") if pid.isdigit() and _parent(pid) == os.getpid()
                and b"java" in _command(pid)]
    app = spark.sparkContext.applicationId
    pids = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            command = _command(pid)
            if b"org.apache.spark.executor.CoarseGrainedExecutorBackend" in command and app.encode() in command:
                pids.append(int(pid))
    return pids


def sql_string(text):
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--master", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--navrec", required=True, help="the binary to ship (Integrations/spark/build_binary.sh)")
    parser.add_argument("--executors", type=int, default=0, help="on a cluster: wait for this many executors")
    parser.add_argument("--name", required=True, help="the figures go to WORK/NAME.json")
    args = parser.parse_args()
    navrec = os.path.abspath(args.navrec)
    landing = os.path.join(args.work, "landing")
    figures = {"master": args.master}

    from pyspark import SparkFiles
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F
    start = time.monotonic()
    spark = (SparkSession.builder.master(args.master).appName(f"navrec-bench-{args.name}")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
             .config("spark.driver.memory", "2g").config("spark.executor.memory", "1g").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    spark.conf.set("spark.sql.chunkBase64String.enabled", "false")  # as the job: one base64 line per row
    status = spark.sparkContext._jsc.sc().getExecutorMemoryStatus()
    while args.executors and status.size() < args.executors + 1:  # the driver is one of them
        time.sleep(0.2)
        status = spark.sparkContext._jsc.sc().getExecutorMemoryStatus()
    figures["startup"] = time.monotonic() - start
    figures["spark"] = spark.version
    print(f"{args.name}: Spark {spark.version} start-up {figures['startup']:.1f} s", flush=True)

    frame = spark.read.parquet(landing)
    figures["tasks"] = frame.rdd.getNumPartitions()
    binary = dict(frame.dtypes)["ndjson"] == "binary"
    frame.createOrReplaceTempView("bench_landing")
    spark.sparkContext.addFile(navrec)
    shipped = shlex.quote(SparkFiles.get(os.path.basename(navrec)))
    # The job's framing: the landing of `analyze --rows` (binary ndjson) goes tab-separated and
    # base64-framed; the older one pipes the text as it is through `analyze -`.
    arguments = "analyze --rows --timeline" if binary else "analyze -"
    fields = "landing_key, base64(encode(source, 'UTF-8')), first_line, base64(ndjson)" if binary else "ndjson"
    row_format = "ROW FORMAT DELIMITED FIELDS TERMINATED BY '\\t'" if binary else ""
    command = f"p=./navrec; [ -x $p ] || p={shipped}; $p {arguments}; s=$?; [ $s -eq 65 ] && exit 0; exit $s"

    def piped(through):
        out = "(a STRING, b STRING)" if binary else "(a STRING)"
        lines = spark.sql(f"SELECT TRANSFORM({fields}) {row_format} USING {sql_string(through)} AS {out} {row_format} FROM bench_landing")
        return lines.select(F.sum(F.length("a"))).collect()[0][0]

    cluster = not args.master.startswith("local")
    pids = jvm_pids(spark, cluster)
    if not pids:
        sys.exit("fleet_cluster.py: error: found no Spark JVM to take CPU times from")
    figures["jvms"] = len(pids)

    def step(key, action):
        cpu, started = jvm_cpu(pids), time.monotonic()
        action()
        figures[key], figures[key + "_cpu"] = time.monotonic() - started, jvm_cpu(pids) - cpu
        print(f"{args.name}: {key} {figures[key]:.1f} s wall, {figures[key + '_cpu']:.1f} CPU s", flush=True)

    step("plumbing", lambda: piped("cat"))

    import analyze_job
    import threading
    for key, extra in (("job_lean", ["--no-timeline"]), ("job", [])):
        results = os.path.join(args.work, f"results-{args.name}-{key}")
        shutil.rmtree(results, ignore_errors=True)
        sys.argv = ["analyze_job.py", "--landing", landing, "--out", results, "--navrec", navrec, *extra]
        # getOrCreate() in main() returns this session; main() stops it at the end, so the executors'
        # CPU is read while it runs, from a thread, just before they go. The lean run keeps the session.
        last = {"cpu": jvm_cpu(pids)}
        first, done = last["cpu"], threading.Event()

        def sample():
            while not done.wait(0.5):
                last["cpu"] = max(last["cpu"], jvm_cpu(pids))
        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        started = time.monotonic()
        if key == "job_lean":
            stop, spark.stop = spark.stop, lambda: None
        analyze_job.main()
        if key == "job_lean":
            spark.stop = stop
        figures[key] = time.monotonic() - started
        done.set()
        sampler.join()
        figures[key + "_cpu"] = max(last["cpu"], jvm_cpu(pids)) - first
        figures[key + "_tasks"] = dict(analyze_job.LAST_TASKS)
        print(f"{args.name}: {key} {figures[key]:.1f} s wall, {figures[key + '_cpu']:.1f} CPU s", flush=True)
    with open(os.path.join(args.work, f"{args.name}.json"), "w") as file:
        json.dump(figures, file)


if __name__ == "__main__":
    main()
