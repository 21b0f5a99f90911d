// Legal moves and flips on bitboards, from the point of view of the side to move:
// P = the mover's discs, O = the opponent's. These are the hottest functions of
// the engine, so they are inline. This is the portable reference implementation;
// faster paths may replace the bodies as long as tests/test_movegen keeps passing.
#pragma once

#include "core/bitboard.h"

namespace reversi {

namespace detail {
// Shifts one step in a direction, dropping discs that would wrap around an edge.
template <int kDir>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (kDir == 1) return (b << 1) & kNotFileA;   // east
  if constexpr (kDir == -1) return (b >> 1) & kNotFileH;  // west
  if constexpr (kDir == 8) return b << 8;                 // south
  if constexpr (kDir == -8) return b >> 8;                // north
  if constexpr (kDir == 9) return (b << 9) & kNotFileA;   // south-east
  if constexpr (kDir == 7) return (b << 7) & kNotFileH;   // south-west
  if constexpr (kDir == -7) return (b >> 7) & kNotFileA;  // north-east
  if constexpr (kDir == -9) return (b >> 9) & kNotFileH;  // north-west
  return 0;
}

template <int kDir>
constexpr Bitboard moves_in_direction(Bitboard P, Bitboard O) {
  Bitboard t = shift<kDir>(P) & O;
  t |= shift<kDir>(t) & O;
  t |= shift<kDir>(t) & O;
  t |= shift<kDir>(t) & O;
  t |= shift<kDir>(t) & O;
  t |= shift<kDir>(t) & O;
  return shift<kDir>(t);
}

template <int kDir>
constexpr Bitboard flips_in_direction(Bitboard move, Bitboard P, Bitboard O) {
  Bitboard line = 0;
  Bitboard x = shift<kDir>(move);
  while (x & O) {
    line |= x;
    x = shift<kDir>(x);
  }
  return (x & P) ? line : 0;
}
}  // namespace detail

// Squares where the mover may play: empty, and flanking at least one opponent disc.
constexpr Bitboard legal_moves(Bitboard P, Bitboard O) {
  using namespace detail;
  const Bitboard moves = moves_in_direction<1>(P, O) | moves_in_direction<-1>(P, O) |
                         moves_in_direction<8>(P, O) | moves_in_direction<-8>(P, O) |
                         moves_in_direction<9>(P, O) | moves_in_direction<-9>(P, O) |
                         moves_in_direction<7>(P, O) | moves_in_direction<-7>(P, O);
  return moves & ~(P | O);
}

// Opponent discs turned over by the mover playing on `square` (empty if illegal).
constexpr Bitboard flips(int square, Bitboard P, Bitboard O) {
  using namespace detail;
  const Bitboard m = bit(square);
  return flips_in_direction<1>(m, P, O) | flips_in_direction<-1>(m, P, O) |
         flips_in_direction<8>(m, P, O) | flips_in_direction<-8>(m, P, O) |
         flips_in_direction<9>(m, P, O) | flips_in_direction<-9>(m, P, O) |
         flips_in_direction<7>(m, P, O) | flips_in_direction<-7>(m, P, O);
}

}  // namespace reversi
