// Ray masks for the flip generators: for each square, the squares met walking
// from it (excluded) to the board edge in each of the eight directions. Built at
// compile time. "Up" rays go towards higher bit indices (E, S, SE, SW), "down"
// rays towards lower ones (W, N, NW, NE); lane k of one group pairs with lane k
// of the other (same line, opposite sides), which lets SIMD paths treat each
// group of four as one 256-bit vector.
#pragma once

#include <array>
#include <cstdint>

#include "core/bitboard.h"

namespace reversi::detail {

// Steps (column, row) of the directions, in lane order.
inline constexpr int kUpStep[4][2] = {{1, 0}, {0, 1}, {1, 1}, {-1, 1}};     // E, S, SE, SW
inline constexpr int kDownStep[4][2] = {{-1, 0}, {0, -1}, {-1, -1}, {1, -1}};  // W, N, NW, NE
// Bit distance of one step in each lane (the same for up and down, with opposite signs).
inline constexpr int kLaneShift[4] = {1, 8, 9, 7};

struct alignas(32) RayMasks {
  Bitboard up[4];
  Bitboard down[4];
};

constexpr Bitboard ray(int square, int dc, int dr) {
  Bitboard r = 0;
  int c = square % 8 + dc, row = square / 8 + dr;
  while (c >= 0 && c < 8 && row >= 0 && row < 8) {
    r |= Bitboard{1} << (row * 8 + c);
    c += dc;
    row += dr;
  }
  return r;
}

constexpr std::array<RayMasks, 64> make_ray_masks() {
  std::array<RayMasks, 64> t{};
  for (int sq = 0; sq < 64; ++sq)
    for (int k = 0; k < 4; ++k) {
      t[sq].up[k] = ray(sq, kUpStep[k][0], kUpStep[k][1]);
      t[sq].down[k] = ray(sq, kDownStep[k][0], kDownStep[k][1]);
    }
  return t;
}

alignas(64) inline constexpr std::array<RayMasks, 64> kRayMasks = make_ray_masks();

}  // namespace reversi::detail
