#include <catch2/catch.hpp>

#include <cstdint>

#include "core/perft.h"
#include "core/position.h"

using namespace reversi;

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
