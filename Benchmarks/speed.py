#!/usr/bin/env python3
"""The speed goals (issue 26) and the storage decision's figures (issue 23), new build against the
baseline build in one run: Benchmarks/run.sh prepares both binaries and calls this.

usage: speed.py --navrec NEW --baseline OLD --baseline-commit SHA --out DIR [--quick] [--runs N] [--no-callgrind]

Rows (each the median of --runs runs, steps of the two builds interleaved; wall time with a
monotonic clock, CPU = user + system of the process from wait4()):
  report-single  `navrec report --format json --jobs 1` of one 1 M-sample largeTitle + avatar
                 session (replay_bench.sh's data), and the same with ±2 pt tremor: samples/s (wall)
  analyze        `navrec analyze` of a simulated fleet (Integrations/make_fleet.py, 120 fps, 17.5 s
                 a session; 20,000 sessions, --quick 2,000): samples per CPU-second; and the reader's
                 floor on the same files (Benchmarks/ndjson_floor.c, built with cc -O2: lines, `t`
                 and `y`, nothing else; with -a every value of a sample line, a digit at a time; -w
                 every value the way a fast reader would; -k that and each value by its key),
                 interleaved with the two builds
  tiny-report    `navrec report --format json` of 8,000 five-sample sessions (make_tiny.sh): ms/session
  queries        every Queries/*.sql in the sqlite3 shell on 2,000 sessions of that fleet (--quick
                 200), imported and reported by each build; the baseline runs its own Queries/ (the
                 baseline commit's) on its own database, and the two outputs must be byte-identical
  peer           Benchmarks/duckdb_peer.py: DuckDB's flapping + hitch SQL and Polars' flapping (polars_peer.py) against navrec analyze, 1
                 and 2 cores, on a 60 fps fleet (2,000 sessions, --quick 200)
  callgrind      instructions per sample of import, report and analyze on the first 100,000 samples
                 (--quick 20,000) of the single session, a header without samples subtracted
  profile        where analyze's instructions go, stage by stage (callgrind of one 100-session fleet
                 file, each stage its function's inclusive count), and where the tiny report's go a
                 session (1,000 sessions less 200), both builds, with the instructions the 3 M
                 samples/CPU-s and 0.05 ms goals leave on this machine (needs the analyze and
                 tiny-report rows); the reader without the content hash against the floor's
                 instructions a sample. Valgrind 3.19 reports no SHA instructions, so under it
                 navrec hashes on its portable rounds (the hash's row says what that costs)
  storage        Benchmarks/storage_layouts.py on the new build's database of 200 fleet sessions
  fresh-database Benchmarks/fresh_database.sh: callgrind instructions of setting up a new database
                 (a one-session import into a new file less one into an up-to-date file)
  flapping-report Benchmarks/flapping_report.sh: `navrec report` of one session that flaps
                 throughout, 1 M and 10 M samples (--quick: 1 M): samples per CPU-second
  report-jobs    `navrec report` at --jobs 1, 16 and the default, CPU time (user + system) of each
                 build, on the tiny-report row's 8,000 five-sample sessions and on the queries row's
                 fleet database: oversubscription must not add work (issue 38 item 1)
  long-session   `navrec analyze` of one long session (`navrec simulate` of blurHeader with observed
                 states: 10 M samples, --quick 1.6 M) and of the same sample lines cut into sessions
                 of 10,000: system time against user time, and CPU a sample long over cut (issue 38)

Rows other helpers own can be replaced by their scripts without editing this file: when
Benchmarks/rows/NAME.sh exists (NAME one of the rows above), it is run as
`NAME.sh NEW OLD OUT_DIR QUICK(0|1)` and its standard output — Markdown rows of the goals table,
`| step | new | baseline | new vs baseline | goal | met |` — replaces the built-in row.
Everything is written under --out; the tables are printed and saved as OUT/speed.md.
"""
import argparse
import glob
import json
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# valgrind given a copy of the build without DWARF (valgrind.sh says why).
VALGRIND = os.path.join(HERE, "valgrind.sh")
ROOT = os.path.dirname(HERE)


def run_timed(command, stdout=subprocess.DEVNULL, stdin=None, cwd=None):
    """(wall s, CPU s, peak RSS MB) of one command, which must succeed."""
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=stdout, stdin=stdin, stderr=subprocess.PIPE, cwd=cwd)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.monotonic() - start
    error = process.stderr.read().decode(errors="replace")
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"speed.py: error: {' '.join(command)} exited {os.waitstatus_to_exitcode(status)}: {error[-400:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def fresh(path):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


def median_of(runs):
    return tuple(statistics.median(values) for values in zip(*runs))


