// Legal moves and flips on bitboards, from the point of view of the side to move:
// P = the mover's discs, O = the opponent's. These are the hottest functions of
// the engine, so they are inline. One implementation is chosen at build time:
//   - AVX2 (x86-64-v3 and up): movegen_avx2.h, four directions per vector;
//   - WebAssembly SIMD128 (-msimd128): movegen_simd128.h for mobility;
//   - otherwise the portable branch-free code in movegen_scalar.h.
// Define REVERSI_SCALAR_MOVEGEN to force the portable path (CMake REVERSI_SIMD=NONE).
// The straightforward reference versions stay below (detail::reference_*): they
// serve constant evaluation and the cross-checks in the tests.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "core/bitboard.h"
#include "core/movegen_scalar.h"

#if !defined(REVERSI_SCALAR_MOVEGEN) && defined(__AVX2__)
#define REVERSI_MOVEGEN_AVX2 1
#include "core/movegen_avx2.h"
#elif !defined(REVERSI_SCALAR_MOVEGEN) && defined(__wasm_simd128__)
#define REVERSI_MOVEGEN_SIMD128 1
#include "core/movegen_simd128.h"
#endif

namespace reversi {

// The most legal moves any 64-square board can have, however strange: every legal
// move is an empty square. Positions reached in play have at most 33, but a board
// typed in (NBoard's BO[], a board string, the board editor) can have more, so
// every move list, child array and similar buffer is sized by this bound.
inline constexpr int kMaxMoves = 64;

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
// Straightforward versions (one direction at a time, loops): the reference.
constexpr Bitboard reference_legal_moves(Bitboard P, Bitboard O) {
  const Bitboard moves = moves_in_direction<1>(P, O) | moves_in_direction<-1>(P, O) |
                         moves_in_direction<8>(P, O) | moves_in_direction<-8>(P, O) |
                         moves_in_direction<9>(P, O) | moves_in_direction<-9>(P, O) |
                         moves_in_direction<7>(P, O) | moves_in_direction<-7>(P, O);
  return moves & ~(P | O);
}

constexpr Bitboard reference_flips(int square, Bitboard P, Bitboard O) {
  const Bitboard m = bit(square);
  return flips_in_direction<1>(m, P, O) | flips_in_direction<-1>(m, P, O) |
         flips_in_direction<8>(m, P, O) | flips_in_direction<-8>(m, P, O) |
         flips_in_direction<9>(m, P, O) | flips_in_direction<-9>(m, P, O) |
         flips_in_direction<7>(m, P, O) | flips_in_direction<-7>(m, P, O);
}
}  // namespace detail

// Name of the implementation compiled in ("avx2", "simd128" or "scalar").
constexpr const char* movegen_implementation() {
#if defined(REVERSI_MOVEGEN_AVX2)
  return "avx2";
#elif defined(REVERSI_MOVEGEN_SIMD128)
  return "simd128";
#else
  return "scalar";
#endif
}

// Squares where the mover may play: empty, and flanking at least one opponent disc.
constexpr Bitboard legal_moves(Bitboard P, Bitboard O) {
  if (std::is_constant_evaluated()) return detail::reference_legal_moves(P, O);
#if defined(REVERSI_MOVEGEN_AVX2)
  return detail::avx2_legal_moves(P, O);
#elif defined(REVERSI_MOVEGEN_SIMD128)
  return detail::simd128_legal_moves(P, O);
#else
  return detail::scalar_legal_moves(P, O);
#endif
}

// Opponent discs turned over by the mover playing on the empty `square` (none if
// the move is illegal). For an occupied square the result is meaningless: callers
// check legality first (Position::is_legal, or a bit of legal_moves()).
constexpr Bitboard flips(int square, Bitboard P, Bitboard O) {
  if (std::is_constant_evaluated()) return detail::reference_flips(square, P, O);
#if defined(REVERSI_MOVEGEN_AVX2)
  return detail::avx2_flips(square, P, O);
#else
  return detail::scalar_flips(square, P, O);
#endif
}

namespace detail {

// kLastFlip[pos][line]: discs turned over along one line of 8 when the mover
// plays at `pos` of a line whose other squares are all occupied, the mover's
// being the bits of `line`. Squares of a diagonal shorter than 8 read as 0
// beyond its ends (the opponent's, by this table), and a run that reaches the
// end of the line is unflanked, so they count nothing, as they should.
constexpr std::array<std::array<std::uint8_t, 256>, 8> make_last_flip() {
  std::array<std::array<std::uint8_t, 256>, 8> t{};
  for (int pos = 0; pos < 8; ++pos)
    for (int line = 0; line < 256; ++line) {
      int count = 0;
      for (const int dir : {-1, 1}) {
        int k = pos + dir, run = 0;
        while (k >= 0 && k < 8 && !((line >> k) & 1)) {
          ++run;
          k += dir;
        }
        if (k >= 0 && k < 8) count += run;
      }
      t[pos][line] = std::uint8_t(count);
    }
  return t;
}
inline constexpr auto kLastFlip = make_last_flip();

}  // namespace detail

// The number of discs the mover turns over by playing `square` when it is the
// board's only empty square (so every other square is P's or the opponent's):
// popcount(flips(square, P, ~P & ~bit(square))), from four table lookups
// instead of a flip computation. The exact solver scores its last move with it.
constexpr int last_flip_count(int square, Bitboard P) {
  const int r = square >> 3, c = square & 7;
  // Each line's bits gathered in column order (for the column, row order); a
  // multiply sums bytes or bits that never overlap, so it gathers them.
  const int row = int((P >> (8 * r)) & 0xFF);
  const int col = int(file_byte(P, c));
  const detail::RayMasks& rays = detail::kRayMasks[square];  // lanes 2, 3: the two diagonals
  const int diag = int(((P & (rays.up[2] | rays.down[2])) * kFileA) >> 56);
  const int anti = int(((P & (rays.up[3] | rays.down[3])) * kFileA) >> 56);
  return detail::kLastFlip[c][row] + detail::kLastFlip[r][col] + detail::kLastFlip[c][diag] +
         detail::kLastFlip[c][anti];
}

}  // namespace reversi
