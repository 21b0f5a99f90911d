// The exact solver near the end (n <= 7 empties), where most of its nodes are:
// no hash table, no move list, no ordering beyond a static one.
//
//   n <= 4   solve_1 .. solve_small<4>: no move generation (the empties are
//            tried in turn, a square next to no opponent disc skipped at once),
//            quadrant-parity order, the last move scored by counting its flips;
//   n 5-7    nws_shallow: null-window search, stability cutoff; fastest first
//            at 7 empties (kShallowSortEmpties), parity then square class
//            at 5-6.
//
// Everything here calls only into this file (and the move generator), so the
// compiler inlines these layers into each other; the one entry from outside
// is Worker::nws_last, once per node with 7 or fewer empties reached from the
// table-driven search (endgame_nws.cpp).
#include <algorithm>
#include <array>

#include "engine/endgame_worker.h"
#include "engine/stability.h"

namespace reversi::endgame {

namespace {

// Squares adjacent to each square: a move needs an opponent disc among them.
constexpr std::array<Bitboard, 64> make_neighbours() {
  std::array<Bitboard, 64> t{};
  for (int sq = 0; sq < 64; ++sq) t[sq] = neighbours(bit(sq));
  return t;
}
constexpr std::array<Bitboard, 64> kNeighbour = make_neighbours();

}  // namespace

// One empty square: score the last move by counting its flips (table lookups
// along its four lines, core/movegen.h) without playing it.
inline int Worker::solve_1(Bitboard P, Bitboard O, int x) {
  ++nodes;
  const int p = popcount(P);
  int n = last_flip_count(x, P);
  if (n) return 2 * (p + n) - 62;
  n = last_flip_count(x, O);
  if (n) return 2 * (p - n) - 64;
  return p >= 32 ? 2 * p - 62 : 2 * p - 64;  // nobody can play: 2p - 63 +/- the empty
}

inline int Worker::solve_2(Bitboard P, Bitboard O, int alpha, int x1, int x2) {
  ++nodes;
  int best = -kInf;
  Bitboard f;
  if ((O & kNeighbour[x1]) && (f = flips(x1, P, O))) {
    best = -solve_1(O & ~f, P | f | bit(x1), x2);
    if (best > alpha) return best;
  }
  if ((O & kNeighbour[x2]) && (f = flips(x2, P, O)))
    return std::max(best, -solve_1(O & ~f, P | f | bit(x2), x1));
  if (best > -kInf) return best;
  // Pass: the opponent moves, P's score is the minimum.
  ++nodes;
  best = kInf;
  if ((P & kNeighbour[x1]) && (f = flips(x1, O, P))) {
    best = solve_1(P & ~f, O | f | bit(x1), x2);
    if (best <= alpha) return best;
  }
  if ((P & kNeighbour[x2]) && (f = flips(x2, O, P)))
    return std::min(best, solve_1(P & ~f, O | f | bit(x2), x1));
  if (best < kInf) return best;
  return final_score(P, O);
}

template <int N>
int Worker::solve_small(Bitboard P, Bitboard O, int alpha, const int* sq, bool passed) {
  ++nodes;
  int best = -kInf;
  for (int i = 0; i < N; ++i) {
    const int x = sq[i];
    if (!(O & kNeighbour[x])) continue;
    const Bitboard f = flips(x, P, O);
    if (!f) continue;
    int rest[N - 1];
    for (int j = 0, k = 0; j < N; ++j)
      if (j != i) rest[k++] = sq[j];
    int v;
    if constexpr (N == 3)
      v = -solve_2(O & ~f, P | f | bit(x), -(alpha + 1), rest[0], rest[1]);
    else
      v = -solve_small<N - 1>(O & ~f, P | f | bit(x), -(alpha + 1), rest, false);
    if (v > best) {
      best = v;
      if (v > alpha) return v;
    }
  }
  if (best > -kInf) return best;
  if (passed) return final_score(P, O);
  return -solve_small<N>(O, P, -(alpha + 1), sq, true);
}

// Four empties: squares in odd quadrants first (the parity rule: aim to play
// last in each region).
int Worker::solve_4_entry(Bitboard P, Bitboard O, int alpha, int parity) {
  const Bitboard E = ~(P | O);
  int sq[4], k = 0;
  const Bitboard odd = sh_.tuning.parity ? kParityMask[parity] : 0;
  for (Bitboard m = E & odd; m; m &= m - 1) sq[k++] = lowest_square(m);
  for (Bitboard m = E & ~odd; m; m &= m - 1) sq[k++] = lowest_square(m);
  return solve_small<4>(P, O, alpha, sq, false);
}

int Worker::nws_shallow(Bitboard P, Bitboard O, int alpha, int n, int parity, bool passed) {
  ++nodes;
  const Bitboard moves = legal_moves(P, O);
  if (!moves) {
    // (After a pass the mover always has a move: `passed` only documents that.)
    if (passed || !legal_moves(O, P)) return final_score(P, O);
    return -nws_shallow(O, P, -(alpha + 1), n, parity, true);
  }
  if (sh_.tuning.stability_cutoff && alpha >= kStabilityThreshold[n]) {
    const int ub = stability_upper_bound(P, O);
    if (ub <= alpha) return ub;
  }
  int best = -kInf;
  const Bitboard odd = sh_.tuning.parity ? kParityMask[parity] : 0;
  if (n >= kShallowSortEmpties && sh_.tuning.fastest_first) {
    // Fastest first (few replies), then parity and square class: worth the
    // replies' move generation this far from the end, not nearer.
    Move list[kMaxMoves];
    int count = 0;
    for (Bitboard m = moves; m; m &= m - 1) {
      const int x = lowest_square(m);
      Move& mv = list[count++];
      mv.sq = x;
      mv.f = flips(x, P, O);
      mv.key = -(std::int64_t{reply_count(O & ~mv.f, P | mv.f | bit(x))} << 8) +
               (((odd >> x) & 1) << 4) + (((kGoodSquares >> x) & 1) << 3);
    }
    for (int i = 0; i < count; ++i) {
      pick(list, i, count);
      const Move& mv = list[i];
      const int v = -nws_shallow(O & ~mv.f, P | mv.f | bit(mv.sq), -(alpha + 1), n - 1,
                                 parity ^ (1 << quadrant(mv.sq)), false);
      if (v > best) {
        best = v;
        if (v > alpha) return v;
      }
    }
    return best;
  }
  const Bitboard classes[4] = {moves & odd & kGoodSquares, moves & ~odd & kGoodSquares,
                               moves & odd & ~kGoodSquares, moves & ~odd & ~kGoodSquares};
  for (Bitboard cls : classes) {
    for (Bitboard m = cls; m; m &= m - 1) {
      const int x = lowest_square(m);
      const Bitboard f = flips(x, P, O);
      const Bitboard nP = O & ~f, nO = P | f | bit(x);
      const int np = parity ^ (1 << quadrant(x));
      const int v = n == 5 ? -solve_4_entry(nP, nO, -(alpha + 1), np)
                           : -nws_shallow(nP, nO, -(alpha + 1), n - 1, np, false);
      if (v > best) {
        best = v;
        if (v > alpha) return v;
      }
    }
  }
  return best;
}

int Worker::nws_last(Bitboard P, Bitboard O, int alpha, int n, int parity) {
  if (n > 4) return nws_shallow(P, O, alpha, n, parity, false);
  if (n == 4) return solve_4_entry(P, O, alpha, parity);
  const Bitboard E = ~(P | O);
  int sq[4], k = 0;
  for (Bitboard m = E; m; m &= m - 1) sq[k++] = lowest_square(m);
  if (n == 3) return solve_small<3>(P, O, alpha, sq, false);
  if (n == 2) return solve_2(P, O, alpha, sq[0], sq[1]);
  if (n == 1) return solve_1(P, O, sq[0]);
  ++nodes;
  return final_score(P, O);
}

}  // namespace reversi::endgame
