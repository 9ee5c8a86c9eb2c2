#!/usr/bin/env python3
"""What timeline/ and observed_gaps/ cost the Spark job: the job as of BASE (default main, which
writes neither) and the working tree's, on the same landing table, in one Spark session, rounds
alternating; prints each run and the medians.

    python3 Benchmarks/fleet_timeline.py LANDING NAVREC [--rounds 3] [--base main]

LANDING is a load_landing.py table (check_equal.py leaves one in WORK/landing); NAVREC the binary
both jobs run (the base job does not pass --timeline).
"""
import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPARK = os.path.join("Integrations", "spark")


def module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("landing")
    parser.add_argument("navrec")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--base", default="main")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="navrec-fleet-timeline-")
    base_dir = os.path.join(work, "base")
    os.makedirs(base_dir)
    for name in subprocess.run(["git", "ls-tree", "--name-only", f"{args.base}:{SPARK}"], cwd=ROOT, check=True,
                               capture_output=True, text=True).stdout.split():
        with open(os.path.join(base_dir, name), "wb") as file:
            file.write(subprocess.run(["git", "show", f"{args.base}:{SPARK}/{name}"], cwd=ROOT, check=True, capture_output=True).stdout)
    jobs = {args.base: module("base_job", os.path.join(base_dir, "analyze_job.py")),
            "tree": module("tree_job", os.path.join(ROOT, SPARK, "analyze_job.py"))}
    from pyspark.sql import SparkSession
    spark = (SparkSession.builder.master("local[2]").appName("navrec-fleet-timeline").config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false").config("spark.sql.shuffle.partitions", "4").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    times = {name: [] for name in jobs}
    for _ in range(args.rounds):
        for name, job in jobs.items():
            out = os.path.join(work, "out-" + name.replace("/", "_"))
            shutil.rmtree(out, ignore_errors=True)
            start = time.monotonic()
            counts = job.run(spark, os.path.abspath(args.landing), out, os.path.abspath(args.navrec), [])
            times[name].append(time.monotonic() - start)
            print(f"{name}: {times[name][-1]:.1f} s, {counts}", flush=True)
    spark.stop()
    shutil.rmtree(work, ignore_errors=True)
    medians = {name: sorted(values)[len(values) // 2] for name, values in times.items()}
    for name, median in medians.items():
        print(f"{name}: median {median:.1f} s of {len(times[name])}")
    print(f"ratio tree/{args.base}: {medians['tree'] / medians[args.base]:.2f}")


if __name__ == "__main__":
    sys.exit(main())
