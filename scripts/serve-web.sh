#!/usr/bin/env bash
# Serves the web build (build/web/dist, made by scripts/build-web.sh) on
# http://127.0.0.1:PORT/ until Ctrl+C. Any static file server works as well: the
# page needs no special headers.
#   scripts/serve-web.sh [PORT]      (default 8080; DIST=<folder> to serve another build)
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${1:-${PORT:-8080}}"
DIST="${DIST:-build/web/dist}"
[[ -f "$DIST/index.html" ]] || { echo "serve-web: $DIST/index.html not found: run scripts/build-web.sh first" >&2; exit 1; }
exec node tests/browser/static-server.mjs "$DIST" "$PORT"
