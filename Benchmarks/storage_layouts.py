#!/usr/bin/env python3
"""Compares the two storage layouts of issue 23 on one navrec database, in one run:

(a) chunks behind views (navrec's layout since schema 9): `frame_chunks`, 64 samples a row, the
    public `timeline` view decoding them;
(b) one compact row per sample: `samples(key INTEGER PRIMARY KEY, t_us INTEGER, y ANY, …)` with
    integer microseconds, integer thousandths where exact (else the REAL), codes for phase,
    booleans and enumerations, the observed state in `o_` columns of the same row, and a plain
    `timeline` view over it (schema 8's layout, which the earlier probe measured).

usage: storage_layouts.py NAVREC_DB WORK_DIR [RUNS] [--fleet FLEET_DB] [--duckdb PYTHON]
                          [--navrec BINARY,RECORDING]

Copies the database (a), builds (b) from its `timeline` rows with SQL, VACUUMs both and prints, for
each: bytes per sample (file size / samples) and the median CPU time of the `sqlite3` shell for
one session's aggregate, one session's `SELECT *`, and an aggregate over a full scan.

--duckdb PYTHON: the same three queries through DuckDB's sqlite extension, run by that Python (a
    venv with `duckdb==1.5.5 duckdb-extension-sqlite-scanner==1.5.5`: DuckDB fetches extensions
    from the internet otherwise), median wall time of RUNS in one process, one thread.
--fleet FLEET_DB: a fleet database (Integrations/make_fleet_db.sh, 2,000 sessions) turned into both
    layouts the same way, and Datasette's pages for the `timeline` view (its first page, and one
    session's rows) timed through Datasette's own client with its default settings (1 s limit).

Import and report speed of (b) need navrec's writer and reader for it, which navrec does not have;
what SQLite itself costs to write and read (b)'s rows is measured instead: the `sqlite3` shell
copying (b)'s rows into an empty `samples` table (`INSERT … SELECT`: no parsing, SQLite's own
write path) and its `SELECT *` of every row in key order (what a report reads), both as CPU time,
to set against `navrec import`'s and `navrec report`'s whole CPU time on (a): --navrec BINARY,RECORDING
imports RECORDING (the one NAVREC_DB was made from) into a new database and reports it.
"""
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time
import urllib.parse


