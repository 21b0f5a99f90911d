// The pattern evaluation's training (lab/pattern_train): a quick run lowers the
// validation error, labelling by a deeper search, a prior that the fit corrects. The
// evaluation itself and its weight files: tests/engine/test_pattern.cpp; the data from
// WTHOR games: test_pattern_train_wthor.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "core/position.h"
#include "engine/pattern.h"
#include "lab/pattern_train.h"

using namespace reversi;
// In the namespace, not `using namespace`: no name of it reaches the next file of a unit.
namespace reversi::pattern {

TEST_CASE("pattern: a quick training run lowers the validation error", "[pattern]") {
  GenOptions g;
  g.games = 150;
  g.solve_empties = 10;
  g.seed = 42;
  GenStats stats;
  std::vector<Sample> samples = generate_samples(g, stats);
  REQUIRE(stats.games == 150);
  REQUIRE(stats.exact > 1000);
  // Two runs from the same seed give the same data.
  GenStats stats2;
  g.games = 5;
  const std::vector<Sample> again = generate_samples(g, stats2);
  for (std::size_t i = 0; i < again.size(); ++i) {
    REQUIRE(again[i].P == samples[i].P);
    REQUIRE(again[i].O == samples[i].O);
  }
  // Games played on several threads join in game order: the same data.
  g.games = 30;
  g.threads = 1;
  const std::vector<Sample> one = generate_samples(g, stats2);
  g.threads = 3;
  const std::vector<Sample> three = generate_samples(g, stats2);
  CHECK(stats2.games == 30);
  REQUIRE(one.size() == three.size());
  CHECK(one == three);

  TrainOptions o;
  o.iterations = 40;
  std::vector<StageReport> report;
  const Weights w = train_bootstrap(samples, o, report);
  const PatternEvaluator trained(w);
  const PatternEvaluator untrained{Weights{}};  // all zero: predicts a draw
  auto held_out_exact = [](const Sample& s) { return is_validation(s) && s.label == Label::Exact; };
  std::size_t n = 0;
  const double before = mean_abs_error(untrained, samples, held_out_exact, &n);
  const double after = mean_abs_error(trained, samples, held_out_exact);
  INFO("validation MAE " << before << " -> " << after << " discs on " << n << " positions");
  REQUIRE(n > 100);
  REQUIRE(after < 0.9 * before);
}

TEST_CASE("pattern: labelling by a deeper search keeps the exact labels and searches the rest",
          "[pattern]") {
  GenOptions g;
  g.games = 12;
  g.solve_empties = 10;
  g.seed = 7;
  GenStats stats;
  const std::vector<Sample> original = generate_samples(g, stats);
  std::vector<Sample> samples = original;
  // A finished game (black wiped out) among them: labelled by its count, not searched.
  samples.push_back(Sample{0, 0x00000000000000FFULL, 0, 99, Label::None});
  const HandmadeEvaluator eval;
  label_by_search(samples, 1, 3, eval);
  std::size_t searched = 0;
  for (std::size_t i = 0; i < original.size(); ++i) {
    const Sample& before = original[i];
    const Sample& after = samples[i];
    if (before.label == Label::Exact) {
      REQUIRE(after.label == Label::Exact);
      REQUIRE(after.score == before.score);
      continue;
    }
    REQUIRE(after.label == Label::Search);
    // Depth 1: the best reply's evaluation (or a finished game's count), in discs.
    const Position pos{after.P, after.O, Color::Black};
    if (pos.must_pass()) continue;
    int best = -kEvalMax * 2;
    for (Bitboard m = pos.legal_moves(); m; m &= m - 1) {
      const Position child = pos.play(static_cast<Square>(lowest_square(m)));
      best = std::max(best, child.is_game_over() ? -child.final_score() * kEvalScale
                                                 : -eval.evaluate(child.player, child.opponent));
    }
    INFO("sample " << i);
    REQUIRE(after.score == Approx(double(best) / kEvalScale).margin(1e-3));
    ++searched;
  }
  CHECK(searched > 200);
  CHECK(samples.back().label == Label::Search);
  CHECK(samples.back().score == -64);
}

TEST_CASE("pattern: a prior is what the fit corrects, and what the data does not show keeps it",
          "[pattern]") {
  auto today = decode_weights(embedded_weights());
  REQUIRE(today.ok());
  const Weights& prior = *today;
  const std::size_t n = static_cast<std::size_t>(dense_total());
  const int stage = 9;  // 11-15 empties
  const std::vector<double> p = prior_stage(prior, stage);
  REQUIRE(p.size() == n + 1);
  REQUIRE(p[n] == Approx(prior.bias[stage] / double(kEvalScale)));

  // No samples: the prior itself (and zeros without one).
  TrainOptions o;
  o.iterations = 30;
  const std::vector<Sample> none;
  const int lo = stage_min_empties(stage), hi = stage_max_empties(stage);
  CHECK(fit_stage(none, lo, hi, o, nullptr, p) == p);
  CHECK(fit_stage(none, lo, hi, o) == std::vector<double>(n + 1, 0.0));

  // A few games: the weights their positions never touch keep the prior's value
  // (towards zero they would be 0); the touched ones move towards the labels.
  GenOptions g;
  g.games = 20;
  g.solve_empties = 16;  // exact labels for the whole stage
  g.seed = 11;
  GenStats stats;
  const std::vector<Sample> samples = generate_samples(g, stats);
  double plain_mae = 0, prior_mae = 0;
  const std::vector<double> plain = fit_stage(samples, lo, hi, o, &plain_mae);
  const std::vector<double> fitted = fit_stage(samples, lo, hi, o, &prior_mae, p);
  std::size_t kept = 0, moved = 0;
  for (std::size_t j = 0; j < n; ++j) {
    if (plain[j] == 0.0) {  // untouched by the data (towards zero it stays 0)
      REQUIRE(fitted[j] == p[j]);
      kept += p[j] != 0.0;
    } else {
      moved += fitted[j] != p[j];
    }
  }
  INFO("kept " << kept << ", moved " << moved << ", train MAE " << plain_mae << " / " << prior_mae);
  CHECK(kept > 1000);
  CHECK(moved > 1000);
  // On the training positions the correction fits about as well as the plain fit.
  CHECK(prior_mae < 1.5 * plain_mae + 0.5);
  // A huge lambda leaves the prior as it is.
  o.lambda = 1e9;
  const std::vector<double> stiff = fit_stage(samples, lo, hi, o, nullptr, p);
  for (std::size_t j = 0; j < n; ++j) REQUIRE(stiff[j] == Approx(p[j]).margin(1e-3));
}

}  // namespace reversi::pattern
