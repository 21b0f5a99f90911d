# Shared by the desktop screenshot scripts (desktop-shots.sh, desktop-practice-shots.sh):
# the game run in a real X window (Xvfb, SDL's x11 driver), driven by xdotool as a person
# would, its own last frame (--screenshot, BMP) turned into PNG. Source it after setting
#   bin (the game), out (the folder for the PNG files).
# Needs xvfb-run and xdotool: apt-get install -y xvfb xauth xdotool.
for tool in xvfb-run xdotool; do
  command -v $tool >/dev/null || { echo "desktop shots: $tool missing (apt-get install -y xvfb xauth xdotool)" >&2; exit 1; }
done
mkdir -p "$out"

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
# $3 the shot's name, $4 ms before the frame is taken (after a review, with --review),
# $5 the xdotool steps (a shell function run once the window is there; the functions
# defined when shoot runs go with it, and the exported variables), then the game's own
# arguments.
shoot() {
  local size=$1 lang=$2 name=$3 ms=$4 steps=$5
  shift 5
  local config
  config=$(mktemp -d)
  # Kept games to start with (desktop-history-shots.sh): history.ggf beside the saved game.
  if [[ -n ${history_file:-} ]]; then cp "$history_file" "$config/history.ggf"; fi
  # xvfb-run is a sh script, which drops exported bash functions: they go in the text.
  xvfb-run -a -s "-screen 0 ${size}x24" bash -c "$(declare -f)"'
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
  echo "desktop shots: $out/$name.png"
}

# xdotool steps: a key, with a pause for the frame.
press() { xdotool key --delay 120 "$@"; sleep 0.3; }
# A click at the window's pixel ($1, $2), with a pause for the frame.
click_at() { xdotool mousemove --window "$win" "$1" "$2" click 1; sleep 0.5; }
# Nothing to do: the frame as the game draws it.
no_steps() { :; }
