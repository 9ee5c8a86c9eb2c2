#!/usr/bin/env python3
"""Fleet benchmark (issue 12): `navrec analyze` against `navrec import` + `navrec report`, and the
Spark job, on a simulated fleet; ends with a sizing line for 100 M sessions.

    swift build -c release --static-swift-stdlib
    python3 Benchmarks/fleet.py [--sessions 2000] [--work /tmp/navrec-fleet-bench]

Steps (each timed by wall clock; CPU and peak RSS from /usr/bin/time -v for the navrec runs):
  analyze          cat fleet/*.ndjson | navrec analyze -          (no database)
  import, report   navrec import fleet/*.ndjson; navrec report --format json
  queries          every Queries/*.sql on the imported database (sqlite3)
  spark start-up   creating a local[2] SparkSession
  spark plumbing   the job's TRANSFORM over the landing table with `cat` instead of navrec
                   (reading Parquet, piping rows out of and lines back into the JVM, parsing the
                   lines), i.e. what Spark costs without navrec's work
  spark job        the real job: TRANSFORM through navrec analyze, from_json, two Parquet outputs
  spark rdd.pipe   the same piping done through PySpark's RDD.pipe (Python workers in the data path)
Prints a Markdown table; results also go to WORK/results.md. The fleet is generated once per
WORK directory (Integrations/make_fleet.py: 120 fps, 17.5 s per session, 100 sessions a file).
"""
import argparse
import glob
import os
import shutil
import sqlite3
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "Integrations", "spark")]


