#!/usr/bin/env bash
# Builds SDL2 for Emscripten from Debian's source package and installs it into a cached prefix.
#
# Why: Emscripten's own SDL2 port (-sUSE_SDL=2) downloads SDL from GitHub at build time, which is
# not reachable here (it fails with "FROZEN_CACHE is set"). Debian ships the same SDL release as a
# source package, so we build that with emcmake once and reuse the result.
#
# Usage: scripts/sdl2-emscripten.sh          (prints the prefix on its last line)
# Env:   REVERSI_DEPS_DIR  cache root (default $HOME/.cache/reversi)
# Idempotent: does nothing when the prefix already holds a complete install.
set -euo pipefail

SDL_VERSION=2.26.5
# What the game needs of SDL and no more (issue 13: the web download at most 1 MB gzipped):
# video, render, events, timers; no audio (the page's sounds are Web Audio from JS), no
# joystick, game controller (and its mapping database), haptic, sensor, HIDAPI, power,
# locale, misc or shared-object loading, no offscreen or dummy video driver; optimised
# for size. SDL_LEAN_AND_MEAN drops the optimised blitters, RLE and YUV (the game draws
# through the GLES2 renderer); the software renderer stays as the fallback when WebGL is
# missing (it blits with SDL's generic blitter). game.wasm: 398 -> 326 KB gzipped.
# The flavour names the cache directory, so a change of these options builds afresh
# beside the old prefix instead of reusing it.
SDL_FLAVOUR=web-lean1
SDL_OPTIONS=(-DCMAKE_BUILD_TYPE=MinSizeRel
    "-DCMAKE_C_FLAGS=-DSDL_LEAN_AND_MEAN=1 -DSDL_VIDEO_RENDER_SW=1"
    -DSDL_AUDIO=OFF -DSDL_JOYSTICK=OFF -DSDL_HAPTIC=OFF -DSDL_SENSOR=OFF -DSDL_HIDAPI=OFF
    -DSDL_POWER=OFF -DSDL_LOCALE=OFF -DSDL_MISC=OFF -DSDL_LOADSO=OFF
    -DSDL_OFFSCREEN=OFF -DSDL_DUMMYVIDEO=OFF)
DEPS_DIR="${REVERSI_DEPS_DIR:-$HOME/.cache/reversi}"
PREFIX="$DEPS_DIR/sdl2-emscripten-$SDL_VERSION-$SDL_FLAVOUR"
source "$(dirname "${BASH_SOURCE[0]}")/emscripten-env.sh"

complete() {
    [[ -f "$PREFIX/lib/libSDL2.a" && -f "$PREFIX/lib/cmake/SDL2/SDL2Config.cmake" && -f "$PREFIX/include/SDL2/SDL.h" ]]
}

if complete; then
    echo "sdl2-emscripten: cached at $PREFIX" >&2
    echo "$PREFIX"
    exit 0
fi

# Serialise concurrent runs (two builds sharing one cache would wipe each other's work dir).
mkdir -p "$DEPS_DIR"
exec 9>"$DEPS_DIR/.sdl2-emscripten.lock"
flock 9
if complete; then
    echo "sdl2-emscripten: cached at $PREFIX" >&2
    echo "$PREFIX"
    exit 0
fi

for tool in emcmake emcc cmake apt-get; do
    command -v "$tool" >/dev/null || { echo "sdl2-emscripten: '$tool' not found (install emscripten, cmake)" >&2; exit 1; }
done

# Debian source packages: add a deb-src twin of the deb822 entries in debian.sources, once.
SRC_LIST=/etc/apt/sources.list.d/reversi-deb-src.sources
if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ && ! grep -qsr '^deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    if [[ $(id -u) -ne 0 ]]; then
        echo "sdl2-emscripten: need root to enable Debian source packages ($SRC_LIST)" >&2; exit 1
    fi
    if [[ -f /etc/apt/sources.list.d/debian.sources ]]; then
        sed -E 's/^Types:.*/Types: deb-src/' /etc/apt/sources.list.d/debian.sources > "$SRC_LIST"
    else
        # One-line style sources.list: mirror every "deb " line as "deb-src ".
        grep -E '^deb ' /etc/apt/sources.list | sed -E 's/^deb /deb-src /' > /etc/apt/sources.list.d/reversi-deb-src.list
    fi
fi
# The source index may be missing even with the entry present (fresh machine, never updated).
if [[ -z "$(apt-cache showsrc libsdl2 2>/dev/null)" ]]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
fi

WORK="$DEPS_DIR/sdl2-emscripten-$SDL_FLAVOUR-work"
rm -rf "$WORK"
mkdir -p "$WORK"
cd "$WORK"
# apt-get source runs as the "_apt" user for downloads when root; the work dir must be writable by it.
chmod 0777 "$WORK"
DEBIAN_FRONTEND=noninteractive apt-get source --download-only -qq libsdl2
ORIG=$(ls libsdl2_"$SDL_VERSION"*.orig.tar.* 2>/dev/null | head -1)
[[ -n "$ORIG" ]] || { echo "sdl2-emscripten: libsdl2 $SDL_VERSION orig tarball not found after apt-get source" >&2; exit 1; }
mkdir src
tar -xf "$ORIG" -C src --strip-components=1

# Install into a temporary prefix and move it into place only when complete, so an interrupted
# build never leaves a half-installed prefix that looks finished.
rm -rf "$PREFIX.tmp"
emcmake cmake -S src -B build "${SDL_OPTIONS[@]}" \
    -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF \
    -DCMAKE_INSTALL_PREFIX="$PREFIX.tmp" >build-configure.log 2>&1 \
    || { tail -30 build-configure.log >&2; exit 1; }
cmake --build build -j"${REVERSI_JOBS:-2}" >build.log 2>&1 || { tail -30 build.log >&2; exit 1; }
cmake --install build >/dev/null
rm -rf "$PREFIX"
mv "$PREFIX.tmp" "$PREFIX"
# The installed config files record the temporary prefix only if they hard-code it; fix any that do.
grep -rl "$PREFIX.tmp" "$PREFIX" 2>/dev/null | xargs -r sed -i "s#$PREFIX.tmp#$PREFIX#g"
cd /
rm -rf "$WORK"
complete || { echo "sdl2-emscripten: install incomplete in $PREFIX" >&2; exit 1; }
echo "sdl2-emscripten: built SDL2 $SDL_VERSION into $PREFIX" >&2
echo "$PREFIX"
