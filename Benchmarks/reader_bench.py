#!/usr/bin/env python3
"""Reading recordings (issues 23 and 26): `navrec analyze` and `navrec import` of the same NDJSON
files with a baseline build and this one, side by side in one run, and callgrind's instructions
per sample for both, with the reader's own share (parse + content hash + handing the item over).

    swift build -c release --product navrec                       # this build
    git worktree add /tmp/base 0a8f651 && (cd /tmp/base && swift build -c release --product navrec)
    python3 Benchmarks/reader_bench.py --baseline /tmp/base/.build/release/navrec [--runs 5] [--sessions 1000]

Data (made once per --work directory with the baseline's `navrec simulate`; both builds read the
same bytes):
  fleet   Integrations/make_fleet.py: --sessions sessions of 17.5 s at 120 fps (every behaviour
          set, gesture and fault; every fifth clean session with observed states), one file
  mixed   make_data.py: 200,000 samples of ~15-minute sessions, all with observed states
Steps, interleaved base/new in every round, timed with /usr/bin/time -v (medians; CPU = user + sys):
  analyze  navrec analyze FLEET > /dev/null           (parse + models + analysis, no database)
  import   navrec import MIXED --db fresh.sqlite        (parse + models + store)
Callgrind (--callgrind): analyze of the fleet's first 100 sessions and import of the first 100,000
mixed samples, minus the same command on a header without samples (start-up); "reader" is the
inclusive cost of the NDJSON reader's item call (`advance` before, `read(into:)` after) per sample.
Also `navrec analyze --rows` and `--rows --timeline` (the Spark job's framing) of the fleet's first
20 sessions as landing rows (whole process, per sample).
"""
import argparse
import base64
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# valgrind given a copy of the build without DWARF (valgrind.sh says why).
VALGRIND = os.path.join(os.path.dirname(os.path.abspath(__file__)), "valgrind.sh")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(command, stdout=subprocess.DEVNULL):
    """Wall and CPU seconds of one command, via /usr/bin/time -v."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        start = time.monotonic()
        subprocess.run(["/usr/bin/time", "-v", "-o", report.name] + command, stdout=stdout, check=True)
        wall = time.monotonic() - start
        fields = dict(line.strip().rpartition(": ")[::2] for line in open(report.name))
    return wall, float(fields["User time (seconds)"]) + float(fields["System time (seconds)"])


def samples_in(path):
    with open(path, "rb") as file:
        return sum(1 for line in file if line.startswith(b'{"t"') and b'"event"' not in line)


def make_data(navrec, work, sessions):
    fleet_dir = os.path.join(work, "fleet")
    fleet = os.path.join(work, "fleet.ndjson")
    if not os.path.exists(fleet):
        subprocess.run([sys.executable, os.path.join(ROOT, "Integrations", "make_fleet.py"), "--navrec", navrec,
                        "--sessions", str(sessions), "--out", fleet_dir, "--duration", "17.5", "--fps", "120",
                        "--per-file", "100", "--jobs", "2"], check=True)
        with open(fleet, "wb") as out:
            for name in sorted(os.listdir(fleet_dir)):
                with open(os.path.join(fleet_dir, name), "rb") as part:
                    shutil.copyfileobj(part, out)
    mixed = os.path.join(work, "mixed.ndjson")
    if not os.path.exists(mixed):
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "make_data.py"), navrec, "200000", mixed,
                        os.path.join(work, "mixed.csv")], check=True)
    # Callgrind's inputs: the fleet's first 100 sessions, the first 100,000 mixed samples, and a
    # header without samples for the start-up.
    small_fleet = os.path.join(work, "fleet-100.ndjson")
    small_mixed = os.path.join(work, "mixed-100000.ndjson")
    empty = os.path.join(work, "header-only.ndjson")
    if not os.path.exists(empty):
        with open(fleet, "rb") as source, open(small_fleet, "wb") as out:
            headers = 0
            for line in source:
                if line.startswith(b'{"navrec"'):
                    headers += 1
                    if headers > 100:
                        break
                out.write(line)
        with open(mixed, "rb") as source, open(small_mixed, "wb") as out:
            count = 0
            for line in source:
                if line.startswith(b'{"t"') and b'"event"' not in line:
                    if count == 100_000:
                        break
                    count += 1
                out.write(line)
        with open(mixed, "rb") as source, open(empty, "wb") as out:
            out.write(source.readline())
    # The Spark job's landing rows: KEY, SOURCE (base64), FIRST_LINE, the session's NDJSON (base64).
    rows = os.path.join(work, "rows-20.txt")
    if not os.path.exists(rows):
        sessions = []
        with open(small_fleet, "rb") as source:
            for line in source:
                if line.startswith(b'{"navrec"'):
                    sessions.append([])
                sessions[-1].append(line)
        with open(rows, "wb") as out:
            for index, lines in enumerate(sessions[:20]):
                out.write(b"k%d\t%s\t1\t%s\n" % (index, base64.b64encode(b"fleet.ndjson"), base64.b64encode(b"".join(lines))))
    return fleet, mixed, small_fleet, small_mixed, empty


def analyze_command(navrec, path):
    return [navrec, "analyze", path]


def import_command(navrec, path, work, name):
    database = os.path.join(work, f"{name}.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(database + suffix):
            os.unlink(database + suffix)
    return [navrec, "import", path, "--db", database]


def callgrind(command, work, name):
    """Total instructions of `command` and the inclusive instructions of the reader's item call."""
    out = os.path.join(work, f"callgrind.{name}")
    subprocess.run([VALGRIND, "--tool=callgrind", f"--callgrind-out-file={out}"] + command,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    annotated = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
                               capture_output=True, text=True, check=True).stdout
    total = int(re.search(r"^([\d,]+).*PROGRAM TOTALS", annotated, re.M).group(1).replace(",", ""))
    reader = 0
    for line in annotated.splitlines():
        # $s9Recording12NDJSONReaderC7advance…  (before) / …C4read4into… (after): the item call.
        if re.search(r"12NDJSONReaderC(7advance|4read4into)\w*F[ZT]?\b", line) and "ScanError" not in line:
            reader = max(reader, int(line.split()[0].replace(",", "")))
    return total, reader


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", required=True, help="the baseline build's navrec")
    parser.add_argument("--navrec", default=os.path.join(ROOT, ".build", "release", "navrec"))
    parser.add_argument("--work", default=os.path.join(ROOT, "Benchmarks", "out", "reader"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--no-callgrind", dest="callgrind", action="store_false")
    args = parser.parse_args()
    builds = {"base": os.path.abspath(args.baseline), "new": os.path.abspath(args.navrec)}
    os.makedirs(args.work, exist_ok=True)
    fleet, mixed, small_fleet, small_mixed, empty = make_data(builds["base"], args.work, args.sessions)
    counts = {"fleet": samples_in(fleet), "mixed": samples_in(mixed)}
    print(f"load average at the start: {os.getloadavg()}", flush=True)

    # The outputs must agree before anything is timed.
    outputs = {name: subprocess.run(analyze_command(navrec, small_fleet), capture_output=True, check=True).stdout
               for name, navrec in builds.items()}
    if outputs["base"] != outputs["new"]:
        sys.exit("analyze output differs between the builds")

    times = {(step, name): [] for step in ("analyze", "import") for name in builds}
    for _ in range(args.runs):
        for name, navrec in builds.items():
            times[("analyze", name)].append(timed(analyze_command(navrec, fleet)))
            times[("import", name)].append(timed(import_command(navrec, mixed, args.work, f"import-{name}")))
    print(f"load average at the end: {os.getloadavg()}\n")

    print(f"| step | build | runs | wall s (median) | CPU s (median) | M samples per CPU-s | CPU vs base |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for step, data in (("analyze", "fleet"), ("import", "mixed")):
        base_cpu = statistics.median(c for _, c in times[(step, "base")])
        for name in builds:
            wall = statistics.median(w for w, _ in times[(step, name)])
            cpu = statistics.median(c for _, c in times[(step, name)])
            label = f"navrec {step} ({data}, {counts[data]:,} samples)"
            print(f"| {label} | {name} | {args.runs} | {wall:.2f} | {cpu:.2f} | {counts[data] / cpu / 1e6:.2f} | "
                  f"{base_cpu / cpu:.2f}x |")

    if not args.callgrind:
        return
    print("\n| callgrind, release | build | instructions per sample (start-up subtracted) | reader's item call per sample |")
    print("|---|---|---:|---:|")
    small = {"fleet": samples_in(small_fleet), "mixed": samples_in(small_mixed)}
    for step, data in (("analyze", "fleet"), ("import", "mixed")):
        for name, navrec in builds.items():
            path = small_fleet if data == "fleet" else small_mixed
            make = (lambda p: analyze_command(navrec, p)) if step == "analyze" else \
                (lambda p: import_command(navrec, p, args.work, f"callgrind-{name}"))
            total, reader = callgrind(make(path), args.work, f"{step}-{name}")
            startup, _ = callgrind(make(empty), args.work, f"{step}-{name}-empty")
            print(f"| navrec {step} ({data}, first {small[data]:,} samples) | {name} | "
                  f"{(total - startup) / small[data]:,.0f} | {reader / small[data]:,.0f} |", flush=True)
    rows = os.path.join(args.work, "rows-20.txt")
    row_samples = sum(1 for line in open(rows, "rb")
                      for sample in base64.b64decode(line.split(b"\t")[3]).splitlines()
                      if sample.startswith(b'{"t"') and b'"event"' not in sample)
    print("\n| callgrind, release, whole process | build | instructions per sample |")
    print("|---|---|---:|")
    for flags in (["--rows"], ["--rows", "--timeline"]):
        for name, navrec in builds.items():
            out = os.path.join(args.work, f"callgrind.rows-{name}")
            with open(rows, "rb") as stdin:
                subprocess.run([VALGRIND, "--tool=callgrind", f"--callgrind-out-file={out}", navrec, "analyze"] + flags,
                               stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            annotated = subprocess.run(["callgrind_annotate", out], capture_output=True, text=True, check=True).stdout
            total = int(re.search(r"^([\d,]+).*PROGRAM TOTALS", annotated, re.M).group(1).replace(",", ""))
            print(f"| navrec analyze {' '.join(flags)} (fleet's first 20 sessions as rows, {row_samples:,} samples) | {name} | "
                  f"{total / row_samples:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
