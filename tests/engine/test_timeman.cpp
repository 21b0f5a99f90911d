// Time management on a game clock (engine/timeman.h): clock_allocation's shares (a forced
// move, the solver's reserve, the increment, the margin never spent, a hard position's
// maximum), a level on the clock staying within them, and a human player's think time.
#include <catch2/catch.hpp>

#include "core/notation.h"
#include "engine/level.h"
#include "engine/player.h"
#include "engine/timeman.h"

using namespace reversi;

TEST_CASE("clock_allocation shares the time left across the game", "[timeman]") {
  // 60 s left at 50 empties, solving from 20: 15 moves before the solve + 4 in reserve.
  const ClockAllocation a = clock_allocation(60000, 0, 50, 10, 20);
  const double usable = 60000 - 1500;  // the margin: 8 %, at most 1.5 s
  CHECK(a.target_ms == Approx(usable / 19));
  CHECK(a.max_ms == Approx(3 * a.target_ms));
  CHECK(a.max_ms <= usable * 0.35 + 1e-9);
  // A forced move takes next to nothing.
  CHECK(clock_allocation(60000, 0, 50, 1, 20).target_ms <= 20);
  // Closer to the end, a bigger share; at the solve, half of what is left.
  CHECK(clock_allocation(30000, 0, 24, 8, 20).target_ms > clock_allocation(30000, 0, 50, 8, 20).target_ms);
  CHECK(clock_allocation(30000, 0, 18, 8, 20).target_ms == Approx((30000 - 1500) * 0.5));
  // The increment is mostly spent.
  CHECK(clock_allocation(60000, 2000, 50, 10, 20).target_ms == Approx(a.target_ms + 1600));
  // The margin is never spent, however little is left; nothing left: a token budget.
  for (double left : {50.0, 150.0, 1000.0, 5000.0, 600000.0}) {
    const ClockAllocation b = clock_allocation(left, 0, 30, 10, 20);
    INFO(left);
    CHECK(b.max_ms >= b.target_ms);
    CHECK((b.max_ms <= left - std::clamp(left * 0.08, 100.0, 1500.0) || b.max_ms <= 1));
  }
}

TEST_CASE("a level on the clock answers within its share and never flags", "[timeman]") {
  auto player = make_player("level-3");
  REQUIRE(player.ok());
  SearchLimits limits;
  limits.clock_ms = 3000;  // 3 s left
  const auto moves = parse_transcript("f5d6c3d3c4f4f6f3e6e7");
  REQUIRE(moves.ok());
  Position p = Position::initial();
  for (Square m : *moves) p = p.play(m);
  const SearchResult r = (*player)->choose(p, limits);
  CHECK(p.is_legal(r.move));
  const ClockAllocation a = clock_allocation(3000, 0, p.empty_count(), popcount(p.legal_moves()), 8);
  CHECK(r.time_ms <= a.max_ms + 250);  // the search's own margin; a loaded machine
}

TEST_CASE("a human player's time over a move", "[timeman]") {
  CHECK(human_think_ms(1, false, 1, 60000, 0, 40) <= 400);
  CHECK(human_think_ms(8, true, 1, 60000, 0, 50) == 1000);
  const double easy = human_think_ms(8, false, 0.9, 600000, 0, 40), hard = human_think_ms(8, false, 0.3, 600000, 0, 40);
  CHECK(easy >= 1500);
  CHECK(hard > easy);
  CHECK(hard <= 5500);
  // Short of time: never more than the clock's share.
  CHECK(human_think_ms(8, false, 0.3, 3000, 0, 40) <= clock_allocation(3000, 0, 40, 8, 0).target_ms);
}

TEST_CASE("an iteration starts when its share of the predicted time fits", "[timeman]") {
  // Started a day back with a budget of a day and 10 s: about 10,000 ms are left, whatever
  // the machine's speed (each "fits" below has at least 1,000 ms to spare).
  const auto start = TimeManager::Clock::now() - std::chrono::hours(24);
  const TimeManager tm(86'400'000.0 + 10'000.0, start);
  // Last 4,000 ms after 2,000: the next predicted at 8,000 ms (growth 2): fits.
  CHECK(tm.can_start_iteration(4000, 2000));
  // Last 8,000 after 4,000: 16,000 predicted: not with the whole share; half of it fits.
  CHECK_FALSE(tm.can_start_iteration(8000, 4000));
  CHECK_FALSE(tm.can_start_iteration(8000, 4000, 1.0));
  CHECK(tm.can_start_iteration(8000, 4000, 0.5));
  // The growth is clamped to 1.5-6: 6,000 after 600 counts 6x (36,000; half 18,000, a quarter 9,000).
  CHECK_FALSE(tm.can_start_iteration(6000, 600, 0.5));
  CHECK(tm.can_start_iteration(6000, 600, 0.25));
  // No budget: always.
  CHECK(TimeManager(0).can_start_iteration(1e9, 1, 1.0));
}
