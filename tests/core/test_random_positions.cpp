// The one random-position generator (core/random_positions.h) that the tests and
// `reversi-cli bench` draw their positions from.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "core/notation.h"
#include "core/random_positions.h"

using namespace reversi;

namespace {

// Whether `next` follows `p` by one legal move or a forced pass.
bool follows(const Position& p, const Position& next) {
  if (p.must_pass()) return p.pass() == next;
  for (Bitboard m = p.legal_moves(); m; m &= m - 1)
    if (p.play(Square(lowest_square(m))) == next) return true;
  return false;
}

}  // namespace

TEST_CASE("random positions: the same seed gives the same positions", "[random]") {
  CHECK(random_positions(5, 50, 10, 40) == random_positions(5, 50, 10, 40));
  CHECK(random_positions(5, 50, 10, 40) != random_positions(6, 50, 10, 40));
  CHECK(random_game_positions(9, 300, true) == random_game_positions(9, 300, true));
  CHECK(random_boards(3, 100) == random_boards(3, 100));
  CHECK(random_boards(3, 100) != random_boards(4, 100));
  // reversi-cli bench's midgame set (seed 2026, 24-44 empties) is pinned: its
  // figures in docs/benchmarks.md are comparable only on the same positions.
  const auto bench = random_positions(2026, 2, 24, 44);
  CHECK(to_board_string(bench[0]) ==
        "O---O----O--OO---OXXOO---OOOO-O----OOOOO-XXXXXX----------------- X");
  CHECK(bench[1].empty_count() == 31);
}

TEST_CASE("random positions by empties: in range, with a move to play", "[random]") {
  std::set<int> seen;
  for (const Position& p : random_positions(11, 2000, 0, 59)) {
    INFO(to_board_string(p));
    REQUIRE(p.empty_count() >= 0);
    REQUIRE(p.empty_count() <= 59);
    REQUIRE(p.has_legal_move());
    REQUIRE((p.player & p.opponent) == 0);
    seen.insert(p.empty_count());
  }
  CHECK(seen.size() >= 55);  // nearly every count drawn (a few near 0 are rare: games end)
  RandomPositions random(1);
  for (int i = 0; i < 20; ++i) CHECK(random.with_empties(30).empty_count() == 30);
}

TEST_CASE("random positions by plies and whole random games", "[random]") {
  RandomPositions random(2);
  CHECK(random.after_plies(0) == Position::initial());
  // after_plies(k) is the k-th position of the game the same seed plays.
  for (int plies : {1, 10, 30, 59, 70}) {
    RandomPositions a(100 + plies), b(100 + plies);
    const Position p = a.after_plies(plies);
    const std::vector<Position> game = b.game();
    CHECK(p == game[std::min<std::size_t>(plies, game.size() - 1)]);
    CHECK(p.empty_count() >= 60 - plies);
  }
  int passes = 0;
  for (int g = 0; g < 30; ++g) {
    const std::vector<Position> game = random.game();
    REQUIRE(game.front() == Position::initial());
    REQUIRE(game.back().is_game_over());
    for (std::size_t i = 0; i + 1 < game.size(); ++i) {
      REQUIRE_FALSE(game[i].is_game_over());
      REQUIRE(follows(game[i], game[i + 1]));
      passes += game[i].must_pass();
    }
  }
  CHECK(passes > 0);
  const auto unfinished = random_game_positions(4, 3000, false);
  CHECK(unfinished.size() == 3000);
  for (const Position& p : unfinished) REQUIRE_FALSE(p.is_game_over());
  for (const Position& p : random_positions_after_plies(4, 500, 0, 57)) REQUIRE_FALSE(p.is_game_over());
}

TEST_CASE("arbitrary boards: any mix of black, white and empty, either side to move", "[random]") {
  int full = 0, bare = 0, white_to_move = 0, over_not_full = 0, must_pass = 0, one_colour = 0;
  std::set<int> empties;
  RandomPositions random(8);
  for (int i = 0; i < 3000; ++i) {
    const Position p = random.arbitrary_board();
    REQUIRE((p.player & p.opponent) == 0);
    empties.insert(p.empty_count());
    full += p.empty_count() == 0;
    bare += p.empty_count() == 64;
    white_to_move += p.to_move == Color::White;
    over_not_full += p.is_game_over() && p.empty_count() > 0;
    must_pass += p.must_pass();
    one_colour += p.empty_count() < 64 && (p.black() == 0 || p.white() == 0);
  }
  CHECK(empties.size() == 65);  // every count 0..64
  CHECK(full > 0);
  CHECK(bare > 0);
  CHECK(white_to_move > 1200);
  CHECK(white_to_move < 1800);
  CHECK(over_not_full > 0);
  CHECK(must_pass > 0);
  CHECK(one_colour > 0);
  // Not only positions of games: boards with 1-3 discs, which no game reaches.
  bool unreachable = false;
  for (const Position& p : random_boards(8, 3000))
    unreachable |= p.occupied() != 0 && popcount(p.occupied()) < 4;
  CHECK(unreachable);
}
