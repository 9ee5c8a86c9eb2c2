#!/usr/bin/env python3
"""Simulates a fleet of 4 device models with `navrec simulate --recorder library` (the Recording
library's ScrollRecorder defaults) and writes the sessions' compared metrics as the pools the
statistics suite draws from (Tests/ComparisonTests/CalibratedFleet.swift, generated: do not edit).

The app: largeTitle with a 3 pt hysteresis on a Feed screen, the observed stream recorded. Between
sessions (as in the field): the gestures (3 to 5 of fling, hover, drag, zigzag, bounce, in any
order), the duration (8 to 30 s), the touch noise (0 to 1 pt) and the frame-drop rate (the device's
rate times a log-normal factor, sigma 0.6). The devices:

    iPhone12,1  iOS 17.5  60 fps   drops 0.30 %   (the old phone: hitches most)
    iPhone14,5  iOS 17.5  60 fps   drops 0.15 %
    iPhone15,2  iOS 18.1  120 fps  drops 0.10 %
    iPhone16,1  iOS 18.2  120 fps  drops 0.05 %

Pools per device: `clean` (the app as it is), `flapping` (largeTitle.hysteresis=0: the title
flaps), `title` (--fault noTitle: the app's title disagrees with the model), `hitch` (the drop
rate raised so that hitchTimeRatio's pool mean rises by about 3 ms/s; the factor is printed).

  python3 Benchmarks/compare_fleet_calibrate.py --navrec .build/debug/navrec --clean 150 --variant 60 \\
      --out Tests/ComparisonTests/CalibratedFleet.swift
"""
import argparse
import concurrent.futures
import json
import random
import statistics
import subprocess
import tempfile
from pathlib import Path

METRICS = ["hitchTimeRatio", "overrunP50", "overrunP90", "overrunP99", "hangsPerMinute",
           "flappingEpisodesPerMinute", "flappingTogglesPerMinute", "titleDisagreementPerMinute",
           "jitterFindingsPerMinute", "gapFraction"]
DEVICES = [("iPhone12,1", "iOS 17.5", 60, 0.0030), ("iPhone14,5", "iOS 17.5", 60, 0.0015),
           ("iPhone15,2", "iOS 18.1", 120, 0.0010), ("iPhone16,1", "iOS 18.2", 120, 0.0005)]
GESTURES = ["fling", "hover", "drag", "zigzag", "bounce"]


def session_args(rng, device, variant, hitch_factor):
    model, os_name, fps, drops = device
    gestures = rng.sample(GESTURES, rng.randint(3, 5))
    rate = drops * rng.lognormvariate(0, 0.6) * (hitch_factor if variant == "hitch" else 1)
    args = ["--behavior", "largeTitle", "--duration", f"{rng.uniform(8, 30):.2f}", "--observed", "--recorder", "library",
            "--fps", str(fps), "--device", model, "--os", os_name, "--screen", "Feed", "--seed", str(rng.randrange(1 << 40)),
            "--param", f"largeTitle.hysteresis={0 if variant == 'flapping' else 3}", "--fault", f"droppedFrames={min(rate, 0.5):.6f}",
            "--touch-noise", f"{rng.uniform(0, 1):.2f}"]
    for gesture in gestures:
        args += ["--gesture", gesture]
    if variant == "title":
        args += ["--fault", "noTitle"]
    return args


def pool(navrec, rng, device, variant, count, hitch_factor, jobs):
    argument_lists = [session_args(rng, device, variant, hitch_factor) for _ in range(count)]
    def simulate(args):
        return subprocess.run([navrec, "simulate", *args], check=True, capture_output=True, text=True).stdout
    with concurrent.futures.ThreadPoolExecutor(jobs) as executor:
        recordings = list(executor.map(simulate, argument_lists))
    with tempfile.NamedTemporaryFile("w", suffix=".ndjson", delete=False) as handle:
        handle.write("".join(recordings))
    lines = subprocess.run([navrec, "analyze", handle.name], check=True, capture_output=True, text=True).stdout.splitlines()
    Path(handle.name).unlink()
    rows = [json.loads(line) for line in lines]
    return [[row[m] for m in METRICS] for row in rows if row.get("error") is None]


def swift_number(value):
    return "nan" if value is None else repr(float(value))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navrec", required=True)
    parser.add_argument("--clean", type=int, default=150)
    parser.add_argument("--variant", type=int, default=60)
    parser.add_argument("--hitch-factor", type=float, default=2.8, help="drop-rate factor of the hitch pools")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pools = {}
    for device in DEVICES:
        for variant, count in [("clean", args.clean), ("flapping", args.variant), ("title", args.variant), ("hitch", args.variant)]:
            rows = pool(args.navrec, rng, device, variant, count, args.hitch_factor, args.jobs)
            pools[(device[0], variant)] = rows
            means = {m: statistics.mean([r[i] for r in rows if r[i] is not None]) for i, m in enumerate(METRICS)}
            positive = {m: sum(1 for r in rows if r[i] and r[i] > 0) / len(rows) for i, m in enumerate(METRICS)}
            print(f"{device[0]} {variant}: {len(rows)} sessions; mean hitch {means['hitchTimeRatio']:.2f} ms/s"
                  f" (>0 in {positive['hitchTimeRatio']:.0%}), flapping {means['flappingEpisodesPerMinute']:.2f}/min"
                  f" (>0 in {positive['flappingEpisodesPerMinute']:.0%}), title {means['titleDisagreementPerMinute']:.2f} s/min"
                  f" (>0 in {positive['titleDisagreementPerMinute']:.0%}), jitter {means['jitterFindingsPerMinute']:.2f}/min", flush=True)
    out = ["// Generated by Benchmarks/compare_fleet_calibrate.py (its docstring says how); do not edit.",
           f"// navrec simulate --recorder library; seed {args.seed}, {args.clean} clean and {args.variant} per variant and device,",
           f"// hitch pools at {args.hitch_factor}x the drop rate.",
           "",
           "/// Per device model and pool, each simulated session's compared metrics in `ComparedMetric.all` order",
           "/// (`nan` where a session has none), one session per line.",
           "enum CalibratedFleet {",
           "    static let devices: [(model: String, os: String)] = [" + ", ".join(f'("{d[0]}", "{d[1]}")' for d in DEVICES) + "]",
           "    static let pools: [String: String] = ["]
    for (model, variant), rows in pools.items():
        text = "\n".join(" ".join(swift_number(v) for v in row) for row in rows)
        out.append(f'        "{model} {variant}": """')
        out.extend("            " + line for line in text.split("\n"))
        out.append('            """,')
    out += ["    ]", "}", ""]
    Path(args.out).write_text("\n".join(out))


if __name__ == "__main__":
    main()
