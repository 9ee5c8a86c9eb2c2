#!/usr/bin/env python3
"""Checks a `navrec export --format perfetto` trace against the rules of Perfetto's JSON importer
and round-trips every counter value back to the database.

Usage: check_perfetto.py TRACE.json DATABASE.sqlite [--max-bytes N]

Perfetto's trace processor cannot be installed here (PyPI's `perfetto` downloads its binary at run
time), so the rules its JSON importer (and chrome://tracing) applies are written down:
- the document is an object with a `traceEvents` array; `displayTimeUnit` is "ms" or "ns";
- every event has `ph`, integer `pid`; every event but metadata has a numeric `ts` >= 0;
- `M` (metadata) events are process_name / thread_name with a string `args.name`, or
  process_sort_index / thread_sort_index with an integer `args.sort_index`;
- `C` (counter) events have a `name` and args whose values are all numbers (not strings, not
  booleans): the importer drops anything else;
- `X` (complete) slices have an integer `tid` and a numeric `dur` >= 0, and on each (pid, tid) they
  nest properly: a slice that starts inside another ends inside it too;
- `b`/`e` (async) events have a `cat` and an `id`, or an `id2` with a `local` or `global` id; each
  `b` is closed by exactly one `e` with the same (pid, cat, id, name) at a `ts` no earlier, and no
  `e` comes without its `b`;
- `i` (instant) events have a scope `s` of "g", "p" or "t".
navrec's own rules on top: every `ts` and `dur` is an integer (microseconds, as stored); late
frames are `X` slices named "late frame" (never instants) whose `dur` is their interval, with
`args.interval_ms` equal to `dur` / 1000 and written with at most 3 decimals (no float noise such
as 66.66700000000003); findings are async slices with a process-local id (`"id2":{"local":N}`):
Perfetto puts an async slice with a plain `id` on a global track, away from its session.
Round trip: for every session (process), every counter track (`y`, `FIELD (computed)`,
`FIELD (observed)`, FIELD every number field of the database's `bar_state_fields`) holds, as a step function, exactly the database's value (view `timeline`) at
every sample that has one, and there is one async finding per stored finding.
Time line: each session's events are shifted by its `sessions.started_at` minus the earliest
`started_at` of the exported sessions (0 for a session without one), computed here from the
database with Python's own ISO 8601 parser, so sessions lie where they were recorded.
--max-bytes N: the trace must be at most N bytes (what a viewer can load).
Exits 1 with one line per broken rule (at most 20 shown).
"""
import collections
import datetime
import json
import re
import sqlite3
import sys

METADATA = {"process_name": "name", "thread_name": "name", "process_sort_index": "sort_index",
            "thread_sort_index": "sort_index"}


def counter_fields(connection):
    """The fields navrec draws as counters, {recording name: timeline column}: the numbers (lengths
    and fractions) of the database's bar_state_fields, so a new field needs no edit here."""
    return dict(connection.execute(
        "SELECT name, column_name FROM bar_state_fields WHERE kind IN ('length', 'fraction') ORDER BY position").fetchall())


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def navrec_problems(trace, text):
    problems = []
    late = 0
    for index, event in enumerate(trace["traceEvents"]):
        at = f"traceEvents[{index}]"
        for key in ("ts", "dur"):
            if key in event and not (isinstance(event[key], int) and not isinstance(event[key], bool)):
                problems.append(f"{at}: {key} {event[key]!r} is not integer microseconds")
        if event.get("ph") in ("b", "e") and "local" not in (event.get("id2") or {}):
            problems.append(f"{at}: finding {event.get('name')!r} without a process-local id2.local: Perfetto shows it on a global track")
        if event.get("name") == "late frame":
            late += 1
            if event.get("ph") != "X":
                problems.append(f"{at}: a late frame as {event.get('ph')!r}, not a slice with its duration")
            elif event.get("args", {}).get("interval_ms") != event.get("dur", -1) / 1000:
                problems.append(f"{at}: interval_ms {event.get('args', {}).get('interval_ms')!r} is not dur/1000")
    for match in re.finditer(r'"interval_ms":(-?[0-9.eE+-]+)', text):
        number = match.group(1)
        if "e" in number.lower() or ("." in number and len(number.split(".")[1]) > 3):
            problems.append(f"interval_ms {number} has float noise (more than 3 decimals)")
    return problems, late


