#!/usr/bin/env bash
# The project's test command (README): sets up a fresh machine, builds natively and
# runs every Catch2/ctest test (the slow ones too), then builds the web version and
# runs the browser tests in headless Chromium.
#   scripts/test.sh            everything
#   scripts/test.sh --native   native build and tests only (no Emscripten, no browser)
# With CI=true the slow checks run at a quarter of their size (REVERSI_SCALE_DIVISOR=4), and
# the browser suites sample the checks they repeat over sizes, languages and themes
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

echo "== native build (Release) == [${SECONDS} s]"
cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build/native -j "$jobs"

# CI samples the slow checks (the soak, the checks at scale, the re-proving of every
# puzzle) at a quarter of their size to keep the run under 45 minutes; a plain run
# (CI unset) does them whole. REVERSI_SCALE_DIVISOR set by hand wins.
if [ "${CI:-}" = true ] && [ -z "${REVERSI_SCALE_DIVISOR:-}" ]; then
  export REVERSI_SCALE_DIVISOR=4
  echo "== native tests (CI: the slow checks at a quarter of their size; run without CI=true for all of them) == [${SECONDS} s]"
else
  echo "== native tests == [${SECONDS} s]"
fi
ctest --test-dir build/native --output-on-failure -j "$jobs" --timeout 900

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
