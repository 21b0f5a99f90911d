#include <catch2/catch.hpp>

#include <bit>
#include <limits>
#include <memory>

#include "core/notation.h"
#include "fake_ai.h"
#include "ui/controller.h"

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

TEST_CASE("controller: state JSON of a new game", "[ui][controller]") {
  Fixture f("color=both");
  CHECK(f.c->state_json().rfind(
            "{\"board\":\"---------------------------OX------XO---------------------------\","
            "\"toMove\":\"black\",\"transcript\":\"\",\"black\":2,\"white\":2,\"over\":false,"
            "\"thinking\":false,",
            0) == 0);
}

TEST_CASE("controller: play rejects illegal and out-of-turn moves and keeps the state", "[ui][controller]") {
  Fixture f("color=black&speed=instant&pause=300");
  Controller& c = *f.c;
  const std::string before = c.state_json();
  auto st = c.play(A1);
  CHECK_FALSE(st.ok());
  CHECK(st.error() == "a1 is not a legal move for black");
  CHECK(c.play(NO_SQUARE).error() == "that is not a square of the board");
  CHECK(without_rejected(c.state_json()) == without_rejected(before));

  REQUIRE(c.play(F5).ok());
  CHECK(c.game().transcript() == "f5");
  // White is the computer's: a person may not move for it, before or during its search.
  const std::string during = c.state_json();
  st = c.play(F6);
  CHECK_FALSE(st.ok());
  CHECK(st.error() == "it is the computer's turn (white)");
  CHECK(without_rejected(c.state_json()) == without_rejected(during));
  c.update(299);
  CHECK_FALSE(c.thinking());           // still the pause before the computer moves
  CHECK(f.ai.requests.empty());
  c.update(300);
  CHECK(c.thinking());
  REQUIRE(f.ai.requests.size() == 1);
  CHECK(f.ai.requests[0].player == "level-2");
  CHECK(f.ai.requests[0].position == c.position());
  CHECK(c.state_json().find("\"thinking\":true") != std::string::npos);
  CHECK_FALSE(c.play(F6).ok());
  CHECK(c.game().transcript() == "f5");
  REQUIRE(deliver(f.ai));
  c.update(310);
  CHECK_FALSE(c.thinking());
  CHECK(c.game().ply() == 2);
  CHECK(c.human_to_move());
}

TEST_CASE("controller: the computer waits for the flips and the pause", "[ui][controller]") {
  Fixture f("color=black&speed=200&pause=500");
  Controller& c = *f.c;
  c.update(1000);
  CHECK(c.wake_at() == std::numeric_limits<double>::infinity());  // a person to move: nothing by itself
  const std::uint64_t before = c.revision();
  REQUIRE(c.play(F5).ok());  // flips e5: one stone, 200 ms
  CHECK(c.revision() > before);
  CHECK(c.animating());
  CHECK(c.wake_at() == 1200);  // the animation's end
  CHECK(c.shown_count(Color::Black) == 3);  // placed, not yet turned
  CHECK(c.shown_count(Color::White) == 2);
  CHECK(c.marked_moves() == 0);             // no markers while animating / computer to move
  c.update(1100);
  CHECK(c.shown_count(Color::Black) == 4);
  CHECK(c.shown_count(Color::White) == 1);
  c.update(1699);
  CHECK_FALSE(c.animating());
  CHECK(f.ai.requests.empty());
  CHECK(c.wake_at() == 1700);  // the computer's pause ends
  const std::uint64_t resting = c.revision();
  c.update(1699.5);
  CHECK(c.revision() == resting);  // the clock alone changes nothing
  c.update(1700);  // 1000 + 200 animation + 500 pause
  CHECK(f.ai.requests.size() == 1);
  CHECK(c.revision() > resting);  // thinking
  CHECK(c.wake_at() == std::numeric_limits<double>::infinity());  // until the reply
}

