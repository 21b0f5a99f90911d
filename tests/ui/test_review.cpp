// The game model's interface for a page that draws its own controls: the cursor
// set from outside, refused moves made visible, and reviewing earlier positions
// of the game (the move list is the game's history).
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "core/notation.h"
#include "fake_ai.h"
#include "ui/controller.h"

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

namespace {

// The "rejected" field of state_json(), as written.
std::string rejected_field(const Controller& c) {
  const std::string json = c.state_json();
  return json.substr(json.rfind(",\"rejected\":") + 12, std::string::npos);
}

}  // namespace

TEST_CASE("review: set_cursor puts the keyboard frame on a square", "[ui][review]") {
  Fixture f("color=both");
  Controller& c = *f.c;
  CHECK_FALSE(c.keyboard_active());
  REQUIRE(c.set_cursor(G7).ok());
  CHECK(c.cursor() == G7);
  CHECK(c.keyboard_active());
  const std::string before = c.state_json();
  for (Square bad : {NO_SQUARE, PASS, Square(64), Square(-1)}) {
    const Status st = c.set_cursor(bad);
    CHECK_FALSE(st.ok());
    CHECK(st.error().find("a1-h8") != std::string::npos);
    CHECK(c.cursor() == G7);
  }
  CHECK(c.state_json() == before);
  c.set_keyboard_active(false);
  REQUIRE(c.set_cursor(F5).ok());
  CHECK(c.keyboard_active());
  REQUIRE(c.play_cursor().ok());
  CHECK(c.game().transcript() == "f5");
}

TEST_CASE("review: a refused move is recorded with its reason, nothing else changes", "[ui][review]") {
  Fixture f("color=black&speed=instant&pause=0");
  Controller& c = *f.c;
  std::vector<std::pair<Square, RejectReason>> heard;
  c.on_rejected([&](Square s, RejectReason r) { heard.emplace_back(s, r); });
  CHECK(c.rejected_square() == NO_SQUARE);
  CHECK(rejected_field(c) == "null}");

  c.update(250);
  std::string before = c.state_json();
  CHECK_FALSE(c.play(C1).ok());  // empty, flips nothing
  CHECK(c.rejected_square() == C1);
  CHECK(c.rejected_reason() == RejectReason::Illegal);
  CHECK(c.rejected_at() == 250);
  CHECK(rejected_field(c) == "{\"square\":\"c1\",\"reason\":\"illegal\"}}");
  CHECK(without_rejected(c.state_json()) == without_rejected(before));
  CHECK(c.save().find("c1") == std::string::npos);

  c.update(400);
  const Status st = c.play(D4);  // a white stone
  CHECK(st.error() == "d4 is not a legal move for black: a stone is already there");
  CHECK(c.rejected_reason() == RejectReason::Occupied);
  CHECK(c.rejected_at() == 400);
  CHECK(rejected_field(c) == "{\"square\":\"d4\",\"reason\":\"occupied\"}}");
  CHECK(without_rejected(c.state_json()) == without_rejected(before));

  // Not a square at all: an error, but nothing to mark.
  CHECK_FALSE(c.play(NO_SQUARE).ok());
  CHECK(c.rejected_square() == D4);

  // A good move clears the mark.
  REQUIRE(c.play(F5).ok());
  CHECK(c.rejected_square() == NO_SQUARE);
  CHECK(rejected_field(c) == "null}");

  // The computer's turn.
  c.update(401);
  REQUIRE(c.thinking());
  before = c.state_json();
  CHECK_FALSE(c.play(F6).ok());
  CHECK(c.rejected_reason() == RejectReason::NotYourTurn);
  CHECK(rejected_field(c) == "{\"square\":\"f6\",\"reason\":\"notYourTurn\"}}");
  CHECK(without_rejected(c.state_json()) == without_rejected(before));
  CHECK(c.thinking());  // the search goes on
  // The computer's move clears it too.
  REQUIRE(deliver(f.ai));
  c.update(402);
  CHECK(c.game().ply() == 2);
  CHECK(c.rejected_square() == NO_SQUARE);

  // Undo and new game clear it.
  CHECK_FALSE(c.play(A1).ok());
  REQUIRE(c.undo());
  CHECK(c.rejected_square() == NO_SQUARE);
  CHECK_FALSE(c.play(A1).ok());
  c.new_game();
  CHECK(c.rejected_square() == NO_SQUARE);

  REQUIRE(heard.size() == 5);
  CHECK(heard[0] == std::make_pair(C1, RejectReason::Illegal));
  CHECK(heard[1] == std::make_pair(D4, RejectReason::Occupied));
  CHECK(heard[2] == std::make_pair(F6, RejectReason::NotYourTurn));
  CHECK(heard[3] == std::make_pair(A1, RejectReason::Illegal));
}

