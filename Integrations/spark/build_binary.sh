#!/usr/bin/env bash
# The navrec binary for clusters (Docs "The binary and how to ship it"): one fully static x86-64
# executable that runs on any Linux kernel >= 3.2 with nothing else installed (no Swift, no
# libsqlite3, no glibc of any particular version), stripped, with its symbols kept apart.
#
#     Integrations/spark/build_binary.sh [OUT_DIR]      # default .build/cluster
#     Integrations/spark/build_binary.sh --check BINARY # only the checks, on a binary built elsewhere
#
# Writes OUT_DIR/navrec (stripped, for spark-submit --files), OUT_DIR/navrec.tar.gz (the same, for
# --archives), and OUT_DIR/navrec.debug (its symbols and DWARF, for addr2line on a crash's
# addresses). .build/release/navrec is the same binary unstripped. Then checks, each failing with
# exit 1: the dynamic libraries it needs are within the allow-list (none, for a static binary), no
# symbol asks for a glibc newer than GLIBC_FLOOR, and the stripped binary runs `navrec analyze` on
# a simulated session in an empty root (only the binary, the sample and /proc) with an empty
# environment, giving the unstripped binary's output byte for byte.
#
# How: SwiftPM's release build with the Swift runtime and Foundation static (--static-swift-stdlib)
# and the whole link static (-Xswiftc -static-executable: glibc's libc.a, libstdc++.a, and
# libsqlite3.a, which `-static` makes the linker pick for Package.swift's pkg-config `sqlite3`).
# Developers' `swift build` / `swift test` are untouched (dynamic libsqlite3 via pkg-config); only
# a later `swift build -c release` recompiles, since the flags differ.
set -euo pipefail
cd "$(dirname "$0")/../.."

# The newest glibc symbol version the binary may ask for. A static binary asks for none; a dynamic
# one built here would ask for 2.35 (hypot in Foundation) and GLIBCXX_3.4.30 (ICU), and at best
# 2.34 (pthread_* moved into libc), so the check keeps the build static. 2.17 is CentOS 7 / AL2.
GLIBC_FLOOR=2.17
# Libraries a cluster binary may still load if the build ever goes dynamic: the C library and its
# own parts, never libsqlite3, libstdc++ or a Swift library.
ALLOWED='^(linux-vdso\.so\.1|libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|/lib64/ld-linux-x86-64\.so\.2)$'

if [ "${1:-}" = --check ]; then
  [ -x "${2:-}" ] || { echo "usage: $0 --check BINARY"; exit 64; }
  shipped=$2 reference=$2
else
  out=${1:-.build/cluster}
  command -v strip >/dev/null && command -v objcopy >/dev/null || { echo "error: strip/objcopy missing (binutils)"; exit 1; }
  [ -f /usr/lib/x86_64-linux-gnu/libsqlite3.a ] || { echo "error: libsqlite3.a missing (apt-get install libsqlite3-dev)"; exit 1; }
  [ -f /usr/lib/x86_64-linux-gnu/libc.a ] || { echo "error: libc.a missing (apt-get install libc6-dev)"; exit 1; }

  # The link warns that getpwuid, getaddrinfo and dlopen in a static binary need the build's glibc at
  # run time (NSS and modules); navrec calls none of them on its paths (see the docs), so they are
  # filtered from the log, which is printed whole if the build fails.
  log=$(mktemp)
  trap 'rm -f "$log"' EXIT
  if ! swift build -c release --product navrec --static-swift-stdlib -Xswiftc -static-executable >"$log" 2>&1; then
    cat "$log"; exit 1
  fi
  grep -v -E "in statically linked applications requires at runtime|the use of .mktemp. is dangerous" "$log" | tail -3

  binary=.build/release/navrec
  mkdir -p "$out"
  objcopy --only-keep-debug "$binary" "$out/navrec.debug"
  strip -o "$out/navrec" "$binary"
  objcopy --add-gnu-debuglink="$out/navrec.debug" "$out/navrec"
  tar -C "$out" -czf "$out/navrec.tar.gz" navrec
  size() { stat -c %s "$1" | awk '{printf "%.1f MB", $1 / 1e6}'; }
  echo "navrec: unstripped $(size "$binary"), stripped $(size "$out/navrec"), navrec.tar.gz $(size "$out/navrec.tar.gz"), navrec.debug $(size "$out/navrec.debug")"

  # The release artifacts: versioned, with their SHA-256 sums (checked below). x86-64 only: an arm64
  # binary needs a Swift SDK for aarch64 Linux (`swift sdk list` shows none here) or an arm64 machine.
  version=$("$out/navrec" --version | awk '{print $NF}')
  release=$out/release
  rm -rf "$release" && mkdir -p "$release"
  stem=navrec-$version-linux-x86_64
  tar -C "$out" -czf "$release/$stem.tar.gz" navrec
  cp "$out/navrec.debug" "$release/$stem.debug"
  (cd "$release" && sha256sum "$stem.tar.gz" "$stem.debug" > "$stem.sha256")
  echo "release: $release/$stem.tar.gz, $stem.debug, $stem.sha256 ($(swift sdk list 2>/dev/null | grep -c -i aarch64 || true) aarch64 SDKs installed: no arm64 build)"
  shipped=$out/navrec reference=$binary
