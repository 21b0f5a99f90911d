// JSON text for the page: one string escaper for every JSON string the C++
// side writes (the game state, the web build's events and answers).
#pragma once

#include <string>
#include <string_view>

namespace reversi {

// `text` as a JSON string literal, the quotes included: " and \ escaped with a
// backslash, \b \f \n \r \t by name, any other character below 0x20 as \u00XX;
// valid UTF-8 passes through unchanged, and each byte that is not part of valid
// UTF-8 (text quoted from a URL's %FF, say) becomes U+FFFD, so the result is always
// valid JSON (RFC 8259 requires UTF-8).
std::string json_string(std::string_view text);

}  // namespace reversi
