#!/usr/bin/env python3
"""Writes a folder of simulated NDJSON recordings: a varied fleet for the Spark job, its CI check
and the benchmark (every behaviour combination, gesture and fault; apps, devices, start dates;
some sessions without an id).

    python3 Integrations/make_fleet.py --navrec .build/release/navrec --sessions 60 --out fleet/

Session i is the same on every run (seed i + 1). Sessions go 20 to a file; --bad-session adds one
file whose single session has a bad line (for the error path). --jobs N runs N simulations at once
(the files are the same).

--edge-cases adds the inputs a real fleet delivers (files x-*.ndjson, sorted after the others;
Docs/fleet.md says where each lands): a re-delivery (two sessions of sessions-00000 again, byte for
byte), a reused id (fleet-00001 with other content), invalid UTF-8 in a header's string, a header
cut short (followed by a good session), a line over 64 MiB in the second of four sessions (65 MiB,
written here, never committed), and a session of about 0.5 MB (over a loader's --max-session-mib 0.25).
"""
import argparse
import concurrent.futures
import os
import subprocess

BEHAVIORS = [["largeTitle", "avatar"], ["largeTitle"], ["customTitle"], ["blurHeader"], ["hideOnSwipe"],
             ["largeTitle", "dropdownTitle", "hideOnSwipe"], ["blurHeader", "dropdownTitle"], ["customTitle", "hideOnSwipe"]]
GESTURES = ["drag", "fling", "bounce", "hover", "zigzag"]
FAULTS = [None, "titleEarly", "heightJitter", "droppedFrames", "flicker", "noTitle"]
APPS = ["Mail", "Music", "Maps"]
DEVICES = [("iPhone16,1", "iOS 18.1"), ("iPhone15,2", "iOS 17.5"), ("iPhone17,3", "iOS 18.2")]


def session_arguments(index, duration, fps):
    behaviors = BEHAVIORS[index % len(BEHAVIORS)]
    fault = FAULTS[(index // len(BEHAVIORS)) % len(FAULTS)]
    device, os_name = DEVICES[index % len(DEVICES)]
    arguments = ["simulate", "--seed", str(index + 1), "--duration", str(duration), "--fps", str(fps),
                 "--app", APPS[index % len(APPS)], "--screen", f"Screen{index % 4}", "--device", device, "--os", os_name,
                 "--started-at", f"2026-11-{1 + index % 3:02d}T10:{index % 60:02d}:00Z"]
    for name in behaviors:
        arguments += ["--behavior", name]
    arguments += ["--gesture", GESTURES[(index // 3) % len(GESTURES)], "--gesture", "tap", "--gesture", "zigzag"]
    if fault:
        arguments += ["--fault", fault]
    elif index % 5 == 0:
        arguments.append("--observed")
    if index % 7 != 3:  # every seventh session has no id: navrec derives one from its content
        arguments += ["--session-id", f"fleet-{index:05d}"]
    return arguments


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navrec", required=True)
    parser.add_argument("--sessions", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--duration", type=float, default=3)
    parser.add_argument("--fps", type=int, default=60)
    parser.add_argument("--per-file", type=int, default=20)
    parser.add_argument("--bad-session", action="store_true")
    parser.add_argument("--edge-cases", action="store_true")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)

    def simulate(index):
        return subprocess.run([args.navrec] + session_arguments(index, args.duration, args.fps),
                              check=True, capture_output=True).stdout

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for first in range(0, args.sessions, args.per_file):
            with open(os.path.join(args.out, f"sessions-{first:05d}.ndjson"), "wb") as file:
                for recording in pool.map(simulate, range(first, min(first + args.per_file, args.sessions))):
                    file.write(recording)
    if args.bad_session:
        lines = subprocess.run([args.navrec, "simulate", "--behavior", "blurHeader", "--session-id", "fleet-bad",
                                "--app", "Music", "--started-at", "2026-11-02T09:00:00Z"],
                               check=True, capture_output=True).stdout.decode().splitlines()
        lines[3] = '{"t":"late","y":1}'
        with open(os.path.join(args.out, "bad.ndjson"), "w") as file:
            file.write("\n".join(lines) + "\n")
    if args.edge_cases:
        write_edge_cases(args.navrec, args.out)


def write_edge_cases(navrec, out):
    def simulate(*arguments):
        return subprocess.run([navrec, "simulate", *arguments], check=True, capture_output=True).stdout

    def named(name, seed, *arguments):
        return simulate("--seed", str(seed), "--behavior", "blurHeader", "--gesture", "hover", "--session-id", name,
                        "--app", "Mail", "--started-at", "2026-11-01T12:00:00Z", *arguments)

    with open(os.path.join(out, "sessions-00000.ndjson"), "rb") as file:
        first = file.read().split(b'\n{"navrec"')
    with open(os.path.join(out, "x-redelivered.ndjson"), "wb") as file:
        file.write(b'{"navrec"' + first[1] + b'\n{"navrec"' + first[2] + b"\n")
    with open(os.path.join(out, "x-reused-id.ndjson"), "wb") as file:
        file.write(named("fleet-00001", 9001))
    lines = named("edge-utf8", 9002).split(b"\n")
    lines[0] = lines[0].replace(b'"app":"Mail"', b'"app":"Mail","screen":"Caf\xe9"')
    with open(os.path.join(out, "x-invalid-utf8.ndjson"), "wb") as file:
        file.write(b"\n".join(lines))
    header = named("edge-truncated", 9003).split(b"\n")[0]
    with open(os.path.join(out, "x-truncated-header.ndjson"), "wb") as file:
        file.write(header[:len(header) // 2] + b"\n" + named("edge-after-truncated", 9004))
    with open(os.path.join(out, "x-over-long-line.ndjson"), "wb") as file:
        file.write(named("edge-before-long", 9005))
        long_session = named("edge-long-line", 9006).split(b"\n")
        file.write(b"\n".join(long_session[:3]) + b"\n")
        file.write(b'{"t":0.5,"y":1,"pad":"' + b"x" * (65 << 20) + b'"}\n')
        file.write(b"\n".join(long_session[3:]))
        file.write(named("edge-after-long-1", 9007))
        file.write(named("edge-after-long-2", 9008))
    with open(os.path.join(out, "x-oversized.ndjson"), "wb") as file:
        file.write(named("edge-oversized", 9009, "--duration", "120", "--fps", "120"))


if __name__ == "__main__":
    main()
