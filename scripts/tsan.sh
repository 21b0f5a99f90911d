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

# clang and its sanitizer runtimes, cmake, ninja and Catch2.
bash scripts/setup-clang.sh tsan

CC=clang CXX=clang++ cmake -S . -B build/tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DREVERSI_SANITIZE=thread -DREVERSI_BUILD_GAME=OFF -DREVERSI_BUILD_CLI=OFF >/dev/null
cmake --build build/tsan -j "$(nproc 2>/dev/null || echo 2)" --target reversi_thread_tests
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" build/tsan/tests/reversi_thread_tests "$spec"
