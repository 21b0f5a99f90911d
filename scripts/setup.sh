#!/usr/bin/env bash
# Installs what building, playing and testing need on a fresh Debian bookworm machine
# (run as root, or with sudo available). Idempotent: packages already present are skipped.
#   scripts/setup.sh            everything (native game, tests, web build, browser tests)
#   scripts/setup.sh --native   only what the desktop build and the native tests need
set -euo pipefail
cd "$(dirname "$0")/.."

want_web=1
[ "${1:-}" = "--native" ] && want_web=0

packages=(build-essential cmake ninja-build pkg-config libsdl2-dev catch2 libstb-dev python3)
if [ "$want_web" = 1 ]; then
  # fonts-ipafont-gothic: a Japanese font for Chromium (the Japanese page in the browser tests).
  packages+=(emscripten chromium nodejs npm fonttools fonts-ipafont-gothic)
fi

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

missing=()
for p in "${packages[@]}"; do
  # node/npm may come from NodeSource rather than Debian: accept any working binary.
  if [ "$p" = nodejs ] && command -v node >/dev/null 2>&1; then continue; fi
  if [ "$p" = npm ] && command -v npm >/dev/null 2>&1; then continue; fi
  if [ "$p" = python3 ] && command -v python3 >/dev/null 2>&1; then continue; fi
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi

if [ "$want_web" = 1 ]; then
  # SDL2 for Emscripten, built from Debian's source package and cached.
  bash scripts/sdl2-emscripten.sh
  # playwright-core and axe-core for the browser tests (Debian's chromium is used; no
  # browser download).
  if [ -f tests/browser/package.json ] && { [ ! -d tests/browser/node_modules/playwright-core ] ||
                                            [ ! -d tests/browser/node_modules/axe-core ]; }; then
    (cd tests/browser && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund)
  fi
fi
