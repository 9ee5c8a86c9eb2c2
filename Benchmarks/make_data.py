#!/usr/bin/env python3
"""Writes the benchmark's recordings: one NDJSON file of simulated sessions (several behaviour sets,
120 fps, observed states) holding exactly N samples, and the same samples as CSV (t,y,phase,vy).

usage: make_data.py NAVREC N OUT.ndjson OUT.csv

Sessions rotate through the behaviour sets below with a different seed each; the last session is
cut at exactly N samples (a recording may end anywhere). The CSV copies the sample columns'
text verbatim from the NDJSON lines, so both importers see the same digits.
"""
import re
import subprocess
import sys

# (behaviours, gestures, faults): realistic mixes, clean and glitchy, every behaviour present.
KINDS = [
    (["largeTitle", "avatar"], ["drag", "fling", "bounce"], []),
    (["blurHeader"], ["drag", "hover", "fling"], []),
    (["largeTitle", "hideOnSwipe"], ["drag", "zigzag", "fling"], []),
    (["customTitle"], ["fling", "drag"], ["droppedFrames"]),
    (["largeTitle", "dropdownTitle"], ["drag", "tap", "fling"], []),
    (["blurHeader"], ["drag", "fling"], ["heightJitter"]),
]
SESSION_SECONDS = 900  # ~15 minutes at 120 Hz: up to 108,000 samples per session

# The writer's key order is fixed: t, y, phase, vy first.
SAMPLE = re.compile(rb'^\{"t":([^,]+),"y":([^,]+),(?:"phase":"(\w+)",)?(?:"vy":([^,}]+))?')


def main():
    navrec, target, ndjson_path, csv_path = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    written = 0
    sessions = 0
    with open(ndjson_path, "wb") as ndjson, open(csv_path, "wb") as csv:
        csv.write(b"t,y,phase,vy\n")
        while written < target:
            behaviors, gestures, faults = KINDS[sessions % len(KINDS)]
            command = [navrec, "simulate", "--fps", "120", "--duration", str(SESSION_SECONDS), "--observed",
                       "--seed", str(sessions + 1), "--session-id", f"bench-{sessions + 1:04d}"]
            for name in behaviors:
                command += ["--behavior", name]
            for name in gestures:
                command += ["--gesture", name]
            for name in faults:
                command += ["--fault", name]
            process = subprocess.Popen(command, stdout=subprocess.PIPE, bufsize=1 << 20)
            rows = []
            for line in process.stdout:
                match = SAMPLE.match(line)
                if match:
                    if written == target:
                        continue  # drain; the session is cut here
                    written += 1
                    t, y, phase, vy = match.groups()
                    rows.append(b"%s,%s,%s,%s\n" % (t, y, phase or b"", vy or b""))
                    if len(rows) == 65536:
                        csv.write(b"".join(rows))
                        rows.clear()
                elif written == target:
                    continue  # no events after the cut
                ndjson.write(line)
            csv.write(b"".join(rows))
            if process.wait() != 0:
                sys.exit(f"navrec simulate failed: {' '.join(command)}")
            sessions += 1
    print(f"{written} samples in {sessions} sessions", file=sys.stderr)


if __name__ == "__main__":
    main()
