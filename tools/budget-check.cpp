// Longest Player::choose time of level-12 against a per-move budget, on OBF positions (for
// instance game positions from tools/transcripts-to-obf.cpp). Not part of the build:
//   g++ -std=c++20 -O2 -march=x86-64-v3 -Isrc tools/budget-check.cpp build/native/libreversi_engine.a
//       build/native/libreversi_core.a -lpthread -o /tmp/budget-check    (one command)
//   /tmp/budget-check 500 pos22.obf pos24.obf        # budget in ms, then OBF files
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>
#include <algorithm>
#include "core/parse_number.h"
#include "engine/obf.h"
#include "engine/player.h"
using namespace reversi;
int main(int argc, char** argv) {
  const auto parsed = argc > 1 ? parse_double("budget", argv[1], 1, 1e7) : Expected<double>(Error{"usage: budget-check MS FILE.obf..."});
  if (!parsed) { std::fprintf(stderr, "budget-check: %s\n", parsed.error().c_str()); return 2; }
  const double budget = *parsed;
  std::vector<double> ratios;
  for (int a = 2; a < argc; ++a) {
    auto entries = load_obf(argv[a]);
    if (!entries) { std::fprintf(stderr, "budget-check: %s\n", entries.error().c_str()); return 1; }
    for (const ObfEntry& e : *entries) {
      auto player = make_player("level-12");
      SearchLimits lim; lim.time_ms = budget;
      const auto t0 = std::chrono::steady_clock::now();
      auto r = (*player)->choose(e.position, lim);
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      ratios.push_back(ms / budget);
      if (!e.position.is_legal(r.move)) std::printf("ILLEGAL\n");
    }
  }
  std::sort(ratios.begin(), ratios.end());
  std::printf("%zu moves, budget %.0f ms: longest %.3f, median %.3f of the budget\n", ratios.size(), budget,
              ratios.back(), ratios[ratios.size() / 2]);
}
