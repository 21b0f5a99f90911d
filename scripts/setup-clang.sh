#!/usr/bin/env bash
# Installs what the clang builds need (scripts/fuzz.sh: libFuzzer; scripts/tsan.sh:
# ThreadSanitizer): clang with its sanitizer runtimes, cmake, ninja and Catch2, as
# scripts/setup.sh does for the rest. Idempotent.
#   scripts/setup-clang.sh NAME       NAME says who asks, in the "installing" line
set -euo pipefail
who="${1:-setup-clang}"
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
missing=()
command -v clang++ >/dev/null 2>&1 || missing+=(clang)
dpkg -s libclang-rt-dev >/dev/null 2>&1 || ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 \
  || missing+=(libclang-rt-dev)
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v ninja >/dev/null 2>&1 || missing+=(ninja-build)
dpkg -s catch2 >/dev/null 2>&1 || missing+=(catch2)
if [ ${#missing[@]} -gt 0 ]; then
  echo "$who: installing ${missing[*]}"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi
