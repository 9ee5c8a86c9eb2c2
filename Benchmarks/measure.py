#!/usr/bin/env python3
"""Runs one command and records its wall time, CPU time and peak RSS as JSON.

usage: measure.py OUT.json [/usr/bin/time -v] -- COMMAND...

With /usr/bin/time -v before `--`, CPU time and peak RSS come from its report (kept next to
OUT.json as OUT.time.txt); without it, from wait4()'s rusage, which is the same kernel figure.
Wall time is measured here with a monotonic clock. The command's output goes to OUT.log.
"""
import json
import os
import subprocess
import sys
import time


def main():
    out = sys.argv[1]
    split = sys.argv.index("--")
    timer, command = sys.argv[2:split], sys.argv[split + 1:]
    time_file = out[:-len(".txt")] + ".time.txt" if out.endswith(".txt") else out + ".time.txt"
    log = open(out[:-len(".txt")] + ".log" if out.endswith(".txt") else out + ".log", "wb")
    if timer:
        command = timer + ["-o", time_file] + command
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"measure: exit {code}: {' '.join(command)} (see {log.name})")
    result = {"wall": wall, "user": usage.ru_utime, "sys": usage.ru_stime, "rss_kb": usage.ru_maxrss}
    if timer:
        fields = {}
        for line in open(time_file):
            key, _, value = line.strip().rpartition(": ")
            fields[key] = value
        result["user"] = float(fields["User time (seconds)"])
        result["sys"] = float(fields["System time (seconds)"])
        result["rss_kb"] = int(fields["Maximum resident set size (kbytes)"])
    with open(out, "w") as file:
        json.dump(result, file)


if __name__ == "__main__":
    main()
