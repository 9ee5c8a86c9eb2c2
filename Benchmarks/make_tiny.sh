#!/bin/sh
# Writes N five-sample blurHeader sessions as one NDJSON recording, every hundredth one flapping
# (ANALYSIS.md's worked example), the rest scrolling cleanly: the many-tiny-sessions data of
# tiny_sessions.sh and run.sh. Usage: Benchmarks/make_tiny.sh N OUT.ndjson
set -eu
awk -v n="$1" 'BEGIN {
    split("82.0 85.0 83.0 86.0 82.5", flap, " "); split("10.0 12.0 14.0 16.0 18.0", clean, " ")
    split("0.000 0.017 0.033 0.050 0.067", t, " ")
    for (i = 0; i < n; i++) {
        printf "{\"navrec\":1,\"session\":{\"id\":\"tiny-%06d\",\"app\":\"Music\",\"screen\":\"Album\",\"fps\":60,\"behaviors\":{\"blurHeader\":{}}}}\n", i
        for (k = 1; k <= 5; k++) printf "{\"t\":%s,\"y\":%s,\"phase\":\"drag\"}\n", t[k], (i % 100 == 0 ? flap[k] : clean[k])
    }
}' > "$2"