// A front end that slept (issue 44) sets the clock before handing over what woke it: the
// animation and the computer's pause start then, not at the last update().
TEST_CASE("controller: set_clock after a rest: what a move starts, starts now", "[ui][controller]") {
  Fixture f("color=black&speed=200&pause=500");
  Controller& c = *f.c;
  c.update(1000);
  const std::uint64_t resting = c.revision();
  c.set_clock(60000);
  CHECK(c.revision() == resting);  // nothing moved
  REQUIRE(c.play(F5).ok());
  CHECK(c.animating());
  CHECK(c.wake_at() == 60200);
  c.set_clock(59000);  // never back
  CHECK(c.now() == 60000);
  c.update(60200);
  CHECK(c.wake_at() == 60700);
  c.update(60699);
  CHECK(f.ai.requests.empty());
  c.update(60700);
  CHECK(f.ai.requests.size() == 1);
}

TEST_CASE("controller: a person's move during an animation finishes it first", "[ui][controller]") {
  Fixture f("color=both&speed=slow");
  Controller& c = *f.c;
  REQUIRE(c.play(F5).ok());
  CHECK(c.animating());
  REQUIRE(c.play(F6).ok());
  CHECK(c.game().transcript() == "f5f6");
  CHECK(c.shown_count(Color::Black) + c.shown_count(Color::White) == 6);
}

TEST_CASE("controller: undo against the computer goes back to the person's last move", "[ui][controller]") {
  Fixture f("color=black&speed=instant&pause=0");
  Controller& c = *f.c;
  CHECK_FALSE(c.can_undo());
  REQUIRE(c.play(F5).ok());
  c.update(1);
  REQUIRE(deliver(f.ai));
  c.update(2);
  const std::string after_reply = c.game().transcript();
  REQUIRE(after_reply.size() == 4);
  REQUIRE(c.play(Square(lowest_square(c.position().legal_moves()))).ok());
  c.update(3);
  REQUIRE(deliver(f.ai));
  c.update(4);
  REQUIRE(c.game().ply() == 4);
  const std::string full = c.game().transcript();

  REQUIRE(c.can_undo());
  REQUIRE(c.undo());
  CHECK(c.game().ply() == 2);  // the computer's reply and the person's move
  CHECK(c.game().transcript() == after_reply);
  CHECK(c.human_to_move());
  c.update(100);
  CHECK_FALSE(c.thinking());   // a person to move: the computer does not start
  REQUIRE(c.undo());
  CHECK(c.game().ply() == 0);
  CHECK_FALSE(c.can_undo());

  REQUIRE(c.can_redo());
  REQUIRE(c.redo());
  CHECK(c.game().transcript() == after_reply);
  REQUIRE(c.redo());
  CHECK(c.game().transcript() == full);
  CHECK_FALSE(c.can_redo());
}

TEST_CASE("controller: undo while the computer thinks cancels its search", "[ui][controller]") {
  Fixture f("color=black&speed=instant&pause=0");
  Controller& c = *f.c;
  REQUIRE(c.play(F5).ok());
  c.update(1);
  REQUIRE(c.thinking());
  REQUIRE(c.undo());
  CHECK_FALSE(c.thinking());
  CHECK(f.ai.cancels >= 1);
  CHECK(c.game().ply() == 0);
  // A late reply to the cancelled request is never played.
  f.ai.current.emplace(1, f.ai.requests[0]);
  deliver(f.ai);
  c.update(2);
  CHECK(c.game().ply() == 0);
}

