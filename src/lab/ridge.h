// Ridge regression on one-hot rows, by conjugate gradient on the normal equations
// (A^T A + lambda I) x = A^T y: every row is a list of column indices whose
// coefficient is 1, plus a bias column (the last unknown, barely regularised). The
// pattern fit (fit_stage) and the feature-gain measure (feature_gain.h) both solve
// this; rows are any container of column indices (a fixed array or a vector).
#pragma once

#include <cstddef>
#include <vector>

namespace reversi::pattern {

// x[0..n) the columns' weights, x[n] the bias.
template <class Rows>
std::vector<double> ridge_cg(const Rows& rows, const std::vector<double>& y, std::size_t n,
                             double lambda, int iterations) {
  const std::size_t bias = n, m = rows.size();
  std::vector<double> x(n + 1, 0.0);
  auto apply = [&](const std::vector<double>& v, std::vector<double>& out) {
    std::fill(out.begin(), out.end(), 0.0);
    for (std::size_t i = 0; i < m; ++i) {
      double a = v[bias];
      for (auto c : rows[i]) a += v[c];
      for (auto c : rows[i]) out[c] += a;
      out[bias] += a;
    }
    for (std::size_t j = 0; j < n; ++j) out[j] += lambda * v[j];
    out[bias] += 1e-3 * v[bias];
  };
  std::vector<double> r(n + 1, 0.0), p, q(n + 1);
  for (std::size_t i = 0; i < m; ++i) {
    for (auto c : rows[i]) r[c] += y[i];
    r[bias] += y[i];
  }
  p = r;
  double rs = 0;
  for (double v : r) rs += v * v;
  const double rs0 = rs;
  for (int it = 0; it < iterations && rs > 1e-12 * rs0; ++it) {
    apply(p, q);
    double pq = 0;
    for (std::size_t j = 0; j <= n; ++j) pq += p[j] * q[j];
    if (pq <= 0) break;
    const double alpha = rs / pq;
    double rs_new = 0;
    for (std::size_t j = 0; j <= n; ++j) {
      x[j] += alpha * p[j];
      r[j] -= alpha * q[j];
      rs_new += r[j] * r[j];
    }
    const double beta = rs_new / rs;
    for (std::size_t j = 0; j <= n; ++j) p[j] = r[j] + beta * p[j];
    rs = rs_new;
  }
  return x;
}

}  // namespace reversi::pattern