def importer_problems(trace):
    problems = []
    if not isinstance(trace, dict) or not isinstance(trace.get("traceEvents"), list):
        return ["the document is not an object with a traceEvents array"]
    if trace.get("displayTimeUnit", "ms") not in ("ms", "ns"):
        problems.append(f"displayTimeUnit {trace['displayTimeUnit']!r}")
    slices = collections.defaultdict(list)
    open_async = {}
    for index, event in enumerate(trace["traceEvents"]):
        at = f"traceEvents[{index}]"
        ph = event.get("ph")
        if not isinstance(event.get("pid"), int):
            problems.append(f"{at}: pid is not an integer")
        if ph != "M" and not (is_number(event.get("ts")) and event["ts"] >= 0):
            problems.append(f"{at}: ts {event.get('ts')!r} is not a time")
        if ph == "M":
            key = METADATA.get(event.get("name"))
            value = event.get("args", {}).get(key) if key else None
            if key is None or (key == "name" and not isinstance(value, str)) or (key == "sort_index" and not isinstance(value, int)):
                problems.append(f"{at}: metadata {event.get('name')!r} with args {event.get('args')!r}")
        elif ph == "C":
            args = event.get("args", {})
            if not event.get("name") or not args or not all(is_number(v) for v in args.values()):
                problems.append(f"{at}: counter {event.get('name')!r} has non-numeric args {args!r}")
        elif ph == "X":
            if not isinstance(event.get("tid"), int) or not (is_number(event.get("dur")) and event["dur"] >= 0):
                problems.append(f"{at}: complete slice without integer tid or dur >= 0")
            else:
                slices[(event["pid"], event["tid"])].append((event["ts"], event["ts"] + event["dur"], index))
        elif ph in ("b", "e"):
            id2 = event.get("id2") if isinstance(event.get("id2"), dict) else {}
            scoped = [key for key in ("local", "global") if key in id2]
            if "cat" not in event or ("id" in event) == bool(scoped) or len(scoped) > 1:
                problems.append(f"{at}: async event without cat and exactly one of id, id2.local, id2.global")
                continue
            key = (event["pid"], event["cat"], event["id"] if "id" in event else (scoped[0], id2[scoped[0]]), event.get("name"))
            if ph == "b":
                if key in open_async:
                    problems.append(f"{at}: async id {key[2]} begins twice")
                open_async[key] = event["ts"]
            else:
                begin = open_async.pop(key, None)
                if begin is None:
                    problems.append(f"{at}: 'e' without its 'b' ({key})")
                elif event["ts"] < begin:
                    problems.append(f"{at}: async slice ends before it begins")
        elif ph == "i":
            if event.get("s", "t") not in ("g", "p", "t"):
                problems.append(f"{at}: instant scope {event.get('s')!r}")
        else:
            problems.append(f"{at}: phase {ph!r} is not one navrec writes")
    for key in open_async:
        problems.append(f"async slice {key} is never closed")
    for (pid, tid), spans in slices.items():
        stack = []
        for start, end, index in sorted(spans, key=lambda span: (span[0], -span[1])):
            while stack and start >= stack[-1][1]:
                stack.pop()
            if stack and end > stack[-1][1]:
                problems.append(f"traceEvents[{index}]: slice on pid {pid} tid {tid} overlaps traceEvents[{stack[-1][2]}] without nesting")
            stack.append((start, end, index))
    return problems