TEST_CASE("controller: playing white, the computer opens and undo keeps its opening", "[ui][controller]") {
  Fixture f("color=white&speed=instant&pause=0");
  Controller& c = *f.c;
  c.update(0);
  REQUIRE(c.thinking());
  CHECK(f.ai.requests[0].position == Position::initial());
  REQUIRE(deliver(f.ai));  // first legal move: d3
  c.update(1);
  CHECK(c.game().transcript() == "d3");
  CHECK_FALSE(c.can_undo());  // nothing of the person's to take back
  REQUIRE(c.play(C3).ok());
  c.update(2);
  REQUIRE(deliver(f.ai));
  c.update(3);
  REQUIRE(c.game().ply() == 3);
  REQUIRE(c.undo());
  CHECK(c.game().transcript() == "d3");
  CHECK(c.position().to_move == Color::White);
}

TEST_CASE("controller: two players undo and redo one move at a time", "[ui][controller]") {
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  for (Square s : {F5, D6, C3}) REQUIRE(c.play(s).ok());
  REQUIRE(c.undo());
  CHECK(c.game().transcript() == "f5d6");
  REQUIRE(c.redo());
  CHECK(c.game().transcript() == "f5d6c3");
  REQUIRE(c.undo());
  REQUIRE(c.play(C5).ok());  // a new move drops the redo list
  CHECK_FALSE(c.can_redo());
  CHECK(f.ai.requests.empty());
}

TEST_CASE("controller: computer vs computer plays a whole game and reports the end", "[ui][controller]") {
  Fixture f("color=none&opponent=first-legal&speed=instant&pause=0");
  Controller& c = *f.c;
  int moves = 0, ends = 0;
  Outcome outcome{};
  int black = -1, white = -1;
  c.on_move([&](Color, Square) { ++moves; });
  c.on_game_over([&](Outcome o, int b, int w) { ++ends, outcome = o, black = b, white = w; });
  double t = 0;
  for (int i = 0; i < 200 && !c.over(); ++i) {
    c.update(t += 1);
    if (c.thinking()) deliver(f.ai);
  }
  REQUIRE(c.over());
  CHECK(moves == int(c.game().ply()));
  CHECK(ends == 1);
  CHECK(black == c.position().disc_count(Color::Black));
  CHECK(white == c.position().disc_count(Color::White));
  CHECK(outcome == c.position().outcome());
  const std::string json = c.state_json();
  CHECK(json.find("\"toMove\":null") != std::string::npos);
  CHECK(json.find("\"over\":true") != std::string::npos);
  const std::string line = c.status_line();
  const std::string expected = outcome == Outcome::BlackWins   ? "Black wins"
                               : outcome == Outcome::WhiteWins ? "White wins"
                                                               : "Draw";
  CHECK(line.rfind(expected, 0) == 0);
  // The winner's count first: "White wins 52–12".
  CHECK(line == expected + " " + std::to_string(std::max(black, white)) + "\u2013" +
                    std::to_string(std::min(black, white)));
  CHECK_FALSE(c.play(A1).ok());
  CHECK(c.play(A1).error() == "the game is over");
}

TEST_CASE("controller: one game, one seed for the computer's form, a new game another", "[ui][controller]") {
  // MoveRequest::game: a human player plays a whole game at one form (Player::start_game).
  Fixture f("color=none&opponent=first-legal&speed=instant&pause=0");
  Controller& c = *f.c;
  auto play_moves = [&](int n) {
    double t = 0;
    for (int i = 0; i < 200 && int(c.game().ply()) < n; ++i) {
      c.update(t += 1);
      if (c.thinking()) deliver(f.ai);
    }
    REQUIRE(int(c.game().ply()) >= n);
  };
  play_moves(6);
  REQUIRE(f.ai.requests.size() >= 6);
  const std::uint64_t first = f.ai.requests.front().game;
  CHECK(first != 0);
  for (const AiRequest& r : f.ai.requests) CHECK(r.game == first);  // both sides, every move
  CHECK(f.ai.requests[0].seed != f.ai.requests[1].seed);            // the moves' own seeds differ
  const std::size_t before = f.ai.requests.size();
  c.new_game(opts("color=none&opponent=first-legal&speed=instant&pause=0"));
  play_moves(4);
  REQUIRE(f.ai.requests.size() > before);
  const std::uint64_t second = f.ai.requests[before].game;
  CHECK(second != 0);
  CHECK(second != first);
  for (std::size_t i = before; i < f.ai.requests.size(); ++i) CHECK(f.ai.requests[i].game == second);

  // A new game undone brings back the game before it with its record: its form again.
  Fixture g("color=black&speed=instant&pause=0");
  Controller& d = *g.c;
  REQUIRE(d.play(F5).ok());
  d.update(1);
  REQUIRE(deliver(g.ai));
  d.update(2);
  const std::uint64_t old_game = g.ai.requests.back().game;
  d.new_game(opts("color=white&speed=instant&pause=0"));
  d.update(3);
  REQUIRE(d.thinking());
  CHECK(g.ai.requests.back().game != old_game);  // the computer opens the new game at another
  REQUIRE(deliver(g.ai));
  d.update(4);
  REQUIRE(d.undo());
  REQUIRE(d.game().ply() == 2);
  REQUIRE(d.play(Square(lowest_square(d.position().legal_moves()))).ok());
  d.update(5);
  REQUIRE(d.thinking());
  CHECK(g.ai.requests.back().game == old_game);
}

