// The one line codec of the page's protocols with its workers: the AI worker's messages
// (platform/web_ai_protocol.h, "key value" lines) and the explorer's (core/explorer_protocol.h,
// tab-separated fields). Both read and write the same way, here:
//
// A message is lines ('\n', any '\r' before it dropped); empty lines are skipped; a line is a
// key, then -- after the first separator (' ' or '\t', the protocol's) -- its value, which
// the protocol takes whole or splits into fields at the same separator. A reader goes
// through the lines and stops at the first one it cannot read, with one error wording:
//   "the AI's analysis: line 3 'done 2': done '2' must be 0 or 1"
// (what is read, the line's number from 1 counting empty lines, its text (the first 80
// characters), what is wrong). The field readers say what is wrong in the same words
// everywhere (core/parse_number.h for numbers), the writers make a line that reads back.
// Plain C++ (no Emscripten): tested natively and fuzzed (fuzz/fuzz_protocol.cpp).
#pragma once

#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/expected.h"
#include "core/parse_number.h"
#include "core/position.h"
#include "core/square.h"

namespace reversi {

// A callable passed down without a copy or an allocation: the readers are compiled once,
// not once per message kind (the page's download stays small).
template <class Sig>
class FnRef;
template <class R, class... Args>
class FnRef<R(Args...)> {
 public:
  template <class F>
  FnRef(F&& f)  // NOLINT: binds any callable for the duration of the call
      : object_(const_cast<void*>(static_cast<const void*>(&f))),
        call_([](void* o, Args... args) -> R { return (*static_cast<std::remove_reference_t<F>*>(o))(args...); }) {}
  R operator()(Args... args) const { return call_(object_, args...); }

 private:
  void* object_;
  R (*call_)(void*, Args...);
};

// A line of a message.
struct ProtocolLine {
  int number = 0;          // from 1, counting empty lines too
  std::string_view text;   // the whole line (without the '\r's at its end)
  std::string_view key;    // up to the first separator
  std::string_view value;  // after it ("" without one)
  bool has_value = false;  // there was a separator
  // The value's fields, split at `separator` ("a\tb" -> "a", "b"); none without a value.
  std::vector<std::string_view> fields(char separator) const;
};

// Calls fn(line) for every non-empty line of `text`, in order, until fn returns false.
void for_each_protocol_line(std::string_view text, char separator, FnRef<bool(const ProtocolLine&)> fn);

// Reads every non-empty line: fn(line) returns "" when it read it, else what is wrong, which
// stops the reading with the error "WHAT: line N 'TEXT': WHY".
Status read_protocol_lines(std::string_view what, std::string_view text, char separator,
                           FnRef<std::string(const ProtocolLine&)> fn);

// ---- the fields' readers: "" when the field read into `out`, else what is wrong ------------
// A whole number or a number of type T within [min, max] (parse_int / parse_double: the
// error names `name`, "" for none: "depth '61' must be 0-60", "'x' is not a whole number").
// (Not inlined: one copy of each is shared by every decoder, a smaller download.)
template <class T>
[[gnu::noinline]] std::string read_number_field(std::string_view name, std::string_view text, T& out,
                                                T min = std::numeric_limits<T>::lowest(),
                                                T max = std::numeric_limits<T>::max()) {
  if constexpr (std::is_floating_point_v<T>) {
    // Finite and within what a double holds (no "inf" or "nan": core/parse_number.h).
    const double lo = min < T(-1e300) ? -1e300 : double(min), hi = max > T(1e300) ? 1e300 : double(max);
    const auto value = parse_double(name, text, lo, hi);
    if (value) out = static_cast<T>(*value);
    return value ? "" : value.error();
  } else {
    const auto value = parse_int<T>(name, text, min, max);
    if (value) out = *value;
    return value ? "" : value.error();
  }
}
// "0" or "1": "mpc 'yes' must be 0 or 1".
std::string read_flag_field(std::string_view name, std::string_view text, bool& out);
// A square's name ("f5", "F5"), or "pass" (PASS) where `pass` allows it: "'z9' is not a
// square" / "'z9' is not a square or pass".
std::string read_square_field(std::string_view text, Square& out, bool pass = false);
// A position as a board string (core/notation.h parse_board_string: its error).
std::string read_board_field(std::string_view text, Position& out);

// ---- writing ------------------------------------------------------------------------------------
// A text as one field of a line: its tabs and line breaks ('\n') become spaces, so nothing
// in a name can split it or end the line.
std::string protocol_field(std::string_view text);
// A text as the value of a line, taken whole to its end: its line breaks ('\n') become
// spaces; the rest reads back as written.
std::string protocol_value(std::string_view text);
// A number that reads back to the same double ("%.17g").
std::string protocol_number(double value);
// Appends "key" and each field, `separator` between them, and '\n'. The fields are written
// as they are: a text from outside goes through protocol_field first.
void write_protocol_line(std::string& out, std::string_view key, std::initializer_list<std::string_view> fields,
                         char separator);

}  // namespace reversi
