#include "core/parse_number.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace reversi {

namespace detail {

std::string range_text(std::string_view min, std::string_view max, bool negative) {
  std::string s = negative ? "from " : "";
  s += min;
  s += negative ? " to " : "-";
  s += max;
  return s;
}

std::string number_error(std::string_view what, std::string_view text, std::string_view reason) {
  std::string s(what);
  if (!s.empty()) s += ' ';
  s += quote(text);
  s += ' ';
  s += reason;
  return s;
}

}  // namespace detail

Expected<double> parse_double(std::string_view what, std::string_view text, double min, double max) {
  char lo[32], hi[32];
  std::snprintf(lo, sizeof lo, "%g", min);
  std::snprintf(hi, sizeof hi, "%g", max);
  const std::string range = "must be " + detail::range_text(lo, hi, min < 0);
  const auto not_a_number = [&] { return Error{detail::number_error(what, text, "is not a number")}; };
  // The grammar first (strtod alone would take spaces, "inf", "nan", hex and a
  // leading part): [sign] digits [. digits] [e [sign] digits], a digit on at
  // least one side of the point.
  std::size_t i = 0;
  const bool sign = i < text.size() && (text[i] == '+' || text[i] == '-');
  if (sign) ++i;
  auto digits = [&] {
    const std::size_t start = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    return i - start;
  };
  std::size_t mantissa = digits();
  if (i < text.size() && text[i] == '.') {
    ++i;
    mantissa += digits();
  }
  if (mantissa == 0) return not_a_number();
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    if (digits() == 0) return not_a_number();
  }
  if (i != text.size()) return not_a_number();
  if (sign && min >= 0) return Error{detail::number_error(what, text, range + ", without a sign")};
  // std::from_chars for double is missing from the web build's libc++; the text
  // is checked, so strtod reads all of it.
  const std::string copy(text);
  errno = 0;
  const double value = std::strtod(copy.c_str(), nullptr);
  if (errno == ERANGE && std::isinf(value)) return Error{detail::number_error(what, text, range)};
  if (!(value >= min && value <= max)) return Error{detail::number_error(what, text, range)};
  return value;
}

}  // namespace reversi
