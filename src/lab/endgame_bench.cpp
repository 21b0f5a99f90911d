#include "lab/endgame_bench.h"

#include <chrono>

namespace reversi {

const char* verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::Right: return "right";
    case Verdict::Wrong: return "WRONG";
    case Verdict::Incomplete: return "incomplete";
    case Verdict::Unchecked: break;
  }
  return "-";
}

EndgameBenchLine solve_and_check(EndgameSolver& solver, const ObfEntry& entry,
                                 double seconds) {
  const Position& position = entry.position;
  EndgameBenchLine out;
  out.line = entry.line;
  out.empties = position.empty_count();
  out.expected = entry.best_score();
  solver.clear();  // each position from an empty table: figures repeat on any subset
  const auto start = std::chrono::steady_clock::now();
  SolveOptions options;
  if (seconds > 0)
    options.deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                   std::chrono::duration<double>(seconds));
  if (position.is_game_over())
    out.result.score = position.final_score();  // no move to find
  else
    out.result = solver.solve(position, options);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const SolveResult& r = out.result;
  if (!out.expected) {
    out.verdict = Verdict::Unchecked;
  } else if (!r.complete) {
    out.verdict = Verdict::Incomplete;
  } else if (r.score != *out.expected) {
    out.verdict = Verdict::Wrong;
  } else if (position.is_game_over()) {
    out.verdict = Verdict::Right;
  } else {
    // The move's exact score: listed, or solved after the move.
    out.move_score = entry.score_of(r.best);
    if (!out.move_score) {
      const Position next = r.best == PASS ? position.pass() : position.play(r.best);
      out.move_score = next.is_game_over() ? -next.final_score() : -solver.solve(next).score;
    }
    out.verdict = *out.move_score == *out.expected ? Verdict::Right : Verdict::Wrong;
  }
  return out;
}

EndgameBenchSummary endgame_benchmark(const std::vector<ObfEntry>& entries,
                                      const EndgameBenchOptions& options,
                                      const std::function<void(const EndgameBenchLine&)>& on_line) {
  EndgameSolver solver(options.hash_megabytes);
  solver.set_threads(options.threads);
  solver.set_tuning(options.tuning);
  EndgameBenchSummary summary;
  summary.threads = solver.threads();
  for (int i = 0; i < static_cast<int>(entries.size()); ++i) {
    if (i + 1 < options.first || i + 1 > options.last) continue;
    EndgameBenchLine out = solve_and_check(solver, entries[i], options.seconds_per_position);
    out.index = i + 1;
    summary.nodes += out.result.nodes;
    summary.seconds += out.seconds;
    switch (out.verdict) {
      case Verdict::Right: ++summary.right; break;
      case Verdict::Wrong: ++summary.wrong; break;
      case Verdict::Incomplete: ++summary.incomplete; break;
      case Verdict::Unchecked: ++summary.unchecked; break;
    }
    if (on_line) on_line(out);
    summary.lines.push_back(out);
  }
  return summary;
}

Expected<EndgameBenchSummary> endgame_benchmark_text(
    std::string_view text, const EndgameBenchOptions& options,
    const std::function<void(const EndgameBenchLine&)>& on_line) {
  auto entries = parse_obf(text);
  if (!entries) return Error{entries.error()};
  return endgame_benchmark(*entries, options, on_line);
}

Expected<EndgameBenchSummary> endgame_benchmark(
    const std::string& path, const EndgameBenchOptions& options,
    const std::function<void(const EndgameBenchLine&)>& on_line) {
  auto entries = load_obf(path);
  if (!entries) return Error{entries.error()};
  return endgame_benchmark(*entries, options, on_line);
}

}  // namespace reversi
