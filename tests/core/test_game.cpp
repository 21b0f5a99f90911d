#include <catch2/catch.hpp>

#include "core/game.h"
#include "core/position.h"

using namespace reversi;

TEST_CASE("illegal moves leave the game untouched", "[core][game]") {
  Game game;
  const Position before = game.position();
  CHECK_FALSE(game.play(A1).ok());
  CHECK_FALSE(game.play(PASS).ok());
  CHECK(game.position() == before);
  CHECK(game.ply() == 0);
  CHECK(game.play(F5).ok());
  CHECK(game.position().at(E5) == Cell::Black);
  CHECK(game.position().disc_count(Color::Black) == 4);
}

TEST_CASE("undo and redo", "[core][game]") {
  Game game;
  REQUIRE(game.play(F5).ok());
  REQUIRE(game.play(D6).ok());
  const Position after2 = game.position();
  REQUIRE(game.undo());
  CHECK(game.ply() == 1);
  REQUIRE(game.redo());
  CHECK(game.position() == after2);
  REQUIRE(game.undo());
  REQUIRE(game.undo());
  CHECK(game.position() == Position::initial());
  CHECK_FALSE(game.undo());
  REQUIRE(game.play(E6).ok());  // a new move discards the redo list
  CHECK_FALSE(game.can_redo());
  CHECK(game.transcript() == "e6");
}
