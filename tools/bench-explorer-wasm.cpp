// The expert-game database's load and query times as WebAssembly (or natively):
// one translation unit with the core sources it needs, so that it builds with one
// em++ call and no CMake. The positions are those of `reversi-cli database bench`;
// times are process CPU time (Node's process.cpuUsage() under WebAssembly).
//   NODE_PATH=/usr/share/nodejs em++ -std=c++20 -O2 -msimd128 -Isrc tools/bench-explorer-wasm.cpp \
//     -o build/bench-explorer.js -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1
//   node --no-experimental-fetch build/bench-explorer.js data/expert-games.bin 3000
//   g++ -std=c++20 -O2 -march=x86-64-v3 -Isrc tools/bench-explorer-wasm.cpp -o build/bench-explorer
//   build/bench-explorer data/expert-games.bin 3000
#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#include "core/file.cpp"
#include "core/game.cpp"
#include "core/game_database.cpp"
#include "core/json.cpp"
#include "core/notation.cpp"
#include "core/position.cpp"
#include "core/square.cpp"
#include "core/wthor.cpp"
#include "lab/explorer_timing.h"

namespace {
// Process CPU time in ms (the machine is shared: wall time counts the other builds too).
double now_ms() {
#ifdef __EMSCRIPTEN__
  return EM_ASM_DOUBLE({
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  });
#else
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
#endif
}
double heap_mb() {
#ifdef __EMSCRIPTEN__
  return __builtin_wasm_memory_size(0) * 65536.0 / 1e6;
#else
  return 0;
#endif
}
}  // namespace

int main(int argc, char** argv) {
  using namespace reversi;
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench-explorer-wasm DATABASE [POSITIONS]\n");
    return 2;
  }
  const int count = argc > 2 ? std::atoi(argv[2]) : 2000;
  auto bytes = read_file_bytes(argv[1]);
  if (!bytes) {
    std::fprintf(stderr, "%s\n", bytes.error().c_str());
    return 1;
  }
  const double t0 = now_ms();
  auto db = GameDatabase::parse(*bytes, argv[1]);
  const double load = now_ms() - t0;
  if (!db) {
    std::fprintf(stderr, "%s\n", db.error().c_str());
    return 1;
  }
  std::printf("load and index: %.0f ms CPU, %.1f MB held, %u games; WebAssembly memory %.1f MB\n", load,
              db->memory_bytes() / 1e6, db->size(), heap_mb());
  lab::print_explorer_query_times(*db, count, now_ms);
  return 0;
}