def build_rows(database, path):
    """Layout (b) at `path`, from (a)'s `timeline` and `bar_state_fields`."""
    if os.path.exists(path):
        os.remove(path)
    source = sqlite3.connect(database)
    fields = source.execute("SELECT column_name, kind FROM bar_state_fields ORDER BY position").fetchall()
    enumerations = {name: [] for name, kind in fields if kind == "enumeration"}
    target = sqlite3.connect(path)
    target.execute(f"ATTACH DATABASE '{database}' AS a")
    def stored(name, kind, alias):
        if kind in ("length", "fraction"):
            return (f"CASE WHEN {alias}.{name} * 1000 = CAST(round({alias}.{name} * 1000) AS INTEGER) "
                    f"THEN CAST(round({alias}.{name} * 1000) AS INTEGER) ELSE {alias}.{name} END")
        if kind == "enumeration":
            return f"(SELECT CASE {alias}.{name} WHEN 'transparent' THEN 0 WHEN 'default' THEN 1 END)"
        return f"{alias}.{name}"
    columns = ", ".join(f"{name} {'ANY' if kind in ('length', 'fraction') else 'INTEGER'}" for name, kind in fields)
    o_columns = ", ".join(f"o_{name} {'ANY' if kind in ('length', 'fraction') else 'INTEGER'}" for name, kind in fields)
    # `timeline` has no vy: decode it from the chunks as the views decode a thousandths column.
    field = "substr(c.vy, 1 - p.k * c.vy_w, -c.vy_w)"
    vy = (f"CASE WHEN c.vy_w >= 0 THEN nullif(c.vy_base + substr(c.vy, 1 + p.k * c.vy_w, c.vy_w), c.vy_base - 1) / 1000.0 "
          f"WHEN c.vy_base IS NOT NULL THEN CAST(nullif(trim(CAST({field} AS TEXT)), '') AS INTEGER) * c.vy_base "
          f"WHEN c.vy_w < 0 THEN CAST(nullif(trim(CAST({field} AS TEXT)), '') AS REAL) END")
    target.executescript(f"""
        CREATE TEMP TABLE velocities (key INTEGER PRIMARY KEY, vy ANY);
        INSERT INTO velocities SELECT c.key + p.k, {vy} FROM a.frame_chunks c JOIN a.chunk_positions p ON p.k < c.samples;
        CREATE TABLE sessions AS SELECT * FROM a.sessions;
        CREATE UNIQUE INDEX sessions_id ON sessions(id);
        CREATE UNIQUE INDEX sessions_key ON sessions(session_key);
        CREATE TABLE samples (key INTEGER PRIMARY KEY, t_us INTEGER NOT NULL, y ANY NOT NULL, phase INTEGER, vy ANY,
                              frame_duration_us INTEGER, observed INTEGER, {columns}, {o_columns}) STRICT;
        INSERT INTO samples
        SELECT (s.session_key << 32) | c.seq, CAST(round(c.t * 1000000) AS INTEGER), {stored('y', 'length', 'c')},
               CASE c.phase WHEN 'idle' THEN 0 WHEN 'drag' THEN 1 WHEN 'decelerate' THEN 2 WHEN 'bounce' THEN 3 WHEN 'animate' THEN 4 END,
               (SELECT {stored('vy', 'length', 'v')} FROM velocities v WHERE v.key = (s.session_key << 32) | c.seq),
               CAST(round(c.frame_duration * 1000000) AS INTEGER), CASE WHEN o.seq IS NULL THEN NULL ELSE 1 END,
               {", ".join(stored(name, kind, 'c') for name, kind in fields)},
               {", ".join(stored(name, kind, 'o') for name, kind in fields)}
          FROM a.timeline c JOIN a.sessions s ON s.id = c.session_id
          LEFT JOIN a.timeline o ON o.session_id = c.session_id AND o.seq = c.seq AND o.source = 'observed'
         WHERE c.source = 'computed'
         ORDER BY 1;
    """)
    def decoded(name, kind, prefix):
        column = f"f.{prefix}{name}"
        if kind in ("length", "fraction"):
            return f"CASE typeof({column}) WHEN 'integer' THEN {column} / 1000.0 ELSE {column} END AS {name}"
        if kind == "enumeration":
            return f"CASE {column} WHEN 0 THEN 'transparent' WHEN 1 THEN 'default' END AS {name}"
        return f"{column} AS {name}"
    def part(source, prefix, where=""):
        return f"""SELECT s.id AS session_id, f.key - (s.session_key << 32) AS seq, f.t_us / 1000000.0 AS t,
               CASE typeof(f.y) WHEN 'integer' THEN f.y / 1000.0 ELSE f.y END AS y,
               CASE f.phase WHEN 0 THEN 'idle' WHEN 1 THEN 'drag' WHEN 2 THEN 'decelerate' WHEN 3 THEN 'bounce' WHEN 4 THEN 'animate' END AS phase,
               '{source}' AS source, {", ".join(decoded(name, kind, prefix) for name, kind in fields)},
               f.frame_duration_us / 1000000.0 AS frame_duration
          FROM sessions s JOIN samples f ON f.key BETWEEN (s.session_key << 32) AND (s.session_key << 32) + 4294967295 {where}"""
    target.execute(f"CREATE VIEW timeline AS {part('computed', '')} UNION ALL {part('observed', 'o_', 'WHERE f.observed IS NOT NULL')}")
    target.commit()
    target.execute("DETACH DATABASE a")
    target.execute("VACUUM")
    target.close()


