#!/usr/bin/env python3
"""navrec on Apache Spark: runs the landing table (load_landing.py) through `navrec analyze --rows
--timeline-file` in the executors' Python workers (mapInArrow, navrec_worker.py) and writes the
database's public tables as Parquet, partitioned by date and app (Docs "Beyond one machine").

    spark-submit --master local[2] Integrations/spark/analyze_job.py \\
        --landing landing/ --out results/ --navrec .build/release/navrec [--date 2026-11-02 ...] [--set flapping.window=0.5 ...]
    python3 Integrations/spark/analyze_job.py --remote sc://HOST:15002 ...      # Spark Connect (or SPARK_REMOTE)

Spark plans (the identity of each landing row, from the landing alone) and runs the tasks; each
task's Python worker pipes its landing rows (each session's NDJSON bytes as they are, after a
line naming the row and their length) through the navrec binary (shipped with
SparkContext.addFile, or addArtifacts under Spark Connect) in bounded calls (time, address space, a task-local TMPDIR; what fails alone is quarantined with
the reason), turns the session lines into the small tables' rows (one json.loads a session), reads
the binary timeline with numpy and works out observed_gaps and chunk_gaps. No SparkContext or JVM
access is needed on the driver but for the classic preflight's parallelism and addFile.

No output row passes through Spark: each task attempt writes every table with pyarrow as Parquet
files (a file per table and (date, app) it touched, named by the run, its partition and its
attempt) into the run's staging folder `OUT/_navrec_staging-RUN/`, and returns only their names and
row counts; once every task succeeded, the driver publishes the files of the attempts whose rows it
collected into each `(date, app)` (the per-sample files moved, the small tables' merged into one
file a partition) and deletes the staging folder (`publish`): Spark's from_json, joins, shuffles and
writes cost several times navrec's own CPU for these rows (Docs/fleet.md "Sizing"). Both go through
pyarrow.fs (FileSystem.from_uri): a local path, hdfs://, s3:// (or s3a://), gs://; so the executors
and the driver need write access to OUT through pyarrow (S3's and GCS's credentials in their
environment, libhdfs and CLASSPATH for HDFS).

Outputs under --out, each partitioned by date and app and each row with `run_id`, `navrec_version`
and `settings` (the --set assignments, sorted, comma-separated; '' for defaults):
- sessions/, findings/, session_summary/: the database's columns (Docs "The database"), plus
  `landing_key` and `first_line` on sessions; `imported_at` and `analyzed_at` are the run's start.
- errors/: one row per session navrec rejected: landing_key, source, first_line, session_key,
  session_id (the header's id, NULL when it had none), started_at and error (`SOURCE:LINE:COL:
  error: …`, LINE counted in the recorded file).
- quarantine/: one row per landing row not analysed: landed without its NDJSON (over the loader's
  --max-session-mib, or with a line over 64 MiB) or past a navrec bound: landing_key, load_id, source,
  first_line, session_key, recording_id, bytes, reason.
- timeline/, observed_gaps/, chunk_gaps/ (not with --no-timeline, which leaves them as they were): the database's views of those
  names (observed_gaps is |observed - computed| of each numeric field per observed sample, NULL where either is NULL;
  chunk_gaps its largest per field and the earliest t with it, per 64 samples from seq 0 that hold an observed state).
A table without rows gets an empty Parquet file, so it reads as an empty table.

Identity as `import` has it, from the landing alone (any order of runs gives the same ids): a
re-delivery (the same session_key again) is analysed once, at its first landing_key; a recording id
belongs to the landing's first recording with it (by landing_key, over every day and load), a later
one with other content gets `ID~HASH`. Re-running days (--date, default every day in the landing)
replaces those days' partitions of every output (as a dynamic partition overwrite does; partitions
a re-run no longer produces are emptied); other days are untouched. A run that fails leaves the
tables as they were and deletes its staging folder (which no table reads) on the way out.
"""
import argparse
import os
import re
import sys
import time
import urllib.parse
import uuid

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import navrec_worker  # noqa: E402

TABLES = ["sessions", "findings", "timeline", "observed_gaps", "chunk_gaps", "session_summary", "errors", "quarantine"]
LANDING_SCHEMA = ("landing_key STRING, load_id STRING, source STRING, first_line BIGINT, session_key STRING, "
                  "recording_id STRING, bytes BIGINT, ndjson BINARY, date STRING, app STRING")
DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__"
# Hive's (and Spark's) escaped path characters (ExternalCatalogUtils.escapePathName), as load_landing.py.
ESCAPED = set('"#%\'*/:=?\\\x7f{[]^') | {chr(code) for code in range(0x20)}
# Samples per chunk as `import` stores them (Store's FrameChunkBuilder.capacity); check_equal.py compares chunk_gaps/.
CHUNK_SAMPLES = 64
# Rows per file of the small tables (Spark's maxRecordsPerFile as the job set it when Spark wrote them).
MAX_RECORDS = 1_000_000
# Landing rows per Arrow batch handed to a Python worker: 32 sessions of at most the loader's
# --max-session-mib (32) stay under Arrow's 2 GiB binary column; typical sessions make ~6 MiB.
ROWS_PER_BATCH = 32
# NDJSON per navrec call: a task (~80 MiB of NDJSON at the default --split-mib) makes ~3 calls, so
# navrec's start-up is paid ~3 times a task rather than once a few sessions; a call that fails is
# retried a row at a time, so a larger call costs only time when one row is bad.
CALL_MIB = 32.0
# Landing bytes per shuffle partition of the identity plan (plan()): it shuffles only keys (~0.2 KB
# a session against ~20 KB of landing), so Spark's default 200 partitions were 200 near-empty
# sorts, fetches and tasks per shuffle on a day's landing.
PLAN_BYTES_PER_PARTITION = 1 << 30
LANDED_WITHOUT_BYTES = "landed without its bytes: over the loader's --max-session-mib, or a line over 64 MiB"


def ddl(name: str) -> str:
    """The column list of one of this folder's .ddl files, its comment lines left out."""
    with open(os.path.join(HERE, name)) as file:
        return " ".join(line.strip() for line in file if line.strip() and not line.startswith("--"))


def timeline_columns() -> list[tuple[str, str]]:
    """(name, Spark type) of a `--timeline` line's fields after the key, in order (analyze_timeline_schema.ddl)."""
    return [tuple(column.split()) for column in ddl("analyze_timeline_schema.ddl").split(", ")]


def gap_fields() -> list[str]:
    """The numeric bar-state fields whose |observed - computed| observed_gaps holds, in order."""
    return [name for name, kind in timeline_columns()[5:] if kind == "DOUBLE" and name != "frame_duration"]


# Columns every output row carries after its own (the partition columns date and app are directories).
STAMP_COLUMNS = ["settings", "run_id", "navrec_version"]


# The small tables' file columns, (name, Spark type), as Spark wrote them before the workers did
# (date and app are the directories; the database's columns, Docs "The database"), then STAMP_COLUMNS.
SMALL_TABLE_COLUMNS = {
    "sessions": [("id", "STRING"), ("screen", "STRING"), ("device", "STRING"), ("os", "STRING"), ("fps", "DOUBLE"),
                 ("started_at", "STRING"), ("behaviors", "STRING"), ("parameters", "STRING"), ("content_id", "STRING"),
                 ("source", "STRING"), ("samples", "BIGINT"), ("observed_samples", "BIGINT"), ("events", "BIGINT"),
                 ("ignored_keys", "BIGINT"), ("duration", "DOUBLE"), ("imported_at", "STRING"), ("recording_id", "STRING"),
                 ("t_origin", "DOUBLE"), ("screen_scale", "DOUBLE"), ("app_version", "STRING"), ("build", "STRING"),
                 ("recorder_moving", "STRING"), ("recorder_at_rest", "STRING"), ("landing_key", "STRING"), ("first_line", "BIGINT")],
    "findings": [("session_id", "STRING"), ("settings", "STRING"), ("kind", "STRING"), ("subkind", "STRING"), ("signal", "STRING"),
                 ("source", "STRING"), ("severity", "STRING"), ("start_t", "DOUBLE"), ("end_t", "DOUBLE"), ("count", "BIGINT"),
                 ("y_min", "DOUBLE"), ("y_max", "DOUBLE"), ("suggested_hysteresis", "DOUBLE"), ("suggested_swipe_distance", "DOUBLE"),
                 ("message", "STRING"), ("details", "STRING")],
    "session_summary": [("session_id", "STRING"), ("screen", "STRING"), ("device", "STRING"), ("os", "STRING"), ("behaviors", "STRING"),
                        ("fps", "DOUBLE"), ("samples", "BIGINT"), ("observed_samples", "BIGINT"), ("events", "BIGINT"),
                        ("duration", "DOUBLE"), ("imported_at", "STRING"), ("hitch_time_ratio", "DOUBLE"), ("frame_jitter", "DOUBLE"),
                        ("gaps", "BIGINT"), ("gap_time", "DOUBLE"), ("analyzed_at", "STRING"), ("findings", "BIGINT"),
                        ("warnings", "BIGINT"), ("errors", "BIGINT"), ("screen_scale", "DOUBLE"), ("app_version", "STRING"), ("build", "STRING")],
    "errors": [("landing_key", "STRING"), ("source", "STRING"), ("first_line", "BIGINT"), ("session_key", "STRING"),
               ("session_id", "STRING"), ("started_at", "STRING"), ("error", "STRING")],
    "quarantine": [("landing_key", "STRING"), ("load_id", "STRING"), ("source", "STRING"), ("first_line", "BIGINT"),
                   ("session_key", "STRING"), ("recording_id", "STRING"), ("bytes", "BIGINT"), ("reason", "STRING")],
}


