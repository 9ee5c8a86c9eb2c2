#!/usr/bin/env python3
"""navrec on Apache Spark: runs the landing table (load_landing.py) through `navrec analyze --rows --timeline`
in the executors' Python workers (mapInArrow, navrec_worker.py) and writes the database's public
tables as Parquet, partitioned by date and app (Docs "Beyond one machine").

    spark-submit --master local[2] Integrations/spark/analyze_job.py \\
        --landing landing/ --out results/ --navrec .build/release/navrec [--date 2026-11-02 ...] [--set flapping.window=0.5 ...]
    python3 Integrations/spark/analyze_job.py --remote sc://HOST:15002 ...      # Spark Connect (or SPARK_REMOTE)

Python plans; each task's Python worker pipes its landing rows, base64-framed so every byte arrives
as recorded, through the navrec binary (shipped with SparkContext.addFile, or addArtifacts under
Spark Connect) in bounded calls (time, address space, a task-local TMPDIR; what fails alone is
quarantined with the reason), parses the timeline rows with pyarrow and works out observed_gaps and
chunk_gaps with numpy; from_json parses the session lines with analyze_schema.ddl. No SparkContext
or JVM access is needed on the driver but for the classic preflight's parallelism and addFile.

The per-sample outputs (a row per sample and stream) do not pass through Spark's rows:
each task attempt writes them with pyarrow as Parquet files (a file per table and (date, app) it
touched, named by the run, its partition and its attempt) into the run's staging folder
`OUT/_navrec_staging-RUN/`, and returns only their names and row counts; once the job's Spark writes
succeeded, the driver moves the files of the attempts whose rows it collected into each
`(date, app)` and deletes the staging folder (`publish`): Spark's own writer, its sort and its row
copies cost many times pyarrow's for these rows (Docs/fleet.md "Sizing"). Both go through pyarrow.fs (FileSystem.from_uri): a local path, hdfs://, s3:// (or
s3a://), gs://; so the executors and the driver need write access to OUT through pyarrow as well as
through Spark (S3's and GCS's credentials in their environment, libhdfs and CLASSPATH for HDFS).

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
replaces those days' partitions of every output (dynamic partition overwrite, and the same for the
per-sample files the driver moves; partitions a re-run no longer produces are emptied); other days
are untouched. A run that fails leaves the tables as they were (but for the small tables Spark had
written already) and deletes its staging folder (which no table reads) on the way out.
"""
import argparse
import os
import re
import sys
import time
import urllib.parse
import uuid

from pyspark import StorageLevel
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import StructType

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
# Landing rows per Arrow batch handed to a Python worker: 32 sessions of at most the loader's
# --max-session-mib (32) stay under Arrow's 2 GiB binary column; typical sessions make ~6 MiB.
ROWS_PER_BATCH = 32
LANDED_WITHOUT_BYTES = "landed without its bytes: over the loader's --max-session-mib, or a line over 64 MiB"


def ddl(name: str) -> str:
    """The column list of one of this folder's .ddl files, its comment lines left out."""
    with open(os.path.join(HERE, name)) as file:
        return " ".join(line.strip() for line in file if line.strip() and not line.startswith("--"))


def analyze_schema() -> str:
    """The DDL of one `navrec analyze --rows` session line: analyze_schema.ddl and analyze_rows_schema.ddl."""
    return ddl("analyze_schema.ddl") + ", " + ddl("analyze_rows_schema.ddl")


def timeline_columns() -> list[tuple[str, str]]:
    """(name, Spark type) of a `--timeline` line's fields after the key, in order (analyze_timeline_schema.ddl)."""
    return [tuple(column.split()) for column in ddl("analyze_timeline_schema.ddl").split(", ")]


def gap_fields() -> list[str]:
    """The numeric bar-state fields whose |observed - computed| observed_gaps holds, in order."""
    return [name for name, kind in timeline_columns()[5:] if kind == "DOUBLE" and name != "frame_duration"]


# Columns every output row carries after its own (the partition columns date and app are directories).
STAMP_COLUMNS = ["settings", "run_id", "navrec_version"]


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


