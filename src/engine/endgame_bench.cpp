#include "engine/endgame_bench.h"

#include <chrono>
#include <fstream>
#include <sstream>

#include "core/notation.h"

namespace reversi {

namespace {
// The score of the first "move:score" pair after the board, if any.
bool first_score(std::string_view rest, int& score) {
  const std::size_t end = rest.find('%');
  const std::size_t colon = rest.substr(0, end).find(':');
  if (colon == std::string_view::npos) return false;
  std::size_t i = colon + 1;
  int sign = 1;
  if (i < rest.size() && (rest[i] == '+' || rest[i] == '-')) sign = rest[i++] == '-' ? -1 : 1;
  if (i >= rest.size() || rest[i] < '0' || rest[i] > '9') return false;
  int v = 0;
  while (i < rest.size() && rest[i] >= '0' && rest[i] <= '9') v = v * 10 + (rest[i++] - '0');
  score = sign * v;
  return true;
}
}  // namespace

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
  std::vector<Item> items;
  int line_no = 0;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    ++line_no;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    if (line.empty() || line.front() == '%') continue;
    const std::size_t semi = line.find(';');
    auto pos = parse_board_string(line.substr(0, semi));
    if (!pos) return Error{"line " + std::to_string(line_no) + ": " + pos.error()};
    if (pos->is_game_over())
      return Error{"line " + std::to_string(line_no) + ": the game is over in this position"};
    Item item{*pos, false, 0, line_no};
    if (semi != std::string_view::npos) item.has_expected = first_score(line.substr(semi), item.expected);
    items.push_back(item);
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
