// Portable branch-free move generation on 64-bit integers (any compiler, any
// target; WebAssembly runs it natively on i64). Included by movegen.h.
#pragma once

#include <bit>

#include "core/bitboard.h"
#include "core/movegen_tables.h"

namespace reversi::detail {

// Mobility by direction pairs with a doubling fill (Edax's scheme): the run of
// opponent discs next to a mover's disc is grown 1, 1, 2, 2 squares, which
// covers the longest possible run of 6.
template <int kShift>
inline Bitboard scalar_moves_pair(Bitboard P, Bitboard mO) {
  Bitboard fl = mO & (P << kShift);
  Bitboard fr = mO & (P >> kShift);
  fl |= mO & (fl << kShift);
  fr |= mO & (fr >> kShift);
  const Bitboard pl = mO & (mO << kShift);
  const Bitboard pr = pl >> kShift;
  fl |= pl & (fl << (2 * kShift));
  fr |= pr & (fr >> (2 * kShift));
  fl |= pl & (fl << (2 * kShift));
  fr |= pr & (fr >> (2 * kShift));
  return (fl << kShift) | (fr >> kShift);
}

inline Bitboard scalar_legal_moves(Bitboard P, Bitboard O) {
  const Bitboard inner = O & 0x7E7E7E7E7E7E7E7EULL;  // no wrap across the side edges
  const Bitboard moves = scalar_moves_pair<1>(P, inner) | scalar_moves_pair<8>(P, O) |
                         scalar_moves_pair<9>(P, inner) | scalar_moves_pair<7>(P, inner);
  return moves & ~(P | O);
}

// Flips by rays: going up, the first non-opponent square is the lowest set bit
// of ~O & ray; going down, the highest (count leading zeros). If that square
// holds a mover's disc, the squares between are flipped.
inline Bitboard scalar_flips(int square, Bitboard P, Bitboard O) {
  const RayMasks& r = kRayMasks[square];
  Bitboard f = 0;
  for (int k = 0; k < 4; ++k) {
    const Bitboard up = r.up[k];
    const Bitboard nu = up & ~O;
    const Bitboard ou = nu & (0 - nu) & P;
    f |= (ou - (ou != 0)) & up;
    const Bitboard dn = r.down[k];
    // `| 1` keeps clz defined; the `& dn` drops that stand-in bit when it is off the ray.
    const Bitboard od = (0x8000000000000000ULL >> std::countl_zero((dn & ~O) | 1)) & P & dn;
    f |= (0 - (od << 1)) & dn;
  }
  return f;
}

}  // namespace reversi::detail
