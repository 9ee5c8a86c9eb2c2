#!/usr/bin/env python3
"""Checks the Parquet export against the database it came from.

    python3 Integrations/parquet/check_export.py navrec.sqlite

Exports the database (export_parquet.py) into a temporary directory and checks, for each exported
relation, that the file's columns are every column of the table or view (PRAGMA table_info) but
the internal keys, in order, and that its rows are the database's rows, value for value (numbers
as doubles, bit for bit). Exits 1 with one line per difference.
"""
import os
import sqlite3
import sys
import tempfile

import pyarrow.parquet as pq

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import export_parquet  # noqa: E402


def comparable(value):
    return float(value) if isinstance(value, int) and not isinstance(value, bool) else value


def problems(database):
    found = []
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    with tempfile.TemporaryDirectory() as out:
        counts = export_parquet.export(database, out)
        for relation in export_parquet.RELATIONS:
            expected = [row[1] for row in connection.execute(f"PRAGMA table_info({relation})")
                        if row[1] not in export_parquet.INTERNAL]
            table = pq.read_table(os.path.join(out, f"{relation}.parquet"))
            if table.column_names != expected:
                found.append(f"{relation}: columns {table.column_names}, the database has {expected}")
                continue
            rows = connection.execute(f"SELECT {', '.join(expected)} FROM {relation}").fetchall()
            exported = list(zip(*(table.column(name).to_pylist() for name in expected))) if rows else []
            if len(exported) != len(rows):
                found.append(f"{relation}: {len(exported)} rows exported, {len(rows)} in the database")
                continue
            for number, (ours, theirs) in enumerate(zip(rows, exported)):
                for name, a, b in zip(expected, ours, theirs):
                    if comparable(a) != comparable(b):
                        found.append(f"{relation} row {number}: {name} is {b!r} in Parquet, {a!r} in the database")
                        break
                if len(found) > 20:
                    return found, ""
            if not rows:
                found.append(f"{relation}: no rows to compare (the check needs a database with sessions and findings)")
        summary = ", ".join(f"{relation} {rows}" for relation, rows in counts.items())
    return found, summary


def main(argv):
    if len(argv) != 2:
        sys.exit("usage: check_export.py DATABASE")
    found, summary = problems(argv[1])
    for problem in found:
        print(f"{argv[1]}: {problem}")
    if found:
        return 1
    print(f"{argv[1]}: Parquet export OK (every public column; rows equal the database's: {summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
