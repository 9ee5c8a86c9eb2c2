#!/bin/sh
# CSHA256's arm64 path (ARMv8 SHA2) where no arm64 machine is at hand: cross-compiles
# Sources/CSHA256/csha256.c with main.c for aarch64 Linux, freestanding (no arm64 C library
# needed), and runs it under qemu's user-mode emulator on a CPU with the SHA2 extension. Also
# compiles the file for arm64 macOS. Needs the Swift toolchain's clang and ld.lld and
# qemu-aarch64-static (apt-get install qemu-user-static).
#   Integrations/sha256-arm64/check.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# sys/auxv.h for a freestanding build: what csha256.c uses of it.
mkdir -p "$work/sys"
printf '#define AT_HWCAP 16\nunsigned long getauxval(unsigned long);\n' > "$work/sys/auxv.h"
resource=$(clang -print-resource-dir)/include
flags="-O2 -std=c11 -Wall -Wextra -Wpedantic -Werror -ffreestanding -nostdlibinc -isystem $resource -isystem $work -I $root/Sources/CSHA256/include"
clang --target=arm64-apple-macos11 $flags -c "$root/Sources/CSHA256/csha256.c" -o "$work/macos.o"
clang --target=aarch64-linux-gnu $flags -nostdlib -static -fuse-ld=lld -fno-stack-protector \
    "$here/main.c" "$root/Sources/CSHA256/csha256.c" -o "$work/check"
qemu-aarch64-static -cpu cortex-a53 "$work/check"
echo "sha256-arm64: the ARMv8 SHA2 path gives FIPS 180-4's digests (qemu, cortex-a53); it compiles for arm64 macOS"
