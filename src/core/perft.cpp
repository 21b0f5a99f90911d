#include "core/perft.h"

namespace reversi {

namespace {
std::uint64_t count(Bitboard P, Bitboard O, int depth) {
  const Bitboard moves = legal_moves(P, O);
  if (!moves) {
    if (!legal_moves(O, P)) return 1;  // game over before the depth: one leaf
    return depth == 1 ? 1 : count(O, P, depth - 1);  // a pass is a ply
  }
  // The last ply is counted in bulk from the mobility mask.
  if (depth == 1) return static_cast<std::uint64_t>(popcount(moves));
  std::uint64_t leaves = 0;
  for (Bitboard m = moves; m; m &= m - 1) {
    const int sq = lowest_square(m);
    const Bitboard f = flips(sq, P, O);
    leaves += count(O & ~f, P | f | bit(sq), depth - 1);
  }
  return leaves;
}
}  // namespace

std::uint64_t perft(const Position& position, int depth) {
  if (depth <= 0) return 1;
  return count(position.player, position.opponent, depth);
}

}  // namespace reversi
