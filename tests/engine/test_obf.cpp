// The exact solver against the FFO endgame suite: positions 1-19 (14-16
// empties), each solved to its published score with a listed best move.
#include <catch2/catch.hpp>

#include "core/notation.h"
#include "lab/endgame_bench.h"
#include "engine/obf.h"

using namespace reversi;

TEST_CASE("EndgameSolver solves FFO positions 1-19 exactly", "[endgame][ffo]") {
  auto entries = load_obf(REVERSI_FFO_DIR "/fforum-1-19.obf");
  REQUIRE(entries.ok());
  REQUIRE(entries->size() == 19);
  EndgameBenchOptions options;
  options.hash_megabytes = 16;
  const EndgameBenchSummary summary = endgame_benchmark(*entries, options);
  for (const EndgameBenchLine& l : summary.lines) {
    INFO("FFO #" << l.index << " line " << l.line);
    CHECK(l.result.complete);
    CHECK(l.verdict == Verdict::Right);
  }
  CHECK(summary.right == 19);
}

TEST_CASE("OBF lines parse, and malformed ones give a clear error", "[obf]") {
  auto e = parse_obf_line(
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; "
      "A4:-22; % FFO #1");
  REQUIRE(e.ok());
  CHECK(e->position.to_move == Color::Black);
  CHECK(e->position.empty_count() == 14);
  REQUIRE(e->moves.size() == 3);
  CHECK(e->moves[0].move == G8);
  CHECK(e->best_score() == 18);
  CHECK(e->score_of(A4) == -22);
  CHECK(e->is_best_move(G8));
  CHECK_FALSE(e->is_best_move(H1));
  CHECK(e->comment == "FFO #1");

  const char* bad[] = {
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G9:+18;",
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+1x8;",
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8 18;",
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; A1:+2;",
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- Z;",
      "--XXXXX--OOOXX-O-OOOXXOX-OXOX X;",
      "",
  };
  for (const char* line : bad) {
    INFO(line);
    const auto parsed = parse_obf_line(line);
    CHECK_FALSE(parsed.ok());
    CHECK_FALSE(parsed.error().empty());
    CHECK(parsed.error().find('\n') == std::string::npos);
  }
  CHECK_FALSE(load_obf("/nonexistent/file.obf").ok());
}

TEST_CASE("OBF checks: moves legal, listed once, best first, pass only when forced", "[obf]") {
  const std::string board =
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; ";
  struct Bad {
    const char* pairs;
    const char* message;
  };
  const Bad bad[] = {
      {"G8:+18; G8:+18;", "'G8' is listed twice"},
      {"H1:+12; G8:+18;", "'G8:+18' scores more than the move before it"},
      {"PS:+18;", "'PS' (a pass) is not forced"},
      {"G8:+65;", "'G8:+65': score '+65' must be from -64 to 64"},
      {"G8:;", "'G8:': score '' is not a whole number"},
      {"G8:+1x8;", "'G8:+1x8': score '+1x8' is not a whole number"},
  };
  for (const Bad& b : bad) {
    INFO(b.pairs);
    const auto parsed = parse_obf_line(board + b.pairs);
    REQUIRE_FALSE(parsed.ok());
    CHECK(parsed.error().find(b.message) != std::string::npos);
  }
  CHECK(parse_obf_line(board + "G8:+18; H1:+12; H7:+6; A2:+6;").ok());  // ties in order are fine
  // A forced pass may be listed.
  const auto pass = parse_obf_line(
      "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOO- O; PS:-64;");
  REQUIRE(pass.ok());
  CHECK(pass->moves.at(0).move == PASS);
}

TEST_CASE("parse_obf: line numbers, skipped lines, the first bad line named", "[obf]") {
  const std::string a = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;";
  auto ok = parse_obf("% header\n\n" + a + "\r\n# note\n" + a + " % FFO #1\n");
  REQUIRE(ok.ok());
  REQUIRE(ok->size() == 2);
  CHECK((*ok)[0].line == 3);
  CHECK((*ok)[1].line == 5);
  CHECK((*ok)[1].comment == "FFO #1");

  auto bad = parse_obf(a + "\n" + a + "\nG8:+18;\n", "pos.obf");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().rfind("pos.obf:3: board string", 0) == 0);
  auto unnamed = parse_obf(a + "\n" + a.substr(0, 66) + "; G9:+1;\n");
  REQUIRE_FALSE(unnamed.ok());
  CHECK(unnamed.error().rfind("line 2: 'G9' is not a square", 0) == 0);
}
