// Reading a whole file: the one helper for every loader (WTHOR files, the opening book,
// the fonts of the desktop and the web page, games to load).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/expected.h"

namespace reversi {

// A file's bytes, or an error naming the path.
Expected<std::vector<std::uint8_t>> read_file_bytes(const std::string& path);

// Bytes as the elements of a C++ array initializer, "82,86,66,...", 24 a line: how the
// generated sources embed a file (the weights, the opening book).
std::string cpp_byte_list(std::span<const std::uint8_t> bytes);

}  // namespace reversi