def ship(spark: SparkSession, navrec: str) -> str:
    """Adds the binary to the session's files (SparkContext.addFile, or addArtifacts under Spark
    Connect); executors find it with SparkFiles.get. Returns its file name."""
    name = os.path.basename(navrec)
    if is_connect(spark):
        try:
            spark.addArtifacts(navrec, file=True)
        except Exception as error:  # noqa: BLE001 - added before in this session (check_equal runs the job twice)
            if "already" not in str(error).lower() and "exist" not in str(error).lower():
                raise
    else:
        spark.sparkContext.addFile(navrec)
    return name


def worker_config(spark: SparkSession, navrec: str, settings: list[str], timeline: bool, bounds: dict) -> dict:
    return {"binary_name": ship(spark, navrec), "driver_path": navrec, "settings": list(settings), "timeline": timeline,
            "timeline_columns": timeline_columns(), "gap_fields": gap_fields(), "chunk_samples": CHUNK_SAMPLES,
            "per_sample_columns": per_sample_columns(),
            "timeout_s": bounds.get("timeout_s", 60.0), "timeout_s_per_mib": bounds.get("timeout_s_per_mib", 10.0),
            "memory_mib": bounds.get("memory_mib", 2048), "call_mib": bounds.get("call_mib", 8.0)}


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


def sessions_table(parsed: DataFrame, keys: DataFrame, started: str) -> DataFrame:
    """The database's `sessions` columns (and the analysis, for the other tables). `app` is the
    landing's partition value, which is the header's app (NULL where it had none)."""
    s = F.col("s")
    return (parsed.join(keys.select("landing_key", "source", "first_line"), "landing_key")
            .select("id", "app", s.screen.alias("screen"), s.device.alias("device"), s.os.alias("os"),
                    s.fps.alias("fps"), s.startedAt.alias("started_at"), F.array_join(s.behaviors, ",").alias("behaviors"),
                    s.parameters.alias("parameters"), s.contentId.alias("content_id"), "source", s.samples.alias("samples"),
                    s.observedSamples.alias("observed_samples"), s.events.alias("events"), s.ignoredKeys.alias("ignored_keys"),
                    s.duration.alias("duration"), F.lit(started).alias("imported_at"), s.recordingId.alias("recording_id"),
                    s.tOrigin.alias("t_origin"), s.scale.alias("screen_scale"), s.appVersion.alias("app_version"), s.build.alias("build"),
                    s.recorderMoving.alias("recorder_moving"), s.recorderAtRest.alias("recorder_at_rest"),
                    "landing_key", "first_line", s.alias("analysis"), "date"))


def findings_table(sessions: DataFrame, settings: str) -> DataFrame:
    finding = F.col("f")

    def detail(key):
        return F.get_json_object(finding.details, f"$.{key}").cast("double")

    return sessions.select(F.col("id").alias("session_id"), "date", "app", F.explode("analysis.findings").alias("f")).select(
        "session_id", F.lit(settings).alias("settings"), finding.kind.alias("kind"), finding.subkind.alias("subkind"),
        finding.signal.alias("signal"), finding.source.alias("source"), finding.severity.alias("severity"),
        finding.start.alias("start_t"), finding.end.alias("end_t"), finding["count"].alias("count"),
        detail("yMin").alias("y_min"), detail("yMax").alias("y_max"), detail("suggestedHysteresis").alias("suggested_hysteresis"),
        detail("suggestedSwipeDistance").alias("suggested_swipe_distance"), finding.message.alias("message"),
        finding.details.alias("details"), "date", "app")


def summary_table(sessions: DataFrame, started: str) -> DataFrame:
    a = F.col("analysis")
    return sessions.select(
        F.col("id").alias("session_id"), "app", "screen", "device", "os", "behaviors", "fps",
        "samples", "observed_samples", "events", "duration", "imported_at", a.hitchTimeRatio.alias("hitch_time_ratio"),
        a.frameJitter.alias("frame_jitter"), a.gaps.alias("gaps"), a.gapTime.alias("gap_time"), F.lit(started).alias("analyzed_at"),
        F.size(a.findings).cast("bigint").alias("findings"),
        F.size(F.filter(a.findings, lambda f: f.severity == "warning")).cast("bigint").alias("warnings"),
        F.size(F.filter(a.findings, lambda f: f.severity == "error")).cast("bigint").alias("errors"),
        "screen_scale", "app_version", "build", "date")


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