TEST_CASE("review: a move after the game's end is refused as game over", "[ui][review]") {
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  // The first legal move each turn, to the end.
  while (!c.over()) REQUIRE(c.play(Square(lowest_square(c.position().legal_moves()))).ok());
  const std::string before = c.state_json();
  Square empty = NO_SQUARE;
  for (int sq = 0; sq < 64 && empty == NO_SQUARE; ++sq)
    if (c.position().at(Square(sq)) == Cell::Empty) empty = Square(sq);
  const Square target = empty != NO_SQUARE ? empty : A1;
  CHECK(c.play(target).error() == "the game is over");
  CHECK(c.rejected_reason() == RejectReason::GameOver);
  CHECK(rejected_field(c) == "{\"square\":\"" + square_name(target) + "\",\"reason\":\"gameOver\"}}");
  CHECK(without_rejected(c.state_json()) == without_rejected(before));
}

TEST_CASE("review: viewing an earlier position leaves the game alone", "[ui][review]") {
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  for (Square s : {F5, D6, C3, D3, C4}) REQUIRE(c.play(s).ok());
  REQUIRE(c.undo());  // one move to redo: c4
  const std::string live = c.state_json();
  const std::string saved = c.save();
  CHECK(c.viewing() == std::nullopt);
  CHECK(live.find("\"view\":null") != std::string::npos);
  CHECK(live.find("\"moves\":[{\"color\":\"black\",\"square\":\"f5\"},{\"color\":\"white\",\"square\":\"d6\"},"
                  "{\"color\":\"black\",\"square\":\"c3\"},{\"color\":\"white\",\"square\":\"d3\"}]") !=
        std::string::npos);

  REQUIRE(c.view(2).ok());
  CHECK(c.viewing() == std::size_t(2));
  const Position after2 = Game::from_transcript("f5d6")->position();
  CHECK(c.shown_black() == after2.black());
  CHECK(c.shown_white() == after2.white());
  CHECK(c.shown_count(Color::Black) == after2.disc_count(Color::Black));
  CHECK(c.shown_last_move() == D6);
  CHECK(c.marked_moves() == 0);
  CHECK_FALSE(c.can_play_now());
  const std::string viewed = c.state_json();
  CHECK(viewed.find("\"view\":2") != std::string::npos);
  // Only "view", and the status and the counts that describe the position shown,
  // differ from the live state: the game, its record and its save are untouched.
  std::string expected = live;
  expected.replace(expected.find("\"view\":null"), 11, "\"view\":2");
  auto replace_field = [](std::string& json, const std::string& key, const std::string& value) {
    const std::size_t at = json.find("\"" + key + "\":");
    REQUIRE(at != std::string::npos);
    const std::size_t start = at + key.size() + 3;
    const std::size_t end = json[start] == '"' ? json.find('"', start + 1) + 1 : json.find('}', start) + 1;
    json.replace(start, end - start, value);
  };
  replace_field(expected, "status", "\"Move 2 of 4 \u2014 viewing\"");
  replace_field(expected, "shown", "{\"black\":3,\"white\":3,\"board\":\"" +
                                        to_board_string(c.game().position_at(2)).substr(0, 64) + "\"}");
  // No square may be played while viewing.
  const std::size_t legal = expected.find("\"legal\":[");
  REQUIRE(legal != std::string::npos);
  expected.replace(legal + 9, expected.find(']', legal) - legal - 9, "");
  CHECK(viewed == expected);
  CHECK(c.save() == saved);

  // A move while viewing is refused as Reviewing, even a legal one of the live game.
  REQUIRE(c.position().is_legal(C4));
  const Status st = c.play(C4);
  CHECK_FALSE(st.ok());
  CHECK(st.error().find("go back to the game") != std::string::npos);
  CHECK(c.rejected_reason() == RejectReason::Reviewing);
  CHECK(c.game().transcript() == "f5d6c3d3");

  // The start, and past the record.
  REQUIRE(c.view(0).ok());
  CHECK(c.shown_black() == Position::initial().black());
  CHECK(c.shown_last_move() == NO_SQUARE);
  CHECK(c.rejected_square() == NO_SQUARE);  // the mark was on the board shown before
  const std::string at_start = c.state_json();
  for (std::size_t bad : {std::size_t(5), std::size_t(60), std::size_t(-1)}) {
    const Status e = c.view(bad);
    CHECK_FALSE(e.ok());
    CHECK(e.error().find("the game has 4 moves") != std::string::npos);
    CHECK(c.viewing() == std::size_t(0));
    CHECK(c.state_json() == at_start);
  }
  REQUIRE(c.view(4).ok());  // the last position played is allowed
  CHECK(c.shown_last_move() == D3);

  c.view_live();
  CHECK(c.viewing() == std::nullopt);
  CHECK(c.state_json() == live);
  CHECK(c.marked_moves() == c.position().legal_moves());

  // Undo, redo, new game and restore go back to the live game first.
  REQUIRE(c.view(1).ok());
  REQUIRE(c.redo());
  CHECK(c.viewing() == std::nullopt);
  CHECK(c.game().transcript() == "f5d6c3d3c4");
  REQUIRE(c.view(1).ok());
  REQUIRE(c.undo());
  CHECK(c.viewing() == std::nullopt);
  REQUIRE(c.view(1).ok());
  REQUIRE(c.restore(saved).ok());
  CHECK(c.viewing() == std::nullopt);
  REQUIRE(c.view(3).ok());
  CHECK_FALSE(c.restore("garbage").ok());  // refused: nothing changes, the view stays
  CHECK(c.viewing() == std::size_t(3));
  c.new_game();
  CHECK(c.viewing() == std::nullopt);
  CHECK(c.state_json().find("\"moves\":[]") != std::string::npos);
}

TEST_CASE("review: the computer plays the live game while an earlier position is viewed", "[ui][review]") {
  Fixture f("color=black&speed=200&pause=0");
  Controller& c = *f.c;
  REQUIRE(c.play(F5).ok());
  c.update(1000);
  REQUIRE(c.view(0).ok());
  c.update(1001);
  REQUIRE(c.thinking());
  REQUIRE(deliver(f.ai));  // the first legal move for white: d6? (whatever it is)
  c.update(1002);
  CHECK(c.game().ply() == 2);             // applied to the live game
  CHECK(c.viewing() == std::size_t(0));   // the view stays where it was
  CHECK(c.shown_black() == Position::initial().black());
  CHECK(c.shown_white() == Position::initial().white());
  CHECK(c.marked_moves() == 0);
  CHECK(c.state_json().find("\"view\":0") != std::string::npos);
  CHECK(c.state_json().find("{\"color\":\"white\",\"square\":\"" + square_name(c.game().last_move()) + "\"}") !=
        std::string::npos);
  c.view_live();
  CHECK(c.human_to_move());
  CHECK(c.can_play_now());
}
