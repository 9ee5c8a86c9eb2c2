#!/usr/bin/env python3
"""CPU time of navrec builds on one command, interleaved run by run, with medians and the median of
paired ratios against the first build: on a shared machine whose speed drifts by several per cent
within minutes, a pair run back to back is the steadiest comparison this machine gives.

    Benchmarks/interleaved_cpu.py --runs 9 BUILD... -- analyze Benchmarks/out/speed/data/fleet-2000/*.ndjson

CPU is `perf stat -e task-clock` when perf works, otherwise rusage (user + system) of the child.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys


def cpu_ms(command, use_perf):
    if use_perf:
        result = subprocess.run(["perf", "stat", "-x,", "-e", "task-clock"] + command,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            sys.exit(f"interleaved_cpu.py: {' '.join(command)} exited {result.returncode}: {result.stderr[-400:]}")
        return float(next(line for line in result.stderr.splitlines() if "task-clock" in line).split(",")[0])
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"interleaved_cpu.py: {' '.join(command)} exited {os.waitstatus_to_exitcode(status)}")
    return (usage.ru_utime + usage.ru_stime) * 1000


def main():
    arguments = sys.argv[1:]
    if "--" not in arguments:
        sys.exit("usage: interleaved_cpu.py [--runs N] BUILD... -- NAVREC_ARGUMENTS...")
    split = arguments.index("--")
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("builds", nargs="+")
    options = parser.parse_args(arguments[:split])
    command = arguments[split + 1:]
    use_perf = shutil.which("perf") is not None and subprocess.run(
        ["perf", "stat", "-x,", "-e", "task-clock", "true"], capture_output=True).returncode == 0
    times = {build: [] for build in options.builds}
    for _ in range(options.runs):
        for build in options.builds:
            times[build].append(cpu_ms([build] + command, use_perf))
    first = times[options.builds[0]]
    print(f"| build | median CPU ms | min | paired ratio to {options.builds[0]} |")
    print("|---|---:|---:|---:|")
    for build in options.builds:
        ratio = statistics.median(mine / theirs for mine, theirs in zip(times[build], first))
        print(f"| {build} | {statistics.median(times[build]):.1f} | {min(times[build]):.1f} | {ratio:.3f} |")
    print(f"\n{options.runs} interleaved runs, {'task-clock' if use_perf else 'rusage'}; load average {os.getloadavg()[0]:.2f}")


main()