TEST_CASE("controller: passes are announced", "[ui][controller]") {
  // A game with a forced pass: white has no move after black's last move.
  // From a board where black h1 leaves white without a move.
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  const std::string transcript = "f5f6e6f4e3c5c4e7b5";  // known passes are rare; search one below
  (void)transcript;
  // Search short random-free sequences (first legal move each turn) for a pass.
  bool found = false;
  for (int game = 0; game < 64 && !found; ++game) {
    c.new_game();
    int k = game;
    while (!c.over() && !found) {
      const Bitboard m = c.position().legal_moves();
      int n = popcount(m), pick = k % n;
      k = k / 2 + 7 * (k % 3) + int(c.game().ply());
      Bitboard mm = m;
      for (int i = 0; i < pick; ++i) mm &= mm - 1;
      REQUIRE(c.play(Square(lowest_square(mm))).ok());
      if (c.game().passed_after(c.game().ply())) found = true;
    }
  }
  REQUIRE(found);
  const Color passer = opposite(c.position().to_move);
  CHECK(c.message() == std::string(passer == Color::Black ? "Black" : "White") + " has no move and passes");
  CHECK(c.pass_shown_at() >= 0);
  c.new_game();
  CHECK(c.pass_shown_at() == -1);
  CHECK(c.message().empty());
}

TEST_CASE("controller: hint asks the hint player and shows its move", "[ui][controller]") {
  Fixture f("color=black&speed=instant&pause=0");
  Controller& c = *f.c;
  REQUIRE(c.hint().ok());
  CHECK(c.hint_pending());
  REQUIRE(f.ai.requests.size() == 1);
  CHECK(f.ai.requests[0].player == "level-3");
  CHECK(f.ai.requests[0].position == Position::initial());
  REQUIRE(deliver(f.ai, E6));
  c.update(1);
  CHECK(c.hint_square() == E6);
  CHECK(c.state_json().find("\"hint\":\"e6\"") != std::string::npos);
  REQUIRE(c.play(F5).ok());
  CHECK(c.hint_square() == NO_SQUARE);  // gone once the position changes
  CHECK_FALSE(c.hint().ok());           // not during the computer's turn
}

