// A deliberately naive square-by-square reference for the rules (walk each of
// the eight directions on an 8x8 array), sharing nothing with the bitboard move
// generator: the tests cross-check the engine against it.
#pragma once

#include <array>
#include <vector>

#include "core/bitboard.h"

namespace reversi::naive {

// 0 empty, 1 the side to move, 2 the opponent; index row * 8 + column.
using Grid = std::array<int, 64>;

inline Grid to_grid(Bitboard P, Bitboard O) {
  Grid g{};
  for (int s = 0; s < 64; ++s) g[s] = (P >> s & 1) ? 1 : (O >> s & 1) ? 2 : 0;
  return g;
}

// The discs flipped by the mover playing on `square`, as a list of squares.
inline std::vector<int> flips(const Grid& g, int square) {
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

inline Bitboard as_bits(const std::vector<int>& squares) {
  Bitboard b = 0;
  for (int s : squares) b |= Bitboard{1} << s;
  return b;
}

inline Bitboard legal(const Grid& g) {
  Bitboard moves = 0;
  for (int s = 0; s < 64; ++s)
    if (!flips(g, s).empty()) moves |= Bitboard{1} << s;
  return moves;
}

// The colours swapped: the other side to move.
inline Grid swapped(const Grid& g) {
  Grid next = g;
  for (int& cell : next) cell = cell == 0 ? 0 : 3 - cell;
  return next;
}

// The mover plays `square` (legal), then the other side is to move.
inline Grid play(const Grid& g, int square) {
  Grid next = g;
  next[square] = 1;
  for (int s : flips(g, square)) next[s] = 1;
  return swapped(next);
}

}  // namespace reversi::naive
