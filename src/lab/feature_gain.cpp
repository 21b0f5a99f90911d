#include "lab/feature_gain.h"

#include <algorithm>
#include <cmath>

#include "core/movegen.h"

namespace reversi::pattern {

std::vector<int> gain_columns(Bitboard P, Bitboard O) {
  const int mp = std::min(popcount(legal_moves(P, O)), kMobilityCap);
  const int mo = std::min(popcount(legal_moves(O, P)), kMobilityCap);
  const int pp = std::min(popcount(potential_moves(P, O)), kPotentialCap);
  const int po = std::min(popcount(potential_moves(O, P)), kPotentialCap);
  const int m = kMobilityCap + 1, p = kPotentialCap + 1;
  std::vector<int> c{mp, m + mo, 2 * m + pp, 2 * m + p + po};
  if (popcount(~(P | O)) % 2 == 1) c.push_back(kParityColumn);
  c.push_back(kGainColumns - 1);
  return c;
}

namespace {

// Solves (A^T A + lambda I) x = A^T y by Cholesky (the matrix is symmetric positive
// definite for lambda > 0); the bias barely regularised, as fit_stage does.
std::vector<double> ridge(std::vector<double> ata, std::vector<double> aty, double lambda) {
  const int n = kGainColumns;
  for (int i = 0; i < n; ++i) ata[i * n + i] += (i == n - 1) ? 1e-3 : lambda;
  for (int j = 0; j < n; ++j) {  // in place: the lower triangle becomes L
    double d = ata[j * n + j];
    for (int k = 0; k < j; ++k) d -= ata[j * n + k] * ata[j * n + k];
    d = std::sqrt(std::max(d, 1e-12));
    ata[j * n + j] = d;
    for (int i = j + 1; i < n; ++i) {
      double s = ata[i * n + j];
      for (int k = 0; k < j; ++k) s -= ata[i * n + k] * ata[j * n + k];
      ata[i * n + j] = s / d;
    }
  }
  for (int i = 0; i < n; ++i) {  // L z = A^T y
    for (int k = 0; k < i; ++k) aty[i] -= ata[i * n + k] * aty[k];
    aty[i] /= ata[i * n + i];
  }
  for (int i = n - 1; i >= 0; --i) {  // L^T x = z
    for (int k = i + 1; k < n; ++k) aty[i] -= ata[k * n + i] * aty[k];
    aty[i] /= ata[i * n + i];
  }
  return aty;
}

}  // namespace

std::vector<FeatureGain> feature_gain(const Evaluator& eval, const std::vector<Sample>& samples,
                                      double lambda) {
  std::vector<FeatureGain> out;
  for (int stage = 0; stage < kNumStages; ++stage) {
    const int lo = stage_min_empties(stage), hi = stage_max_empties(stage);
    struct Row { std::vector<int> columns; double residual; bool valid; };
    std::vector<Row> rows;
    for (const Sample& s : samples) {
      if (s.label == Label::None || s.empties() < lo || s.empties() > hi) continue;
      const double v = eval.evaluate(s.P, s.O) / double(kEvalScale);
      rows.push_back({gain_columns(s.P, s.O), s.score - v, is_validation(s)});
    }
    FeatureGain g;
    g.stage = stage;
    const int n = kGainColumns;
    std::vector<double> ata(std::size_t(n) * n, 0.0), aty(n, 0.0);
    for (const Row& r : rows) {
      (r.valid ? g.valid : g.train)++;
      if (r.valid) continue;
      for (int a : r.columns) {
        aty[a] += r.residual;
        for (int b : r.columns) ata[std::size_t(a) * n + b] += 1;
      }
    }
    if (g.train == 0 || g.valid == 0) continue;
    const std::vector<double> x = ridge(std::move(ata), std::move(aty), lambda);
    for (const Row& r : rows) {
      double fix = 0;
      for (int a : r.columns) fix += x[a];
      double& before = r.valid ? g.valid_before : g.train_before;
      double& after = r.valid ? g.valid_after : g.train_after;
      before += std::abs(r.residual);
      after += std::abs(r.residual - fix);
    }
    g.train_before /= double(g.train), g.train_after /= double(g.train);
    g.valid_before /= double(g.valid), g.valid_after /= double(g.valid);
    out.push_back(g);
  }
  return out;
}

}  // namespace reversi::pattern