def cpu_seconds(command):
    """User + system CPU seconds of one run of `command`, its output discarded."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"storage_layouts.py: error: {' '.join(command)} failed")
    return usage.ru_utime + usage.ru_stime


def timed(database, sql, runs):
    """Median CPU seconds (user + system) of the sqlite3 shell running `sql`: on a shared machine
    wall time measures the other processes too."""
    times = []
    for _ in range(runs):
        process = subprocess.Popen(["sqlite3", database, sql], stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            raise SystemExit(f"storage_layouts.py: error: sqlite3 {database} exited {process.returncode}")
        times.append(usage.ru_utime + usage.ru_stime)
    return statistics.median(times)


def sqlite_write_and_read(rows, work, runs):
    """CPU seconds of the sqlite3 shell writing (b)'s `samples` rows into an empty table of the same
    schema (`INSERT … SELECT` from the built database: SQLite's record encoding and B-tree inserts,
    no parsing) and of reading them all back in key order."""
    schema = sqlite3.connect(rows).execute("SELECT sql FROM sqlite_master WHERE name = 'samples'").fetchone()[0]
    target = os.path.join(work, "b-write.sqlite")
    writes = []
    for _ in range(runs):
        if os.path.exists(target):
            os.remove(target)
        sql = f"PRAGMA journal_mode = WAL; {schema}; ATTACH '{rows}' AS b; INSERT INTO main.samples SELECT * FROM b.samples;"
        process = subprocess.Popen(["sqlite3", target, sql], stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit("storage_layouts.py: error: sqlite3 INSERT … SELECT failed")
        writes.append(usage.ru_utime + usage.ru_stime)
    os.remove(target)
    read = timed(rows, "SELECT * FROM samples ORDER BY key", runs)
    return statistics.median(writes), read


DUCKDB_TIMER = r"""
import duckdb, duckdb_extension_sqlite_scanner, glob, json, statistics, sys, time
path, runs, queries = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
connection = duckdb.connect(config={"threads": 1})
extension = glob.glob(f"{duckdb_extension_sqlite_scanner.__path__[0]}/extensions/*/sqlite_scanner.duckdb_extension")[0]
connection.execute(f"LOAD '{extension}'")
connection.execute(f"ATTACH '{path}' AS a (TYPE sqlite, READ_ONLY)")
connection.execute("USE a")
medians = []
for sql in queries:
    times = []
    try:
        for _ in range(runs):
            started = time.perf_counter()
            connection.execute(sql).fetchall()
            times.append(time.perf_counter() - started)
        medians.append(statistics.median(times))
    except duckdb.Error as error:
        medians.append(str(error).splitlines()[0])
