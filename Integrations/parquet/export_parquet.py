#!/usr/bin/env python3
"""Exports navrec's public tables and views to Parquet, so DuckDB and Spark SQL run Queries/ on
the same rows as SQLite (README "Beyond one machine").

    python3 Integrations/parquet/export_parquet.py navrec.sqlite export/

Writes export/sessions.parquet, findings.parquet, timeline.parquet and session_summary.parquet
with the columns and types README "The database" documents (TEXT -> string, INTEGER -> int64,
REAL -> double; booleans stay 0/1 integers as in SQLite). Only the public surface is exported:
never session_key, frames or analyses. Rows stream in batches, so memory stays flat. Needs pyarrow.
"""
import os
import sqlite3
import sys

import pyarrow as pa
import pyarrow.parquet as pq

S, I, D = pa.string(), pa.int64(), pa.float64()
TABLES = {
    "sessions": [
        ("id", S), ("app", S), ("screen", S), ("device", S), ("os", S), ("fps", D), ("started_at", S),
        ("behaviors", S), ("parameters", S), ("content_id", S), ("source", S), ("samples", I),
        ("observed_samples", I), ("events", I), ("ignored_keys", I), ("duration", D), ("imported_at", S)],
    "findings": [
        ("session_id", S), ("settings", S), ("kind", S), ("subkind", S), ("signal", S), ("source", S),
        ("severity", S), ("start_t", D), ("end_t", D), ("count", I), ("y_min", D), ("y_max", D),
        ("suggested_hysteresis", D), ("suggested_swipe_distance", D), ("message", S), ("details", S)],
    "timeline": [
        ("session_id", S), ("seq", I), ("t", D), ("y", D), ("phase", S), ("source", S), ("bar_height", D),
        ("bar_hidden", I), ("bar_shown", D), ("large_title_alpha", D), ("inline_title_alpha", D),
        ("content_title_alpha", D), ("avatar_scale", D), ("avatar_tx", D), ("avatar_ty", D), ("blur_alpha", D),
        ("background", S), ("subtitle_visible", I), ("subtitle_has_text", I), ("dropdown_expanded", I)],
    "session_summary": [
        ("session_id", S), ("app", S), ("screen", S), ("device", S), ("os", S), ("behaviors", S), ("fps", D),
        ("samples", I), ("observed_samples", I), ("events", I), ("duration", D), ("imported_at", S),
        ("hitch_time_ratio", D), ("frame_jitter", D), ("analyzed_at", S), ("findings", I), ("warnings", I),
        ("errors", I)],
}
BATCH = 65_536


def export(database: str, out: str) -> dict:
    os.makedirs(out, exist_ok=True)
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    counts = {}
    for table, columns in TABLES.items():
        schema = pa.schema(columns)
        names = ", ".join(name for name, _ in columns)
        cursor = connection.execute(f"SELECT {names} FROM {table}")
        rows = 0
        with pq.ParquetWriter(os.path.join(out, f"{table}.parquet"), schema) as writer:
            while batch := cursor.fetchmany(BATCH):
                arrays = [pa.array([row[index] for row in batch], type=kind) for index, (_, kind) in enumerate(columns)]
                writer.write_batch(pa.record_batch(arrays, schema=schema))
                rows += len(batch)
        counts[table] = rows
    return counts


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: export_parquet.py DATABASE OUT_DIR")
    for table, rows in export(sys.argv[1], sys.argv[2]).items():
        print(f"{table}: {rows} rows")


if __name__ == "__main__":
    main()
