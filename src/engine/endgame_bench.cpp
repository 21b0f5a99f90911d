#include "engine/endgame_bench.h"

#include <chrono>
#include <fstream>
#include <sstream>

#include "core/notation.h"
#include "engine/obf.h"

namespace reversi {

Expected<EndgameBenchSummary> endgame_benchmark_text(
    std::string_view text, const EndgameBenchOptions& options,
    const std::function<void(const EndgameBenchLine&)>& on_line) {
  // Parse everything first, so a bad line is reported before any solving.
  struct Item {
    Position position;
    bool has_expected;
    int expected;
    int line;
  };
  auto entries = parse_obf(text);
  if (!entries) return Error{entries.error()};
  std::vector<Item> items;
  for (const ObfEntry& e : *entries) {
    if (e.position.is_game_over())
      return Error{"line " + std::to_string(e.line) + ": the game is over in this position"};
    items.push_back({e.position, e.best_score().has_value(), e.best_score().value_or(0), e.line});
  }
  EndgameSolver solver(options.hash_megabytes);
  solver.set_threads(options.threads);
  solver.set_tuning(options.tuning);
  EndgameBenchSummary summary;
  for (int i = 0; i < static_cast<int>(items.size()); ++i) {
    if (i + 1 < options.first || i + 1 > options.last) continue;
    const Item& item = items[i];
    solver.clear();
    SolveOptions so;
    const auto t0 = std::chrono::steady_clock::now();
    if (options.seconds_per_position > 0)
      so.deadline = t0 + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                             std::chrono::duration<double>(options.seconds_per_position));
    EndgameBenchLine out;
    out.index = i + 1;
    out.empties = item.position.empty_count();
    out.has_expected = item.has_expected;
    out.expected = item.expected;
    out.result = solver.solve(item.position, so);
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    summary.nodes += out.result.nodes;
    summary.seconds += out.seconds;
    if (!out.result.complete)
      ++summary.incomplete;
    else if (!out.correct())
      ++summary.wrong;
    if (on_line) on_line(out);
    summary.lines.push_back(out);
  }
  return summary;
}

Expected<EndgameBenchSummary> endgame_benchmark(
    const std::string& path, const EndgameBenchOptions& options,
    const std::function<void(const EndgameBenchLine&)>& on_line) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot read '" + path + "'"};
  std::ostringstream text;
  text << in.rdbuf();
  return endgame_benchmark_text(text.str(), options, on_line);
}

}  // namespace reversi
