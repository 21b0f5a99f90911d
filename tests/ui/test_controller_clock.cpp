// The game clock through the controller (issue 45 part 5): the clocks of a game against
// the computer with the time passed in by update() (no sleeping), the computer told its
// time, a flag fall ending the game (status, history, refusals), a move at the last
// moment, the save and a reload, the GGF export, the notices, undo off.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/game_text.h"
#include "core/notation.h"
#include "fake_ai.h"
#include "ui/controller.h"

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

namespace {

const std::string kOneMinute = "color=black&opponent=level-2&speed=instant&pause=0&clock=1+0";

// The computer's reply to its pending request, delivered at `at`.
void computer_moves(Fixture& f, double at) {
  f.c->update(at);  // it asks
  REQUIRE(deliver(f.ai));
  f.c->update(at);  // and moves
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Black (the player) moves at 0; the computer (white) is asked at `asked` and its reply
// delivered, waiting for the next update(). Returns the move it replies.
Square white_reply_waiting(Fixture& f, double asked) {
  f.c->update(0);
  REQUIRE(f.c->play(first_legal(f.c->position())).ok());
  f.c->update(asked);
  REQUIRE(f.ai.current);
  const Square move = first_legal(f.ai.current->second.position);
  REQUIRE(deliver(f.ai));
  return move;
}

}  // namespace

TEST_CASE("clock: each side's time runs on its turn and the computer is told its own", "[ui][clock]") {
  Fixture f(kOneMinute);
  Controller& c = *f.c;
  REQUIRE(c.clock().timed());
  c.update(0);
  CHECK(c.clock().running() == Color::Black);
  c.update(20000);
  CHECK(c.clock_left_ms(Color::Black) == 40000);
  CHECK(c.clock_left_ms(Color::White) == 60000);
  CHECK(has(c.state_json(), R"("clock":{"control":"1+0","black":{"text":"0:40","low":false})"));
  REQUIRE(c.play(first_legal(c.position())).ok());
  CHECK(c.clock().running() == Color::White);
  c.update(20000);
  REQUIRE(f.ai.current);
  CHECK(f.ai.current->second.limits.clock_ms == 60000);
  CHECK(f.ai.current->second.limits.increment_ms == 0);
  computer_moves(f, 23000);
  CHECK(c.clock_left_ms(Color::White) == 57000);
  CHECK(c.clock().running() == Color::Black);
  CHECK(c.clock().move_times() == std::vector<double>{20000, 3000});
  // No taking back against the clock.
  CHECK_FALSE(c.can_undo());
  CHECK_FALSE(c.undo());
}

TEST_CASE("clock: the increment is added after each move", "[ui][clock]") {
  Fixture f("color=both&speed=instant&clock=3+2");
  Controller& c = *f.c;
  c.update(1000);
  REQUIRE(c.play(first_legal(c.position())).ok());
  CHECK(c.clock_left_ms(Color::Black) == 180000 - 1000 + 2000);
  c.update(5000);
  REQUIRE(c.play(first_legal(c.position())).ok());
  CHECK(c.clock_left_ms(Color::White) == 180000 - 4000 + 2000);
}

TEST_CASE("clock: a flag fall ends the game as lost on time", "[ui][clock]") {
  for (const bool ja : {false, true}) {
    Fixture f(kOneMinute + (ja ? "&lang=ja" : ""));
    Controller& c = *f.c;
    std::vector<ArchivedGame> told;
    c.set_history_ids(7);
    c.on_history([&](std::uint64_t, const ArchivedGame& g) { told.push_back(g); });
    int ended = 0;
    Outcome outcome = Outcome::Draw;
    c.on_game_over([&](Outcome o, int, int) { ++ended, outcome = o; });
    c.update(0);
    REQUIRE(c.play(first_legal(c.position())).ok());
    computer_moves(f, 1000);
    const double black_left = c.clock_left_ms(Color::Black);
    // Exactly at zero the flag has not fallen: a move now is in time.
    c.update(1000 + black_left);
    CHECK_FALSE(c.over());
    CHECK(c.wake_at() <= 1000 + black_left + 1);
    c.update(1000 + black_left + 1);
    CHECK(c.over());
    CHECK(c.clock().flag() == Color::Black);
    CHECK(c.status_line() == (ja ? "黒の時間切れ負け" : "Black lost on time"));
    CHECK(ended == 1);
    CHECK(outcome == Outcome::WhiteWins);
    CHECK(has(c.state_json(), R"("over":true)"));
    CHECK(has(c.state_json(), R"("flag":"black")"));
    CHECK(has(c.state_json(), ja ? "黒の持ち時間がなくなりました" : "Black's time is up"));
    // The game stays as it was: no move, no computer, no clock.
    const std::string transcript = c.game().transcript();
    CHECK_FALSE(c.play(first_legal(c.position())).ok());
    CHECK(c.game().transcript() == transcript);
    CHECK_FALSE(c.clock().running());
    CHECK(c.wake_at() == std::numeric_limits<double>::infinity());
    // Kept as lost on time, with its clock.
    REQUIRE(told.size() == 1);
    CHECK(told[0].lost_on_time == Color::Black);
    CHECK(told[0].time_control == TimeControl{60, 0});
    CHECK(told[0].move_times_ms.size() == 2);
    const std::string line = archive_line(told[0]);
    CHECK(has(line, "TI[01:00]"));
    CHECK(has(line, "RE[-64:t]"));
    const auto back = read_archived(line);
    REQUIRE(back.ok());
    CHECK(*back == told[0]);
    CHECK(has(archived_json(*back), R"("clock":"1+0","lostOnTime":"black")"));
  }
}

TEST_CASE("clock: a move at the last moment counts, a moment late it does not", "[ui][clock]") {
  Fixture f("color=both&speed=instant&clock=1+0");
  Controller& c = *f.c;
  c.update(0);
  SECTION("at 0:00.000") {
    c.set_clock(60000);
    REQUIRE(c.play(first_legal(c.position())).ok());
    CHECK(c.game().ply() == 1);
    CHECK(c.clock_left_ms(Color::Black) == 0);
    CHECK(c.clock().running() == Color::White);
    CHECK_FALSE(c.over());
  }
  SECTION("a millisecond late, before any update saw it") {
    c.set_clock(60001);
    CHECK_FALSE(c.play(first_legal(c.position())).ok());
    CHECK(c.game().ply() == 0);
    CHECK(c.clock().flag() == Color::Black);
    CHECK(c.over());
  }
}

TEST_CASE("clock: the computer's late move is not played", "[ui][clock]") {
  Fixture f(kOneMinute);
  Controller& c = *f.c;
  white_reply_waiting(f, 0);
  c.update(60001);  // the reply arrives after white's time ran out
  CHECK(c.clock().flag() == Color::White);
  CHECK(c.game().ply() == 1);
  CHECK(c.status_line() == "White lost on time");
}

TEST_CASE("clock: a human player's time over its move is waited by the controller, not the engine", "[ui][clock]") {
  Fixture f(kOneMinute);
  Controller& c = *f.c;
  const Square move = white_reply_waiting(f, 1000);  // the computer (white) is asked at 1 s
  f.ai.ready->result.think_ms = 4000;  // a person would take 4 s over this move
  c.update(1200);  // the reply is in at once, but held
  CHECK(c.game().ply() == 1);
  CHECK(c.clock().running() == Color::White);
  CHECK(c.wake_at() <= 5000);  // the page wakes when the time is up
  CHECK(c.wake_at() > 1200);
  CHECK_FALSE(c.play(first_legal(c.position())).ok());  // still the computer's turn
  c.update(4999);
  CHECK(c.game().ply() == 1);
  c.update(5000);  // asked at 1 s + 4 s
  REQUIRE(c.game().ply() == 2);
  CHECK(c.game().moves().back() == move);
  CHECK(c.clock_left_ms(Color::White) == 55000);  // white's clock ran from black's move (0 s) to 5 s
  CHECK(f.ai.cancels == 0);
}

TEST_CASE("clock: a held move is dropped when the game changes meanwhile", "[ui][clock]") {
  Fixture f(kOneMinute);
  Controller& c = *f.c;
  white_reply_waiting(f, 0);
  f.ai.ready->result.think_ms = 3000;
  c.update(100);
  REQUIRE(c.game().ply() == 1);
  const int cancels = f.ai.cancels;
  c.new_game();  // a new game while the computer "thinks"
  CHECK(f.ai.cancels == cancels);  // nothing left to cancel: the worker is kept
  c.update(10000);
  CHECK(c.game().ply() == 0);  // the old game's move is not played into the new one
}

TEST_CASE("clock: the screen reader is told at a minute, 10 seconds and the flag, once each", "[ui][clock]") {
  Fixture f("color=both&speed=instant&clock=3+0");
  Controller& c = *f.c;
  c.update(0);
  CHECK(c.clock_notice_id() == 0);
  c.update(100000);
  CHECK(c.clock_notice_id() == 0);
  c.update(121000);
  CHECK(c.clock_notice_id() == 1);
  CHECK(c.clock_notice() == "Black has less than a minute left");
  c.update(125000);
  c.update(130000);
  CHECK(c.clock_notice_id() == 1);  // not every second
  c.update(171000);
  CHECK(c.clock_notice_id() == 2);
  CHECK(c.clock_notice() == "Black has less than 10 seconds left");
  c.update(180001);
  CHECK(c.clock_notice_id() == 3);
  CHECK(c.clock_summary() == "Time left: Black 0:00, White 3:00");
  // The shown time changes once a second: the revision with it, not more often.
  Fixture g("color=both&speed=instant&clock=3+0");
  g.c->update(0);
  g.c->update(10);
  const auto r = g.c->revision();
  g.c->update(500);
  CHECK(g.c->revision() == r);
  CHECK(g.c->wake_at() <= 1000.01);
  g.c->update(1001);
  CHECK(g.c->revision() > r);
}

TEST_CASE("clock: a reload keeps both clocks and whose runs, the time away is charged", "[ui][clock]") {
  Fixture f(kOneMinute);
  Controller& c = *f.c;
  double wall = 1.7e12;
  c.set_wall_clock([&] { return wall; });
  c.update(0);
  REQUIRE(c.play(first_legal(c.position())).ok());
  computer_moves(f, 4000);
  c.update(14000);  // black has thought 10 s
  const std::string saved = c.save();
  CHECK(has(saved, "|clock=1+0 b=50000 w=56000 run=b moves=0,4000 at="));

  Fixture g(kOneMinute);
  double wall2 = wall + 3000;  // three seconds to reload
  g.c->set_wall_clock([&] { return wall2; });
  g.c->update(500);
  REQUIRE(g.c->restore(saved).ok());
  CHECK(g.c->clock().running() == Color::Black);
  CHECK(g.c->clock_left_ms(Color::Black) == 47000);
  CHECK(g.c->clock_left_ms(Color::White) == 56000);
  g.c->update(1500);
  CHECK(g.c->clock_left_ms(Color::Black) == 46000);
  CHECK(g.c->game().transcript() == c.game().transcript());
  CHECK_FALSE(g.c->can_undo());

  // Away longer than the time left: lost on time at once.
  Fixture h(kOneMinute);
  double wall3 = wall + 60000;
  h.c->set_wall_clock([&] { return wall3; });
  REQUIRE(h.c->restore(saved).ok());
  CHECK(h.c->clock().flag() == Color::Black);
  CHECK(h.c->over());

  // A corrupt clock part: a clear error and the game kept.
  Fixture k(kOneMinute);
  const std::string before = k.c->save();
  std::string bad = saved;
  bad.replace(bad.find("b=50000"), 7, "b=fifty");
  const auto r = k.c->restore(bad);
  REQUIRE_FALSE(r.ok());
  CHECK(has(r.error(), "the saved clock"));
  CHECK(k.c->save() == before);
}

TEST_CASE("clock: the GGF export carries the time control and each move's time", "[ui][clock]") {
  Fixture f("color=both&speed=instant&clock=5+2");
  Controller& c = *f.c;
  c.update(0);
  c.update(1500);
  REQUIRE(c.play(first_legal(c.position())).ok());
  c.update(4000);
  REQUIRE(c.play(first_legal(c.position())).ok());
  const auto ggf = c.export_game("ggf");
  REQUIRE(ggf.ok());
  CHECK(has(*ggf, "TI[05:00/00:02]"));
  const auto back = parse_ggf(*ggf);
  REQUIRE(back.ok());
  CHECK(back->time_control == TimeControl{300, 2});
  CHECK(back->move_times_ms == std::vector<double>{1500, 2500});
}

TEST_CASE("clock: untimed games are as before", "[ui][clock]") {
  Fixture f("color=black&opponent=level-2&speed=instant&pause=0");
  Controller& c = *f.c;
  c.update(0);
  CHECK_FALSE(c.clock().timed());
  CHECK(has(c.state_json(), R"("clock":null)"));
  CHECK(c.wake_at() == std::numeric_limits<double>::infinity());
  REQUIRE(c.play(first_legal(c.position())).ok());
  c.update(1e9);
  REQUIRE(f.ai.current);
  CHECK(f.ai.current->second.limits.clock_ms == 0);
  CHECK_FALSE(has(c.save(), "clock="));
  CHECK(c.can_undo());
}

TEST_CASE("clock: the option reads M+S (a URL's '+' a space) and writes it back unchanged", "[ui][clock]") {
  const std::vector<PlayerInfo> players = test_players();
  for (const char* query : {"clock=5+2", "clock=5%2B2", "clock=5"}) {
    INFO(query);
    const ParsedOptions p = parse_query_string(query, players);
    CHECK(p.messages.empty());
    CHECK(p.options.clock.base_s == 300);
    CHECK(parse_query_string(to_query_string(p.options), players).options == p.options);
  }
  CHECK(parse_query_string("clock=5+2", players).options.clock.increment_s == 2);
  const ParsedOptions bad = parse_query_string("clock=soon", players);
  REQUIRE(bad.messages.size() == 1);
  CHECK(bad.messages[0].find("'soon' is not a time control") != std::string::npos);
  CHECK_FALSE(bad.options.clock.timed());
}
