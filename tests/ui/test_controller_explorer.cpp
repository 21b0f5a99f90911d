// A choice of one of the explorer's moves (ui/explorer_move.h; on the desktop a click on
// its row): played when a person may move on the live game, else its figures said and
// nothing changed. The page's rule (web/js/explorer.js chooseMove).
#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "fake_ai.h"
#include "ui/controller.h"
#include "ui/explorer_move.h"

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

namespace {

MoveStatistics stats(Square s, std::uint32_t games = 1234, std::uint32_t black = 617, std::uint32_t white = 309) {
  MoveStatistics m;
  m.square = s;
  m.games = games;
  m.black_wins = black;
  m.white_wins = white;
  m.draws = games - black - white;
  return m;
}

// Described: the figures said, the game, the view and the refusal mark as they were.
void check_described(Controller& c, const MoveStatistics& m, const std::string& figures) {
  const std::string before = c.game().transcript();
  const auto view = c.viewing();
  CHECK(choose_explorer_move(c, m) == ExplorerChoice::Described);
  CHECK(c.game().transcript() == before);
  CHECK(c.viewing() == view);
  CHECK(c.rejected_square() == NO_SQUARE);
  CHECK(c.message() == figures);
}

}  // namespace

TEST_CASE("explorer move: two people, either side's turn: a click plays the move", "[ui][controller][explorer]") {
  Fixture f("color=both&speed=instant&pause=0");
  Controller& c = *f.c;
  CHECK(choose_explorer_move(c, stats(E6)) == ExplorerChoice::Played);
  CHECK(c.game().transcript() == "e6");
  CHECK(choose_explorer_move(c, stats(F4)) == ExplorerChoice::Played);  // white's turn, a person too
  CHECK(c.game().transcript() == "e6f4");
}

TEST_CASE("explorer move: against the computer it plays on the person's turn only", "[ui][controller][explorer]") {
  Fixture f("color=black&speed=instant&pause=0");
  Controller& c = *f.c;
  CHECK(choose_explorer_move(c, stats(F5)) == ExplorerChoice::Played);
  CHECK(c.game().transcript() == "f5");
  c.update(1);
  REQUIRE(c.thinking());
  // The computer's turn: the figures of white's move, nothing played.
  check_described(c, stats(D6), "Experts' move d6: 1,234 games, black wins 50.0%, white wins 25.0%");
  REQUIRE(deliver(f.ai, D6));
  c.update(2);
  REQUIRE(c.game().transcript() == "f5d6");
  // The person's turn again: played (the message of the figures goes with the move).
  CHECK(choose_explorer_move(c, stats(C3)) == ExplorerChoice::Played);
  CHECK(c.game().transcript() == "f5d6c3");
  CHECK(c.message().empty());
}

TEST_CASE("explorer move: an earlier position viewed, the game over, nobody human: its figures", "[ui][controller][explorer]") {
  {
    Fixture f("color=both&speed=instant&pause=0");
    Controller& c = *f.c;
    REQUIRE(c.play(F5).ok());
    REQUIRE(c.play(D6).ok());
    REQUIRE(c.view(1).ok());  // after f5: white's d6 would be legal there
    REQUIRE(c.shown_position().is_legal(D6));
    check_described(c, stats(D6, 10, 4, 5), "Experts' move d6: 10 games, black wins 40.0%, white wins 50.0%");
  }
  {
    // A finished position (every square black): nobody may move.
    Fixture f("color=both&speed=instant&pause=0");
    Controller& c = *f.c;
    REQUIRE(c.load(std::string(64, 'X') + " X").ok());
    REQUIRE(c.over());
    check_described(c, stats(D3, 0, 0, 0), "Experts' move d3: 0 games, black wins 0.0%, white wins 0.0%");
  }
  {
    Fixture f("color=none&speed=instant&pause=0");
    Controller& c = *f.c;
    check_described(c, stats(F5), "Experts' move f5: 1,234 games, black wins 50.0%, white wins 25.0%");
  }
}

TEST_CASE("explorer move: a move not legal here is described, never refused on the board", "[ui][controller][explorer]") {
  Fixture f("color=both&speed=instant&pause=0&lang=ja");
  Controller& c = *f.c;
  // Bad input from the database side: an occupied square, a square that flips nothing, none at all.
  check_described(c, stats(D4, 3, 1, 2), "上級者の手 d4: 3局、黒勝ち 33.3%、白勝ち 66.7%");
  check_described(c, stats(A1, 3, 1, 2), "上級者の手 a1: 3局、黒勝ち 33.3%、白勝ち 66.7%");
  const MoveStatistics none = stats(NO_SQUARE, 2, 1, 1);
  CHECK(choose_explorer_move(c, none) == ExplorerChoice::Described);
  CHECK(c.game().ply() == 0);
}

TEST_CASE("explorer game: replayed from where it reached the position, a broken one changes nothing",
          "[ui][controller][explorer]") {
  Fixture f("color=black&speed=instant&pause=0");
  Controller& c = *f.c;
  REQUIRE(c.play(F5).ok());
  c.update(1);
  REQUIRE(deliver(f.ai, D6));
  c.update(2);
  REQUIRE(c.game().transcript() == "f5d6");
  const DatabaseGame g{7, 2001, "Anna", "Ben", "Cup", 40, 40, {F5, D6, C3, D3, C4}};
  REQUIRE(replay_database_game(c, g, 2).ok());
  CHECK(c.game().transcript() == "f5d6c3d3c4");
  CHECK(c.viewing() == std::optional<std::size_t>(2));
  CHECK(c.message() == "Game 7: Anna 40\u201324 Ben (2001)");
  CHECK(c.options().black.human);
  CHECK(c.options().white.human);
  // Undo brings back the game played, with its computer.
  CHECK(c.undo());
  CHECK(c.game().transcript() == "f5d6");
  CHECK_FALSE(c.options().white.human);
  // Past its end: the end shown, live.
  REQUIRE(replay_database_game(c, g, 60).ok());
  CHECK_FALSE(c.viewing());
  CHECK(c.game().ply() == 5);
  // Bad input from the database side: no moves, an illegal move: an error, nothing changed.
  DatabaseGame empty = g;
  empty.moves.clear();
  CHECK_FALSE(replay_database_game(c, empty, 0).ok());
  DatabaseGame broken = g;
  broken.moves = {F5, A1};
  const Status st = replay_database_game(c, broken, 0);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().find("game 7") != std::string::npos);
  CHECK(c.game().transcript() == "f5d6c3d3c4");
}

