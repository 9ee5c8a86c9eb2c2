#!/usr/bin/env python3
"""Option (a) for `observed_drift` (issue 26), measured before it is built: per-chunk maxima of
each field's |observed - computed| gap stored beside the chunks, and the query reading them.

    python3 Benchmarks/drift_storage.py DB WORK [--runs 3]

DB is a navrec database (Benchmarks/speed.py's queries row: 2,000 sessions of
Integrations/make_fleet.py, imported and reported). The script copies it to WORK, adds the table
`chunk_gaps` — per session and chunk of 64 samples (seq >> 6, the chunk writer's rows): the largest
gap of each field among the chunk's observed samples and the earliest t with it — computed in SQL
from `observed_gaps` (so the arithmetic is the view's by construction; import would write the same
values from the chunk builder's buffers, exact for the digit and scaled forms), then runs today's
`Queries/observed_drift.sql` on DB and the same query over `chunk_gaps` on the copy in the `sqlite3`
shell, each `--runs` times, and prints CPU (user + system, wait4) and wall medians, whether the
two outputs are byte for byte equal, and what the table costs in bytes per sample.

Why the rewrite over `chunk_gaps` gives the same rows: a session's largest gap is the largest of its
chunks' largest gaps, and the earliest t with it is the earliest of the chunks' earliest t with
that same gap (MAX and MIN compose; the equality is on the very doubles the view computes).
"""
import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The fields Queries/observed_drift.sql reports, in its order.
FIELDS = ["bar_height", "large_title_alpha", "inline_title_alpha", "content_title_alpha", "blur_alpha", "bar_shown"]


def backfill_sql():
    """What a migration would run on an existing database: one pass for each chunk's maxima, one
    for the earliest t with each (the maxima looked up by primary key, no nested scan)."""
    maxima = ", ".join(f"MAX({f}_gap) AS {f}_gap" for f in FIELDS)
    columns = ", ".join(f"{f}_gap REAL, {f}_t REAL" for f in FIELDS)
    firsts = ", ".join(f"m.{f}_gap, MIN(CASE WHEN g.{f}_gap = m.{f}_gap THEN g.t END)" for f in FIELDS)
    return f"""
        CREATE TEMP TABLE chunk_maxima (session_id TEXT NOT NULL, chunk INTEGER NOT NULL, {", ".join(f"{f}_gap REAL" for f in FIELDS)},
                                        PRIMARY KEY (session_id, chunk)) WITHOUT ROWID;
        INSERT INTO chunk_maxima SELECT session_id, seq >> 6, {maxima} FROM observed_gaps GROUP BY session_id, seq >> 6;
        CREATE TABLE chunk_gaps (session_id TEXT NOT NULL, chunk INTEGER NOT NULL, {columns},
                                 PRIMARY KEY (session_id, chunk)) STRICT, WITHOUT ROWID;
        INSERT INTO chunk_gaps
        SELECT m.session_id, m.chunk, {firsts}
          FROM observed_gaps g JOIN chunk_maxima m ON m.session_id = g.session_id AND m.chunk = g.seq >> 6
         GROUP BY m.session_id, m.chunk;
        """


def stored_query():
    """Queries/observed_drift.sql with `observed_gaps` replaced by `chunk_gaps`."""
    maxima = ", ".join(f"MAX({f}_gap) AS {f}" for f in FIELDS)
    firsts = ", ".join(f"MIN(CASE WHEN g.{f}_gap = m.{f} THEN g.{f}_t END) AS {f}" for f in FIELDS)
    arms = "\n    UNION ALL\n".join(
        f"    SELECT m.session_id, '{f}' AS field, m.{f} AS gap, f.{f} AS t FROM maxima m JOIN firsts f"
        f" ON f.session_id = m.session_id WHERE m.{f} IS NOT NULL" for f in FIELDS)
    return f"""WITH maxima AS (
    SELECT session_id, {maxima} FROM chunk_gaps GROUP BY session_id
), firsts AS (
    SELECT m.session_id, {firsts} FROM maxima m JOIN chunk_gaps g ON g.session_id = m.session_id GROUP BY m.session_id
), gaps AS (
{arms}
)
SELECT session_id, field, FLOOR(gap * 1e3 + 0.5) / 1e3 AS largest_gap, FLOOR(t * 1e3 + 0.5) / 1e3 AS t_s
  FROM gaps
 ORDER BY session_id, field;
"""


def timed(command, output):
    """(wall s, CPU s) of one sqlite3 run, its standard output written to `output`."""
    with open(output, "wb") as handle:
        start = time.monotonic()
        process = subprocess.Popen(command, stdout=handle)
        _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"drift_storage.py: error: {' '.join(command)} failed")
    return time.monotonic() - start, usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("db")
    parser.add_argument("work")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    copy = os.path.join(args.work, "drift-storage.sqlite")
    if not os.path.exists(copy):
        shutil.copyfile(args.db, copy + ".part")
        start = time.monotonic()
        process = subprocess.Popen(["sqlite3", "-bail", copy + ".part", backfill_sql()])
        _, status, usage = os.wait4(process.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit("drift_storage.py: error: the back-fill failed")
        print(f"back-fill (what a migration would run): {time.monotonic() - start:.1f} s wall, "
              f"{usage.ru_utime + usage.ru_stime:.1f} s CPU")
        os.rename(copy + ".part", copy)
    query = os.path.join(args.work, "observed_drift_stored.sql")
    open(query, "w").write(stored_query())
    today = os.path.join(ROOT, "Queries", "observed_drift.sql")
    runs = {"today": [], "stored": []}
    for _ in range(args.runs):
        runs["today"].append(timed(["sqlite3", "-bail", args.db, f".read {today}"], os.path.join(args.work, "today.txt")))
        runs["stored"].append(timed(["sqlite3", "-bail", copy, f".read {query}"], os.path.join(args.work, "stored.txt")))
    outputs = {name: open(os.path.join(args.work, f"{name}.txt"), "rb").read() for name in runs}
    connection = sqlite3.connect(copy)
    samples = connection.execute("SELECT sum(samples) FROM sessions").fetchone()[0]
    chunks = connection.execute("SELECT count(*) FROM chunk_gaps").fetchone()[0]
    # dbstat is in the sqlite3 shell's build (Debian's), not necessarily in Python's.
    table_bytes = int(subprocess.run(["sqlite3", copy, "SELECT sum(pgsize) FROM dbstat WHERE name = 'chunk_gaps'"],
                                     capture_output=True, text=True, check=True).stdout)
    rows = outputs["today"].count(b"\n")
    print("| observed_drift, sqlite3 shell | wall s (median) | CPU s (median) |")
    print("|---|---:|---:|")
    for name, label in (("today", "today's query over observed_gaps"), ("stored", "over chunk_gaps")):
        print(f"| {label} | {statistics.median(w for w, _ in runs[name]):.2f} | {statistics.median(c for _, c in runs[name]):.2f} |")
    print(f"outputs: {'byte-identical' if outputs['today'] == outputs['stored'] else 'DIFFER'} "
          f"({rows} rows); chunk_gaps: {chunks:,} rows, {table_bytes:,} bytes "
          f"= {table_bytes / samples:.2f} B/sample over {samples:,} samples")


if __name__ == "__main__":
    main()
