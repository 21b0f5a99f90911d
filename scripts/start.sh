#!/usr/bin/env bash
# Sets up a fresh machine, builds the game and starts it.
#   scripts/start.sh                 web build, served on http://127.0.0.1:${PORT:-8080}/
#                                    (cross-origin isolated: the threaded AI; serve-web.sh)
#   scripts/start.sh --native [ARGS] desktop build, runs ./build/native/reversi ARGS
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--native" ]; then
  shift
  bash scripts/setup.sh --native
  cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release
  cmake --build build/native -j "$(nproc 2>/dev/null || echo 2)" --target reversi
  exec ./build/native/src/platform/reversi "$@"
fi

bash scripts/setup.sh
bash scripts/build-web.sh
exec bash scripts/serve-web.sh "${PORT:-8080}"