def table_columns(timeline: bool) -> dict[str, list[tuple[str, str]]]:
    """Every output's file columns the run writes: the small tables', then with the timeline the per-sample ones."""
    stamps = [(name, "STRING") for name in STAMP_COLUMNS]
    small = {name: columns + [stamp for stamp in stamps if stamp[0] not in dict(columns)] for name, columns in SMALL_TABLE_COLUMNS.items()}
    return small | (per_sample_columns() if timeline else {})


def per_sample_columns() -> dict[str, list[tuple[str, str]]]:
    """Each per-sample output's file columns, (name, Spark type), as Spark would write them: the
    view's columns, then STAMP_COLUMNS (date and app are the directories)."""
    columns = timeline_columns()
    names = dict(columns)
    order = ["seq", "t", "y", "phase", "source"] + [name for name, _ in columns[5:]]
    gaps = gap_fields()
    stamps = [(name, "STRING") for name in STAMP_COLUMNS]
    return {
        "timeline": [("session_id", "STRING")] + [(name, names[name]) for name in order] + stamps,
        "observed_gaps": [("session_id", "STRING"), ("seq", "BIGINT"), ("t", "DOUBLE")] + [(f"{name}_gap", "DOUBLE") for name in gaps] + stamps,
        "chunk_gaps": [("session_id", "STRING"), ("first_seq", "BIGINT")]
        + [(f"{name}_gap{suffix}", "DOUBLE") for name in gaps for suffix in ("", "_t")] + stamps,
    }


def is_connect(spark: SparkSession) -> bool:
    """Whether `spark` is a Spark Connect session (no SparkContext, no JVM on this side)."""
    return type(spark).__module__.startswith("pyspark.sql.connect")


def shipped_names(conf) -> set[str]:
    """The names spark-submit's --files and --archives gave the session (`a.tar.gz#NAME` is NAME)."""
    entries = (entry for key in ("spark.files", "spark.archives", "spark.yarn.dist.files", "spark.yarn.dist.archives")
               for entry in (conf.get(key) or "").split(",") if entry)
    return {entry.rsplit("#", 1)[1] if "#" in entry else os.path.basename(entry) for entry in entries}


def ship(spark: SparkSession, navrec: str) -> str:
    """Adds the binary to the session's files (SparkContext.addFile, or addArtifacts under Spark
    Connect); executors find it with SparkFiles.get. Returns its file name. One that spark-submit
    ships already under that name (`--archives navrec.tar.gz#navrec` with `--navrec navrec/navrec`)
    is not added again: addFile refused it (`File …/navrec exists and does not match contents`)."""
    name = os.path.basename(navrec)
    if is_connect(spark):
        try:
            spark.addArtifacts(navrec, file=True)
        except Exception as error:  # noqa: BLE001 - added before in this session (check_equal runs the job twice)
            if "already" not in str(error).lower() and "exist" not in str(error).lower():
                raise
    elif name not in shipped_names(spark.sparkContext.getConf()):
        spark.sparkContext.addFile(navrec)
    return name


