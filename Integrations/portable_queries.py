#!/usr/bin/env python3
"""Runs every Queries/*.sql on SQLite, DuckDB and Spark SQL and checks they return the same rows.

    python3 Integrations/portable_queries.py navrec.sqlite export/ [--spark] [--param session=ID --param t=2.0]

SQLite reads the database itself; DuckDB and Spark SQL read the Parquet export of its public
tables (Integrations/parquet/export_parquet.py). Parameters are written `$name` in Queries/: SQLite
and DuckDB bind that form natively; for Spark SQL, which spells named markers `:name`, this runner
rewrites `$name` to `:name` and passes the same values. With layout "job" (check_equal.py), DuckDB
and Spark SQL read the Spark job's output directories instead (Hive-partitioned by date and app,
partition values kept as text). Numbers are compared exactly (as doubles),
rows in the query's order. Without --param, `session` is the first session with a title mismatch
and `t` the middle of it. Exit 1 when an engine differs.
"""
import argparse
import glob
import math
import os
import re
import sqlite3
import sys
import time
from decimal import Decimal

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLES = ["sessions", "findings", "timeline", "observed_gaps", "chunk_gaps", "session_summary"]


def queries():
    for path in sorted(glob.glob(os.path.join(ROOT, "Queries", "*.sql"))):
        with open(path) as file:
            yield os.path.basename(path)[:-4], file.read()


def used_parameters(sql, values):
    return {name: values[name] for name in re.findall(r"\$([A-Za-z_]\w*)", sql)}


def normalized(rows):
    """Rows as tuples of str, float or None: engines return ints, floats and decimals for the same numbers."""
    def value(item):
        if item is None or isinstance(item, str):
            return item
        if isinstance(item, (int, float, Decimal)) and not isinstance(item, bool):
            return float(item)
        if isinstance(item, bool):
            return float(item)
        return str(item)
    return [tuple(value(item) for item in row) for row in rows]


def run_sqlite(database, sql, parameters):
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    return normalized(connection.execute(sql, parameters).fetchall())


class DuckDB:
    def __init__(self, export, layout="export"):
        import duckdb
        self.connection = duckdb.connect()
        for table in TABLES:
            if layout == "job":
                path = os.path.join(export, table, "**", "*.parquet").replace("'", "''")
                source = f"read_parquet('{path}', hive_partitioning = true, hive_types_autocast = false)"
            else:
                source = "read_parquet('" + os.path.join(export, f"{table}.parquet").replace("'", "''") + "')"
            self.connection.execute(f"CREATE VIEW {table} AS SELECT * FROM {source}")

    def run(self, sql, parameters):
        return normalized(self.connection.execute(sql, parameters).fetchall())


class SparkSQL:
    def __init__(self, export, spark=None, layout="export"):
        if spark is None:
            from pyspark.sql import SparkSession
            spark = (SparkSession.builder.master("local[2]").appName("navrec-queries")
                     .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false").config("spark.sql.shuffle.partitions", "4").getOrCreate())
        self.spark = spark
        spark.conf.set("spark.sql.sources.partitionColumnTypeInference.enabled", "false")
        for table in TABLES:
            spark.read.parquet(os.path.join(export, table if layout == "job" else f"{table}.parquet")).createOrReplaceTempView(table)

    def run(self, sql, parameters):
        spark_sql = re.sub(r"\$([A-Za-z_]\w*)", r":\1", sql).strip().rstrip(";")
        return normalized(tuple(row) for row in self.spark.sql(spark_sql, args=parameters or None).collect())


def default_parameters(database):
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    row = connection.execute(
        "SELECT f.session_id, s.duration FROM findings f JOIN sessions s ON s.id = f.session_id"
        " WHERE f.kind = 'title_mismatch' ORDER BY f.session_id LIMIT 1").fetchone()
    return {"session": row[0], "t": float(row[1]) / 2} if row else {"session": "", "t": 2.0}


def differences(expected, actual):
    if len(expected) != len(actual):
        return f"{len(actual)} rows instead of {len(expected)}"
    for index, (a, b) in enumerate(zip(expected, actual)):
        same = len(a) == len(b) and all(
            x == y or (isinstance(x, float) and isinstance(y, float) and math.isnan(x) and math.isnan(y))
            for x, y in zip(a, b))
        if not same:
            return f"row {index + 1}: {b} instead of {a}"
    return None


def check(database, export, spark=None, use_spark=True, parameters=None, out=sys.stdout, layout="export"):
    """Runs every query on each engine; returns the number of queries whose results differ."""
    values = default_parameters(database)
    values.update(parameters or {})
    engines = [("duckdb", DuckDB(export, layout))]
    if use_spark:
        engines.append(("spark", SparkSQL(export, spark, layout)))
    failures = 0
    for name, sql in queries():
        bound = used_parameters(sql, values)
        start = time.monotonic()
        expected = run_sqlite(database, sql, bound)
        line = f"{name}: {len(expected)} rows; sqlite {time.monotonic() - start:.2f} s"
        for engine_name, engine in engines:
            start = time.monotonic()
            problem = differences(expected, engine.run(sql, bound))
            line += f", {engine_name} {time.monotonic() - start:.2f} s"
            if problem:
                failures += 1
                line += f" DIFFERS ({problem})"
        print(line + ("" if "DIFFERS" in line else ", same rows"), file=out, flush=True)
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("database")
    parser.add_argument("export")
    parser.add_argument("--spark", action="store_true", help="also run Spark SQL (local[2])")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    parameters = {}
    for assignment in args.param:
        name, _, text = assignment.partition("=")
        try:
            parameters[name] = float(text)
        except ValueError:
            parameters[name] = text
    sys.exit(1 if check(args.database, args.export, use_spark=args.spark, parameters=parameters) else 0)


if __name__ == "__main__":
    main()
