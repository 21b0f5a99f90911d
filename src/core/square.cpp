#include "core/square.h"

namespace reversi {

std::string square_name(Square s) {
  if (s == PASS) return "pass";
  if (!is_board_square(s)) return "--";
  return {char('a' + column_of(s)), char('1' + row_of(s))};
}

std::optional<Square> parse_square(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  char c = text[0];
  if (c >= 'A' && c <= 'H') c = char(c - 'A' + 'a');
  const char r = text[1];
  if (c < 'a' || c > 'h' || r < '1' || r > '8') return std::nullopt;
  return make_square(c - 'a', r - '1');
}

}  // namespace reversi