def worker_config(spark: SparkSession, navrec: str, settings: list[str], timeline: bool, bounds: dict) -> dict:
    return {"binary_name": ship(spark, navrec), "driver_path": navrec, "settings": list(settings), "timeline": timeline,
            "timeline_columns": timeline_columns(), "gap_fields": gap_fields(), "chunk_samples": CHUNK_SAMPLES,
            "table_columns": table_columns(timeline),
            "timeout_s": bounds.get("timeout_s", 60.0), "timeout_s_per_mib": bounds.get("timeout_s_per_mib", 10.0),
            "memory_mib": bounds.get("memory_mib", 2048), "call_mib": bounds.get("call_mib", CALL_MIB)}


def register_worker_code():
    """The worker's functions travel by value (cloudpickle), so executors need no copy of this folder."""
    try:
        from pyspark import cloudpickle
    except ImportError:  # pragma: no cover
        import cloudpickle
    cloudpickle.register_pickle_by_value(navrec_worker)


def preflight(spark: SparkSession, config: dict) -> str:
    """Runs `navrec --version` and an empty `analyze --rows` with the job's --set in a few tasks before
    any data moves, so a binary that cannot run on the executors, or a wrong setting, fails the job at
    once with navrec's own message; returns the version."""
    tasks = 2 if is_connect(spark) else max(1, spark.sparkContext.defaultParallelism)
    versions = {row.line for row in spark.range(tasks, numPartitions=tasks)
                .mapInArrow(navrec_worker.preflight(config), "line STRING").collect()}
    if len(versions) != 1:
        raise SystemExit(f"analyze_job.py: error: the executors run different navrec builds: {sorted(versions)}")
    return versions.pop().removeprefix("navrec ").strip()


def plan(keys: DataFrame, days: list[str]) -> DataFrame:
    """landing_key -> owner for the rows to analyse: the first delivery of each session_key in the
    chosen days (later deliveries are not analysed), `owner` being whether the landing's first
    recording (by landing_key, over every day and load) with its recording id is this one. Both are
    functions of the landing alone, whatever the order or overlap of the runs."""
    first = keys.groupBy("session_key").agg(F.min("landing_key").alias("landing_key"))
    owners = (keys.where(F.col("recording_id").isNotNull()).groupBy("recording_id")
              .agg(F.min(F.struct("landing_key", "session_key")).session_key.alias("owner_key")))
    return (keys.where(F.col("date").isin(days)).join(first, "landing_key", "left_semi")
            .join(owners, "recording_id", "left")
            .select("landing_key", (F.col("owner_key").isNull() | (F.col("owner_key") == F.col("session_key"))).alias("owner")))


def partition_path(value) -> str:
    if value is None or value == "":
        return DEFAULT_PARTITION
    return "".join(f"%{ord(c):02X}" if c in ESCAPED else c for c in value)


def partition_key(date, app):
    return (date or DEFAULT_PARTITION, app)


def partitions(spark: SparkSession, path: str) -> set | None:
    """The (date, app) partitions holding files under `path`, from the file listing alone (no Spark
    job; works under Spark Connect); None when nothing there reads as Parquet."""
    try:
        files = spark.read.parquet(path).inputFiles()
    except Exception as error:  # AnalysisException (classic and Connect raise different classes)
        if "PATH_NOT_FOUND" in str(error) or "UNABLE_TO_INFER_SCHEMA" in str(error) or "Path does not exist" in str(error) \
                or "Unable to infer schema" in str(error):
            return None
        raise
    found = set()
    for name in files:
        parts = dict(part.split("=", 1) for part in urllib.parse.urlparse(name).path.split("/") if part.startswith(("date=", "app=")))
        values = [None if parts.get(key) in (None, DEFAULT_PARTITION) else urllib.parse.unquote(parts[key]) for key in ("date", "app")]
        found.add(partition_key(*values))
    return found


def location(path: str) -> str:
    """`path` as navrec_worker.filesystem takes it: a URI as given, a local path made absolute."""
    if "://" in path or path.startswith("file:"):
        return path
    return os.path.abspath(path)


def landing_bytes(landing_dir: str) -> int:
    """The landing's size: its files' bytes, from a pyarrow.fs listing (no Spark job)."""
    from pyarrow import fs as pafs
    filesystem, root = navrec_worker.filesystem(location(landing_dir))
    listed = filesystem.get_file_info(pafs.FileSelector(root, recursive=True, allow_not_found=True))
    return sum(info.size or 0 for info in listed if info.type == pafs.FileType.File)


