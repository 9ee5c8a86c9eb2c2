#!/usr/bin/env python3
"""CI check: the Spark job's outputs equal `navrec import` + `navrec report`, row for row, on a
fleet with the inputs a real one delivers (make_fleet.py --edge-cases), and every Queries/*.sql
returns the same rows on the job's outputs in DuckDB and Spark SQL as on the database in SQLite;
the job's timeline/, observed_gaps/ and chunk_gaps/ equal the database's views of those names.

    python3 Integrations/spark/check_equal.py --navrec .build/release/navrec --recordings fleet/ --work tmp/

Steps: two loads into one landing table (every file, then x-redelivered.ndjson again: appending
never deletes, and a re-delivery across loads counts once); `import` of every file (from inside
--recordings, so `source` is the same relative name) and `report`; the job over every day; then a
second run of one day, which must leave the other days' files untouched. Quarantined sessions are
not analysed by the job, so the oversized one is deleted from the database before comparing.
Runs one Spark session (--master, default local[2]: the spark:// URL Integrations/spark/cluster.sh
start prints runs it on a standalone cluster).
Prints a line per check and ends with 'N passed, M failed'; exit 1 on any failure.
"""
import argparse
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]

import analyze_job  # noqa: E402
import portable_queries  # noqa: E402

SESSION_COLUMNS = ["id", "app", "screen", "device", "os", "fps", "started_at", "behaviors", "parameters", "content_id", "source",
                   "samples", "observed_samples", "events", "ignored_keys", "duration", "recording_id", "t_origin",
                   "screen_scale", "app_version", "build", "recorder_moving", "recorder_at_rest"]
FINDING_COLUMNS = ["session_id", "settings", "kind", "subkind", "signal", "source", "severity", "start_t", "end_t",
                   "count", "y_min", "y_max", "suggested_hysteresis", "suggested_swipe_distance", "message", "details"]
SUMMARY_COLUMNS = ["session_id", "app", "screen", "device", "os", "behaviors", "fps", "samples", "observed_samples", "events",
                   "duration", "hitch_time_ratio", "frame_jitter", "gaps", "gap_time", "findings", "warnings", "errors",
                   "screen_scale", "app_version", "build"]
MAX_SESSION_MIB = "0.25"


def finding_key(row):
    """A finding as comparable values; details compared as parsed JSON (Spark re-serialises it)."""
    values = list(row[:-1]) + [json.dumps(json.loads(row[-1]), sort_keys=True)]
    return tuple("" if value is None else value if isinstance(value, str) else float(value) for value in values)


def import_and_report(navrec, recordings, database):
    """Imports every file as the job's landing names it; returns import's error lines."""
    errors = []
    for name in sorted(os.listdir(recordings)):
        result = subprocess.run([navrec, "import", name, "--db", database], capture_output=True, cwd=recordings)
        if result.returncode not in (0, 65):
            sys.exit(f"navrec import {name}: exit {result.returncode}: {result.stderr.decode()}")
        errors += [line for line in result.stderr.decode().splitlines() if ": error: " in line]
    subprocess.run([navrec, "report", "--db", database, "--format", "json"], check=True, capture_output=True)
    return sorted(errors)


def load(recordings, landing, *names):
    paths = [os.path.join(recordings, name) for name in names] if names else [recordings]
    command = [sys.executable, os.path.join(HERE, "load_landing.py"), *paths, "--landing", landing, "--max-session-mib", MAX_SESSION_MIB]
    output = subprocess.run(command, check=True, capture_output=True, text=True, cwd=recordings if names else None).stdout
    print(output.strip(), flush=True)