class Bench:
    def __init__(self, args):
        self.args = args
        self.new, self.old = os.path.abspath(args.navrec), os.path.abspath(args.baseline)
        self.out = os.path.abspath(args.out)
        self.quick = args.quick
        self.runs = args.runs or (1 if args.quick else 3)
        self.data = os.path.join(self.out, "data")
        os.makedirs(self.data, exist_ok=True)
        self.goals = []      # rows of the goals table
        self.notes = []      # lines after it
        self.extra = []      # further tables (per query, callgrind, storage, peer)
        self.commit = args.baseline_commit
        self.analyze_rates = None  # samples per CPU-second of the analyze row, per build
        self.tiny_cpu = None       # CPU seconds a session of the tiny-report row, per build

    def builds(self):
        return (("new", self.new), ("baseline", self.old))

    def floor(self):
        """Benchmarks/ndjson_floor.c, built once."""
        binary = os.path.join(self.out, "ndjson_floor")
        source = os.path.join(HERE, "ndjson_floor.c")
        if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
            subprocess.run([os.environ.get("CC", "cc"), "-O2", "-o", binary, source], check=True)
        return binary

    def goal(self, step, new, old, ratio, goal, met):
        row = f"| {step} | {new} | {old} | {ratio} | {goal} | {'**met**' if met else ('**not met**' if met is not None else '')} |"
        self.goals.append(row)
        print(row, file=sys.stderr, flush=True)

    def replaced(self, name):
        script = os.path.join(HERE, "rows", f"{name}.sh")
        if not os.path.exists(script):
            return False
        result = subprocess.run([script, self.new, self.old, self.out, "1" if self.quick else "0"],
                                capture_output=True, text=True, check=True)
        self.goals += [line for line in result.stdout.splitlines() if line.startswith("|")]
        self.notes.append(f"- {name}: rows from Benchmarks/rows/{name}.sh")
        return True

    # --- data ------------------------------------------------------------------------------------
    def single_session(self):
        samples = 200_000 if self.quick else 1_000_000
        folder = os.path.join(self.data, f"single-{samples}")
        if not os.path.exists(os.path.join(folder, "tremor.ndjson")):
            os.makedirs(folder, exist_ok=True)
            subprocess.run([os.path.join(HERE, "replay_bench.sh"), self.new, folder], check=True, stdout=subprocess.DEVNULL,
                           env=dict(os.environ, BENCH_ONLY_DATA="1", BENCH_SAMPLES=str(samples)))
        return folder, samples

    def tiny(self, count):
        """A make_tiny.sh recording of `count` five-sample sessions, made once."""
        recording = os.path.join(self.data, f"tiny-{count}.ndjson")
        if not os.path.exists(recording):
            subprocess.run([os.path.join(HERE, "make_tiny.sh"), str(count), recording], check=True)
        return recording

    def fleet(self, sessions, fps, name):
        """A folder of make_fleet.py recordings (100 sessions a file), made once."""
        folder = os.path.join(self.data, f"{name}-{sessions}")
        done = os.path.join(folder, ".complete")
        if not os.path.exists(done):
            shutil.rmtree(folder, ignore_errors=True)
            print(f"simulating {sessions} sessions at {fps} fps…", file=sys.stderr, flush=True)
            subprocess.run([sys.executable, os.path.join(ROOT, "Integrations", "make_fleet.py"), "--navrec", self.new,
                            "--sessions", str(sessions), "--out", folder, "--duration", "17.5", "--fps", str(fps),
                            "--per-file", "100", "--jobs", str(os.cpu_count() or 2)], check=True)
            open(done, "w").close()
        return sorted(glob.glob(os.path.join(folder, "*.ndjson")))

    def database(self, build, binary, name, files, report=True):
        path = os.path.join(self.out, "db", f"{name}-{build}.sqlite")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if not os.path.exists(path):
            subprocess.run([binary, "import", "--db", path + ".part"] + files, check=True, stdout=subprocess.DEVNULL)
            if report:
                subprocess.run([binary, "report", "--db", path + ".part", "--format", "json", "--output", os.devnull], check=True)
            sqlite3.connect(path + ".part").execute("PRAGMA wal_checkpoint(TRUNCATE)")
            for suffix in ("-wal", "-shm"):
                if os.path.exists(path + ".part" + suffix):
                    os.remove(path + ".part" + suffix)
            os.rename(path + ".part", path)
        return path

    # --- rows ------------------------------------------------------------------------------------
    def fresh_database(self):
        if self.replaced("fresh-database") or self.args.no_callgrind:
            return
        result = subprocess.run([os.path.join(HERE, "fresh_database.sh"), self.old], capture_output=True, text=True, check=True,
                                env=dict(os.environ, NAVREC=self.new))
        setup = {row.split("|")[1].strip(): row.split("|")[4].strip() for row in result.stdout.splitlines() if row.startswith("| base") or row.startswith("| new")}
        new, old = float(setup["new"].split()[0]), float(setup["base"].split()[0])
        self.goal("set-up of a new database: a one-session `navrec import` into a new file less one into an up-to-date file (callgrind)",
                  f"{new:.1f} M instructions", f"{old:.1f} M", f"{old / new:.1f}x fewer", "< 10 M instructions", new < 10)

    def flapping_report(self):
        if self.replaced("flapping-report"):
            return
        sizes = ["1000000"] if self.quick else ["1000000", "10000000"]
        result = subprocess.run([os.path.join(HERE, "flapping_report.sh"), self.old] + sizes, capture_output=True, text=True, check=True,
                                env=dict(os.environ, NAVREC=self.new, RUNS=str(self.runs), OUT=os.path.join(self.data, "flapping")))
        for line in result.stdout.splitlines():
            if line.startswith("|"):
                self.goals.append(line)
            elif line.startswith("note:"):
                self.notes.append(f"- **{line[6:]}**")

    def report_jobs(self):
        if self.replaced("report-jobs"):
            return
        count = 8_000
        recording = self.tiny(count)
        sessions = 200 if self.quick else 2_000
        files = self.fleet(2_000, 120, "fleet")[:sessions // 100]
        workloads = ((f"{count:,} five-sample sessions", f"tiny-{count}", [recording]),
                     (f"{sessions:,} fleet sessions with observed states", f"queries-{sessions}", files))
        settings = (("1", ["--jobs", "1"]), ("16", ["--jobs", "16"]), ("default", []))
        for label, name, inputs in workloads:
            dbs = {build: self.database(build, binary, name, inputs) for build, binary in self.builds()}
            runs = {(build, jobs): [] for build, _ in self.builds() for jobs, _ in settings}
            for _ in range(max(self.runs, 3)):
                for jobs, flags in settings:
                    for build, binary in self.builds():
                        runs[(build, jobs)].append(run_timed([binary, "report", "--db", dbs[build], "--format", "json"] + flags
                                                             + ["--output", os.devnull]))
            cpu = {key: median_of(value)[1] for key, value in runs.items()}
            for jobs in ("16", "default"):
                new, old = cpu[("new", jobs)] / cpu[("new", "1")], cpu[("baseline", jobs)] / cpu[("baseline", "1")]
                self.goal(f"`navrec report --jobs {jobs}` on {os.cpu_count()} cores against `--jobs 1`, CPU, {label}" if jobs == "16" else
                          f"`navrec report` at its default `--jobs` against `--jobs 1`, CPU, {label}",
                          f"{new:.2f}x ({cpu[('new', jobs)]:.2f} s against {cpu[('new', '1')]:.2f} s)",
                          f"{old:.2f}x ({cpu[('baseline', jobs)]:.2f} s against {cpu[('baseline', '1')]:.2f} s)", "",
                          "≤ 1.2x", new <= 1.2)

    def long_session(self):
        if self.replaced("long-session"):
            return
        duration = 16_700 if self.quick else 104_000
        folder = os.path.join(self.data, f"long-{duration}")
        long, cut = os.path.join(folder, "long.ndjson"), os.path.join(folder, "cut.ndjson")
        if not os.path.exists(cut):
            os.makedirs(folder, exist_ok=True)
            subprocess.run([self.new, "simulate", "--behavior", "blurHeader", "--gesture", "hover", "--gesture", "zigzag",
                            "--gesture", "fling", "--fps", "120", "--duration", str(duration), "--observed", "--session-id", "long",
                            "--output", long], check=True)
            # The same lines as sessions of 10,000 samples, each under its own header: what a fleet
            # of that many samples costs, against which the long session's CPU a sample is judged.
            with open(long, "rb") as source, open(cut + ".part", "wb") as out:
                header = json.loads(source.readline())
                samples = 0
                for line in source:
                    if line.startswith(b'{"t":'):
                        if samples % 10_000 == 0:
                            header["session"]["id"] = f"long-{samples // 10_000:05d}"
                            out.write(json.dumps(header, separators=(",", ":")).encode() + b"\n")
                        samples += 1
                    out.write(line)
            os.rename(cut + ".part", cut)
        samples = sum(1 for line in open(long, "rb") if line.startswith(b'{"t":'))
        times = {(build, kind): [] for build, _ in self.builds() for kind in ("long", "cut")}
        for _ in range(self.runs):
            for kind, path in (("long", long), ("cut", cut)):
                for build, binary in self.builds():
                    subprocess.run(["/usr/bin/time", "-f", "%U %S", "-o", os.path.join(self.out, "time.txt"), binary, "analyze", path],
                                            stdout=open(os.path.join(self.out, f"long-{kind}-{build}.txt"), "wb"), check=True)
                    user, system = map(float, open(os.path.join(self.out, "time.txt")).read().split()[-2:])
                    times[(build, kind)].append((user, system))
        median = {key: median_of(value) for key, value in times.items()}
        for build in ("new", "baseline"):
            if open(os.path.join(self.out, f"long-long-{build}.txt"), "rb").read() == b"":
                self.notes.append(f"- **the long session's analyze output of the {build} build is empty**")
        if open(os.path.join(self.out, "long-long-new.txt"), "rb").read() != open(os.path.join(self.out, "long-long-baseline.txt"), "rb").read():
            self.notes.append("- **the long session's analyze outputs of the two builds differ**")
        share = {build: median[(build, "long")][1] / median[(build, "long")][0] for build in ("new", "baseline")}
        ratio = {build: sum(median[(build, "long")]) / sum(median[(build, "cut")]) for build in ("new", "baseline")}
        user, system = median[("new", "long")]
        self.goal(f"`navrec analyze` of one {samples / 1e6:.1f} M-sample session: system time against user time",
                  f"{share['new']:.0%} ({system:.2f} s against {user:.2f} s)", f"{share['baseline']:.0%}", "", "< 10 %", share["new"] < 0.10)
        self.goal("… CPU a sample, that session against the same lines as sessions of 10,000 samples",
                  f"{ratio['new']:.2f}x", f"{ratio['baseline']:.2f}x", "", "≤ 1.3x", ratio["new"] <= 1.3)

    def report_single(self):
        if self.replaced("report-single"):
            return
        folder, samples = self.single_session()
        results = {}
        for kind in ("plain", "tremor"):
            dbs = {build: self.database(build, binary, f"single-{kind}-{samples}", [os.path.join(folder, f"{kind}.ndjson")], report=False)
                   for build, binary in self.builds()}
            runs = {build: [] for build, _ in self.builds()}
            for _ in range(self.runs):
                for build, binary in self.builds():
                    runs[build].append(run_timed([binary, "report", "--db", dbs[build], "--format", "json", "--jobs", "1",
                                                  "--output", os.path.join(self.out, f"single-{kind}-{build}.json")]))
            if open(os.path.join(self.out, f"single-{kind}-new.json"), "rb").read() != open(os.path.join(self.out, f"single-{kind}-baseline.json"), "rb").read():
                self.notes.append(f"- **the {kind} single-session reports of the two builds differ**")
            results[kind] = {build: median_of(runs[build]) for build in runs}
        for kind, label in (("plain", f"`navrec report`, one {samples:,}-sample session, no observed states"),
                            ("tremor", "the same with ±2 pt tremor (flapping at every crossing)")):
            new, old = results[kind]["new"], results[kind]["baseline"]
            rate_new, rate_old = samples / new[1], samples / old[1]
            self.goal(label, f"{rate_new / 1e6:.2f} M samples/CPU-s ({new[1]:.2f} s CPU, {new[0]:.2f} s wall)",
                      f"{rate_old / 1e6:.2f} M samples/CPU-s ({old[1]:.2f} s CPU)", f"{rate_new / rate_old:.2f}x",
                      "≥ 3 M samples/s on one core", rate_new >= 3e6)

    def analyze(self):
        if self.replaced("analyze"):
            return
        sessions = 2_000 if self.quick else 20_000
        files = self.fleet(sessions, 120, "fleet")
        samples = sum(1 for name in files for line in open(name, "rb") if line.startswith(b'{"t"'))
        floors = [
            ([], "… the reader's floor on the same files (`Benchmarks/ndjson_floor.c`: lines, `t` and `y`), for scale"),
            (["-a"], "… the same floor reading every value of a sample line (`ndjson_floor -a`), for scale"),
            (["-w"], "… every value the way a fast reader would (`ndjson_floor -w`: fractions 8 digits at a time, keys skipped a word at a time), for scale"),
            (["-k"], "… and each value stored by its key (`ndjson_floor -k`), for scale"),
        ]
        runs = {build: [] for build in ["new", "baseline"] + [" ".join(flags) for flags, _ in floors]}
        floor = self.floor()
        for _ in range(self.runs):
            for build, binary in self.builds():
                runs[build].append(run_timed([binary, "analyze"] + files))
            for flags, _ in floors:
                runs[" ".join(flags)].append(run_timed([floor] + flags + files))
        new, old = median_of(runs["new"]), median_of(runs["baseline"])
        self.analyze_rates = {"new": samples / new[1], "baseline": samples / old[1]}
        self.goal(f"`navrec analyze` (parse + models + detectors), {sessions:,} sessions ({samples / 1e6:.1f} M samples)",
                  f"{samples / new[1] / 1e6:.2f} M samples/CPU-s ({new[0]:.1f} s wall)",
                  f"{samples / old[1] / 1e6:.2f} M samples/CPU-s ({old[0]:.1f} s)", f"{old[1] / new[1]:.2f}x",
                  "≥ 3 M samples/CPU-s", samples / new[1] >= 3e6)
        for flags, label in floors:
            cpu = median_of(runs[" ".join(flags)])[1]
            self.goal(label, f"{samples / cpu / 1e6:.1f} M samples/CPU-s; navrec analyze {cpu / new[1]:.0%} of it",
                      f"navrec analyze {cpu / old[1]:.0%} of it", "", "", None)

    def tiny_report(self):
        if self.replaced("tiny-report"):
            return
        count = 8_000
        recording = self.tiny(count)
        dbs = {build: self.database(build, binary, f"tiny-{count}", [recording], report=False) for build, binary in self.builds()}
        runs = {build: [] for build, _ in self.builds()}
        for _ in range(self.runs):
            for build, binary in self.builds():
                runs[build].append(run_timed([binary, "report", "--db", dbs[build], "--format", "json", "--output", os.devnull]))
        new, old = median_of(runs["new"]), median_of(runs["baseline"])
        self.tiny_cpu = {"new": new[1] / count, "baseline": old[1] / count}
        self.goal(f"`navrec report` of {count:,} five-sample sessions",
                  f"{new[1] * 1000 / count:.3f} ms CPU/session ({new[1]:.2f} s CPU, {new[0]:.2f} s wall, {new[2]:.0f} MB)",
                  f"{old[1] * 1000 / count:.3f} ms CPU/session ({old[1]:.2f} s CPU, {old[0]:.2f} s wall)", f"{old[1] / new[1]:.2f}x",
                  "≤ 0.05 ms/session", new[1] * 1000 / count <= 0.05)

    def queries(self):
        if self.replaced("queries"):
            return
        sessions = 200 if self.quick else 2_000
        files = self.fleet(2_000, 120, "fleet")[:sessions // 100]
        dbs = {build: self.database(build, binary, f"queries-{sessions}", files) for build, binary in self.builds()}
        old_queries = os.path.join(self.out, f"queries-{self.commit}")
        os.makedirs(old_queries, exist_ok=True)
        names = [os.path.basename(path)[:-4] for path in sorted(glob.glob(os.path.join(ROOT, "Queries", "*.sql")))]
        for name in names:
            text = subprocess.run(["git", "-C", ROOT, "show", f"{self.commit}:Queries/{name}.sql"], capture_output=True, text=True)
            if text.returncode == 0:
                open(os.path.join(old_queries, f"{name}.sql"), "w").write(text.stdout)
        connection = sqlite3.connect(dbs["new"])
        row = connection.execute("SELECT f.session_id, s.duration FROM findings f JOIN sessions s ON s.id = f.session_id"
                                 " WHERE f.kind = 'title_mismatch' ORDER BY f.session_id LIMIT 1").fetchone()
        session, t = (row[0], row[1] / 2) if row else ("fleet-00000", 2.0)
        parameters = [f".param set $session '{session}'", f".param set $t {t!r}"]
        table = ["| query (sqlite3 shell) | new: wall s (CPU s) | baseline: wall s (CPU s) | rows | outputs |", "|---|---:|---:|---:|---|"]
        slowest = ("", 0.0)
        differ = []
        drift = None
        for name in names:
            timings = {build: [] for build, _ in self.builds()}
            for _ in range(self.runs):
                for build, _ in self.builds():
                    folder = os.path.join(ROOT, "Queries") if build == "new" else old_queries
                    path = os.path.join(folder, f"{name}.sql")
                    if not os.path.exists(path):
                        continue
                    output = os.path.join(self.out, f"query-{name}-{build}.txt")
                    with open(output, "wb") as handle:
                        timings[build].append(run_timed(["sqlite3", "-bail", dbs[build]] + parameters + [f".read {path}"], stdout=handle))
            outputs = {build: open(os.path.join(self.out, f"query-{name}-{build}.txt"), "rb").read() for build in timings if timings[build]}
            same = len(outputs) == 2 and outputs["new"] == outputs["baseline"]
            if not same:
                differ.append(name)
            new = median_of(timings["new"])
            old = median_of(timings["baseline"]) if timings["baseline"] else None
            slowest = max(slowest, (name, new[1]), key=lambda item: item[1])
            if name == "observed_drift":
                drift = (new, old)
            lines = outputs["new"].count(b"\n")
            table.append(f"| {name} | {new[0]:.2f} ({new[1]:.2f}) | {'' if old is None else f'{old[0]:.2f} ({old[1]:.2f})'} | "
                         f"{lines} | {'identical' if same else '**differ**'} |")
        if drift:
            new, old = drift
            self.goal(f"`observed_drift` on {sessions:,} sessions, `sqlite3` shell", f"{new[1]:.2f} s CPU ({new[0]:.2f} s wall)",
                      f"{old[1]:.2f} s CPU ({old[0]:.2f} s wall)" if old else "", f"{old[1] / new[1]:.1f}x faster" if old else "",
                      "≤ 5 s", new[1] <= 5)
        self.goal(f"every query in `Queries/` on {sessions:,} sessions", f"slowest {slowest[0]} {slowest[1]:.2f} s CPU",
                  "", "outputs identical" if not differ else f"**{', '.join(differ)} differ**", "≤ 5 s each", slowest[1] <= 5 and not differ)
        self.extra.append((f"Queries on {sessions:,} sessions (fleet, 120 fps, 17.5 s; parameters: session {session}, t {t:.3f})", table))

    def peer(self):
        if self.replaced("peer"):
            return
        sessions = 200 if self.quick else 2_000
        files = self.fleet(sessions, 60, "peer")
        folder = os.path.dirname(files[0])
        figures = os.path.join(self.out, "peer.json")
        result = subprocess.run([sys.executable, os.path.join(HERE, "duckdb_peer.py"), "--navrec", self.new, "--baseline", self.old,
                                 "--recordings", folder, "--work", os.path.join(self.out, "peer"), "--runs", str(self.runs),
                                 "--json", figures], capture_output=True, text=True, check=True)
        self.extra.append((f"Peers: DuckDB running the detectors as SQL, Polars the flapping rule, {sessions:,} sessions at 60 fps", result.stdout.strip().splitlines()))
        data = json.load(open(figures))
        one = data["cores1"]
        ratio, old_ratio = one["duckdb_cpu"] / one["navrec_cpu"], one["duckdb_cpu"] / one["baseline_cpu"]
        compared = data["comparison"]
        self.goal("DuckDB (flapping + hitch as window-function SQL over Parquet) vs `navrec analyze`, per core",
                  f"navrec {ratio:.1f}x faster (CPU, 1 core; wall {one['duckdb_wall'] / one['navrec_wall']:.1f}x)",
                  f"{old_ratio:.1f}x", f"{ratio / old_ratio:.2f}x",
                  "≥ 10x", ratio >= 10)
        polars_ratio = one["polars_cpu"] / one["navrec_cpu"]
        self.goal("Polars (the flapping rule alone, over the same Parquet) vs `navrec analyze` (every detector), per core",
                  f"navrec {polars_ratio:.1f}x faster (CPU, 1 core; wall {one['polars_wall'] / one['navrec_wall']:.1f}x)",
                  f"{one['polars_cpu'] / one['baseline_cpu']:.1f}x", f"{polars_ratio / (one['polars_cpu'] / one['baseline_cpu']):.2f}x",
                  "≥ 10x", polars_ratio >= 10)
        self.notes.append(f"- peer findings: flapping {compared['flapping_equal']} of {compared['flapping_navrec']} equal "
                          f"(SQL {compared['flapping_sql']}; Polars {compared['flapping_polars']}, {compared['flapping_polars_equal_sql']} equal to SQL's); "
                          f"hitch time ratio {compared['hitch_equal']} of {compared['hitch_compared']} sessions equal")

    def callgrind(self):
        if self.args.no_callgrind or shutil.which("valgrind") is None:
            self.notes.append("- callgrind skipped (--no-callgrind or no valgrind)")
            return
        folder, _ = self.single_session()
        count = 20_000 if self.quick else 100_000
        work = os.path.join(self.out, "callgrind")
        os.makedirs(work, exist_ok=True)
        cut = os.path.join(work, "plain.ndjson")
        subprocess.run([sys.executable, os.path.join(HERE, "cut_samples.py"), os.path.join(folder, "plain.ndjson"), cut, str(count)], check=True)
        empty = os.path.join(work, "empty.ndjson")
        with open(cut) as source, open(empty, "w") as handle:
            handle.write(source.readline())

        def instructions(name, command):
            log = os.path.join(work, f"{name}.log")
            subprocess.run([VALGRIND, "--tool=callgrind", f"--callgrind-out-file={work}/{name}.out"] + command,
                           stdout=subprocess.DEVNULL, stderr=open(log, "w"), check=True)
            return int(re.search(r"refs:\s*([\d,]+)", open(log).read()).group(1).replace(",", ""))

        table = [f"| callgrind, first {count:,} samples of the single session, release | new | baseline | new vs baseline |", "|---|---:|---:|---:|"]
        per = {}
        for build, binary in self.builds():
            for recording in ("empty", "plain"):
                db = os.path.join(work, f"{recording}-{build}.sqlite")
                fresh(db)
                recorded = cut if recording == "plain" else empty
                per[(build, "import", recording)] = instructions(f"import-{recording}-{build}", [binary, "import", "--db", db, recorded])
                per[(build, "report", recording)] = instructions(f"report-{recording}-{build}", [binary, "report", "--db", db, "--format", "json", "--jobs", "1", "--output", os.devnull])
                per[(build, "analyze", recording)] = instructions(f"analyze-{recording}-{build}", [binary, "analyze", recorded])
        for step in ("import", "report", "analyze"):
            new = (per[("new", step, "plain")] - per[("new", step, "empty")]) / count
            old = (per[("baseline", step, "plain")] - per[("baseline", step, "empty")]) / count
            table.append(f"| navrec {step}: instructions per sample (start-up subtracted) | {new:,.0f} | {old:,.0f} | {new / old:.2f}x |")
        self.extra.append(("Instructions per sample", table))

    # What each stage of `navrec analyze` costs (callgrind, inclusive instructions of the stage's
    # function; a stage whose function a build lacks shows "—"). The symbols
    # are Swift-mangled names, so a rename shows here as "—" rather than as a wrong figure.
    ANALYZE_STAGES = [
        ("read: lines, NDJSON parse, content hash (NDJSONReader.read)", r"\$s9Recording12NDJSONReaderC4read4into\S*F"),
        ("… of which SHA-256 (csha256_update; valgrind 3.19 hides SHA-NI, so the portable rounds)",
         r"(csha256_update|\$s9TextTools12SHA256StreamV6update\S*F)"),
        ("models: BarEngine.step", r"\$s8BarModel0A6EngineV4step\S*F"),
        ("analysis: Analyzer.analyze", r"\$s8AnalyzerAAV7analyze_6reader\S*F"),
        ("… of which the main pass (every detector, a block at a time)", r"\$s8Analyzer8MainPassV7observe\S*F"),
        # A frame at a time (`take`) until the detector took blocks (`observe(_:barChanged:)`, 6 December).
        ("… … of which the hitch detector", r"\$s8Analyzer13HitchDetectorV(4take|7observe_10barChanged)\S*F"),
        ("… of which flapping findings and their replay search", r"\$s8AnalyzerAAV16flappingFindings\S*F"),
        # `sessionLine` until the lines were written into bytes (6 December), `appendSessionLine` since.
        ("output: the session's JSON line",
         r"\$s7Reports12JSONRendererV(11sessionLineySS8Analyzer15SessionAnalysisVF|17appendSessionLine_2toy8Analyzer0D8AnalysisV_Says5UInt8VGztF)"),
    ]
    # NavRec since issue 37's layers; NavRecCommands before (the baselines).
    PIPELINE = r"\$s(6NavRec|14NavRecCommands)17RecordingPipelineV3run\S*"

    @staticmethod
    def inclusive(callgrind_out):
        """Inclusive instructions per function symbol and the total. A function with code inlined from
        other files is listed once per file; the entry of its own file counts the whole of it."""
        text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", callgrind_out],
                              capture_output=True, text=True, check=True).stdout
        per, total = {}, 0
        for line in text.splitlines():
            match = re.match(r"\s*([\d,]+) \([^)]*\)\s+(\S*?):(\S+)", line)
            if not match:
                continue
            count, symbol = int(match.group(1).replace(",", "")), match.group(3)
            if symbol == "TOTALS" or "PROGRAM TOTALS" in line:
                total = count
                continue
            per[symbol] = max(per.get(symbol, 0), count)
        if not total:
            total = int(re.search(r"([\d,]+) \(100.0%\)\s+PROGRAM TOTALS", text).group(1).replace(",", ""))
        return per, total

    @staticmethod
    def stage(per, pattern):
        """The stage's instructions: its function's (the largest match, so a wrapper is not added twice)."""
        values = [count for symbol, count in per.items() if re.fullmatch(pattern, symbol)]
        return max(values) if values else None

    def profile(self):
        """Where `navrec analyze`'s instructions go, a sample at a time, on one fleet file (100 sessions
        with observed states), and the tiny report's a session, both builds; and the budgets the goals
        leave on this machine."""
        if self.args.no_callgrind or shutil.which("valgrind") is None:
            self.notes.append("- profile skipped (--no-callgrind or no valgrind)")
            return
        recording = self.fleet(2_000, 120, "fleet")[0]
        samples = sum(1 for line in open(recording, "rb") if line.startswith(b'{"t"'))
        work = os.path.join(self.out, "profile")
        os.makedirs(work, exist_ok=True)
        figures = {}
        for build, binary in self.builds():
            out = os.path.join(work, f"analyze-{build}.out")
            subprocess.run([VALGRIND, "--tool=callgrind", f"--callgrind-out-file={out}", binary, "analyze", recording],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            per, total = self.inclusive(out)
            stages = {name: self.stage(per, pattern) for name, pattern in self.ANALYZE_STAGES}
            pipeline = self.stage(per, self.PIPELINE)
            figures[build] = (stages, pipeline, total)

        def cell(value):
            return "—" if value is None else f"{value / samples:,.0f}"
        table = [f"| `navrec analyze` of one fleet file ({samples:,} samples, 100 sessions), instructions a sample | new | baseline |",
                 "|---|---:|---:|"]
        read, sha = self.ANALYZE_STAGES[0][0], self.ANALYZE_STAGES[1][0]
        for name, _ in self.ANALYZE_STAGES:
            table.append(f"| {name} | {cell(figures['new'][0][name])} | {cell(figures['baseline'][0][name])} |")
            if name == sha:
                # The figure issue 38 bounds, and the floor it is measured against.
                table.append("| … the reader without the content hash (the two rows above's difference) | " + " | ".join(
                    "—" if None in (figures[b][0][read], figures[b][0][sha]) else f"{(figures[b][0][read] - figures[b][0][sha]) / samples:,.0f}"
                    for b in ("new", "baseline")) + " |")
                table.append("| … … the floor on the same file, `ndjson_floor` (`t` and `y` / every value the way a fast reader would, "
                             f"`-w` / and each by its key, `-k`; per the lines it reads) | {self.floor_instructions(recording, work)} | |")
        for label, compute in (
            ("the rest of the loop: handing samples on, spooling them for the passes", lambda stages, pipeline, total:
                None if pipeline is None or None in (stages[n] for n, _ in self.ANALYZE_STAGES if not n.startswith("…")) else
                pipeline - sum(stages[n] for n, _ in self.ANALYZE_STAGES if not n.startswith("…"))),
            ("start-up and exit", lambda stages, pipeline, total: None if pipeline is None else total - pipeline),
            ("**total**", lambda stages, pipeline, total: total),
        ):
            table.append(f"| {label} | {cell(compute(*figures['new']))} | {cell(compute(*figures['baseline']))} |")
        if self.analyze_rates:
            # Instructions this machine runs per CPU-second on this work: the analyze row's rate times
            # the instructions a sample; the goal's 3 M samples then leave that divided by 3 M.
            speed = self.analyze_rates["new"] * figures["new"][2] / samples
            budget = speed / 3e6
            table += ["", f"This machine ran about {speed / 1e9:.1f} G instructions a CPU-second of `navrec analyze` (the analyze row's "
                      f"samples per CPU-second × the total above): 3 M samples per CPU-second leave **{budget:,.0f} instructions a sample** "
                      f"for everything, against {figures['new'][2] / samples:,.0f} now."]
        self.extra.append(("Where `navrec analyze`'s instructions go (callgrind, release)", table))
        self.tiny_profile(work)

    def floor_instructions(self, recording, work):
        """`ndjson_floor`'s instructions a sample line of `recording` under callgrind, plain / -w / -k."""
        counts = []
        for flag in ([], ["-w"], ["-k"]):
            out = os.path.join(work, f"floor{''.join(flag)}.out")
            printed = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", self.floor()] + flag + [recording],
                                     capture_output=True, text=True, check=True)
            lines = int(printed.stdout.split()[0])
            counts.append(self.inclusive(out)[1] / lines)
        return " / ".join(f"{count:,.0f}" for count in counts)

    REPORT_STAGES = [
        ("the sessions' rows (SessionStore.sessions)", r"\$s5Store07SessionA0C8sessions5after5limit\S*F"),
        ("analysis: Analyzer.analyze", r"\$s8AnalyzerAAV7analyze_6reader\S*F"),
        # A chunk at a time (`loadChunk`) until frames crossed modules as blocks (`read(into:)`, 5 December).
        ("… of which reading the frames (FrameCursor)", r"\$s5Store11FrameCursorC(9loadChunk|4read4into)\S*F"),
        ("… of which the main pass", r"\$s8Analyzer8MainPassV7observe\S*F"),
        ("storing the analysis and its findings (AnalysisBatch.save)", r"\$s5Store13AnalysisBatchC4save\S*F"),
        ("the session's JSON (JSONRenderer.session)", r"\$s7Reports12JSONRendererV7sessionySS8Analyzer15SessionAnalysisVF"),
    ]

    def tiny_profile(self, work):
        """Where `navrec report`'s instructions go a five-sample session: callgrind of reporting 1,000
        and 200 of make_tiny.sh's sessions again (each database imported and reported once, as the
        row's later runs find it), the difference over 800."""
        counts = (200, 1_000)
        figures = {}
        for build, binary in self.builds():
            per_count = {}
            for count in counts:
                recording = self.tiny(count)
                db = os.path.join(work, f"tiny-{count}-{build}.sqlite")
                fresh(db)
                subprocess.run([binary, "import", "--db", db, recording], check=True, stdout=subprocess.DEVNULL)
                subprocess.run([binary, "report", "--db", db, "--format", "json", "--output", os.devnull], check=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                out = os.path.join(work, f"tiny-{count}-{build}.out")
                subprocess.run([VALGRIND, "--tool=callgrind", f"--callgrind-out-file={out}", binary, "report", "--db", db,
                                "--format", "json", "--output", os.devnull], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
                per_count[count] = self.inclusive(out)
            (small, small_total), (large, large_total) = per_count[counts[0]], per_count[counts[1]]
            spread = counts[1] - counts[0]

            def per_session(pattern):
                a, b = self.stage(large, pattern), self.stage(small, pattern)
                return None if a is None or b is None else (a - b) / spread
            stages = {name: per_session(pattern) for name, pattern in self.REPORT_STAGES}
            session = (large_total - small_total) / spread
            figures[build] = (stages, session, large_total - counts[1] * session)

        def cell(value, scale=1):
            return "—" if value is None else f"{value / scale:,.0f}"
        table = ["| `navrec report --format json` of five-sample sessions, instructions a session | new | baseline |", "|---|---:|---:|"]
        for name, _ in self.REPORT_STAGES:
            table.append(f"| {name} | {cell(figures['new'][0][name])} | {cell(figures['baseline'][0][name])} |")
        table.append(f"| **a session, in all** | {cell(figures['new'][1])} | {cell(figures['baseline'][1])} |")
        table.append(f"| the run's fixed part (start-up, each worker's schema, the document), once | {cell(figures['new'][2])} | {cell(figures['baseline'][2])} |")
        if self.tiny_cpu:
            # The row's 8,000 sessions carry the fixed part too: per session, what the row measures.
            count = 8_000
            instructions = figures["new"][1] + figures["new"][2] / count
            speed = instructions / self.tiny_cpu["new"]
            table += ["", f"This machine ran about {speed / 1e9:.1f} G instructions a CPU-second of this report (the row's CPU a "
                      f"session against {instructions:,.0f} instructions a session with the fixed part shared over {count:,}): "
                      f"0.05 ms a session leaves **{speed * 5e-5:,.0f} instructions a session**."]
        self.extra.append(("Where the tiny report's instructions go (callgrind, release)", table))

    def storage(self):
        files = self.fleet(2_000, 120, "fleet")[:2]
        db = self.database("new", self.new, "storage-200", files)
        result = subprocess.run([sys.executable, os.path.join(HERE, "storage_layouts.py"), db, os.path.join(self.out, "storage"), str(self.runs)],
                                capture_output=True, text=True, check=True)
        self.extra.append(("Storage layouts (issue 23), the new build's database of 200 fleet sessions", result.stdout.strip().splitlines()))

    def print(self):
        load = open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else []
        lines = [f"Speed goals (issue 26): new build against the baseline ({self.commit}) in the same run; medians of {self.runs} run(s)"
                 f"{'; --quick' if self.quick else ''}; load average at the end {' '.join(load)}. Goals are judged on CPU time"
                 " (user + system): on a shared machine wall time counts the other processes.", "",
                 f"| step | new | baseline ({self.commit}) | new vs baseline | goal | |", "|---|---|---|---|---|---|"] + self.goals
        lines += [""] + self.notes
        for title, table in self.extra:
            lines += ["", f"{title}:", ""] + table
        text = "\n".join(lines) + "\n"
        open(os.path.join(self.out, "speed.md"), "w").write(text)
        print(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navrec", required=True)
    parser.add_argument("--baseline", required=True)
    parser.add_argument("--baseline-commit", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--runs", type=int)
    parser.add_argument("--no-callgrind", action="store_true")
    parser.add_argument("--only", help="comma-separated rows to run (default: all)")
    args = parser.parse_args()
    bench = Bench(args)
    failed = False
    steps = ["report_single", "analyze", "tiny_report", "queries", "peer", "callgrind", "profile", "storage", "fresh_database", "flapping_report", "report_jobs", "long_session"]
    chosen = args.only.replace("-", "_").split(",") if args.only else steps
    for step in steps:
        if step in chosen:
            print(f"— {step}", file=sys.stderr, flush=True)
            try:
                getattr(bench, step)()
            except (subprocess.CalledProcessError, SystemExit) as error:
                # One failing row must not lose the others' figures: it is named in the notes.
                bench.notes.append(f"- **{step} failed**: {error}")
                failed = True
    bench.print()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