def timed(command, stdin=None, stdout=subprocess.DEVNULL):
    """Wall seconds, CPU seconds and peak RSS (MB) of one command, via /usr/bin/time -v."""
    report = subprocess.run(["mktemp"], capture_output=True, text=True, check=True).stdout.strip()
    start = time.monotonic()
    subprocess.run(["/usr/bin/time", "-v", "-o", report] + command, stdin=stdin, stdout=stdout, check=True)
    wall = time.monotonic() - start
    fields = {}
    for line in open(report):
        key, _, value = line.strip().rpartition(": ")
        fields[key] = value
    os.unlink(report)
    cpu = float(fields["User time (seconds)"]) + float(fields["System time (seconds)"])
    return wall, cpu, int(fields["Maximum resident set size (kbytes)"]) / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=2000)
    parser.add_argument("--work", default="/tmp/navrec-fleet-bench")
    parser.add_argument("--navrec", default=os.path.join(ROOT, ".build", "release", "navrec"))
    args = parser.parse_args()
    navrec = os.path.abspath(args.navrec)
    fleet = os.path.join(args.work, "fleet")
    if not os.path.isdir(fleet):
        subprocess.run([sys.executable, os.path.join(ROOT, "Integrations", "make_fleet.py"), "--navrec", navrec,
                        "--sessions", str(args.sessions), "--out", fleet, "--duration", "17.5", "--fps", "120",
                        "--per-file", "100"], check=True)
    files = sorted(glob.glob(os.path.join(fleet, "*.ndjson")))
    samples = sum(1 for name in files for line in open(name) if line.startswith('{"t"'))
    rows = []

    def row(step, wall, cpu=None, rss=None, note="", rate=True):
        per_wall = f"{samples / wall / 1e6:.2f} M" if rate else ""
        per_cpu = f"{samples / cpu / 1e6:.2f} M" if rate and cpu else ""
        rows.append(f"| {step} | {wall:.1f} | {'' if cpu is None else f'{cpu:.1f}'} | {per_wall} | {per_cpu} | "
                    f"{'' if rss is None else f'{rss:.0f}'} | {note} |")
        print(rows[-1], flush=True)

    concatenated = os.path.join(args.work, "fleet.ndjson")
    with open(concatenated, "wb") as out:
        for name in files:
            out.write(open(name, "rb").read())
    with open(concatenated, "rb") as stdin:
        analyzed = timed([navrec, "analyze", "-"], stdin=stdin)
    row("navrec analyze - (no database)", *analyzed)
    database = os.path.join(args.work, "navrec.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(database + suffix):
            os.unlink(database + suffix)
    imported = timed([navrec, "import", "--db", database] + files)
    row("navrec import", *imported)
    reported = timed([navrec, "report", "--db", database, "--format", "json"])
    row("navrec report --format json", *reported)
    row("import + report", imported[0] + reported[0], imported[1] + reported[1], max(imported[2], reported[2]),
        f"database {os.path.getsize(database) / 1e6:.0f} MB")
    connection = sqlite3.connect(database)
    slowest = ("", 0.0)
    for path in sorted(glob.glob(os.path.join(ROOT, "Queries", "*.sql"))):
        sql = open(path).read()
        start = time.monotonic()
        connection.execute(sql, {"session": "fleet-00000", "t": 5.0}).fetchall()
        elapsed = time.monotonic() - start
        slowest = max(slowest, (os.path.basename(path), elapsed), key=lambda item: item[1])
    print(f"slowest query on SQLite: {slowest[0]} {slowest[1]:.1f} s", flush=True)

    landing = os.path.join(args.work, "landing")
    shutil.rmtree(landing, ignore_errors=True)
    subprocess.run([sys.executable, os.path.join(ROOT, "Integrations", "spark", "load_landing.py"), fleet, "--landing", landing],
                   check=True)
    import analyze_job
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F
    start = time.monotonic()
    spark = (SparkSession.builder.master("local[2]").appName("navrec-bench").config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    startup = time.monotonic() - start
    row("spark start-up (local[2] session)", startup, note="once per job", rate=False)
    landing_frame = spark.read.parquet(landing)
    landing_frame.count()  # file listing and schema, outside the timed steps
    landing_frame.createOrReplaceTempView("bench_landing")
    start = time.monotonic()
    # The job's framing (base64 rows, tab-separated), echoed by cat instead of analysed.
    spark.sql("SELECT TRANSFORM(landing_key, base64(encode(source, 'UTF-8')), first_line, base64(ndjson)) "
              f"{analyze_job.TAB_SEPARATED} USING 'cat' AS (line STRING) FROM bench_landing") \
        .select(F.length("line").alias("n")).agg(F.sum("n")).collect()
    plumbing = time.monotonic() - start
    row("spark plumbing (TRANSFORM through cat)", plumbing, note="Parquet read + pipe out and back, no navrec")
    results = os.path.join(args.work, "results")
    shutil.rmtree(results, ignore_errors=True)
    start = time.monotonic()
    analyze_job.run(spark, landing, results, navrec, [])
    job = time.monotonic() - start
    row("spark job (TRANSFORM through navrec analyze --rows, 5 Parquet outputs)", job, note="local[2]")
    start = time.monotonic()
    landing_frame.select("ndjson").rdd.map(lambda r: bytes(r[0]).decode("utf-8", "replace")).pipe(f"{navrec} analyze -").count()
    piped = time.monotonic() - start
    row("spark RDD.pipe through navrec analyze, count only (Python in the data path)", piped,
        note="no parsing, no outputs: compare with plumbing")
    spark.stop()

    per_session = samples / len([1 for name in files for line in open(name) if line.startswith('{"navrec"')])
    job_rate = samples / job
    total = 100e6 * per_session
    analyze_rate = samples / analyzed[1]
    sizing = (f"Sizing: 100 M sessions x {per_session:.0f} samples = {total:.2e} samples. navrec analyze alone: "
              f"{analyze_rate / 1e6:.2f} M samples per CPU second, so {total / analyze_rate / 3600:,.0f} core-hours "
              f"(e.g. {total / analyze_rate / 3600 / 400:,.2f} h on 400 cores). The local[2] Spark job as measured "
              f"here ({job_rate / 2 / 1e6:.3f} M samples/s per core, wall clock): "
              f"{total / (job_rate / 2) / 3600:,.0f} core-hours; plus one start-up.")
    header = (f"{len(files)} files, {samples:,} samples; medians not taken (one run each).\n\n"
              "| step | wall s | CPU s | samples/s (wall) | samples/CPU-s | peak RSS MB | note |\n|---|---:|---:|---:|---:|---:|---|")
    text = header + "\n" + "\n".join(rows) + f"\n\nSlowest query on SQLite: {slowest[0]} ({slowest[1]:.1f} s).\n\n{sizing}\n"
    with open(os.path.join(args.work, "results.md"), "w") as file:
        file.write(text)
    print(text)


if __name__ == "__main__":
    main()
