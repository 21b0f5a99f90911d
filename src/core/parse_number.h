// Strict number parsing for every number that comes from outside (command-line
// flags, URL options, player names such as level-3+depth=12, NBoard commands,
// OBF scores, the worker protocol), so that "12abc" is an error everywhere.
//
// The rules: the WHOLE text is the number (no spaces around it, nothing after
// it, not empty); decimal digits; a sign ('+' or '-') only where the range
// allows negative numbers; for parse_double also a fraction and an exponent
// ("0.5", "1e-3"), but no "inf", "nan" or hexadecimal; the value within
// [min, max] (an overflow is out of range too). The error names what is
// parsed and the text:
//   depth '12abc' is not a whole number
//   depth '99' must be 1-60
//   depth '+5' must be 1-60, without a sign
//   score '-65' must be from -64 to 64
// (with an empty `what`, the message starts at the quoted text).
#pragma once

#include <charconv>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>

#include "core/expected.h"

namespace reversi {

namespace detail {
// "1-60", or "from -64 to 64" when the range has negative numbers.
std::string range_text(std::string_view min, std::string_view max, bool negative);
// "WHAT 'TEXT' REASON" (or "'TEXT' REASON").
std::string number_error(std::string_view what, std::string_view text, std::string_view reason);
}  // namespace detail

template <class T>
Expected<T> parse_int(std::string_view what, std::string_view text,
                      T min = std::numeric_limits<T>::min(), T max = std::numeric_limits<T>::max()) {
  static_assert(std::is_integral_v<T>);
  const std::string range =
      "must be " + detail::range_text(std::to_string(min), std::to_string(max), min < 0);
  if (text.empty()) return Error{detail::number_error(what, text, "is not a whole number")};
  std::string_view digits = text;
  const bool sign = digits.front() == '+' || digits.front() == '-';
  if (sign && min >= 0) return Error{detail::number_error(what, text, range + ", without a sign")};
  const bool negative = digits.front() == '-';
  if (sign) digits.remove_prefix(1);
  if (digits.empty() || digits.front() < '0' || digits.front() > '9')
    return Error{detail::number_error(what, text, "is not a whole number")};
  // Parse the digits with the sign: in T directly when T is signed, so that its
  // minimum reads; unsigned types never see a '-' (min >= 0 for them).
  T value{};
  std::from_chars_result r{};
  if constexpr (std::is_signed_v<T>)
    r = std::from_chars(negative ? digits.data() - 1 : digits.data(), digits.data() + digits.size(), value);
  else
    r = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (r.ec == std::errc::invalid_argument || r.ptr != digits.data() + digits.size())
    return Error{detail::number_error(what, text, "is not a whole number")};
  if (r.ec == std::errc::result_out_of_range || value < min || value > max)
    return Error{detail::number_error(what, text, range)};
  return value;
}

Expected<double> parse_double(std::string_view what, std::string_view text, double min, double max);

}  // namespace reversi
