// level_time_budget_ms: what the web page's AI watchdog (web_ai_client.cpp) waits for.
#include <catch2/catch.hpp>

#include "engine/level.h"

using namespace reversi;

TEST_CASE("level_time_budget_ms: a level's time per move, 0 for other names", "[players]") {
  CHECK(level_time_budget_ms("level-1") == 100);
  CHECK(level_time_budget_ms("level-12+depth=20") > 0);
  CHECK(level_time_budget_ms("level-12") >= level_time_budget_ms("level-1"));
  for (const char* other : {"weighted", "level-0", "level-999", "level-", "level-x", ""})
    CHECK(level_time_budget_ms(other) == 0);
}
