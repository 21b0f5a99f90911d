#!/usr/bin/env bash
# Screenshots of the desktop game in a real X window (Xvfb, SDL's x11 driver; clicks by
# xdotool as a person's), for each window size and language (issue 33's desktop items):
#   review-SIZE-LANG.png           a game in progress (36 moves of WTHOR game 1000, your turn
#                                  against level-1) after a review: the cards, the graph with
#                                  the mistakes' marks, the move list with the losses
#   explorer-SIZE-LANG.png         8 moves in, the explorer open (key E): the experts' moves
#   explorer-played-SIZE-LANG.png  after a click on the explorer's second move (your turn):
#                                  played, and the computer's answer
#   explorer-figures-SIZE-LANG.png the same click while an earlier position is shown: the
#                                  move's figures in the status line, nothing played
#   explorer-game-1300x1000-en.png a click on the first of the games below the moves (room
#                                  for them from about 1300x1000): replayed where it reached
#                                  the position
# The clicks are at the explorer's lines as laid out at 1000x700 and 1280x800 (src/ui/layout:
# explorer_row); another size needs its own. The frame is the game's own (--screenshot).
#   bash scripts/desktop-shots.sh [OUT_DIR]    (default /tmp/desktop-shots; SIZES, LANGS to choose;
#   needs xvfb-run and xdotool: apt-get install -y xvfb xauth xdotool)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${REVERSI:-$root/build/native/src/platform/reversi}
out=${1:-/tmp/desktop-shots}
source "$root/scripts/desktop-shots-lib.sh"
database=${REVERSI_DATABASE:-$root/data/expert-games.bin}

game=e6f4e3d6c5f3c4f6f5g4g3c6h5h3h4h6e7d7d8c8b8b5b4c7a5h2g5g6f7a3e8b6d3d2e2b3
opening=${game:0:16}
versus=(--color=black --opponent=level-1)

# The explorer's second and first move lines (x, y) at each size.
declare -A second_move=([1000x700]="800 563" [1280x800]="1010 648")
declare -A first_move=([1000x700]="800 546" [1280x800]="1010 628")
export second_xy first_xy
# After the database has loaded (a second or two).
click_second() { sleep 2.5; click_at $second_xy; }
click_first() { sleep 2.5; click_at $first_xy; }
click_game() { sleep 2.5; click_at 1100 667; }

for size in ${SIZES:-1000x700 1280x800}; do
  second_xy=${second_move[$size]:-}
  first_xy=${first_move[$size]:-}
  for lang in ${LANGS:-en ja}; do
    shoot "$size" "$lang" "review-$size-$lang" 500 no_steps "${versus[@]}" --moves=$game --review
    shoot "$size" "$lang" "explorer-$size-$lang" 4000 no_steps "${versus[@]}" --moves=$opening --explorer \
      --database="$database"
    [[ -n $second_xy ]] || continue
    shoot "$size" "$lang" "explorer-played-$size-$lang" 6000 click_second "${versus[@]}" --moves=$opening \
      --explorer --database="$database"
    shoot "$size" "$lang" "explorer-figures-$size-$lang" 5000 click_first "${versus[@]}" --moves=$opening \
      --view=7 --explorer --database="$database"
  done
done
shoot 1300x1000 en explorer-game-1300x1000-en 5000 click_game "${versus[@]}" --moves=$opening --explorer \
  --database="$database"
