// The exact solver's null-window search far from the end (n >= 8 empties):
// the nodes that pay for a hash table. In order at each node: the stop poll,
// passes, the stability cutoff, the table's bounds, the probable-outcome cut
// (selective passes only), move ordering (endgame_ordering.cpp), enhanced
// transposition cutoffs, then the moves, offering the younger brothers to the
// second thread once the eldest failed to cut (endgame_ybwc.cpp).
#include <algorithm>

#include "engine/endgame_worker.h"
#include "engine/stability.h"

namespace reversi::endgame {

// Stop requests, the deadline and the node budget (checked by the main thread only, the
// budget shared among the threads by estimate) and cutoffs at a split point above this
// thread's work all abort the search.
void Worker::poll() {
  if (sh_.stop.load(std::memory_order_relaxed)) {
    aborted = true;
    return;
  }
  if (id_ == 0) {
    const SolveOptions* o = sh_.options;
    if ((o->stop && o->stop->load(std::memory_order_relaxed)) ||
        std::chrono::steady_clock::now() > o->deadline ||
        (o->nodes && nodes * std::uint64_t(std::max(1, sh_.threads)) >= o->nodes)) {
      sh_.stop.store(true, std::memory_order_relaxed);
      aborted = true;
      return;
    }
  }
  if (current_sp_ && chain_cut(current_sp_)) aborted = true;
}

int Worker::nws(Bitboard P, Bitboard O, int alpha, int n, int parity) {
  if (n <= kShallowMax) return nws_last(P, O, alpha, n, parity);
  return nws_deep(P, O, alpha, n, parity, false);
}

int Worker::nws_deep(Bitboard P, Bitboard O, int alpha, int n, int parity, bool passed) {
  ++nodes;
  if ((++polls_ & 255) == 0) poll();  // each such node stands for hundreds of leaves
  if (aborted) return 0;
  const Bitboard moves = legal_moves(P, O);
  if (!moves) {
    if (passed || !legal_moves(O, P)) return final_score(P, O);
    return -nws_deep(O, P, -(alpha + 1), n, parity, true);
  }
  const SolverTuning& t = sh_.tuning;
  if (t.stability_cutoff && alpha >= kStabilityThreshold[n]) {
    const int ub = stability_upper_bound(P, O);
    if (ub <= alpha) return ub;
  }
  SolverEntry hit;
  int tt_move = SolverTable::kNoMove;
  if (sh_.tt.probe(P, O, hit)) {
    if (hit.level >= sh_.level) {
      if (hit.lower > alpha) return hit.lower;
      if (hit.upper <= alpha) return hit.upper;
    }
    tt_move = hit.move;
  }
  if (sh_.level < kExactLevel && n >= kProbcutEmpties) {
    int cut;
    if (probable_cut(P, O, alpha, n, cut)) return cut;
  }
  Move list[kMaxMoves];
  const int count = order_moves(P, O, moves, n, parity, tt_move, alpha, list);

  // Enhanced transposition cutoff: a reply already known to be refuted.
  if (t.etc && n >= kTTMinEmpties + 1) {
    for (int i = 0; i < count; ++i) {
      const Move& mv = list[i];
      SolverEntry child;
      if (sh_.tt.probe(O & ~mv.f, P | mv.f | bit(mv.sq), child) && child.level >= sh_.level &&
          -child.upper > alpha) {
        sh_.tt.store(P, O, -child.upper, 64, mv.sq, n, sh_.level);
        return -child.upper;
      }
    }
  }

  int best = -kInf, best_move = SolverTable::kNoMove;
  for (int i = 0; i < count; ++i) {
    pick(list, i, count);
    const Move& mv = list[i];
    const int v = -nws(O & ~mv.f, P | mv.f | bit(mv.sq), -(alpha + 1), n - 1,
                       parity ^ (1 << quadrant(mv.sq)));
    if (aborted) return 0;
    if (v > best) {
      best = v;
      best_move = mv.sq;
      if (v > alpha) break;
    }
#if REVERSI_THREADS
    if (i == 0 && i + 1 < count && n >= kSplitEmpties && sh_.threads > 1) {
      for (int j = 1; j < count; ++j) pick(list, j, count);  // helpers take them in order
      if (try_split(P, O, alpha, n, parity, list, count, 1, best, best_move)) {
        if (aborted) return 0;
        break;
      }
    }
#endif
  }
  if (best > alpha)
    sh_.tt.store(P, O, best, 64, best_move, n, sh_.level);
  else
    sh_.tt.store(P, O, -64, best, best_move, n, sh_.level);
  return best;
}

}  // namespace reversi::endgame
