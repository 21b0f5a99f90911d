// Games as text (core/game_text.h): one parser for transcripts, GGF games and
// board strings, the exports, and round trips between them.
#include <catch2/catch.hpp>

#include "core/game_text.h"
#include "core/notation.h"
#include "core/random_positions.h"

using namespace reversi;

namespace {

const std::string kInitialBoard = to_board_string(Position::initial());

std::vector<Square> squares(std::string_view transcript) {
  auto moves = parse_transcript(transcript);
  REQUIRE(moves.ok());
  return *moves;
}

std::string error_of(std::string_view text) {
  const auto r = parse_game_text(text);
  REQUIRE_FALSE(r.ok());
  return r.error();
}

// A finished game, its moves from the start (passes left out).
std::vector<Square> whole_game(std::uint64_t seed) {
  std::vector<Square> moves;
  Position p = Position::initial();
  std::uint64_t x = seed;
  while (!p.is_game_over()) {
    if (p.must_pass()) {
      p = p.pass();
      continue;
    }
    const Bitboard legal = p.legal_moves();
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    int pick = int((x >> 33) % std::uint64_t(popcount(legal)));
    Bitboard m = legal;
    while (pick--) m &= m - 1;
    const Square s = Square(lowest_square(m));
    moves.push_back(s);
    p = p.play(s);
  }
  return moves;
}

}  // namespace

TEST_CASE("game text: transcripts as people write them", "[core][game-text]") {
  const auto want = squares("f5d6c3d3c4");
  for (const char* text : {"f5d6c3d3c4", "F5D6C3D3C4", "f5 d6 c3 d3 c4", "1. f5 2. d6 3. c3 4. d3 5. c4",
                           "1.F5 D6 2.C3 D3 3.C4", "  1 f5\n2 d6\t3... c3 d3 c4\n"}) {
    INFO(text);
    const auto r = parse_game_text(text);
    REQUIRE(r.ok());
    CHECK(r->format == GameTextFormat::Transcript);
    CHECK(r->start == Position::initial());
    CHECK(r->moves == want);
  }
  CHECK(error_of("f5 d6 c3 d3 c4 h9") == "move 6 'h9' is not a square (a1..h8)");
  CHECK(error_of("1. f5 2. d6 3. a1") == "move 3 'a1' is not legal (black to move)");
  CHECK(error_of("f5 pass d6") == "'pass' after move 1: white has a move, so there is no pass");
  CHECK(error_of("   \n ") == "nothing to read: paste a transcript (f5d6c3), a GGF game or a board string");
}

TEST_CASE("game text: a written pass where a side had to pass", "[core][game-text]") {
  // A game with a forced pass: find one among random finished games.
  for (std::uint64_t seed = 1; seed < 200; ++seed) {
    const auto moves = whole_game(seed);
    Position p = Position::initial();
    std::string with_passes;
    bool passed = false;
    for (Square m : moves) {
      with_passes += square_name(m) + " ";
      p = p.play(m);
      if (p.must_pass()) {
        p = p.pass();
        with_passes += "PA ";
        passed = true;
      }
    }
    if (!passed) continue;
    INFO(with_passes);
    const auto r = parse_game_text(with_passes);
    REQUIRE(r.ok());
    CHECK(r->moves == moves);
    // Written as "pass" too, and left out: the same game.
    std::string words = with_passes;
    for (std::size_t k; (k = words.find("PA ")) != std::string::npos;) words.replace(k, 3, "pass ");
    CHECK(parse_game_text(words)->moves == moves);
    CHECK(parse_game_text(to_transcript(moves))->moves == moves);
    return;
  }
  FAIL("no random game with a pass");
}

