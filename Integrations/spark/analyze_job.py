#!/usr/bin/env python3
"""navrec on Apache Spark: pipes the landing table (load_landing.py) through `navrec analyze --rows --timeline`
and writes the database's public tables as Parquet, partitioned by date and app (Docs "Beyond one
machine").

    spark-submit --master local[2] Integrations/spark/analyze_job.py \\
        --landing landing/ --out results/ --navrec .build/release/navrec [--date 2026-11-02 ...] [--set flapping.window=0.5 ...]

Python only plans: Spark SQL's TRANSFORM pipes each task's landing rows, base64-framed so every
byte arrives as recorded, through the navrec binary (shipped with SparkContext.addFile, or
spark-submit --files), and from_json parses its session lines with analyze_schema.ddl; its
timeline lines are typed by TRANSFORM itself (analyze_timeline_schema.ddl).

Outputs under --out, each partitioned by date and app and each row with `run_id`, `navrec_version`
and `settings` (the --set assignments, sorted, comma-separated; '' for defaults):
- sessions/, findings/, session_summary/: the database's columns (Docs "The database"), plus
  `landing_key` and `first_line` on sessions; `imported_at` and `analyzed_at` are the run's start.
- errors/: one row per session navrec rejected: landing_key, source, first_line, session_key,
  session_id (the header's id, NULL when it had none), started_at and error (`SOURCE:LINE:COL:
  error: …`, LINE counted in the recorded file).
- quarantine/: one row per landing row without its NDJSON (over the loader's --max-session-mib, or
  with a line over 64 MiB): landing_key, load_id, source, first_line, session_key, recording_id, bytes.
- timeline/, observed_gaps/, chunk_gaps/ (not with --no-timeline, which leaves them as they were): the database's views of those
  names (`navrec analyze --rows --timeline` prints the rows; observed_gaps is |observed - computed| of each numeric field per
  observed sample, NULL where either is NULL, as the view computes it; chunk_gaps its largest per field and the earliest t with it,
  per 64 samples from seq 0 that hold an observed state: the chunks `import` stores).

Identity as `import` has it: a re-delivery (the same session_key again) counts once, at its first
landing_key; a recording id held by an earlier (by landing_key, over every day of the landing)
analysed recording with other content gets `ID~HASH`. Re-running days (--date, default every day
in the landing) replaces those days' partitions of every output (dynamic partition overwrite, and
partitions a re-run no longer produces are removed); other days are untouched.
"""
import argparse
import os
import shlex
import time
import urllib.parse
import uuid

from pyspark import SparkFiles, StorageLevel
from pyspark.sql import DataFrame, SparkSession, Window
from pyspark.sql import functions as F
from pyspark.errors import AnalysisException

HERE = os.path.dirname(os.path.abspath(__file__))
TABLES = ["sessions", "findings", "timeline", "observed_gaps", "chunk_gaps", "session_summary", "errors", "quarantine"]
LANDING_SCHEMA = ("landing_key STRING, load_id STRING, source STRING, first_line BIGINT, session_key STRING, "
                  "recording_id STRING, bytes BIGINT, ndjson BINARY, date STRING, app STRING")
DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__"
# TRANSFORM's fields are separated by \u0001 unless told otherwise; `navrec analyze --rows` uses tabs.
TAB_SEPARATED = "ROW FORMAT DELIMITED FIELDS TERMINATED BY '\\t'"


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


def transform_command(navrec_on_driver: str, arguments: str, reads_input: bool = True) -> str:
    """The bash line TRANSFORM runs per task. navrec exits 65 when some sessions failed; their error
    lines are rows, so that is success. On any other exit the rest of the input is drained, so
    Spark sees navrec's exit status and stderr (in the task's error) rather than a broken pipe."""
    return (f'p=./navrec; [ -x "$p" ] || p={shlex.quote(navrec_on_driver)}; '
            f'"$p" {arguments}{"" if reads_input else " < /dev/null"}; s=$?; cat > /dev/null; '
            f'[ $s -eq 0 ] || [ $s -eq 65 ] && exit 0; echo "navrec exited with status $s (its message is above)" >&2; exit $s')


