#include "core/notation.h"

#include <cctype>

namespace reversi {

std::string to_board_string(const Position& position) {
  std::string s(64, '-');
  for (int i = 0; i < 64; ++i) {
    const Cell c = position.at(Square(i));
    s[i] = c == Cell::Black ? 'X' : c == Cell::White ? 'O' : '-';
  }
  s += ' ';
  s += position.to_move == Color::Black ? 'X' : 'O';
  return s;
}

Expected<Position> parse_board_string(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  Bitboard black = 0, white = 0;
  for (int sq = 0; sq < 64; ++sq, ++i) {
    if (i >= text.size())
      return Error{"board string has " + std::to_string(sq) +
                   " squares; it needs 64 (a1..h8) then the side to move"};
    const char c = text[i];
    switch (c) {
      case 'X': case 'x': case '*': black |= bit(sq); break;
      case 'O': case 'o': white |= bit(sq); break;
      case '-': case '.': break;
      default:
        return Error{"board string: character " + std::to_string(i + 1) + " '" +
                     std::string(1, c) + "' (square " + square_name(Square(sq)) +
                     ") is not X, O or -"};
    }
  }
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (i >= text.size())
    return Error{"board string: the side to move (X or O) is missing after the 64 squares"};
  const char side = text[i];
  Color to_move;
  if (side == 'X' || side == 'x' || side == '*') to_move = Color::Black;
  else if (side == 'O' || side == 'o') to_move = Color::White;
  else
    return Error{"board string: character " + std::to_string(i + 1) + " '" +
                 std::string(1, side) + "' should be the side to move, X or O"};
  ++i;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (i != text.size())
    return Error{"board string: unexpected text after the side to move at character " +
                 std::to_string(i + 1)};
  return Position::from_colors(black, white, to_move);
}

std::string to_transcript(std::span<const Square> moves) {
  std::string s;
  s.reserve(moves.size() * 2);
  for (Square m : moves)
    if (is_board_square(m)) s += square_name(m);
  return s;
}

Expected<std::vector<Square>> parse_transcript(std::string_view text, const Position& start) {
  std::vector<Square> moves;
  Position pos = start;
  if (pos.must_pass()) pos = pos.pass();
  std::size_t i = 0;
  int number = 0;
  while (true) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i >= text.size()) break;
    ++number;
    const std::string_view token = text.substr(i, 2);
    const auto sq = parse_square(token);
    if (!sq)
      return Error{"move " + std::to_string(number) + " '" + std::string(token) +
                   "' is not a square (a1..h8)"};
    if (pos.is_game_over())
      return Error{"move " + std::to_string(number) + " '" + std::string(token) +
                   "' comes after the end of the game"};
    if (!pos.is_legal(*sq))
      return Error{"move " + std::to_string(number) + " '" + std::string(token) +
                   "' is not legal in that position (" + color_name(pos.to_move) + " to move)"};
    pos = pos.play(*sq);
    if (pos.must_pass()) pos = pos.pass();
    moves.push_back(*sq);
    i += 2;
  }
  return moves;
}

std::string to_diagram(const Position& position) {
  std::string s = "  a b c d e f g h\n";
  for (int r = 0; r < 8; ++r) {
    s += char('1' + r);
    for (int c = 0; c < 8; ++c) {
      const Cell cell = position.at(make_square(c, r));
      s += ' ';
      s += cell == Cell::Black ? 'X' : cell == Cell::White ? 'O' : '-';
    }
    s += '\n';
  }
  s += std::string(color_name(position.to_move)) + " to move\n";
  return s;
}

}  // namespace reversi
