#include "engine/analysis.h"

#include <algorithm>
#include <cmath>

#include "core/game.h"
#include "engine/evaluate.h"

namespace reversi {

namespace {

using Clock = std::chrono::steady_clock;

// The table of a reproducible analysis' searches, cleared before each: small, so
// that clearing it costs little beside a search of the review's depth
// (docs/benchmarks.md, "Review").
constexpr std::size_t kFreshTableMegabytes = 2;

double elapsed_ms(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

ValueKind flipped(ValueKind kind) {
  if (kind == ValueKind::Win) return ValueKind::Loss;
  if (kind == ValueKind::Loss) return ValueKind::Win;
  return kind;
}

}  // namespace

std::string_view value_kind_name(ValueKind kind) {
  switch (kind) {
    case ValueKind::Midgame: return "midgame";
    case ValueKind::Loss: return "loss";
    case ValueKind::Win: return "win";
    case ValueKind::Exact: return "exact";
  }
  return "?";
}

std::optional<ValueKind> parse_value_kind(std::string_view name) {
  for (ValueKind kind : {ValueKind::Midgame, ValueKind::Loss, ValueKind::Win, ValueKind::Exact})
    if (value_kind_name(kind) == name) return kind;
  return std::nullopt;
}

int value_precision(ValueKind kind) {
  if (kind == ValueKind::Midgame) return 0;
  if (kind == ValueKind::Exact) return 2;
  return 1;
}

void sort_best_first(std::vector<MoveValue>& moves) {
  std::sort(moves.begin(), moves.end(), [](const MoveValue& a, const MoveValue& b) {
    if (a.value != b.value) return a.value > b.value;
    if (value_precision(a.kind) != value_precision(b.kind))
      return value_precision(a.kind) > value_precision(b.kind);
    return a.move < b.move;
  });
}

std::vector<Square> playable_line(const Position& position, std::span<const Square> line) {
  Game game(position);
  std::vector<Square> played;
  for (Square s : line) {
    if (!is_board_square(s) || !game.play(s)) break;
    played.push_back(s);
  }
  return played;
}

std::string line_text(std::span<const Square> line) {
  std::string text;
  for (Square s : line) {
    if (!text.empty()) text += ' ';
    text += square_name(s);
  }
  return text;
}

AnalysisOptions review_options() {
  AnalysisOptions options;
  options.reproducible = true;
  options.max_depth = kReviewDepth;
  options.solve_empties = kReviewSolveEmpties;
  return options;
}

Analyzer::Analyzer(std::size_t tt_megabytes, std::size_t endgame_megabytes)
    : searcher_(tt_megabytes, 1), solver_(endgame_megabytes), fresh_searcher_(kFreshTableMegabytes, 1) {}

void Analyzer::clear() {
  searcher_.clear();
  solver_.clear();
  fresh_searcher_.clear();
  continued_ = {};
}

AnalysisResult Analyzer::analyze(const Position& position, const AnalysisOptions& options,
                                 const AnalysisCallback& on_update) {
  const auto start = Clock::now();
  AnalysisResult result;
  nodes_in_call_ = 0;
  if (position.is_game_over()) {
    result.complete = true;
    return result;
  }
  if (position.must_pass()) {
    // The value of passing is the opponent's best move, seen from this side.
    auto pass_entry = [](const std::vector<MoveValue>& theirs) {
      MoveValue mv{PASS, ValueKind::Midgame, 0, 0};
      if (!theirs.empty()) {
        mv.kind = flipped(theirs.front().kind);
        mv.value = theirs.front().value == 0 ? 0.0 : -theirs.front().value;
        mv.depth = theirs.front().depth;
        mv.pv = theirs.front().pv;  // after the implicit pass
      }
      return mv;
    };
    AnalysisCallback inner;
    if (on_update)
      inner = [&](const std::vector<MoveValue>& theirs) {
        on_update(std::vector<MoveValue>{pass_entry(theirs)});
      };
    AnalysisResult after = analyze(position.pass(), options, inner);
    result.moves = {pass_entry(after.moves)};
    result.complete = after.complete;
    result.stopped = after.stopped;
    result.nodes = after.nodes;
    result.time_ms = elapsed_ms(start);
    return result;
  }

  // The earlier of the deadline and the budget.
  Clock::time_point deadline = options.deadline;
  if (options.time_ms > 0)
    deadline = std::min(deadline, start + std::chrono::microseconds(
                                              static_cast<long long>(options.time_ms * 1000)));
  const bool limited = deadline != Clock::time_point::max();
  // A reproducible analysis always begins one move's search or solve (unless stopped),
  // so that calls with a short budget each make progress.
  bool begun = false;
  auto out_of_time = [&] {
    if (options.stop && options.stop->load(std::memory_order_relaxed)) return true;
    if (options.nodes && result.nodes >= options.nodes) return true;  // even before one begun
    if (options.reproducible && !begun) return begun = true, false;
    return limited && Clock::now() >= deadline;
  };

  const Evaluator& evaluator = options.evaluator ? *options.evaluator : default_evaluator();
  const int empties = position.empty_count();

  struct Entry {
    MoveValue value;
    Position child;
    double estimate = 0;  // last midgame value
  };
  std::vector<Entry> entries;
  for (Bitboard m = position.legal_moves(); m; m &= m - 1) {
    const Square sq = Square(lowest_square(m));
    entries.push_back({{sq, ValueKind::Midgame, 0, 0}, position.play(sq), 0});
  }

  auto snapshot = [&] {
    std::vector<MoveValue> list;
    list.reserve(entries.size());
    for (const Entry& e : entries) list.push_back(e.value);
    sort_best_first(list);
    return list;
  };
  auto improved = [&] {
    if (on_update) on_update(snapshot());
  };

  // Depth 1 (and finished children, exact at once): always computed.
  for (Entry& e : entries) {
    if (e.child.is_game_over()) {
      e.value = {e.value.move, ValueKind::Exact, double(-e.child.final_score()), empties, {e.value.move}};
    } else {
      const double v = -double(evaluator.evaluate(e.child.player, e.child.opponent)) / kEvalScale;
      e.value = {e.value.move, ValueKind::Midgame, v, 1, {e.value.move}};
      e.estimate = v;
    }
  }
  // The move, then the line of the search or solve of its child: at most `max` moves in all.
  auto line = [](Square move, const std::vector<Square>& after, std::size_t max) {
    std::vector<Square> pv{move};
    const std::size_t n = std::min(after.size(), max > 0 ? max - 1 : 0);
    pv.insert(pv.end(), after.begin(), after.begin() + std::ptrdiff_t(n));
    return pv;
  };
  // A reproducible analysis continues from the values its last call on this position found.
  const bool reproducible = options.reproducible;
  if (reproducible) {
    Continued& c = continued_;
    if (!c.valid || !(c.position == position) || c.max_depth != options.max_depth ||
        c.solve_empties != options.solve_empties || c.mpc != options.mpc || c.evaluator != options.evaluator)
      c = Continued{true, position, options.max_depth, options.solve_empties, options.mpc, options.evaluator, {}};
    for (Entry& e : entries)
      for (const MoveValue& v : c.values)
        if (v.move == e.value.move) e.value = v;
  }
  improved();

  const bool solving = empties <= options.solve_empties;
  const int midgame_limit = std::min(
      {options.max_depth, empties - 1, solving ? std::clamp(empties - 14, 4, 10) : 60});

  // Move e's value at `depth` from `searcher` (false: interrupted, the value stays).
  auto deepen = [&](Entry& e, int depth, Searcher& searcher, int threads, bool timed) {
    SearchOptions so;
    so.depth = depth - 1;
    so.exact_empties = so.wld_empties = 0;
    so.stop = options.stop;
    so.threads = threads;
    so.mpc = options.mpc;
    so.evaluator = &evaluator;
    so.nodes = options.nodes ? options.nodes - result.nodes : 0;  // out_of_time() came first
    if (timed) {
      so.time_ms = std::chrono::duration<double, std::milli>(deadline - Clock::now()).count();
      if (so.time_ms <= 0) return false;
    }
    // A pass costs no depth: search the opponent's reply at the same depth.
    const bool pass = e.child.must_pass();
    const Position searched = pass ? e.child.pass() : e.child;
    const SearchResult r = searcher.search(searched, so);
    result.nodes += r.nodes;
    nodes_in_call_ = result.nodes;
    // Interrupted (or the time manager declined the last iteration): the previous value stays.
    if (!r.has_score || r.depth != depth - 1) return false;
    const double v = pass ? r.score : -r.score;
    // The search's line as deep as it looked (its table may hold older moves beyond).
    e.value = {e.value.move, ValueKind::Midgame, v, depth, line(e.value.move, r.pv, std::size_t(depth))};
    e.estimate = v;
    improved();
    return true;
  };

  bool stopped = false;
  if (reproducible) {
    // Each move searched once at the full depth, on one thread from a cleared table; a
    // position to solve goes straight to the solver.
    const int depth = std::min(options.max_depth, empties - 1);
    for (Entry& e : entries) {
      if (solving || e.value.kind != ValueKind::Midgame || e.value.depth >= depth) continue;
      if (out_of_time()) {
        stopped = true;
        break;
      }
      fresh_searcher_.clear();
      if (!deepen(e, depth, fresh_searcher_, 1, false)) {
        stopped = true;
        break;
      }
    }
  } else {
    // Midgame deepening.
    for (int depth = 2; depth <= midgame_limit && !stopped; ++depth) {
      for (Entry& e : entries) {
        if (e.value.kind != ValueKind::Midgame) continue;
        if (out_of_time() || !deepen(e, depth, searcher_, options.threads, limited)) {
          stopped = true;
          break;
        }
      }
    }
  }

  if (solving && !stopped) {
    // Win/loss/draw, then exact, move by move.
    for (int pass_kind = 0; pass_kind < 2 && !stopped; ++pass_kind) {
      const bool exact = pass_kind == 1;
      for (Entry& e : entries) {
        if (e.value.kind == ValueKind::Exact) continue;
        if (!exact && e.value.kind != ValueKind::Midgame) continue;
        if (out_of_time()) {
          stopped = true;
          break;
        }
        SolveOptions so;
        if (!exact) {
          so.alpha = -1;
          so.beta = 1;
        } else if (e.value.kind == ValueKind::Win) {
          // The child loses: its score is in [-64, -2]. Fail-soft bounds at
          // the ends of the window are exact there (nothing lies beyond).
          so.alpha = -64;
          so.beta = -1;
        } else if (e.value.kind == ValueKind::Loss) {
          so.alpha = 1;
          so.beta = 64;
        }
        so.stop = options.stop;
        so.deadline = reproducible ? Clock::time_point::max() : deadline;  // see above
        so.pv = true;
        so.pv_square_order = reproducible;
        so.nodes = options.nodes ? options.nodes - result.nodes : 0;
        solver_.set_threads(options.threads);
        const SolveResult sr = solver_.solve(e.child, so);
        result.nodes += sr.nodes;
        nodes_in_call_ = result.nodes;
        if (!sr.complete) {
          stopped = true;
          break;
        }
        const int v = -sr.score;  // for this side
        std::vector<Square> pv = line(e.value.move, sr.pv, std::size_t(empties));
        if (exact) {
          e.value = {e.value.move, ValueKind::Exact, double(v), empties, std::move(pv)};
        } else if (v > 0) {
          e.value = {e.value.move, ValueKind::Win, std::max(e.estimate, 2.0), empties, std::move(pv)};
        } else if (v < 0) {
          e.value = {e.value.move, ValueKind::Loss, std::min(e.estimate, -2.0), empties, std::move(pv)};
        } else {
          e.value = {e.value.move, ValueKind::Exact, 0.0, empties, std::move(pv)};  // a draw is exact
        }
        improved();
      }
    }
  }

  result.moves = snapshot();
  if (reproducible) continued_.values = result.moves;
  result.stopped = stopped;
  // Not stopped: the midgame deepening reached its limit and, when solving,
  // every value is exact.
  result.complete = !stopped;
  result.time_ms = elapsed_ms(start);
  return result;
}

}  // namespace reversi
