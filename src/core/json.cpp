#include "core/json.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

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

// Reads JSON text from `s` at `i`: string literals, and flat objects of them.
// Each step fails at the first thing that is not what it reads, saying what and
// where.
class Reader {
 public:
  Reader(std::string_view text, std::size_t at) : s_(text), i_(at) {}
  std::size_t at() const { return i_; }
  const std::string& error() const { return error_; }

  Expected<StringMembers> object_to_end() {
    StringMembers members;
    if (!object(members)) return Error{error_};
    skip_space();
    if (i_ != s_.size()) return fail("text after the object"), Error{error_};
    return members;
  }

  bool string(std::string& out) {
    if (!at('"')) return fail("'\"' expected");
    ++i_;
    for (;;) {
      if (i_ >= s_.size()) return fail("unterminated string");
      const auto c = static_cast<unsigned char>(s_[i_]);
      if (c == '"') return ++i_, true;
      if (c < 0x20) return fail("a raw control character in a string");
      if (c == '\\') {
        if (!escape(out)) return false;
      } else if (c < 0x80) {
        out += char(c);
        ++i_;
      } else if (const std::size_t n = utf8_length(s_, i_)) {
        out.append(s_.substr(i_, n));
        i_ += n;
      } else {
        return fail("bytes that are not UTF-8");
      }
    }
  }

 private:
  bool fail(std::string_view why) {
    error_ = std::string(why) + " at byte " + std::to_string(i_);
    return false;
  }
  bool at(char c) const { return i_ < s_.size() && s_[i_] == c; }
  void skip_space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool expect(char c, std::string_view what) {
    skip_space();
    if (!at(c)) return fail(what);
    ++i_;
    return true;
  }

  bool object(StringMembers& members) {
    if (!expect('{', "'{' expected")) return false;
    skip_space();
    if (at('}')) return ++i_, true;
    for (;;) {
      std::string key, value;
      skip_space();
      if (!at('"')) return fail("a member name expected");
      if (!string(key)) return false;
      for (const auto& m : members)
        if (m.first == key) return fail("duplicate member '" + key + "'");
      if (!expect(':', "':' expected")) return false;
      skip_space();
      if (!at('"')) return fail("a string value expected");
      if (!string(value)) return false;
      members.emplace_back(std::move(key), std::move(value));
      skip_space();
      if (at(',')) {
        ++i_;
        continue;
      }
      return expect('}', "',' or '}' expected");
    }
  }

  bool hex4(unsigned& cp) {
    cp = 0;
    for (int k = 0; k < 4; ++k, ++i_) {
      if (i_ >= s_.size()) return fail("four hex digits expected after \\u");
      const char h = s_[i_];
      const int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10
                    : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
      if (d < 0) return fail("a hex digit expected after \\u");
      cp = cp * 16 + unsigned(d);
    }
    return true;
  }

  bool escape(std::string& out) {
    if (++i_ >= s_.size()) return fail("unterminated escape");
    const char e = s_[i_++];
    static constexpr std::string_view kFrom = "\"\\/bfnrt", kTo = "\"\\/\b\f\n\r\t";
    if (const std::size_t k = kFrom.find(e); k != std::string_view::npos) return out += kTo[k], true;
    if (e != 'u') return --i_, fail(std::string("bad escape \\") + e);
    unsigned cp = 0;
    if (!hex4(cp)) return false;
    if (cp >= 0xDC00 && cp <= 0xDFFF) return fail("a lone low surrogate");
    if (cp >= 0xD800 && cp <= 0xDBFF) {  // a pair: \uD83D\uDE00
      unsigned low = 0;
      if (s_.substr(i_, 2) != "\\u") return fail("a high surrogate without its low half");
      i_ += 2;
      if (!hex4(low)) return false;
      if (low < 0xDC00 || low > 0xDFFF) return fail("a high surrogate without its low half");
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    }
    append_utf8(out, char32_t(cp));
    return true;
  }

  std::string_view s_;
  std::size_t i_ = 0;
  std::string error_;
};

}  // namespace

Expected<StringMembers> parse_string_object(std::string_view text) {
  return Reader(text, 0).object_to_end();
}

bool read_json_string(std::string_view text, std::size_t& i, std::string& out, std::string& error) {
  Reader reader(text, i);
  const bool ok = reader.string(out);
  i = reader.at();
  if (!ok) error = reader.error();
  return ok;
}

char32_t next_code_point(std::string_view text, std::size_t& i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  if (lead < 0x80) return ++i, lead;
  const std::size_t n = utf8_length(text, i);
  if (!n) return ++i, U'\uFFFD';
  char32_t cp = lead & (0x7F >> n);
  for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3Fu);
  i += n;
  return cp;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xC0 | (cp >> 6));
    out += char(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += char(0xE0 | (cp >> 12));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  } else {
    out += char(0xF0 | (cp >> 18));
    out += char(0x80 | ((cp >> 12) & 0x3F));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  }
}

std::string json_number(double value, int decimals) {
  if (!std::isfinite(value)) return "null";
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", std::clamp(decimals, 0, 17), value);
  std::string out = text;
  if (out.find('.') != std::string::npos) {
    while (out.back() == '0') out.pop_back();
    if (out.back() == '.') out.pop_back();
  }
  if (out == "-0") out = "0";
  return out;
}

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
