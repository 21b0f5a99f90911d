#!/bin/sh
# Regenerates the learned pattern weights from scratch:
#   self-play data -> bootstrapped labels and least-squares fit -> rounded to the shipped
#   step -> assets/eval/weights.bin and the generated source src/engine/weights_data.cpp
#   (the same bytes, compiled in).
# Usage: tools/make-weights.sh [BUILD_DIR] [--quick]
#   BUILD_DIR  a configured build directory (default build-eval); reversi-cli is built there.
#   --quick    a small run (300 games) to check the pipeline, written under BUILD_DIR only.
# The data (about 415 MB for the full run) goes to BUILD_DIR/data, outside git.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build-eval}
case "$build" in /*) ;; *) build="$root/$build" ;; esac
quick=${2:-}
[ -f "$build/build.ninja" ] || cmake -S "$root" -B "$build" -G Ninja
ninja -C "$build" -j2 reversi-cli
cli="$build/reversi-cli"
mkdir -p "$build/data"
if [ "$quick" = "--quick" ]; then
  nice -n 10 "$cli" datagen --quick --seed 2026 "$build/data/quick.txt"
  nice -n 10 "$cli" train --out "$build/data/quick.bin" "$build/data/quick.txt"
  exit 0
fi
# Full run: 100,000 self-play games with exact labels from 18 empties, games on every
# core (the output is the same for any thread count): the first 10,000 of seed 2026
# (session 3's data) and 90,000 of seed 2027 (session 7). About 55 minutes on two
# idle cores; see docs/evaluation.md for timings.
nice -n 10 "$cli" datagen --games 10000 --solve-empties 18 --seed 2026 --threads "$(nproc)" "$build/data/self2026.txt"
nice -n 10 "$cli" datagen --games 90000 --solve-empties 18 --seed 2027 --threads "$(nproc)" "$build/data/self2027.txt"
nice -n 10 "$cli" train --out "$build/data/full.bin" "$build/data/self2026.txt" "$build/data/self2027.txt"
# Shipped rounded to 1/16 disc (step 8): 330 KB instead of 496 KB in the web download, no
# measurable loss (docs/evaluation.md, "The weight file").
"$cli" weights --quantise 8 "$build/data/full.bin" --out "$root/assets/eval/weights.bin" \
  --emit-cpp "$root/src/engine/weights_data.cpp"
ninja -C "$build" -j2