TEST_CASE("controller: an engine error is shown, not hung on", "[ui][controller]") {
  Fixture f("color=black&speed=instant&pause=0");
  Controller& c = *f.c;
  REQUIRE(c.play(F5).ok());
  c.update(1);
  REQUIRE(deliver(f.ai, NO_SQUARE, "worker crashed"));
  c.update(2);
  CHECK_FALSE(c.thinking());
  CHECK(c.message().find("worker crashed") != std::string::npos);
  c.update(3);
  CHECK(f.ai.requests.size() == 1);  // does not retry in a loop
  // A worker that dies outright (failure()) is reported as well.
  c.undo();
  REQUIRE(c.play(F5).ok());
  c.update(4);
  REQUIRE(c.thinking());
  f.ai.failure = "the AI worker failed to load";
  c.update(5);
  CHECK_FALSE(c.thinking());
  CHECK(c.message().find("failed to load") != std::string::npos);
  // An illegal answer is refused.
  f.ai.failure.clear();
  c.undo();
  REQUIRE(c.play(F5).ok());
  c.update(6);
  REQUIRE(deliver(f.ai, A1));
  c.update(7);
  CHECK(c.game().ply() == 1);
  CHECK(c.message().find("not legal") != std::string::npos);
}

TEST_CASE("controller: save and restore round trip, corrupt input keeps the game", "[ui][controller]") {
  Fixture f("color=both&speed=fast&markers=off");
  Controller& c = *f.c;
  for (Square s : {F5, D6, C3, D3, C4}) REQUIRE(c.play(s).ok());
  REQUIRE(c.undo());
  const std::string saved = c.save();
  CHECK(saved.rfind("reversi-save-1|", 0) == 0);

  Fixture g("color=black");
  REQUIRE(g.c->restore(saved).ok());
  CHECK(g.c->game().transcript() == "f5d6c3d3");
  CHECK(g.c->options() == c.options());
  REQUIRE(g.c->redo());
  CHECK(g.c->game().transcript() == "f5d6c3d3c4");
  CHECK(g.c->save() != saved);

  const std::string before = c.state_json();
  for (const char* bad : {"", "garbage", "reversi-save-1|color=both|f5d6", "reversi-save-2|x|f5|",
                          "reversi-save-1|color=both|f5a1|", "reversi-save-1|color=both|f5d|",
                          "reversi-save-1|color=both|f5|zz", "reversi-save-1|color=both|f5|d6|c3"}) {
    INFO(bad);
    const Status st = c.restore(bad);
    CHECK_FALSE(st.ok());
    CHECK(st.error().find("keeping the current game") != std::string::npos);
    CHECK(c.state_json() == before);
  }
}

TEST_CASE("controller: changing the opponent mid-game hands its side over", "[ui][controller]") {
  Fixture f("color=black&speed=instant&pause=0");
  Controller& c = *f.c;
  REQUIRE(c.play(F5).ok());
  c.update(1);
  REQUIRE(c.thinking());
  Options o = c.options();
  o.white.player = "weighted";
  c.set_options(o);
  CHECK_FALSE(c.thinking());
  c.update(2);
  REQUIRE(c.thinking());
  CHECK(f.ai.requests.back().player == "weighted");
  // Two players: nobody thinks any more.
  c.set_options(opts("color=both"));
  c.update(3);
  CHECK_FALSE(c.thinking());
  CHECK(c.human_to_move());
}

TEST_CASE("controller: keyboard cursor moves, clamps and plays", "[ui][controller]") {
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  CHECK(c.cursor() == D3);
  c.move_cursor(-5, 0);
  CHECK(c.cursor() == A3);
  c.move_cursor(0, -9);
  CHECK(c.cursor() == A1);
  c.move_cursor(5, 3);  // f4
  CHECK(c.cursor() == F4);
  CHECK(c.keyboard_active());
  CHECK_FALSE(c.play_cursor().ok());
  c.move_cursor(0, 1);  // f5
  REQUIRE(c.play_cursor().ok());
  CHECK(c.game().transcript() == "f5");
}

