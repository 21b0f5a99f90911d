#!/bin/sh
# Issue 34's data for the learned evaluation, outside git, rebuilt by this one command
# (docs/evaluation.md, "Issue 34"): the strong-play test set (WTHOR 2024 and the engine's
# own level-10 vs level-11 games from the balanced openings, depth-16 and exact labels),
# then generation-1 self-play by the search (level-6's depth, exact from 20), in shards.
# Every step is resumable: run it again and it makes only what is missing (a shard is
# written whole or not at all). One thread, nice 19: it is meant to run in the background.
# Usage: tools/make-eval-data.sh [OUT_DIR] [SELFPLAY_SHARDS]
#   OUT_DIR          default /work/evaldata (any folder outside the repository)
#   SELFPLAY_SHARDS  shards of 100 games to reach (default 100: 10,000 games)
# Needs the WTHOR files: WTHOR_DIR, by default shared/data/wthor in the folder beside the
# project (our machines only; no build or test needs them).
# data/openings-balanced.txt is in the repository; it was made by
#   reversi-cli openings --count 1000 --plies 8 --max-plies 12 --depth 16 --margin 2 \
#       --seed 34 --eval pattern data/openings-balanced.txt
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-/work/evaldata}
shards=${2:-100}
wthor=${WTHOR_DIR:-$(dirname "$root")/shared/data/wthor}
build="$root/build/native"
[ -f "$build/build.ninja" ] || cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
nice -n 19 ninja -C "$build" -j1 reversi-cli
cli="$build/reversi-cli"
run() { nice -n 19 "$cli" "$@"; }
mkdir -p "$out"
# 1. WTHOR 2024 (held out from all training): 15 shards of 200 games.
run testset --out-dir "$out/testset" --years 2024 --shard-games 200 --depth 16 --solve-max 20 \
  --seed 34 "$wthor/WTH_2024.wtb"
# 2. The engine's own games: 200 games from openings 1-100, then their test set.
if [ ! -f "$out/games-l10-l11.txt" ]; then
  run match --pairs 100 --openings "$root/data/openings-balanced.txt" --verbose \
    level-10+nobook+threads=1 level-11+nobook+threads=1 > "$out/games-l10-l11.txt.tmp"
  mv "$out/games-l10-l11.txt.tmp" "$out/games-l10-l11.txt"
fi
run testset --out-dir "$out/testset-games" --games-file "$out/games-l10-l11.txt" --shard-games 50 \
  --depth 16 --solve-max 20 --seed 34
# 3. Self-play generation 1 (today's weights; REVERSI_PATTERN_WEIGHTS=W.bin and another
#    directory for the next generation).
run datagen --shard-dir "$out/selfplay-g1" --shards "$shards" --first-seed 340001 --games 100 \
  --search-depth 6 --solve-empties 20 --random-min 4 --random-max 12 --epsilon 0.02
