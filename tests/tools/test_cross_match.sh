#!/usr/bin/env bash
# tools/pipe-player (a player over stdin/stdout), tools/cross-match.py (the
# referee of matches between two builds) and tools/endgame-loss.py (moves near the
# end against perfect play): answers, errors that keep the player, a short match of
# the build against itself, and its positions' losses.
# Usage: test_cross_match.sh PATH/TO/pipe-player REPO_ROOT [PATH/TO/reversi-cli]
set -u
pipe=${1:?usage: test_cross_match.sh PATH/TO/pipe-player REPO_ROOT}
root=${2:?usage: test_cross_match.sh PATH/TO/pipe-player REPO_ROOT}
failures=0
fail() { echo "FAIL $1"; failures=$((failures + 1)); }

# One request a line, one answer a line; bad requests get an error and the player stays.
out=$(printf '%s\n' 'state -' 'go 20 -' 'go 20 f5d6' 'go x' 'go 20 f5f5' 'state f5zz' 'hello' \
        'state e6d6c5f6c4c3f5g4d3f4g5h6h3h4g3f2f3e3e2d1h5h2d2g6c7b3f7e7g7b5b6c6d8e8f8c1a5b4c2a7d7h8a4c8a6a3h7g8g1f1h1b7g2e1b1b2a8b8a2a1' 'go 20 f5' 'go 20 e6d6c5f6c4c3f5g4d3f4g5h6h3h4g3f2f3e3e2d1h5h2d2g6c7b3f7e7g7b5b6c6d8e8f8c1a5b4c2a7d7h8a4c8a6a3h7g8g1f1h1b7g2e1' 'quit' 'go 20 -' |
      "$pipe" level-3+nobook)
mapfile -t lines <<<"$out"
[ "${#lines[@]}" = 10 ] || fail "pipe-player: ${#lines[@]} answers to 10 requests before quit: $out"
[ "${lines[0]}" = black ] || fail "pipe-player: 'state -' gave '${lines[0]}'"
[[ "${lines[1]}" =~ ^move\ (f5|e6|d3|c4)\ [0-9.]+\ [0-9]+\ 3\ search$ ]] || fail "pipe-player: first move '${lines[1]}'"
[[ "${lines[2]}" =~ ^move\ [a-h][1-8]\  ]] || fail "pipe-player: reply to f5d6 '${lines[2]}'"
[ "${lines[3]}" = "error: expected 'go MS MOVES'" ] || fail "pipe-player: bad time '${lines[3]}'"
[[ "${lines[4]}" =~ ^error:.*f5 ]] || fail "pipe-player: illegal transcript '${lines[4]}'"
[[ "${lines[5]}" =~ ^error: ]] || fail "pipe-player: bad square '${lines[5]}'"
[ "${lines[6]}" = "error: unknown request" ] || fail "pipe-player: unknown request '${lines[6]}'"
# (that game, from a match, ended 37-27: black won by 10)
[[ "${lines[7]}" =~ ^over\ ([0-9]+)\ ([0-9]+)$ ]] && [ $((BASH_REMATCH[1] - BASH_REMATCH[2])) = 10 ] ||
  fail "pipe-player: state of a finished game '${lines[7]}'"
[[ "${lines[8]}" =~ ^move\ [a-h][1-8]\  ]] || fail "pipe-player: still playing after errors '${lines[8]}'"
# 6 empty squares left: level-3 solves them (it is exact from 8)
[[ "${lines[9]}" =~ ^move\ [a-h][1-8]\ [0-9.]+\ [0-9]+\ 6\ exact$ ]] || fail "pipe-player: near the end '${lines[9]}'"

"$pipe" level-99 </dev/null 2>/dev/null && fail "pipe-player: an unknown player was accepted"

# A match of the build against itself: every game listed, finished and pooled.
match=$(cd "$root" && python3 tools/cross-match.py --time 5 --pairs 2 --skip 3 \
          "$pipe level-3+nobook" "$pipe level-4+nobook")
games=$(grep -cE '^[45][ab] [a-h1-8]{16,} [+-][0-9]+$' <<<"$match")
[ "$games" = 4 ] || fail "cross-match: $games finished games of 4: $match"
grep -qE '^A: 4 games \(2 pairs\): [0-9]+-[0-9]+-[0-9]+, score' <<<"$match" || fail "cross-match: no summary: $match"
grep -qE '^time used per move: A [0-9.]+ ms \([0-9]+ moves\), B' <<<"$match" || fail "cross-match: no times: $match"
# A player that answers nonsense stops the match with its name.
if err=$(cd "$root" && python3 tools/cross-match.py --time 5 --pairs 1 "$pipe level-3" "cat" 2>&1); then
  fail "cross-match: a match with 'cat' as a player succeeded"
elif ! grep -q "'cat' answered" <<<"$err"; then
  fail "cross-match: the failing player is not named: $err"
fi

# The match's games' positions near the end against perfect play: a player that solves
# them (level-3 is exact from 8 empties) loses nothing; every position is counted.
cli=${3:-$(dirname "$pipe")/reversi-cli}
if [ -x "$cli" ]; then
  games=$(mktemp)
  grep -E '^[0-9]+[ab] ' <<<"$match" >"$games"
  loss=$(cd "$root" && python3 tools/endgame-loss.py "$games" --player "$pipe level-3+nobook" \
           --player "$pipe level-1+nobook" --time 5 --empties 8,7 --positions 3 --cli "$cli" 2>&1)
  rm -f "$games"
  grep -qE '^level-3\+nobook +0\.00 +0/3 +0\.00 +0/3 +0\.00 +0/6 *$' <<<"$loss" ||
    fail "endgame-loss: an exact player lost something, or positions are missing: $loss"
  grep -qE '^level-1\+nobook +[0-9.]+ +[0-3]/3 +[0-9.]+ +[0-3]/3 ' <<<"$loss" ||
    fail "endgame-loss: no row for the second player: $loss"
else
  fail "endgame-loss: no reversi-cli at $cli"
fi

[ "$failures" = 0 ] && echo "pipe-player, cross-match and endgame-loss checks passed"
exit $((failures > 0))
