#include "platform/desktop_files.h"

#include <SDL.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>
#include <vector>

namespace reversi::desktop {

namespace fs = std::filesystem;

std::string default_data_path(const std::string& file) {
  std::vector<std::string> candidates{"data/" + file};
  if (char* base = SDL_GetBasePath()) {
    candidates.push_back(std::string(base) + "data/" + file);
    candidates.push_back(std::string(base) + "../share/reversi/" + file);
    SDL_free(base);
  }
#ifdef REVERSI_DATA_DIR
  candidates.push_back(std::string(REVERSI_DATA_DIR) + "/" + file);
#endif
  for (const auto& path : candidates)
    if (std::error_code ec; fs::is_regular_file(path, ec)) return path;
  return candidates.front();
}

std::string config_path(const std::string& file) {
  if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x) return std::string(x) + "/reversi/" + file;
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.config/reversi/" + file;
  return "";
}

bool write_text_file(const std::string& path, const std::string& text) {
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return false;
    out << text << '\n';
    if (!out) return false;
  }
  fs::rename(tmp, path, ec);  // atomic: a crash never leaves half a file
  return !ec;
}

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "";
  std::stringstream text;
  text << in.rdbuf();
  std::string s = text.str();
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

}  // namespace reversi::desktop