def write(spark: SparkSession, frame: DataFrame, path: str, days: list[str], written: dict, max_records: int) -> int:
    """Replaces the run's days in `path` (dynamic partition overwrite); then each partition of those
    days that this run did not write (a re-run that no longer produces it) is overwritten with an
    empty file, and a table left without any file gets one (in Hive's default partition), so every
    output reads as a table, empty or not. `written`: {(date, app): rows} of `frame`. Returns the rows."""
    frame.write.mode("overwrite").option("maxRecordsPerFile", max_records).partitionBy("date", "app").parquet(path)
    schema = StructType([field for field in frame.schema.fields if field.name not in ("date", "app")])
    existing = partitions(spark, path)
    stale = {key for key in existing or () if key[0] in days and key not in written}
    for date, app in sorted(stale, key=str):
        spark.createDataFrame([], schema).write.mode("overwrite").parquet(
            f"{path}/date={partition_path(date)}/app={partition_path(app)}")
    if existing is None:
        spark.createDataFrame([], schema).write.mode("overwrite").parquet(
            f"{path}/date={DEFAULT_PARTITION}/app={DEFAULT_PARTITION}")
    return sum(written.values())


def location(path: str) -> str:
    """`path` as navrec_worker.filesystem takes it: a URI as given, a local path made absolute."""
    if "://" in path or path.startswith("file:"):
        return path
    return os.path.abspath(path)


def staging_folder(out: str, run_name: str) -> str:
    """The run's own staging folder beside the tables (Spark and DuckDB skip `_` names)."""
    return location(out).rstrip("/") + f"/_navrec_staging-{run_name}"


