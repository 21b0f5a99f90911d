#include "lab/shards.h"

#include <chrono>
#include <ctime>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include "core/bytes.h"
#include "core/file.h"

namespace reversi::pattern {

Expected<std::uint32_t> file_checksum(const std::string& path) {
  auto bytes = read_file_bytes(path);
  if (!bytes) return Error{bytes.error()};
  return fnv1a(*bytes);
}

Status make_shard_files(const std::string& dir, const std::vector<std::string>& names,
                        const std::string& command,
                        const std::function<Expected<ShardCounts>(std::size_t, const std::string&)>& write,
                        const std::function<void(const ShardReport&)>& report) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return Error{"cannot make directory '" + dir + "': " + ec.message()};
  for (std::size_t i = 0; i < names.size(); ++i) {
    ShardReport r;
    r.name = names[i];
    const std::string path = (fs::path(dir) / names[i]).string();
    if (fs::exists(path)) {
      if (report) report(r);
      continue;
    }
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    const std::string tmp = path + ".tmp";
    auto counts = write(i, tmp);
    if (!counts) return Error{names[i] + ": " + counts.error()};
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.cpu_seconds = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    fs::rename(tmp, path, ec);
    if (ec) return Error{"cannot rename '" + tmp + "': " + ec.message()};
    auto sum = file_checksum(path);
    if (!sum) return Error{sum.error()};
    r.made = true;
    r.checksum = *sum;
    r.positions = counts->positions;
    r.exact = counts->exact;
    r.search = counts->search;
    const std::string manifest = (fs::path(dir) / "MANIFEST").string();
    std::FILE* f = std::fopen(manifest.c_str(), "a");
    if (!f) return Error{"cannot append to '" + manifest + "'"};
    std::fprintf(f, "%s positions %zu exact %zu search %zu seconds %.1f cpu %.1f fnv1a %08x command %s\n",
                 r.name.c_str(), r.positions, r.exact, r.search, r.seconds, r.cpu_seconds, r.checksum,
                 command.c_str());
    if (std::fclose(f) != 0) return Error{"write to '" + manifest + "' failed"};
    if (report) report(r);
  }
  return {};
}

Status make_shards(const std::string& dir, const std::vector<std::string>& names,
                   const std::string& command,
                   const std::function<Expected<std::vector<Sample>>(std::size_t)>& make,
                   const std::function<void(const ShardReport&)>& report) {
  return make_shard_files(
      dir, names, command,
      [&](std::size_t i, const std::string& tmp) -> Expected<ShardCounts> {
        auto samples = make(i);
        if (!samples) return Error{samples.error()};
        if (Status st = write_samples(*samples, tmp); !st) return Error{st.error()};
        ShardCounts c;
        c.positions = samples->size();
        for (const Sample& s : *samples) {
          if (s.label == Label::Exact) ++c.exact;
          else if (s.label == Label::Search) ++c.search;
        }
        return c;
      },
      report);
}

}  // namespace reversi::pattern
