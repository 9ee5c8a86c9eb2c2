#!/usr/bin/env python3
"""Exports navrec's public tables and views to Parquet, so DuckDB and Spark SQL run Queries/ on
the same rows as SQLite (Docs/fleet.md).

    python3 Integrations/parquet/export_parquet.py navrec.sqlite export/

Writes export/sessions.parquet, findings.parquet, timeline.parquet, observed_gaps.parquet and
session_summary.parquet.
Their columns are the database's own, read from it (PRAGMA table_info), so a column a migration
adds — a bar-state field, a header field — is exported without an edit here; only the internal
keys (session_key, finding_id) are left out. Types: a declared type maps TEXT -> string,
INTEGER -> int64, REAL -> double; a view column computed by an expression has none, so a
bar-state field's comes from the table bar_state_fields (lengths and fractions double, booleans
0/1 int64, enumerations string), observed_gaps' `<field>_gap` columns are doubles (the numeric
fields' |observed - computed|) and the views' other computed columns are listed in COMPUTED; a
column with no type from either is an error, never a guess. Rows stream in batches, so memory
stays flat. Needs pyarrow.
"""
import os
import sqlite3
import sys

import pyarrow as pa
import pyarrow.parquet as pq

S, I, D = pa.string(), pa.int64(), pa.float64()
RELATIONS = ["sessions", "findings", "timeline", "observed_gaps", "chunk_gaps", "session_summary"]
INTERNAL = {"session_key", "finding_id"}
DECLARED = {"TEXT": S, "INTEGER": I, "REAL": D}
KINDS = {"length": D, "fraction": D, "boolean": I, "enumeration": S}
# The views' columns computed by expressions that are not bar-state fields.
COMPUTED = {
    ("timeline", "seq"): I, ("timeline", "t"): D, ("timeline", "y"): D, ("timeline", "phase"): S,
    ("timeline", "source"): S, ("timeline", "frame_duration"): D,
    ("observed_gaps", "seq"): I, ("observed_gaps", "t"): D, ("chunk_gaps", "first_seq"): I,
    ("session_summary", "findings"): I, ("session_summary", "warnings"): I, ("session_summary", "errors"): I,
}
BATCH = 65_536


def columns(connection, relation):
    """(name, Arrow type) of every public column of `relation`, in its order."""
    fields = {name: KINDS[kind] for name, kind in connection.execute("SELECT column_name, kind FROM bar_state_fields")}
    numbers = [name for name, kind in connection.execute("SELECT column_name, kind FROM bar_state_fields")
               if kind in ("length", "fraction")]
    gaps = {f"{name}_gap": D for name in numbers}
    peaks = gaps | {f"{name}_gap_t": D for name in numbers}
    result = []
    for _, name, declared, *_ in connection.execute(f"PRAGMA table_info({relation})"):
        if name in INTERNAL:
            continue
        kind = DECLARED.get(declared.upper()) if declared else fields.get(name) if relation == "timeline" \
            else gaps.get(name) if relation == "observed_gaps" else peaks.get(name) if relation == "chunk_gaps" else None
        kind = kind or COMPUTED.get((relation, name))
        if kind is None:
            raise SystemExit(f"export_parquet.py: error: {relation}.{name} has no type: declare it, or add it to COMPUTED")
        result.append((name, kind))
    return result


def export(database: str, out: str) -> dict:
    os.makedirs(out, exist_ok=True)
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    counts = {}
    for relation in RELATIONS:
        schema = pa.schema(columns(connection, relation))
        cursor = connection.execute(f"SELECT {', '.join(schema.names)} FROM {relation}")
        rows = 0
        with pq.ParquetWriter(os.path.join(out, f"{relation}.parquet"), schema) as writer:
            while batch := cursor.fetchmany(BATCH):
                arrays = [pa.array([row[index] for row in batch], type=field.type) for index, field in enumerate(schema)]
                writer.write_batch(pa.record_batch(arrays, schema=schema))
                rows += len(batch)
        counts[relation] = rows
    return counts


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: export_parquet.py DATABASE OUT_DIR")
    for relation, rows in export(sys.argv[1], sys.argv[2]).items():
        print(f"{relation}: {rows} rows")


if __name__ == "__main__":
    main()
