// The players' ratings' fit (lab/player_rating_fit): it recovers known strengths from
// synthetic games (and a strength that changes over the years), and held-out years stay
// out of it. The ratings' file and their use: tests/core/test_player_ratings.cpp.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "core/player_ratings.h"
#include "core/random.h"
#include "lab/player_rating_fit.h"

using namespace reversi;

namespace {

// Synthetic games: `players` players of known strength (true[p] per year from 2000 to
// 2000 + years - 1), each year `rounds` round robins, black advantage `advantage`;
// outcomes drawn by the Elo expectation with a fixed seed.
lab::RatingGames synthetic(const std::vector<std::vector<double>>& strength, int rounds, double advantage,
                           std::uint64_t seed) {
  lab::RatingGames out;
  const std::size_t players = strength.size();
  for (std::size_t p = 0; p < players; ++p) out.names.push_back("P" + std::to_string(100 + p));
  SplitMix64 random(seed);
  const int years = int(strength[0].size());
  for (int y = 0; y < years; ++y)
    for (int round = 0; round < rounds; ++round)
      for (std::uint32_t b = 0; b < players; ++b)
        for (std::uint32_t w = 0; w < players; ++w) {
          if (b == w) continue;
          const double e = elo_expected(strength[b][std::size_t(y)] - strength[w][std::size_t(y)] + advantage);
          const double u = random.uniform();
          out.games.push_back({2000 + y, b, w, u < e ? 1.0 : 0.0});
        }
  return out;
}

}  // namespace

TEST_CASE("player ratings: the fit recovers known strengths and black's advantage", "[ratings]") {
  // 16 players from -600 to +525 points, steady over 3 years; player 0 rises 600 points.
  std::vector<std::vector<double>> strength;
  for (int p = 0; p < 16; ++p) strength.push_back(std::vector<double>(3, -600.0 + 75.0 * p));
  strength[0] = {-600, -300, 0};
  const lab::RatingGames games = synthetic(strength, 8, 50, 45);
  lab::RatingFitOptions options;  // the priors as wide as this population's spread and changes
  options.test_from = 2100;
  options.anchor_from = 2000;
  options.newcomer_deviation = 400;
  options.year_deviation = 300;
  const PlayerRatings r = lab::fit_player_ratings(games, options, 0);
  REQUIRE(r.players.size() == 16);
  // Each steady player's mean over the years against the steady players' mean (the anchor
  // only shifts; the extremes are drawn in a little by the prior).
  const auto at = [&](std::size_t p, int year) { return r.at(games.names[p], year).value().rating; };
  const auto mean = [&](std::size_t p) { return (at(p, 2000) + at(p, 2001) + at(p, 2002)) / 3.0; };
  double fitted_centre = 0, true_centre = 0;
  for (std::size_t p = 1; p < 16; ++p) fitted_centre += mean(p) / 15, true_centre += strength[p][0] / 15;
  double worst = 0;
  for (std::size_t p = 1; p < 16; ++p)
    worst = std::max(worst, std::abs((mean(p) - fitted_centre) - (strength[p][0] - true_centre)));
  INFO("largest error of a steady player's difference: " << worst);
  CHECK(worst < 60);
  CHECK(std::abs(r.black_advantage - 50) < 25);
  // The risen player: each year above the one before, about 600 points in all.
  CHECK(at(0, 2000) < at(0, 2001));
  CHECK(at(0, 2001) < at(0, 2002));
  CHECK(std::abs((at(0, 2002) - at(0, 2000)) - 600) < 200);
  // The anchor: each year's five best, averaged over the years, read the anchor's rating.
  double top = 0;
  for (int year = 2000; year <= 2002; ++year) {
    std::vector<int> ratings;
    for (const PlayerHistory& p : r.players)
      for (const PlayerYear& y : p.years)
        if (y.year == year) ratings.push_back(y.rating);
    std::sort(ratings.begin(), ratings.end(), std::greater<>());
    top += (ratings[0] + ratings[1] + ratings[2] + ratings[3] + ratings[4]) / 5.0 / 3;
  }
  CHECK(std::abs(top - options.anchor_rating) <= 1);
  // And they predict the games better than the naive rate.
  const lab::Prediction p = lab::predict_games(r, games, 2000, 2002, lab::black_score(games, 2100));
  CHECK(p.games == games.games.size());
  CHECK(p.log_loss < p.naive_log_loss - 0.1);
  CHECK(p.accuracy > p.naive_accuracy + 0.1);
}

TEST_CASE("player ratings: held-out years stay out of the fit", "[ratings]") {
  std::vector<std::vector<double>> strength(6, std::vector<double>(4, 0.0));
  for (int p = 0; p < 6; ++p) strength[std::size_t(p)] = std::vector<double>(4, 100.0 * p);
  lab::RatingGames games = synthetic(strength, 2, 0, 7);
  // A player of the held-out years only ("A" comes first in name order): not rated.
  games.names.insert(games.names.begin(), "A late one");
  for (lab::RatedGame& g : games.games) ++g.black, ++g.white;
  games.games.push_back({2003, 0, 1, 1.0});
  lab::RatingFitOptions options;
  options.test_from = 2002;
  options.anchor_from = 2000;
  lab::RatingFitReport report;
  const PlayerRatings r = lab::fit_player_ratings(games, options, 0, &report);
  CHECK(r.last_year == 2001);
  CHECK(r.test_from == 2002);
  CHECK(report.games == (games.games.size() - 1) / 2);
  for (const PlayerHistory& p : r.players) CHECK(p.years.back().year <= 2001);
  CHECK(r.players.size() == 6);
  CHECK(!r.find("a late one"));
  // Changing a held-out game changes nothing.
  lab::RatingGames changed = games;
  for (lab::RatedGame& g : changed.games)
    if (g.year >= 2002) g.score = 1 - g.score;
  CHECK(lab::fit_player_ratings(changed, options, 0) == r);
}
