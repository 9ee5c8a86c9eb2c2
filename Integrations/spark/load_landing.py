#!/usr/bin/env python3
"""Turns a folder of NDJSON recordings into navrec's landing table: Parquet, one row per session
with its NDJSON text, partitioned by date and app (Docs/fleet.md).

    python3 Integrations/spark/load_landing.py RECORDINGS_DIR LANDING_DIR

Columns: `ndjson` (the session's lines, `\\n`-separated, as recorded), `source` (the file it came
from), `first_line` (its header's line in that file), and the partitions `date` (the header's
`startedAt`, first 10 characters, e.g. 2026-11-01) and `app`; either is null (Hive's
`__HIVE_DEFAULT_PARTITION__`) when the header lacks it.

Sessions are split the way navrec's reader splits them: a header line starts a new session, and
so does a line that names "navrec" but does not parse (navrec then reports it as a session of its
own); lines before the first header form a row of their own, which navrec reports as an error.
Blank lines are dropped. Needs pyarrow; no Spark.
"""
import json
import os
import sys

import pyarrow as pa
import pyarrow.parquet as pq

SCHEMA = pa.schema([("ndjson", pa.string()), ("source", pa.string()), ("first_line", pa.int64()),
                    ("date", pa.string()), ("app", pa.string())])


def starts_session(line):
    """Whether navrec's reader starts a session at `line`: a header, or a broken line naming "navrec"."""
    if '"navrec"' not in line:
        return False
    try:
        value = json.loads(line)
    except ValueError:
        return True
    return not isinstance(value, dict) or "navrec" in value


def header_fields(line):
    """(date, app) of a header line; (None, None) when it does not parse."""
    try:
        session = json.loads(line).get("session") or {}
        started = session.get("startedAt")
        app = session.get("app")
        return (started[:10] if isinstance(started, str) and len(started) >= 10 else None,
                app if isinstance(app, str) else None)
    except (ValueError, AttributeError):
        return None, None


def sessions(path):
    """(first line number, lines, date, app) for each session of one file."""
    current, first, date, app = [], 0, None, None
    with open(path, encoding="utf-8", errors="surrogateescape", newline="") as file:
        for number, raw in enumerate(file, start=1):
            line = raw.rstrip("\r\n")
            if not line.strip():
                continue
            if starts_session(line):
                if current:
                    yield first, current, date, app
                current, first = [], number
                date, app = header_fields(line)
            elif not current:
                first = number
            current.append(line)
    if current:
        yield first, current, date, app


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: load_landing.py RECORDINGS_DIR LANDING_DIR")
    source_dir, landing = sys.argv[1], sys.argv[2]
    columns = {name: [] for name in SCHEMA.names}
    files = sorted(name for name in os.listdir(source_dir) if name.endswith((".ndjson", ".jsonl")))
    for name in files:
        for first, lines, date, app in sessions(os.path.join(source_dir, name)):
            text = "\n".join(lines)
            columns["ndjson"].append(text.encode("utf-8", "surrogateescape").decode("utf-8", "replace"))
            columns["source"].append(name)
            columns["first_line"].append(first)
            columns["date"].append(date)
            columns["app"].append(app)
    table = pa.table(columns, schema=SCHEMA)
    pq.write_to_dataset(table, landing, partition_cols=["date", "app"], existing_data_behavior="delete_matching")
    print(f"{landing}: {table.num_rows} sessions from {len(files)} files")


if __name__ == "__main__":
    main()
