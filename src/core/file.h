// Reading a whole file: the one helper for every loader (WTHOR files, the opening book,
// the fonts of the desktop and the web page, games to load).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/expected.h"

namespace reversi {

// A file's bytes, or an error naming the path.
Expected<std::vector<std::uint8_t>> read_file_bytes(const std::string& path);

}  // namespace reversi
