#!/usr/bin/env bash
# Serves the web build (build/web/dist, made by scripts/build-web.sh) on
# http://127.0.0.1:PORT/ until Ctrl+C, with the headers that make the page cross-origin
# isolated (Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Embedder-Policy:
# require-corp), so that the AI searches on every core (README: "Threads and hosting").
# Any static file server works as well: without the headers the page runs the
# single-thread AI (or the service worker adds them).
#   scripts/serve-web.sh [PORT]      (default 8080; DIST=<folder> to serve another build;
#                                     ISOLATE=0 to serve without the headers)
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${1:-${PORT:-8080}}"
DIST="${DIST:-build/web/dist}"
[[ -f "$DIST/index.html" ]] || { echo "serve-web: $DIST/index.html not found: run scripts/build-web.sh first" >&2; exit 1; }
isolate=(--isolate)
[[ "${ISOLATE:-1}" == 0 ]] && isolate=()
exec node tests/browser/static-server.mjs "${isolate[@]}" "$DIST" "$PORT"
