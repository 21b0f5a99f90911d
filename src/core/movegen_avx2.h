// AVX2 move generation: the four directions of a group in one 256-bit vector
// (per-lane variable shifts), as Edax and Egaroucid do. Included by movegen.h
// when the target has AVX2.
#pragma once

#include <immintrin.h>

#include "core/bitboard.h"
#include "core/movegen_tables.h"

namespace reversi::detail {

inline Bitboard avx2_or_lanes(__m256i v) {
  __m128i r = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  r = _mm_or_si128(r, _mm_unpackhi_epi64(r, r));
  return static_cast<Bitboard>(_mm_cvtsi128_si64(r));
}

// Lanes: E/W (shift 1), S/N (8), SE/NW (9), SW/NE (7).
inline Bitboard avx2_legal_moves(Bitboard P, Bitboard O) {
  const __m256i shift1 = _mm256_set_epi64x(7, 9, 8, 1);
  const __m256i shift2 = _mm256_add_epi64(shift1, shift1);
  const __m256i edge = _mm256_set_epi64x(0x7E7E7E7E7E7E7E7ELL, 0x7E7E7E7E7E7E7E7ELL, -1LL,
                                         0x7E7E7E7E7E7E7E7ELL);
  const __m256i PP = _mm256_set1_epi64x(static_cast<long long>(P));
  const __m256i mO = _mm256_and_si256(_mm256_set1_epi64x(static_cast<long long>(O)), edge);
  __m256i fl = _mm256_and_si256(mO, _mm256_sllv_epi64(PP, shift1));
  __m256i fr = _mm256_and_si256(mO, _mm256_srlv_epi64(PP, shift1));
  fl = _mm256_or_si256(fl, _mm256_and_si256(mO, _mm256_sllv_epi64(fl, shift1)));
  fr = _mm256_or_si256(fr, _mm256_and_si256(mO, _mm256_srlv_epi64(fr, shift1)));
  const __m256i pl = _mm256_and_si256(mO, _mm256_sllv_epi64(mO, shift1));
  const __m256i pr = _mm256_srlv_epi64(pl, shift1);
  fl = _mm256_or_si256(fl, _mm256_and_si256(pl, _mm256_sllv_epi64(fl, shift2)));
  fr = _mm256_or_si256(fr, _mm256_and_si256(pr, _mm256_srlv_epi64(fr, shift2)));
  fl = _mm256_or_si256(fl, _mm256_and_si256(pl, _mm256_sllv_epi64(fl, shift2)));
  fr = _mm256_or_si256(fr, _mm256_and_si256(pr, _mm256_srlv_epi64(fr, shift2)));
  const __m256i m = _mm256_or_si256(_mm256_sllv_epi64(fl, shift1), _mm256_srlv_epi64(fr, shift1));
  return avx2_or_lanes(m) & ~(P | O);
}

// Up rays: the first non-opponent square is the lowest set bit (x & -x).
// Down rays: smear the non-opponent squares away from the square (doubling
// shifts); what is left of the ray next to the square is the opponent run, which
// flips if the square just beyond it holds a mover's disc.
inline Bitboard avx2_flips(int square, Bitboard P, Bitboard O) {
  const RayMasks& r = kRayMasks[square];
  const __m256i zero = _mm256_setzero_si256();
  const __m256i one = _mm256_set1_epi64x(1);
  const __m256i s1 = _mm256_set_epi64x(7, 9, 8, 1);
  const __m256i s2 = _mm256_add_epi64(s1, s1);
  const __m256i s4 = _mm256_add_epi64(s2, s2);
  const __m256i PP = _mm256_set1_epi64x(static_cast<long long>(P));
  const __m256i OO = _mm256_set1_epi64x(static_cast<long long>(O));
  const __m256i up = _mm256_load_si256(reinterpret_cast<const __m256i*>(r.up));
  const __m256i dn = _mm256_load_si256(reinterpret_cast<const __m256i*>(r.down));

  const __m256i nu = _mm256_andnot_si256(OO, up);
  const __m256i ou = _mm256_and_si256(_mm256_and_si256(nu, _mm256_sub_epi64(zero, nu)), PP);
  // (ou - 1) & up, or 0 when ou == 0 (cmpeq gives -1 there, which undoes the -1).
  const __m256i fu = _mm256_and_si256(
      _mm256_sub_epi64(_mm256_sub_epi64(ou, one), _mm256_cmpeq_epi64(ou, zero)), up);

  __m256i sm = _mm256_andnot_si256(OO, dn);
  sm = _mm256_or_si256(sm, _mm256_srlv_epi64(sm, s1));
  sm = _mm256_or_si256(sm, _mm256_srlv_epi64(sm, s2));
  sm = _mm256_or_si256(sm, _mm256_srlv_epi64(sm, s4));
  const __m256i run = _mm256_andnot_si256(sm, dn);
  const __m256i sqb = _mm256_set1_epi64x(static_cast<long long>(bit(square)));
  // `& dn`: a run reaching the board edge shifts off the ray (wrapping), never a flank.
  const __m256i beyond = _mm256_and_si256(_mm256_srlv_epi64(_mm256_or_si256(run, sqb), s1),
                                          _mm256_and_si256(PP, dn));
  const __m256i fd = _mm256_andnot_si256(_mm256_cmpeq_epi64(beyond, zero), run);
  return avx2_or_lanes(_mm256_or_si256(fu, fd));
}

}  // namespace reversi::detail
