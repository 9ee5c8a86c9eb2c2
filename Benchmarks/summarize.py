#!/usr/bin/env python3
"""Prints the benchmark's two Markdown tables from Benchmarks/out: issue 15's goals (measured value,
the baseline from the same run, the goal, met or not), then every step's medians, rates, peak memory
and database bytes per sample; and the instruction counts when import_vs_sqlite.sh ran callgrind.

usage: summarize.py OUT_DIR SINGLE_SAMPLES TINY TINY_LARGE SIZE:RUNS...
"""
import json
import os
import statistics
import sys

TINY_SAMPLES = 5  # samples per tiny session (make_tiny.sh)

STEPS = [
    ("import", "navrec import (NDJSON, observed states)"),
    ("import-noobs", "navrec import (NDJSON, no observed states)"),
    ("sqlite-import", "sqlite3 .import (wide CSV t,y,phase,vy, baseline)"),
    ("sqlite-import-bare", "sqlite3 .import (bare CSV t,y,phase, baseline)"),
    ("floor", "C prepared INSERT loop (floor)"),
    ("report", "navrec report --format json (default --jobs)"),
    ("report-jobs1", "navrec report --format json --jobs 1"),
    ("report-jobs2", "navrec report --format json --jobs 2"),
]
SINGLE_STEPS = [
    ("single-import", "navrec import (one session, no observed states)"),
    ("single-sqlite-import-bare", "sqlite3 .import (bare CSV t,y,phase, baseline)"),
    ("single-report", "navrec report --format json"),
    ("single-report-tremor", "navrec report --format json, ±2 pt tremor"),
]
SQL_STEPS = [
    ("sql-one-sqlite3", "`timeline`, one session: sqlite3 shell"),
    ("sql-one-navrec", "`timeline`, one session: navrec query"),
    ("sql-scan-sqlite3", "`timeline`, full scan: sqlite3 shell"),
    ("sql-scan-navrec", "`timeline`, full scan: navrec query"),
]


def load(out, step, size):
    results = []
    run = 1
    while os.path.exists(path := os.path.join(out, "time", f"{step}-{size}-{run}.txt")):
        results.append(json.load(open(path)))
        run += 1
    return results


def median(out, step, size, key="wall"):
    results = load(out, step, size)
    if not results:
        return None
    if key == "cpu":
        return statistics.median(r["user"] + r["sys"] for r in results)
    if key == "rss":
        return max(r["rss_kb"] for r in results) / 1024
    return statistics.median(r[key] for r in results)


def size_of(out, name):
    path = os.path.join(out, "db", name)
    return os.path.getsize(path) if os.path.exists(path) else None


def verdict(ok):
    return "**met**" if ok else "**missed**"


