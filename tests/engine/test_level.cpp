// The levels (engine/level): level_time_budget_ms, what the web page's AI watchdog
// (web_ai_client.cpp) waits for, and the levels' ratings that a person's playing rating
// (core/rating) moves toward. Their threads: test_level_threads.cpp.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/rating.h"
#include "engine/level.h"

using namespace reversi;

TEST_CASE("level_time_budget_ms: a level's time per move, 0 for other names", "[players]") {
  CHECK(level_time_budget_ms("level-1") == 100);
  CHECK(level_time_budget_ms("level-12+depth=20") > 0);
  CHECK(level_time_budget_ms("level-12") >= level_time_budget_ms("level-1"));
  // +time=MS replaces the level's time (matches at time odds); a bad option is no level.
  CHECK(level_time_budget_ms("level-12+time=250") == 250);
  CHECK(level_time_budget_ms("level-1+nompc+time=12.5") == 12.5);
  for (const char* other : {"weighted", "level-0", "level-999", "level-", "level-x", "", "level-3+time=0",
                            "level-3+time=", "level-3+bogus", "level-3+eval=nonsense", "level-3+mpc-model=", "level-3+mpc-model=fits"})
    CHECK(level_time_budget_ms(other) == 0);
  // Evaluator options are checked by name only: no weights are loaded to answer.
  CHECK(level_time_budget_ms("level-3+eval=handmade") == level_time_budget_ms("level-3"));
  CHECK(level_time_budget_ms("level-3+weights=/nonexistent/w.bin") == level_time_budget_ms("level-3"));
}

TEST_CASE("playing rating: games against the levels move it toward their ratings", "[rating][history]") {
  REQUIRE(level_rating("level-1"));
  // On the people's scale (docs/human.md, "Form from game to game"): levels 1-6 measured against
  // the human players, the levels above level-6 plus the engine ladder's steps.
  CHECK(*level_rating("level-1") == 2000);
  CHECK(*level_rating("level-2") == 2169);
  CHECK(*level_rating("level-6") == 2699);
  CHECK(*level_rating("level-7") == 2699 + 127);
  CHECK(*level_rating("level-12") == 3406);
  for (int n = 1; n < 12; ++n)
    CHECK(*level_rating("level-" + std::to_string(n + 1)) > *level_rating("level-" + std::to_string(n)));
  CHECK(*level_rating("level-12") > *level_rating("level-11"));
  CHECK_FALSE(level_rating("level-6+nobook"));
  CHECK_FALSE(level_rating("weighted"));
  CHECK_FALSE(level_rating("level-99"));
  // Ten wins against level-6 and ten losses against level-7: between the two.
  std::vector<RatingOpponent> games;
  for (int i = 0; i < 10; ++i) games.push_back({*level_rating("level-6"), 0, 1});
  for (int i = 0; i < 10; ++i) games.push_back({*level_rating("level-7"), 0, 0});
  const auto r = playing_ratings(games);
  REQUIRE(r.size() == 20);
  CHECK(r[9].rating > *level_rating("level-6"));
  CHECK(r.back().rating > *level_rating("level-6") - 100);
  CHECK(r.back().rating < *level_rating("level-7"));
  CHECK(r.back().deviation < r.front().deviation);
  CHECK(r.back().answered == 20);
  CHECK(playing_ratings({}).empty());
}
