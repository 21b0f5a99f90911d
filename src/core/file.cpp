#include "core/file.h"

#include <cstdio>
#include <fstream>
#include <iterator>

namespace reversi {

Expected<std::vector<std::uint8_t>> read_file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot open '" + path + "'"};
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return Error{"cannot read '" + path + "'"};
  return bytes;
}

std::string cpp_byte_list(std::span<const std::uint8_t> bytes) {
  std::string s;
  char buf[8];
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%u,", bytes[i]);
    s += buf;
    if (i % 24 == 23) s += '\n';
  }
  return s;
}

}  // namespace reversi
