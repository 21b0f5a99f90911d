// Solving a file of OBF positions and timing it: the endgame part of
// `reversi-cli bench` and of docs/benchmarks.md. Each position is solved from an
// empty transposition table with the full window (-64, 64) and checked against
// the score in the file (the first "move:score" pair), if there is one.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "engine/endgame.h"

namespace reversi {

struct EndgameBenchOptions {
  int threads = 1;
  std::size_t hash_megabytes = 64;
  int first = 1;            // 1-based index of the first position to solve
  int last = 1 << 30;       // ... and of the last
  double seconds_per_position = 0;  // > 0: stop each solve after this long (then incomplete)
  SolverTuning tuning{};
};

struct EndgameBenchLine {
  int index = 0;          // 1-based position in the file
  int empties = 0;
  bool has_expected = false;
  int expected = 0;       // the file's score, when has_expected
  SolveResult result;
  double seconds = 0;     // wall-clock time of the solve
  bool correct() const { return result.complete && (!has_expected || result.score == expected); }
};

struct EndgameBenchSummary {
  std::vector<EndgameBenchLine> lines;
  int wrong = 0;          // complete solves that disagree with the file
  int incomplete = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  double nodes_per_second() const { return seconds > 0 ? double(nodes) / seconds : 0; }
};

// Parses OBF text (one position a line, blank and '%' comment lines skipped).
// `on_line`, when given, is called after each solve (to print progress).
Expected<EndgameBenchSummary> endgame_benchmark_text(
    std::string_view obf_text, const EndgameBenchOptions& options = {},
    const std::function<void(const EndgameBenchLine&)>& on_line = {});
// Same on a file; an unreadable file is an error.
Expected<EndgameBenchSummary> endgame_benchmark(
    const std::string& obf_path, const EndgameBenchOptions& options = {},
    const std::function<void(const EndgameBenchLine&)>& on_line = {});

}  // namespace reversi
