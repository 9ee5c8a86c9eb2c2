#!/usr/bin/env python3
"""Times `navrec compare` on SESSIONS sessions per side (default 100,000) and reports its peak
memory, for both inputs: two `navrec analyze`-shaped JSON-lines files, and one database compared
with --base/--head (sessions and analyses rows written with SQL from one imported session, since
importing 200,000 recordings would time the importer instead). Groups: 8 screens; metric values
drawn per session with ties (zeros) and without.

  python3 Benchmarks/compare_speed.py --navrec .build/release/navrec --sessions 100000
"""
import argparse
import json
import random
import re
import sqlite3
import subprocess
import tempfile
import time
from pathlib import Path

METRICS = ["hitchTimeRatio", "overrunP50", "overrunP90", "overrunP99", "hangsPerMinute",
           "flappingEpisodesPerMinute", "flappingTogglesPerMinute", "titleDisagreementPerMinute",
           "jitterFindingsPerMinute", "gapFraction"]
COLUMNS = ["hitch_time_ratio", "overrun_p50", "overrun_p90", "overrun_p99", "hangs_per_minute",
           "flapping_episodes_per_minute", "flapping_toggles_per_minute", "title_disagreement_per_minute",
           "jitter_findings_per_minute", "gap_fraction"]


def metric_values(rng, shift):
    return [round(rng.expovariate(0.3) + shift, 3), 0.0, round(rng.random(), 2), round(rng.gauss(2, 0.5), 2),
            0.0 if rng.random() < 0.9 else 1.0, round(rng.expovariate(2), 3), round(rng.expovariate(0.2), 3),
            round(rng.expovariate(5), 3), 0.0, round(rng.random() / 100, 6)]


def timed(command):
    """Wall seconds, CPU seconds (user + system: the machine is shared, so wall time overstates)
    and peak resident memory (MB) of one run, from GNU time."""
    run = subprocess.run(["/usr/bin/time", "-f", "TIME %e %U %S %M", *command], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise SystemExit(f"{command} exited {run.returncode}: {run.stderr}")
    wall, user, system, kilobytes = re.search(r"TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)", run.stderr).groups()
    return float(wall), float(user) + float(system), int(kilobytes) / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navrec", required=True)
    parser.add_argument("--sessions", type=int, default=100_000)
    args = parser.parse_args()
    rng = random.Random(22)
    with tempfile.TemporaryDirectory() as work:
        paths = {}
        for side, shift in [("base", 0.0), ("head", 0.05)]:
            paths[side] = Path(work, side + ".jsonl")
            with open(paths[side], "w") as out:
                for i in range(args.sessions):
                    line = {"id": f"{side}-{i}", "screen": f"Screen{i % 8}", "behaviors": ["largeTitle", "avatar"], "error": None}
                    line.update(zip(METRICS, metric_values(rng, shift)))
                    out.write(json.dumps(line) + "\n")
        wall, cpu, memory = timed([args.navrec, "compare", str(paths["base"]), str(paths["head"]), "--format", "json", "--output", str(Path(work, "out.json"))])
        print(f"analyze files: {args.sessions:,} sessions per side in {cpu:.2f} s of CPU ({wall:.2f} s wall), peak memory {memory:.0f} MB")

        database = Path(work, "speed.sqlite")
        recording = subprocess.run([args.navrec, "simulate", "--behavior", "largeTitle", "--duration", "1"], check=True,
                                   capture_output=True, text=True).stdout
        subprocess.run([args.navrec, "import", "--db", str(database), "-"], input=recording, check=True, capture_output=True, text=True)
        connection = sqlite3.connect(database)
        columns = [row[1] for row in connection.execute("PRAGMA table_info(sessions)") if row[1] not in ("session_key", "id", "screen", "build")]
        template = connection.execute(f"SELECT {', '.join(columns)} FROM sessions").fetchone()
        connection.execute("DELETE FROM sessions")
        started = time.time()
        for side_index, (side, shift) in enumerate([("512", 0.0), ("513", 0.05)]):
            for i in range(args.sessions):
                key = side_index * args.sessions + i + 1
                connection.execute(f"INSERT INTO sessions (session_key, id, screen, build, {', '.join(columns)}) VALUES (?, ?, ?, ?{', ?' * len(columns)})",
                                   (key, f"{side}-{i}", f"Screen{i % 8}", side, *template))
                connection.execute(f"INSERT INTO analyses (session_key, settings, frame_jitter, gaps, gap_time, analyzed_at, moving_time, {', '.join(COLUMNS)})"
                                   f" VALUES (?, '', 0, 0, 0, '2026-12-01T00:00:00Z', 10{', ?' * len(COLUMNS)})", (key, *metric_values(rng, shift)))
        connection.commit()
        connection.close()
        wall, cpu, memory = timed([args.navrec, "compare", "--db", str(database), "--by", "build", "--format", "json", "--output", str(Path(work, "out.json"))])
        print(f"database --by build: {args.sessions:,} sessions per side in {cpu:.2f} s of CPU ({wall:.2f} s wall), peak memory {memory:.0f} MB"
              f" (rows written by SQL in {time.time() - started:.0f} s)")


if __name__ == "__main__":
    main()
