#!/usr/bin/env bash
# Runs `reversi-cli bench` natively and as WebAssembly under Node (with and
# without SIMD128) with the same arguments, and prints each "figure" of the
# three builds with the WebAssembly/native ratio (time: >1 means slower; rate:
# <1 means slower).
# The builds take turns: ROUNDS rounds (default 3), each running the three in
# another order (native, SIMD, scalar; then SIMD, scalar, native; ...), and each
# figure is the median of its rounds, so that a change of the machine's load
# during the run falls on all three alike (run one after another, a shared
# machine's ratios were off by up to 2.6x: docs/benchmarks.md, 2026-11-29).
#
#   scripts/bench-wasm.sh [bench options]      e.g. --ffo data/ffo/fforum-1-19.obf --depth 10
# Builds: build/wasm-cli (SIMD128), build/wasm-cli-nosimd (REVERSI_SIMD=NONE),
# build/bench-native (native, Release). Env: REVERSI_JOBS (default 2), ROUNDS (default 3).
# Node >= 18 has fetch(), which Emscripten 3.1.6's loader then tries on a file
# path: --no-experimental-fetch makes it read the .wasm from disk.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
JOBS="${REVERSI_JOBS:-2}"
source "$ROOT/scripts/emscripten-env.sh"
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
ROUNDS="${ROUNDS:-3}"
[[ "$ROUNDS" =~ ^[1-9][0-9]?$ ]] || { echo "bench-wasm: ROUNDS must be 1-99, not '$ROUNDS'" >&2; exit 1; }
names=(native simd nosimd)
run_build() {  # name round
  case "$1" in
    native) echo "== round $2, native: build/bench-native/reversi-cli bench ${ARGS[*]}"
            build/bench-native/reversi-cli bench "${ARGS[@]}" ;;
    simd)   echo "== round $2, wasm (SIMD128): node build/wasm-cli/reversi-cli.js bench ${ARGS[*]}"
            node --no-experimental-fetch build/wasm-cli/reversi-cli.js bench "${ARGS[@]}" ;;
    nosimd) echo "== round $2, wasm (no SIMD): node build/wasm-cli-nosimd/reversi-cli.js bench ${ARGS[*]}"
            node --no-experimental-fetch build/wasm-cli-nosimd/reversi-cli.js bench "${ARGS[@]}" ;;
  esac | tee "$out/$1.$2"
}
ARGS=("$@")
for ((round = 1; round <= ROUNDS; round++)); do
  for ((k = 0; k < 3; k++)); do run_build "${names[(round - 1 + k) % 3]}" "$round"; done
done

echo
echo "== summary: the median of $ROUNDS rounds (ratio = WebAssembly / native)"
for name in "${names[@]}"; do
  for ((round = 1; round <= ROUNDS; round++)); do sed "s/^/$name /" "$out/$name.$round"; done
done | awk '
  $2 == "figure" {
    b = ($1 == "native") ? 1 : ($1 == "simd") ? 2 : 3
    k = $3; u = $0; sub(/^[^ ]+ +figure +[^ ]+ +[^ ]+ +/, "", u); unit[k] = u
    if (!(k in seen)) { seen[k] = 1; order[++n] = k }
    c = ++count[b, k]; val[b, k, c] = $4
  }
  function median(b, k,   m, i, j, t, a) {
    m = count[b, k]; if (!m) return 0
    for (i = 1; i <= m; i++) a[i] = val[b, k, i]
    for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
  }
  END {
    printf "%-22s %14s %14s %7s %14s %7s  %s\n", "figure", "native", "wasm-simd", "ratio", "wasm-nosimd", "ratio", "unit"
    for (i = 1; i <= n; i++) {
      k = order[i]; v1 = median(1, k); v2 = median(2, k); v3 = median(3, k)
      r2 = v1 ? v2 / v1 : 0; r3 = v1 ? v3 / v1 : 0
      printf "%-22s %14.3f %14.3f %7.2f %14.3f %7.2f  %s\n", k, v1, v2, r2, v3, r3, unit[k]
    }
  }'