def main():
    out = sys.argv[1]
    single, tiny, tiny_large = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    plan = [tuple(int(x) for x in arg.split(":")) for arg in sys.argv[5:]]
    first = plan[0][0]
    goals = []  # (what, measured, baseline, goal, met)

    # One largeTitle + avatar session: import, size and report against the bare .import.
    bare = median(out, "single-sqlite-import-bare", single)
    single_import = median(out, "single-import", single)
    per_sample = single_import / single if single_import else None
    bare_cpu = median(out, "single-sqlite-import-bare", single, "cpu")
    if bare and single_import:
        ratio = single_import / bare
        cpu_ratio = median(out, "single-import", single, "cpu") / bare_cpu
        goals.append((f"navrec import vs `.import` of the bare `t,y,phase` CSV ({single:,}-sample largeTitle + avatar session, no observed states)",
                      f"{ratio:.2f}x ({single_import:.2f} s; CPU time {cpu_ratio:.2f}x)", f"{bare:.2f} s", "≤ 0.7x", verdict(ratio <= 0.7)))
    mixed_bare = median(out, "sqlite-import-bare", first)
    mixed_wide = median(out, "sqlite-import", first)
    noobs = median(out, "import-noobs", first)
    withobs = median(out, "import", first)
    if mixed_bare and noobs:
        ratio = noobs / mixed_bare
        goals.append((f"navrec import vs `.import` of the bare CSV ({first:,}-sample mixed recording, no observed states)",
                      f"{ratio:.2f}x ({noobs:.2f} s)", f"{mixed_bare:.2f} s", "≤ 0.7x", verdict(ratio <= 0.7)))
    if mixed_wide and noobs:
        ratio = noobs / mixed_wide
        goals.append(("navrec import vs `.import` of the wide `t,y,phase,vy` CSV (the issue 6 yardstick, same recording)",
                      f"{ratio:.2f}x ({noobs:.2f} s)", f"{mixed_wide:.2f} s", "≤ 1.0x", verdict(ratio <= 1.0)))
    if mixed_wide and withobs:
        goals.append(("… the same with observed states (wide CSV yardstick)",
                      f"{withobs / mixed_wide:.2f}x ({withobs:.2f} s)", f"{mixed_wide:.2f} s", "(none)", ""))
    plain_bytes = size_of(out, "single-plain.sqlite")
    if plain_bytes:
        per = plain_bytes / single
        goals.append(("database bytes per sample, samples + computed states (the single session)",
                      f"{per:.1f} B", f"{size_of(out, 'import-single.sqlite') / single:.1f} B (`.import`)", "≤ 48 B", verdict(per <= 48)))
    noobs_bytes = size_of(out, f"navrec-noobs-{first}.sqlite")
    if noobs_bytes:
        per = noobs_bytes / first
        goals.append(("… the mixed recording without observed states",
                      f"{per:.1f} B", f"{size_of(out, f'import-bare-{first}.sqlite') / first:.1f} B (`.import`, bare)", "≤ 48 B", verdict(per <= 48)))
    report = median(out, "single-report", single)
    if bare and report:
        ratio, rate = report / bare, single / report / 1e6
        cpu_ratio = median(out, "single-report", single, "cpu") / bare_cpu
        goals.append(("navrec report vs the same bare `.import` (the single session)",
                      f"{ratio:.2f}x ({report:.2f} s, {rate:.2f} M samples/s; CPU time {cpu_ratio:.2f}x)", f"{bare:.2f} s",
                      "≤ 0.4x, ≥ 3 M samples/s", verdict(ratio <= 0.4 and rate >= 3)))
    tremor = median(out, "single-report-tremor", single)
    if bare and tremor:
        ratio = tremor / bare
        cpu_ratio = median(out, "single-report-tremor", single, "cpu") / bare_cpu
        goals.append(("… with ±2 pt tremor on y (flapping at every threshold crossing)",
                      f"{ratio:.2f}x ({tremor:.2f} s, {single / tremor / 1e6:.2f} M samples/s; CPU time {cpu_ratio:.2f}x)", f"{bare:.2f} s",
                      "≤ 0.4x", verdict(ratio <= 0.4)))
    sessions = json.load(open(os.path.join(out, f"sessions-{first}.json")))[0]
    streams = sessions["samples"] + sessions["observed"]
    mixed_report = median(out, "report", first)
    if mixed_report:
        rate = streams / mixed_report / 1e6
        goals.append((f"navrec report with observed states ({first:,} samples, {sessions['sessions']} sessions)",
                      f"{rate:.2f} M stream-samples/s ({mixed_report:.2f} s)", "", "≥ 3 M per stream", verdict(rate >= 3)))
    jobs1, jobs2 = median(out, "report-jobs1", first), median(out, "report-jobs2", first)
    if jobs1 and jobs2:
        speedup = jobs1 / jobs2
        cpu2 = median(out, "report-jobs2", first, "cpu")
        goals.append((f"navrec report on 2 cores: `--jobs 2` vs `--jobs 1` ({sessions['sessions']} sessions)",
                      f"{speedup:.2f}x faster ({jobs2:.2f} s; CPU {cpu2:.2f} s = {cpu2 / jobs2:.2f} cores busy)",
                      f"{jobs1:.2f} s (`--jobs 1`)", "both cores busy (≥ 1.6x)", verdict(speedup >= 1.6)))
    for count in (tiny, tiny_large):
        wall = median(out, "tiny-import", count) if count else None
        if not wall:
            continue
        ms = wall / count * 1000
        overhead = (wall - count * TINY_SAMPLES * per_sample) / count * 1000 if per_sample else ms
        cpu = median(out, "tiny-import", count, "cpu")
        goal, met = ("≤ 2 s, ≤ 0.1 ms/session", wall <= 2 and overhead <= 0.1) if count == 8000 else ("≤ 0.1 ms/session", overhead <= 0.1)
        goals.append((f"{count:,} tiny sessions: navrec import",
                      f"{wall:.2f} s wall: {ms:.3f} ms/session, {overhead:.3f} ms over its 5 samples; CPU {cpu:.2f} s = {cpu / count * 1000:.3f} ms/session",
                      f"{TINY_SAMPLES} × {per_sample * 1000:.4f} ms/sample" if per_sample else "", goal, verdict(met)))
        tiny_report = median(out, "tiny-report", count)
        if tiny_report:
            rss = median(out, "tiny-report", count, "rss")
            goals.append((f"{count:,} tiny sessions: navrec report --format json",
                          f"{rss:.1f} MB peak RSS; {tiny_report:.2f} s, {tiny_report / count * 1000:.3f} ms/session", "",
                          "< 150 MB, flat", verdict(rss < 150)))
    one = json.load(open(os.path.join(out, "sql-session.json")))
    one_shell, one_navrec = median(out, "sql-one-sqlite3", first), median(out, "sql-one-navrec", first)
    scan_shell, scan_navrec = median(out, "sql-scan-sqlite3", first), median(out, "sql-scan-navrec", first)
    if one_shell and one_navrec:
        goals.append((f"ad-hoc SQL: one session of `timeline` ({one['samples']:,} samples), sqlite3 shell / navrec query",
                      f"{one_shell:.2f} s / {one_navrec:.2f} s", "", "< 1 s", verdict(max(one_shell, one_navrec) < 1)))
    if scan_shell and scan_navrec:
        goals.append((f"ad-hoc SQL: full scan of `timeline` ({streams:,} rows), sqlite3 shell / navrec query",
                      f"{scan_shell:.2f} s / {scan_navrec:.2f} s ({streams / scan_shell / 1e6:.2f} M rows/s in sqlite3)", "",
                      "stated", ""))

    print("| goal (issue 15) | measured | baseline, same run | goal | |")
    print("|---|---|---|---|---|")
    for row in goals:
        print("| " + " | ".join(row) + " |")
    print()

    print("| data | step | runs | wall s (median) | CPU s | rate | time vs bare .import | peak RSS MB | DB bytes/sample |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    notes = []

    def row(data, step, label, size, baseline, rate_count, rate_unit, db=None):
        results = load(out, step, size)
        if not results:
            return
        wall = statistics.median(r["wall"] for r in results)
        cpu = median(out, step, size, "cpu")
        rss = median(out, step, size, "rss")
        scale, prefix = (1e3, "k") if rate_unit == "sessions/s" else (1e6, "M")
        rate = f"{rate_count / wall / scale:.2f} {prefix} {rate_unit}" if rate_count else ""
        ratio = f"{wall / baseline:.2f}x" if baseline else ""
        per = f"{size_of(out, db) / size:.1f}" if db and size_of(out, db) else ""
        print(f"| {data} | {label} | {len(results)} | {wall:.2f} | {cpu:.2f} | {rate} | {ratio} | {rss:.1f} | {per} |")

    for size, _ in plan:
        sessions = json.load(open(os.path.join(out, f"sessions-{size}.json")))[0]
        streams = sessions["samples"] + sessions["observed"]
        baseline = median(out, "sqlite-import-bare", size)
        dbs = {"import": f"navrec-{size}.sqlite", "import-noobs": f"navrec-noobs-{size}.sqlite",
               "sqlite-import": f"import-{size}.sqlite", "sqlite-import-bare": f"import-bare-{size}.sqlite",
               "floor": f"floor-{size}.sqlite"}
        for step, label in STEPS:
            report_step = step.startswith("report")
            row(f"mixed, {size:,}", step, label, size, None if report_step else baseline,
                streams if report_step else size, "stream-samples/s" if report_step else "samples/s", dbs.get(step))
        tables = {r["name"]: r["bytes"] for r in json.load(open(os.path.join(out, f"dbstat-{size}.json")))}
        notes.append(
            f"- mixed, {size:,}: {sessions['sessions']} sessions of six behaviour sets, {sessions['observed']:,} samples with an "
            f"observed state; the `frame_chunks` table (sample + computed + observed state, 64 samples per row) takes "
            f"{tables.get('frame_chunks', 0) / size:.1f} B/sample.")
    for step, label in SINGLE_STEPS:
        dbs = {"single-import": "single-plain.sqlite", "single-sqlite-import-bare": "import-single.sqlite"}
        row(f"single, {single:,}", step, label, single, bare, single, "samples/s", dbs.get(step))
    for count in (tiny, tiny_large):
        if count:
            row(f"tiny, {count:,} sessions", "tiny-import", "navrec import", count, None, count, "sessions/s")
            row(f"tiny, {count:,} sessions", "tiny-report", "navrec report --format json", count, None, count, "sessions/s")
    for step, label in SQL_STEPS:
        row(f"mixed, {first:,}", step, label, first, None, 0, "")
    print()
    print("\n".join(notes))
    print(f"- single: one largeTitle + avatar session at 120 fps without observed states (replay_bench.sh), "
          f"{single:,} samples; the tremor copy adds ±2 pt uniform noise to y.")
    loadavg = os.path.join(out, "loadavg.txt")
    if os.path.exists(loadavg):
        print("- load average (1, 5, 15 min) at the start and the end of the run: "
              + "; ".join(" ".join(line.split()[:3]) for line in open(loadavg) if line.strip())
              + " — other processes shared the 2 cores, so wall times exceed CPU times.")
    print("- time vs bare .import: this step's median wall time over the sqlite3 shell's `.import` of the same "
          "samples as a bare `t,y,phase` CSV, same run (steps interleaved in every round); CPU s is user + system; "
          "peak RSS the largest of the runs; DB bytes/sample the file size after PRAGMA wal_checkpoint(TRUNCATE); "
          "report rates count computed and observed samples (two streams per observed sample).")

    cg = os.path.join(out, "callgrind")
    if os.path.exists(os.path.join(cg, "import-plain.ir")):
        def ir(name):
            path = os.path.join(cg, f"{name}.ir")
            return int(open(path).read()) if os.path.exists(path) and open(path).read() else None
        observed = json.load(open(os.path.join(cg, "observed.json")))[0]
        print()
        print("| callgrind, first 100,000 samples, release | instructions per sample (start-up subtracted) |")
        print("|---|---:|")
        start_import, start_report = ir("import-empty") or 0, ir("report-empty") or 0
        rows = [("sqlite3 `.import` of the bare CSV (whole run per row)", ir("sqlite-import-bare"), 0, 100_000),
                ("navrec import, no observed states (single session)", ir("import-plain"), start_import, 100_000),
                ("navrec import, observed states (first mixed session)", ir("import-observed"), start_import, observed["samples"]),
                ("navrec report, no observed states (single session)", ir("report-plain"), start_report, 100_000),
                ("navrec report, observed states (per sample; two streams)", ir("report-observed"), start_report, observed["samples"])]
        for label, total, start, samples in rows:
            if total:
                print(f"| {label} | {(total - start) / samples:,.0f} |")
        print(f"\nStart-up (migrations, an empty import / report): {start_import:,} / {start_report:,} instructions.")


if __name__ == "__main__":
    main()
