#include <catch2/catch.hpp>

#include "core/square.h"

using namespace reversi;

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