TEST_CASE("game text: board strings, any arrangement", "[core][game-text]") {
  const std::string rows =
      "- - - - - - - -\n- - - - - - - -\n- - - - - - - -\n- - - O X - - -\n"
      "- - - X O - - -\n- - - - - - - -\n- - - - - - - -\n- - - - - - - -\n";
  for (const std::string& text :
       {kInitialBoard, rows, rows + "black", rows + " X", std::string(27, '.') + "ob______bW" + std::string(27, '_') + " B",
        std::string(27, '-') + "\u25CB\u25CF------\u25CF\u25CB" + std::string(27, '-')}) {
    INFO(text);
    const auto r = parse_game_text(text);
    REQUIRE(r.ok());
    CHECK(r->format == GameTextFormat::Board);
    CHECK(r->start == Position::initial());
    CHECK(r->moves.empty());
  }
  const auto white = parse_game_text(rows + "White");
  REQUIRE(white.ok());
  CHECK(white->start.to_move == Color::White);

  // A side that must pass has passed; a finished board is a finished game.
  const std::string pass_board = std::string(62, 'X') + "O- O";  // white cannot move, black can (h8)
  const auto passed = parse_game_text(pass_board);
  REQUIRE(passed.ok());
  CHECK(passed->start.to_move == Color::Black);
  CHECK(passed->start.is_legal(H8));
  const auto full = parse_game_text(std::string(64, 'X'));
  REQUIRE(full.ok());
  CHECK(full->start.is_game_over());
  CHECK(make_game(*full).over());
  const auto empty = parse_game_text(std::string(64, '-') + " O");
  REQUIRE(empty.ok());
  CHECK(empty->start.is_game_over());

  CHECK(error_of(std::string(63, '-')) == "board string has 63 squares; it needs 64 (a1..h8) then the side to move");
  CHECK(error_of(std::string(10, '-') + "Q" + std::string(53, '-')) ==
        "board string: character 11 'Q' (square c2) is not X, O or -");
  CHECK(error_of(std::string(64, '-') + " Z") ==
        "board string: 'Z' after the 64 squares should be the side to move: X or O (black or white)");
  CHECK(error_of(std::string(64, '-') + " X more") == "board string: unexpected 'more' after the side to move");
  // Text that is none of the three forms says so, not which character of a board is off.
  CHECK(error_of("hello world") == "not a transcript, a GGF game or a board string: 'hello world'");
  CHECK(error_of("  garbage pasted by mistake, longer than twenty characters") ==
        "not a transcript, a GGF game or a board string: 'garbage pasted by mi'");
  CHECK(error_of("こんにちは") ==
        "not a transcript, a GGF game or a board string: 'こんにちは'");
  CHECK(looks_like_board_string(std::string(10, '-') + "Q" + std::string(53, '-')));
  CHECK_FALSE(looks_like_board_string("hello world"));
  CHECK_FALSE(looks_like_board_string("   "));
  // Characters, not bytes, are counted: the bad one after a ● is the 2nd.
  CHECK(error_of("\u25CFQ" + std::string(62, '-')) ==
        "board string: character 2 'Q' (square b1) is not X, O or -");
}

TEST_CASE("game text: GGF games with and without a board", "[core][game-text]") {
  const auto want = squares("f5f6d3c5e6f7e7f4");
  const std::string moves = "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4]";
  for (const std::string& text :
       {"(;GM[Othello]PC[NBoard]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]" +
            moves + ";)",
        "(;GM[Othello]PB[a]PW[b]C[a comment with \\] inside]" + moves + ";)",
        "some header\n(;GM[Othello]" + moves + "RE[?];) trailing"}) {
    INFO(text);
    const auto r = parse_game_text(text);
    REQUIRE(r.ok());
    CHECK(r->format == GameTextFormat::Ggf);
    CHECK(r->start == Position::initial());
    CHECK(r->moves == want);
  }
  CHECK(error_of("(;GM[Othello]B[f5]W[f5]") == "GGF: no closing ';)'");
  CHECK(error_of("GM[Othello]B[f5];)") == "GGF: no opening '(;'");
  CHECK(error_of("(;GM[Othello]B[f5]W[h9];)") == "GGF: W[h9] is not a move (a1..h8 or PA)");
  CHECK(error_of("(;GM[Othello]B[f5]W[a1];)") == "GGF: move 2 W[a1] is not legal (white to move)");
  CHECK(error_of("(;GM[Othello]B[f5]B[d6];)") == "GGF: B[d6] out of turn (white to move)");
  CHECK(error_of("(;GM[Othello]B[f5]W[PA];)") == "GGF: W[PA]: white has a move, so there is no pass");
  CHECK(error_of("(;GM[Othello]BO[8 -----];)") ==
        "GGF: BO: board string has 5 squares; it needs 64 (a1..h8) then the side to move");
  CHECK(error_of("(;GM[Othello]BO[10 ---];)") == "GGF: only 8x8 boards are supported (BO[10 ---...])");
  CHECK(error_of("(;GM[Othello]B[f5]BO[8 " + kInitialBoard + "];)") == "GGF: BO after the moves");
  CHECK(error_of("(;GM[Othello]C[open;)") == "GGF: property C[ is not closed");

  // A start whose side must pass: the pass is written before the next move, and
  // only then (found by fuzz_ggf: a game without moves came back with a pass).
  const auto start = parse_board_string(std::string(32, '-') + "O*" + std::string(30, '-') + " *");
  REQUIRE(start.ok());
  REQUIRE(start->must_pass());
  CHECK(to_ggf(*start, {}).find("PA") == std::string::npos);
  const auto none = parse_ggf(to_ggf(*start, {}));
  REQUIRE(none.ok());
  CHECK(none->moves.empty());
  const std::vector<Square> one = {Square(lowest_square(start->pass().legal_moves()))};
  const auto after = parse_ggf(to_ggf(*start, one));
  REQUIRE(after.ok());
  CHECK(after->moves == std::vector<Square>{PASS, one[0]});
}