def files_digest(root, skip_day):
    """Path -> SHA-256 of every file under `root` outside `date=skip_day`."""
    digests = {}
    for directory, _, names in os.walk(root):
        if f"date={skip_day}" in directory.split(os.sep):
            continue
        for name in names:
            path = os.path.join(directory, name)
            with open(path, "rb") as file:
                digests[os.path.relpath(path, root)] = hashlib.sha256(file.read()).hexdigest()
    return digests


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navrec", required=True)
    parser.add_argument("--recordings", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--master", default="local[2]", help="e.g. the spark:// URL Integrations/spark/cluster.sh start prints")
    args = parser.parse_args()
    navrec = os.path.abspath(args.navrec)
    recordings = os.path.abspath(args.recordings)
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    landing, results = os.path.abspath(os.path.join(args.work, "landing")), os.path.abspath(os.path.join(args.work, "results"))
    database = os.path.abspath(os.path.join(args.work, "navrec.sqlite"))
    load(recordings, landing)
    load(recordings, landing, "x-redelivered.ndjson")
    import_errors = import_and_report(navrec, recordings, database)

    from pyspark.sql import SparkSession
    start = time.monotonic()
    spark = (SparkSession.builder.master(args.master).appName("navrec-ci").config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false").config("spark.sql.shuffle.partitions", "4").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    print(f"spark {spark.version} start-up: {time.monotonic() - start:.1f} s", flush=True)
    start = time.monotonic()
    counts = analyze_job.run(spark, landing, results, navrec, [])
    print(f"spark job: {time.monotonic() - start:.1f} s; wrote {counts}", flush=True)

    passed, failed = 0, 0

    def verdict(name, problem):
        nonlocal passed, failed
        if problem:
            failed += 1
            print(f"FAIL {name}: {problem}", flush=True)
        else:
            passed += 1
            print(f"ok   {name}", flush=True)

    def table(name):
        return spark.read.parquet(os.path.join(results, name))

    quarantine = sorted((row.source, row.first_line, row.recording_id) for row in table("quarantine").collect())
    verdict("the oversized session and the one with a line over 64 MiB are quarantined with their landing keys",
            None if [(q[0], q[2]) for q in quarantine] == [("x-over-long-line.ndjson", "edge-long-line"), ("x-oversized.ndjson", "edge-oversized")]
            and table("quarantine").where("landing_key IS NULL").count() == 0 else f"quarantine {quarantine}")
    sqlite = sqlite3.connect(database)
    sqlite.execute("DELETE FROM sessions WHERE id = 'edge-oversized'")  # in quarantine, not analysed by the job
    sqlite.commit()

    expected = sorted(portable_queries.normalized(sqlite.execute(f"SELECT {', '.join(SESSION_COLUMNS)} FROM sessions")))
    actual = sorted(portable_queries.normalized(tuple(row) for row in table("sessions").select(*SESSION_COLUMNS).collect()))
    verdict(f"sessions equal import's ({len(expected)}: re-deliveries once, a reused id as ID~HASH)",
            portable_queries.differences(expected, actual)
            or (None if any("~" in row[0] for row in expected) and len(expected) >= 60 else "no derived id, or too few sessions"))
    expected = sorted(finding_key(row) for row in sqlite.execute(f"SELECT {', '.join(FINDING_COLUMNS)} FROM findings WHERE settings = ''"))
    actual = sorted(finding_key(tuple(row)) for row in table("findings").select(*FINDING_COLUMNS).collect())
    verdict(f"findings equal import + report ({len(expected)})", portable_queries.differences(expected, actual) or (None if expected else "no findings"))
    expected = sorted(portable_queries.normalized(sqlite.execute(f"SELECT {', '.join(SUMMARY_COLUMNS)} FROM session_summary")))
    actual = sorted(portable_queries.normalized(tuple(row) for row in table("session_summary").select(*SUMMARY_COLUMNS).collect()))
    verdict(f"session_summary equals the database's ({len(expected)})", portable_queries.differences(expected, actual))

    for view, key in (("timeline", "session_id, seq, source"), ("observed_gaps", "session_id, seq"),
                      ("chunk_gaps", "session_id, first_seq")):
        columns = [column[0] for column in sqlite.execute(f"SELECT * FROM {view} LIMIT 0").description]
        verdict(f"{view}/ has the {view} view's columns, in its order", None if table(view).columns[:len(columns)] == columns
                else f"{table(view).columns} instead of {columns}")
        expected = portable_queries.normalized(sqlite.execute(f"SELECT {', '.join(columns)} FROM {view} ORDER BY {key}"))
        actual = portable_queries.normalized(tuple(row) for row in table(view).select(*columns).orderBy(*key.split(", ")).collect())
        verdict(f"{view} equals the database's ({len(expected)} rows)", portable_queries.differences(expected, actual)
                or (None if expected else "no rows"))

    errors = table("errors")
    job_errors = sorted(row.error for row in errors.collect())
    wanted = [line for line in import_errors if "longer than 64 MiB" not in line]
    verdict(f"error rows are import's errors ({len(wanted)}: bad line, invalid UTF-8, truncated header), the over-long line's in quarantine",
            None if job_errors == wanted else f"{job_errors} instead of {wanted}")
    truncated = errors.where("source = 'x-truncated-header.ndjson'").collect()
    verdict("a truncated header's error row has source, first_line and landing key, in Hive's default partition (read as NULL)",
            None if len(truncated) == 1 and truncated[0].first_line == 1 and truncated[0].landing_key and truncated[0].date is None
            and truncated[0].session_id is None else f"{truncated}")
    stamped = [name for name in analyze_job.TABLES if table(name).where("run_id IS NULL OR navrec_version IS NULL OR settings IS NULL").count()]
    verdict("every output row carries run_id, navrec_version and settings", f"missing in {stamped}" if stamped else None)

    day = "2026-11-02"
    before = {name: files_digest(os.path.join(results, name), day) for name in analyze_job.TABLES}
    day_rows = sorted(portable_queries.normalized(tuple(row) for row in table("sessions").where(f"date = '{day}'").select(*SESSION_COLUMNS).collect()))
    first_run = table("sessions").select("run_id").first().run_id
    start = time.monotonic()
    analyze_job.run(spark, landing, results, navrec, [], days=[day])
    print(f"spark job, one day again: {time.monotonic() - start:.1f} s", flush=True)
    after = {name: files_digest(os.path.join(results, name), day) for name in analyze_job.TABLES}
    again = table("sessions").where(f"date = '{day}'")
    verdict(f"a second run of {day} replaces that day only (same rows, new run id; other days' files untouched)",
            None if before == after and sorted(portable_queries.normalized(tuple(row) for row in again.select(*SESSION_COLUMNS).collect())) == day_rows
            and again.where(f"run_id = '{first_run}'").count() == 0 and day_rows else "other days changed, or the day's rows differ")

    failures = portable_queries.check(database, results, spark=spark, layout="job")
    for _ in range(failures):
        verdict("a query differs between engines", "see above")
    passed += len(list(portable_queries.queries())) - failures

    lean = os.path.join(args.work, "results-no-timeline")
    counts = analyze_job.run(spark, landing, lean, navrec, [], timeline=False)
    rows = lambda root: sorted(portable_queries.normalized(tuple(row) for row in spark.read.parquet(os.path.join(root, "sessions")).select(*SESSION_COLUMNS).collect()))
    verdict("--no-timeline writes the same sessions and no per-sample outputs",
            None if rows(lean) == rows(results) and not os.path.exists(os.path.join(lean, "timeline"))
            and not os.path.exists(os.path.join(lean, "observed_gaps")) and not os.path.exists(os.path.join(lean, "chunk_gaps"))
            else f"wrote {counts}")
    spark.stop()
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
