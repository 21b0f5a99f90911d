#include <catch2/catch.hpp>

#include "core/game.h"
#include "core/notation.h"
#include "core/position.h"

using namespace reversi;

TEST_CASE("start position follows the WOF convention", "[core]") {
  const Position p = Position::initial();
  CHECK(p.at(D5) == Cell::Black);
  CHECK(p.at(E4) == Cell::Black);
  CHECK(p.at(D4) == Cell::White);
  CHECK(p.at(E5) == Cell::White);
  CHECK(p.to_move == Color::Black);
  CHECK(p.legal_moves() == (bit(F5) | bit(E6) | bit(D3) | bit(C4)));
  CHECK(to_board_string(p) ==
        "---------------------------OX------XO--------------------------- X");
}

TEST_CASE("a wipe-out ends the game", "[core][rules]") {
  // A shortest game: one colour wiped out after 9 moves.
  auto wipe = Game::from_transcript("d3c3b3d2e1d6d7e3f4");
  REQUIRE(wipe.ok());
  CHECK(wipe->over());
  CHECK(wipe->position().disc_count(Color::White) == 0);
  CHECK(wipe->position().outcome() == Outcome::BlackWins);
  CHECK(wipe->position().empty_count() == 51);
  CHECK(wipe->position().to_move == Color::White);
  CHECK(wipe->position().final_score() == -64);  // for white, the side "to move"
  // One move short of it, the game is not over.
  auto before = Game::from_transcript("d3c3b3d2e1d6d7e3");
  REQUIRE(before.ok());
  CHECK_FALSE(before->over());
}

TEST_CASE("a pass and a forced double pass", "[core][rules]") {
  // White to move with no legal move while black has one: white must pass.
  //   g1 white, h1 black: white cannot flank h1 (edge); black plays f1.
  Position p = Position::from_colors(bit(H1), bit(G1), Color::White);
  CHECK(p.must_pass());
  CHECK_FALSE(p.is_game_over());
  Game game(p);
  CHECK(game.position().to_move == Color::Black);  // pass applied at once
  REQUIRE(game.play(F1).ok());
  CHECK(game.over());  // white wiped out
  CHECK(game.position().disc_count(Color::White) == 0);
  // Neither side can move, board not full: the game is over (double pass).
  Position blocked = Position::from_colors(bit(A1), bit(H8), Color::Black);
  CHECK(blocked.is_game_over());
  CHECK(blocked.outcome() == Outcome::Draw);
  CHECK(blocked.final_score() == 0);
}

TEST_CASE("a full board and a draw", "[core][rules]") {
  // Full board, 32-32: game over and drawn.
  Bitboard black = 0x00000000FFFFFFFFULL, white = ~black;
  Position full = Position::from_colors(black, white, Color::Black);
  CHECK(full.is_game_over());
  CHECK(full.outcome() == Outcome::Draw);
  CHECK(full.final_score() == 0);
  // 33-31: black wins by 2.
  Position win = Position::from_colors(black | bit(A5), white & ~bit(A5), Color::White);
  CHECK(win.is_game_over());
  CHECK(win.outcome() == Outcome::BlackWins);
  CHECK(win.final_score() == -2);
  // Empties go to the winner in the final score.
  Position partial = Position::from_colors(bit(A1) | bit(B1), bit(H8), Color::Black);
  CHECK(partial.is_game_over());
  CHECK(partial.final_score() == 2 - 1 + 61);
}
