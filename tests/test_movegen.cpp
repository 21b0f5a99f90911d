// Cross-checks the bitboard move generator against a deliberately naive
// square-by-square reference (naive_reference.h): perft against a naive perft.
#include <catch2/catch.hpp>

#include <array>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "core/position.h"
#include "core/random_positions.h"
#include "naive_reference.h"

using namespace reversi;

namespace {

using naive::Grid;
using naive::to_grid;

// Naive perft with the same conventions as reversi::perft: a pass is a ply and
// a finished game is one leaf.
std::uint64_t naive_perft(const Grid& g, int depth) {
  if (depth == 0) return 1;
  const Bitboard moves = naive::legal(g);
  if (!moves) {
    const Grid other = naive::swapped(g);
    if (!naive::legal(other)) return 1;
    return naive_perft(other, depth - 1);
  }
  std::uint64_t total = 0;
  for (int s = 0; s < 64; ++s)
    if (moves >> s & 1) total += naive_perft(naive::play(g, s), depth - 1);
  return total;
}

}  // namespace

// legal_moves, flips and play against the reference on random games and arbitrary
// boards: test_scale.cpp ([movegen] for 10,000 positions, [scale] for 10^6).

TEST_CASE("perft agrees with a naive perft", "[movegen][perft]") {
  const Position start = Position::initial();
  const Grid g0 = to_grid(start.player, start.opponent);
  for (int depth = 1; depth <= 6; ++depth) {
    INFO("depth " << depth);
    CHECK(perft(start, depth) == naive_perft(g0, depth));
  }
  // Mid-game and near-end positions, where passes and game ends occur.
  const auto positions = random_game_positions(7, 3000, true);
  for (std::size_t i = 0; i < positions.size(); i += 97) {
    const Position& p = positions[i];
    const int depth = p.empty_count() <= 12 ? 5 : 3;
    INFO(to_diagram(p) << "depth " << depth);
    CHECK(perft(p, depth) == naive_perft(to_grid(p.player, p.opponent), depth));
  }
}
