// The fit of the model of human move choice (lab/human_model_fit.h; issue 45 parts 2-4):
// the fit recovers the weights that made synthetic choices, is the same bits twice and
// never sees the held-out years; the held-out measure counts what it says; the rating-band
// tables of the analysis (human summary --ratings) count each move in its band.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "core/random.h"
#include "wthor_sample.h"
#include "lab/human_model_fit.h"
#include "lab/human_moves.h"

using namespace reversi;
// In the namespace, not `using namespace`: no name of it reaches the next file of a unit.
namespace reversi::human {

namespace {

// Positions of 5 moves whose features 0, 5 and 9 are random and whose played move is drawn
// from the conditional logit of `truth`; `year` for all.
std::vector<ModelPosition> synthetic(const HumanFeatures& truth, int count, int rating, int year, std::uint64_t seed) {
  SplitMix64 rng(seed);
  std::vector<ModelPosition> out;
  for (int n = 0; n < count; ++n) {
    ModelPosition p;
    p.game = std::uint32_t(n + 1);
    p.year = year;
    p.rating = rating;
    p.empties = 30;
    for (int i = 0; i < 5; ++i) {
      HumanFeatures f{};
      f[0] = i == 0 ? 0 : 10 * rng.uniform();
      f[5] = rng.uniform() < 0.2;
      f[9] = double(rng.below(10));
      p.features.push_back(f);
      p.loss_tenths.push_back(int(std::lround(f[0] * 10)));
    }
    const std::vector<double> prob = HumanModel::probabilities(truth, p.features);
    double u = rng.uniform(), sum = 0;
    p.played = 4;
    for (int i = 0; i < 5; ++i)
      if (u < (sum += prob[std::size_t(i)])) {
        p.played = i;
        break;
      }
    out.push_back(std::move(p));
  }
  return out;
}

HumanFeatures truth() {
  HumanFeatures w{};
  w[0] = -0.5;
  w[5] = 1.2;
  w[9] = -0.15;
  return w;
}

}  // namespace

TEST_CASE("human model fit: recovers the weights of synthetic choices, the same bits twice", "[human_model]") {
  const auto positions = synthetic(truth(), 6000, 2100, 2000, 7);
  std::vector<const ModelPosition*> all;
  for (const auto& p : positions) all.push_back(&p);
  FitOptions options;
  options.features = {0, 5, 9};
  const HumanFeatures w = fit_weights(all, options);
  CHECK(std::abs(w[0] - -0.5) < 0.05);
  CHECK(std::abs(w[5] - 1.2) < 0.15);
  CHECK(std::abs(w[9] - -0.15) < 0.03);
  CHECK(w[1] == 0.0);  // not fitted
  CHECK(fit_weights(all, options) == w);
}

TEST_CASE("human model fit: bands, held-out years never fitted, too small a band refused", "[human_model]") {
  auto positions = synthetic(truth(), 1500, 1800, 2010, 1);
  for (auto& p : synthetic(truth(), 1500, 2300, 2010, 2)) positions.push_back(std::move(p));
  FitOptions options;
  options.band_edges = {2000};
  options.test_from = 2023;
  const Settings settings;
  const auto model = fit_human_model(positions, options, 42, settings);
  REQUIRE(model.ok());
  REQUIRE(model->bands.size() == 2);
  CHECK(model->bands[0].centre == 1800);
  CHECK(model->bands[1].centre == 2300);
  CHECK(model->bands[0].positions == 1500);
  CHECK(model->database_checksum == 42);
  CHECK(model->test_from == 2023);
  // Held-out positions (2023 on), whatever they are, change nothing.
  auto with_held_out = positions;
  HumanFeatures other{};
  other[0] = 0.3;
  for (auto& p : synthetic(other, 800, 1800, 2024, 3)) with_held_out.push_back(std::move(p));
  const auto again = fit_human_model(with_held_out, options, 42, settings);
  REQUIRE(again.ok());
  CHECK(*again == *model);
  // A band without enough positions to fit.
  options.band_edges = {2000, 2400};
  const auto small = fit_human_model(positions, options, 42, settings);
  REQUIRE_FALSE(small.ok());
  CHECK(small.error() == "the band 2400 and over has 0 positions to fit, fewer than 200 (choose other band edges)");
}

TEST_CASE("human model fit: the held-out measure", "[human_model]") {
  // Every position: the corner (feature 5) is played although it loses 2 discs.
  std::vector<ModelPosition> positions;
  for (int n = 0; n < 10; ++n) {
    ModelPosition p;
    p.game = std::uint32_t(n / 2 + 1);
    p.year = 2024;
    p.rating = 2100;
    HumanFeatures best{}, corner{};
    corner[0] = 2;
    corner[5] = 1;
    p.features = {best, corner};
    p.loss_tenths = {0, 20};
    p.played = 1;
    positions.push_back(p);
  }
  HumanModel model;
  model.test_from = 2023;
  model.bands = {{kNoLowerBound, 2100, 1, {}}};
  model.bands[0].weights[0] = -0.5;
  model.bands[0].weights[5] = 3;  // prefers the corner: p = 1 / (1 + e^-2)
  HumanModel softmax = model;
  softmax.bands[0].weights[5] = 0;  // the loss alone: p = 1 / (1 + e)
  const std::string text = model_test_text(model, softmax, positions, 2023);
  CHECK(text.find("| all | 10 | 5 | 100.0% | 0.0% | 100.0% | -0.127 | -1.313 |") != std::string::npos);
  // Positions before the held-out years are not measured.
  CHECK(model_test_text(model, softmax, positions, 2025).find("| all |") == std::string::npos);

  // Ties: two moves of the same features (symmetric), the second played. The model's pick
  // counts 1/2 (as the engine's two equal best moves do); by square order it is the first: 0.
  std::vector<ModelPosition> tied(1, positions[0]);
  tied[0].features = {HumanFeatures{}, HumanFeatures{}};
  tied[0].loss_tenths = {0, 0};
  tied[0].played = 1;
  CHECK(model_test_text(model, softmax, tied, 2023).find("| all | 1 | 1 | 50.0% | 50.0% | 0.0% |") != std::string::npos);
}

TEST_CASE("human summary by rating band: each move in its band", "[human_model]") {
  HumanMoves moves;
  const auto position = [](int ply, Color side, int loss_tenths) {
    PositionRecord p;
    p.ply = ply;
    p.side = side;
    p.played = B1;
    p.moves = {{A1, 0, false}, {B1, -loss_tenths, false}};
    return p;
  };
  GameRecord g1{1, 2000, {position(2, Color::Black, 20), position(3, Color::White, 0), position(40, Color::Black, 80)}};
  GameRecord g2{2, 2001, {position(2, Color::Black, 10), position(3, Color::White, 30)}};
  moves.games = {g1, g2};
  // Game 1: black 1850, white 2050; game 2: black unrated, white 1950.
  const auto rating = [](std::uint32_t game, Color side) -> std::optional<int> {
    if (game == 1) return side == Color::Black ? 1850 : 2050;
    if (side == Color::White) return 1950;
    return std::nullopt;
  };
  const std::vector<int> edges = {1900, 2000};
  const std::string text = rating_band_text(moves, edges, rating);
  CHECK(text.find("(1 positions of players without a rating left out)") != std::string::npos);
  // under 1900: losses 2 and 8 (a blunder); 1900-1999: 3; 2000 and over: 0.
  CHECK(text.find("| under 1900 | 2 | 5.00 | 0.0% | 100.0% | 50.0% |") != std::string::npos);
  CHECK(text.find("| 1900-1999 | 1 | 3.00 | 0.0% | 100.0% | 0.0% |") != std::string::npos);
  CHECK(text.find("| 2000 and over | 1 | 0.00 | 100.0% | 0.0% | 0.0% |") != std::string::npos);
  // By phase: the under-1900 band's opening move lost 2, its late-midgame one 8.
  CHECK(text.find("| under 1900 | 2.00, 0.0% | | 8.00, 100.0% | |") != std::string::npos);
  CHECK(rating_band_name(edges, 1) == "1900-1999");
}

TEST_CASE("human openings: built from the database's first plies, by band, the same bytes twice", "[human_model]") {
  const auto db = GameDatabase::parse(test::wthor_sample_database_bytes(), "sample");
  REQUIRE(db.ok());
  PlayerRatings ratings;  // nobody rated: every mover counts as a newcomer
  ratings.newcomer_rating = 2017;
  const std::vector<int> edges = {2000, 2100};
  const HumanOpenings o = build_human_openings(*db, ratings, edges, 6, 5, 2023);
  REQUIRE_FALSE(o.positions.empty());
  std::size_t games = 0;  // the games before 2023 with a first move
  for (std::uint32_t n = 1; n <= db->size(); ++n) games += !db->game(n)->moves.empty();
  // The start: the sample's games all open with the same move (WTHOR's orientation), every
  // mover in band 2.
  const auto start = o.choices(Position::initial(), 2050);
  REQUIRE(start.size() == 1);
  CHECK(start[0].square == db->game(1)->moves[0]);
  CHECK(start[0].games == games);
  for (const HumanOpeningPosition& p : o.positions) {
    std::uint32_t total = 0;
    for (const HumanOpeningMove& m : p.moves) {
      CHECK(m.counts[0] == 0);
      CHECK(m.counts[2] == 0);
      CHECK(m.counts[1] >= 2);  // moves played once are left out
      total += m.counts[1];
    }
    CHECK(total >= 2);
  }
  // The held-out years count for nothing: with 2021 held out, 1983's games alone.
  const HumanOpenings early = build_human_openings(*db, ratings, edges, 6, 5, 2000);
  CHECK(early.choices(Position::initial(), 2050)[0].games < games);
  const auto a = encode_human_openings(o), b = encode_human_openings(build_human_openings(*db, ratings, edges, 6, 5, 2023));
  REQUIRE(a.ok());
  CHECK(*a == *b);
  const auto back = HumanOpenings::parse(*a);
  REQUIRE(back.ok());
  CHECK(*back == o);
}

}  // namespace reversi::human
