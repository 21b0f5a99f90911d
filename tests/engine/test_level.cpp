// level_time_budget_ms: what the web page's AI watchdog (web_ai_client.cpp) waits for.
#include <catch2/catch.hpp>

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
                            "level-3+time=", "level-3+bogus", "level-3+eval=nonsense", "level-3+mpc-model="})
    CHECK(level_time_budget_ms(other) == 0);
  // Evaluator options are checked by name only: no weights are loaded to answer.
  CHECK(level_time_budget_ms("level-3+eval=handmade") == level_time_budget_ms("level-3"));
  CHECK(level_time_budget_ms("level-3+weights=/nonexistent/w.bin") == level_time_budget_ms("level-3"));
}
