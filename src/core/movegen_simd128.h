// WebAssembly SIMD128 mobility (built with -msimd128). WebAssembly shifts move
// both 64-bit lanes by the same count, so lane 1 holds the board bit-reversed
// (square s -> 63 - s): a left shift there is a right shift on the real board,
// and one pass of four left shifts covers all eight directions. Flips use the
// scalar code, which is already branch-free i64 arithmetic.
#pragma once

#include <wasm_simd128.h>

#include "core/bitboard.h"
#include "core/movegen_scalar.h"

namespace reversi::detail {

// Reverses the 64 bits of each lane: bytes by a shuffle, bits within bytes by a
// nibble table lookup.
inline v128_t simd128_reverse_bits(v128_t v) {
  const v128_t byte_rev = wasm_i8x16_const(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
  const v128_t nib_rev = wasm_i8x16_const(0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15);
  const v128_t low4 = wasm_i8x16_splat(0x0F);
  v = wasm_i8x16_swizzle(v, byte_rev);
  const v128_t lo = wasm_i8x16_swizzle(nib_rev, wasm_v128_and(v, low4));
  const v128_t hi = wasm_i8x16_swizzle(nib_rev, wasm_u8x16_shr(v, 4));
  return wasm_v128_or(wasm_i8x16_shl(lo, 4), hi);
}

template <int kShift>
inline v128_t simd128_moves_dir(v128_t PP, v128_t mO) {
  v128_t f = wasm_v128_and(mO, wasm_i64x2_shl(PP, kShift));
  f = wasm_v128_or(f, wasm_v128_and(mO, wasm_i64x2_shl(f, kShift)));
  const v128_t pre = wasm_v128_and(mO, wasm_i64x2_shl(mO, kShift));
  f = wasm_v128_or(f, wasm_v128_and(pre, wasm_i64x2_shl(f, 2 * kShift)));
  f = wasm_v128_or(f, wasm_v128_and(pre, wasm_i64x2_shl(f, 2 * kShift)));
  return wasm_i64x2_shl(f, kShift);
}

inline Bitboard simd128_legal_moves(Bitboard P, Bitboard O) {
  // (P, O) reversed together, then lanes regrouped as (P, rev P) and (O, rev O).
  const v128_t po = wasm_i64x2_make(static_cast<long long>(P), static_cast<long long>(O));
  const v128_t rpo = simd128_reverse_bits(po);
  const v128_t PP = wasm_i64x2_shuffle(po, rpo, 0, 2);
  const v128_t OO = wasm_i64x2_shuffle(po, rpo, 1, 3);
  // The side-edge mask is symmetric under reversal, so it serves both lanes.
  const v128_t inner = wasm_v128_and(OO, wasm_i64x2_splat(0x7E7E7E7E7E7E7E7ELL));
  const v128_t m = wasm_v128_or(
      wasm_v128_or(simd128_moves_dir<1>(PP, inner), simd128_moves_dir<8>(PP, OO)),
      wasm_v128_or(simd128_moves_dir<9>(PP, inner), simd128_moves_dir<7>(PP, inner)));
  const v128_t back = simd128_reverse_bits(m);  // lane 1 back to board order
  const Bitboard moves = static_cast<Bitboard>(wasm_i64x2_extract_lane(m, 0)) |
                         static_cast<Bitboard>(wasm_i64x2_extract_lane(back, 1));
  return moves & ~(P | O);
}

}  // namespace reversi::detail
