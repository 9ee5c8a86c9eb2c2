#!/usr/bin/env python3
"""The peer benchmark (issue 26): the tool a data team would otherwise use — DuckDB running the
flapping and hitch detectors as window-function SQL over the Parquet export of the sessions —
side by side with `navrec analyze` on the same recordings, in one run, per core, with their
findings compared where the rules coincide.

    python3 Benchmarks/duckdb_peer.py --navrec .build/release/navrec --recordings DIR --work DIR [--runs 3]

DIR holds NDJSON recordings (Integrations/make_fleet.py). The script imports them once
(`navrec import`, then Integrations/parquet/export_parquet.py and the lifecycle events, which the
hitch rule needs, as events.parquet), then per run and per core count N (1, then 2):
  navrec   `navrec analyze` over the recordings: N processes, each over every N-th file (as the
           Spark job splits its input), the whole command timed: parse + models + every detector;
  DuckDB   `SET threads = N`, then the flapping query and the hitch query over the Parquet files,
           each materialised in full (fetchall), timed in process (CPU: this process's rusage).
  Polars   the flapping rule written independently in Polars over the same Parquet files
           (Benchmarks/polars_peer.py, POLARS_MAX_THREADS = N, in a child process), timed in that
           process: a second peer, so the ratio does not rest on one particular SQL.
Prints a Markdown table of medians (wall, CPU, samples per CPU-second, navrec's speed-up) and the
comparison of findings (navrec against each peer); `--json PATH` writes the figures for
Benchmarks/run.sh. navrec's side does the most work: it parses NDJSON and runs every detector,
DuckDB's reads Parquet for two rules, Polars' for one, so each ratio understates navrec's lead on
equal work.

What the SQL computes (README "What the findings mean", "Hitch model"; the code is
Sources/Analyzer/Detectors):
- flapping: per session, stream and binary signal, toggles (a known value differing from the
  previous known one), chained while within `flapping.window` (1 s) of the previous toggle and
  with the scroll offset's range since it at most the sweep limit (20 pt for the background and
  the titles, 100 pt for hideOnSwipe's barHidden, none for taps' states); episodes of at least 3
  toggles with count, start, end, y range; a driven signal's episode overlapping its driver's on
  the same stream dropped (blurHeader's titles follow the background, largeTitle's large title the
  inline one). Exactly navrec's rule: compared for equality (every value, as doubles).
- hitch: frames merged from samples, counted intervals, the frame duration in effect, the late
  rule with the next interval, gaps (lifecycle events, starting at rest unless logged at rest, a
  new gesture, the velocity rule over the 4 frames before) and the hitch time ratio. Where SQL
  differs: (1) a sample joins the frame when it is less than half a frame after the *previous
  sample* (navrec: after the frame's first sample, a running state no window function holds;
  equal unless a frame's samples spread over more than half a frame); (2) on displays that lower
  their rate (fps above 60) without recorded frameDuration, navrec infers the rate from the
  previous 2 counted intervals that were neither late nor gaps since the last gap — a recurrence
  over its own decisions, which SQL cannot express without a recursive query per frame — so the
  SQL uses 1/fps there and those sessions are listed apart, not compared.
"""
import argparse
import glob
import json
import os
import resource
import sqlite3
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WINDOW = 1.0
MIN_TOGGLES = 3
MAX_HYSTERESIS = 20.0
MAX_SWIPE_DISTANCE = 100.0
FACTOR = 1.5
LATE_MARGIN = 1e-5
REST = 1e-6

