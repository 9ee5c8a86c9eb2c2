#!/usr/bin/env python3
"""Measures `navrec compare`'s error rates on simulated builds (Docs/comparing-builds.md).

The simulated app: largeTitle with a 3 pt hysteresis, fling + hover + drag for 20 s at 60 fps, the
observed stream recorded, 0.3 ms timestamp noise (on a clock starting at 100 s) and frames dropped
at 0.1 % (so hitch time varies
from session to session as it does in the field). Every session has its own seed.

- A/A: both sides are the same app. Each repetition draws 2 x SESSIONS distinct sessions from a
  pool of clean sessions and splits them into base and head; a repetition with any "regressed"
  verdict (any group x metric) is a false alarm. Target: a rate at or below 1 - confidence.
- Power: the head side is drawn from a pool of the app with one regression injected; it is found
  when compare says "regressed" for the metric the regression is about:
    hitch +3 ms/s     frames dropped at 0.275 % instead of 0.1 % (pool means printed)  -> hitchTimeRatio
    no hysteresis     largeTitle.hysteresis 0 instead of 3                             -> flappingEpisodesPerMinute
    title +10 pt      the app's title switches 10 pt early (--fault titleEarly=10),    -> titleDisagreementPerMinute
                      against the same app without its hysteresis (with one the
                      simulated early title never shows)
    dropped 2 %       frames dropped at 2 %                                            -> hitchTimeRatio
  Target: found in at least 90 % of repetitions at SESSIONS per side.

Sessions in a pool are reused across repetitions (drawn without replacement within one), which
keeps the simulation affordable; every repetition on its own is a valid comparison.

  python3 Benchmarks/compare_power.py --navrec .build/release/navrec --sessions 20,50,100,200 --aa 200 --power 100 \\
      --cache /tmp/navrec-power
"""
import argparse
import concurrent.futures
import hashlib
import json
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

APP = ["--behavior", "largeTitle", "--gesture", "fling", "--gesture", "hover", "--gesture", "drag",
       "--duration", "20", "--observed", "--timestamp-noise", "0.3", "--clock-offset", "100", "--screen", "Feed"]
CLEAN = ["--param", "largeTitle.hysteresis=3", "--fault", "droppedFrames=0.001"]
# Without a hysteresis the title fault shows (the simulated app's early title needs switches).
UNDAMPED = ["--param", "largeTitle.hysteresis=0", "--fault", "droppedFrames=0.001"]
# (name, base pool, head, the metric it is about)
REGRESSIONS = [
    ("hitch +3 ms/s", CLEAN, ["--param", "largeTitle.hysteresis=3", "--fault", "droppedFrames=0.00275"], "hitchTimeRatio"),
    ("no hysteresis", CLEAN, UNDAMPED, "flappingEpisodesPerMinute"),
    ("title +10 pt", UNDAMPED, UNDAMPED + ["--fault", "titleEarly=10"], "titleDisagreementPerMinute"),
    ("dropped 2 %", CLEAN, ["--param", "largeTitle.hysteresis=3", "--fault", "droppedFrames=0.02"], "hitchTimeRatio"),
]


def pool(navrec, extra, seeds, work, name, jobs):
    """Simulates one session per seed and returns their `navrec analyze` lines (kept in
    WORK/NAME.jsonl, and read from there when it exists with as many lines)."""
    cached = Path(work, name + ".jsonl")
    if cached.exists():
        lines = cached.read_text().splitlines()
        if len(lines) == len(seeds):
            return lines
    def simulate(seed):
        return subprocess.run([navrec, "simulate", *APP, *extra, "--seed", str(seed)], check=True,
                              capture_output=True, text=True).stdout
    with concurrent.futures.ThreadPoolExecutor(jobs) as executor:
        recordings = list(executor.map(simulate, seeds))
    path = Path(work, name + ".ndjson")
    path.write_text("".join(recordings))
    lines = subprocess.run([navrec, "analyze", str(path)], check=True, capture_output=True, text=True).stdout.splitlines()
    assert len(lines) == len(seeds), f"{name}: {len(lines)} lines for {len(seeds)} sessions"
    path.unlink()
    cached.write_text("\n".join(lines) + "\n")
    return lines


