#include "core/json.h"

namespace reversi {

namespace {

// The length of the valid UTF-8 sequence starting at text[i] (2..4), or 0 when the
// bytes there are not one (a stray continuation byte, an overlong form, a surrogate,
// past U+10FFFF, cut short).
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  std::size_t n = 0;
  unsigned cp = 0, least = 0;
  if (lead >= 0xC2 && lead <= 0xDF) n = 2, cp = lead & 0x1Fu, least = 0x80;
  else if (lead >= 0xE0 && lead <= 0xEF) n = 3, cp = lead & 0x0Fu, least = 0x800;
  else if (lead >= 0xF0 && lead <= 0xF4) n = 4, cp = lead & 0x07u, least = 0x10000;
  else return 0;
  if (text.size() - i < n) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    const auto b = static_cast<unsigned char>(text[i + k]);
    if ((b & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b & 0x3Fu);
  }
  if (cp < least || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

}  // namespace

std::string json_string(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size() + 2);
  out += '"';
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          out += "\\u00";
          out += kHex[c >> 4];
          out += kHex[c & 15];
        } else if (c < 0x80) {
          out += ch;
        } else if (const std::size_t n = utf8_length(text, i)) {
          out.append(text.substr(i, n));
          i += n - 1;
        } else {
          out += "\xEF\xBF\xBD";  // U+FFFD, as a browser decodes a byte that is not UTF-8
        }
    }
  }
  out += '"';
  return out;
}

}  // namespace reversi