// Found by fuzz/fuzz_restore: whitespace in the redo list was counted as moves to undo.
TEST_CASE("controller: restore counts moves, not characters (fuzz_restore)", "[ui][controller][fuzz]") {
  Fixture f("color=both");
  Controller& c = *f.c;
  REQUIRE(c.restore("reversi-save-1|color=both|f5f6e6f4|\n\t").ok());
  CHECK(c.game().transcript() == "f5f6e6f4");
  CHECK_FALSE(c.can_redo());
  REQUIRE(c.restore("reversi-save-1|color=both|f5 d6|c3 d3").ok());
  CHECK(c.game().transcript() == "f5d6");
  CHECK(c.save().substr(c.save().rfind('|') - 4) == "f5d6|c3d3");
  // A move split across the two lists is still corrupt.
  const std::string before = c.state_json();
  CHECK_FALSE(c.restore("reversi-save-1|color=both|f5d|6c3").ok());
  CHECK(c.state_json() == before);
}

TEST_CASE("controller: a new game can be undone until a person moves in it", "[ui][controller]") {
  Fixture f("color=both&speed=fast&markers=off");
  Controller& c = *f.c;
  for (Square s : {F5, D6, C3, D3, C4}) REQUIRE(c.play(s).ok());
  REQUIRE(c.undo());  // c4 to redo
  const std::string saved = c.save();
  const std::string state = c.state_json();

  c.new_game(opts("color=white&speed=slow"));
  CHECK(c.game().ply() == 0);
  CHECK(c.undo_returns_to_previous_game());
  CHECK(c.can_undo());
  CHECK(c.state_json().find("\"canUndo\":true") != std::string::npos);
  // A second new game before anyone moved keeps the same game to return to.
  c.new_game(opts("color=both"));
  REQUIRE(c.undo());
  CHECK(c.save() == saved);  // record, moves to redo and options exactly
  CHECK(c.state_json() == state);
  CHECK_FALSE(c.undo_returns_to_previous_game());
  // Redo returns to the new game (issue 25: it used to redo the old game's c4 and
  // leave the new game unreachable), and undo goes back to the old one again.
  const std::string fresh = "color=both";
  REQUIRE(c.can_redo());
  REQUIRE(c.redo());
  CHECK(c.game().ply() == 0);
  CHECK(c.options() == opts(fresh));
  CHECK(c.undo_returns_to_previous_game());
  REQUIRE(c.undo());
  CHECK(c.save() == saved);
  CHECK(c.state_json() == state);
  // A move in the old game drops the new one: redo is the old game's own again.
  REQUIRE(c.undo());
  REQUIRE(c.play(D3).ok());
  REQUIRE(c.undo());
  REQUIRE(c.redo());
  CHECK(c.game().transcript() == "f5d6c3d3");
  CHECK_FALSE(c.can_redo());

  // Once a person moves in the new game, the old one is gone.
  c.new_game();
  REQUIRE(c.play(F5).ok());
  CHECK_FALSE(c.undo_returns_to_previous_game());
  REQUIRE(c.undo());
  CHECK(c.game().ply() == 0);
  CHECK_FALSE(c.can_undo());

  // A restored game drops it too.
  c.new_game();
  REQUIRE(c.restore(saved).ok());
  CHECK_FALSE(c.undo_returns_to_previous_game());
  // An empty game is not kept.
  Fixture g("color=both");
  g.c->new_game();
  CHECK_FALSE(g.c->can_undo());
}

TEST_CASE("controller: undoing a new game in which the computer moved first", "[ui][controller]") {
  Fixture f("color=black&speed=instant&pause=0");
  Controller& c = *f.c;
  REQUIRE(c.play(F5).ok());
  c.update(1);
  REQUIRE(deliver(f.ai));
  c.update(2);
  REQUIRE(c.game().ply() == 2);
  const std::string saved = c.save();

  // The person now plays white: the computer opens the new game.
  c.new_game(opts("color=white&speed=instant&pause=0"));
  c.update(3);
  REQUIRE(c.thinking());
  REQUIRE(deliver(f.ai));
  c.update(4);
  REQUIRE(c.game().transcript() == "d3");
  CHECK(c.can_undo());  // nothing of the person's in the new game: back to the old one
  REQUIRE(c.undo());
  CHECK(c.save() == saved);
  CHECK(c.human_to_move());
  CHECK(c.options() == opts("color=black&speed=instant&pause=0"));

  // Undone while the computer still thinks about its opening: the search stops.
  c.new_game(opts("color=white&speed=instant&pause=0"));
  c.update(5);
  REQUIRE(c.thinking());
  const int cancels = f.ai.cancels;
  REQUIRE(c.undo());
  CHECK_FALSE(c.thinking());
  CHECK(f.ai.cancels > cancels);
  CHECK(c.save() == saved);
  c.update(6);
  CHECK_FALSE(c.thinking());  // the person is to move in the old game
}

