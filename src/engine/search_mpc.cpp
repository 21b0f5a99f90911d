// Multi-ProbCut (Buro) in the midgame search: a shallow search predicts the
// deep one; when its score is beyond the window by mpc_t standard deviations
// of the prediction's error, the node is cut without the deep search. The
// error model (mpc_sigma) is fitted by `reversi-cli bench --mpc-fit`.
#include <algorithm>

#include "engine/search_worker.h"

namespace reversi {

// The shallow depth keeps the parity of the deep one (evaluations after an odd
// and an even number of plies differ systematically).
int mpc_shallow_depth(int depth) {
  int d = depth / 2;
  if ((d & 1) != (depth & 1)) --d;
  return std::max(d, depth & 1 ? 1 : 2);
}

// Residual standard deviation of (deep - shallow) in kEvalScale units, fitted
// with `reversi-cli bench --mpc-fit 240 --depth 10 [--eval NAME]`
// (docs/benchmarks.md), as (base + slope * depth gap) * phase(empties).
//  - hand-made: about 200 + 45 * gap at 20-29 empties; least reliable near the
//    end (1.8 at 15 empties), 0.3 from 45 empties on;
//  - pattern: about 520 + 60 * gap at 20-29 empties (its scores spread wider),
//    flat up to 30 empties, 0.4 from 45 on.
double mpc_sigma(int depth, int empties, std::string_view model) {
  static constexpr double kHandmade[] = {1.8, 1.8, 1.0, 0.62, 0.3, 0.28, 0.28};  // e = 5, 15, .., 65
  static constexpr double kPattern[] = {1.05, 1.05, 1.0, 0.75, 0.38, 0.4, 0.4};
  const bool pattern = model == "pattern";
  const double* table = pattern ? kPattern : kHandmade;
  const double x = std::clamp((empties - 5) / 10.0, 0.0, 5.99);
  const int i = int(x);
  const double phase = table[i] + (table[i + 1] - table[i]) * (x - i);
  const int gap = depth - mpc_shallow_depth(depth);
  return (pattern ? 520.0 + 60.0 * gap : 200.0 + 45.0 * gap) * phase;
}

// Tries the cut above beta, then below alpha, each with a null window at the
// shifted bound. An abort during the shallow searches also ends the node
// (cut = 0, as every aborted search returns).
bool Searcher::Worker::mpc_cut(Bitboard P, Bitboard O, int alpha, int beta, int depth, int empties,
                               int& cut) {
  const int d2 = mpc_shallow_depth(depth);
  const int margin = int(sh.opt.mpc_t * mpc_sigma(depth, empties, sh.mpc_model));
  int result = 0;  // counted: 0 no cut, 1 high, 2 low
  const std::uint64_t nodes_before = nodes;
  if (stats) ++mpc_nesting;
  if (beta + margin < kEvalMax) {
    const int bound = beta + margin;
    if (pvs(P, O, bound - 1, bound, d2, false) >= bound) {
      cut = beta;
      result = 1;
    }
  }
  if (!result && alpha - margin > -kEvalMax) {
    const int bound = alpha - margin;
    if (pvs(P, O, bound, bound + 1, d2, false) <= bound) {
      cut = alpha;
      result = 2;
    }
  }
  if (stats) {
    SearchStats::Mpc& c = stats->mpc[SearchStats::depth_index(depth)][SearchStats::phase_index(empties)];
    ++c.tries;
    c.cut_high += result == 1;
    c.cut_low += result == 2;
    // Nodes at the outermost try only (its shallow searches try again inside).
    if (--mpc_nesting == 0) c.nodes += nodes - nodes_before;
  }
  if (result) return true;
  if (aborted) {
    cut = 0;
    return true;
  }
  return false;
}

}  // namespace reversi
