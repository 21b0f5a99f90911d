#include "lab/feature_gain.h"

#include <algorithm>
#include <cmath>

#include "core/movegen.h"
#include "lab/ridge.h"

namespace reversi::pattern {

std::vector<std::uint32_t> gain_columns(Bitboard P, Bitboard O) {
  const int mp = std::min(popcount(legal_moves(P, O)), kMobilityCap);
  const int mo = std::min(popcount(legal_moves(O, P)), kMobilityCap);
  const int pp = std::min(popcount(potential_moves(P, O)), kPotentialCap);
  const int po = std::min(popcount(potential_moves(O, P)), kPotentialCap);
  const int m = kMobilityCap + 1, p = kPotentialCap + 1;
  std::vector<std::uint32_t> c{std::uint32_t(mp), std::uint32_t(m + mo), std::uint32_t(2 * m + pp),
                               std::uint32_t(2 * m + p + po)};
  if (popcount(~(P | O)) % 2 == 1) c.push_back(kParityColumn);
  return c;
}

std::uint32_t extra_pattern_index(const std::vector<int>& squares, int image, Bitboard P, Bitboard O) {
  std::uint32_t index = 0;
  for (auto it = squares.rbegin(); it != squares.rend(); ++it) {
    int r = *it >> 3, c = *it & 7;
    if (image & 1) c = 7 - c;  // the 8 symmetries: mirror, flip, transpose
    if (image & 2) r = 7 - r;
    if (image & 4) std::swap(r, c);
    const Bitboard b = Bitboard{1} << (r * 8 + c);
    index = index * 3 + ((P & b) ? 1 : (O & b) ? 2 : 0);
  }
  return index;
}

std::vector<FeatureGain> feature_gain(const Evaluator& eval, const std::vector<Sample>& samples,
                                      double lambda, const std::vector<int>& pattern) {
  std::size_t table = pattern.empty() ? 0 : 1;
  for (std::size_t i = 0; i < pattern.size(); ++i) table *= 3;
  const std::size_t n = kGainColumns + table;
  std::vector<FeatureGain> out;
  for (int stage = 0; stage < kNumStages; ++stage) {
    const int lo = stage_min_empties(stage), hi = stage_max_empties(stage);
    // The stage's positions, the training games' and the held-out ones apart: their
    // columns and the error the evaluation leaves.
    std::vector<std::vector<std::uint32_t>> rows[2];
    std::vector<double> residual[2];
    for (const Sample& s : samples) {
      if (s.label == Label::None || s.empties() < lo || s.empties() > hi) continue;
      std::vector<std::uint32_t> c = gain_columns(s.P, s.O);
      if (table)
        for (int image = 0; image < 8; ++image)
          c.push_back(std::uint32_t(kGainColumns) + extra_pattern_index(pattern, image, s.P, s.O));
      const int held_out = is_validation(s) ? 1 : 0;
      rows[held_out].push_back(std::move(c));
      residual[held_out].push_back(s.score - eval.evaluate(s.P, s.O) / double(kEvalScale));
    }
    if (rows[0].empty() || rows[1].empty()) continue;
    const std::vector<double> x = ridge_cg(rows[0], residual[0], n, lambda, 200);
    double before[2] = {0, 0}, after[2] = {0, 0};
    for (int k = 0; k < 2; ++k)
      for (std::size_t i = 0; i < rows[k].size(); ++i) {
        double fix = x[n];
        for (std::uint32_t a : rows[k][i]) fix += x[a];
        before[k] += std::abs(residual[k][i]);
        after[k] += std::abs(residual[k][i] - fix);
      }
    FeatureGain g;
    g.stage = stage;
    g.train = rows[0].size(), g.valid = rows[1].size();
    g.train_before = before[0] / double(g.train), g.train_after = after[0] / double(g.train);
    g.valid_before = before[1] / double(g.valid), g.valid_after = after[1] / double(g.valid);
    out.push_back(g);
  }
  return out;
}

}  // namespace reversi::pattern
