#include "ui/animation.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace reversi::ui {

MoveAnimation MoveAnimation::of_move(const Position& before, Square placed, double start_ms,
                                     double per_stone_ms) {
  MoveAnimation a;
  a.before = before;
  a.placed = placed;
  a.mover = before.to_move;
  a.start_ms = start_ms;
  a.per_stone_ms = std::max(0.0, per_stone_ms);
  for (Bitboard f = before.flips(placed); f; f &= f - 1) a.flips.push_back(Square(lowest_square(f)));
  // Nearest first, so the turning runs outward from the new stone like a wave.
  auto distance = [placed](Square s) {
    return std::max(std::abs(column_of(s) - column_of(placed)), std::abs(row_of(s) - row_of(placed)));
  };
  std::stable_sort(a.flips.begin(), a.flips.end(),
                   [&](Square x, Square y) { return distance(x) < distance(y); });
  return a;
}

double MoveAnimation::progress(int k, double now_ms) const {
  if (per_stone_ms <= 0) return 1;
  const double t = (now_ms - start_ms) / per_stone_ms - k;
  return std::clamp(t, 0.0, 1.0);
}

int MoveAnimation::turned(double now_ms) const {
  int n = 0;
  for (int k = 0; k < int(flips.size()); ++k)
    if (progress(k, now_ms) >= 0.5) ++n;
  return n;
}

Bitboard MoveAnimation::shown_black(double now_ms) const {
  Bitboard black = before.black(), white = before.white();
  Bitboard& mine = mover == Color::Black ? black : white;
  Bitboard& theirs = mover == Color::Black ? white : black;
  mine |= bit(placed);
  const int n = turned(now_ms);
  for (int k = 0; k < n; ++k) {
    mine |= bit(flips[k]);
    theirs &= ~bit(flips[k]);
  }
  return black;
}

Bitboard MoveAnimation::shown_white(double now_ms) const {
  Bitboard occupied = before.occupied() | bit(placed);
  return occupied & ~shown_black(now_ms);
}

}  // namespace reversi::ui
