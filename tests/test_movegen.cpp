// Cross-checks the bitboard move generator against a deliberately naive
// square-by-square reference (walk each of the eight directions on an 8x8
// array), on random reachable positions, and perft against a naive perft.
#include <catch2/catch.hpp>

#include <array>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "core/position.h"
#include "core/random_positions.h"

using namespace reversi;

namespace {

// 0 empty, 1 the side to move, 2 the opponent; index row * 8 + column.
using Grid = std::array<int, 64>;

Grid to_grid(Bitboard P, Bitboard O) {
  Grid g{};
  for (int s = 0; s < 64; ++s) g[s] = (P >> s & 1) ? 1 : (O >> s & 1) ? 2 : 0;
  return g;
}

// The discs flipped by the mover playing at (row, col), as a list of squares.
std::vector<int> naive_flips(const Grid& g, int square) {
  std::vector<int> flipped;
  if (g[square] != 0) return flipped;
  const int row = square / 8, col = square % 8;
  for (int dr = -1; dr <= 1; ++dr)
    for (int dc = -1; dc <= 1; ++dc) {
      if (dr == 0 && dc == 0) continue;
      std::vector<int> line;
      int r = row + dr, c = col + dc;
      while (r >= 0 && r < 8 && c >= 0 && c < 8 && g[r * 8 + c] == 2) {
        line.push_back(r * 8 + c);
        r += dr, c += dc;
      }
      if (!line.empty() && r >= 0 && r < 8 && c >= 0 && c < 8 && g[r * 8 + c] == 1)
        flipped.insert(flipped.end(), line.begin(), line.end());
    }
  return flipped;
}

Bitboard as_bits(const std::vector<int>& squares) {
  Bitboard b = 0;
  for (int s : squares) b |= Bitboard{1} << s;
  return b;
}

Bitboard naive_legal(const Grid& g) {
  Bitboard moves = 0;
  for (int s = 0; s < 64; ++s)
    if (!naive_flips(g, s).empty()) moves |= Bitboard{1} << s;
  return moves;
}

Grid naive_play(const Grid& g, int square) {
  Grid next = g;
  next[square] = 1;
  for (int s : naive_flips(g, square)) next[s] = 1;
  for (int& cell : next) cell = cell == 0 ? 0 : 3 - cell;  // the other side moves next
  return next;
}

// Naive perft with the same conventions as reversi::perft: a pass is a ply and
// a finished game is one leaf.
std::uint64_t naive_perft(const Grid& g, int depth) {
  if (depth == 0) return 1;
  const Bitboard moves = naive_legal(g);
  if (!moves) {
    Grid swapped = g;
    for (int& cell : swapped) cell = cell == 0 ? 0 : 3 - cell;
    if (!naive_legal(swapped)) return 1;
    return naive_perft(swapped, depth - 1);
  }
  std::uint64_t total = 0;
  for (int s = 0; s < 64; ++s)
    if (moves >> s & 1) total += naive_perft(naive_play(g, s), depth - 1);
  return total;
}

}  // namespace

TEST_CASE("legal_moves and flips agree with a naive reference on 10,000 positions",
          "[movegen]") {
  const auto positions = random_game_positions(20261122, 10000, true);
  int near_end = 0, passes = 0, over = 0;
  for (const Position& p : positions) {
    const Grid g = to_grid(p.player, p.opponent);
    const Bitboard expected = naive_legal(g);
    const Bitboard moves = legal_moves(p.player, p.opponent);
    if (moves != expected) {
      INFO(to_diagram(p));
      REQUIRE(moves == expected);
    }
    for (int s = 0; s < 64; ++s) {
      if (g[s] != 0) continue;  // flips() is defined for empty squares (zero where illegal)
      const Bitboard f = flips(s, p.player, p.opponent);
      const Bitboard want = as_bits(naive_flips(g, s));
      if (f != want) {
        INFO(to_diagram(p) << "square " << square_name(Square(s)));
        REQUIRE(f == want);
      }
    }
    near_end += p.empty_count() <= 10;
    passes += p.must_pass();
    over += p.is_game_over();
  }
  // The sample really covers the end of games and passes.
  CHECK(near_end > 500);
  CHECK(passes > 0);
  CHECK(over > 0);
}

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
