#!/usr/bin/env bash
# Builds the web version into build/web/dist/: one folder of static files
# (index.html, style.css, js/*.js (the page's modules), game.js/.wasm, ai-worker.js/.wasm; offline.js,
# sw.js, manifest.webmanifest and the icons for offline play and installing) that any
# static host serves, no special headers needed. Idempotent; re-run after changes.
# The last step, scripts/web-manifest.mjs (from src/platform/web.cmake), stamps the
# build id (a hash of all the files) and writes sw.js's list of files.
#
#   scripts/build-web.sh                 SDL2 from Debian's source package (built once, cached)
#   REVERSI_WEB_SDL=port scripts/build-web.sh   Emscripten's own SDL2 port (needs internet)
# Env: BUILD_DIR (default build/web), REVERSI_DEPS_DIR (SDL2 cache, see sdl2-emscripten.sh),
#      BUILD_TYPE (default Release), REVERSI_JOBS (default 2).
# Installs nothing itself except through scripts/sdl2-emscripten.sh (Debian source package).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

BUILD_DIR="${BUILD_DIR:-build/web}"
case "$BUILD_DIR" in /*) BUILD_ABS="$BUILD_DIR" ;; *) BUILD_ABS="$ROOT/$BUILD_DIR" ;; esac
SDL_MODE="${REVERSI_WEB_SDL:-prefix}"
JOBS="${REVERSI_JOBS:-2}"
source "$ROOT/scripts/emscripten-env.sh"

for tool in emcmake emcc cmake; do
  command -v "$tool" >/dev/null || { echo "build-web: '$tool' not found: run scripts/setup.sh (installs emscripten)" >&2; exit 1; }
done
generator=()
if command -v ninja >/dev/null; then generator=(-G Ninja); fi

sdl_args=(-DREVERSI_WEB_SDL="$SDL_MODE")
if [[ "$SDL_MODE" == prefix ]]; then
  prefix="$(bash scripts/sdl2-emscripten.sh | tail -1)"
  sdl_args+=(-DREVERSI_SDL2_PREFIX="$prefix" -DSDL2_DIR="$prefix/lib/cmake/SDL2")
fi

# Configuring again is cheap once the cache exists and picks up a changed SDL mode.
mkdir -p "$BUILD_ABS"
if ! emcmake cmake -S "$ROOT" -B "$BUILD_ABS" "${generator[@]}" \
    -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" \
    -DREVERSI_WEB_DIST_DIR="$BUILD_ABS/dist" \
    "${sdl_args[@]}" >"$BUILD_ABS/configure.log" 2>&1; then
  cat "$BUILD_ABS/configure.log" >&2
  echo "build-web: configuring failed (log: $BUILD_ABS/configure.log)" >&2
  exit 1
fi
cmake --build "$BUILD_ABS" -j"$JOBS" --target reversi_web_dist

dist="$BUILD_ABS/dist"
# The page's modules: every file of web/js, each imported by js/main.js (so that the browser
# asks for all of them at once), or loaded by it when first needed.
modules=()
for m in web/js/*.js; do
  modules+=("js/${m##*/}")
  # (a panel loaded when first opened is imported by main.js with import('./x.js') instead)
  [[ "${m##*/}" == main.js ]] || grep -q "^import .*'\./${m##*/}';\$" web/js/main.js ||
    grep -qF "import('./${m##*/}')" web/js/main.js ||
    { echo "build-web: web/js/main.js does not import ${m##*/}" >&2; exit 1; }
done
# ... and none imports one that imports it back (they import downwards only).
node scripts/check-js-imports.mjs web/js >/dev/null || exit 1
for f in index.html style.css "${modules[@]}" i18n.js game.js game.wasm ai-worker.js ai-worker.wasm \
         ai-worker-threads.js ai-worker-threads.wasm ai-worker-threads.worker.js _headers \
         offline.js sw.js manifest.webmanifest human-openings.bin icon-192.png icon-512.png icon-maskable-512.png favicon.ico; do
  [[ -s "$dist/$f" ]] || { echo "build-web: $dist/$f is missing" >&2; exit 1; }
done
echo "build-web: $dist ready ($(du -sk "$dist" | cut -f1) KB): serve it with scripts/serve-web.sh"
