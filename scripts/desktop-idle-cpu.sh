#!/usr/bin/env bash
# The desktop game's CPU at rest (issue 44; docs/benchmarks.md, "Web and desktop: a page at
# rest"): starts `reversi --no-save` (the start position, the person to move) on a display,
# lets it settle SETTLE seconds, and prints the per cent of one core it used over the next
# SECONDS (utime + stime of /proc/PID/stat; one clock tick is the resolution).
#   scripts/desktop-idle-cpu.sh [BINARY] [extra flags...]   (default build/native/src/platform/reversi)
# Needs a display: DISPLAY set, else a private Xvfb (apt-get install xvfb) for the run.
# Env: SECONDS_MEASURED (default 10), SETTLE (default 4).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-build/native/src/platform/reversi}"
shift || true
[[ -x "$bin" ]] || { echo "desktop-idle-cpu: $bin not found (cmake --build build/native --target reversi)" >&2; exit 1; }
measured="${SECONDS_MEASURED:-10}"
settle="${SETTLE:-4}"
xvfb=""
if [[ -z "${DISPLAY:-}" ]]; then
  command -v Xvfb >/dev/null || { echo "desktop-idle-cpu: no DISPLAY and no Xvfb (apt-get install xvfb)" >&2; exit 1; }
  export DISPLAY=":$((90 + RANDOM % 400))"
  Xvfb "$DISPLAY" -screen 0 1280x800x24 >/dev/null 2>&1 &
  xvfb=$!
  sleep 1
fi
home="$(mktemp -d)"
HOME="$home" XDG_CONFIG_HOME="$home/.config" "$bin" --no-save "$@" >/dev/null 2>&1 &
pid=$!
cleanup() {
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if [[ -n "$xvfb" ]]; then kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; fi
  rm -rf "$home"
}
trap cleanup EXIT
sleep "$settle"
ticks() { local f; read -r -a f < "/proc/$pid/stat"; echo $(( f[13] + f[14] )); }
a=$(ticks); t0=$(date +%s.%N)
sleep "$measured"
b=$(ticks); t1=$(date +%s.%N)
python3 -c "print(f'{100 * ($b - $a) / $(getconf CLK_TCK) / ($t1 - $t0):.2f} % of a core ({$b - $a} ticks in {$t1 - $t0:.1f} s)')"
