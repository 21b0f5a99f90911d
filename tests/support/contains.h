// Whether a text holds a part (C++20's std::string has no contains() yet): one copy for
// every test file that checks a message or an export for words.
#pragma once

#include <string_view>

inline bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }
