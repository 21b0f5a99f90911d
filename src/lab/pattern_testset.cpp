// The held-out test set of strong play from WTHOR games (`reversi-cli testset`,
// docs/evaluation.md, issue 34): positions of each game's line, searched deep or
// solved exactly.
#include <algorithm>
#include <unordered_set>

#include "core/position.h"
#include "engine/endgame.h"
#include "engine/search.h"
#include "lab/pattern_train.h"

namespace reversi::pattern {

std::vector<Sample> wthor_test_samples(const std::vector<WthorGame>& games, std::size_t begin,
                                       std::size_t end, const TestSetOptions& options,
                                       const Evaluator& eval) {
  Searcher searcher(16, 1);
  EndgameSolver solver(16);
  std::vector<Sample> out;
  std::unordered_set<std::uint64_t> seen;
  auto add = [&](const Sample& s) {
    if (seen.insert(position_key(s.P, s.O)).second) out.push_back(s);
  };
  GenOptions stream;  // game_rng's seeding, shared with the training data
  stream.seed = options.seed;
  for (std::size_t g = begin; g < std::min(end, games.size()); ++g) {
    const WthorGame& wg = games[g];
    const auto id = static_cast<std::uint32_t>(g);
    SplitMix64 rng = game_rng(stream, static_cast<int>(g));
    // The line's positions with a move to play, by empties (passes applied).
    std::vector<Position> by_empties(61);
    std::vector<bool> have(61, false);
    Position pos = Position::initial();
    for (std::size_t i = 0; i <= wg.moves.size(); ++i) {
      if (!pos.has_legal_move()) {
        if (pos.is_game_over()) break;
        pos = pos.pass();
      }
      by_empties[static_cast<std::size_t>(pos.empty_count())] = pos;
      have[static_cast<std::size_t>(pos.empty_count())] = true;
      if (i == wg.moves.size()) break;
      pos = pos.play(wg.moves[i]);
    }
    // One of the line's positions with empties in [lo, hi], or none.
    auto pick = [&](int lo, int hi) -> const Position* {
      std::vector<int> candidates;
      for (int e = std::max(lo, 1); e <= std::min(hi, 60); ++e)
        if (have[static_cast<std::size_t>(e)]) candidates.push_back(e);
      if (candidates.empty()) return nullptr;
      const int e = candidates[rng.below(static_cast<int>(candidates.size()))];
      return &by_empties[static_cast<std::size_t>(e)];
    };
    searcher.clear();
    for (int stage = 0; stage < kNumStages; ++stage) {
      const int lo = std::max(stage_min_empties(stage), options.search_min);
      const int hi = std::min(stage_max_empties(stage), options.search_max);
      if (lo > hi) continue;
      const Position* p = pick(lo, hi);
      if (!p) continue;
      SearchOptions opt;
      opt.depth = options.search_depth;
      opt.evaluator = &eval;
      const SearchResult r = searcher.search(*p, opt);
      add({p->player, p->opponent, static_cast<float>(r.score), id, Label::Search});
    }
    if (const Position* p = pick(options.solve_min, options.solve_max)) {
      solver.clear();
      const SolveResult r = solver.solve(*p);
      add({p->player, p->opponent, static_cast<float>(r.score), id, Label::Exact});
    }
    const int t = options.theoretical_empties;
    if (t > 0 && t <= 60 && have[static_cast<std::size_t>(t)]) {
      const Position& p = by_empties[static_cast<std::size_t>(t)];
      add({p.player, p.opponent, static_cast<float>(theoretical_score(wg, p)), id, Label::Exact});
    }
  }
  return out;
}

}  // namespace reversi::pattern