print(json.dumps(medians))
"""


def duckdb_times(python, path, queries, runs):
    """Median wall seconds of DuckDB's sqlite extension running each query on `path`, or the
    error DuckDB gave (it parses SQLite's view definitions itself)."""
    output = subprocess.run([python, "-c", DUCKDB_TIMER, path, str(runs), json.dumps(list(queries))],
                            capture_output=True, text=True)
    if output.returncode != 0:
        raise SystemExit(f"storage_layouts.py: error: DuckDB: {output.stderr.strip().splitlines()[-1:]}")
    return json.loads(output.stdout)


def datasette_times(path, session, runs):
    """Median wall seconds and worst status of Datasette's `timeline` pages on `path`, default
    settings (sql_time_limit_ms 1000: a slower page answers 400)."""
    import asyncio
    from datasette.app import Datasette

    async def measure():
        datasette = Datasette([path])
        await datasette.invoke_startup()
        name = os.path.splitext(os.path.basename(path))[0]
        pages = {"first page": f"/{name}/timeline",
                 "one session": f"/{name}/timeline?session_id={urllib.parse.quote(session)}"}
        results = {}
        for label, page in pages.items():
            times, statuses = [], []
            for _ in range(runs):
                started = time.perf_counter()
                response = await datasette.client.get(page)
                times.append(time.perf_counter() - started)
                statuses.append(response.status_code)
            results[label] = (statistics.median(times), max(statuses))
        return results

    return asyncio.run(measure())


def main(argv):
    options = {}
    positional = []
    arguments = iter(argv[1:])
    for argument in arguments:
        if argument in ("--fleet", "--duckdb", "--navrec"):
            options[argument] = next(arguments)
        else:
            positional.append(argument)
    database, work = positional[0], positional[1]
    runs = int(positional[2]) if len(positional) > 2 else 3
    os.makedirs(work, exist_ok=True)
    chunks = os.path.join(work, "a-chunks.sqlite")
    rows = os.path.join(work, "b-rows.sqlite")
    shutil.copyfile(database, chunks)
    sqlite3.connect(chunks).execute("VACUUM")
    build_rows(chunks, rows)
    connection = sqlite3.connect(chunks)
    samples = connection.execute("SELECT sum(samples) FROM sessions").fetchone()[0]
    one = connection.execute("SELECT id FROM sessions ORDER BY samples DESC LIMIT 1").fetchone()[0]
    one_samples = connection.execute("SELECT samples FROM sessions WHERE id = ?", (one,)).fetchone()[0]
    queries = {
        "one session, aggregate": f"SELECT count(*), avg(y), max(bar_height), sum(inline_title_alpha) FROM timeline WHERE session_id = '{one}' AND source = 'computed'",
        "one session, SELECT *": f"SELECT * FROM timeline WHERE session_id = '{one}'",
        "full scan, aggregate": "SELECT source, count(*), avg(y), max(bar_height) FROM timeline GROUP BY source",
    }
    results = [sqlite3.connect(path).execute(queries["full scan, aggregate"]).fetchall() for path in (chunks, rows)]
    # The layouts return rows in different orders, so avg(y) sums in a different order: equal to
    # rounding, not bit for bit; counts and maxima are exact.
    def same(a, b):
        return len(a) == len(b) and all(x[:2] == y[:2] and x[3] == y[3] and abs(x[2] - y[2]) <= 1e-9 * abs(x[2]) for x, y in zip(a, b))
    if not same(*results):
        raise SystemExit(f"storage_layouts.py: error: the layouts' timelines differ: {results}")
    print(f"{samples:,} samples, {connection.execute('SELECT count(*) FROM sessions').fetchone()[0]} sessions; "
          f"one session: {one} ({one_samples:,} samples); median CPU time of {runs} runs of the sqlite3 shell")
    print("| layout | bytes/sample | " + " | ".join(queries) + " |")
    print("|---|---|" + "---|" * len(queries))
    for name, path in (("(a) chunks behind views", chunks), ("(b) a row per sample", rows)):
        size = os.path.getsize(path)
        cells = [f"{timed(path, sql, runs):.3f} s" for sql in queries.values()]
        print(f"| {name} | {size / samples:.1f} | " + " | ".join(cells) + " |")
    if "--navrec" in options:
        navrec, recording = options["--navrec"].split(",", 1)
        target = os.path.join(work, "a-import.sqlite")
        imports, reports = [], []
        for _ in range(runs):
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(target + suffix):
                    os.remove(target + suffix)
            imports.append(cpu_seconds([navrec, "import", "--db", target, recording]))
            reports.append(cpu_seconds([navrec, "report", "--db", target, "--format", "json"]))
        print(f"\n(a) through navrec, CPU time: `navrec import` {statistics.median(imports):.3f} s, "
              f"`navrec report` {statistics.median(reports):.3f} s (median of {runs}; parse, models and "
              f"detectors included)")
    if "--duckdb" in options:
        print(f"\nDuckDB {options['--duckdb']} (sqlite extension), median wall time of {runs}")
        print("| layout | " + " | ".join(queries) + " |")
        print("|---|" + "---|" * len(queries))
        for name, path in (("(a) chunks behind views", chunks), ("(b) a row per sample", rows)):
            cells = [f"{seconds:.3f} s" if isinstance(seconds, float) else f"fails: {seconds}"
                     for seconds in duckdb_times(options["--duckdb"], path, queries.values(), runs)]
            if len(set(cells)) == 1 and cells[0].startswith("fails"):
                cells = [cells[0][:70]] * len(cells)
            print(f"| {name} | " + " | ".join(cells) + " |")
    write, read = sqlite_write_and_read(rows, work, runs)
    print(f"\n(b) in SQLite alone, CPU time of the sqlite3 shell: writing its {samples:,} rows "
          f"{write:.3f} s ({samples / write / 1e6:.2f} M rows/s); SELECT * in key order {read:.3f} s "
          f"({samples / read / 1e6:.2f} M rows/s)")
    if "--fleet" in options:
        fleet_chunks = os.path.join(work, "fleet_a.sqlite")
        fleet_rows = os.path.join(work, "fleet_b.sqlite")
        shutil.copyfile(options["--fleet"], fleet_chunks)
        sqlite3.connect(fleet_chunks).execute("VACUUM")
        build_rows(fleet_chunks, fleet_rows)
        fleet = sqlite3.connect(fleet_chunks)
        count = fleet.execute("SELECT count(*) FROM sessions").fetchone()[0]
        session = fleet.execute("SELECT id FROM sessions ORDER BY id LIMIT 1").fetchone()[0]
        print(f"\nDatasette, default settings, {count:,} sessions; median wall time of {runs} requests (status)")
        print("| layout | bytes/sample | `timeline` first page | one session's `timeline` |")
        print("|---|---|---|---|")
        fleet_samples = fleet.execute("SELECT sum(samples) FROM sessions").fetchone()[0]
        for name, path in (("(a) chunks behind views", fleet_chunks), ("(b) a row per sample", fleet_rows)):
            pages = datasette_times(path, session, runs)
            cells = [f"{seconds:.3f} s ({status})" for seconds, status in pages.values()]
            print(f"| {name} | {os.path.getsize(path) / fleet_samples:.1f} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv)
