// Bitboards: one bit a square, bit 0 = a1, bit 7 = h1, bit 56 = a8, bit 63 = h8
// (row by row from the top, as in board strings and OBF files).
#pragma once

#include <bit>
#include <cstdint>

namespace reversi {

using Bitboard = std::uint64_t;

constexpr Bitboard kEmptyBoard = 0;
constexpr Bitboard kFullBoard = ~Bitboard{0};
constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kFileH = 0x8080808080808080ULL;
constexpr Bitboard kNotFileA = ~kFileA;
constexpr Bitboard kNotFileH = ~kFileH;
constexpr Bitboard kCorners = 0x8100000000000081ULL;

constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr int lowest_square(Bitboard b) { return std::countr_zero(b); }
constexpr Bitboard bit(int square) { return Bitboard{1} << square; }

// The squares next to a square of b in any of the eight directions, b's own
// squares left out (the frontier: where a move may touch b).
constexpr Bitboard neighbours(Bitboard b) {
  const Bitboard h = ((b << 1) & kNotFileA) | ((b >> 1) & kNotFileH) | b;
  return (h | (h << 8) | (h >> 8)) & ~b;
}

// The square of the n-th set bit of b (n = 0 for the lowest); precondition: n < popcount(b).
constexpr int nth_square(Bitboard b, int n) {
  for (; n > 0; --n) b &= b - 1;
  return lowest_square(b);
}

// File `file` (0 = a .. 7 = h) of b packed into a byte, bit r = the square on
// row r + 1 (a1 lowest). The file's bits are one byte apart; the multiplier
// shifts each into its own bit of the top byte, so no two sums collide.
constexpr unsigned file_byte(Bitboard b, int file = 0) {
  return static_cast<unsigned>((((b >> file) & kFileA) * 0x0102040810204080ULL) >> 56);
}

// Iterate squares of a bitboard: for (Bitboard m = b; m; m &= m - 1) use lowest_square(m).

}  // namespace reversi
