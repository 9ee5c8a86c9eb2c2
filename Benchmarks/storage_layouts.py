#!/usr/bin/env python3
"""Compares the two storage layouts of issue 23 on one navrec database, in one run:

(a) chunks behind views (navrec's layout since schema 9): `frame_chunks`, 64 samples a row, the
    public `timeline` view decoding them;
(b) one compact row per sample: `samples(key INTEGER PRIMARY KEY, t_us INTEGER, y ANY, …)` with
    integer microseconds, integer thousandths where exact (else the REAL), codes for phase,
    booleans and enumerations, the observed state in `o_` columns of the same row, and a plain
    `timeline` view over it (schema 8's layout, which the earlier probe measured).

usage: storage_layouts.py NAVREC_DB WORK_DIR [RUNS]

Copies the database (a), builds (b) from its `timeline` rows with SQL, VACUUMs both and prints, for
each: bytes per sample (file size / samples) and the median CPU time of the `sqlite3` shell for
one session's aggregate, one session's `SELECT *`, and an aggregate over a full scan. Import and
report speed of (b) need navrec's writer and reader for it, which this script does not have.
"""
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys


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


def main(argv):
    database, work = argv[1], argv[2]
    runs = int(argv[3]) if len(argv) > 3 else 3
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


if __name__ == "__main__":
    main(sys.argv)