def epoch_microseconds(text):
    """An ISO 8601 time as integer microseconds since 1970 (no zone: UTC), or None."""
    try:
        moment = datetime.datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.timezone.utc)
    delta = moment - datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def trace_view(trace):
    """What the round trip compares with the database: the sessions {pid: session id}, the counters
    {(pid, track name): [(ts in microseconds, value)]} and the findings {pid: how many}
    (check_perfetto_viewer.py builds the same from what Perfetto's trace processor read)."""
    events = trace["traceEvents"]
    sessions = {e["pid"]: e["args"]["name"].split(" — ")[0] for e in events if e.get("name") == "process_name"}
    tracks = collections.defaultdict(list)
    findings = collections.Counter()
    for event in events:
        if event.get("ph") == "C":
            tracks[(event["pid"], event["name"])].append((event["ts"], event["args"]["value"]))
        elif event.get("ph") == "b":
            findings[event["pid"]] += 1
    return sessions, tracks, findings


def round_trip_problems(view, database, equal=lambda shown, stored: shown == stored):
    problems = []
    sessions, tracks, findings = view
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    fields = counter_fields(connection)
    starts = {}
    for pid, session in sessions.items():
        row = connection.execute("SELECT started_at FROM sessions WHERE id = ?", (session,)).fetchone()
        starts[pid] = epoch_microseconds(row[0]) if row else None
    origin = min((start for start in starts.values() if start is not None), default=None)
    checked = 0
    for pid, session in sessions.items():
        columns = ", ".join(fields.values())
        rows = connection.execute(
            f"SELECT seq, t, y, source, {columns} FROM timeline WHERE session_id = ? ORDER BY seq, source", (session,)).fetchall()
        if not rows:
            problems.append(f"process {pid}: no session {session!r} in the database")
            continue
        expected = collections.defaultdict(dict)  # track -> ts -> value (the last sample at that ts wins)
        for seq, t, y, source, *values in rows:
            ts = round(t * 1_000_000) + (starts[pid] - origin if starts[pid] is not None else 0)
            if source == "computed":
                expected["y"][ts] = y
            for field, value in zip(fields, values):
                if value is not None:
                    expected[f"{field} ({source})"][ts] = value
        names = {name for (p, name) in tracks if p == pid}
        if names - set(expected):
            problems.append(f"process {pid}: counter tracks {sorted(names - set(expected))} have no data in the database")
        for name, values in expected.items():
            steps = sorted(tracks.get((pid, name), []), key=lambda step: step[0])
            position, current = 0, None
            for ts in sorted(values):
                while position < len(steps) and steps[position][0] <= ts:
                    current = steps[position][1]
                    position += 1
                checked += 1
                if current is None or not equal(current, values[ts]):
                    problems.append(f"{session}: track {name!r} shows {current!r} at ts {ts}, the database has {values[ts]!r}")
                    break
        stored = connection.execute("SELECT count(*) FROM findings WHERE session_id = ? AND settings = ''", (session,)).fetchone()[0]
        if stored != findings[pid]:
            problems.append(f"{session}: {findings[pid]} async findings, {stored} stored findings")
    return problems, checked, len(sessions)


def main(argv):
    trace_path, database = argv[1], argv[2]
    max_bytes = int(argv[argv.index("--max-bytes") + 1]) if "--max-bytes" in argv else None
    with open(trace_path, encoding="utf-8") as handle:
        text = handle.read()
    trace = json.loads(text)
    problems = importer_problems(trace)
    size = len(text.encode("utf-8"))
    if max_bytes is not None and size > max_bytes:
        problems.append(f"{size} bytes, over the {max_bytes} a viewer is asked to load")
    late = 0
    if not problems:
        more, late = navrec_problems(trace, text)
        problems += more
    checked = sessions = 0
    if not problems:
        more, checked, sessions = round_trip_problems(trace_view(trace), database)
        problems += more
    for problem in problems[:20]:
        print(f"{trace_path}: {problem}")
    if problems:
        print(f"{trace_path}: {len(problems)} problems")
        return 1
    print(f"{trace_path}: Perfetto JSON OK (importer rules; {checked} counter values of {sessions} sessions equal the database's"
          f" on the sessions' time line; {late} late frames as slices; {size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
