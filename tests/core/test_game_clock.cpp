// The game's clocks (core/game_clock.h) with the time passed in: increments, a flag
// fall, a move at the last moment, the save line, GGF's TI[] and move times, bad input.
#include <catch2/catch.hpp>

#include "core/game_clock.h"
#include "core/game_text.h"
#include "core/notation.h"

using namespace reversi;

TEST_CASE("time controls are read and written", "[clock]") {
  auto tc = parse_time_control("5+2");
  REQUIRE(tc.ok());
  CHECK(tc->base_s == 300);
  CHECK(tc->increment_s == 2);
  CHECK(time_control_name(*tc) == "5+2");
  CHECK(parse_time_control("1")->base_s == 60);
  CHECK_FALSE(parse_time_control("none")->timed());
  CHECK(time_control_name(TimeControl{}) == "none");
  for (const char* bad : {"", "0+2", "5+", "+2", "5+61", "181", "five", "5+2+1", "-1"}) {
    INFO(bad);
    const auto r = parse_time_control(bad);
    REQUIRE_FALSE(r.ok());
    CHECK(r.failure().key == "error.clock.control");
  }
  CHECK(ggf_time_control({300, 2}) == "05:00/00:02");
  CHECK(ggf_time_control({60, 0}) == "01:00");
  CHECK(*parse_ggf_time_control("05:00/00:02") == TimeControl{300, 2});
  CHECK(*parse_ggf_time_control("15:00//02:00") == TimeControl{900, 0});  // GGS's extension
  CHECK(*parse_ggf_time_control("1:00:00") == TimeControl{3600, 0});
  CHECK_FALSE(parse_ggf_time_control("0//0")->timed());  // NBoard's: no clock
  for (const char* bad : {"", "abc", "5:60", "1/2/3/4", "05:00/x", "1:2:3:4"}) {
    INFO(bad);
    const auto r = parse_ggf_time_control(bad);
    REQUIRE_FALSE(r.ok());
    CHECK(r.failure().key == "error.ggf.time");
  }
  CHECK(clock_text(300000) == "5:00");
  CHECK(clock_text(59999) == "0:59");
  CHECK(clock_text(9950) == "0:09");
  CHECK(clock_text(999) == "0:00");
  CHECK(clock_text(0) == "0:00");
  CHECK(clock_text(-5) == "0:00");
}

TEST_CASE("a clock charges the side to move and adds the increment", "[clock]") {
  GameClock clock(TimeControl{60, 2});
  CHECK(clock.remaining_ms(Color::Black, 0) == 60000);
  clock.start(Color::Black, 1000);
  CHECK(clock.running() == Color::Black);
  CHECK(clock.remaining_ms(Color::Black, 4000) == 57000);
  CHECK(clock.remaining_ms(Color::White, 4000) == 60000);
  CHECK(clock.press(6000, Color::White) == 5000);
  CHECK(clock.remaining_ms(Color::Black, 6000) == 57000);  // 60 - 5 + 2
  CHECK(clock.running() == Color::White);
  CHECK(clock.press(16000, Color::Black) == 10000);
  CHECK(clock.remaining_ms(Color::White, 20000) == 52000);
  CHECK(clock.move_times() == std::vector<double>{5000, 10000});
  // A pass: the same side moves again.
  clock.press(17000, Color::Black);
  CHECK(clock.running() == Color::Black);
  CHECK(clock.remaining_ms(Color::Black, 17000) == 58000);
  // The end of the game: nothing runs.
  clock.press(18000, std::nullopt);
  CHECK_FALSE(clock.running());
  CHECK(clock.remaining_ms(Color::Black, 99000) == 59000);
  CHECK(clock.falls_at() == std::numeric_limits<double>::infinity());
}

TEST_CASE("a flag falls only once the time is below zero", "[clock]") {
  GameClock clock(TimeControl{60, 0});
  clock.start(Color::Black, 0);
  CHECK(clock.falls_at() > 60000);
  CHECK_FALSE(clock.fall(60000));  // 0 left: still in time
  SECTION("a move at the last moment is in time") {
    CHECK(clock.press(60000, Color::White) == 60000);
    CHECK_FALSE(clock.flag());
    CHECK(clock.remaining_ms(Color::Black, 70000) == 0);
    CHECK(clock.running() == Color::White);
  }
  SECTION("a moment later the flag falls and stays") {
    CHECK(clock.fall(60000.5));
    CHECK(clock.flag() == Color::Black);
    CHECK_FALSE(clock.running());
    CHECK_FALSE(clock.fall(70000));  // told once
    CHECK(clock.remaining_ms(Color::Black, 70000) == 0);
    CHECK(clock.press(70000, Color::White) == 0);  // no move after a flag fall
    CHECK(clock.move_times().empty());
    clock.start(Color::White, 70000);
    CHECK_FALSE(clock.running());
  }
  SECTION("a move made after the time ran out is a flag fall") {
    CHECK(clock.press(61000, Color::White) == 0);
    CHECK(clock.flag() == Color::Black);
    CHECK(clock.move_times().empty());
  }
}

