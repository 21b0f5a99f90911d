// JSON text for the page: one string escaper for every JSON string the C++
// side writes (the game state, the web build's events and answers), and one
// reader for the flat string objects the C++ side reads (the i18n catalogs).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.h"

namespace reversi {

// `text` as a JSON string literal, the quotes included: " and \ escaped with a
// backslash, \b \f \n \r \t by name, any other character below 0x20 as \u00XX;
// valid UTF-8 passes through unchanged, and each byte that is not part of valid
// UTF-8 (text quoted from a URL's %FF, say) becomes U+FFFD, so the result is always
// valid JSON (RFC 8259 requires UTF-8).
std::string json_string(std::string_view text);

// `value` as a JSON number with at most `decimals` digits after the point and no
// trailing zeros ("2.5", "-18", "0"); NaN and infinities, which JSON cannot hold, as null.
std::string json_number(double value, int decimals = 2);

// A JSON object whose values are all strings, {"key": "text", ...}, as the i18n
// catalogs (assets/i18n/*.json) are: its members in the order written, escapes
// decoded. Anything else -- another kind of value, a duplicate key, a bad escape,
// a lone surrogate, bytes that are not UTF-8, a raw control character, text after
// the object -- is an error naming the byte where it is. Never reads past `text`.
using StringMembers = std::vector<std::pair<std::string, std::string>>;
Expected<StringMembers> parse_string_object(std::string_view text);

// Reads the JSON string literal whose opening quote is at text[i], appending its
// decoded text to `out` and moving i past the closing quote. False, with `error`
// saying what and where and i at the offending byte, if it is not one (the same
// rules as parse_string_object).
bool read_json_string(std::string_view text, std::size_t& i, std::string& out, std::string& error);

// The code point of the UTF-8 sequence at text[i], advancing i past it; a byte
// that does not start a valid sequence gives U+FFFD and advances by one.
char32_t next_code_point(std::string_view text, std::size_t& i);
// Appends code point `cp` (at most U+10FFFF, not a surrogate) as UTF-8.
void append_utf8(std::string& out, char32_t cp);

}  // namespace reversi
