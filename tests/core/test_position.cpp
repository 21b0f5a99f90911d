#include <catch2/catch.hpp>

#include "core/file.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/perft.h"
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

TEST_CASE("perft from the start, depths 1-9", "[core][perft]") {
  const std::uint64_t expected[] = {4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288};
  for (int d = 1; d <= 9; ++d) {
    INFO("depth " << d);
    CHECK(perft(Position::initial(), d) == expected[d - 1]);
  }
}

TEST_CASE("perft from the start, depths 10-11", "[core][perft][slow]") {
  CHECK(perft(Position::initial(), 10) == 24571284ULL);
  CHECK(perft(Position::initial(), 11) == 212258800ULL);
}

TEST_CASE("square names", "[core][notation]") {
  CHECK(square_name(A1) == "a1");
  CHECK(square_name(H8) == "h8");
  CHECK(square_name(F5) == "f5");
  CHECK(parse_square("F5") == F5);
  CHECK(parse_square("c3") == C3);
  CHECK_FALSE(parse_square("h9").has_value());
  CHECK_FALSE(parse_square("i1").has_value());
  CHECK_FALSE(parse_square("a").has_value());
  for (int s = 0; s < 64; ++s) CHECK(parse_square(square_name(Square(s))) == Square(s));
}

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

TEST_CASE("cpp_byte_list: the bytes as an array initializer, 24 a line", "[core]") {
  CHECK(cpp_byte_list(std::vector<std::uint8_t>{}) == "");
  CHECK(cpp_byte_list(std::vector<std::uint8_t>{82, 86, 0, 255}) == "82,86,0,255,");
  const std::vector<std::uint8_t> bytes(25, 7);
  const std::string list = cpp_byte_list(bytes);
  CHECK(list.find('\n') == 24 * 2);  // "7," 24 times, then the line ends
  CHECK(list.substr(list.size() - 3) == "\n7,");
}

TEST_CASE("embedded_bytes_source: a comment, then a function returning exactly the bytes", "[core]") {
  const std::vector<std::uint8_t> bytes{1, 2, 250};
  CHECK(embedded_bytes_source("Made by a test.\nSecond line.", "a::b", "data", bytes) ==
        "// Made by a test.\n// Second line.\n#include <cstdint>\n#include <span>\n\nnamespace a::b {\n\n"
        "namespace {\nalignas(8) const std::uint8_t kBytes[] = {\n1,2,250,\n};\n}  // namespace\n\n"
        "std::span<const std::uint8_t> data() {\n  return {kBytes, 3};\n}\n\n}  // namespace a::b\n");
  // No bytes: the array keeps one element (C++ has no empty arrays), the span none.
  const std::string empty = embedded_bytes_source("x", "n", "f", {});
  CHECK(empty.find("kBytes[] = {\n0,\n};") != std::string::npos);
  CHECK(empty.find("return {kBytes, 0};") != std::string::npos);
}