TEST_CASE("controller: the status describes the position shown and is never blank", "[ui][controller]") {
  Fixture f("color=both&speed=200");
  Controller& c = *f.c;
  for (Square s : {F5, D6, C3, D3, C4}) REQUIRE(c.play(s).ok());
  c.update(10000);
  REQUIRE(c.view(2).ok());
  CHECK(c.status_line() == "Move 2 of 5 \u2014 viewing");
  // The cards' counts are those of the position viewed (after f5d6: 3 and 3).
  // And the board shown is that position (for the page's grid).
  CHECK(c.state_json().find("\"shown\":{\"black\":3,\"white\":3,\"board\":\"" +
                            to_board_string(c.game().position_at(2)).substr(0, 64) + "\"}") != std::string::npos);
  REQUIRE(c.view(0).ok());
  CHECK(c.status_line() == "The start of the game (5 moves) \u2014 viewing");
  c.view_live();
  CHECK(c.status_line() == "White to move");
  CHECK(c.state_json().find("\"shown\":{\"black\":" + std::to_string(c.position().disc_count(Color::Black)) +
                            ",") != std::string::npos);

  // A finished game: the result is on the line while the last stones still turn.
  // Play any game to its end, one legal move at a time, and look mid-animation.
  Fixture h("color=both&speed=200");
  Controller& e = *h.c;
  double t = 0;
  while (!e.over()) {
    e.update(t += 1000);
    const Bitboard legal = e.position().legal_moves();
    REQUIRE(legal != 0);
    REQUIRE(e.play(Square(std::countr_zero(legal))).ok());
  }
  REQUIRE(e.animating());
  CHECK_FALSE(e.status_line().empty());
  const int b = e.position().disc_count(Color::Black), w = e.position().disc_count(Color::White);
  CHECK(e.status_line().find(std::to_string(std::max(b, w))) != std::string::npos);
}

TEST_CASE("controller: options asked at start keep the restored game unless they make another", "[ui][controller]") {
  // The desktop's flags and the page's link over a saved game: the language alone keeps the
  // game (the desktop used to start a new one for --lang); other players or another clock
  // start their own.
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  REQUIRE(c.restore("reversi-save-1|color=both&speed=instant|f5d6c3|").ok());
  const std::string moves = c.game().transcript();
  REQUIRE(moves == "f5d6c3");
  Options o = c.options();
  o.lang = Lang::Ja;
  CHECK_FALSE(c.open_with(o));
  CHECK(c.game().transcript() == moves);
  CHECK(c.options().lang == Lang::Ja);
  CHECK_FALSE(c.open_with(c.options()));  // the same options: nothing changes
  CHECK(c.game().transcript() == moves);
  o = c.options();
  o.clock = TimeControl{180, 2};
  CHECK(c.open_with(o));
  CHECK(c.game().transcript().empty());
  CHECK(c.options().clock == (TimeControl{180, 2}));
  CHECK(c.options().lang == Lang::Ja);  // the new game keeps what was asked with it
  REQUIRE(c.play(F5).ok());
  CHECK(c.open_with(opts("color=black&speed=instant")));
  CHECK(c.game().transcript().empty());
  CHECK(c.options().white.player == "level-2");
}
