#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "core/file.h"

using namespace reversi;

TEST_CASE("cpp_byte_list: the bytes as an array initializer, 24 a line", "[core]") {
  CHECK(cpp_byte_list(std::vector<std::uint8_t>{}) == "");
  CHECK(cpp_byte_list(std::vector<std::uint8_t>{82, 86, 0, 255}) == "82,86,0,255,");
  const std::vector<std::uint8_t> bytes(25, 7);
  const std::string list = cpp_byte_list(bytes);
  CHECK(list.find('\n') == 24 * 2);  // "7," 24 times, then the line ends
  CHECK(list.substr(list.size() - 3) == "\n7,");
}

TEST_CASE("embedded_bytes_source: a comment, then a function returning exactly the bytes", "[core]") {
  const std::vector<std::uint8_t> bytes{1, 2, 250};
  CHECK(embedded_bytes_source("Made by a test.\nSecond line.", "a::b", "data", bytes) ==
        "// Made by a test.\n// Second line.\n#include <cstdint>\n#include <span>\n\nnamespace a::b {\n\n"
        "namespace {\nalignas(8) const std::uint8_t kBytes[] = {\n1,2,250,\n};\n}  // namespace\n\n"
        "std::span<const std::uint8_t> data() {\n  return {kBytes, 3};\n}\n\n}  // namespace a::b\n");
  // No bytes: the array keeps one element (C++ has no empty arrays), the span none.
  const std::string empty = embedded_bytes_source("x", "n", "f", {});
  CHECK(empty.find("kBytes[] = {\n0,\n};") != std::string::npos);
  CHECK(empty.find("return {kBytes, 0};") != std::string::npos);
}
