// Solving OBF positions exactly and checking them against the file: the one
// solve-and-check loop behind `reversi-cli solve`, the endgame part of
// `reversi-cli bench` (docs/benchmarks.md) and the tests. Each position is
// solved from an empty transposition table with the full window (-64, 64),
// timed, and judged by one rule:
//
//   A solve is RIGHT when it is complete, its score equals the position's best
//   score in the file (the first listed "move:score" pair) and its move is a
//   best move: the move's exact score equals that best score. The move's exact
//   score is the one the file lists for it; a move the file does not list is
//   solved after the move (same table, not timed) to get it. A forced pass is
//   the move PASS; a finished game has no move and its final score is the score.
//   It is WRONG when it is complete and any of that fails, INCOMPLETE when the
//   solve ran out of time (EndgameBenchOptions::seconds_per_position), and
//   UNCHECKED when the file lists no score for the position.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "engine/endgame.h"
#include "engine/obf.h"

namespace reversi {

struct EndgameBenchOptions {
  int threads = 1;
  std::size_t hash_megabytes = 64;
  int first = 1;            // 1-based index of the first position to solve
  int last = 1 << 30;       // ... and of the last
  double seconds_per_position = 0;  // > 0: stop each solve after this long (then incomplete)
  SolverTuning tuning{};
};

enum class Verdict { Right, Wrong, Incomplete, Unchecked };
const char* verdict_name(Verdict verdict);  // "right", "WRONG", "incomplete", "-"

struct EndgameBenchLine {
  int index = 0;          // 1-based position in the file (entries, not lines)
  int line = 0;           // its line in the file
  int empties = 0;
  std::optional<int> expected;    // the file's best score
  std::optional<int> move_score;  // the exact score of result.best, when it was needed
  SolveResult result;
  double seconds = 0;     // wall-clock time of the solve
  Verdict verdict = Verdict::Unchecked;
  bool right() const { return verdict == Verdict::Right; }
};

struct EndgameBenchSummary {
  std::vector<EndgameBenchLine> lines;
  int right = 0;
  int wrong = 0;          // complete solves that disagree with the file
  int incomplete = 0;
  int unchecked = 0;      // positions without a listed score
  std::uint64_t nodes = 0;
  double seconds = 0;      // solving time, summed
  int threads = 1;         // threads the solver used (EndgameSolver clamps the option)
  double nodes_per_second() const { return seconds > 0 ? double(nodes) / seconds : 0; }
};

// Solves and judges one entry with `solver` (cleared first); `seconds` > 0 stops
// the solve after that long (then incomplete). `index` is left 0.
EndgameBenchLine solve_and_check(EndgameSolver& solver, const ObfEntry& entry,
                                 double seconds = 0);

// The entries from options.first to options.last, in order, on one solver.
// `on_line`, when given, is called after each solve (to print progress).
EndgameBenchSummary endgame_benchmark(
    const std::vector<ObfEntry>& entries, const EndgameBenchOptions& options = {},
    const std::function<void(const EndgameBenchLine&)>& on_line = {});
// Same on OBF text (parse_obf: a bad line fails it all, before any solving).
Expected<EndgameBenchSummary> endgame_benchmark_text(
    std::string_view obf_text, const EndgameBenchOptions& options = {},
    const std::function<void(const EndgameBenchLine&)>& on_line = {});
// Same on a file (load_obf); an unreadable file is an error.
Expected<EndgameBenchSummary> endgame_benchmark(
    const std::string& obf_path, const EndgameBenchOptions& options = {},
    const std::function<void(const EndgameBenchLine&)>& on_line = {});

}  // namespace reversi