FLAPPING_SQL = f"""
WITH signals(signal) AS (
    VALUES ('barHidden'), ('background'), ('largeTitleVisible'), ('inlineTitleVisible'),
           ('contentTitleVisible'), ('subtitleVisible'), ('dropdownExpanded')
), sessions_limits AS (
    SELECT id AS session_id,
           list_contains(string_split(behaviors, ','), 'blurHeader') AS blur_header,
           list_contains(string_split(behaviors, ','), 'largeTitle') AS large_title,
           list_contains(string_split(behaviors, ','), 'hideOnSwipe')
               AND coalesce(json_extract(parameters, '$.hideOnSwipe.onSwipe')::BOOLEAN, true) AS on_swipe
      FROM sessions
), samples AS (
    SELECT tl.session_id, tl.source, s.signal, tl.seq, tl.t, tl.y,
           CASE s.signal
               WHEN 'barHidden' THEN tl.bar_hidden = 1
               WHEN 'background' THEN tl.background = 'default'
               WHEN 'largeTitleVisible' THEN tl.large_title_alpha >= 0.5
               WHEN 'inlineTitleVisible' THEN tl.inline_title_alpha >= 0.5
               WHEN 'contentTitleVisible' THEN tl.content_title_alpha >= 0.5
               WHEN 'subtitleVisible' THEN tl.subtitle_visible = 1
               WHEN 'dropdownExpanded' THEN tl.dropdown_expanded = 1 END AS v
      FROM timeline tl CROSS JOIN signals s
), toggled AS (
    SELECT *, v IS NOT NULL AND v <> last_value(v IGNORE NULLS) OVER (
               PARTITION BY session_id, source, signal ORDER BY seq ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS toggle
      FROM samples
), segmented AS (
    -- Segment g: from toggle g's sample to the sample before toggle g + 1.
    SELECT *, sum(toggle::INTEGER) OVER (PARTITION BY session_id, source, signal ORDER BY seq ROWS UNBOUNDED PRECEDING) AS g
      FROM toggled
), segments AS (
    SELECT session_id, source, signal, g, arg_min(t, seq) AS t, arg_min(y, seq) AS y, min(y) AS y_min, max(y) AS y_max
      FROM segmented WHERE g > 0
     GROUP BY session_id, source, signal, g
), chained AS (
    SELECT seg.*,
           CASE WHEN seg.g = 1 OR seg.t - lag(seg.t) OVER w > {WINDOW}
                     OR greatest(lag(seg.y_max) OVER w, seg.y) - least(lag(seg.y_min) OVER w, seg.y)
                        > CASE WHEN seg.signal = 'barHidden' THEN CASE WHEN l.on_swipe THEN {MAX_SWIPE_DISTANCE} ELSE 'infinity'::DOUBLE END
                               WHEN seg.signal IN ('subtitleVisible', 'dropdownExpanded') THEN 'infinity'::DOUBLE
                               ELSE {MAX_HYSTERESIS} END
                THEN 1 ELSE 0 END AS starts,
           l.blur_header, l.large_title
      FROM segments seg JOIN sessions_limits l USING (session_id)
    WINDOW w AS (PARTITION BY seg.session_id, seg.source, seg.signal ORDER BY seg.g)
), numbered AS (
    SELECT *, sum(starts) OVER w AS episode,
           coalesce(lead(starts) OVER w, 1) = 1 AS last_of_episode
      FROM chained
    WINDOW w AS (PARTITION BY session_id, source, signal ORDER BY g)
), episodes AS (
    -- The span's y range: every segment of the episode but the last toggle's, and that toggle's y.
    SELECT session_id, source, signal, any_value(blur_header) AS blur_header, any_value(large_title) AS large_title,
           count(*) AS toggles, min(t) AS start_t, max(t) AS end_t,
           min(CASE WHEN last_of_episode THEN y ELSE y_min END) AS y_min,
           max(CASE WHEN last_of_episode THEN y ELSE y_max END) AS y_max
      FROM numbered
     GROUP BY session_id, source, signal, episode
    HAVING count(*) >= {MIN_TOGGLES}
)
SELECT e.session_id, e.source, e.signal, e.toggles, e.start_t, e.end_t, e.y_min, e.y_max
  FROM episodes e
 WHERE NOT EXISTS (
    SELECT 1 FROM episodes d
     WHERE d.session_id = e.session_id AND d.source = e.source
       AND d.signal = CASE WHEN e.signal IN ('inlineTitleVisible', 'contentTitleVisible') AND e.blur_header THEN 'background'
                           WHEN e.signal = 'largeTitleVisible' AND e.large_title THEN 'inlineTitleVisible' END
       AND d.start_t <= e.end_t AND e.start_t <= d.end_t)
 ORDER BY e.session_id, e.source, e.signal, e.start_t
"""

