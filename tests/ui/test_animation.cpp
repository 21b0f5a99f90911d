#include <catch2/catch.hpp>

#include "core/notation.h"
#include "ui/animation.h"

using namespace reversi;
using namespace reversi::ui;

TEST_CASE("animation: stones turn one at a time, nearest first, with the counts", "[ui][animation]") {
  // Black to move in a position where d3... use a position with a long flip:
  // after f5 d6 c3 d3 c4, white to move; white f4 flips e4? Take a built one:
  // black a1 plays and flips b1..f1 (white) with black on g1.
  const Bitboard black = bit(G1) | bit(D4) | bit(E5);
  const Bitboard white = bit(B1) | bit(C1) | bit(D1) | bit(E1) | bit(F1) | bit(D5) | bit(E4);
  const Position before = Position::from_colors(black, white, Color::Black);
  REQUIRE(before.is_legal(A1));
  const MoveAnimation a = MoveAnimation::of_move(before, A1, 1000, 200);
  REQUIRE(a.flips == std::vector<Square>{B1, C1, D1, E1, F1});
  CHECK(a.end_ms() == 2000);

  // At the start only the placed stone is new.
  CHECK(a.turned(1000) == 0);
  CHECK(a.shown_black(1000) == (black | bit(A1)));
  CHECK(a.shown_white(1000) == white);
  // Stone k shows its new colour from 1000 + 200k + 100.
  CHECK(a.turned(1099) == 0);
  CHECK(a.turned(1100) == 1);
  CHECK(a.shown_black(1100) == (black | bit(A1) | bit(B1)));
  CHECK(a.shown_white(1100) == (white & ~bit(B1)));
  CHECK(a.turned(1299) == 1);
  CHECK(a.turned(1300) == 2);
  CHECK(a.turned(1700) == 4);
  CHECK(a.turned(1999) == 5);
  CHECK_FALSE(a.done(1999));
  CHECK(a.done(2000));
  // Counts follow each flip: 3 black + 1 placed + turned.
  for (double t : {1000.0, 1150.0, 1350.0, 1550.0, 1750.0, 1950.0}) {
    const int n = a.turned(t);
    CHECK(popcount(a.shown_black(t)) == 4 + n);
    CHECK(popcount(a.shown_white(t)) == 7 - n);
  }
  // Afterwards the picture is the real position.
  const Position after = before.play(A1);
  CHECK(a.shown_black(5000) == after.black());
  CHECK(a.shown_white(5000) == after.white());
  // Progress of one stone over its interval.
  CHECK(a.progress(1, 1200) == 0);
  CHECK(a.progress(1, 1300) == Approx(0.5));
  CHECK(a.progress(1, 1400) == 1);
}

TEST_CASE("animation: nearer stones turn before farther ones in several directions", "[ui][animation]") {
  // f5 d6 c3 d3 c4 f4 c5 b3 c2: then a position where a move flips in two lines.
  auto moves = parse_transcript("f5d6c3d3c4f4c5b3c2e6c6b4b5d2");
  REQUIRE(moves.ok());
  Position p = Position::initial();
  for (Square s : *moves) {
    p = p.play(s);
    if (p.must_pass()) p = p.pass();
  }
  // Pick the legal move with the most flips and check the ordering property.
  Square best = NO_SQUARE;
  int most = -1;
  for (Bitboard m = p.legal_moves(); m; m &= m - 1) {
    const Square s = Square(lowest_square(m));
    if (popcount(p.flips(s)) > most) most = popcount(p.flips(s)), best = s;
  }
  REQUIRE(most >= 2);
  const MoveAnimation a = MoveAnimation::of_move(p, best, 0, 100);
  REQUIRE(int(a.flips.size()) == most);
  auto dist = [&](Square s) {
    return std::max(std::abs(column_of(s) - column_of(best)), std::abs(row_of(s) - row_of(best)));
  };
  for (std::size_t k = 1; k < a.flips.size(); ++k) CHECK(dist(a.flips[k - 1]) <= dist(a.flips[k]));
  Bitboard all = 0;
  for (Square s : a.flips) all |= bit(s);
  CHECK(all == p.flips(best));
}

TEST_CASE("animation: instant mode shows the whole move at once", "[ui][animation]") {
  const Position p = Position::initial();
  const MoveAnimation a = MoveAnimation::of_move(p, F5, 500, 0);
  CHECK(a.done(500));
  CHECK(a.turned(500) == 1);
  CHECK(a.shown_black(500) == p.play(F5).black());
  CHECK(a.progress(0, 500) == 1);
}
