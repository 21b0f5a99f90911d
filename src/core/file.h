// Reading a whole file: the one helper for every loader (WTHOR files, the opening book,
// the fonts of the desktop and the web page, games to load).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"

namespace reversi {

// A file's bytes, or an error naming the path.
Expected<std::vector<std::uint8_t>> read_file_bytes(const std::string& path);

// Writes `bytes` to `path` whole or not at all: to PATH.part, then renamed over `path`
// (a failed write removes the part and leaves `path` as it was). An error names the path.
Status write_file_bytes(const std::string& path, std::span<const std::uint8_t> bytes);

// Bytes as the elements of a C++ array initializer, "82,86,66,...", 24 a line.
std::string cpp_byte_list(std::span<const std::uint8_t> bytes);

// A generated C++ source that compiles a file's bytes into the program (the weights,
// the opening book), so that neither the desktop game nor the Web Worker reads a file:
// `comment` (one or more lines, each written after "// "), then in namespace `ns` the
// function `std::span<const std::uint8_t> function()` returning exactly `bytes`.
std::string embedded_bytes_source(std::string_view comment, std::string_view ns, std::string_view function,
                                  std::span<const std::uint8_t> bytes);

}  // namespace reversi