HITCH_SQL = f"""
WITH merged AS (
    SELECT tl.session_id, tl.seq, tl.t, tl.y, tl.phase, tl.frame_duration, s.fps,
           CASE WHEN tl.t - lag(tl.t) OVER w < 0.5 / s.fps THEN 0 ELSE 1 END AS new_frame
      FROM timeline tl JOIN sessions s ON s.id = tl.session_id
     WHERE tl.source = 'computed' AND s.fps > 0
    WINDOW w AS (PARTITION BY tl.session_id ORDER BY tl.seq)
), numbered AS (
    SELECT *, sum(new_frame) OVER (PARTITION BY session_id ORDER BY seq ROWS UNBOUNDED PRECEDING) AS frame
      FROM merged
), frames AS (
    -- A frame: its first sample's time and frame duration, its last sample's y and phase.
    SELECT session_id, frame, any_value(fps) AS fps, arg_min(t, seq) AS t, arg_max(y, seq) AS y,
           arg_max(phase, seq) FILTER (WHERE phase IS NOT NULL) AS phase,
           arg_min(frame_duration, seq) FILTER (WHERE frame_duration IS NOT NULL) AS frame_duration
      FROM numbered GROUP BY session_id, frame
), lifecycle AS (
    SELECT session_id, t FROM events WHERE kind IN ('background', 'foreground', 'dropped')
), intervals AS (
    SELECT f.*,
           lag(t, 1) OVER w AS t1, lag(y, 1) OVER w AS y1, lag(phase, 1) OVER w AS phase1,
           lag(frame_duration, 1) OVER w AS fd1, lag(y, 2) OVER w AS y2,
           lag(t, 2) OVER w AS t2, lag(t, 3) OVER w AS t3, lag(t, 4) OVER w AS t4, lag(t, 5) OVER w AS t5,
           lag(y, 3) OVER w AS y3, lag(y, 4) OVER w AS y4, lag(y, 5) OVER w AS y5
      FROM frames f
    WINDOW w AS (PARTITION BY session_id ORDER BY frame)
), judged AS (
    SELECT i.*, t - t1 AS duration,
           (phase IS NOT NULL AND phase <> 'idle') OR abs(y - y1) > {REST} AS counted,
           coalesce(fd1, 1.0 / fps) AS fd,
           EXISTS (SELECT 1 FROM lifecycle e WHERE e.session_id = i.session_id AND e.t > i.t1 AND e.t <= i.t) AS spans,
           phase1 = 'idle' OR y2 IS NULL OR abs(y1 - y2) <= {REST} AS at_rest,
           -- The velocity before: from the earliest of the 4 frames before the start within 0.1 s
           -- (at least the one before it) to the start.
           CASE WHEN t5 IS NOT NULL AND t1 - t5 <= 0.1 THEN t5 WHEN t4 IS NOT NULL AND t1 - t4 <= 0.1 THEN t4
                WHEN t3 IS NOT NULL AND t1 - t3 <= 0.1 THEN t3 ELSE t2 END AS t_ref,
           CASE WHEN t5 IS NOT NULL AND t1 - t5 <= 0.1 THEN y5 WHEN t4 IS NOT NULL AND t1 - t4 <= 0.1 THEN y4
                WHEN t3 IS NOT NULL AND t1 - t3 <= 0.1 THEN y3 ELSE y2 END AS y_ref
      FROM intervals i WHERE t1 IS NOT NULL
), resting AS (
    -- Rest intervals at the display's rate in a row (the recorder seen logging at rest).
    SELECT *, NOT (abs(y - y1) > {REST}) AND NOT spans AND duration <= {FACTOR} * fd + {LATE_MARGIN} AS rest_at_rate
      FROM judged
), runs AS (
    SELECT *, frame - coalesce(max(CASE WHEN NOT rest_at_rate THEN frame END) OVER (
               PARTITION BY session_id ORDER BY frame ROWS UNBOUNDED PRECEDING), 1) AS rest_run
      FROM resting
), classified AS (
    SELECT *,
           duration > {FACTOR} * fd + {LATE_MARGIN}
               AND (NOT coalesce(lead(counted) OVER w, false) OR duration + lead(duration) OVER w > {FACTOR + 1} * fd + {LATE_MARGIN}) AS late,
           coalesce(lag(rest_run) OVER w, 0) >= 3 AS logged_at_rest
      FROM runs
    WINDOW w AS (PARTITION BY session_id ORDER BY frame)
), gaps AS (
    SELECT *,
           CASE WHEN spans THEN true
                WHEN at_rest THEN NOT logged_at_rest
                WHEN phase IN ('drag', 'animate') AND phase1 IS NOT NULL AND phase1 <> phase THEN true
                WHEN t1 - t_ref <= 0 THEN true
                WHEN (y - y1) * ((y1 - y_ref) / (t1 - t_ref) * duration) <= 0 THEN true
                ELSE (y - y1) / ((y1 - y_ref) / (t1 - t_ref) * duration) NOT BETWEEN 0.25 AND 4 END AS gap
      FROM classified WHERE counted
)
SELECT session_id,
       coalesce(sum(CASE WHEN late AND NOT gap THEN duration - fd END), 0) AS hitch_seconds,
       coalesce(sum(CASE WHEN NOT (late AND gap) THEN duration END), 0) AS moving_seconds,
       count(CASE WHEN late AND NOT gap THEN 1 END) AS hitches,
       count(CASE WHEN late AND gap THEN 1 END) AS gaps
  FROM gaps GROUP BY session_id ORDER BY session_id
"""