def sql_string(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def ship(spark: SparkSession, navrec: str) -> str:
    spark.sparkContext.addFile(navrec)
    return SparkFiles.get(os.path.basename(navrec))


def preflight(spark: SparkSession, navrec_on_driver: str) -> str:
    """Runs `navrec --version` in one task per core before any data moves, so a binary that cannot
    run on the executors fails the job at once with its own message; returns the version."""
    tasks = max(1, spark.sparkContext.defaultParallelism)
    spark.range(tasks, numPartitions=tasks).createOrReplaceTempView("navrec_preflight")
    command = transform_command(navrec_on_driver, "--version", reads_input=False)
    versions = {row.line for row in spark.sql(
        f"SELECT TRANSFORM(id) USING {sql_string(command)} AS (line STRING) FROM navrec_preflight").collect()}
    if len(versions) != 1:
        raise SystemExit(f"analyze_job.py: error: the executors run different navrec builds: {sorted(versions)}")
    return versions.pop().removeprefix("navrec ").strip()


def analyze(spark: SparkSession, rows: DataFrame, navrec_on_driver: str, settings: list[str], timeline: bool) -> DataFrame:
    """One row per `navrec analyze --rows [--timeline]` line: landing_key, `line` (a session's JSON,
    or a timeline line's source: computed or observed) and a timeline line's other fields, typed by
    analyze_timeline_schema.ddl (NULL on session lines, which have no more fields)."""
    flags = "--rows --timeline" if timeline else "--rows"
    arguments = f"analyze {flags} " + " ".join(shlex.quote(f"--set={setting}") for setting in settings)
    command = transform_command(navrec_on_driver, arguments)
    rows.createOrReplaceTempView("navrec_landing")
    fields = ", ".join(f"{name} {kind}" for name, kind in timeline_columns()[1:])
    return spark.sql(
        "SELECT TRANSFORM(landing_key, base64(encode(source, 'UTF-8')), first_line, base64(ndjson)) "
        f"{TAB_SEPARATED} USING {sql_string(command)} AS (landing_key STRING, line STRING, {fields}) {TAB_SEPARATED} FROM navrec_landing")


def is_timeline(lines: DataFrame):
    return lines.line.isin("computed", "observed")


def parse_sessions(lines: DataFrame) -> DataFrame:
    """landing_key and each session line parsed (FAILFAST: a line that does not fit the schema
    fails the job rather than becoming nulls)."""
    return lines.where(~is_timeline(lines)).select(
        "landing_key", F.from_json("line", analyze_schema(), {"mode": "FAILFAST"}).alias("s"))


def identities(landing: DataFrame, analysed: DataFrame, earlier: DataFrame | None) -> DataFrame:
    """landing_key -> id for the analysed sessions kept: the first delivery of each session_key;
    a recording id's first recording (by landing_key) keeps it, later different ones get ID~HASH."""
    first = Window.partitionBy("session_key").orderBy("landing_key")
    deliveries = landing.where(~F.col("quarantined")).select("landing_key", "session_key").withColumn("delivery", F.row_number().over(first))
    kept = analysed.join(deliveries.where("delivery = 1").select("landing_key"), "landing_key")
    candidates = kept.select("landing_key", "recording_id", "content_id", F.lit(True).alias("current"))
    if earlier is not None:
        candidates = candidates.unionByName(earlier.select(
            "landing_key", "recording_id", "content_id", F.lit(False).alias("current")))
    order = Window.partitionBy("recording_id").orderBy("landing_key")
    ranked = candidates.withColumn("claim", F.when(F.col("recording_id").isNull(), 1).otherwise(F.row_number().over(order)))
    return ranked.where("current").select("landing_key", F.when(F.col("recording_id").isNull(), F.col("content_id"))
                                         .when(F.col("claim") == 1, F.col("recording_id"))
                                         .otherwise(F.concat("recording_id", F.lit("~"), F.substring("content_id", 6, 16))).alias("id"))


def sessions_table(parsed: DataFrame, keys: DataFrame, ids: DataFrame, started: str) -> DataFrame:
    """The database's `sessions` columns (and the analysis, for the other tables). `app` is the
    landing's partition value, which is the header's app (NULL where it had none)."""
    s = F.col("s")
    return (parsed.where(s.error.isNull()).join(ids, "landing_key").join(keys.select("landing_key", "source", "first_line", "date", "app"), "landing_key")
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


def timeline_table(lines: DataFrame, sessions: DataFrame) -> DataFrame:
    """The `timeline` view's rows of the sessions kept, in its column order (session_id, seq, t, y,
    phase, source, the fields, frame_duration)."""
    names = [name for name, _ in timeline_columns()]
    view_order = names[1:5] + ["source"] + names[5:]
    return (lines.where(is_timeline(lines)).withColumnRenamed("line", "source")
            .join(sessions.select("landing_key", F.col("id").alias("session_id"), "date", "app"), "landing_key")
            .select("session_id", *view_order, "date", "app"))


def observed_gaps_table(timeline: DataFrame) -> DataFrame:
    """The `observed_gaps` view: per sample with an observed state, |observed - computed| of each
    numeric field (`<field>_gap`), NULL where either is NULL."""
    numbers = [name for name, kind in timeline_columns()[5:] if kind == "DOUBLE" and name != "frame_duration"]
    computed = timeline.where("source = 'computed'").alias("c")
    observed = timeline.where("source = 'observed'").alias("o")
    return computed.join(observed, ["session_id", "seq"]).select(
        "session_id", "seq", F.col("c.t").alias("t"),
        *[F.abs(F.col(f"o.{name}") - F.col(f"c.{name}")).alias(f"{name}_gap") for name in numbers],
        F.col("c.date").alias("date"), F.col("c.app").alias("app"))


# Samples per chunk as `import` stores them (Store's FrameChunkBuilder.capacity); check_equal.py compares chunk_gaps/.
CHUNK_SAMPLES = 64


def chunk_gaps_table(gaps: DataFrame) -> DataFrame:
    """The `chunk_gaps` view: per chunk of samples with an observed state, each numeric field's largest
    gap and the earliest t with it (both NULL when no sample has the gap). One aggregation: the least
    (-gap, t) is the largest gap at its earliest time, and a NULL struct (no gap) is never the least."""
    fields = [name[:-len("_gap")] for name in gaps.columns if name.endswith("_gap")]
    peaks = [F.min(F.when(F.col(f"{field}_gap").isNotNull(), F.struct(
        (-F.col(f"{field}_gap")).alias("gap"), F.col("t").alias("t")))).alias(field) for field in fields]
    return (gaps.withColumn("first_seq", F.expr(f"seq div {CHUNK_SAMPLES} * {CHUNK_SAMPLES}"))
            .groupBy("session_id", "first_seq", "date", "app").agg(*peaks)
            .select("session_id", "first_seq",
                    *[column for field in fields for column in ((-F.col(f"{field}.gap")).alias(f"{field}_gap"),
                                                                F.col(f"{field}.t").alias(f"{field}_gap_t"))],
                    "date", "app"))


def write(spark: SparkSession, frame: DataFrame, path: str, days: list[str]) -> int:
    """Replaces the run's days in `path` (dynamic partition overwrite), then removes those days'
    partitions this run did not write (a re-run that no longer produces them); returns the rows."""
    frame.write.mode("overwrite").partitionBy("date", "app").parquet(path)
    written = {}
    for row in frame.groupBy("date", "app").count().collect():
        written[(row.date or DEFAULT_PARTITION, row.app)] = row["count"]
    jvm = spark.sparkContext._jvm
    root = jvm.org.apache.hadoop.fs.Path(path)
    fs = root.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration())
    for day in days:
        day_path = jvm.org.apache.hadoop.fs.Path(root, "date=" + day)
        if not fs.exists(day_path):
            continue
        for status in fs.listStatus(day_path):
            name = status.getPath().getName()
            app = None if name == "app=" + DEFAULT_PARTITION else urllib.parse.unquote(name[4:])
            if name.startswith("app=") and (day, app) not in written:
                fs.delete(status.getPath(), True)
    return sum(written.values())


def run(spark: SparkSession, landing_dir: str, out: str, navrec: str, settings: list[str], days=None, run_id=None,
        timeline=True) -> dict:
    """Runs the job over `days` (default: every day in the landing); returns the rows written per table.
    Without `timeline` the per-sample outputs (timeline/, observed_gaps/, chunk_gaps/) are neither made nor touched:
    they are most of the job's cost (Docs/fleet.md, Sizing)."""
    spark.conf.set("spark.sql.sources.partitionOverwriteMode", "dynamic")
    spark.conf.set("spark.sql.sources.partitionColumnTypeInference.enabled", "false")
    spark.conf.set("spark.sql.chunkBase64String.enabled", "false")  # one base64 line per row (Spark 3.5.2+)
    started = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    run_id = run_id or started.replace("-", "").replace(":", "") + "-" + uuid.uuid4().hex[:8]
    navrec_on_driver = ship(spark, navrec)
    version = preflight(spark, navrec_on_driver)
    setting_text = ",".join(sorted(settings))
    landing = spark.read.schema(LANDING_SCHEMA).option("basePath", landing_dir).parquet(landing_dir)
    keys = (landing.withColumn("quarantined", F.col("ndjson").isNull()).drop("ndjson")
            .withColumn("date", F.coalesce("date", F.lit(DEFAULT_PARTITION))))
    if not days:
        days = sorted(row.date for row in keys.select("date").distinct().collect())
    chosen = landing.withColumn("date", F.coalesce("date", F.lit(DEFAULT_PARTITION))).where(F.col("date").isin(days))
    lines = analyze(spark, chosen.where(F.col("ndjson").isNotNull()), navrec_on_driver, settings, timeline)
    # navrec runs once: every output comes from these lines, kept on disk, not in executor memory.
    lines = lines.persist(StorageLevel.DISK_ONLY)
    parsed = parse_sessions(lines)
    analysed = parsed.where(F.col("s.error").isNull()).select(
        "landing_key", F.col("s.recordingId").alias("recording_id"), F.col("s.contentId").alias("content_id"))
    try:
        # Other days' sessions hold their ids: a reused id here is derived if one of them was first.
        earlier = (spark.read.parquet(os.path.join(out, "sessions")).where(~F.col("date").isin(days))
                   .select("landing_key", "recording_id", "content_id"))
    except AnalysisException:  # the first run: no sessions/ yet
        earlier = None
    sessions = sessions_table(parsed, keys, identities(keys, analysed, earlier), started).persist(StorageLevel.DISK_ONLY)
    outputs = {
        "sessions": sessions.drop("analysis"),
        "findings": findings_table(sessions, setting_text),
        "session_summary": summary_table(sessions, started),
        "errors": parsed.where(F.col("s.error").isNotNull()).join(keys, "landing_key").select(
            "landing_key", "source", "first_line", "session_key", F.col("s.id").alias("session_id"),
            F.col("s.startedAt").alias("started_at"), F.col("s.error").alias("error"), "date", "app"),
        "quarantine": chosen.where(F.col("ndjson").isNull()).select(
            "landing_key", "load_id", "source", "first_line", "session_key", "recording_id", "bytes", "date", "app"),
    }
    if timeline:
        samples = timeline_table(lines, sessions)
        gaps = observed_gaps_table(samples)
        outputs |= {"timeline": samples, "observed_gaps": gaps, "chunk_gaps": chunk_gaps_table(gaps)}
    counts = {}
    for name, frame in outputs.items():
        if "settings" not in frame.columns:
            frame = frame.withColumn("settings", F.lit(setting_text))
        frame = frame.withColumn("run_id", F.lit(run_id)).withColumn("navrec_version", F.lit(version))
        counts[name] = write(spark, frame, os.path.join(out, name), days)
    lines.unpersist()
    sessions.unpersist()
    return counts


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
                        help="skip the per-sample outputs timeline/, observed_gaps/ and chunk_gaps/ (most of the job's cost)")
    args = parser.parse_args()
    spark = SparkSession.builder.appName("navrec-analyze").getOrCreate()
    counts = run(spark, args.landing, args.out, os.path.abspath(args.navrec), args.settings, args.days, args.run_id,
                 args.timeline)
    print("wrote " + ", ".join(f"{rows} {name}" for name, rows in counts.items()))
    spark.stop()


if __name__ == "__main__":
    main()
