#!/usr/bin/env python3
"""navrec on Apache Spark: pipes a landing table through `navrec analyze -` and writes the
findings and session metrics as Parquet, partitioned like the landing table (by date and app).

    spark-submit --master local[2] Integrations/spark/analyze_job.py \\
        --landing landing/ --out results/ --navrec .build/release/navrec [--set flapping.window=0.5 ...]

The job is map-only and keeps Python out of the data path: Spark SQL's TRANSFORM pipes each
partition's `ndjson` column, row after row, through the statically linked navrec binary (shipped
to the executors with SparkContext.addFile, or spark-submit --files on a cluster) inside the JVM,
and from_json parses the JSON lines with the DDL in analyze_schema.ddl. Python only drives.

Outputs under --out:
- session_metrics/: one row per session: session_id, app, screen, device, os, started_at,
  behaviors (comma-separated, as in the database), samples, duration, fps, hitch_time_ratio,
  frame_jitter, findings, warnings, errors, and error (the FILE:LINE:COL message of a session
  navrec could not read; its other columns are null); partitions date (startedAt's first 10
  characters) and app.
- findings/: one row per finding with the database's findings columns: session_id, settings,
  kind, subkind, signal, source, severity, start_t, end_t, count, y_min, y_max,
  suggested_hysteresis, suggested_swipe_distance, message, details; same partitions.
"""
import argparse
import os
import shlex

from pyspark import SparkFiles
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

HERE = os.path.dirname(os.path.abspath(__file__))


def analyze_schema() -> str:
    """The DDL of one `navrec analyze` line, without its comment lines."""
    with open(os.path.join(HERE, "analyze_schema.ddl")) as file:
        return " ".join(line.strip() for line in file if line.strip() and not line.startswith("--"))


def transform_command(navrec_on_driver: str, settings: list[str]) -> str:
    """The bash line TRANSFORM runs per partition. navrec exits 65 when some sessions failed; their
    error lines are in the output, so that is success for the job (anything else fails the task)."""
    arguments = " ".join(shlex.quote(f"--set={setting}") for setting in settings)
    return (f'p=./navrec; [ -x "$p" ] || p={shlex.quote(navrec_on_driver)}; '
            f'"$p" analyze - {arguments}; s=$?; [ $s -eq 65 ] && exit 0; exit $s')


def sql_string(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def analyze(spark: SparkSession, landing: DataFrame, navrec: str, settings: list[str]) -> DataFrame:
    """One row per `navrec analyze` line, parsed with the DDL (FAILFAST: a line that does not fit
    the schema fails the job rather than becoming nulls)."""
    spark.sparkContext.addFile(navrec)
    command = transform_command(SparkFiles.get(os.path.basename(navrec)), settings)
    landing.select("ndjson").createOrReplaceTempView("navrec_landing")
    lines = spark.sql(f"SELECT TRANSFORM(ndjson) USING {sql_string(command)} AS (line STRING) FROM navrec_landing")
    return lines.select(F.from_json("line", analyze_schema(), {"mode": "FAILFAST"}).alias("s")).select("s.*")


def session_metrics(lines: DataFrame) -> DataFrame:
    severity = F.col("findings.severity")
    return lines.select(
        F.col("id").alias("session_id"), "app", "screen", "device", "os", F.col("startedAt").alias("started_at"),
        F.array_join("behaviors", ",").alias("behaviors"), "samples", "duration", "fps",
        F.col("hitchTimeRatio").alias("hitch_time_ratio"), F.col("frameJitter").alias("frame_jitter"),
        F.size("findings").alias("findings"),
        F.size(F.filter("findings", lambda f: f.severity == "warning")).alias("warnings"),
        F.size(F.filter("findings", lambda f: f.severity == "error")).alias("errors"),
        "error", F.substring("startedAt", 1, 10).alias("date"))


def findings(lines: DataFrame, settings: list[str]) -> DataFrame:
    finding = F.col("f")

    def detail(key):
        return F.get_json_object(finding.details, f"$.{key}").cast("double")

    return lines.select("id", "app", "startedAt", F.explode("findings").alias("f")).select(
        F.col("id").alias("session_id"), F.lit(",".join(sorted(settings))).alias("settings"),
        finding.kind.alias("kind"), finding.subkind.alias("subkind"), finding.signal.alias("signal"),
        finding.source.alias("source"), finding.severity.alias("severity"), finding.start.alias("start_t"),
        finding.end.alias("end_t"), finding["count"].alias("count"), detail("yMin").alias("y_min"),
        detail("yMax").alias("y_max"), detail("suggestedHysteresis").alias("suggested_hysteresis"),
        detail("suggestedSwipeDistance").alias("suggested_swipe_distance"), finding.message.alias("message"),
        finding.details.alias("details"), "app", F.substring("startedAt", 1, 10).alias("date"))


def run(spark: SparkSession, landing_dir: str, out: str, navrec: str, settings: list[str]) -> None:
    lines = analyze(spark, spark.read.parquet(landing_dir), navrec, settings)
    # navrec runs once: both outputs come from the cached lines.
    lines = lines.cache()
    session_metrics(lines).write.mode("overwrite").partitionBy("date", "app").parquet(os.path.join(out, "session_metrics"))
    findings(lines, settings).write.mode("overwrite").partitionBy("date", "app").parquet(os.path.join(out, "findings"))
    lines.unpersist()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--landing", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--navrec", default=".build/release/navrec", help="the static navrec binary to ship")
    parser.add_argument("--set", dest="settings", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    spark = SparkSession.builder.appName("navrec-analyze").getOrCreate()
    run(spark, args.landing, args.out, os.path.abspath(args.navrec), args.settings)
    spark.stop()


if __name__ == "__main__":
    main()