def publish(out: str, run_name: str, days: list[str], files: dict, columns: dict):
    """Moves the per-sample files the job's tasks wrote into the run's staging folder into their tables under `out`,
    as a dynamic partition overwrite does: each (date, app) that got files loses its old ones; a
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
    filesystem.delete_dir(staged)


def run(spark: SparkSession, landing_dir: str, out: str, navrec: str, settings: list[str], days=None, run_id=None,
        timeline=True, bounds=None, split_mib=8.0) -> dict:
    """Runs the job over `days` (default: every day in the landing); returns the rows written per table.
    Without `timeline` the per-sample outputs (timeline/, observed_gaps/, chunk_gaps/) are neither made nor touched.
    `bounds`: timeout_s, timeout_s_per_mib, memory_mib, call_mib of each navrec call (navrec_worker.Runner)."""
    for key, value in {"spark.sql.sources.partitionOverwriteMode": "dynamic",
                       "spark.sql.sources.partitionColumnTypeInference.enabled": "false",
                       "spark.sql.execution.arrow.maxRecordsPerBatch": str(ROWS_PER_BATCH),
                       # A task reads ~split_mib of compressed landing (~6x that of NDJSON): tens of
                       # tasks of equal size rather than a few of hundreds of MB.
                       "spark.sql.files.maxPartitionBytes": str(int(split_mib * (1 << 20)))}.items():
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
               "constants": {"settings": setting_text, "run_id": run_id, "navrec_version": version}}
    # The sessions' bytes stay out of Spark's rows: each task's Python worker reads them from the
    # landing files its rows name (`file`), as Spark would have, without the JVM copying them.
    keys = (spark.read.schema(LANDING_SCHEMA).option("basePath", landing_dir).parquet(landing_dir)
            .withColumn("file", F.col("_metadata.file_path")).drop("ndjson").withColumn("date", F.coalesce("date", F.lit(DEFAULT_PARTITION))))
    if days is None or not list(days):
        days = sorted({date for date, _ in partitions(spark, landing_dir) or ()})
    rows = (keys.where(F.col("date").isin(days)).join(F.broadcast(plan(keys, days)), "landing_key")
            .select("landing_key", "source", "first_line", "file", "date", "app", "owner"))
    try:
        return analyse(spark, rows, keys, out, days, config, started, run_id, version, timeline)
    except BaseException:
        if timeline:
            filesystem, path = navrec_worker.filesystem(config["staging"])
            try:
                filesystem.delete_dir(path)
            except (OSError, FileNotFoundError):
                pass
        raise


def analyse(spark: SparkSession, rows: DataFrame, keys: DataFrame, out: str, days: list[str], config: dict, started: str,
            run_id: str, version: str, timeline: bool) -> dict:
    """run's Spark part, from the landing rows to analyse: returns the rows written per table."""
    setting_text, run_name = config["constants"]["settings"], config["run_name"]
    # navrec runs once: every output comes from these rows (session lines, quarantined rows, the
    # names of the per-sample files the tasks wrote), kept on disk, not in executor memory.
    analysed = rows.mapInArrow(navrec_worker.analyze(config), navrec_worker.OUTPUT_DDL).persist(StorageLevel.DISK_ONLY)
    kind = F.col("kind")
    # One pass over it (the pass that runs navrec): rows per output and (date, app), the tasks'
    # metrics and the per-sample files. Only the files named here are published: a failed or a
    # duplicate (speculative, recomputed) attempt's files are not.
    stats = (analysed.groupBy("kind", "date", "app")
             .agg(F.count(F.lit(1)).alias("count"), F.sum("rows").alias("rows"),
                  F.collect_list(F.when(kind.isin("metrics", "file"), F.struct("id", F.col("payload").cast("string").alias("text"), "rows")))
                  .alias("items")).collect())

    def by_partition(name, column="count"):
        return {partition_key(row.date, row.app): row[column] for row in stats if row.kind == name and row[column]}
    written = {"sessions": by_partition("session"), "session_summary": by_partition("session"),
               "findings": by_partition("session", "rows"), "errors": by_partition("error"),
               "quarantine": by_partition("quarantine")}
    report_tasks([item.text for row in stats if row.kind == "metrics" for item in row.items])
    files = {}
    for row in stats:
        if row.kind == "file":
            for item in row.items:
                files.setdefault(item.id, []).append((row.date, row.app, item.text, item.rows))

    parsed = analysed.where(kind == "session").select(
        "landing_key", "id", "date", "app", F.from_json(F.col("payload").cast("string"), analyze_schema(), {"mode": "FAILFAST"}).alias("s"))
    sessions = sessions_table(parsed, keys, started).persist(StorageLevel.DISK_ONLY)
    errors = analysed.where(kind == "error").select(
        "landing_key", "date", "app", F.from_json(F.col("payload").cast("string"), analyze_schema(), {"mode": "FAILFAST"}).alias("s"))
    quarantine_columns = ["landing_key", "load_id", "source", "first_line", "session_key", "recording_id", "bytes", "reason", "date", "app"]
    outputs = {
        "sessions": sessions.drop("analysis"),
        "findings": findings_table(sessions, setting_text),
        "session_summary": summary_table(sessions, started),
        "errors": errors.join(keys.select("landing_key", "source", "first_line", "session_key"), "landing_key")
        .select("landing_key", "source", "first_line", "session_key", F.col("s.id").alias("session_id"),
                F.col("s.startedAt").alias("started_at"), F.col("s.error").alias("error"), "date", "app"),
        "quarantine": analysed.where(kind == "quarantine").select("landing_key", F.col("payload").cast("string").alias("reason"), "date", "app")
        .join(keys.drop("date", "app"), "landing_key").select(*quarantine_columns),
    }
    max_records = 1_000_000
    counts = {}
    # Small tables: one file per (date, app) (a shuffle of small rows), at most max_records rows a file.
    for name, frame in outputs.items():
        frame = frame.repartition("date", "app")
        if "settings" not in frame.columns:
            frame = frame.withColumn("settings", F.lit(setting_text))
        frame = frame.withColumn("run_id", F.lit(run_id)).withColumn("navrec_version", F.lit(version))
        counts[name] = write(spark, frame, os.path.join(out, name), days, written[name], max_records)
    analysed.unpersist()
    sessions.unpersist()
    if timeline:
        publish(out, run_name, days, files, per_sample_columns())
        counts |= {name: sum(entry[3] for entry in files.get(name, ())) for name in navrec_worker.PER_SAMPLE}
    return counts


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
          f"{sum(LAST_TASKS['calls'])} navrec calls, {sum(LAST_TASKS['quarantined'])} rows quarantined by the bounds", flush=True)


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
    parser.add_argument("--call-mib", type=float, default=8.0, help="NDJSON per navrec call (default 8)")
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
