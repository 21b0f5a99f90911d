// The eight symmetries of the board (rotations and reflections) on bitboards,
// squares and positions, for what matches positions "up to symmetry" in core
// (the expert-game database, the opening names). Numbered as the engine's
// patterns number them (engine/pattern.h): 0 identity, 1 mirror columns (H),
// 2 mirror rows (V), 3 both (HV), 4 transpose (T, the a1-h8 diagonal), 5 H after
// T, 6 V after T, 7 HV after T.
#pragma once

#include <array>
#include <bit>

#include "core/bitboard.h"
#include "core/position.h"
#include "core/square.h"

namespace reversi {

constexpr int kSymmetries = 8;

// The three generators of the symmetries, one copy for core and the engine (the
// pattern evaluation applies them to every position it evaluates: keep them cheap).
constexpr Bitboard mirror_rows(Bitboard b) {  // row r -> row 7-r: the bytes reversed
  return __builtin_bswap64(b);
}
constexpr Bitboard mirror_columns(Bitboard b) {  // column c -> column 7-c
  b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
  b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
  return ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
}
constexpr Bitboard transpose_board(Bitboard b) {  // (row, column) -> (column, row)
  Bitboard t = 0x0F0F0F0F00000000ULL & (b ^ (b << 28));
  b ^= t ^ (t >> 28);
  t = 0x3333000033330000ULL & (b ^ (b << 14));
  b ^= t ^ (t >> 14);
  t = 0x5500550055005500ULL & (b ^ (b << 7));
  b ^= t ^ (t >> 7);
  return b;
}

// Symmetry t (0..7) applied to a bitboard.
constexpr Bitboard transform(Bitboard b, int t) {
  if (t & 4) b = transpose_board(b);
  if (t & 1) b = mirror_columns(b);
  if (t & 2) b = mirror_rows(b);
  return b;
}

// Symmetry t applied to a square (PASS and NO_SQUARE stay as they are).
constexpr Square transform(Square s, int t) {
  if (!is_board_square(s)) return s;
  return Square(std::countr_zero(transform(Bitboard{1} << s, t)));
}

// The symmetry that undoes t.
constexpr int inverse_symmetry(int t) {
  for (int u = 0; u < kSymmetries; ++u)
    if (transform(transform(B1, t), u) == B1 && transform(transform(C4, t), u) == C4) return u;
  return 0;
}

// Symmetry t applied to a position (the side to move unchanged).
constexpr Position transform(const Position& p, int t) {
  return Position{transform(p.player, t), transform(p.opponent, t), p.to_move};
}

// The canonical image of a position: the least (player, opponent) pair over the
// eight symmetries, and the first symmetry giving it (transform(p, symmetry) ==
// form). Two positions are equal up to symmetry when their forms are equal.
struct CanonicalPosition {
  Position form;
  int symmetry = 0;
};
constexpr CanonicalPosition canonical_position(const Position& p) {
  CanonicalPosition best{p, 0};
  for (int t = 1; t < kSymmetries; ++t) {
    const Position q = transform(p, t);
    if (q.player < best.form.player || (q.player == best.form.player && q.opponent < best.form.opponent))
      best = {q, t};
  }
  return best;
}

}  // namespace reversi
