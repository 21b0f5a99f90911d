// The arena's openings (lab/arena): a balanced opening's line parses, its value after
// '%' aside, and a bad line gives an error naming the file and the line. The games it
// plays: tests/engine/test_players.cpp (play_game).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "lab/arena.h"

using namespace reversi;

namespace {

std::string temp_path(const std::string& leaf) {
  return (std::filesystem::temp_directory_path() / leaf).string();
}

}  // namespace

TEST_CASE("openings: a balanced opening's line parses, its value after '%' aside", "[openings]") {
  auto moves = parse_opening_line("f5d6c3d3c4f4f6f3 % +0.52");
  REQUIRE(moves);
  CHECK(moves->size() == 8);
  CHECK(moves->front() == Square(37));  // f5
  auto plain = parse_opening_line("  e6d6c5f6c4c3f5g4\r");
  REQUIRE(plain);
  CHECK(plain->size() == 8);
  for (const char* skipped : {"", "   ", "# a comment", "% a comment"}) {
    auto none = parse_opening_line(skipped);
    REQUIRE(none);
    CHECK(none->empty());
  }
}

TEST_CASE("openings: a bad line gives a clear error naming the file and line", "[openings]") {
  auto bad = parse_opening_line("f5d6h9 % +1.00");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().find("move 3 'h9' is not a square") != std::string::npos);
  auto illegal = parse_opening_line("f5f5 % 0.00");
  REQUIRE_FALSE(illegal);
  CHECK(illegal.error().find("move 2 'f5'") != std::string::npos);

  const std::string path = temp_path("reversi-test-openings.txt");
  {
    std::ofstream f(path);
    f << "# balanced\nf5d6c3d3c4f4f6f3 % +0.52\nf5d6c3 % x\nf5d6h9 % +1.00\n";
  }
  auto loaded = load_openings(path);
  std::filesystem::remove(path);
  REQUIRE_FALSE(loaded);
  CHECK(loaded.error().find("reversi-test-openings.txt:4: move 3 'h9' is not a square") != std::string::npos);
}
