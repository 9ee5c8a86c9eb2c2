#!/usr/bin/env python3
"""CI check: the Spark job's findings and session metrics equal `navrec import` + `navrec report`,
row for row, and every Queries/*.sql returns the same rows in SQLite, DuckDB and Spark SQL.

    python3 Integrations/spark/check_equal.py --navrec .build/release/navrec --recordings fleet/ --work tmp/

Runs one Spark session (--master, default local[2]) for both checks: the job over the landing table made from
--recordings, then the queries over the Parquet export of the database import + report made.
Prints a line per check and ends with 'N passed, M failed'; exit 1 on any failure.
"""
import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE), os.path.join(os.path.dirname(HERE), "parquet")]

import analyze_job  # noqa: E402
import export_parquet  # noqa: E402
import portable_queries  # noqa: E402

FINDING_COLUMNS = ["session_id", "settings", "kind", "subkind", "signal", "source", "severity", "start_t", "end_t",
                   "count", "y_min", "y_max", "suggested_hysteresis", "suggested_swipe_distance", "message", "details"]
METRIC_COLUMNS = ["session_id", "app", "screen", "device", "os", "started_at", "behaviors", "samples", "duration",
                  "fps", "hitch_time_ratio", "frame_jitter", "findings", "warnings", "errors"]


def finding_key(row):
    """A finding as comparable values; details compared as parsed JSON (Spark re-serialises it)."""
    values = list(row[:-1]) + [json.dumps(json.loads(row[-1]), sort_keys=True)]
    return tuple("" if value is None else value if isinstance(value, str) else float(value) for value in values)


def import_and_report(navrec, recordings, database):
    """Imports every file (a file with a bad session exits 65 and stores nothing of that session)."""
    for name in sorted(os.listdir(recordings)):
        result = subprocess.run([navrec, "import", os.path.join(recordings, name), "--db", database], capture_output=True)
        if result.returncode not in (0, 65):
            sys.exit(f"navrec import {name}: exit {result.returncode}: {result.stderr.decode()}")
    subprocess.run([navrec, "report", "--db", database, "--format", "json"], check=True, capture_output=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navrec", required=True)
    parser.add_argument("--recordings", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--master", default="local[2]", help="e.g. the spark:// URL Integrations/spark/cluster.sh start prints")
    args = parser.parse_args()
    navrec = os.path.abspath(args.navrec)
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    landing, results = os.path.join(args.work, "landing"), os.path.join(args.work, "results")
    database, export = os.path.join(args.work, "navrec.sqlite"), os.path.join(args.work, "export")
    subprocess.run([sys.executable, os.path.join(HERE, "load_landing.py"), args.recordings, landing], check=True)
    import_and_report(navrec, args.recordings, database)
    export_parquet.export(database, export)

    from pyspark.sql import SparkSession
    start = time.monotonic()
    spark = (SparkSession.builder.master(args.master).appName("navrec-ci").config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
             .config("spark.sql.shuffle.partitions", "4").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    print(f"spark start-up: {time.monotonic() - start:.1f} s", flush=True)
    start = time.monotonic()
    analyze_job.run(spark, landing, results, navrec, [])
    print(f"spark job: {time.monotonic() - start:.1f} s", flush=True)

    passed, failed = 0, 0

    def verdict(name, problem):
        nonlocal passed, failed
        if problem:
            failed += 1
            print(f"FAIL {name}: {problem}", flush=True)
        else:
            passed += 1
            print(f"ok   {name}", flush=True)

    sqlite = sqlite3.connect(database)
    expected = sorted(finding_key(row) for row in sqlite.execute(
        f"SELECT {', '.join(FINDING_COLUMNS)} FROM findings WHERE settings = ''"))
    spark_findings = spark.read.parquet(os.path.join(results, "findings"))
    actual = sorted(finding_key(tuple(row)) for row in spark_findings.select(*FINDING_COLUMNS).collect())
    problem = portable_queries.differences(expected, actual)
    verdict(f"spark findings equal import + report ({len(expected)} findings)", problem or (None if expected else "no findings"))

    metrics = spark.read.parquet(os.path.join(results, "session_metrics"))
    expected = sorted(portable_queries.normalized(sqlite.execute(
        "SELECT m.session_id, m.app, m.screen, m.device, m.os, s.started_at, m.behaviors, m.samples, m.duration, m.fps,"
        " m.hitch_time_ratio, m.frame_jitter, m.findings, m.warnings, m.errors"
        " FROM session_summary m JOIN sessions s ON s.id = m.session_id")))
    actual = sorted(portable_queries.normalized(
        tuple(row) for row in metrics.where("error IS NULL").select(*METRIC_COLUMNS).collect()))
    verdict(f"spark session_metrics equal session_summary ({len(expected)} sessions)",
            portable_queries.differences(expected, actual) or (None if len(expected) >= 60 else "fewer than 60 sessions"))

    errors = [tuple(row) for row in metrics.where("error IS NOT NULL").select("session_id", "app", "error").collect()]
    partitions = {(row.session_id, str(row.date), row.app) for row in metrics.select("session_id", "date", "app").collect()}
    verdict("a bad session is one error row, in its header's partition",
            None if [(e[0], e[1]) for e in errors] == [("fleet-bad", "Music")] and ("fleet-bad", "2026-11-02", "Music") in partitions
            else f"error rows {errors}")

    failures = portable_queries.check(database, export, spark=spark)
    for _ in range(failures):
        verdict("a query differs between engines", "see above")
    passed += len(list(portable_queries.queries())) - failures
    spark.stop()
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