fi

failed=0
fail() { echo "error: $*"; failed=1; }

# 0. The release artifacts match their checksums, and the archive holds the binary checked below.
if [ -n "${release:-}" ]; then
  (cd "$release" && sha256sum --quiet -c "$stem.sha256") || fail "release checksums do not match"
  tar -xzOf "$release/$stem.tar.gz" navrec | cmp -s - "$shipped" || fail "$stem.tar.gz does not hold $shipped"
fi

# 1. Shared libraries: none for a static binary ("not a dynamic executable"), else only the allow-list.
libraries=$(ldd "$shipped" 2>&1 || true)   # ldd exits 1 on a static binary
if [[ "$libraries" == *"not a dynamic executable"* ]]; then
  echo "ldd: not a dynamic executable"
else
  echo "$libraries"
  extra=$(echo "$libraries" | awk '{print $1}' | grep -v -E "$ALLOWED" || true)
  [ -z "$extra" ] || fail "links libraries outside the allow-list: $(echo $extra)"
fi

# 2. glibc floor: the newest GLIBC_ version any symbol asks for, and no libstdc++ version at all.
# objdump -T reads the unstripped binary's dynamic symbols (strip keeps them anyway).
versions=$(objdump -T "$reference" 2>/dev/null | grep -o -E 'GLIBC_[0-9]+(\.[0-9]+)+' | sed 's/GLIBC_//' | sort -u -V || true)
newest=$(echo "$versions" | tail -1)
if [ -z "$newest" ]; then
  echo "glibc floor: none (no versioned symbols); kernel: $(file -b "$shipped" | grep -o 'for GNU/Linux [0-9.]*')"
elif [ "$(printf '%s\n%s\n' "$newest" "$GLIBC_FLOOR" | sort -V | tail -1)" != "$GLIBC_FLOOR" ]; then
  fail "needs GLIBC_$newest, above the floor GLIBC_$GLIBC_FLOOR: $(objdump -T "$reference" | grep "GLIBC_$newest" | awk '{print $NF}' | head -5 | tr '\n' ' ')"
else
  echo "glibc floor: GLIBC_$newest (<= GLIBC_$GLIBC_FLOOR)"
fi
cxx=$(objdump -T "$reference" 2>/dev/null | grep -o -E '(GLIBCXX|CXXABI)_[0-9.]+' | sort -u -V | tail -1 || true)
[ -z "$cxx" ] || fail "needs libstdc++.so.6 with $cxx"

# 3. It runs: `navrec analyze` in an empty root holding only the binary and a sample (plus /proc,
# which the Swift runtime reads for its own path), with an empty environment; its output must equal
# the unstripped binary's on the build machine. A private mount namespace undoes the /proc mount.
root=$(mktemp -d)
trap 'rm -rf "$root" ${log:+"$log"}' EXIT
mkdir "$root/proc"
cp "$shipped" "$root/navrec"
"$reference" simulate --seed 7 --behavior largeTitle --behavior hideOnSwipe --fault flicker --session-id cluster-check \
  > "$root/sample.ndjson"
expected=$("$reference" analyze "$root/sample.ndjson")
if unshare --mount --propagation private true 2>/dev/null; then
  where="an empty root"
  actual=$(unshare --mount --propagation private sh -c \
    "mount --bind /proc '$root/proc' && exec env -i $(command -v chroot) '$root' /navrec analyze /sample.ndjson" 2>&1) \
    || true
else
  where="an empty environment (no mount namespace here, so not an empty root)"
  actual=$(cd "$root" && env -i ./navrec analyze sample.ndjson 2>&1) || true
fi
if [ "$actual" = "$expected" ] && [[ "$expected" == '{"id": "cluster-check"'* ]]; then
  echo "navrec analyze runs in $where: $(echo "$actual" | wc -l) session, same output as the unstripped build"
else
  fail "navrec analyze in $where gave: ${actual:0:300}"
fi
exit "$failed"
