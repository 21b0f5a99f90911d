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
source "$root/scripts/desktop-shots-lib.sh"

# A wrong answer to the daily puzzle: its second-best move, as reversi-cli reads the same file
# ("exact values: d7 +16 b1 +10 ...", best first).
date=2026-11-26
cli=${REVERSI_CLI:-$root/build/native/reversi-cli}
wrong=$("$cli" puzzle --daily "$date" --solution | sed -n 's/^exact values: [a-h][1-8] [^ ]* \([a-h][1-8]\) .*/\1/p')
[[ $wrong =~ ^[a-h][1-8]$ ]] || { echo "desktop-practice-shots: no wrong move for $date from $cli" >&2; exit 1; }
export wrong

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
