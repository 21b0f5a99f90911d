#include "core/notation.h"

#include <cctype>

#include "core/json.h"

namespace reversi {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> pieces;
  for (std::size_t from = 0;;) {
    const std::size_t at = text.find(separator, from);
    if (at == std::string_view::npos) {
      pieces.push_back(text.substr(from));
      return pieces;
    }
    pieces.push_back(text.substr(from, at - from));
    from = at + 1;
  }
}

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

namespace {

bool is_space(char32_t c) { return c < 0x80 && std::isspace(static_cast<int>(c)); }

// A square's or the side's colour: 'B' black, 'W' white, '-' empty, 0 other.
char colour_of(char32_t c) {
  switch (c) {
    case 'X': case 'x': case '*': case 'B': case 'b': case U'\u25CF': return 'B';  // ●
    case 'O': case 'o': case 'W': case 'w': case U'\u25CB': return 'W';            // ○
    case '-': case '.': case '_': return '-';
    default: return 0;
  }
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

}  // namespace

Expected<Position> parse_board_string(std::string_view text, BoardSide side_rule) {
  std::size_t i = 0;
  int character = 0;  // code points read, for the messages
  // The next code point that is not whitespace (0 at the end); `at` is where it starts.
  std::size_t at = 0;
  auto next = [&]() -> char32_t {
    while (i < text.size()) {
      at = i;
      const char32_t c = next_code_point(text, i);
      ++character;
      if (!is_space(c)) return c;
    }
    at = i;
    return 0;
  };
  Bitboard black = 0, white = 0;
  for (int sq = 0; sq < 64; ++sq) {
    const char32_t c = next();
    if (c == 0)
      return Error::text("error.board.short", "board string has {count} squares; it needs 64 (a1..h8) then the side to move",
                         {{"count", std::to_string(sq)}});
    const char colour = colour_of(c);
    if (colour == 0)
      return Error::text("error.board.character", "board string: character {n} '{char}' (square {square}) is not X, O or -",
                         {{"n", std::to_string(character)},
                          {"char", std::string(text.substr(at, i - at))},
                          {"square", square_name(Square(sq))}});
    if (colour == 'B') black |= bit(sq);
    if (colour == 'W') white |= bit(sq);
  }
  // The side to move: one mark, or the word black or white, then nothing.
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  std::size_t end = i;
  while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
  const std::string_view word = text.substr(i, end - i);
  Color to_move = Color::Black;
  if (word.empty()) {
    if (side_rule == BoardSide::Required)
      return Error::text("error.board.no_side", "board string: the side to move (X or O) is missing after the 64 squares");
  } else {
    std::size_t k = 0;
    const char32_t mark = next_code_point(word, k);
    const char colour = k == word.size() ? colour_of(mark) : 0;
    if (colour == 'B' || equals_ignoring_case(word, "black")) to_move = Color::Black;
    else if (colour == 'W' || equals_ignoring_case(word, "white")) to_move = Color::White;
    else
      return Error::text("error.board.bad_side",
                         "board string: '{word}' after the 64 squares should be the side to move: X or O (black or white)",
                         {{"word", std::string(word.substr(0, 16))}});
  }
  i = end;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (i != text.size())
    return Error::text("error.board.trailing", "board string: unexpected '{text}' after the side to move",
                       {{"text", std::string(text.substr(i, 16))}});
  return Position::from_colors(black, white, to_move);
}

bool looks_like_board_string(std::string_view text) {
  int marks = 0, others = 0;
  for (std::size_t i = 0; i < text.size();) {
    const char32_t c = next_code_point(text, i);
    if (is_space(c)) continue;
    (colour_of(c) != 0 ? marks : others) += 1;
  }
  return marks > 0 && marks >= 3 * others;
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
  bool passed = pos.must_pass();  // a pass written here is the forced one
  if (passed) pos = pos.pass();
  std::size_t i = 0;
  auto starts_with = [&](std::string_view word) {
    return equals_ignoring_case(text.substr(i, word.size()), word);
  };
  while (true) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i >= text.size()) break;
    if (std::isdigit(static_cast<unsigned char>(text[i]))) {
      // A move number, "12." or "12": squares start with a letter, so it is never one.
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
      while (i < text.size() && text[i] == '.') ++i;
      continue;
    }
    if (starts_with("pa")) {
      const std::size_t length = starts_with("pass") ? 4 : 2;
      if (!passed)
        return Error::text("error.moves.no_pass", "'{token}' after move {n}: {color} has a move, so there is no pass",
                           {{"token", std::string(text.substr(i, length))},
                            {"n", std::to_string(moves.size())},
                            {"color", color_name(pos.to_move)}});
      passed = false;
      i += length;
      continue;
    }
    const std::string number = std::to_string(moves.size() + 1);
    const std::string_view token = text.substr(i, 2);
    const auto sq = parse_square(token);
    const auto args = [&]() -> TextArgs { return {{"n", number}, {"token", std::string(token)}}; };
    if (!sq) return Error::text("error.moves.not_square", "move {n} '{token}' is not a square (a1..h8)", args());
    if (pos.is_game_over())
      return Error::text("error.moves.after_end", "move {n} '{token}' comes after the end of the game", args());
    if (!pos.is_legal(*sq)) {
      TextArgs with_side = args();
      with_side.emplace_back("color", color_name(pos.to_move));
      return Error::text("error.moves.illegal", "move {n} '{token}' is not legal ({color} to move)", std::move(with_side));
    }
    pos = pos.play(*sq);
    passed = pos.must_pass();
    if (passed) pos = pos.pass();
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
