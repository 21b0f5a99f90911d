#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) with clang, ASan and UBSan in build/fuzz and
# runs each for SECONDS (default 60) on a copy of its seed corpus (fuzz/corpus/NAME;
# the repository's corpus is never written). Crash, leak and timeout inputs go to
# build/fuzz/artifacts/; logs to build/fuzz/logs/. Exits non-zero, naming the
# targets, if any target found a problem.
#   scripts/fuzz.sh [SECONDS] [TARGET...]     e.g. scripts/fuzz.sh 20, scripts/fuzz.sh 600 ggf nboard
# Environment: FUZZ_JOBS (targets run at once, default 1; at most the number of cores),
# FUZZ_TIMEOUT (seconds one input may take, default 10), FUZZ_RSS_MB (default 2560),
# FUZZ_LOG_DIR (default build/fuzz/logs).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
# The targets are fuzz/CMakeLists.txt's list, read from there (one list: a target added there
# is run here too).
read -r -a all_targets <<<"$(sed -n 's/^set(REVERSI_FUZZ_TARGETS \(.*\))$/\1/p' fuzz/CMakeLists.txt)"
[ ${#all_targets[@]} -gt 0 ] || { echo "fuzz: no REVERSI_FUZZ_TARGETS list in fuzz/CMakeLists.txt" >&2; exit 2; }
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
jobs="${FUZZ_JOBS:-1}"
unit_timeout="${FUZZ_TIMEOUT:-10}"
rss_mb="${FUZZ_RSS_MB:-2560}"

# clang (with libFuzzer and the sanitizer runtimes), cmake and ninja.
bash scripts/setup-clang.sh fuzz

build=build/fuzz
echo "== fuzz build ($build, clang, -fsanitize=fuzzer,address,undefined) =="
CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DREVERSI_FUZZ=ON -DREVERSI_BUILD_TESTS=OFF -DREVERSI_BUILD_GAME=OFF -DREVERSI_BUILD_CLI=OFF >/dev/null
build_targets=()
for t in "${targets[@]}"; do
  [ -f "fuzz/fuzz_$t.cpp" ] || { echo "fuzz: no target '$t' (targets: ${all_targets[*]})" >&2; exit 2; }
  build_targets+=("fuzz_$t")
done
cmake --build "$build" -j 2 --target "${build_targets[@]}"

artifacts="$build/artifacts"
logs="${FUZZ_LOG_DIR:-$build/logs}"
work="$build/corpus"
mkdir -p "$artifacts" "$logs" "$work"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

run_one() {
  local t="$1"
  local corpus="$work/$t"
  rm -rf "$corpus"
  mkdir -p "$corpus"
  cp -r "fuzz/corpus/$t/." "$corpus/"
  local dict=()
  [ -f "fuzz/dict/$t.dict" ] && dict=("-dict=fuzz/dict/$t.dict")
  local status=0
  "$build/fuzz/fuzz_$t" "$corpus" "${dict[@]}" -max_total_time="$seconds" -timeout="$unit_timeout" \
    -rss_limit_mb="$rss_mb" -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="$artifacts/$t-" >"$logs/$t.log" 2>&1 || status=$?
  local done_line
  done_line="$(grep -E '^Done [0-9]+ runs' "$logs/$t.log" | tail -1 || true)"
  if [ "$status" != 0 ]; then
    echo "fuzz: $t FAILED (exit $status): $(grep -m1 -E 'ERROR: |property failed|SUMMARY' "$logs/$t.log" || true)"
    echo "      log $logs/$t.log; input $(ls -t "$artifacts"/"$t"-* 2>/dev/null | head -1)"
    return 1
  fi
  echo "fuzz: $t ok: ${done_line:-no summary} ($(grep -E '^#[0-9]+[[:space:]]+DONE' "$logs/$t.log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+' || true))"
}

echo "== fuzzing ${#targets[@]} targets for ${seconds} s each, $jobs at a time =="
failed=()
running=()
names=()
for t in "${targets[@]}"; do
  run_one "$t" &
  running+=($!)
  names+=("$t")
  if [ ${#running[@]} -ge "$jobs" ]; then
    wait "${running[0]}" || failed+=("${names[0]}")
    running=("${running[@]:1}")
    names=("${names[@]:1}")
  fi
done
for i in "${!running[@]}"; do
  wait "${running[$i]}" || failed+=("${names[$i]}")
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: FAILED: ${failed[*]} (inputs in $artifacts, logs in $logs)" >&2
  exit 1
fi
echo "fuzz: all ${#targets[@]} targets ran ${seconds} s without a crash, leak or timeout"