def compare(navrec, work, base, head):
    Path(work, "base.jsonl").write_text("\n".join(base) + "\n")
    Path(work, "head.jsonl").write_text("\n".join(head) + "\n")
    run = subprocess.run([navrec, "compare", str(Path(work, "base.jsonl")), str(Path(work, "head.jsonl")), "--format", "json"],
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"navrec compare exited {run.returncode}: {run.stderr}")
    return json.loads(run.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navrec", required=True)
    parser.add_argument("--sessions", default="20", help="sessions per side; a comma-separated list measures each")
    parser.add_argument("--cache", help="keep the simulated pools here (reruns skip the simulation)")
    parser.add_argument("--aa", type=int, default=200, help="A/A repetitions")
    parser.add_argument("--power", type=int, default=100, help="repetitions per injected regression")
    parser.add_argument("--pool", type=int, default=1000, help="clean sessions simulated")
    parser.add_argument("--fault-pool", type=int, default=500, help="sessions simulated per regression")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=22)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    sizes = [int(size) for size in args.sessions.split(",")]
    with tempfile.TemporaryDirectory() as scratch:
        work = args.cache or scratch
        Path(work).mkdir(parents=True, exist_ok=True)
        def named(extra):
            return "pool-" + hashlib.sha1(" ".join(APP + extra).encode()).hexdigest()[:10]
        clean = pool(args.navrec, CLEAN, range(1, args.pool + 1), work, named(CLEAN), args.jobs)
        bases = {named(CLEAN): clean}
        faulty = []
        for index, (_, base, extra, _) in enumerate(REGRESSIONS):
            if named(base) not in bases:
                bases[named(base)] = pool(args.navrec, base, range(50_000, 50_000 + args.fault_pool), work, named(base), args.jobs)
            faulty.append((bases[named(base)], pool(args.navrec, extra, range(100_000 * (index + 1), 100_000 * (index + 1) + args.fault_pool),
                                                    work, named(extra), args.jobs)))
        for (name, _, _, metric), (base_lines, lines) in zip(REGRESSIONS, faulty):
            head = [v for v in (json.loads(line)[metric] for line in lines) if v is not None]
            base = [v for v in (json.loads(line)[metric] for line in base_lines) if v is not None]
            print(f"{name}: {metric} pool mean {statistics.mean(base):.3f} -> {statistics.mean(head):.3f}"
                  f" (shift {statistics.mean(head) - statistics.mean(base):+.3f}), median {statistics.median(base):.3f}"
                  f" -> {statistics.median(head):.3f}", flush=True)
        for n in sizes:
            false_alarms, confidence = 0, None
            for _ in range(args.aa):
                drawn = rng.sample(clean, 2 * n)
                report = compare(args.navrec, scratch, drawn[:n], drawn[n:])
                confidence = report["confidence"]
                false_alarms += report["totals"]["regressed"] > 0
            print(f"{n} sessions per side, A/A: {false_alarms} of {args.aa} repetitions with a false 'regressed'"
                  f" ({100 * false_alarms / args.aa:.1f} %; target <= {100 * (1 - confidence):.0f} %)", flush=True)
            for (name, _, _, metric), (base_lines, lines) in zip(REGRESSIONS, faulty):
                found = 0
                for _ in range(args.power):
                    report = compare(args.navrec, scratch, rng.sample(base_lines, n), rng.sample(lines, n))
                    found += any(r["metric"] == metric and r["verdict"] == "regressed" for r in report["results"])
                print(f"{n} sessions per side, {name}: {metric} regressed in {found} of {args.power} repetitions"
                      f" ({100 * found / args.power:.0f} %)", flush=True)

if __name__ == "__main__":
    main()
