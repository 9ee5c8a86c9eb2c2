#!/bin/bash
# valgrind, given a copy of the program without DWARF: clang writes version 5 for the CSHA256 C
# target, and valgrind 3.19 gives up on it ("Possibly corrupted debuginfo file"). The symbol table
# stays, so every callgrind name does. Use it where you would write `valgrind`:
#   Benchmarks/valgrind.sh --tool=callgrind --callgrind-out-file=x.out .build/release/navrec import …
# Under valgrind the CPU reports no SHA instructions, so navrec hashes with the portable rounds.
set -euo pipefail
options=()
while (($#)) && [[ $1 == -* ]]; do options+=("$1"); shift; done
program=${1:?usage: Benchmarks/valgrind.sh [VALGRIND_OPTIONS] PROGRAM [ARGS]}
shift
path=$(command -v "$program")
cache=${TMPDIR:-/tmp}/navrec-valgrind
mkdir -p "$cache"
# Keyed by content: a relinked build can get the old one's inode, size and second.
key=$(sha256sum "$path" | cut -c1-16)
copy="$cache/$(basename "$path")-$key"
[[ -x $copy ]] || { objcopy --strip-debug "$path" "$copy.$$" && mv "$copy.$$" "$copy"; }
exec valgrind "${options[@]}" "$copy" "$@"
