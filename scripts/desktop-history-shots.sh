#!/usr/bin/env bash
# Screenshots of the desktop's "Your games" (key G; issue 35) in a real X window (Xvfb, as
# desktop-shots.sh), for each window size and language:
#   history-SIZE-LANG.png         the list (key G, then Down: the second game selected) with the
#                                 results against each level above it
#   history-scrolled-SIZE-LANG.png  Down five times: the list scrolled to the sixth game, the
#                                 two-player game with a long name (shortened, not overflowing)
#   history-opened-SIZE-LANG.png  the third game (finished) opened (Down, Enter): on the board
#                                 from its start, the notice saying which game it is
# The kept games are expert games of the database (reversi-cli games --id N) written as if
# played here: against levels 1, 3, 6 and 12 (either colour), a two-player game with a long
# name ("=Name_With_Spaces": a person's name), some unfinished (cut short), some reviewed (XB/XW).
#   bash scripts/desktop-history-shots.sh [OUT_DIR]   (default /tmp/desktop-history-shots;
#   SIZES, LANGS to choose; needs xvfb-run and xdotool: apt-get install -y xvfb xauth xdotool)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${REVERSI:-$root/build/native/src/platform/reversi}
cli=${REVERSI_CLI:-$root/build/native/reversi-cli}
out=${1:-/tmp/desktop-history-shots}
source "$root/scripts/desktop-shots-lib.sh"

history_file=$(mktemp)
trap 'rm -f "$history_file"' EXIT
# id, expert game, black, white, date, moves kept (0: all), black's and white's accuracy
while read -r id game black white date keep xb xw; do
  "$cli" games --id "$game" --format ggf | /usr/bin/python3 -c '
import re, sys
id, black, white, date, keep, xb, xw = sys.argv[1:]
ggf = sys.stdin.read().strip()
moves = re.findall(r"[BW]\[[a-h][1-8]\]", ggf)
if int(keep): moves = moves[:int(keep)]
side = lambda s: "Player" if s == "you" else s[1:].replace("_", " ") if s[0] == "=" else "Reversi " + s
tags = "PC[Reversi]DT[%s]PB[%s]PW[%s]" % (date, side(black), side(white))
if xb != "-": tags += "XB[%s]XW[%s]" % (xb, xw)
print("%s (;GM[Othello]%sTY[8]%s;)" % (id, tags, "".join(moves)))
' "$id" "$black" "$white" "$date" "$keep" "$xb" "$xw" >> "$history_file"
done <<'GAMES'
1001 1000 you level-3 2026-11-20T09:10:00Z 0 - -
1002 1001 level-3 you 2026-11-21T18:42:00Z 0 88.2 71.5
1003 1002 you level-6 2026-11-22T20:05:00Z 0 64.0 90.1
1004 1003 you level-6 2026-11-23T07:30:00Z 24 - -
1005 1004 =Alexandra_Konstantinopoulou-Vandersteen you 2026-11-24T21:15:00Z 0 80.7 77.3
1006 1005 level-1 you 2026-11-25T12:00:00Z 0 - -
1007 1006 you level-12 2026-11-26T16:45:00Z 0 58.9 97.4
1008 1007 you level-1 2026-11-27T08:20:00Z 0 - -
1009 1008 you level-3 2026-11-27T19:55:00Z 31 - -
1010 1009 level-6 you 2026-11-28T10:02:00Z 0 91.3 84.6
GAMES

list_steps() { press g; press Down; }
scroll_steps() { press g; press Down Down Down Down Down; }
open_steps() { press g; press Down; press Down; press Return; }
for size in ${SIZES:-1000x700 1280x800}; do
  for lang in ${LANGS:-en ja}; do
    shoot "$size" "$lang" "history-$size-$lang" 2500 list_steps --color=black --opponent=level-1
    shoot "$size" "$lang" "history-scrolled-$size-$lang" 2500 scroll_steps --color=black --opponent=level-1
    shoot "$size" "$lang" "history-opened-$size-$lang" 3000 open_steps --color=black --opponent=level-1
  done
done
