#!/usr/bin/env bash
# Runs `reversi-cli bench` natively and as WebAssembly under Node (with and
# without SIMD128) with the same arguments, and prints each "figure" of the
# three runs with the WebAssembly/native ratio (time: >1 means slower; rate:
# <1 means slower).
#
#   scripts/bench-wasm.sh [bench options]      e.g. --ffo data/ffo/fforum-1-19.obf --depth 10
# Builds: build/wasm-cli (SIMD128), build/wasm-cli-nosimd (REVERSI_SIMD=NONE),
# build/bench-native (native, Release). Env: REVERSI_JOBS (default 2).
# Node >= 18 has fetch(), which Emscripten 3.1.6's loader then tries on a file
# path: --no-experimental-fetch makes it read the .wasm from disk.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
JOBS="${REVERSI_JOBS:-2}"
# em++ at -O2 and above runs acorn, which Debian installs in /usr/share/nodejs.
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"
for tool in emcmake cmake node; do
  command -v "$tool" >/dev/null || { echo "bench-wasm: '$tool' not found" >&2; exit 1; }
done
generator=()
if command -v ninja >/dev/null; then generator=(-G Ninja); fi

build_wasm() {  # dir simd
  emcmake cmake -S "$ROOT" -B "$1" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DREVERSI_BUILD_CLI=ON -DREVERSI_BUILD_GAME=OFF -DREVERSI_SIMD="$2" \
    "-DCMAKE_EXE_LINKER_FLAGS=-sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1" >/dev/null
  cmake --build "$1" --target reversi-cli -j "$JOBS" >/dev/null
}
build_wasm build/wasm-cli AUTO
build_wasm build/wasm-cli-nosimd NONE
cmake -S "$ROOT" -B build/bench-native "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
  -DREVERSI_BUILD_GAME=OFF -DREVERSI_BUILD_TESTS=OFF >/dev/null
cmake --build build/bench-native --target reversi-cli -j "$JOBS" >/dev/null

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "== native: build/bench-native/reversi-cli bench $*"
build/bench-native/reversi-cli bench "$@" | tee "$out/native"
echo "== wasm (SIMD128): node build/wasm-cli/reversi-cli.js bench $*"
node --no-experimental-fetch build/wasm-cli/reversi-cli.js bench "$@" | tee "$out/simd"
echo "== wasm (no SIMD): node build/wasm-cli-nosimd/reversi-cli.js bench $*"
node --no-experimental-fetch build/wasm-cli-nosimd/reversi-cli.js bench "$@" | tee "$out/nosimd"

echo
echo "== summary (ratio = WebAssembly / native)"
awk '
  FNR == 1 { file++ }
  /^figure / {
    u = $0; sub(/^figure +[^ ]+ +[^ ]+ +/, "", u)
    v[file, $2] = $3; unit[$2] = u; if (file == 1) order[++n] = $2
  }
  END {
    printf "%-22s %14s %14s %7s %14s %7s  %s\n", "figure", "native", "wasm-simd", "ratio", "wasm-nosimd", "ratio", "unit"
    for (i = 1; i <= n; i++) {
      k = order[i]
      r2 = v[1, k] ? v[2, k] / v[1, k] : 0; r3 = v[1, k] ? v[3, k] / v[1, k] : 0
      printf "%-22s %14.3f %14.3f %7.2f %14.3f %7.2f  %s\n", k, v[1, k], v[2, k], r2, v[3, k], r3, unit[k]
    }
  }' "$out/native" "$out/simd" "$out/nosimd"
