# Web build setting that must be known before src/ui is added: how SDL2 is found
# for Emscripten (src/ui links ${REVERSI_SDL2_TARGET}). Included from the
# top-level CMakeLists.txt under EMSCRIPTEN.

# prefix: SDL2 built from Debian's source package by scripts/sdl2-emscripten.sh
#         (no internet needed); pass -DREVERSI_SDL2_PREFIX=<prefix> or -DSDL2_DIR=<prefix>/lib/cmake/SDL2.
# port:   Emscripten's own port, -sUSE_SDL=2 (downloads SDL on first use: needs
#         internet and a writable Emscripten cache, e.g. a stock emsdk).
set(REVERSI_WEB_SDL "prefix" CACHE STRING "Where the web build gets SDL2: prefix or port")
set_property(CACHE REVERSI_WEB_SDL PROPERTY STRINGS prefix port)
set(REVERSI_SDL2_PREFIX "" CACHE PATH "Install prefix of SDL2 built for Emscripten (REVERSI_WEB_SDL=prefix)")

if(REVERSI_WEB_SDL STREQUAL "port")
  add_library(reversi_web_sdl2 INTERFACE)
  target_compile_options(reversi_web_sdl2 INTERFACE -sUSE_SDL=2)
  target_link_options(reversi_web_sdl2 INTERFACE -sUSE_SDL=2)
elseif(REVERSI_WEB_SDL STREQUAL "prefix")
  if(REVERSI_SDL2_PREFIX)
    # Explicit, so it wins over an SDL2_DIR cached by an earlier (failed) configure.
    set(SDL2_DIR "${REVERSI_SDL2_PREFIX}/lib/cmake/SDL2" CACHE PATH "" FORCE)
  endif()
  # Emscripten's toolchain searches packages only inside its sysroot, where a stub
  # SDL2 config turns SDL2::SDL2 into -sUSE_SDL=2 (a download). SDL2_DIR beats the
  # search; the check below catches the stub if it was found anyway.
  find_package(SDL2 CONFIG QUIET)
  set(_reversi_sdl_stub OFF)
  if(TARGET SDL2::SDL2-static)
    get_target_property(_reversi_sdl_libs SDL2::SDL2-static INTERFACE_LINK_LIBRARIES)
    get_target_property(_reversi_sdl_opts SDL2::SDL2-static INTERFACE_COMPILE_OPTIONS)
    if("${_reversi_sdl_libs};${_reversi_sdl_opts}" MATCHES "USE_SDL")
      set(_reversi_sdl_stub ON)
    endif()
  endif()
  if(NOT SDL2_FOUND OR NOT TARGET SDL2::SDL2-static OR _reversi_sdl_stub)
    message(FATAL_ERROR
      "Web build: no usable SDL2 built for Emscripten "
      "(SDL2_DIR='${SDL2_DIR}', stub=${_reversi_sdl_stub}).\n"
      "  Build it with scripts/sdl2-emscripten.sh (from Debian's libsdl2 source package, cached) and pass\n"
      "    -DREVERSI_SDL2_PREFIX=<the prefix it prints>   (or -DSDL2_DIR=<prefix>/lib/cmake/SDL2),\n"
      "  or use Emscripten's downloading port on a machine with internet: -DREVERSI_WEB_SDL=port.\n"
      "  (Emscripten's own sdl2-config.cmake is a stub that means -sUSE_SDL=2, which downloads SDL;\n"
      "  scripts/build-web.sh does all of this for you.)")
  endif()
  add_library(reversi_web_sdl2 INTERFACE)
  target_link_libraries(reversi_web_sdl2 INTERFACE SDL2::SDL2-static)
else()
  message(FATAL_ERROR "REVERSI_WEB_SDL must be 'prefix' or 'port', not '${REVERSI_WEB_SDL}'")
endif()
set(REVERSI_SDL2_TARGET reversi_web_sdl2)

# WebAssembly SIMD128 is switched on by the top-level CMakeLists.txt (REVERSI_SIMD).
