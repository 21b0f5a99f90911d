# Sourced by the scripts that run Debian's Emscripten (build-web.sh, bench-wasm.sh,
# sdl2-emscripten.sh): what its commands need from the environment, said once.
# - em++ at -O2 and above runs acorn, which Debian installs in /usr/share/nodejs, where the
#   NodeSource node does not look by default.
# - em++ is a shell script that runs "${EMSDK_PYTHON:-python3}": on a machine whose python3
#   is a pyenv shim, each of the web build's ~170 compiles first ran pyenv's chain of bash
#   scripts, 0.6 s of CPU of em++'s 0.9 s on an empty file (docs/benchmarks.md, "CI time",
#   session 37). Debian's emscripten is made for Debian's python3, so it runs that one.
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"
if [ -z "${EMSDK_PYTHON:-}" ] && [ -x /usr/bin/python3 ]; then export EMSDK_PYTHON=/usr/bin/python3; fi