def run(command, **kwargs):
    return subprocess.run(command, check=True, **kwargs)


def prepare(navrec, recordings, work):
    """The database, its Parquet export and events.parquet, made once per WORK directory."""
    database = os.path.join(work, "peer.sqlite")
    export = os.path.join(work, "parquet")
    if not os.path.exists(os.path.join(export, "events.parquet")):
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(database + suffix):
                os.remove(database + suffix)
        run([navrec, "import", "--db", database] + files_of(recordings), stdout=subprocess.DEVNULL)
        run([sys.executable, os.path.join(ROOT, "Integrations", "parquet", "export_parquet.py"), database, export],
            stdout=subprocess.DEVNULL)
        import pyarrow as pa
        import pyarrow.parquet as pq
        rows = sqlite3.connect(database).execute(
            "SELECT s.id, e.t, e.kind FROM events e JOIN sessions s USING (session_key) ORDER BY s.id, e.ordinal").fetchall()
        table = pa.table({"session_id": pa.array([r[0] for r in rows], pa.string()), "t": pa.array([r[1] for r in rows], pa.float64()),
                          "kind": pa.array([r[2] for r in rows], pa.string())})
        pq.write_table(table, os.path.join(export, "events.parquet"))
    return database, export


def files_of(recordings):
    return sorted(glob.glob(os.path.join(recordings, "*.ndjson")))


