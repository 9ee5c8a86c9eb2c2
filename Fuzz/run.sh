#!/bin/sh
# Builds BarModel and Recording with libFuzzer + AddressSanitizer instrumentation, links them with
# Fuzz/FuzzReaders.swift into one fuzzer and runs it on a small seed corpus. Not part of
# `swift test` and not a SwiftPM target; Docs/reliability.md records what it found.
#   Fuzz/run.sh [SECONDS]   (default 60)
set -eu
cd "$(dirname "$0")/.."
out=.build/fuzz
mkdir -p "$out/corpus"
seconds=${1:-60}
flags="-sanitize=fuzzer,address -parse-as-library -Onone -g -package-name navrec -I $out"
swiftc $flags -module-name BarModel -emit-module -emit-module-path "$out/BarModel.swiftmodule" \
    -emit-library -static -o "$out/libBarModel.a" $(find Sources/BarModel -name '*.swift')
swiftc $flags -module-name Recording -emit-module -emit-module-path "$out/Recording.swiftmodule" \
    -emit-library -static -o "$out/libRecording.a" Sources/Recording/*.swift
swiftc $flags -module-name FuzzReaders Fuzz/FuzzReaders.swift -L "$out" -lRecording -lBarModel -lm \
    -o "$out/fuzz-readers"
printf '%s\n' '{"navrec":1,"session":{"id":"s","behaviors":{"largeTitle":{}}}}' '{"t":0,"y":1,"phase":"drag","bar":{"largeTitleAlpha":1}}' \
    '{"t":0.5,"event":"tap","target":"title"}' > "$out/corpus/seed.ndjson"
printf 't,y,phase,largeTitleAlpha,background\n0,82,drag,0,transparent\n0.017,85,drag,1,"default"\n' > "$out/corpus/seed.csv"
exec "$out/fuzz-readers" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=4096 -max_len=65536 "$out/corpus"
