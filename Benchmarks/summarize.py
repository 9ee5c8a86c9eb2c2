#!/usr/bin/env python3
"""Prints the benchmark's Markdown table from Benchmarks/out: medians of the runs, rates, ratios,
peak memory and database bytes per sample.

usage: summarize.py OUT_DIR SIZE:RUNS...
"""
import json
import os
import statistics
import sys

STEPS = [
    ("import", "navrec import (NDJSON, observed states)"),
    ("import-noobs", "navrec import (NDJSON, no observed states)"),
    ("sqlite-import", "sqlite3 .import (CSV, baseline)"),
    ("floor", "C prepared INSERT loop (floor)"),
    ("report", "navrec report --format json"),
]


def load(out, step, size, runs):
    results = []
    for run in range(1, runs + 1):
        path = os.path.join(out, "time", f"{step}-{size}-{run}.txt")
        if os.path.exists(path):
            results.append(json.load(open(path)))
    return results


def db_bytes(path):
    return os.path.getsize(path) if os.path.exists(path) else None


def main():
    out = sys.argv[1]
    plan = [tuple(int(x) for x in arg.split(":")) for arg in sys.argv[2:]]
    print("| samples | step | runs | wall s (median) | CPU s | samples/s | time vs .import | peak RSS MB | DB bytes/sample |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    notes = []
    for size, runs in plan:
        sessions = json.load(open(os.path.join(out, f"sessions-{size}.json")))[0]
        streams = sessions["samples"] + sessions["observed"]
        medians = {step: statistics.median(r["wall"] for r in load(out, step, size, runs))
                   for step, _ in STEPS if load(out, step, size, runs)}
        for step, label in STEPS:
            results = load(out, step, size, runs)
            if not results:
                continue
            wall = medians[step]
            cpu = statistics.median(r["user"] + r["sys"] for r in results)
            rss = max(r["rss_kb"] for r in results) / 1024
            if step == "report":
                rate = f"{streams / wall / 1e6:.2f} M stream-samples/s"
            else:
                rate = f"{size / wall / 1e6:.2f} M"
            ratio = ""
            if "sqlite-import" in medians and step != "report":
                ratio = f"{wall / medians['sqlite-import']:.2f}x"
            db = {"import": f"navrec-{size}.sqlite", "import-noobs": f"navrec-noobs-{size}.sqlite", "sqlite-import": f"import-{size}.sqlite",
                  "floor": f"floor-{size}.sqlite"}.get(step)
            per_sample = ""
            if db and (bytes_ := db_bytes(os.path.join(out, "db", db))):
                per_sample = f"{bytes_ / size:.1f}"
            print(f"| {size:,} | {label} | {len(results)} | {wall:.2f} | {cpu:.2f} | {rate} | {ratio} | {rss:.1f} | {per_sample} |")
        tables = {row["name"]: row["bytes"] for row in json.load(open(os.path.join(out, f"dbstat-{size}.json")))}
        notes.append(
            f"- {size:,} samples in {sessions['sessions']} sessions, {sessions['observed']:,} of them with an observed "
            f"state; in navrec's database the `frames` table (sample + computed state + observed state, one row "
            f"per sample) takes {tables.get('frames', 0) / size:.1f} B/sample.")
    print()
    print("\n".join(notes))
    print("- time vs .import: this step's median wall time over the sqlite3 shell's, from the same run "
          "(the steps are interleaved in every round); CPU s is user + system time; peak RSS is the "
          "largest of the runs; DB bytes/sample is the file size after PRAGMA wal_checkpoint(TRUNCATE); "
          "report rates count computed and observed samples (two streams per observed sample).")


if __name__ == "__main__":
    main()
