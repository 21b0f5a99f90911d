// The explorer's query times, measured and printed one way natively (`reversi-cli
// database bench`) and in WebAssembly (tools/bench-explorer-wasm.cpp, built by hand
// with em++ from the sources): queries of the 64-bit-keyed plies apart from the later
// ones, which are replayed from 32-bit keys. Header-only so the WebAssembly tool needs
// no library. The clock is the caller's (process CPU time in ms: the machine is shared).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "core/game_database.h"

namespace reversi::lab {

// The q-quantile (0..1) of `v` (0 for none).
inline double percentile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[std::min(v.size() - 1, std::size_t(q * double(v.size())))];
}

// Times `count` sample positions' statistics and prints two lines (keyed, replayed)
// and the games counted.
template <class ClockMs>
void print_explorer_query_times(const GameDatabase& db, int count, ClockMs now_ms) {
  std::vector<double> shallow, deep;
  std::uint64_t games = 0;
  for (const Position& p : db.sample_positions(count)) {
    const int ply = std::popcount(p.occupied()) - 4;
    const double c = now_ms();
    games += db.statistics(p).games;
    (ply <= GameDatabase::kIndexedPlies ? shallow : deep).push_back(now_ms() - c);
  }
  const auto line = [](const std::string& what, const std::vector<double>& v) {
    std::printf("%s: %zu positions, median %.2f ms, 90%% %.2f ms, max %.2f ms (CPU)\n", what.c_str(), v.size(),
                percentile(v, 0.5), percentile(v, 0.9), percentile(v, 1.0));
  };
  line("statistics, plies 0-" + std::to_string(GameDatabase::kIndexedPlies) + " (64-bit keys)", shallow);
  line("statistics, plies " + std::to_string(GameDatabase::kIndexedPlies + 1) + "-60 (32-bit keys, replayed)", deep);
  std::printf("(games counted: %llu)\n", static_cast<unsigned long long>(games));
}

}  // namespace reversi::lab