TEST_CASE("game text: exports read back as the same game", "[core][game-text]") {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const auto moves = whole_game(seed);
    for (std::size_t plies : {std::size_t(0), std::size_t(1), moves.size() / 2, moves.size()}) {
      const std::span<const Square> played(moves.data(), plies);
      INFO("seed " << seed << ", " << plies << " moves");
      const auto t = parse_game_text(to_game_text(Position::initial(), played, GameTextFormat::Transcript));
      if (plies == 0) {
        CHECK_FALSE(t.ok());  // an empty transcript is no game
      } else {
        REQUIRE(t.ok());
        CHECK(t->moves == std::vector<Square>(played.begin(), played.end()));
      }
      const std::string ggf = to_game_text(Position::initial(), played, GameTextFormat::Ggf);
      CHECK(ggf.find("BO[") == std::string::npos);  // the initial position goes without
      const auto g = parse_game_text(ggf);
      REQUIRE(g.ok());
      CHECK(g->start == Position::initial());
      CHECK(g->moves == std::vector<Square>(played.begin(), played.end()));
      CHECK((ggf.find("RE[") != std::string::npos) == (plies == moves.size()));
      const auto b = parse_game_text(to_game_text(Position::initial(), played, GameTextFormat::Board));
      REQUIRE(b.ok());
      CHECK(b->start == make_game(*g).position());
    }
  }
  // From a set-up board: GGF keeps the start (BO), the board string the end.
  for (const Position& start : random_boards(3, 50)) {
    const Game game = make_game({GameTextFormat::Board, start.must_pass() ? start.pass() : start, {}});
    std::vector<Square> moves;
    Position p = game.position();
    for (int i = 0; i < 6 && !p.is_game_over(); ++i) {
      const Square s = Square(lowest_square(p.legal_moves()));
      moves.push_back(s);
      p = p.play(s);
      if (p.must_pass()) p = p.pass();
    }
    const std::string ggf = to_ggf(start, moves);
    INFO(ggf);
    const auto g = parse_game_text(ggf);
    REQUIRE(g.ok());
    CHECK(g->start == game.start());
    CHECK(g->moves == moves);
    CHECK(make_game(*g).position() == p);
    const auto b = parse_game_text(to_game_text(start, moves, GameTextFormat::Board));
    REQUIRE(b.ok());
    CHECK(b->start == p);
  }
}

TEST_CASE("game text: a GGF comment is written escaped and read back", "[core][game-text]") {
  const auto moves = *parse_transcript("f5d6c3d3c4");
  const std::string ggf = to_ggf(Position::initial(), moves, "Opening: Tiger / 虎定石 [a] b\\c");
  CHECK(ggf.find("C[Opening: Tiger / 虎定石 [a\\] b\\\\c]") != std::string::npos);
  const auto back = parse_ggf(ggf);
  REQUIRE(back.ok());
  CHECK(back->comment == "Opening: Tiger / 虎定石 [a] b\\c");
  CHECK(std::vector<Square>(back->moves.begin(), back->moves.end()) == moves);
  const auto text = parse_game_text(ggf);
  REQUIRE(text.ok());
  CHECK(text->moves == moves);
  // Without a comment, none is written (and none read).
  const std::string plain = to_ggf(Position::initial(), moves);
  CHECK(plain.find("C[") == std::string::npos);
  CHECK(parse_ggf(plain)->comment.empty());
}
