#!/usr/bin/env python3
"""Reads every public view and table of a navrec database from DuckDB (its sqlite extension) and
from Polars, each in one call, and checks that both give exactly the rows SQLite gives.

Usage: check_duckdb.py DATABASE.sqlite --navrec NAVREC_BINARY

DuckDB, from the database: `ATTACH 'DB' AS navrec (TYPE sqlite, READ_ONLY)` then
`SELECT * FROM navrec.VIEW`, what an analyst types (Docs/database.md "DuckDB and Polars"). SQLite
declares no types for a view's columns, so DuckDB reads them as VARCHAR: SQLite's own text of each
value (numbers to 15 significant digits), which is what this compares them with. DuckDB fetches
the sqlite extension from the internet on `INSTALL sqlite`; offline (CI) it loads the same
extension from the PyPI package duckdb-extension-sqlite-scanner (duckdb-requirements.txt).
DuckDB, typed and exact: `navrec query "SELECT * FROM VIEW" --format csv` read by DuckDB's
read_csv, every number equal to SQLite's double.
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
import os
import sqlite3
import subprocess
import sys
import tempfile

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


def sqlite_text(sqlite, name):
    """The rows of `name` with every value as SQLite's text of it (what DuckDB's VARCHAR holds)."""
    columns = [row[1] for row in sqlite.execute(f'PRAGMA table_info("{name}")')]
    casts = ", ".join(f'CAST("{column}" AS TEXT)' for column in columns)
    return collections.Counter(sqlite.execute(f'SELECT {casts} FROM "{name}"').fetchall())


def from_navrec_csv(duck, navrec, database, name, work):
    """`name` exported by `navrec query --format csv`, read back by DuckDB's read_csv."""
    path = os.path.join(work, name + ".csv")
    with open(path, "wb") as handle:
        subprocess.run([navrec, "query", f'SELECT * FROM "{name}"', "--db", database, "--format", "csv"],
                       stdout=handle, check=True)
    return normalized(duck.execute("SELECT * FROM read_csv(?, header = true, auto_type_candidates = ['BIGINT', 'DOUBLE', 'VARCHAR'])", [path]).fetchall())


def main(argv):
    database = argv[1]
    navrec = argv[argv.index("--navrec") + 1]
    work = tempfile.mkdtemp()
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
            from_duckdb = duck.execute(f'SELECT * FROM navrec."{name}"').fetchall()
        except Exception as error:  # noqa: BLE001 - any failure is the finding
            problems.append(f"DuckDB cannot read {kind} {name}: {str(error).splitlines()[0][:200]}")
            continue
        if kind == "view":
            if collections.Counter(tuple(None if item is None else str(item) for item in row) for row in from_duckdb) != sqlite_text(sqlite, name):
                problems.append(f"DuckDB's rows of view {name} differ from SQLite's text of them")
        elif normalized(from_duckdb) != expected:
            problems.append(f"DuckDB's rows of table {name} differ from SQLite's")
        if kind == "view" and from_navrec_csv(duck, navrec, database, name, work) != expected:
            problems.append(f"DuckDB's read_csv of navrec query's CSV of {name} differs from SQLite's rows")
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
          f"{len(checked) - len(views)} tables, {rows} rows, each equal to SQLite's (DuckDB's views as SQLite's text; "
          f"exact through navrec query's CSV)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
