#include "engine/request.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>

namespace reversi {

namespace {

// Rank of a value for merging: precision first, then depth.
bool better(const MoveValue& fresh, const MoveValue& kept) {
  const int pf = value_precision(fresh.kind), pk = value_precision(kept.kind);
  return pf != pk ? pf > pk : fresh.depth > kept.depth;
}

// The options that decide what an analysis computes (not how long it runs).
bool same_analysis(const AnalysisRequest& a, const AnalysisRequest& b) {
  return a.position == b.position && a.max_depth == b.max_depth &&
         a.solve_empties == b.solve_empties && a.mpc == b.mpc && a.evaluator == b.evaluator &&
         a.reproducible == b.reproducible;
}

Status check(const AnalysisRequest& r) {
  if (!std::isfinite(r.time_ms) || r.time_ms < 0)
    return Error{"analysis: the time budget must be 0 (none) or a positive number of ms"};
  if (r.max_depth < 1 || r.max_depth > 60)
    return Error{"analysis: max depth " + std::to_string(r.max_depth) + " is not in 1..60"};
  if (r.solve_empties < 0 || r.solve_empties > 60)
    return Error{"analysis: solve empties " + std::to_string(r.solve_empties) +
                 " is not in 0..60"};
  return {};
}

}  // namespace

bool merge_values(std::vector<MoveValue>& kept, const std::vector<MoveValue>& fresh) {
  bool changed = false;
  for (const MoveValue& f : fresh) {
    auto it = std::find_if(kept.begin(), kept.end(), [&](const MoveValue& k) { return k.move == f.move; });
    if (it == kept.end()) {
      kept.push_back(f);
      changed = true;
    } else if (better(f, *it)) {
      *it = f;
      changed = true;
    }
  }
  if (changed) sort_best_first(kept);
  return changed;
}

bool all_exact(const std::vector<MoveValue>& moves) {
  return !moves.empty() &&
         std::all_of(moves.begin(), moves.end(), [](const MoveValue& m) { return m.kind == ValueKind::Exact; });
}

MoveReply make_reply(std::uint64_t id, Expected<SearchResult> result) {
  MoveReply reply;
  reply.id = id;
  if (result) reply.result = std::move(*result);
  else reply.error = result.error();
  return reply;
}

RequestRunner::RequestRunner(std::size_t kept_players) : max_players_(std::max<std::size_t>(kept_players, 1)) {}
RequestRunner::~RequestRunner() = default;

void RequestRunner::clear() {
  players_.clear();
  analyzer_.reset();
  continued_ = {};
}

Expected<SearchResult> RequestRunner::choose(const MoveRequest& request) {
  if (request.position.is_game_over()) return Error{"no move to find: the game is over"};
  auto it = std::find_if(players_.begin(), players_.end(),
                         [&](const Kept& k) { return k.name == request.player; });
  if (it == players_.end()) {
    auto made = make_player(request.player, request.seed);
    if (!made) return Error{made.error()};
    players_.push_front({request.player, std::move(*made)});
    if (players_.size() > max_players_) players_.pop_back();
    it = players_.begin();
  } else {
    players_.splice(players_.begin(), players_, it);  // most recently used first
    it = players_.begin();
    it->player->reseed(request.seed);
  }
  if (request.game) it->player->start_game(request.game);
  auto result = choose_checked(*it->player, request.position, request.limits);
  // A player that answered wrongly or threw may be in a bad state: start afresh next time.
  if (!result) players_.erase(it);
  return result;
}

Expected<AnalysisSnapshot> RequestRunner::analyze(const AnalysisRequest& request,
                                                  const AnalysisUpdate& on_update) {
  if (Status ok = check(request); !ok) return Error{ok.error()};
  if (!continued_.valid || !same_analysis(continued_.request, request)) {
    continued_ = {};
    continued_.valid = true;
    continued_.request = request;
  }
  AnalysisSnapshot& kept = continued_.snapshot;
  if (kept.complete) {
    kept.done = true;
    return kept;
  }
  if (!analyzer_) analyzer_ = std::make_unique<Analyzer>();

  const auto start = std::chrono::steady_clock::now();
  auto elapsed_ms = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  };
  const std::uint64_t nodes_before = kept.nodes;
  const double time_before = kept.time_ms;
  AnalysisResult result;
#if defined(__cpp_exceptions)
  try {
#endif
    result = analyzer_->analyze(request.position, request, [&](const std::vector<MoveValue>& list) {
      if (!merge_values(kept.moves, list)) return;
      kept.nodes = nodes_before + analyzer_->nodes_in_call();
      kept.time_ms = time_before + elapsed_ms();
      kept.done = false;
      if (on_update) on_update(kept);
    });
#if defined(__cpp_exceptions)
  } catch (const std::exception& e) {
    clear();  // the tables may be half-made: the next analysis starts afresh
    return Error{std::string("the analysis failed: ") + e.what()};
  }
#endif
  merge_values(kept.moves, result.moves);
  // Exact values gathered over several stopped calls complete it too.
  kept.complete = result.complete || all_exact(kept.moves);
  kept.nodes = nodes_before + result.nodes;
  kept.time_ms = time_before + result.time_ms;
  kept.done = true;
  return kept;
}

}  // namespace reversi
