// Controller::retry_computer: the web page's Retry after its AI worker failed
// (web_main.cpp restarts the worker, then asks the controller to try again).
#include <catch2/catch.hpp>

#include <memory>

#include "core/notation.h"
#include "fake_ai.h"
#include "ui/controller.h"

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

TEST_CASE("controller: retry after the computer failed asks again, the game untouched", "[ui][controller]") {
  Fixture f("color=black&speed=instant&pause=0");
  Controller& c = *f.c;
  REQUIRE(c.play(F5).ok());
  c.update(1);
  REQUIRE(c.thinking());
  f.ai.failure = "the AI worker failed to load";
  c.update(2);
  REQUIRE(c.computer_failed());
  CHECK_FALSE(c.thinking());
  c.update(3);
  CHECK(f.ai.requests.size() == 1);  // no retry on its own
  // The page restarted the worker (failure gone) and pressed Retry.
  f.ai.failure.clear();
  c.retry_computer();
  CHECK_FALSE(c.computer_failed());
  CHECK(c.message().empty());
  CHECK(c.game().transcript() == "f5");
  c.update(4);
  REQUIRE(c.thinking());
  CHECK(f.ai.requests.size() == 2);
  CHECK(f.ai.requests.back().position == c.position());
  REQUIRE(deliver(f.ai, D6));
  c.update(5);
  CHECK(c.game().transcript() == "f5d6");
}
