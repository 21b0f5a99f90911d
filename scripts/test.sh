#!/usr/bin/env bash
# The project's test command (README): sets up a fresh machine, builds natively and
# runs every Catch2/ctest test (the slow ones too), then builds the web version and
# runs the browser tests in headless Chromium.
#   scripts/test.sh            everything
#   scripts/test.sh --native   native build and tests only (no Emscripten, no browser)
# With CI=true the native code is built once, under AddressSanitizer and UndefinedBehaviorSanitizer,
# and every test runs there with the slow checks at a twentieth of their size (below); the
# browser suites sample the checks they repeat over sizes, languages and themes
# (tests/browser/harness.mjs, sample(); each says what it left out).
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-all}"
jobs="$(nproc 2>/dev/null || echo 2)"

if [ "$mode" = "--native" ]; then bash scripts/setup.sh --native; else bash scripts/setup.sh; fi

# docs/architecture.md's list of tests against the tree (also ctest's test-map): first, so a
# test file left out of the list, or misnamed, is said before a long build.
echo "== the list of tests (scripts/check-test-map.sh) == [${SECONDS} s]"
bash scripts/check-test-map.sh

# Which native build: a person's run builds Release and runs every test whole. CI builds the
# native code once, under AddressSanitizer and UndefinedBehaviorSanitizer, and runs every test
# there: until session 37 it built and ran them twice, in Release (the slow checks at a quarter)
# and again under the sanitizers (at a twentieth), 510 s of a 2,793 s run (docs/benchmarks.md,
# "CI time"). -O1 -g1: GCC compiles the instrumented tests three times faster than at -O2 -g
# (42 s against 14 s for tests/ui/test_controller_soak.cpp), with line numbers still in every
# report. The move generator is the machine's (AVX2 here); the test "every compiled move
# generator path equals the reference" checks the portable one in every build.
# REVERSI_NATIVE=release|sanitize chooses by hand; REVERSI_SCALE_DIVISOR set by hand wins.
native="${REVERSI_NATIVE:-$([ "${CI:-}" = true ] && echo sanitize || echo release)}"
case "$native" in
  release)
    native_dir=build/native
    echo "== native build (Release) == [${SECONDS} s]"
    cmake -S . -B "$native_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release
    ;;
  sanitize)
    native_dir=build/sanitize
    echo "== native build (AddressSanitizer and UndefinedBehaviorSanitizer; without CI=true: Release) == [${SECONDS} s]"
    cmake -S . -B "$native_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
      -DREVERSI_SANITIZE=address,undefined
    ;;
  *) echo "test.sh: REVERSI_NATIVE is release or sanitize, not '$native'" >&2; exit 2 ;;
esac
cmake --build "$native_dir" -j "$jobs"
# The browser suites compare the page with this build's reversi-cli.
export REVERSI_CLI="$PWD/$native_dir/reversi-cli"

# CI samples the slow checks (the soak, the checks at scale, the re-proving of every puzzle):
# the instrumented code runs them 5-10 times slower, so at a twentieth of their size; a
# plain run (CI unset) does them whole.
timeout=900
if [ "$native" = sanitize ]; then
  timeout=1500
  export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
  export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
fi
if [ "${CI:-}" = true ] && [ -z "${REVERSI_SCALE_DIVISOR:-}" ]; then
  if [ "$native" = sanitize ]; then export REVERSI_SCALE_DIVISOR=20; else export REVERSI_SCALE_DIVISOR=4; fi
  echo "== native tests (CI: the slow checks at 1/$REVERSI_SCALE_DIVISOR of their size; run without CI=true for all of them) == [${SECONDS} s]"
else
  echo "== native tests == [${SECONDS} s]"
fi
ctest --test-dir "$native_dir" --output-on-failure -j "$jobs" --timeout "$timeout"

if [ "$mode" != "--native" ]; then
  echo "== web build == [${SECONDS} s]"
  bash scripts/build-web.sh
  echo "== web download size (a first visit: the page and one AI build, gzipped, at most 1,000,000 bytes) == [${SECONDS} s]"
  node scripts/web-size.mjs build/web/dist
  # The eleven suites (tests/browser/*.mjs: the game, interface, layout, analysis, faults,
  # offline, explorer, threads, one game, your games, practice), two at a time, each one's
  # output printed whole when it ends; one suite alone: node tests/browser/NAME.mjs.
  echo "== browser tests (headless Chromium; tests/browser/all.mjs) == [${SECONDS} s]"
  node tests/browser/all.mjs --lanes "$jobs"
fi
