#!/bin/sh
# Builds TextTools (and the C parts), BarModel and Recording with libFuzzer + AddressSanitizer instrumentation, links them with
# Fuzz/FuzzReaders.swift into one fuzzer and runs it on a small seed corpus. Not part of
# `swift test` and not a SwiftPM target; Docs/reliability.md records what it found.
#   Fuzz/run.sh [SECONDS]   (default 60)
set -eu
cd "$(dirname "$0")/.."
out=.build/fuzz
mkdir -p "$out/corpus"
seconds=${1:-60}
# The upcoming features Package.swift enables for every target (strictSettings), so that the
# sources compile here as they do there.
flags="-sanitize=fuzzer,address -parse-as-library -Onone -g -package-name navrec -I $out -swift-version 6
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault
    -enable-upcoming-feature MemberImportVisibility"
# The C parts TextTools and Recording use (SHA-256, the mapped files' SIGBUS guard), found through
# their module maps: every .c file of each target, as Package.swift builds them.
c_objects=""
for target in CSHA256 CMappedFileGuard; do
    for source in Sources/$target/*.c; do
        object="$out/$(basename "$source" .c).o"
        clang -fsanitize=fuzzer-no-link,address -O1 -g -c "$source" -I Sources/$target/include -o "$object"
        c_objects="$c_objects $object"
    done
    flags="$flags -I Sources/$target/include"
done
# The modules in dependency order, each from every file of its target (subfolders too), as
# Package.swift builds them: TextTools, BarModel, Recording.
for module in TextTools BarModel Recording; do
    swiftc $flags -module-name $module -emit-module -emit-module-path "$out/$module.swiftmodule" \
        -emit-library -static -o "$out/lib$module.a" $(find Sources/$module -name '*.swift' | sort)
done
swiftc $flags -module-name FuzzReaders Fuzz/FuzzReaders.swift $c_objects -L "$out" -lRecording -lBarModel -lTextTools -lm \
    -o "$out/fuzz-readers"
printf '%s\n' '{"navrec":1,"session":{"id":"s","behaviors":{"largeTitle":{}}}}' '{"t":0,"y":1,"phase":"drag","bar":{"largeTitleAlpha":1}}' \
    '{"t":0.5,"event":"tap","target":"title"}' > "$out/corpus/seed.ndjson"
printf 't,y,phase,largeTitleAlpha,background\n0,82,drag,0,transparent\n0.017,85,drag,1,"default"\n' > "$out/corpus/seed.csv"
exec "$out/fuzz-readers" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=4096 -max_len=65536 "$out/corpus"
