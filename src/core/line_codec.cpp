#include "core/line_codec.h"

#include <cstdio>

#include "core/notation.h"

namespace reversi {

std::vector<std::string_view> ProtocolLine::fields(char separator) const {
  if (!has_value) return {};
  return split(value, separator);
}

void for_each_protocol_line(std::string_view text, char separator, FnRef<bool(const ProtocolLine&)> fn) {
  int number = 0;
  while (!text.empty()) {
    const auto end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    ++number;
    while (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;
    const auto at = line.find(separator);
    ProtocolLine l;
    l.number = number;
    l.text = line;
    l.key = line.substr(0, at);
    l.has_value = at != std::string_view::npos;
    if (l.has_value) l.value = line.substr(at + 1);
    if (!fn(l)) return;
  }
}

Status read_protocol_lines(std::string_view what, std::string_view text, char separator,
                           FnRef<std::string(const ProtocolLine&)> fn) {
  std::string error;
  for_each_protocol_line(text, separator, [&](const ProtocolLine& line) {
    const std::string why = fn(line);
    if (!why.empty())
      error = std::string(what) + ": line " + std::to_string(line.number) + " " + quote(line.text.substr(0, 80)) +
              ": " + why;
    return why.empty();
  });
  if (!error.empty()) return Error{error};
  return {};
}

std::string read_flag_field(std::string_view name, std::string_view text, bool& out) {
  if (text != "0" && text != "1") return std::string(name) + " " + quote(text.substr(0, 20)) + " must be 0 or 1";
  out = text == "1";
  return "";
}

std::string read_square_field(std::string_view text, Square& out, bool pass) {
  if (pass && text == "pass") {
    out = PASS;
    return "";
  }
  if (const auto s = parse_square(text)) {
    out = *s;
    return "";
  }
  return quote(text.substr(0, 20)) + (pass ? " is not a square or pass" : " is not a square");
}

std::string read_board_field(std::string_view text, Position& out) {
  const auto p = parse_board_string(text);
  if (!p) return p.error();
  out = *p;
  return "";
}

std::string protocol_field(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c == '\t' || c == '\n') c = ' ';
  return out;
}

std::string protocol_value(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c == '\n') c = ' ';
  return out;
}

std::string protocol_number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

void write_protocol_line(std::string& out, std::string_view key, std::initializer_list<std::string_view> fields,
                         char separator) {
  out += key;
  for (const std::string_view f : fields) {
    out += separator;
    out += f;
  }
  out += '\n';
}

}  // namespace reversi
