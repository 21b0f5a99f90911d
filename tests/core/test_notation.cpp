#include <catch2/catch.hpp>

#include <string>

#include "core/game.h"
#include "core/notation.h"

using namespace reversi;

TEST_CASE("transcripts round-trip and report errors", "[core][notation]") {
  auto game = Game::from_transcript("f5d6c3d3c4");
  REQUIRE(game.ok());
  CHECK(game->transcript() == "f5d6c3d3c4");
  CHECK(game->ply() == 5);
  CHECK(game->position().to_move == Color::White);

  auto upper = Game::from_transcript("F5 D6 C3");
  REQUIRE(upper.ok());
  CHECK(upper->transcript() == "f5d6c3");

  auto bad_square = parse_transcript("f5d6c3d3c4h9");
  REQUIRE_FALSE(bad_square.ok());
  CHECK(bad_square.error() == "move 6 'h9' is not a square (a1..h8)");

  auto illegal = parse_transcript("f5d6a1");
  REQUIRE_FALSE(illegal.ok());
  CHECK(illegal.error() == "move 3 'a1' is not legal (black to move)");

  auto truncated = parse_transcript("f5d");
  REQUIRE_FALSE(truncated.ok());
  CHECK(truncated.error() == "move 2 'd' is not a square (a1..h8)");
}

TEST_CASE("board strings round-trip and report errors", "[core][notation]") {
  const std::string s =
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
  auto p = parse_board_string(s);
  REQUIRE(p.ok());
  CHECK(to_board_string(*p) == s);
  CHECK(p->to_move == Color::Black);
  CHECK(p->empty_count() == 14);

  auto short_string = parse_board_string("XXOO-");
  REQUIRE_FALSE(short_string.ok());
  CHECK(short_string.error().find("needs 64") != std::string::npos);

  std::string bad = s;
  bad[10] = 'Z';
  auto bad_char = parse_board_string(bad);
  REQUIRE_FALSE(bad_char.ok());
  CHECK(bad_char.error() == "board string: character 11 'Z' (square c2) is not X, O or -");

  auto no_side = parse_board_string(s.substr(0, 64));
  REQUIRE_FALSE(no_side.ok());
  CHECK(no_side.error().find("side to move") != std::string::npos);
}
