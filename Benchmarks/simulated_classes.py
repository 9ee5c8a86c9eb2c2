#!/usr/bin/env python3
"""Runs issue 34's recording classes through `navrec simulate` and `navrec analyze` and prints each
configuration's findings: healthy controls (which must have none) and planted glitches (which must be
found once), for every recorder style, 60 and 120 Hz, @2x and @3x, with the header's recorder policy
declared or omitted, and with offsets on the pixel grid or not (`--scale off`, the simulator before
issue 34 item 5).

    python3 Benchmarks/simulated_classes.py --navrec .build/debug/navrec [--quick]
"""
import argparse
import itertools
import json
import os
import subprocess
import tempfile

# name, behaviours, script, extra simulate arguments, expected finding kinds (sorted), observed
CLASSES = [
    ("flings+pauses", ["largeTitle"], "fling velocity=2500\nwait 4\nfling velocity=-1800\nwait 3\nfling velocity=1200\nwait 5", [], []),
    ("top-from-rest", ["largeTitle"], "fling velocity=2000\nwait 0.5\ntop duration=0.4\nwait 1", [], []),
    ("deep-link", ["largeTitle"], "wait 1\nscroll to=600 duration=0.3\nwait 2\nscroll to=40 duration=0.5", [], []),
    ("pull-short", ["largeTitle"], "bounce pull=150\nwait 2\nbounce pull=300 duration=0.8", [], []),
    ("refresh", ["largeTitle"], "refresh pull=250 hold=1.5\nwait 1", ["--observed"], []),
    ("combined-flicks", ["largeTitle", "avatar", "hideOnSwipe"], "fling velocity=1500\nwait 1.5\nfling velocity=-1500\nwait 1.5\nfling velocity=3000", [], []),
    ("cancelled-pop", ["largeTitle"], "drag to=200 duration=1\nwait 0.5\npop reach=0.4\nwait 2\ndrag to=0 duration=1", ["--observed"], []),
    ("push-collapsed", ["largeTitle"], "drag to=200 duration=1\nwait 0.5\npush", ["--observed"], []),
    ("background", ["blurHeader"], "fling velocity=2500\nwait 1\nfling velocity=-2500\nwait 1", ["--background", "2=30"], []),
    # Glitches planted inside the same motion.
    ("freeze-in-top", ["largeTitle"], "fling velocity=2000\nwait 0.5\ntop duration=0.4\nwait 1", ["--fault", "freeze=0.05"], ["hitch"]),
    ("touchdown-idle", ["largeTitle"], "drag to=100 duration=0.5\nwait 1\ndrag to=0 duration=0.5\nwait 1\ndrag to=150 duration=0.5",
     ["--fault", "touchDownFreeze=0.06", "--idle-frames"], ["hitch"]),
    ("stuck-after-pop", ["largeTitle"], "drag to=200 duration=1\nwait 0.5\npop reach=0.4\nwait 2", ["--fault", "stuckTitles=1.5"],
     ["title_mismatch"]),
]
RECORDERS = ["frames", "display-link", "scroll-callbacks", "library"]


def run(navrec, arguments, stdin=None):
    return subprocess.run([navrec] + arguments, input=stdin, capture_output=True, check=False)


def findings(navrec, directory, name, behaviors, script, extra, recorder, fps, scale, policy):
    if recorder == "scroll-callbacks" and "--idle-frames" in extra:
        return None
    path = os.path.join(directory, name + ".txt")
    with open(path, "w") as handle:
        handle.write(script + "\n")
    arguments = ["simulate", "--script", path, "--recorder", recorder, "--fps", str(fps), "--scale", scale,
                 "--recorder-policy", policy, "--seed", "3"] + extra
    for behavior in behaviors:
        arguments += ["--behavior", behavior]
    simulated = run(navrec, arguments)
    if simulated.returncode != 0:
        return "simulate failed: " + simulated.stderr.decode()
    analyzed = run(navrec, ["analyze", "-"], stdin=simulated.stdout)
    line = json.loads(analyzed.stdout.decode().splitlines()[0])
    return [(f["kind"], f.get("subkind"), f["severity"], f["start"], f["message"]) for f in line["findings"]]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navrec", required=True)
    parser.add_argument("--quick", action="store_true", help="60 Hz @3x and 120 Hz @2x only")
    parser.add_argument("--verbose", action="store_true", help="print the findings of the planted glitches too")
    options = parser.parse_args()
    displays = [(60, "3"), (120, "2")] if options.quick else [(60, "2"), (60, "3"), (120, "2"), (120, "3")]
    wrong = 0
    total = 0
    with tempfile.TemporaryDirectory() as directory:
        for (name, behaviors, script, extra, expected), recorder, (fps, scale), policy, grid in itertools.product(
                CLASSES, RECORDERS, displays, ["declared", "omitted"], ["grid", "off"]):
            result = findings(options.navrec, directory, name, behaviors, script, extra, recorder, fps,
                              scale if grid == "grid" else "off", policy)
            if result is None:
                continue
            total += 1
            kinds = sorted(kind for kind, *_ in result) if isinstance(result, list) else None
            wanted = sorted(expected)
            # What a recorder cannot see: a scrollViewDidScroll recorder writes nothing at rest (the
            # stuck titles); without a declaration or frameDuration, rest is never inferred from the
            # simulator's frames recorder, so a touch-down hitch is not called (conservative).
            if name == "stuck-after-pop" and recorder == "scroll-callbacks":
                wanted = []
            if name == "touchdown-idle" and recorder == "frames" and policy == "omitted":
                wanted = []
            ok = kinds == wanted
            if not ok:
                wrong += 1
            label = f"{name:17} {recorder:16} {fps:3} Hz @{scale}x {policy:8} {grid:4}"
            shown = not ok or (expected and options.verbose)
            print(("ok    " if ok else "WRONG ") + label + ("  " + json.dumps(result) if shown else ""))
    print(f"{total - wrong} of {total} configurations right")


if __name__ == "__main__":
    main()
