// The flip animation of one move, as a pure function of time: the placed stone
// appears at once, then the flanked stones turn over one at a time, nearest to
// the placed stone first (ties in reading order). Stone k turns during
// [start + k*per_stone, start + (k+1)*per_stone); it shows (and counts as) its
// new colour from the middle of that interval. per_stone 0 = instant.
#pragma once

#include <vector>

#include "core/bitboard.h"
#include "core/position.h"
#include "core/square.h"

namespace reversi::ui {

struct MoveAnimation {
  Position before;                 // the position the move was played from
  Square placed = NO_SQUARE;
  Color mover = Color::Black;
  std::vector<Square> flips;       // in the order they turn
  double start_ms = 0;
  double per_stone_ms = 0;

  // Builds the animation of `before.play(placed)` starting at `start_ms`.
  static MoveAnimation of_move(const Position& before, Square placed, double start_ms,
                               double per_stone_ms);

  double end_ms() const { return start_ms + per_stone_ms * double(flips.size()); }
  bool done(double now_ms) const { return now_ms >= end_ms(); }
  // How many of the flips show their new colour at `now_ms`.
  int turned(double now_ms) const;
  // Turning progress of flip k at now_ms: 0 = not started, 1 = finished.
  double progress(int k, double now_ms) const;
  // Black and white discs as shown at `now_ms` (placed stone always shown).
  Bitboard shown_black(double now_ms) const;
  Bitboard shown_white(double now_ms) const;
};

}  // namespace reversi::ui
