#!/usr/bin/env bash
# Screenshots of the desktop game's clocks (issue 45 part 5) in a real X window (Xvfb, SDL's x11
# driver), each from a saved game (the save line's clock part: core/game_clock.h), for each
# window size and language:
#   clock-running-SIZE-LANG.png  a 1+0 game against level-1, black (you) to move, its clock running
#   clock-low-SIZE-LANG.png      the same with 7 s left: low time on the card
#   clock-flag-SIZE-LANG.png     black's flag fallen: "Black lost on time", the card at 0:00
# The Clock button (the next new game's time control) shows "Clock: 1+0".
#   bash scripts/desktop-clock-shots.sh [OUT_DIR]   (default /tmp/desktop-shots; SIZES, LANGS)
#   needs xvfb-run and xdotool: apt-get install -y xvfb xauth xdotool
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${REVERSI:-$root/build/native/src/platform/reversi}
out=${1:-/tmp/desktop-shots}
source "$root/scripts/desktop-shots-lib.sh"

options='black=human&white=level-1&speed=0&markers=on&lastmove=on&pause=500&lang=en&clock=1%2B0'
moves=f5d6c3d3c4f4
declare -A clocks=(
  [running]='clock=1+0 b=41000 w=52000 run=b moves=2000,1500,4000,2500,6000,1000'
  [low]='clock=1+0 b=7000 w=52000 run=b moves=2000,1500,4000,2500,40000,1000'
  [flag]='clock=1+0 b=0 w=52000 flag=b moves=2000,1500,4000,2500,6000,1000'
)

# The game from a saved line (no --new), its last frame after `ms`.
shoot_saved() {
  local size=$1 lang=$2 name=$3 line=$4
  local config
  config=$(mktemp -d)
  printf '%s\n' "$line" > "$config/game.txt"
  xvfb-run -a -s "-screen 0 ${size}x24" env SDL_VIDEODRIVER=x11 "$bin" --save-file="$config/game.txt" \
    --size="$size" --scale=1 --quit-after-ms=1500 --screenshot="$out/$name.bmp" >/dev/null
  to_png "$out/$name.bmp" "$out/$name.png"
  rm -f "$out/$name.bmp"
  rm -rf "$config"
  sleep 1
  echo "desktop shots: $out/$name.png"
}

for size in ${SIZES:-1000x700 600x900}; do
  for lang in ${LANGS:-en ja}; do
    for state in running low flag; do
      shoot_saved "$size" "$lang" "clock-$state-$size-$lang" "reversi-save-1|${options/lang=en/lang=$lang}|$moves||${clocks[$state]}"
    done
  done
done
