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
    parser.add_argument("--remote", help="run under Spark Connect: sc://HOST:PORT, or local[N] for a local Connect server")
    parser.add_argument("--faults", action="store_true",
                        help="also run the job on a hanging, a crashing and a long (spilled) session, with TMPDIR not writable")
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
    # The job must not need a writable TMPDIR (navrec's scratch files go to a task-local directory):
    # the Spark processes and their Python workers get one that does not exist.
    os.environ["TMPDIR"] = "/nonexistent/navrec-ci-tmp"
    builder = SparkSession.builder.appName("navrec-ci").config("spark.ui.enabled", "false") \
        .config("spark.ui.showConsoleProgress", "false").config("spark.sql.shuffle.partitions", "4")
    spark = (builder.remote(args.remote) if args.remote else builder.master(args.master)).getOrCreate()
    if not analyze_job.is_connect(spark):
        spark.sparkContext.setLogLevel("ERROR")
    print(f"spark {spark.version} start-up ({'Spark Connect ' + args.remote if args.remote else args.master}, "
          f"TMPDIR={os.environ['TMPDIR']}): {time.monotonic() - start:.1f} s", flush=True)
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

    check_timeline_file(navrec, recordings, args.work, verdict)

    quarantine = sorted((row.source, row.first_line, row.recording_id) for row in table("quarantine").collect())
    verdict("the oversized session and the one with a line over 64 MiB are quarantined with their landing keys and reason",
            None if [(q[0], q[2]) for q in quarantine] == [("x-over-long-line.ndjson", "edge-long-line"), ("x-oversized.ndjson", "edge-oversized")]
            and table("quarantine").where("landing_key IS NULL OR reason IS NULL").count() == 0 else f"quarantine {quarantine}")
    sqlite = sqlite3.connect(database)
    sqlite.execute("DELETE FROM sessions WHERE id = 'edge-oversized'")  # in quarantine, not analysed by the job
    sqlite.commit()

    expected = sorted(portable_queries.normalized(sqlite.execute(f"SELECT {', '.join(SESSION_COLUMNS)} FROM sessions")))
    actual = sorted(portable_queries.normalized(tuple(row) for row in table("sessions").select(*SESSION_COLUMNS).collect()))
    verdict(f"sessions equal import's ({len(expected)}: re-deliveries once, a reused id as ID~HASH)",
            portable_queries.differences(expected, actual)
            or (None if any("~" in row[0] for row in expected) and len(expected) >= 20 else "no derived id, or too few sessions"))
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

    check_files(spark, results, os.path.join(args.work, "publish"), verdict)

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

    # Identity is a function of the landing: days run out of order (a clean day first, then the
    # reused id's day before its first recording's, as a backfill does) and two runs at once give
    # import's ids. The clean day alone also shows errors/ and quarantine/ as readable empty tables.
    import threading
    import duckdb
    shuffled = os.path.join(args.work, "results-out-of-order")
    all_days = sorted(date for date, _ in analyze_job.partitions(spark, landing))
    start = time.monotonic()
    analyze_job.run(spark, landing, shuffled, navrec, [], days=["2026-11-03"], timeline=False)
    readable = {name: spark.read.parquet(os.path.join(shuffled, name)).count() for name in ("errors", "quarantine")}
    in_duckdb = {name: duckdb.sql(f"SELECT count(*) FROM read_parquet('{shuffled}/{name}/**/*.parquet', hive_partitioning = true)").fetchall()[0][0]
                 for name in ("errors", "quarantine")}
    verdict(f"a clean day's errors/ and quarantine/ are empty tables Spark and DuckDB read ({readable}, {in_duckdb})",
            None if readable == {"errors": 0, "quarantine": 0} == in_duckdb else "not empty")
    analyze_job.run(spark, landing, shuffled, navrec, [], days=["2026-11-01"], timeline=False)
    rest = [day for day in all_days if day not in ("2026-11-01", "2026-11-03")]
    failures_in_threads = []

    def run_days(chosen):
        try:
            analyze_job.run(spark, landing, shuffled, navrec, [], days=chosen, timeline=False)
        except Exception as error:  # noqa: BLE001
            failures_in_threads.append(repr(error))
    threads = [threading.Thread(target=run_days, args=([day],)) for day in rest]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(f"spark job, days out of order and two at once: {time.monotonic() - start:.1f} s", flush=True)
    ordered = sorted(portable_queries.normalized(tuple(row) for row in spark.read.parquet(os.path.join(shuffled, "sessions")).select(*SESSION_COLUMNS).collect()))
    in_order = sorted(portable_queries.normalized(tuple(row) for row in table("sessions").select(*SESSION_COLUMNS).collect()))
    ids = [row[0] for row in ordered]
    verdict(f"days run out of order (2026-11-03, 2026-11-01, then {' and '.join(rest)} at once) give import's ids "
            f"({len(ids)} sessions, no id twice)",
            "; ".join(failures_in_threads) or portable_queries.differences(in_order, ordered)
            or (f"ids held twice: {sorted({i for i in ids if ids.count(i) > 1})}" if len(set(ids)) != len(ids) else None))

    if args.faults:
        check_faults(spark, navrec, recordings, args.work, verdict)

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


