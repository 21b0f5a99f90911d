#include "core/perft.h"

namespace reversi {

namespace {
// Leaves below a position two plies from the horizon: each reply's own replies
// are counted in bulk (popcount of the mobility mask), so the last ply costs no
// make-move at all and the one before costs one flip computation per move.
std::uint64_t count2(Bitboard P, Bitboard O, Bitboard moves) {
  std::uint64_t leaves = 0;
  for (Bitboard m = moves; m; m &= m - 1) {
    const int sq = lowest_square(m);
    const Bitboard f = flips(sq, P, O);
    const Bitboard nP = O & ~f, nO = P | f | bit(sq);  // the opponent to move
    const Bitboard replies = legal_moves(nP, nO);
    // No reply: a pass (one leaf) or the end of the game (one leaf as well).
    leaves += replies ? static_cast<std::uint64_t>(popcount(replies)) : 1;
  }
  return leaves;
}

std::uint64_t count(Bitboard P, Bitboard O, int depth) {
  const Bitboard moves = legal_moves(P, O);
  if (!moves) {
    if (!legal_moves(O, P)) return 1;  // game over before the depth: one leaf
    return depth == 1 ? 1 : count(O, P, depth - 1);  // a pass is a ply
  }
  // The last ply is counted in bulk from the mobility mask.
  if (depth == 1) return static_cast<std::uint64_t>(popcount(moves));
  if (depth == 2) return count2(P, O, moves);
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
