// JSON text for the page: one string escaper for every JSON string the C++
// side writes (the game state, the web build's events and answers).
#pragma once

#include <string>
#include <string_view>

namespace reversi {

// `text` as a JSON string literal, the quotes included: " and \ escaped with a
// backslash, \b \f \n \r \t by name, any other character below 0x20 as \u00XX;
// everything else, UTF-8 included, passes through unchanged.
std::string json_string(std::string_view text);

}  // namespace reversi
