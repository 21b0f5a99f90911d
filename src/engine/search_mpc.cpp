// Multi-ProbCut (Buro) in the midgame search: a shallow search predicts the
// deep one; when its score is beyond the window by mpc_t standard deviations
// of the prediction's error, the node is cut without the deep search. The
// models: "fit" (deep = a * shallow + b by depth pair and phase, mpc_fit, the
// rows in search_mpc_data.cpp made by `reversi-cli bench --mpc-fit`) and the
// older sigma-only ones (mpc_sigma: deep = shallow).
#include <algorithm>
#include <cmath>

#include "engine/search_mpc_data.h"
#include "engine/search_worker.h"

namespace reversi {

// The shallow depth keeps the parity of the deep one (evaluations after an odd
// and an even number of plies differ systematically). The rules: 0, about half
// the depth, rounded down; 1, 2 * (depth / 4) + depth % 2 (half, rounded up at
// odd depths: 3 at depth 5, 5 at 9); G >= 2, depth - G.
int mpc_shallow_depth(int depth, int rule) {
  int d = rule >= 2 ? depth - rule : rule == 1 ? 2 * (depth / 4) + depth % 2 : depth / 2;
  if ((d & 1) != (depth & 1)) --d;
  return std::max(d, depth & 1 ? 1 : 2);
}

namespace {

constexpr int kFitDepths = 24;  // deep depths 0..23 held; deeper ones reuse the deepest fitted pair
constexpr int kFitBands = 7;    // empties / 10

struct FitTable {
  MpcFit at[kFitDepths][kFitDepths][kFitBands];
  int deepest = 0;  // the deepest fitted deep depth

  FitTable() {
    for (std::size_t i = 0; i < kMpcFitRowCount; ++i) {
      const MpcFitRow& r = kMpcFitRows[i];
      if (r.deep >= kFitDepths || r.shallow >= r.deep || r.band >= kFitBands || !(r.a > 0)) continue;
      at[r.deep][r.shallow][r.band] = {r.a, r.b, r.sigma, true};
      deepest = std::max(deepest, int(r.deep));
    }
    // A band without a row takes the nearest fitted band's (the lower one on a tie).
    for (auto& deep : at)
      for (auto& bands : deep) {
        MpcFit copy[kFitBands];
        for (int b = 0; b < kFitBands; ++b) {
          copy[b] = bands[b];
          for (int k = 1; !copy[b].fitted && k < kFitBands; ++k) {
            if (b - k >= 0 && bands[b - k].fitted) copy[b] = bands[b - k];
            else if (b + k < kFitBands && bands[b + k].fitted) copy[b] = bands[b + k];
          }
        }
        std::copy(copy, copy + kFitBands, bands);
      }
  }
};

const FitTable& fit_table() {
  static const FitTable table;
  return table;
}

}  // namespace

int mpc_fit_deepest() { return fit_table().deepest; }

MpcFit mpc_fit(int depth, int shallow, int empties, MpcDeep deep) {
  const FitTable& table = fit_table();
  if (depth > table.deepest && deep == MpcDeep::SameRatio) {
    // The deepest fitted depth of this parity, the shallow one scaled to it: the
    // nearest depth of its parity (the lower on a tie, as mpc_shallow_depth rounds),
    // at least 1 or 2; 0, the evaluation, stays 0.
    const int to = table.deepest - ((table.deepest - depth) & 1);
    if (shallow > 0) {
      const double x = double(shallow) * to / depth;
      int s = int(x);
      if ((s & 1) != (shallow & 1)) --s;
      if (x - s > s + 2 - x) s += 2;
      shallow = std::max(s, shallow & 1 ? 1 : 2);
    }
    depth = to;
  }
  // Deeper than the fit: the deepest fitted pair of the same gap, or of the
  // widest gap fitted at that depth (the shallow depth 1 or 2).
  while (depth > table.deepest) {
    depth -= 2;
    shallow = std::max(shallow - 2, depth & 1 ? 1 : 2);
  }
  if (depth >= kFitDepths || shallow < 0 || shallow >= depth) return {};
  return table.at[depth][shallow][std::clamp(empties / 10, 0, kFitBands - 1)];
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
// With the fitted model the shallow bounds are where a * shallow + b is
// margin beyond the window: shallow >= (beta + margin - b) / a for the cut
// above, shallow <= (alpha - margin - b) / a below.
bool Searcher::Worker::mpc_cut(Bitboard P, Bitboard O, int alpha, int beta, int depth, int empties,
                               int& cut) {
  // At depth 2 (SearchOptions::mpc_min_depth 2) the node's own evaluation predicts the
  // search: the (2, 0) fit, its "shallow search" pvs at depth 0.
  const int d2 = depth == 2 ? 0 : mpc_shallow_depth(depth, sh.opt.mpc_shallow);
  int high = kEvalMax, low = -kEvalMax;  // the shallow search's bounds
  if (sh.fit_model) {
    const MpcFit f = mpc_fit(depth, d2, empties, sh.opt.mpc_deep);
    if (!f.fitted) return false;
    const double margin = sh.opt.mpc_t * f.sigma;
    high = int(std::ceil((beta + margin - f.b) / f.a));
    low = int(std::floor((alpha - margin - f.b) / f.a));
    // The guard: the evaluation predicts the shallow search (the (d2, 0) fit);
    // a bound it is that far from is not tried.
    if (sh.opt.mpc_guard > 0) {
      if (const MpcFit g = mpc_fit(d2, 0, empties, sh.opt.mpc_deep); g.fitted) {
        // From this node's indices, which pvs has made already.
        const double predicted = g.a * evaluate(indexed(P, O), P, O, empties) + g.b;
        const double reach = sh.opt.mpc_guard * g.sigma;
        if (predicted + reach < high) high = kEvalMax;
        if (predicted - reach > low) low = -kEvalMax;
        if (high == kEvalMax && low == -kEvalMax) return false;
      }
    }
  } else {
    const int margin = int(sh.opt.mpc_t * mpc_sigma(depth, empties, sh.mpc_model));
    high = beta + margin;
    low = alpha - margin;
  }
  int result = 0;  // counted: 0 no cut, 1 high, 2 low
  const std::uint64_t nodes_before = nodes;
  if (stats) ++mpc_nesting;
  if (high < kEvalMax) {
    const int bound = high;
    if (pvs(P, O, bound - 1, bound, d2, false) >= bound) {
      cut = beta;
      result = 1;
    }
  }
  if (!result && low > -kEvalMax) {
    const int bound = low;
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