def staging_folder(out: str, run_name: str) -> str:
    """The run's own staging folder beside the tables (Spark and DuckDB skip `_` names)."""
    return location(out).rstrip("/") + f"/_navrec_staging-{run_name}"


def publish(out: str, run_name: str, days: list[str], files: dict, columns: dict):
    """Puts the files the job's tasks wrote into the run's staging folder into their tables under `out`,
    as a dynamic partition overwrite does: the per-sample tables' files are moved, the small tables'
    (SMALL_TABLE_COLUMNS: a task's share of a partition is a few KB) merged into one file per
    (date, app), a new one every MAX_RECORDS rows, so no table is thousands of tiny files; each (date, app) that got files loses its old ones; a
    (date, app) of the run's days that got none (a re-run that no longer produces it) is left with
    one empty file; a table without any partition gets one empty file in Hive's default partition,
    so it reads as a table. `files`: {table: [(date, app, file name in staging, rows)]}, from the
    'file' rows the job collected, so files of failed or duplicate task attempts stay out. Then
    removes the staging folder. pyarrow.fs: the same for a local path, HDFS, S3 or GCS."""
    import pyarrow as pa
    import pyarrow.parquet as pq
    from pyarrow import fs as pafs
    filesystem, root = navrec_worker.filesystem(location(out))
    staged = navrec_worker.filesystem(staging_folder(out, run_name))[1]

    def listing(directory):
        return filesystem.get_file_info(pafs.FileSelector(directory, allow_not_found=True))

    def empty(directory, name):
        schema = pa.schema([(column, navrec_worker.ARROW_TYPES[kind]) for column, kind in columns[name]])
        filesystem.create_dir(directory, recursive=True)
        with filesystem.open_output_stream(f"{directory}/part-{run_name}-empty.parquet") as stream:
            pq.write_table(schema.empty_table(), stream, compression="snappy")

    def merge(directory, name, names):
        """One partition's staged files of a small table as files of at most MAX_RECORDS rows (row
        groups of about navrec_worker.ROW_GROUP_BYTES) in `directory`; returns their names."""
        made, writer, in_file, pending, pending_bytes = [], None, 0, [], 0

        def flush():
            nonlocal pending, pending_bytes
            if pending:
                writer[0].write_table(pa.concat_tables(pending))
            pending, pending_bytes = [], 0
        for file_name in names:
            with filesystem.open_input_file(f"{staged}/{file_name}") as handle:
                table = pq.read_table(handle)
            while table.num_rows:
                if writer is None or in_file == MAX_RECORDS:
                    if writer:
                        flush()
                        writer[0].close()
                        writer[1].close()
                    made.append(f"part-{run_name}-{len(made):05d}.parquet")
                    stream = filesystem.open_output_stream(f"{directory}/{made[-1]}")
                    writer, in_file = (pq.ParquetWriter(stream, table.schema, compression="snappy"), stream), 0
                part = table.slice(0, MAX_RECORDS - in_file)
                table = table.slice(part.num_rows)
                pending.append(part)
                pending_bytes += part.nbytes
                in_file += part.num_rows
                if pending_bytes >= navrec_worker.ROW_GROUP_BYTES:
                    flush()
        if writer:
            flush()
            writer[0].close()
            writer[1].close()
        return set(made)

    def replace(directory, new_names):
        """Deletes every file of `directory` but `new_names` (the old run's, Spark's .crc files)."""
        for info in listing(directory):
            if info.type == pafs.FileType.File and info.base_name not in new_names:
                filesystem.delete_file(info.path)

    for name in columns:
        table = f"{root}/{name}"
        partitions = {}
        for date, app, file_name, _ in files.get(name, ()):
            partitions.setdefault(partition_key(date, app), []).append(file_name)
        for (date, app), names in sorted(partitions.items(), key=str):
            directory = f"{table}/date={partition_path(date)}/app={partition_path(app)}"
            filesystem.create_dir(directory, recursive=True)
            if name in SMALL_TABLE_COLUMNS:
                replace(directory, merge(directory, name, names))
                continue
            for file_name in names:
                filesystem.move(f"{staged}/{file_name}", f"{directory}/{os.path.basename(file_name)}")
            replace(directory, {os.path.basename(file_name) for file_name in names})
        existing = set()
        for info in listing(table):
            if info.type == pafs.FileType.Directory and info.base_name.startswith("date="):
                for inner in listing(info.path):
                    if inner.type == pafs.FileType.Directory and inner.base_name.startswith("app="):
                        values = [urllib.parse.unquote(part.split("=", 1)[1]) for part in (info.base_name, inner.base_name)]
                        existing.add(partition_key(*[None if value == DEFAULT_PARTITION else value for value in values]))
        for date, app in sorted(existing, key=str):
            if date in days and (date, app) not in partitions:
                directory = f"{table}/date={partition_path(date)}/app={partition_path(app)}"
                replace(directory, set())
                empty(directory, name)
        if not existing:
            empty(f"{table}/date={DEFAULT_PARTITION}/app={DEFAULT_PARTITION}", name)
        with filesystem.open_output_stream(f"{table}/_SUCCESS"):
            pass
    if filesystem.get_file_info(staged).type != pafs.FileType.NotFound:  # no task wrote a file: no folder
        filesystem.delete_dir(staged)