def timeline_text_rows(text, columns):
    """`navrec analyze --rows --timeline`'s timeline lines (the text for people) read by pyarrow's CSV
    reader, session lines skipped: (Table of `columns`, the key of each row)."""
    import io
    import pyarrow as pa
    import pyarrow.csv as pacsv
    names = ["landing_key"] + [name for name, _ in columns]
    types = {"landing_key": pa.string()} | {name: analyze_job.navrec_worker.ARROW_TYPES[kind] for name, kind in columns}
    table = pacsv.read_csv(io.BytesIO(text), read_options=pacsv.ReadOptions(column_names=names, use_threads=False),
                           parse_options=pacsv.ParseOptions(delimiter="\t", quote_char=False, escape_char=False, double_quote=False,
                                                             invalid_row_handler=lambda row: "skip"),
                           convert_options=pacsv.ConvertOptions(column_types=types, null_values=["\\N"], strings_can_be_null=True))
    return table.drop_columns(["landing_key"]), table["landing_key"].to_pylist()


def check_timeline_file(navrec, recordings, work, verdict):
    """`--timeline-file` read by navrec_worker.read_timeline (pyarrow + numpy, as the job reads it)
    holds the very values of the `--timeline` text rows, bit for bit, every recording a row; a
    truncated file, another version and other columns are refused."""
    import base64
    import numpy as np
    import pyarrow as pa
    columns = analyze_job.timeline_columns()
    rows = b"".join(b"\t".join((name.encode(), base64.b64encode(name.encode()), b"1", base64.b64encode(open(os.path.join(recordings, name), "rb").read()))) + b"\n"
                    for name in sorted(os.listdir(recordings)) if not name.startswith("x-over"))
    path = os.path.join(work, "timeline.bin")
    environment = dict(os.environ, TMPDIR=work)  # the check's own TMPDIR points nowhere
    text = subprocess.run([navrec, "analyze", "--rows", "--timeline"], input=rows, capture_output=True, env=environment)
    binary = subprocess.run([navrec, "analyze", "--rows", "--timeline-file", path], input=rows, capture_output=True, env=environment)
    if not os.path.exists(path):
        return verdict("--timeline-file writes its file", f"exit {binary.returncode}: {binary.stderr.decode()[-300:]}")
    with open(path, "rb") as file:
        data = file.read()
    expected, expected_keys = timeline_text_rows(text.stdout, columns)
    actual, block_keys, counts = analyze_job.navrec_worker.read_timeline(data, columns)
    keys = [key for key, count in zip(block_keys, counts) for _ in range(count)]
    session_lines = [line for line in text.stdout.split(b"\n") if line.count(b"\t") == 1]

    def same(a, b):
        if a.type == pa.float64():
            bits = lambda array: array.fill_null(0).to_numpy(zero_copy_only=False).view(np.int64)
            return a.is_null().equals(b.is_null()) and np.array_equal(bits(a), bits(b))
        return a.equals(b)
    differing = [name for name, _ in columns if not same(expected[name].combine_chunks(), actual[name].combine_chunks())]
    verdict(f"--timeline-file read by pyarrow equals the --timeline text rows bit for bit ({actual.num_rows} rows, "
            f"{len(block_keys)} blocks, {len(data) >> 10} KiB against {len(text.stdout) >> 10} KiB of text)",
            None if text.returncode == binary.returncode == 65 and binary.stdout == b"\n".join(session_lines) + b"\n"
            and expected.num_rows == actual.num_rows > 1000 and keys == expected_keys and not differing
            else f"exit {text.returncode}/{binary.returncode}, rows {expected.num_rows}/{actual.num_rows}, "
                 f"keys equal {keys == expected_keys}, columns differing {differing}")
    refused = []
    for name, damaged, wanted in (("truncated", data[:-8], columns), ("version 2", data[:8] + b"\x02" + data[9:], columns),
                                  ("other columns", data, columns[:-1])):
        try:
            analyze_job.navrec_worker.read_timeline(damaged, wanted)
        except ValueError:
            refused.append(name)
    others = []
    # Cut anywhere but at a multiple of 8 (where a block may end): a ValueError, never another error.
    for cut in (cut for cut in range(1, len(data), max(1, len(data) // 97)) if cut % 8):
        try:
            analyze_job.navrec_worker.read_timeline(data[:cut], columns)
            others.append(f"{cut}: read")
        except ValueError:
            pass
        except Exception as error:  # noqa: BLE001
            others.append(f"{cut}: {error!r}")
    verdict("a truncated timeline file (at ~100 places), another version and other columns are refused",
            None if len(refused) == 3 and not others else f"refused only {refused}; {others[:3]}")


def check_files(spark, results, probe, verdict):
    """A handful of files per (date, app), no staging folder left behind; and publish() given a
    staging folder holding a failed attempt's file beside the successful one's (only the latter in
    the collected rows), an old run's file and a partition the run no longer produces."""
    import duckdb
    import pyarrow as pa
    import pyarrow.parquet as pq
    most = max(len([name for name in names if name.endswith(".parquet")])
               for table in analyze_job.TABLES for _, _, names in os.walk(os.path.join(results, table)))
    left = [name for name in os.listdir(results) if name.startswith("_")]
    verdict(f"at most 4 files per (date, app) in every table (most: {most}), no staging folder left ({left})",
            None if most <= 4 and not left else "too many files, or a staging folder left")

    columns = analyze_job.per_sample_columns()
    schema = pa.schema([(name, analyze_job.navrec_worker.ARROW_TYPES[kind]) for name, kind in columns["timeline"]])

    def rows(path, session, count):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        pq.write_table(pa.table({name: pa.array([session if name == "session_id" else None] * count, field.type)
                                 for name, field in zip(schema.names, schema)}, schema=schema), path)
    staged = os.path.join(probe, "_navrec_staging-r2", "timeline")
    rows(os.path.join(staged, "part-r2-00000-7-000.parquet"), "kept", 2)
    rows(os.path.join(staged, "part-r2-00000-9-000.parquet"), "failed attempt", 3)
    rows(os.path.join(probe, "timeline", "date=2026-11-01", "app=Mail", "part-r1-00000-1-000.parquet"), "old run", 5)
    rows(os.path.join(probe, "timeline", "date=2026-11-01", "app=Maps", "part-r1-00000-1-001.parquet"), "no longer produced", 5)
    rows(os.path.join(probe, "timeline", "date=2026-11-02", "app=Mail", "part-r1-00000-1-002.parquet"), "other day", 1)
    analyze_job.publish(probe, "r2", ["2026-11-01"], {"timeline": [("2026-11-01", "Mail", "timeline/part-r2-00000-7-000.parquet", 2)]},
                        {"timeline": columns["timeline"]})
    read = sorted((row.session_id, row.date, row.app) for row in spark.read.parquet(os.path.join(probe, "timeline")).collect())
    in_duckdb = duckdb.sql(f"SELECT count(*) FROM read_parquet('{probe}/timeline/**/*.parquet', hive_partitioning = true)").fetchall()[0][0]
    wanted = [("kept", "2026-11-01", "Mail")] * 2 + [("other day", "2026-11-02", "Mail")]
    verdict("publish moves only the collected attempts' files, replaces the day's old files, empties a partition the run "
            "no longer produces, keeps other days and removes the staging folder",
            None if read == wanted and in_duckdb == 3 and not os.path.exists(os.path.dirname(staged))
            and os.listdir(os.path.join(probe, "timeline", "date=2026-11-01", "app=Maps")) else f"{read}, duckdb {in_duckdb}")


def check_faults(spark, navrec, recordings, work, verdict):
    """A navrec that hangs on one session and crashes on another (a wrapper around the real binary,
    keyed by the file name), and a session long enough to spill (over 16,384 frames), with the
    executors' TMPDIR not writable: the job exits normally, the two sessions are quarantined with the
    reason, every other session is analysed."""
    import base64
    import stat
    folder = os.path.join(work, "faults")
    os.makedirs(folder)
    source = os.path.join(recordings, "sessions-00000.ndjson")
    for name in ("a.ndjson", "x-hang.ndjson", "x-crash.ndjson"):
        shutil.copyfile(source, os.path.join(folder, name))
    with open(os.path.join(folder, "x-hang.ndjson"), "ab") as file:  # other content than a.ndjson's
        file.write(subprocess.run([navrec, "simulate", "--seed", "77", "--session-id", "hang-1", "--behavior", "blurHeader"], check=True, capture_output=True).stdout)
    with open(os.path.join(folder, "x-crash.ndjson"), "ab") as file:
        file.write(subprocess.run([navrec, "simulate", "--seed", "78", "--session-id", "crash-1", "--behavior", "largeTitle"], check=True, capture_output=True).stdout)
    with open(os.path.join(folder, "x-long.ndjson"), "wb") as file:
        file.write(subprocess.run([navrec, "simulate", "--seed", "79", "--session-id", "long-1", "--behavior", "blurHeader",
                                   "--gesture", "hover", "--duration", "300", "--fps", "120"], check=True, capture_output=True).stdout)
    # The wrapper runs the real binary from the work folder: a cluster's worker without the checkout's
    # .build/ (cluster.sh hides it) must still find it.
    real = os.path.join(work, "navrec-real")
    shutil.copyfile(navrec, real)
    os.chmod(real, 0o755)
    wrapper = os.path.join(work, "navrec-faulty")
    b64 = lambda name: base64.b64encode(name.encode()).decode()
    with open(wrapper, "w") as file:
        file.write(f"""#!/bin/bash
# navrec, but hanging on x-hang.ndjson's rows and crashing on x-crash.ndjson's (check_equal.py --faults)
input=$(mktemp) || exit 74   # in the TMPDIR the job gives navrec
trap 'rm -f "$input"' EXIT
cat > "$input"
if grep -q -F '{b64("x-hang.ndjson")}' "$input"; then sleep 300; fi
if grep -q -F '{b64("x-crash.ndjson")}' "$input"; then kill -SEGV $$; fi
'{real}' "$@" < "$input"
""")
    os.chmod(wrapper, os.stat(wrapper).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    landing = os.path.join(work, "faults-landing")
    subprocess.run([sys.executable, os.path.join(HERE, "load_landing.py"), folder, "--landing", landing], check=True, capture_output=True)
    results = os.path.join(work, "faults-results")
    start = time.monotonic()
    analyze_job.run(spark, landing, results, wrapper, [], bounds={"timeout_s": 10, "timeout_s_per_mib": 0, "call_mib": 8})
    print(f"spark job with a hanging and a crashing navrec: {time.monotonic() - start:.1f} s", flush=True)
    quarantined = sorted((row.source, row.reason[:60]) for row in spark.read.parquet(os.path.join(results, "quarantine")).collect())
    sessions = {row.id: row.samples for row in spark.read.parquet(os.path.join(results, "sessions")).collect()}
    wanted = {"hang-1", "crash-1"}
    verdict(f"a hanging and a crashing navrec cost only their sessions (quarantined: {quarantined})",
            None if [q[0] for q in quarantined] == ["x-crash.ndjson", "x-hang.ndjson"] and "time limit" in quarantined[1][1]
            and "SIGSEGV" in quarantined[0][1] and not wanted & set(sessions) and len(sessions) == 21 else f"sessions {sorted(sessions)}")
    verdict(f"a session of {sessions.get('long-1')} frames (over 16,384: spilled) is analysed with TMPDIR={os.environ.get('TMPDIR')}",
            None if (sessions.get("long-1") or 0) > 16384 else f"long-1: {sessions.get('long-1')}")


if __name__ == "__main__":
    main()
