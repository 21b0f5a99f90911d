#include "core/file.h"

#include <algorithm>

#include <cstdio>
#include <memory>

namespace reversi {

// C's stdio rather than an ifstream: the page's game reads its embedded fonts with this,
// and std::ifstream brings C++'s whole locale machinery into game.wasm (about 90 KB).
Expected<std::vector<std::uint8_t>> read_file_bytes(const std::string& path) {
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> in(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!in) return Error{"cannot open '" + path + "'"};
  std::vector<std::uint8_t> bytes;
  std::uint8_t chunk[65536];
  for (std::size_t n; (n = std::fread(chunk, 1, sizeof chunk, in.get())) > 0;) bytes.insert(bytes.end(), chunk, chunk + n);
  if (std::ferror(in.get())) return Error{"cannot read '" + path + "'"};
  return bytes;
}

Status write_file_bytes(const std::string& path, std::span<const std::uint8_t> bytes) {
  const std::string part = path + ".part";
  std::FILE* out = std::fopen(part.c_str(), "wb");
  if (!out) return Error{"cannot write '" + part + "'"};
  const bool written = std::fwrite(bytes.data(), 1, bytes.size(), out) == bytes.size();
  if (std::fclose(out) != 0 || !written) {
    std::remove(part.c_str());
    return Error{"cannot write '" + part + "'"};
  }
  if (std::rename(part.c_str(), path.c_str()) != 0) {
    std::remove(part.c_str());
    return Error{"cannot rename '" + part + "' to '" + path + "'"};
  }
  return {};
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

std::string embedded_bytes_source(std::string_view comment, std::string_view ns, std::string_view function,
                                  std::span<const std::uint8_t> bytes) {
  std::string s;
  for (std::size_t at = 0; at <= comment.size();) {
    const std::size_t end = std::min(comment.find('\n', at), comment.size());
    s.append("// ").append(comment.substr(at, end - at)).append("\n");
    at = end + 1;
  }
  s.append("#include <cstdint>\n#include <span>\n\nnamespace ").append(ns).append(" {\n\nnamespace {\n");
  s += "alignas(8) const std::uint8_t kBytes[] = {\n";
  s += cpp_byte_list(bytes);
  // An empty file still needs one element to be a valid array; the span excludes it.
  if (bytes.empty()) s += "0,";
  s.append("\n};\n}  // namespace\n\nstd::span<const std::uint8_t> ").append(function).append("() {\n");
  s.append("  return {kBytes, ").append(std::to_string(bytes.size())).append("};\n}\n\n}  // namespace ");
  s.append(ns).append("\n");
  return s;
}

}  // namespace reversi
