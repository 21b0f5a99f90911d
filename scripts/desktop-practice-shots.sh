#!/usr/bin/env bash
# Screenshots of the desktop game's practice room in a real X window (Xvfb, SDL's x11
# driver), driven by xdotool as a person would: keys for the hint, the arrows and
# Enter to play. For each window size and language:
#   NAME-solving.png   the daily puzzle of 2026-11-26 with the hint's first step (the region)
#   NAME-judged.png    after a wrong answer (its second-best move): the judgement, every move's exact value
#   NAME-rated.png     a rated puzzle judged after a few answers: the rating graph and streak
# The frame is the game's own (--screenshot, BMP), turned into PNG here.
#   bash scripts/desktop-practice-shots.sh [OUT_DIR]    (needs xvfb-run and xdotool:
#   apt-get install -y xvfb xauth xdotool)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${REVERSI:-$root/build/native/src/platform/reversi}
out=${1:-/tmp/reversi-practice-shots}
mkdir -p "$out"
for tool in xvfb-run xdotool; do
  command -v $tool >/dev/null || { echo "desktop-practice-shots: $tool missing (apt-get install -y xvfb xauth xdotool)" >&2; exit 1; }
done

# A wrong answer to the daily puzzle: its second-best move, as reversi-cli reads the same file
# ("exact values: d7 +16 b1 +10 ...", best first).
date=2026-11-26
cli=${REVERSI_CLI:-$root/build/native/reversi-cli}
wrong=$("$cli" puzzle --daily "$date" --solution | sed -n 's/^exact values: [a-h][1-8] [^ ]* \([a-h][1-8]\) .*/\1/p')
[[ $wrong =~ ^[a-h][1-8]$ ]] || { echo "desktop-practice-shots: no wrong move for $date from $cli" >&2; exit 1; }

# BMP (24/32 bits, as SDL writes) to PNG, with the standard library only.
to_png() {
  /usr/bin/python3 - "$1" "$2" <<'PY'
import struct, sys, zlib
d = open(sys.argv[1], "rb").read()
off, w, h, bpp = struct.unpack_from("<I", d, 10)[0], *struct.unpack_from("<ii", d, 18), struct.unpack_from("<H", d, 28)[0]
stride = (w * bpp // 8 + 3) & ~3
rows = []
for y in range(abs(h)):
    src = off + stride * ((abs(h) - 1 - y) if h > 0 else y)
    px = d[src:src + w * bpp // 8]
    step = bpp // 8
    rows.append(b"\0" + b"".join(bytes((px[i + 2], px[i + 1], px[i])) for i in range(0, len(px), step)))
def chunk(t, b): return struct.pack(">I", len(b)) + t + b + struct.pack(">I", zlib.crc32(t + b) & 0xffffffff)
open(sys.argv[2], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, abs(h), 8, 2, 0, 0, 0))
                               + chunk(b"IDAT", zlib.compress(b"".join(rows), 6)) + chunk(b"IEND", b""))
PY
}

# Runs the game in a fresh X screen of the window's size: $1 size WxH, $2 language,
# $3 the shot's name, $4 ms before the frame is taken, $5 the xdotool steps (a shell
# function run once the window is there), then the game's own arguments.
shoot() {
  local size=$1 lang=$2 name=$3 ms=$4 steps=$5
  shift 5
  local config
  config=$(mktemp -d)
  # xvfb-run is a sh script, which drops exported bash functions: they go in the text.
  xvfb-run -a -s "-screen 0 ${size}x24" bash -c "$(declare -f press play_square "$steps"); wrong=$wrong"'
    SDL_VIDEODRIVER=x11 "$@" &
    game=$!
    for i in $(seq 50); do xdotool search --name "^Reversi$" >/dev/null 2>&1 && break; sleep 0.1; done
    win=$(xdotool search --name "^Reversi$" | head -1)
    xdotool windowfocus --sync "$win" 2>/dev/null || xdotool windowfocus "$win"
    sleep 0.8
    '"$steps"'
    wait $game' shoot "$bin" --save-file="$config/game.txt" --new --lang="$lang" --size="$size" --scale=1 \
      --quit-after-ms="$ms" --screenshot="$out/$name.bmp" "$@"
  to_png "$out/$name.bmp" "$out/$name.png"
  rm -f "$out/$name.bmp"
  rm -rf "$config"
  sleep 1  # the last X server's lock goes before xvfb-run -a looks for a free display
  echo "desktop-practice-shots: $out/$name.png"
}

# xdotool steps: a key, with a pause for the frame.
press() { xdotool key --delay 120 "$@"; sleep 0.3; }
# The keyboard's frame to a square ($1 column a-h, $2 row 1-8) from wherever it is, then Enter.
play_square() {
  press Left Left Left Left Left Left Left Up Up Up Up Up Up Up
  local col=$(( $(printf '%d' "'$1") - 97 )) row=$(( $2 - 1 ))
  for ((i = 0; i < col; i++)); do press Right; done
  for ((i = 0; i < row; i++)); do press Down; done
  press Return
}

hint_step() { press h; }
answer_wrong() { press h; play_square "${wrong:0:1}" "${wrong:1:1}"; }
# Five rated puzzles opened (P) and given up (S, which counts as wrong): the rating
# graph has five points and the last puzzle shows its answer and values.
rated_run() { for i in 1 2 3 4 5; do press p; sleep 0.3; press s; sleep 0.3; done; }

for size in ${SIZES:-1000x700 1280x800}; do
  for lang in ${LANGS:-en ja}; do
    shoot "$size" "$lang" "practice-$size-$lang-solving" 3500 hint_step --daily="$date"
    shoot "$size" "$lang" "practice-$size-$lang-judged" 9000 answer_wrong --daily="$date"
    shoot "$size" "$lang" "practice-$size-$lang-rated" 9000 rated_run
  done
done
