// Squares and their names. Columns a-h run left to right, rows 1-8 top to bottom
// (World Othello Federation convention): a1 is the top-left corner, h8 bottom-right.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace reversi {

// A move is a square 0..63 or a pass. Index = row * 8 + column, a1 = 0, h8 = 63.
enum Square : int {
  A1, B1, C1, D1, E1, F1, G1, H1,
  A2, B2, C2, D2, E2, F2, G2, H2,
  A3, B3, C3, D3, E3, F3, G3, H3,
  A4, B4, C4, D4, E4, F4, G4, H4,
  A5, B5, C5, D5, E5, F5, G5, H5,
  A6, B6, C6, D6, E6, F6, G6, H6,
  A7, B7, C7, D7, E7, F7, G7, H7,
  A8, B8, C8, D8, E8, F8, G8, H8,
  PASS = 64,
  NO_SQUARE = 65,
};

constexpr Square make_square(int column, int row) { return Square(row * 8 + column); }
constexpr int column_of(Square s) { return int(s) & 7; }
constexpr int row_of(Square s) { return int(s) >> 3; }
constexpr bool is_board_square(int s) { return s >= 0 && s < 64; }

// "a1".."h8", "pass" for PASS, "--" for NO_SQUARE.
std::string square_name(Square s);
// Accepts "a1".."h8" in either case. Returns nullopt for anything else.
std::optional<Square> parse_square(std::string_view text);

}  // namespace reversi
