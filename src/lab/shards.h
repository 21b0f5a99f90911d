// Data made in shards, for long runs on a shared machine: each shard a file of
// samples that depends only on its own parameters (a seed, a slice of games),
// written whole or not at all (to NAME.tmp, then renamed), so that a stopped run
// loses at most the shard it was making and a later run with the same or more
// shards makes only the missing ones. Each shard made appends one line to
// DIR/MANIFEST: its name, positions, wall and CPU seconds, FNV-1a of the file and the
// command that made it (what docs/evaluation.md records).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/expected.h"
#include "lab/pattern_train.h"

namespace reversi::pattern {

struct ShardReport {
  std::string name;           // file name inside the directory
  bool made = false;          // false: it was there already, skipped
  std::size_t positions = 0, exact = 0, search = 0;
  double seconds = 0;          // wall
  double cpu_seconds = 0;      // the process's CPU time (all threads) while making it
  std::uint32_t checksum = 0; // FNV-1a (32 bits) of the file's bytes
};

// What a shard's maker tells the manifest: the positions written, how many of them
// exact and how many labelled by search.
struct ShardCounts {
  std::size_t positions = 0, exact = 0, search = 0;
};

// The machinery for any kind of shard file: makes, in order, every shard of
// `names` that `dir` does not hold yet, write(i, tmp) writing shard i whole to the
// file `tmp` (then renamed to its name) and returning its counts. `command` goes
// into the manifest line, `report` is told about every shard (made or skipped).
// Fails on the first shard that cannot be made or written, keeping the ones made before.
Status make_shard_files(const std::string& dir, const std::vector<std::string>& names,
                        const std::string& command,
                        const std::function<Expected<ShardCounts>(std::size_t, const std::string&)>& write,
                        const std::function<void(const ShardReport&)>& report = {});

// The pattern samples' shards: make(i) gives shard i's samples. `command` goes into the manifest line.
// `report` is told about every shard (made or skipped). Fails on the first
// shard that cannot be made or written, keeping the ones made before.
Status make_shards(const std::string& dir, const std::vector<std::string>& names,
                   const std::string& command,
                   const std::function<Expected<std::vector<Sample>>(std::size_t)>& make,
                   const std::function<void(const ShardReport&)>& report = {});

// The FNV-1a (32 bits) of a file's bytes, as the manifest writes it.
Expected<std::uint32_t> file_checksum(const std::string& path);

}  // namespace reversi::pattern
