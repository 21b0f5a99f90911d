#!/usr/bin/env bash
# Runs the built reversi-cli: outputs, exit statuses (0 ok, 1 failure, 2 usage
# error) and one-line error messages. Usage: test_cli.sh PATH/TO/reversi-cli DATA_DIR
set -u
cli=${1:?usage: test_cli.sh PATH/TO/reversi-cli DATA_DIR}
data=${2:?usage: test_cli.sh PATH/TO/reversi-cli DATA_DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

# run NAME EXPECTED_STATUS ARGS...: runs the CLI, keeps stdout/stderr in $out/$err.
run() {
  local name=$1 want=$2
  shift 2
  "$cli" "$@" >"$tmp/out" 2>"$tmp/err"
  status=$?
  out=$(cat "$tmp/out")
  err=$(cat "$tmp/err")
  if [ "$status" != "$want" ]; then
    echo "FAIL $name: exit $status, expected $want (reversi-cli $*)"
    echo "  stdout: $(head -c 300 "$tmp/out")"
    echo "  stderr: $(head -c 300 "$tmp/err")"
    failures=$((failures + 1))
    return 1
  fi
  return 0
}
expect_out() {  # NAME REGEX: stdout matches
  if ! grep -Eq -- "$2" <<<"$out"; then
    echo "FAIL $1: stdout does not match /$2/"; echo "  stdout: ${out:0:300}"
    failures=$((failures + 1))
  fi
}
expect_one_line_error() {  # NAME REGEX: stderr is exactly one line and matches
  local lines
  lines=$(printf '%s\n' "$err" | grep -c .)
  if [ "$lines" != 1 ] || ! grep -Eq -- "$2" <<<"$err"; then
    echo "FAIL $1: expected one error line matching /$2/, got $lines line(s):"; echo "$err"
    failures=$((failures + 1))
  fi
}

board='---------------------------OX------XO--------------------------- X'

# perft
run "perft 6" 0 perft 6 && expect_out "perft 6" '(^|[^0-9])8200 leaves'
run "perft from a board" 0 perft 2 "$board" && expect_out "perft board" '(^|[^0-9])12 leaves'
run "perft bad board" 2 perft 3 "XXO-- X" && expect_one_line_error "perft bad board" 'board string'
run "perft bad board char" 2 perft 3 "${board/X/Q}" && expect_one_line_error "perft bad char" "'Q'"
run "perft bad depth" 2 perft six && expect_one_line_error "perft bad depth" 'DEPTH'
run "perft depth out of range" 2 perft 61 && expect_one_line_error "perft range" "DEPTH '61' must be 0-"
run "perft missing depth" 2 perft && expect_one_line_error "perft missing" 'missing DEPTH'
run "perft extra argument" 2 perft 3 "$board" extra && expect_one_line_error "perft extra" "unexpected argument 'extra'"
run "perft unknown option" 2 perft 3 --fast && expect_one_line_error "perft option" "unknown option '--fast'"

# dispatcher
run "--help" 0 --help && expect_out "--help" 'perft' && expect_out "--help lists solve" 'solve' \
  && expect_out "--help lists play" 'play'
run "no command" 2
run "unknown command" 2 frobnicate && expect_one_line_error "unknown command" "unknown command 'frobnicate'"
# Every listed command answers --help with its usage.
"$cli" --help | sed -n '/^commands:/,/^$/p' | awk 'NF && $1 != "commands:" {print $1}' >"$tmp/commands"
[ -s "$tmp/commands" ] || { echo "FAIL: no commands listed"; failures=$((failures + 1)); }
while read -r command; do
  run "$command --help" 0 "$command" --help && expect_out "$command --help" "^usage: reversi-cli $command"
done <"$tmp/commands"

# play
run "play" 0 play --black corner-first --white first-legal --games 3 --openings random:4 --seed 5 \
  && expect_out "play totals" '3 games: black wins [0-9]+, draws [0-9]+, white wins [0-9]+' \
  && expect_out "play transcript" '^game 1: ([a-h][1-8]){9,}'
first=$out
run "play replays" 0 play --black corner-first --white first-legal --games 3 --openings random:4 --seed 5
[ "$out" = "$first" ] || true  # timings differ; compare the transcripts only
if [ "$(grep '^game' <<<"$out")" != "$(grep '^game' <<<"$first")" ]; then
  echo "FAIL play replays: the same seed gave other games"; failures=$((failures + 1))
fi
printf 'f5d6c3\n# a comment\nf5f6\n' >"$tmp/openings.txt"
run "play openings file" 0 play --black first-legal --white most-flips --games 2 --openings "$tmp/openings.txt" \
  && expect_out "play openings" '^game 1: f5d6c3' && expect_out "play openings 2" '^game 2: f5f6'
printf 'f5d6c3\nf5d6h9\n' >"$tmp/bad-openings.txt"
run "play bad transcript" 1 play --black first-legal --white first-legal --openings "$tmp/bad-openings.txt" \
  && expect_one_line_error "play bad transcript" "bad-openings.txt:2: move 3 'h9' is not a square"
printf 'f5f5\n' >"$tmp/illegal-openings.txt"
run "play illegal transcript" 1 play --black first-legal --white first-legal --openings "$tmp/illegal-openings.txt" \
  && expect_one_line_error "play illegal transcript" ":1: move 2 'f5' is not legal"
run "play bad random openings" 2 play --black first-legal --white first-legal --openings random:x \
  && expect_one_line_error "play random:x" 'random:K'
run "play unknown player" 2 play --black nobody --white first-legal \
  && expect_one_line_error "play unknown player" "unknown player 'nobody' \(known: first-legal"
run "play missing player" 2 play --black first-legal && expect_one_line_error "play missing" 'missing --white'
run "play option without value" 2 play --black --white first-legal \
  && expect_one_line_error "play no value" 'option --black needs a value'
run "play bad games" 2 play --black first-legal --white first-legal --games 0 \
  && expect_one_line_error "play games 0" "--games '0' must be 1-100000000"

# strict numbers: the whole value a number in range, named in the message
run "perft trailing garbage" 2 perft 6abc && expect_one_line_error "perft 6abc" "DEPTH '6abc' is not a whole number"
run "play depth trailing garbage" 2 play --black level-1 --white level-1 --depth 12abc \
  && expect_one_line_error "play --depth 12abc" "--depth '12abc' is not a whole number"
run "play depth empty" 2 play --black level-1 --white level-1 --depth= \
  && expect_one_line_error "play --depth=" "--depth '' is not a whole number"
run "play depth with a sign" 2 play --black level-1 --white level-1 --depth=+5 \
  && expect_one_line_error "play --depth=+5" "--depth '\+5' must be 1-60, without a sign"
run "play games negative" 2 play --black level-1 --white level-1 --games=-3 \
  && expect_one_line_error "play --games=-3" "--games '-3' must be 1-100000000, without a sign"
run "play time trailing garbage" 2 play --black level-1 --white level-1 --time 1.5x \
  && expect_one_line_error "play --time 1.5x" "--time '1.5x' is not a number"
run "play time inf" 2 play --black level-1 --white level-1 --time inf \
  && expect_one_line_error "play --time inf" "--time 'inf' is not a number"
run "solve threads with space" 2 solve "$data/fforum-1-19.obf" "--threads= 2" \
  && expect_one_line_error "solve --threads= 2" "--threads ' 2' is not a whole number"
run "solve hash overflow" 2 solve "$data/fforum-1-19.obf" --hash 99999999999999999999 \
  && expect_one_line_error "solve --hash overflow" "--hash '99999999999999999999' must be 1-65536"
run "match depth out of range" 2 match --pairs 1 --depth 61 level-1 level-2 \
  && expect_one_line_error "match --depth 61" "--depth '61' must be 1-60"
run "play random openings garbage" 2 play --black first-legal --white first-legal --openings random:4x \
  && expect_one_line_error "play random:4x" "random:K '4x' is not a whole number"
run "play level option garbage" 2 play --black level-3+depth=12abc --white first-legal \
  && expect_one_line_error "play level-3+depth=12abc" "depth '12abc' is not a whole number"

# players
run "players" 0 players && expect_out "players" '^first-legal ' && expect_out "players weighted" '^weighted '

# solve
run "solve ffo 1-19" 0 solve "$data/fforum-1-19.obf" && expect_out "solve totals" 'positions 19, right 19, wrong 0'
printf '%s; G8:+18;\nthis is not a position\n' \
  '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X' >"$tmp/bad.obf"
run "solve malformed line" 1 solve "$tmp/bad.obf" && expect_one_line_error "solve malformed" 'bad.obf:2: '
printf '%s; G8:+20;\n' '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X' >"$tmp/wrong.obf"
run "solve wrong expectation" 1 solve "$tmp/wrong.obf" && expect_out "solve wrong" 'WRONG'
printf '%s; H1:+18; G8:+12;\n' '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X' >"$tmp/worse-move.obf"
run "solve move listed lower" 1 solve "$tmp/worse-move.obf" \
  && expect_out "solve move listed lower" 'g8 +\+18 +\+18 WRONG' && expect_out "solve move totals" 'right 0, wrong 1'
run "solve missing file" 1 solve "$tmp/none.obf" && expect_one_line_error "solve missing file" 'cannot read'
run "solve bad threads" 2 solve "$data/fforum-1-19.obf" --threads 0 && expect_one_line_error "solve threads" '--threads'
run "solve bad --disable" 2 solve "$data/fforum-1-19.obf" --disable parity,foo && expect_one_line_error "solve disable" "unknown technique 'foo'"
run "solve with techniques off" 0 solve "$data/fforum-1-19.obf" --disable parity,stability,etc,eval-ordering,aspiration,selective && expect_out "solve disable totals" 'positions 19, right 19, wrong 0'

# analyze, review
ffo1='--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X'
# Each move with its line: the move, then the solver's line to the end (14 empties: 13 more moves, fewer after passes).
run "analyze ffo 1" 0 analyze "$ffo1" --time 20000 && expect_out "analyze ffo 1 best" '^g8 +\+18 exact +14  g8( [a-h][1-8]){9,13}$' \
  && expect_out "analyze ffo 1 h1" '^h1 +\+12 exact +14  h1( [a-h][1-8]){9,13}$' && expect_out "analyze ffo 1 a4" '^a4 +-22 exact +14  a4( [a-h][1-8]){9,13}$' \
  && expect_out "analyze ffo 1 complete" 'complete'
run "analyze transcript" 0 analyze f5d6c3 --time 200 && expect_out "analyze transcript" 'white to move, 57 empties' \
  && expect_out "analyze transcript moves" '^([a-h][1-8]) +[-+][0-9.]+ +midgame +[0-9]+  \1( [a-h][1-8])+$'
run "analyze malformed transcript" 2 analyze f5d6h9 && expect_one_line_error "analyze f5d6h9" "move 3 'h9'"
run "analyze short board" 2 analyze "XXO-- X" && expect_one_line_error "analyze short board" 'GAME: board string has 6 squares'
run "analyze bad board char" 2 analyze "${ffo1/X/Q}" && expect_one_line_error "analyze bad board char" "GAME: .*'Q'"
run "analyze numbered transcript" 0 analyze "1. F5 2. D6 3. C3" --time 200 \
  && expect_out "analyze numbered transcript" 'white to move, 57 empties'
run "analyze GGF" 0 analyze "(;GM[Othello]B[f5]W[d6]B[c3];)" --time 200 \
  && expect_out "analyze GGF" 'white to move, 57 empties'
run "analyze bad GGF" 2 analyze "(;GM[Othello]B[f5]W[f5]" && expect_one_line_error "analyze bad GGF" "GGF: no closing ';"
run "analyze --time abc" 2 analyze f5 --time abc && expect_one_line_error "analyze --time abc" "--time 'abc'"
run "analyze --time 0" 2 analyze f5 --time 0 && expect_one_line_error "analyze --time 0" "--time '0'"
run "analyze --help" 0 analyze --help && expect_out "analyze --help" 'usage: reversi-cli analyze'
run "review" 0 review f5d6c3d3c4 && expect_out "review ply 5" '^ +5 black +c4 ' \
  && expect_out "review totals" '^total loss: black [0-9.]+ \([0-9]+ mistakes\), white [0-9.]+' \
  && expect_out "review accuracy and classes" '^black: accuracy [0-9.]+%; best [0-9]+ good [0-9]+ inaccuracy [0-9]+ mistake [0-9]+ blunder [0-9]+$'
# A wipe-out in nine moves: black's moves are mistakes, each with its best line, which plays
# from the position before the mistake (analyze reads the moves before it and the line).
wipeout=e6f4e3f6g5d6e7f5c5
run "review best line" 0 review "$wipeout" \
  && expect_out "review best line" '^ +best line: [a-h][1-8]( [a-h][1-8])*$' \
  && { first=$(grep -E -B1 -m1 '^ +best line:' <<<"$out"); ply=$(awk 'NR == 1 {print $1}' <<<"$first")
       line=$(sed -n 's/^ *best line: //p' <<<"$first" | tr -d ' ')
       run "review best line plays" 0 analyze "${wipeout:0:$(( (ply - 1) * 2 ))}$line" --time 50 \
         || echo "  (the line of move $ply: '$line')"; }
# Every game of a collection (your games exported): each under its number; a bad one named, the others reviewed.
printf '1 (;GM[Othello]PC[Reversi]DT[2026-11-28T01:02:03Z]PB[Player]PW[Reversi level-6]TY[8]B[f5]W[d6]B[c3];)\n2 (;GM[Othello]B[f5]W[a1];)\n3 (;GM[Othello]PB[A]PW[B]B[f5]W[f6];)\n' >"$tmp/games.ggf"
run "review --collection" 1 review --collection "$tmp/games.ggf" \
  && expect_out "review --collection game 1" '^game 1: Player \(black\) vs Reversi level-6 \(white\), 2026-11-28T01:02:03Z$' \
  && expect_out "review --collection game 3" '^game 3: A \(black\) vs B \(white\)$' \
  && expect_out "review --collection accuracy" '^white: accuracy [0-9.]+%; best' \
  && expect_one_line_error "review --collection bad game" 'game 2 not read: GGF: move 2 W\[a1\] is not legal'
printf 'f5d6\n' >"$tmp/one.txt"
run "review --collection transcripts" 0 review --collection "$tmp/one.txt" && expect_out "review --collection transcripts" '^game 1: Player'
run "review --collection missing" 1 review --collection "$tmp/none.ggf" && expect_one_line_error "review --collection missing" 'none.ggf'
run "review malformed transcript" 2 review f5d6h9 && expect_one_line_error "review f5d6h9" "move 3 'h9'"
run "review a board" 2 review "$ffo1" && expect_one_line_error "review a board" "GAME: no moves to review"
run "review --depth abc" 2 review f5d6 --depth abc && expect_one_line_error "review --depth abc" "--depth 'abc'"
run "review --depth 1" 2 review f5d6 --depth 1 && expect_one_line_error "review --depth 1" "--depth '1'"
# The same game gets the same review (issue 44): a whole game reviewed twice, the second time
# with a busy loop beside it, prints the same lines (values, classes, lines, totals, accuracy).
game=d3c3b3b2b1a1c4c1c2d2d1e1a2a3f5e2f1g1f2e3b5b4a5a4c5a6f4f3g3g2h2h1h3h4g4c6g5h5b6c7d6e6f6g6h6h7a7b7a8d7e7f7g7g8b8c8d8e8f8h8
if run "review a whole game" 0 review "$game"; then
  quiet=$out
  ( while :; do :; done ) & busy=$!
  run "review a whole game, loaded" 0 review "$game"
  kill "$busy"; wait "$busy" 2>/dev/null
  if [ "$out" != "$quiet" ] || [ "$(grep -c exact <<<"$out")" -lt 10 ] || [ "$(grep -c estimate <<<"$out")" -lt 10 ]; then
    echo "FAIL review a whole game twice: the reviews differ (or lack estimates and exact values)"
    diff <(echo "$quiet") <(echo "$out") | head -5
    failures=$((failures + 1))
  fi
fi
run "review --help" 0 review --help && expect_out "review --help" 'usage: reversi-cli review'

# weights
root=$(cd "$(dirname "$0")/../.." && pwd)  # tests/cli/ is two folders down
w="$root/assets/eval/weights.bin"
run "weights" 0 weights "$w" --out "$tmp/w.bin" --emit-cpp "$tmp/w.cpp" \
  && expect_out "weights" '^1366524 weights, [0-9]+ non-zero; [0-9]+ bytes in the current format$'
cmp -s "$w" "$tmp/w.bin" || { echo "FAIL weights: re-saving the shipped weights changed them"; failures=$((failures + 1)); }
cmp -s "$root/src/engine/weights_data.cpp" "$tmp/w.cpp" \
  || { echo "FAIL weights: --emit-cpp differs from src/engine/weights_data.cpp"; failures=$((failures + 1)); }
run "weights same" 0 weights "$w" --compare "$tmp/w.bin" "$root/data/wthor/WTH_1983.wtb" \
  && expect_out "weights same" '^[0-9]{4,} positions: mean \|difference\| 0\.0000 discs, largest 0\.000 discs$'
run "weights quantised" 0 weights --quantise 16 "$w" --compare "$w" "$root/data/wthor/WTH_1983.wtb" \
  && expect_out "weights quantised" '^[0-9]{4,} positions: mean \|difference\| 0\.(0[1-9]|[1-9])[0-9]* discs'
run "weights missing file" 1 weights "$tmp/none.bin" && expect_one_line_error "weights missing" "pattern weights: cannot open"
printf 'RVPW\002' >"$tmp/short.bin"
run "weights short file" 1 weights "$tmp/short.bin" && expect_one_line_error "weights short" "too short for a header"
run "weights bad step" 2 weights --quantise 0 "$w" && expect_one_line_error "weights bad step" "--quantise '0'"
run "weights compare without games" 1 weights "$w" --compare "$w" && expect_one_line_error "weights no games" "needs WTHOR"

# datagen --wthor (the sample files): held-out year, bad arguments
w83="$root/data/wthor/WTH_1983.wtb"; w21="$root/data/wthor/WTH_2021.wtb"
run "datagen wthor train" 0 datagen --wthor --exclude-year 2021 --games 30 --solve-empties 8 \
    --rest-solve-empties 6 --branch-share 0.5 --seed 3 "$tmp/train.txt" "$w83" "$w21" \
  && expect_out "datagen wthor train" '^30 WTHOR games \(seed 3, exact from 8 empties\): [0-9]+ positions'
run "datagen wthor test" 0 datagen --wthor --year 2021 --games 30 --solve-empties 8 \
    --rest-solve-empties 6 --branch-share 0 --seed 3 "$tmp/test.txt" "$w83" "$w21"
# No position with 24 empties (labelled from the theoretical score) is in both.
shared=$(comm -12 <(awk '$4 == "e" && gsub(/-/, "-", $1) == 24 {print $1}' "$tmp/train.txt" | sort -u) \
                  <(awk '$4 == "e" && gsub(/-/, "-", $1) == 24 {print $1}' "$tmp/test.txt" | sort -u) | wc -l)
test_24=$(awk '$4 == "e" && gsub(/-/, "-", $1) == 24' "$tmp/test.txt" | wc -l)
if [ "$shared" != 0 ] || [ "$test_24" -lt 25 ]; then
  echo "FAIL datagen wthor: $shared shared positions at 24 empties, $test_24 in the test set"; failures=$((failures + 1))
fi
run "datagen wthor no file" 2 datagen --wthor "$tmp/x.txt" && expect_one_line_error "datagen no file" "needs at least one WTHOR_FILE"
run "datagen file without --wthor" 2 datagen "$tmp/x.txt" "$w83" && expect_one_line_error "datagen no --wthor" "only with --wthor"
run "datagen --year without --wthor" 2 datagen --year 2021 "$tmp/x.txt" && expect_one_line_error "datagen --year" "need --wthor"
run "datagen bad share" 2 datagen --wthor --branch-share 2 "$tmp/x.txt" "$w83" && expect_one_line_error "datagen share" "--branch-share '2'"
run "datagen no game of the year" 1 datagen --wthor --year 1999 "$tmp/x.txt" "$w83" && expect_one_line_error "datagen year" "no WTHOR game left"
[ -e "$tmp/x.txt" ] && { echo "FAIL datagen: a failed run wrote its output"; failures=$((failures + 1)); }
run "train two files" 0 train --quiet --iterations 5 --out "$tmp/t.bin" "$tmp/train.txt" "$tmp/test.txt" \
  && expect_out "train two files" '^[0-9]+ positions, validation MAE'
run "train --threads alone" 2 train --threads 2 "$tmp/train.txt" \
  && expect_one_line_error "train --threads alone" "--threads needs --label-depth"
run "train --label-depth" 0 train --label-depth 2 --threads 2 --iterations 5 "$tmp/train.txt" \
  && expect_out "train --label-depth" '^[0-9]+ positions, validation MAE'
grep -Eq '^train: labelled every inexact position by a depth-2 search: [0-9]+ nodes' <<<"$err" \
  || { echo "FAIL train --label-depth: no labelling line on stderr"; failures=$((failures + 1)); }

# Issue 34: the WTHOR test set in shards, its report by stage, self-play shards by seed
run "testset" 0 testset --out-dir "$tmp/ts" --years 2021 --shard-games 2 --shards 2 --depth 2 \
    --solve-max 12 "$w21" && expect_out "testset" 'wthor-2021-d2-seed1-001.txt: [0-9]+ positions'
run "testset again" 0 testset --out-dir "$tmp/ts" --years 2021 --shard-games 2 --shards 3 --depth 2 \
    --solve-max 12 "$w21" && expect_out "testset skips" '001.txt: there already' \
  && expect_out "testset adds" '002.txt: [0-9]+ positions'
[ "$(wc -l <"$tmp/ts/MANIFEST")" = 3 ] || { echo "FAIL testset: manifest"; failures=$((failures + 1)); }
run "train --test --by-stage" 0 train --test "$root/assets/eval/weights.bin" --by-stage "$tmp"/ts/wthor-*.txt \
  && expect_out "by stage" '^ +6 +30-26 \| +[0-9]+ +(-|[0-9.]+) \| +[1-9][0-9]* +[0-9.]+$'
# The default openings (and the other default data files) are found from any folder, not only
# from the repository's root.
pushd "$tmp" >/dev/null
run "match from another folder" 0 match --pairs 1 --nodes 500 level-1 level-2 \
  && expect_out "match default openings" '1 pairs from .*/data/openings-8\.txt'
popd >/dev/null
run "match games" 0 match --pairs 2 --openings "$root/data/openings-balanced.txt" --verbose level-1 level-2
printf '%s\n' "$out" >"$tmp/games.txt"
run "testset games file" 0 testset --out-dir "$tmp/tg" --games-file "$tmp/games.txt" --depth 2 --solve-max 12 \
  && expect_out "testset games" 'games-games-d2-seed1-000.txt: [0-9]+ positions \(4 exact'
printf 'f5d6c3\nf5d6h9\n' >"$tmp/bad-games.txt"
run "testset bad games file" 1 testset --out-dir "$tmp/tg2" --games-file "$tmp/bad-games.txt" \
  && expect_one_line_error "testset bad games" "bad-games.txt:2: move 3 'h9' is not a square"
run "train --by-stage alone" 2 train --by-stage "$tmp/train.txt" && expect_one_line_error "by-stage alone" "--by-stage needs --test"
run "train --feature-gain" 0 train --feature-gain "$root/assets/eval/weights.bin" "$tmp/train.txt" \
  && expect_out "feature gain" '^ +7 +25-21 \| +[1-9][0-9]* +[0-9.]+ +[0-9.]+ \| +[1-9][0-9]* +[0-9.]+ +[0-9.]+ +-?[0-9.]+$'
run "train --feature-gain --test" 2 train --feature-gain "$root/assets/eval/weights.bin" --test "$root/assets/eval/weights.bin" "$tmp/train.txt" \
  && expect_one_line_error "feature gain and test" "--feature-gain and --test are two measurements: one at a time"
run "train --feature-gain missing" 1 train --feature-gain "$tmp/no-such.bin" "$tmp/train.txt"
run "train --feature-gain --pattern" 0 train --feature-gain "$root/assets/eval/weights.bin" --pattern a1,b1,c1,a2,b2 "$tmp/train.txt" \
  && expect_out "feature gain pattern" '^ +7 +25-21 \|'
run "train --pattern bad square" 2 train --feature-gain "$root/assets/eval/weights.bin" --pattern a1,z9 "$tmp/train.txt" \
  && expect_one_line_error "pattern bad square" "--pattern: 'z9' is not a square \(a1..h8\)"
run "train --pattern twice" 2 train --feature-gain "$root/assets/eval/weights.bin" --pattern a1,b1,a1 "$tmp/train.txt" \
  && expect_one_line_error "pattern twice" "--pattern: a1 is there twice"
run "train --pattern alone" 2 train --pattern a1 "$tmp/train.txt" \
  && expect_one_line_error "pattern alone" "--pattern needs --feature-gain"
run "testset no years" 2 testset --out-dir "$tmp/ts" "$w21" && expect_one_line_error "testset years" "--years is required"
run "testset bad year" 2 testset --out-dir "$tmp/ts" --years 2021,x "$w21" && expect_one_line_error "testset bad year" "--years 'x'"
run "testset no games" 1 testset --out-dir "$tmp/ts" --years 1999 "$w21" && expect_one_line_error "testset no games" "no WTHOR game"
run "datagen shards" 0 datagen --shard-dir "$tmp/dg" --shards 2 --first-seed 7 --games 2 --search-depth 2 \
    --solve-empties 8 && expect_out "datagen shards" 'seed8.txt: [0-9]+ positions'
cp "$tmp/dg/selfplay-search2-x8-r6-18-p0.1-g2-seed8.txt" "$tmp/seed8.txt"
rm "$tmp/dg/selfplay-search2-x8-r6-18-p0.1-g2-seed8.txt"
run "datagen shards again" 0 datagen --shard-dir "$tmp/dg" --shards 2 --first-seed 7 --games 2 --search-depth 2 \
    --solve-empties 8 --threads 2 && expect_out "datagen shards skip" 'seed7.txt: there already'
cmp -s "$tmp/seed8.txt" "$tmp/dg/selfplay-search2-x8-r6-18-p0.1-g2-seed8.txt" \
  || { echo "FAIL datagen shards: seed 8's shard differs when made again"; failures=$((failures + 1)); }
run "train --label-result" 0 train --label-result --iterations 5 "$tmp/seed8.txt" \
  && expect_out "train --label-result" '^[0-9]+ positions, validation MAE'
run "train --label-blend" 0 train --label-depth 2 --label-blend 0.5 --iterations 5 "$tmp/seed8.txt" \
  && expect_out "train --label-blend" '^[0-9]+ positions, validation MAE'
run "train --label-blend alone" 2 train --label-blend 0.5 "$tmp/seed8.txt" \
  && expect_one_line_error "label-blend alone" "--label-blend needs --label-depth"
run "train two labels" 2 train --label-result --label-depth 2 "$tmp/seed8.txt" \
  && expect_one_line_error "two labels" "blend them with --label-blend"
run "datagen shards with OUT" 2 datagen --shard-dir "$tmp/dg" "$tmp/x.txt" && expect_one_line_error "datagen shard OUT" "--shard-dir takes no OUT"
run "datagen --shards alone" 2 datagen --shards 2 "$tmp/x.txt" && expect_one_line_error "datagen shards alone" "need --shard-dir"

# The expert-game database (database, explore, games): a small one built from the WTHOR
# sample (its folder has no WTH.JOU: one is made, with empty names), and the committed one.
wthor_dir="$data/../wthor"
run "database build without WTH.JOU" 1 database build --wthor "$wthor_dir" --out "$tmp/db.bin" \
  && expect_one_line_error "database no JOU" "WTH.JOU.*player names are needed"
mkdir -p "$tmp/wthor"
cp "$wthor_dir"/WTH_*.wtb "$wthor_dir"/WTH.TRN "$tmp/wthor/"
players=$("$cli" wthor "$wthor_dir"/WTH_*.wtb | awk -F'\t' '{for (i = 3; i <= 4; i++) {n = substr($i, 2) + 0; if (n > m) m = n}} END {print m + 1}')
{ printf '\x14\x0b\x0b\x1a\x00\x00\x00\x00'; printf "\\x$(printf %02x $((players % 256)))\\x$(printf %02x $((players / 256)))"
  head -c 6 /dev/zero; head -c $((players * 20)) /dev/zero; } >"$tmp/wthor/WTH.JOU"
run "database build" 0 database build --wthor "$tmp/wthor" --out "$tmp/db.bin" \
  && expect_out "database build" '879 games from 2 files \(1983-2021\)'
run "database build again" 0 database build --wthor "$tmp/wthor" --out "$tmp/db2.bin"
cmp -s "$tmp/db.bin" "$tmp/db2.bin" || { echo "FAIL database build: two builds differ"; failures=$((failures + 1)); }
run "database info" 0 database info --database "$tmp/db.bin" && expect_out "database info" '^games: 879 \(1983-2021\)'
run "database build no --out" 2 database build --wthor "$tmp/wthor" && expect_one_line_error "database no out" "--out FILE is required"
run "database unknown action" 2 database frob && expect_one_line_error "database action" "unknown action 'frob'"
run "database no folder" 1 database build --wthor "$tmp/nowhere" --out "$tmp/x.bin" \
  && expect_one_line_error "database no folder" "no folder"
head -c 5000 "$tmp/db.bin" >"$tmp/short.bin"
run "database truncated" 1 database info --database "$tmp/short.bin" && expect_one_line_error "database truncated" "short.bin: truncated"
run "database foreign" 1 database info --database "$wthor_dir/WTH.TRN" && expect_one_line_error "database foreign" "not an expert-game database"
run "explore sample" 0 explore --database "$tmp/db.bin" f5d6c3 && expect_out "explore sample" '^games: [0-9]+ ' \
  && expect_out "explore table" '^move +games +black +draw +white +avg diff' && expect_out "explore d3" '^d3 '
run "explore default database" 0 explore f5d6c3d3c4 && expect_out "explore default" '^opening: Tiger \(虎定石\)' \
  && expect_out "explore default games" '^games: [0-9]+ \(of 137548'
run "explore json" 0 explore --json f5d6c3d3c4 \
  && expect_out "explore json" '^\{"games":[0-9]+,"name":\{"en":"Tiger","ja":"虎定石"\},"moves":\[\{"square":"f4","games":[0-9]+,'
run "games json" 0 games --json --year 1983 --limit 1 --database "$tmp/db.bin" \
  && expect_out "games json" '^\{"count":199,"player":null,"players":\[\],"games":\[\{"number":1,"year":1983,.*"moves":"[a-h1-8]+"\}\]\}$'
run "games json and format" 2 games --json --format ggf && expect_one_line_error "games json format" "one or the other"
run "explore japanese" 0 explore --japanese f5d6c3d3c4 && expect_out "explore japanese" '^opening: 虎定石 \(Tiger\)'
run "explore start" 0 explore "" && expect_out "explore start" '^games: 137548 '
run "explore board" 0 explore "$board" && expect_out "explore board" '^games: 137548 '
run "explore unreached" 0 explore f5f4g3f6c4 && expect_out "explore unreached" 'No expert game reached this position'
run "explore illegal" 2 explore f5f5 && expect_one_line_error "explore illegal" "GAME: move 2 'f5' is not legal"
run "explore missing" 2 explore && expect_one_line_error "explore missing" "missing GAME"
run "explore no database" 1 explore --database "$tmp/none.bin" f5 && expect_one_line_error "explore no database" "none.bin"
run "games year" 0 games --database "$tmp/db.bin" --year 1983 --limit 3 && expect_out "games year" '^games: 199 ' \
  && expect_out "games line" '^1	1983	'
run "games position" 0 games --database "$tmp/db.bin" --position f5d6c3d3c4 --limit 0 && expect_out "games position" '^games: [0-9]+'
run "games player" 0 games --player "tamenori hideshi" --limit 1 \
  && expect_out "games player" '^player Tamenori Hideshi: [0-9]+ games, [0-9]+ wins, [0-9]+ draws, [0-9]+ losses'
run "games none" 0 games --player "Tamenori Hideshi" --year 1977 && expect_out "games none" '^no game found'
run "games id" 0 games --id 1 && expect_out "games id" '^game 1: 1977, ' && expect_out "games id moves" '^[a-h][1-8]([a-h][1-8])+$'
run "games id ggf" 0 games --id 1 --format ggf && expect_out "games ggf" '^\(;GM\[Othello\]'

# The players' ratings (ratings; games --player and --id show them): two builds of the first
# years of the committed database are the same bytes; a damaged file is refused.
run "ratings build" 0 ratings build --test-from 1981 --out "$tmp/r1.bin" \
  && expect_out "ratings build" 'players, [0-9]+ player-years from [0-9]+ games of 1977-1980 \(held out: 1981 on\)' \
  && expect_out "ratings held out" '^held out 1981-2025: [0-9]+ games' && expect_out "ratings log-loss" 'log-loss 0\.[0-9]+ \(naive 0\.[0-9]+\)'
run "ratings build again" 0 ratings build --test-from 1981 --out "$tmp/r2.bin"
cmp -s "$tmp/r1.bin" "$tmp/r2.bin" || { echo "FAIL ratings build: two builds differ"; failures=$((failures + 1)); }
run "ratings test" 0 ratings test --ratings "$tmp/r1.bin" --check-to 1982 && expect_out "ratings test" '^held out 1981-1982: [0-9]+ games'
run "ratings show" 0 ratings show "tamenori hideshi" && expect_out "ratings show" '^Tamenori Hideshi$' \
  && expect_out "ratings show year" '^1990	[0-9]+	[0-9]+	[0-9]+$'
run "ratings show year" 0 ratings show --year 2019 --limit 3 && expect_out "ratings show best" '^[0-9]+	±[0-9]+	[0-9]+ games	'
run "ratings show unknown" 1 ratings show "Nobody Atall" && expect_one_line_error "ratings unknown" "no rated player named 'Nobody Atall'"
run "ratings no names" 1 ratings build --database "$tmp/db.bin" --out "$tmp/r3.bin" && expect_one_line_error "ratings no names" "no game before 2023"
run "ratings no --out" 2 ratings build && expect_one_line_error "ratings no out" "--out FILE is required"
run "ratings unknown action" 2 ratings frob && expect_one_line_error "ratings action" "unknown action 'frob'"
head -c 1000 "$tmp/r1.bin" >"$tmp/r-short.bin"
run "ratings truncated" 1 ratings test --ratings "$tmp/r-short.bin" && expect_one_line_error "ratings truncated" "r-short.bin: truncated"
run "games player damaged ratings" 1 games --player "Tamenori Hideshi" --ratings "$tmp/r-short.bin" \
  && expect_one_line_error "games damaged ratings" "r-short.bin: truncated"
run "games player rating" 0 games --player "Tamenori Hideshi" --limit 0 \
  && expect_out "games player rating" '^rating [0-9]+ ±[0-9]+ \(20[0-9][0-9]\), peak [0-9]+ \((19|20)[0-9][0-9]\); from [0-9]+ of these games \(1977-2022; later years held out\)$'
run "games id ratings" 0 games --id 1 && expect_out "games id ratings" '^ratings in 1977: black [0-9]+ ±[0-9]+ \(from 19[0-9][0-9]\), white [0-9]+ ±[0-9]+ \(from 19[0-9][0-9]\)$'
run "games unknown player" 1 games --player "Nobody Atall" && expect_one_line_error "games unknown player" "no player's name contains 'Nobody Atall'"
run "games part of a name" 0 games --player "tamenori h" && expect_out "games part of a name" '^player Tamenori Hideshi: [0-9]+ games'
run "games part of several names" 0 games --player "tamenori" --limit 1 && expect_out "games part of several names" "^players: 'Tamenori Hideshi', 'Tamenori Masaru'"
run "games year out of range" 1 games --year 1950 && expect_one_line_error "games year range" "year 1950 is out of range \(the games are from 1977 to 2025\)"
run "games bad year" 2 games --year 19x && expect_one_line_error "games bad year" "--year '19x'"
run "games illegal position" 2 games --position f5f5 && expect_one_line_error "games illegal position" "--position: move 2 'f5' is not legal"
run "games no such id" 1 games --id 999999 && expect_one_line_error "games no id" "no game 999999 \(the database has games 1 to 137548\)"
run "games id 0" 2 games --id 0 && expect_one_line_error "games id 0" "--id '0'"
run "games id with filters" 2 games --id 3 --year 1983 && expect_one_line_error "games id filters" "--id prints one game"
run "games bad format" 2 games --format xml && expect_one_line_error "games format" "--format 'xml' is not transcript or ggf"

# How people lose discs (human, issue 45): a small run on the sample database, stopped and
# resumed, its status, merge and summary; a damaged merge refused; argument errors.
hd="$tmp/human"
run "human analyse one shard" 0 human analyse --database "$tmp/db.bin" --dir "$hd" --every 300 --seed 2 \
    --shard-games 1 --depth 2 --exact-empties 6 --shard 1 \
  && expect_out "human one shard" '^shard-00001.bin: 1 games, [0-9]+ positions' \
  && expect_out "human one shard count" '^1 shard\(s\) made, [0-9]+ positions'
run "human analyse resumed" 0 human analyse --database "$tmp/db.bin" --dir "$hd" \
  && expect_out "human resumed" 'shard\(s\) made' && ! grep -q '^shard-00001.bin' <<<"$out" \
  || { echo "FAIL human resumed: shard 1 made again or the run failed"; failures=$((failures + 1)); }
run "human status" 0 human status "$hd" && expect_out "human status" '^shards: ([0-9]+) of \1 done; games: ([0-9]+) of \2;'
run "human merge" 0 human merge --dir "$hd" --out "$tmp/human.bin" && expect_out "human merge" 'human.bin: [0-9]+ games, [0-9]+ positions'
run "human summary" 0 human summary "$tmp/human.bin" && expect_out "human summary" '^\| all positions \| [0-9]+ \| [0-9.]+ \|' \
  && expect_out "human summary phase" '^\| endgame \(exact\), 1-6 empties \|'
run "human compare" 0 human compare "$tmp/human.bin" "$tmp/human.bin" && expect_out "human compare" '^\| all \| [0-9]+ \| 0.00 \| 100.0% \| 100.0% \|'
run "human compare one file" 2 human compare "$tmp/human.bin" && expect_one_line_error "human compare one" "missing FILE"
run "human other plan" 1 human analyse --database "$tmp/db.bin" --dir "$hd" --every 300 --seed 2 --shard-games 1 --depth 3 \
    --exact-empties 6 && expect_one_line_error "human other plan" "holds another plan"
cp "$tmp/human.bin" "$tmp/human-bad.bin" && printf 'X' | dd of="$tmp/human-bad.bin" bs=1 seek=50 conv=notrunc 2>/dev/null
run "human summary damaged" 1 human summary "$tmp/human-bad.bin" && expect_one_line_error "human damaged" "human-bad.bin: damaged \(the checksum of its contents does not match\)"
mkdir -p "$tmp/human-empty" && cp "$hd/PLAN" "$tmp/human-empty/"
run "human merge nothing" 1 human merge --dir "$tmp/human-empty" --out "$tmp/human-none.bin" \
  && expect_one_line_error "human merge nothing" "no shard is finished yet" && [ ! -e "$tmp/human-none.bin" ] \
  || { echo "FAIL human merge nothing: a file was written"; failures=$((failures + 1)); }
run "human other database" 1 human analyse --dir "$tmp/human-empty" \
  && expect_one_line_error "human other database" "the plan is for the expert-game database with checksum [0-9a-f]{8}, not [0-9a-f]{8}"
run "human status no plan" 1 human status "$tmp/nowhere" && expect_one_line_error "human no plan" "nowhere/PLAN"
run "human no action" 2 human && expect_one_line_error "human no action" "ACTION"
run "human bad action" 2 human frob && expect_one_line_error "human action" "unknown action 'frob'"
run "human analyse no dir" 2 human analyse --depth 4 && expect_one_line_error "human no dir" "--dir DIR is required"
run "human merge no out" 2 human merge --dir "$hd" && expect_one_line_error "human no out" "--out FILE is required"
run "human status options" 2 human status --depth 4 "$hd" && expect_one_line_error "human status options" "are for analyse"
run "human bad depth" 2 human analyse --dir "$hd" --depth 0 && expect_one_line_error "human depth" "--depth '0'"
run "human shard past" 1 human analyse --database "$tmp/db.bin" --dir "$hd" --shard 999 \
  && expect_one_line_error "human shard past" "shard 999 is past the last"
# The model of human move choice and the human players (issue 45 parts 3-4; tests/core,
# tests/lab and tests/engine test the fit, the file and the players themselves).
start=---------------------------OX------XO---------------------------X
run "human probs" 0 human probs --rating 2000 "$start" && expect_out "human probs" '^f5  25.0%  value' \
  && [ "$(grep -c '25.0%' <<<"$out")" = 4 ] || { echo "FAIL human probs: not four moves at 25%"; failures=$((failures + 1)); }
run "human probs no rating" 2 human probs "$start" && expect_one_line_error "human probs no rating" "--rating R is required"
run "human probs bad rating" 2 human probs --rating strong "$start" && expect_one_line_error "human probs bad rating" "--rating 'strong'"
head -c 100 "$root/data/human-model.bin" >"$tmp/model-cut.bin"
run "human probs cut model" 1 human probs --rating 2000 --model "$tmp/model-cut.bin" "$start" \
  && expect_one_line_error "human probs cut model" "model-cut.bin: truncated"
run "human fit bad bands" 1 human fit --out "$tmp/m.bin" --bands 2000,1900 \
  && expect_one_line_error "human fit bad bands" "--bands wants increasing ratings"
run "human players" 0 players && expect_out "human players" '^human-2100 +plays like a 2100-rated player'
run "human play" 0 play --black human-2300 --white human-1900 --seed 4 && expect_out "human play" 'black wins|white wins|draw'
first=$(grep '^game 1' <<<"$out")
run "human play again" 0 play --black human-2300 --white human-1900 --seed 4 && [ "$(grep '^game 1' <<<"$out")" = "$first" ] \
  || { echo "FAIL human play again: the same seed gave another game"; failures=$((failures + 1)); }
run "human selfplay" 0 human selfplay --rating 2000 --games 1 --seed 3 \
  && expect_out "human selfplay" '^human-2000 against itself, 1 games' && expect_out "human selfplay band" '^\| 2000-2099 \| [0-9]+ \|'
run "human selfplay opponent" 0 human selfplay --rating 2000 --games 2 --seed 3 --opponent level-1 \
  && expect_out "human selfplay opponent" '^human-2000 against level-1, 2 games .* human-2000 scored (0|25|50|75|100)\.0%' \
  && expect_out "human selfplay opponent band" '^\| 2000-2099 \| [0-9]+ \|'
run "human selfplay bad opponent" 1 human selfplay --rating 2000 --games 1 --opponent nobody \
  && expect_one_line_error "human selfplay bad opponent" "nobody"
run "human opponent elsewhere" 2 human probs --rating 2000 --opponent level-1 "$start" \
  && expect_one_line_error "human opponent elsewhere" "--opponent is for selfplay"
run "human selfplay rating" 2 human selfplay --rating 50 && expect_one_line_error "human selfplay rating" "--rating must be 1000-3000"
run "human bad player" 2 play --black human-20 --white human-1900 && expect_one_line_error "human bad player" "rating '20' must be 1000-3000"

# Practice puzzles (data/puzzles.bin): print, daily, rating, judge, errors, and a small build.
src_data="$root/data"
pz="$src_data/puzzles.bin"
run "puzzle help" 0 puzzle --help && expect_out "puzzle help" '^usage: reversi-cli puzzle'
run "puzzle id" 0 puzzle --file "$pz" --id 1 && expect_out "puzzle id" '^puzzle 1  rating [0-9]+  [0-9]+ empties' \
  && expect_out "puzzle goal" '^(Black|White) to play: find the (best move|only winning move)$' \
  && expect_out "puzzle source" '^from game [0-9]+, (19|20)[0-9][0-9]: ' && expect_out "puzzle board" '^  a b c d e f g h'
run "puzzle daily" 0 puzzle --file "$pz" --daily 2026-11-26 && expect_out "puzzle daily" '^puzzle [0-9]+ '
daily1=$out
run "puzzle daily again" 0 puzzle --file "$pz" --daily 2026-11-26
[ "$out" = "$daily1" ] || { echo "FAIL puzzle daily: not the same twice"; failures=$((failures + 1)); }
run "puzzle daily bad day" 1 puzzle --file "$pz" --daily 2026-02-30 && expect_one_line_error "daily 02-30" "not a date: '2026-02-30' \(day 30 is not 1..28\)"
run "puzzle daily bad month" 1 puzzle --file "$pz" --daily 2026-13-01 && expect_one_line_error "daily 13" "not a date: '2026-13-01' \(month 13"
run "puzzle daily word" 1 puzzle --file "$pz" --daily tomorrow && expect_one_line_error "daily word" "not a date: 'tomorrow' \(expected YYYY-MM-DD"
run "puzzle rating" 0 puzzle --file "$pz" --rating 1500 && expect_out "puzzle rating" '^puzzle [0-9]+  rating 1[0-9]{3} '
run "puzzle solution" 0 puzzle --file "$pz" --id 1 --solution && expect_out "puzzle solution" '^exact values: [a-h][1-8] [+-][0-9]+'
best=$(sed -n 's/^exact values: \([a-h][1-8]\) .*/\1/p' <<<"$out")
worst=$(awk '/^exact values:/ {print $(NF-1)}' <<<"$out")
run "puzzle right" 0 puzzle --file "$pz" --id 1 --answer "$best" && expect_out "puzzle right" "^Right: $best is the best move \([+-][0-9]+\)$"
run "puzzle wrong" 0 puzzle --file "$pz" --id 1 --answer "$worst" && expect_out "puzzle wrong" "^$worst loses [0-9]+ discs?: the best was $best \([+-][0-9]+\)$"
run "puzzle illegal" 1 puzzle --file "$pz" --id 1 --answer a1 && expect_one_line_error "puzzle illegal" "a1 is not (a legal move here \(legal: |a square)" 
run "puzzle no id" 1 puzzle --file "$pz" --id 99999999 && expect_one_line_error "puzzle no id" "no puzzle 99999999"
run "puzzle none chosen" 2 puzzle --file "$pz" && expect_one_line_error "puzzle none" "give one of --id N, --daily YYYY-MM-DD, --rating R"
head -c 100 "$pz" >"$tmp/cut.bin"
run "puzzle truncated" 1 puzzle --file "$tmp/cut.bin" --id 1 && expect_one_line_error "puzzle truncated" "cut.bin': truncated"
run "puzzle foreign" 1 puzzle --file "$src_data/opening-names.txt" --id 1 && expect_one_line_error "puzzle foreign" "not a puzzle file"
run "puzzles build" 0 puzzles build --out "$tmp/p1.bin" --seed 3 --count 3 --min-empties 10 --max-empties 11 --quiet \
  && expect_out "puzzles build" '^3 puzzles \('
run "puzzles build again" 0 puzzles build --out "$tmp/p2.bin" --seed 3 --count 3 --min-empties 10 --max-empties 11 --quiet
cmp -s "$tmp/p1.bin" "$tmp/p2.bin" || { echo "FAIL puzzles build: not deterministic"; failures=$((failures + 1)); }
run "puzzles verify" 0 puzzles verify --file "$tmp/p1.bin" --quiet && expect_out "puzzles verify" '^3 puzzles re-proved, 0 differ, '
run "puzzles verify part" 0 puzzles verify --max-empties 10 --every 40 --threads 2 --quiet \
  && expect_out "puzzles verify part" '^[0-9]+ puzzles re-proved, 0 differ, '
run "puzzles verify truncated" 1 puzzles verify --file "$tmp/cut.bin" && expect_one_line_error "puzzles verify truncated" "cut.bin': truncated"
run "puzzles verify build option" 2 puzzles verify --out "$tmp/x.bin" && expect_one_line_error "puzzles verify option" "verify takes --file"
run "puzzles build every" 2 puzzles build --out "$tmp/x.bin" --every 2 && expect_one_line_error "puzzles build every" "--file and --every are verify's"
# Appending: p1's puzzles first and unchanged, then new ones of the new range; twice the same bytes.
run "puzzles append" 0 puzzles build --append-to "$tmp/p1.bin" --out "$tmp/p3.bin" --seed 4 --count 2 \
  --min-empties 12 --max-empties 12 --quiet && expect_out "puzzles append" '^2 puzzles \(.* 12:2; after the 3 of .*p1.bin \(5 in all\)$'
run "puzzles append again" 0 puzzles build --append-to "$tmp/p1.bin" --out "$tmp/p4.bin" --seed 4 --count 2 \
  --min-empties 12 --max-empties 12 --quiet
cmp -s "$tmp/p3.bin" "$tmp/p4.bin" || { echo "FAIL puzzles append: not deterministic"; failures=$((failures + 1)); }
for n in 1 2 3; do
  run "puzzle $n before" 0 puzzle --file "$tmp/p1.bin" --id $n --solution && before=$out
  run "puzzle $n after" 0 puzzle --file "$tmp/p3.bin" --id $n --solution
  [ "$out" = "$before" ] || { echo "FAIL puzzles append: puzzle $n changed"; failures=$((failures + 1)); }
done
run "puzzle appended" 0 puzzle --file "$tmp/p3.bin" --id 5 && expect_out "puzzle appended" '^puzzle 5  rating [0-9]+  12 empties'
cp "$tmp/p1.bin" "$tmp/bad.bin" && printf 'X' | dd of="$tmp/bad.bin" bs=1 seek=60 conv=notrunc 2>/dev/null
cp "$tmp/bad.bin" "$tmp/bad-copy.bin"
run "puzzles append corrupt" 1 puzzles build --append-to "$tmp/bad.bin" --out "$tmp/bad.bin" --count 1 --quiet \
  && expect_one_line_error "puzzles append corrupt" "cannot append: puzzle file '.*bad.bin': corrupt"
cmp -s "$tmp/bad.bin" "$tmp/bad-copy.bin" && [ ! -e "$tmp/bad.bin.part" ] \
  || { echo "FAIL puzzles append corrupt: the file was written"; failures=$((failures + 1)); }
run "puzzles append missing" 1 puzzles build --append-to "$tmp/none.bin" --out "$tmp/none.bin" --count 1 --quiet \
  && expect_one_line_error "puzzles append missing" "none.bin"
[ ! -e "$tmp/none.bin" ] || { echo "FAIL puzzles append missing: a file was written"; failures=$((failures + 1)); }
run "puzzles build no out" 2 puzzles build --count 3 && expect_one_line_error "puzzles no out" "--out FILE is required"
run "puzzles bad action" 2 puzzles make --out x && expect_one_line_error "puzzles action" "unknown action 'make'"

# bench --suite (docs/benchmarks.md "The search, measured"): any OBF file serves as a suite
run "bench suite" 0 bench --suite "$data/fforum-1-19.obf" --limit 3 --depth 5 --compare old-ordering,base+etc4 \
  && expect_out "bench suite depths" '^ +5 +3 +[0-9]+' && expect_out "bench suite ratio" '^  base\+etc4 +[0-9]+ +[0-9.]+' \
  && expect_out "bench suite table" 'table \(interior nodes'
run "bench suite bad variant" 2 bench --suite "$data/fforum-1-19.obf" --compare base,fast \
  && expect_one_line_error "bench suite variant" "unknown variant 'fast'"
run "bench suite bad number" 2 bench --suite "$data/fforum-1-19.obf" --compare etcX \
  && expect_one_line_error "bench suite number" "unknown variant 'etcX'"
# multi-ProbCut's variants: the fitted model, its threshold, guard, shallow rule, PV nodes; the
# move-differs column against the first variant
run "bench suite mpc" 0 bench --suite "$data/fforum-1-19.obf" --limit 3 --depth 6 --compare base,fit+t=1.0+g=1,fit+ps=1+mpc-pv \
  && expect_out "bench suite mpc ratio" '^  fit\+t=1.0\+g=1 +[0-9]+ +[0-9.]+ .* [0-9.]+% +[0-9.]+$'
run "bench suite bad threshold" 2 bench --suite "$data/fforum-1-19.obf" --compare base,t=abc \
  && expect_one_line_error "bench suite threshold" "unknown variant 't=abc'"
run "bench suite missing file" 1 bench --suite "$tmp/none.obf" && expect_one_line_error "bench suite file" "none.obf"

if [ "$failures" -gt 0 ]; then
  echo "$failures CLI check(s) failed"
  exit 1
fi
echo "all CLI checks passed"
