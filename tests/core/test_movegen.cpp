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
// boards: test_movegen_scale.cpp ([movegen] for 10,000 positions, [scale] for 10^6).

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

// The solver scores the last move with last_flip_count: against the flips of
// the move generator (and the naive reference) on boards with one empty square,
// for every square, with random owners and with the empty square's lines all
// one colour (the longest runs, up to six discs a direction).
TEST_CASE("last_flip_count equals the flips of the only empty square", "[movegen]") {
  std::uint64_t state = 0x9E3779B97F4A7C15ULL;
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  int checked = 0, flipping = 0;
  for (int round = 0; round < 2000; ++round) {
    Bitboard owners = next();
    if (round % 4 == 1) owners &= next();  // boards mostly the opponent's
    if (round % 4 == 2) owners |= next();  // mostly the mover's
    for (int sq = 0; sq < 64; ++sq) {
      const Bitboard P = owners & ~bit(sq), O = ~owners & ~bit(sq);
      const int want = popcount(flips(sq, P, O));
      REQUIRE(last_flip_count(sq, P) == want);
      REQUIRE(want == int(naive::flips(to_grid(P, O), sq).size()));
      ++checked;
      flipping += want > 0;
    }
  }
  // Lines all the opponent's but for one mover's disc at the far end.
  for (int sq = 0; sq < 64; ++sq)
    for (Bitboard far = kCorners | 0xFF818181818181FFULL; far; far &= far - 1) {
      const int f = lowest_square(far);
      if (f == sq) continue;
      const Bitboard P = bit(f), O = ~P & ~bit(sq);
      REQUIRE(last_flip_count(sq, P) == popcount(flips(sq, P, O)));
    }
  CHECK(checked == 128000);
  CHECK(flipping > 50000);  // the cases are not all zeros
}