TEST_CASE("the shown time changes once a second, low time", "[clock]") {
  GameClock clock(TimeControl{60, 0});
  clock.start(Color::White, 1000);
  CHECK(clock_text(clock.remaining_ms(Color::White, 1000)) == "1:00");
  const double tick = clock.next_tick_ms(1000);
  CHECK(tick > 1000);
  CHECK(tick < 1000.01);  // 60.000 s left: the next instant shows 0:59
  CHECK(clock_text(clock.remaining_ms(Color::White, tick)) == "0:59");
  const double next = clock.next_tick_ms(1500);
  CHECK(next > 2000);
  CHECK(next < 2000.01);
  CHECK(clock_text(clock.remaining_ms(Color::White, next)) == "0:58");
  CHECK_FALSE(clock.low(Color::White, 50000));  // 11 s left
  CHECK(clock.low(Color::White, 52000));        // 9 s left
  CHECK_FALSE(clock.low(Color::Black, 52000));
  CHECK(clock.next_tick_ms(61000) == clock.falls_at());  // 0 left: next is the fall
  GameClock long_game(TimeControl{600, 0});
  CHECK(long_game.low(Color::Black, 0) == false);
  long_game.start(Color::Black, 0);
  CHECK(long_game.low(Color::Black, 541000));  // 59 s of 10 min
}

TEST_CASE("an untimed clock never runs", "[clock]") {
  GameClock clock;
  clock.start(Color::Black, 0);
  CHECK_FALSE(clock.running());
  CHECK_FALSE(clock.fall(1e12));
  CHECK(clock.to_text(0) == "none");
  CHECK_FALSE(GameClock::from_text("none", 0)->timed());
}

TEST_CASE("the save line keeps the times left, the side running and the moves' times", "[clock]") {
  GameClock clock(TimeControl{180, 5});
  clock.start(Color::Black, 0);
  clock.press(2500, Color::White);
  clock.press(4000, Color::Black);
  const std::string text = clock.to_text(10000);  // black has run 6 s
  CHECK(text == "3+5 b=176500 w=183500 run=b moves=2500,1500");  // 180 - 2.5 + 5 - 6
  auto back = GameClock::from_text(text, 500000);  // another page's clock
  REQUIRE(back.ok());
  CHECK(back->control() == clock.control());
  CHECK(back->running() == Color::Black);
  CHECK(back->remaining_ms(Color::Black, 500000) == 176500);
  CHECK(back->remaining_ms(Color::Black, 501000) == 175500);  // runs on from the restore
  CHECK(back->remaining_ms(Color::White, 501000) == 183500);
  CHECK(back->move_times() == clock.move_times());
  CHECK(back->to_text(500000) == text);
  // The time gone while the page was closed is charged to the side running.
  auto away = GameClock::from_text(text, 0, 30000);
  CHECK(away->remaining_ms(Color::Black, 0) == 146500);
  auto flagged_away = GameClock::from_text(text, 0, 200000);
  CHECK(flagged_away->remaining_ms(Color::Black, 0) == 0);
  CHECK(flagged_away->fall(0));
  // A flag fall is kept.
  GameClock fallen(TimeControl{60, 0});
  fallen.start(Color::White, 0);
  fallen.fall(70000);
  CHECK(GameClock::from_text(fallen.to_text(80000), 0)->flag() == Color::White);
  for (const char* bad : {"", "3+5", "3+5 b=1", "3+5 b=1 w=x", "3+5 b=1 w=2 run=x", "3+5 b=1 w=2 moves=1,,2",
                          "3+5 b=1 w=2 what=3", "3+5 b=1 w=2 run=b flag=w", "none b=1", "7 b=-1 w=2"}) {
    INFO(bad);
    const auto r = GameClock::from_text(bad, 0);
    REQUIRE_FALSE(r.ok());
    CHECK(r.failure().key == "error.clock.saved");
  }
}

TEST_CASE("GGF carries the time control and each move's time", "[clock][ggf]") {
  const auto moves = parse_transcript("f5d6c3d3c4");
  REQUIRE(moves.ok());
  const std::vector<double> times{1200, 3456, 0, 61000, 10};
  const std::vector<std::pair<std::string, std::string>> tags{{"TI", ggf_time_control({60, 2})}};
  const std::string ggf = to_ggf(Position::initial(), *moves, {}, tags, times);
  CHECK(ggf.find("TI[01:00/00:02]") != std::string::npos);
  CHECK(ggf.find("B[f5//1.2]W[d6//3.5]B[c3//0.0]W[d3//61.0]B[c4//0.0]") != std::string::npos);
  const auto back = parse_ggf(ggf);
  REQUIRE(back.ok());
  CHECK(back->time_control == TimeControl{60, 2});
  CHECK(back->moves == *moves);
  CHECK(back->move_times_ms == std::vector<double>{1200, 3500, 0, 61000, 0});
  // NBoard's move/eval/time, m:s, and moves without times.
  const auto nboard = parse_ggf("(;GM[Othello]TI[0//0]B[F5/1.5/0.25]W[d6]B[c3//1:05];)");
  REQUIRE(nboard.ok());
  CHECK_FALSE(nboard->time_control.timed());
  CHECK(nboard->move_times_ms == std::vector<double>{250, -1, 65000});
  // Malformed: a clear error, nothing read.
  const auto bad_time = parse_ggf("(;GM[Othello]B[f5//soon];)");
  REQUIRE_FALSE(bad_time.ok());
  CHECK(bad_time.failure().key == "error.ggf.move_time");
  const auto bad_ti = parse_ggf("(;GM[Othello]TI[five minutes]B[f5];)");
  REQUIRE_FALSE(bad_ti.ok());
  CHECK(bad_ti.failure().key == "error.ggf.time");
  // Passes take no time of their own: times follow the square moves.
  const auto game = parse_ggf(to_ggf(Position::initial(), *moves, {}, {}, std::vector<double>{100}));
  REQUIRE(game.ok());
  CHECK(game->move_times_ms.front() == 100);
  CHECK(game->move_times_ms[1] == -1);
}