def navrec_analyze(navrec, files, processes, out_dir):
    """`navrec analyze` over `files` in `processes` processes; (wall, CPU seconds, output lines)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    outputs = [os.path.join(out_dir, f"analyze-{index}.jsonl") for index in range(processes)]
    running = [subprocess.Popen([navrec, "analyze"] + files[index::processes], stdout=open(outputs[index], "wb"))
               for index in range(processes)]
    for process in running:
        if process.wait() != 0:
            raise SystemExit(f"duckdb_peer.py: error: navrec analyze exited {process.returncode}")
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    lines = [json.loads(line) for path in outputs for line in open(path, encoding="utf-8")]
    return wall, cpu, lines


def duckdb_detect(export, threads):
    """The two queries in DuckDB with `threads` threads; (wall, CPU seconds, flapping rows, hitch rows)."""
    import duckdb
    connection = duckdb.connect()
    connection.execute(f"SET threads = {threads}")
    for table in ("sessions", "timeline", "events"):
        path = os.path.join(export, f"{table}.parquet").replace("'", "''")
        connection.execute(f"CREATE VIEW {table} AS SELECT * FROM read_parquet('{path}')")
    before = resource.getrusage(resource.RUSAGE_SELF)
    start = time.monotonic()
    flapping = connection.execute(FLAPPING_SQL).fetchall()
    hitch = connection.execute(HITCH_SQL).fetchall()
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_SELF)
    connection.close()
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, flapping, hitch


def polars_detect(export, threads):
    """The flapping rule in Polars with `threads` threads, in a child process; (wall, CPU seconds, flapping rows)."""
    result = subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "polars_peer.py"), export], check=True,
                            stdout=subprocess.PIPE, env=dict(os.environ, POLARS_MAX_THREADS=str(threads)))
    figures = json.loads(result.stdout)
    return figures["wall"], figures["cpu"], figures["flapping"]


def compare(lines, flapping, hitch, database):
    """Findings of both, compared where the rules coincide; a dict of counts and examples."""
    connection = sqlite3.connect(database)
    adaptive = {row[0] for row in connection.execute(
        "SELECT id FROM sessions s WHERE (fps IS NULL OR fps > 60)"
        " AND EXISTS (SELECT 1 FROM timeline t WHERE t.session_id = s.id AND t.source = 'computed' AND t.frame_duration IS NULL)")}
    navrec_flaps = set()
    navrec_ratio = {}
    for line in lines:
        if "error" in line:
            continue
        navrec_ratio[line["id"]] = line["hitchTimeRatio"]
        for finding in line["findings"]:
            if finding["kind"] == "flapping":
                navrec_flaps.add((line["id"], finding["source"], finding["signal"], finding["count"], finding["start"],
                                  finding["end"], finding["details"]["yMin"], finding["details"]["yMax"]))
    sql_flaps = {tuple(row) for row in flapping}
    sql_ratio = {row[0]: round(row[1] * 1000 / row[2], 3) if row[2] > 0 else 0.0 for row in hitch}
    compared = [sid for sid in navrec_ratio if sid not in adaptive]
    ratio_equal = [sid for sid in compared if sql_ratio.get(sid, 0.0) == navrec_ratio[sid]]
    ratio_differs = [(sid, navrec_ratio[sid], sql_ratio.get(sid)) for sid in compared if sql_ratio.get(sid, 0.0) != navrec_ratio[sid]]
    return {
        "sessions": len(navrec_ratio),
        "flapping_navrec": len(navrec_flaps), "flapping_sql": len(sql_flaps), "flapping_equal": len(navrec_flaps & sql_flaps),
        "flapping_only_navrec": sorted(navrec_flaps - sql_flaps)[:5], "flapping_only_sql": sorted(sql_flaps - navrec_flaps)[:5],
        "hitch_compared": len(compared), "hitch_equal": len(ratio_equal), "hitch_differs": ratio_differs[:5],
        "hitch_differs_count": len(ratio_differs), "hitch_not_compared": len(adaptive),
        "hitch_findings_navrec": sum(1 for line in lines if "error" not in line for f in line["findings"] if f["kind"] == "hitch"),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navrec", required=True)
    parser.add_argument("--recordings", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--baseline", help="another navrec binary (the baseline build), timed the same way")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cores", default="1,2")
    parser.add_argument("--json")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    database, export = prepare(args.navrec, args.recordings, args.work)
    files = files_of(args.recordings)
    samples = sqlite3.connect(database).execute("SELECT sum(samples) FROM sessions").fetchone()[0]
    figures = {"samples": samples, "sessions": sqlite3.connect(database).execute("SELECT count(*) FROM sessions").fetchone()[0]}
    comparison = None
    rows = []
    for cores in [int(text) for text in args.cores.split(",")]:
        navrec_runs, duck_runs, polars_runs, baseline_runs = [], [], [], []
        for _ in range(args.runs):
            wall, cpu, lines = navrec_analyze(args.navrec, files, cores, args.work)
            navrec_runs.append((wall, cpu))
            if args.baseline:
                baseline_runs.append(navrec_analyze(args.baseline, files, cores, args.work)[:2])
            wall, cpu, flapping, hitch = duckdb_detect(export, cores)
            duck_runs.append((wall, cpu))
            wall, cpu, polars_flapping = polars_detect(export, cores)
            polars_runs.append((wall, cpu))
        if comparison is None:
            comparison = compare(lines, flapping, hitch, database)
            polars_set = {tuple(row) for row in polars_flapping}
            comparison["flapping_polars"] = len(polars_set)
            comparison["flapping_polars_equal_sql"] = len(polars_set & {tuple(row) for row in flapping})
            comparison["flapping_polars_equal_navrec"] = comparison["flapping_equal"] if polars_set == {tuple(row) for row in flapping} else None
        navrec_wall, navrec_cpu = (statistics.median(v) for v in zip(*navrec_runs))
        duck_wall, duck_cpu = (statistics.median(v) for v in zip(*duck_runs))
        polars_wall, polars_cpu = (statistics.median(v) for v in zip(*polars_runs))
        figures[f"cores{cores}"] = {"navrec_wall": navrec_wall, "navrec_cpu": navrec_cpu, "duckdb_wall": duck_wall, "duckdb_cpu": duck_cpu,
                                    "polars_wall": polars_wall, "polars_cpu": polars_cpu}
        baseline_cell = ""
        if baseline_runs:
            baseline_wall, baseline_cpu = (statistics.median(v) for v in zip(*baseline_runs))
            figures[f"cores{cores}"].update(baseline_wall=baseline_wall, baseline_cpu=baseline_cpu)
            baseline_cell = (f" | {baseline_wall:.2f} s ({baseline_cpu:.2f} CPU-s); DuckDB/it: wall {duck_wall / baseline_wall:.1f}x,"
                             f" CPU {duck_cpu / baseline_cpu:.1f}x")
        rows.append(f"| {cores} | {navrec_wall:.2f} s ({navrec_cpu:.2f} CPU-s, {samples / navrec_cpu / 1e6:.2f} M samples/CPU-s) "
                    f"| {duck_wall:.2f} s ({duck_cpu:.2f} CPU-s, {samples / duck_cpu / 1e6:.2f} M samples/CPU-s) "
                    f"| wall {duck_wall / navrec_wall:.1f}x, CPU {duck_cpu / navrec_cpu:.1f}x "
                    f"| {polars_wall:.2f} s ({polars_cpu:.2f} CPU-s, {samples / polars_cpu / 1e6:.2f} M samples/CPU-s) "
                    f"| wall {polars_wall / navrec_wall:.1f}x, CPU {polars_cpu / navrec_cpu:.1f}x{baseline_cell} |")
    figures["comparison"] = comparison
    print(f"{figures['sessions']:,} sessions, {samples:,} samples; median of {args.runs} runs")
    print("| cores | navrec analyze (every detector, from NDJSON) | DuckDB: flapping + hitch SQL (from Parquet) | navrec faster by |"
          " Polars: flapping (from Parquet) | navrec faster by |" + (" baseline navrec analyze |" if args.baseline else ""))
    print("|---:|---|---|---|---|---|" + ("---|" if args.baseline else ""))
    print("\n".join(rows))
    c = comparison
    print(f"- flapping episodes: navrec {c['flapping_navrec']}, SQL {c['flapping_sql']}, equal {c['flapping_equal']}"
          + (f"; only navrec e.g. {c['flapping_only_navrec']}" if c['flapping_only_navrec'] else "")
          + (f"; only SQL e.g. {c['flapping_only_sql']}" if c['flapping_only_sql'] else ""))
    print(f"- Polars flapping episodes: {c['flapping_polars']}, equal to SQL's {c['flapping_polars_equal_sql']}"
          + ("; the same set as SQL's, so equal to navrec's as above" if c['flapping_polars_equal_navrec'] is not None else "; NOT the same set as SQL's"))
    print(f"- hitch time ratio (3 decimals): {c['hitch_equal']} of {c['hitch_compared']} sessions equal"
          + (f"; differ e.g. {c['hitch_differs']}" if c['hitch_differs'] else "")
          + f"; {c['hitch_not_compared']} sessions on a display that lowers its rate without frameDuration not compared")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(figures, handle, indent=1)


if __name__ == "__main__":
    main()
