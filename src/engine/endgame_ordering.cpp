// The exact solver's move ordering and the probable-outcome cuts, both built
// on a shallow search with the midgame evaluation (Edax's and Egaroucid's
// "move_ordering"/"probcut" parts).
//
//   order_moves   fastest first: few replies for the opponent, few potential
//                 replies, parity, corners; far from the end (kEvalOrderEmpties)
//                 a shallow evaluation search of each reply weighs in;
//   eval_search   that shallow search (also the root's aspiration guess);
//   probable_cut  multi-ProbCut on the exact score, for the selective passes.
#include <algorithm>

#include "engine/endgame_worker.h"
#include "engine/evaluate.h"

namespace reversi::endgame {

namespace {

// Move ordering far from the end: replies that leave the mover more than
// kSortMargin discs below alpha are all bad, so the evaluation search of a
// reply needs no precision beyond that; its depth grows with the empties (an
// evaluation to depth 3-6 as in Edax measured worse here: more nodes).
constexpr int kSortMargin = 8;
constexpr int sort_depth(int n) { return n >= 24 ? 2 : n >= 20 ? 1 : 0; }

// The shallow search behind a probable cut. Shallow, because a cut only steers
// the selective passes: on FFO #40-#52 these depths gave fewer nodes, and
// cheaper ones, than a ply more everywhere (4/3/2), and fewer nodes than a ply
// less (docs/benchmarks.md, "Exact endgame solver").
constexpr int probcut_depth(int n) { return n >= 24 ? 3 : n >= 18 ? 2 : 1; }
// Error of the shallow search's prediction of the exact score, in discs. Set
// below what `reversi-cli bench --endcut-fit` measures on random positions
// (8-14 discs, random play makes them harder to judge than real games): the
// cuts only steer the exact pass, so aggressive ones pay.
constexpr double probcut_sigma(int n) { return 4.0 + 0.1 * n; }

}  // namespace

// Shallow evaluation search (units of the evaluator, fail-soft alpha-beta, no
// hash table) used to order moves far from the end, for the aspiration guess
// and for the probable-outcome cuts of the selective passes. From two plies up
// the moves are tried fastest first (fewest replies), which is most of what a
// good order buys at these depths.
int Worker::eval_search(Bitboard P, Bitboard O, int alpha, int beta, int depth) {
  if (depth == 0) return sh_.evaluator->evaluate(P, O);
  const Bitboard moves = legal_moves(P, O);
  if (!moves) {
    if (!legal_moves(O, P)) return final_score(P, O) * kEvalScale;
    return -eval_search(O, P, -beta, -alpha, depth - 1);
  }
  int best = -kEvalMax - 64 * kEvalScale;
  if (depth == 1) {
    for (Bitboard m = moves; m; m &= m - 1) {
      const int x = lowest_square(m);
      const Bitboard f = flips(x, P, O);
      const Bitboard nP = O & ~f, nO = P | f | bit(x);
      const int v = (nP | nO) == ~Bitboard{0} || !(nP && nO)
                        ? -final_score(nP, nO) * kEvalScale
                        : -sh_.evaluator->evaluate(nP, nO);
      if (v > best) {
        best = v;
        if (v >= beta) break;
      }
    }
    return best;
  }
  struct Child {
    Bitboard P, O;
    int key;
  } list[kMaxMoves];
  int count = 0;
  for (Bitboard m = moves; m; m &= m - 1) {
    const int x = lowest_square(m);
    const Bitboard f = flips(x, P, O);
    Child& c = list[count++];
    c.P = O & ~f;
    c.O = P | f | bit(x);
    const Bitboard replies = legal_moves(c.P, c.O);
    c.key = popcount(replies) + popcount(replies & kCorners) - 2 * int((kCorners >> x) & 1);
  }
  for (int i = 0; i < count; ++i) {
    int b = i;
    for (int j = i + 1; j < count; ++j)
      if (list[j].key < list[b].key) b = j;
    std::swap(list[i], list[b]);
    const int v = -eval_search(list[i].P, list[i].O, -beta, -std::max(alpha, best), depth - 1);
    if (v > best) {
      best = v;
      if (v >= beta) break;
    }
  }
  return best;
}

// Probable-outcome cut (multi-ProbCut on the exact score): a shallow
// evaluation search predicts the final score with an error of about
// probcut_sigma discs; when the prediction is beyond the null window by t of
// those, the node is cut as if the deep search had failed that way. Only the
// selective passes use it, and their bounds carry their level in the table.
bool Worker::probable_cut(Bitboard P, Bitboard O, int alpha, int n, int& cut) {
  if (!sh_.evaluator) return false;
  const int d = probcut_depth(n);
  const int margin = int(kProbcutT[sh_.level] * probcut_sigma(n) * sh_.options->probcut_scale * kEvalScale);
  const int hi = (alpha + 1) * kEvalScale + margin;
  ++nodes;
  if (alpha + 1 < 64 && eval_search(P, O, hi - 1, hi, d) >= hi) {
    cut = alpha + 1;
    return true;
  }
  const int lo = alpha * kEvalScale - margin;
  if (alpha > -64 && eval_search(P, O, lo, lo + 1, d) <= lo) {
    cut = alpha;
    return true;
  }
  return false;
}

// Fills `list` with the moves, keyed for sorting (higher first), and returns
// the count. Fastest first: few replies for the opponent (corners count
// double), few potential replies, and the parity of the square's quadrant;
// far from the end a shallow evaluation search of each reply weighs in too.
int Worker::order_moves(Bitboard P, Bitboard O, Bitboard moves, int n, int parity, int tt_move,
                        int alpha, Move* list) {
  int count = 0;
  const SolverTuning& t = sh_.tuning;
  const bool use_eval = t.eval_ordering && sh_.evaluator && n >= kEvalOrderEmpties;
  const int eval_depth = sort_depth(n);
  const int child_beta = std::min(kEvalMax, (kSortMargin - alpha) * kEvalScale);
  const Bitboard odd = t.parity ? kParityMask[parity] : 0;
  for (Bitboard m = moves; m; m &= m - 1) {
    const int x = lowest_square(m);
    Move& mv = list[count++];
    mv.sq = x;
    mv.f = flips(x, P, O);
    const Bitboard nP = O & ~mv.f, nO = P | mv.f | bit(x);
    // The child's bucket, for the enhanced transposition cutoffs and its own
    // probe: the loads overlap instead of stalling one after the other.
    if (n > kTTMinEmpties) sh_.tt.prefetch(nP, nO);
    if (x == tt_move) {
      mv.key = std::int64_t{1} << 40;
      continue;
    }
    std::int64_t key = 0;
    if (t.fastest_first) {
      const int mob = reply_count(nP, nO);
      const int pot = popcount(neighbours(nO) & ~(nP | nO));
      // A potential reply weighs a quarter of a reply, and (below) one disc of
      // the evaluation half a reply: of the weights tried, these gave the
      // fewest nodes on one thread, FFO #40-#49 and #50-#52 (docs/benchmarks.md,
      // "Exact endgame solver").
      key = -(std::int64_t(mob) << 16) - (std::int64_t(pot) << 14);
      if (use_eval) {
        ++nodes;
        const int e = eval_search(nP, nO, -kEvalMax - 64 * kEvalScale, child_beta, eval_depth);
        key -= (std::int64_t(e) << 15) / kEvalScale;
      }
    }
    if ((odd >> x) & 1) key += 1 << 4;
    if ((kCorners >> x) & 1) key += 1 << 5;
    if ((kXSquares >> x) & 1) key -= 1 << 5;
    mv.key = key;
  }
  return count;
}

}  // namespace reversi::endgame
