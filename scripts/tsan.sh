#!/usr/bin/env bash
# The threaded exact solver's and midgame search's tests ([threads]) under
# ThreadSanitizer (clang -fsanitize=thread), in build/tsan: the races that chance
# shows once in many runs (issue 36) are reported on the first. CI runs the stress
# test at a tenth of its size; without REVERSI_SCALE_DIVISOR it runs whole.
#   scripts/tsan.sh                  every [threads] test
#   scripts/tsan.sh "[stress]"       one tag or test name (Catch2's test spec)
set -euo pipefail
cd "$(dirname "$0")/.."
spec="${1:-[threads]}"

# clang and its sanitizer runtimes, cmake and ninja (as scripts/fuzz.sh).
missing=()
command -v clang++ >/dev/null 2>&1 || missing+=(clang)
dpkg -s libclang-rt-dev >/dev/null 2>&1 || ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.tsan-x86_64.a >/dev/null 2>&1 \
  || missing+=(libclang-rt-dev)
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v ninja >/dev/null 2>&1 || missing+=(ninja-build)
dpkg -s catch2 >/dev/null 2>&1 || missing+=(catch2)
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  echo "tsan: installing ${missing[*]}"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi

CC=clang CXX=clang++ cmake -S . -B build/tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DREVERSI_SANITIZE=thread -DREVERSI_BUILD_GAME=OFF -DREVERSI_BUILD_CLI=OFF >/dev/null
cmake --build build/tsan -j "$(nproc 2>/dev/null || echo 2)" --target reversi_thread_tests
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" build/tsan/tests/reversi_thread_tests "$spec"
