#!/usr/bin/env python3
"""Reads every public view and table of a navrec database from DuckDB (its sqlite extension) and
from Polars, each in one call, and checks that both give exactly the rows SQLite gives.

Usage: check_duckdb.py DATABASE.sqlite

DuckDB: `ATTACH 'DB' AS navrec (TYPE sqlite, READ_ONLY)` then `SELECT * FROM navrec.VIEW`, what
an analyst types (Docs/database.md "DuckDB and Polars"). DuckDB fetches the sqlite extension from
the internet on `INSTALL sqlite`; offline (CI) it loads the same extension from the PyPI package
duckdb-extension-sqlite-scanner (pinned to duckdb's version in requirements.txt).
Polars: `pl.read_database("SELECT * FROM VIEW", sqlite3.connect(DB), infer_schema_length=None)`
(SQLite columns mix integers and reals, so Polars must see every row before it picks a type).

Every view in the database is checked, and every table but frame_chunks' private layout
(frame_chunks, chunk_positions) and the two WITHOUT ROWID tables (events, sample_lines), which
DuckDB's extension cannot scan (it asks for a rowid): navrec query ... --format csv reads those.
Rows are compared as multisets; numbers compare by value (DuckDB types a view's column as the
view declares it, so 5 and 5.0 are equal). Exits 1 with one line per mismatch.
"""
import collections
import glob
import sqlite3
import sys

PRIVATE = {"frame_chunks", "chunk_positions", "navrec_migrations"}


def duckdb_connection(database):
    import duckdb
    connection = duckdb.connect()
    try:
        import duckdb_extension_sqlite_scanner
        extension = glob.glob(f"{duckdb_extension_sqlite_scanner.__path__[0]}/extensions/*/sqlite_scanner.duckdb_extension")[0]
        connection.execute(f"LOAD '{extension}'")
    except ImportError:
        connection.execute("INSTALL sqlite")
        connection.execute("LOAD sqlite")
    connection.execute(f"ATTACH '{database}' AS navrec (TYPE sqlite, READ_ONLY)")
    return connection


def normalized(rows):
    def value(item):
        if isinstance(item, bool):
            return int(item)
        if isinstance(item, (int, float)) and not isinstance(item, bool):
            return float(item)
        if isinstance(item, (bytes, bytearray, memoryview)):
            return bytes(item)
        return item
    return collections.Counter(tuple(value(item) for item in row) for row in rows)


def main(argv):
    database = argv[1]
    import polars
    sqlite = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    objects = sqlite.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE type IN ('view', 'table') AND name NOT LIKE 'sqlite_%' ORDER BY type DESC, name").fetchall()
    duck = duckdb_connection(database)
    problems, checked, rows = [], [], 0
    for kind, name, sql in objects:
        if name in PRIVATE or "WITHOUT ROWID" in (sql or "").upper():
            continue
        expected = normalized(sqlite.execute(f'SELECT * FROM "{name}"').fetchall())
        try:
            from_duckdb = normalized(duck.execute(f'SELECT * FROM navrec."{name}"').fetchall())
        except Exception as error:  # noqa: BLE001 - any failure is the finding
            problems.append(f"DuckDB cannot read {kind} {name}: {str(error).splitlines()[0][:200]}")
            continue
        if from_duckdb != expected:
            problems.append(f"DuckDB's rows of {kind} {name} differ from SQLite's ({sum(from_duckdb.values())} vs {sum(expected.values())} rows)")
        try:
            frame = polars.read_database(f'SELECT * FROM "{name}"', sqlite, infer_schema_length=None)
            from_polars = normalized(frame.rows())
        except Exception as error:  # noqa: BLE001
            problems.append(f"Polars cannot read {kind} {name}: {str(error).splitlines()[0][:200]}")
            continue
        if from_polars != expected:
            problems.append(f"Polars' rows of {kind} {name} differ from SQLite's")
        checked.append(name)
        rows += sum(expected.values())
    views = [name for kind, name, _ in objects if kind == "view"]
    missing = [name for name in views if name not in checked]
    for problem in problems:
        print(f"{database}: {problem}")
    if problems or missing:
        print(f"{database}: {len(problems)} problems; views not read: {missing}")
        return 1
    print(f"{database}: DuckDB and Polars read all {len(views)} views ({', '.join(views)}) and "
          f"{len(checked) - len(views)} tables, {rows} rows, each equal to SQLite's")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
