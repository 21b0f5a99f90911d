#include "core/file.h"

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

}  // namespace reversi
