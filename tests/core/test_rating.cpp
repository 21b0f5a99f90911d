// The rating (core/rating): Glicko-2 on Glickman's example, answers moving it, and the
// saved rating's text. The puzzles that use it: tests/engine/test_puzzles.cpp; the
// levels' ratings: tests/engine/test_level.cpp.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/rating.h"

using namespace reversi;

TEST_CASE("Glicko-2: Glickman's example", "[puzzles][rating]") {
  const Rating player{1500, 200, 0.06};
  const RatingOpponent games[] = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
  const Rating r = glicko2_update(player, games);
  CHECK(r.rating == Approx(1464.06).margin(0.01));
  CHECK(r.deviation == Approx(151.52).margin(0.01));
  CHECK(r.volatility == Approx(0.05999).margin(0.00001));
  // No game: only the deviation grows.
  const Rating idle = glicko2_update(player, {});
  CHECK(idle.rating == 1500);
  CHECK(idle.deviation == Approx(std::sqrt(200.0 * 200 + (0.06 * 173.7178) * (0.06 * 173.7178))));
}

TEST_CASE("Glicko-2: answers move the rating", "[puzzles][rating]") {
  Rating r;
  const Rating up = rate_answer(r, 1500, true), down = rate_answer(r, 1500, false);
  CHECK(up.rating > 1500);
  CHECK(down.rating < 1500);
  CHECK(up.rating - 1500 == Approx(1500 - down.rating));
  CHECK(up.streak == 1);
  CHECK(down.streak == 0);
  CHECK(up.answered == 1);
  // A hard puzzle solved gains more than an easy one.
  CHECK(rate_answer(r, 2000, true).rating > rate_answer(r, 1000, true).rating);
  // Half a point (a right answer after the first hint) against an equal puzzle moves nothing
  // but the deviation, and ends the streak; scores outside 0..1 are clamped.
  Rating on_a_streak = up;
  on_a_streak.rating = 1600;
  const Rating half = rate_answer(on_a_streak, 1600, 0.5);
  CHECK(half.rating == Approx(1600).margin(1e-9));
  CHECK(half.deviation < up.deviation);
  CHECK(half.streak == 0);
  CHECK(rate_answer(r, 1500, 0.5).rating == Approx(1500).margin(1e-9));
  CHECK(rate_answer(r, 1800, 0.5).rating > 1500);  // half against a harder puzzle gains
  CHECK(rate_answer(r, 1200, 0.5).rating < 1500);  // and against an easier one loses
  CHECK(rate_answer(r, 1500, 7.0) == up);
  CHECK(rate_answer(r, 1500, -1.0) == down);
  for (int i = 0; i < 50; ++i) r = rate_answer(r, 1800, true);
  CHECK(r.rating > 1800);
  CHECK(r.deviation >= 30);
  CHECK(r.streak == 50);
}

TEST_CASE("the saved rating: round trip and corrupt text refused", "[puzzles][rating]") {
  const Rating r{1623.25, 87.5, 0.0601, 42, 3};
  const auto back = parse_rating(format_rating(r));
  REQUIRE(back.ok());
  CHECK(back->rating == Approx(r.rating));
  CHECK(back->answered == 42);
  CHECK(back->streak == 3);
  CHECK(*parse_rating(format_rating(*back)) == *back);
  for (const char* bad :
       {"", "reversi-rating 2\nrating 1500\ndeviation 350\nvolatility 0.06\nanswered 0\nstreak 0\n",
        "reversi-rating 1\nrating abc\ndeviation 350\nvolatility 0.06\nanswered 0\nstreak 0\n",
        "reversi-rating 1\nrating 1500\ndeviation -1\nvolatility 0.06\nanswered 0\nstreak 0\n",
        "reversi-rating 1\nrating 1500\ndeviation 350\nvolatility 0.06\nanswered 0\n",
        "reversi-rating 1\nrating 1500\ndeviation 350\nvolatility 0.06\nanswered 1.5\nstreak 0\n",
        "reversi-rating 1\nrating 1500\ndeviation 350\nvolatility 0.06\nanswered 1\nstreak 2\n",
        "reversi-rating 1\nrating 1500\ndeviation 350\nvolatility 0.06\nanswered 0\nstreak 0\nmore\n",
        "{\"rating\": 1500}"}) {
    INFO(bad);
    const auto p = parse_rating(bad);
    REQUIRE_FALSE(p.ok());
    CHECK_THAT(p.error(), Catch::Contains("saved rating"));
  }
}