def run(spark: SparkSession, landing_dir: str, out: str, navrec: str, settings: list[str], days=None, run_id=None,
        timeline=True, bounds=None, split_mib=8.0) -> dict:
    """Runs the job over `days` (default: every day in the landing); returns the rows written per table.
    Without `timeline` the per-sample outputs (timeline/, observed_gaps/, chunk_gaps/) are neither made nor touched.
    `bounds`: timeout_s, timeout_s_per_mib, memory_mib, call_mib of each navrec call (navrec_worker.Runner)."""
    for key, value in {"spark.sql.sources.partitionColumnTypeInference.enabled": "false",
                       "spark.sql.execution.arrow.maxRecordsPerBatch": str(ROWS_PER_BATCH),
                       # A task reads ~split_mib of compressed landing (~6x that of NDJSON): tens of
                       # tasks of equal size rather than a few of hundreds of MB.
                       "spark.sql.files.maxPartitionBytes": str(int(split_mib * (1 << 20))),
                       "spark.sql.shuffle.partitions": str(max(1, -(-landing_bytes(landing_dir) // PLAN_BYTES_PER_PARTITION)))}.items():
        spark.conf.set(key, value)
    started = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    run_id = run_id or started.replace("-", "").replace(":", "") + "-" + uuid.uuid4().hex[:8]
    register_worker_code()
    config = worker_config(spark, navrec, settings, timeline, bounds or {}) | {"landed_reason": LANDED_WITHOUT_BYTES}
    version = preflight(spark, config)
    setting_text = ",".join(sorted(settings))
    # The per-sample files' name prefix and staging folder: the run id, as a file name.
    run_name = re.sub(r"[^A-Za-z0-9._-]", "_", run_id)
    config |= {"staging": staging_folder(out, run_name), "run_name": run_name,
               "constants": {"settings": setting_text, "run_id": run_id, "navrec_version": version}, "started": started}
    # The sessions' bytes stay out of Spark's rows: each task's Python worker reads them from the
    # landing files its rows name (`file`), as Spark would have, without the JVM copying them.
    keys = (spark.read.schema(LANDING_SCHEMA).option("basePath", landing_dir).parquet(landing_dir)
            .withColumn("file", F.col("_metadata.file_path")).drop("ndjson").withColumn("date", F.coalesce("date", F.lit(DEFAULT_PARTITION))))
    if days is None or not list(days):
        days = sorted({date for date, _ in partitions(spark, landing_dir) or ()})
    rows = (keys.where(F.col("date").isin(days)).join(F.broadcast(plan(keys, days)), "landing_key")
            .select("landing_key", "load_id", "source", "first_line", "session_key", "recording_id", "bytes", "file", "date", "app", "owner"))
    try:
        return analyse(rows, out, days, config)
    except BaseException:
        filesystem, path = navrec_worker.filesystem(config["staging"])
        try:
            filesystem.delete_dir(path)
        except (OSError, FileNotFoundError):
            pass
        raise


def analyse(rows: DataFrame, out: str, days: list[str], config: dict) -> dict:
    """run's Spark part, from the landing rows to analyse: returns the rows written per table. navrec
    runs once, in the tasks, which write every table's files; Spark collects only their names (and
    the tasks' metrics), and only the files named here are published: a failed or a duplicate
    (speculative, recomputed) attempt's files are not."""
    collected = rows.mapInArrow(navrec_worker.analyze(config), navrec_worker.OUTPUT_DDL).collect()
    report_tasks([row.payload.decode() for row in collected if row.kind == "metrics"])
    files = {}
    for row in collected:
        if row.kind == "file":
            files.setdefault(row.id, []).append((row.date, row.app, row.payload.decode(), row.rows))
    columns = config["table_columns"]
    publish(out, config["run_name"], days, files, columns)
    return {name: sum(entry[3] for entry in files.get(name, ())) for name in columns}


# The last run's navrec tasks (report_tasks), for Benchmarks/fleet_cluster.py.
LAST_TASKS = {}


def report_tasks(metrics: list[str]):
    """Prints the navrec tasks' balance (each task's metrics row) and how many rows the bounds quarantined."""
    import json
    tasks = [json.loads(text) for text in metrics]
    tasks = [task for task in tasks if task["rows"]]
    LAST_TASKS.clear()
    if not tasks:
        return
    LAST_TASKS.update({key: sorted(task[key] for task in tasks) for key in tasks[0]})

    def spread(key, scale=1.0):
        values = LAST_TASKS[key]
        return f"{values[0] / scale:.3g}/{values[len(values) // 2] / scale:.3g}/{values[-1] / scale:.3g}"
    print(f"navrec tasks: {len(tasks)}; min/median/max a task: sessions {spread('rows')}, NDJSON MiB {spread('bytes', 1 << 20)}, "
          f"navrec CPU s {spread('navrec_cpu_s')}, worker CPU s {spread('worker_cpu_s')}, wall s {spread('wall_s')}; in all: "
          f"navrec {sum(LAST_TASKS['navrec_cpu_s']):.1f} CPU s, worker {sum(LAST_TASKS['worker_cpu_s']):.1f} CPU s, "
          f"{sum(LAST_TASKS['calls'])} navrec calls, {sum(LAST_TASKS['quarantined'])} rows quarantined by the bounds; "
          f"a Python worker's peak RSS {LAST_TASKS['worker_peak_mib'][-1]} MB", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--landing", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--navrec", default=".build/release/navrec", help="the static navrec binary to ship")
    parser.add_argument("--set", dest="settings", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--date", dest="days", action="append", default=[], metavar="YYYY-MM-DD",
                        help="a day to (re-)run; repeatable; default every day in the landing")
    parser.add_argument("--run-id", help="default: the start time and 8 random hex digits")
    parser.add_argument("--no-timeline", dest="timeline", action="store_false",
                        help="skip the per-sample outputs timeline/, observed_gaps/ and chunk_gaps/")
    parser.add_argument("--navrec-timeout-s", type=float, default=60.0,
                        help="each navrec call's time limit: this (default 60) plus --navrec-timeout-s-per-mib a MiB of its input")
    parser.add_argument("--navrec-timeout-s-per-mib", type=float, default=10.0)
    parser.add_argument("--navrec-memory-mib", type=int, default=2048,
                        help="each navrec call's address-space limit (RLIMIT_AS; default 2048, 0 for none)")
    parser.add_argument("--call-mib", type=float, default=CALL_MIB, help=f"NDJSON per navrec call (default {CALL_MIB:g})")
    parser.add_argument("--split-mib", type=float, default=8.0,
                        help="compressed landing per task (spark.sql.files.maxPartitionBytes; default 8, ~48 MiB of NDJSON)")
    parser.add_argument("--remote", help="a Spark Connect URL (sc://HOST:PORT); default $SPARK_REMOTE, else classic Spark")
    args = parser.parse_args()
    builder = SparkSession.builder.appName("navrec-analyze")
    if args.remote:
        builder = builder.remote(args.remote)
    spark = builder.getOrCreate()
    bounds = {"timeout_s": args.navrec_timeout_s, "timeout_s_per_mib": args.navrec_timeout_s_per_mib,
              "memory_mib": args.navrec_memory_mib, "call_mib": args.call_mib}
    counts = run(spark, args.landing, args.out, os.path.abspath(args.navrec), args.settings, args.days, args.run_id,
                 args.timeline, bounds, args.split_mib)
    print("wrote " + ", ".join(f"{rows} {name}" for name, rows in counts.items()))
    spark.stop()


if __name__ == "__main__":
    main()
