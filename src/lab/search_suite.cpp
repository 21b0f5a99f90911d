#include "lab/search_suite.h"

#include <random>
#include <set>
#include <utility>

#include "core/notation.h"

namespace reversi {

std::vector<SuitePosition> make_search_suite(const GameDatabase& db, const SearchSuiteOptions& options) {
  std::vector<SuitePosition> suite;
  if (db.size() == 0 || options.count <= 0) return suite;
  std::mt19937_64 rng(options.seed);
  const int span = options.max_empties - options.min_empties + 1;
  std::set<std::pair<Bitboard, Bitboard>> seen;
  // Each draw may be dropped; a bound on draws keeps a database without such
  // positions from looping forever.
  for (long draws = 0; int(suite.size()) < options.count && draws < 1000L * options.count; ++draws) {
    const std::uint32_t number = std::uint32_t(rng() % db.size()) + 1;
    const int empties = options.min_empties + int(rng() % std::uint64_t(span));
    const auto game = db.game(number);
    if (!game) continue;
    const int ply = 60 - empties;
    if (int(game->moves.size()) < ply) continue;
    Position p = Position::initial();
    for (int k = 0; k < ply; ++k) {
      p = p.play(game->moves[k]);
      p = p.settled();
    }
    if (p.is_game_over() || p.empty_count() != empties) continue;
    if (!seen.insert({p.player, p.opponent}).second) continue;
    suite.push_back({p, number, ply});
  }
  return suite;
}

std::string search_suite_text(const std::vector<SuitePosition>& suite, const std::string& command) {
  std::string text = "% The midgame search's suite (src/lab/search_suite.h), made by\n% " + command + "\n";
  for (const SuitePosition& s : suite)
    text += to_board_string(s.position) + "; % game " + std::to_string(s.game) + " ply " +
            std::to_string(s.ply) + "\n";
  return text;
}

SuiteRun run_search_suite(const std::vector<Position>& positions, const std::vector<SuiteVariant>& variants,
                          bool count, const std::function<void(std::size_t)>& on_position) {
  SuiteRun run;
  run.searches.assign(variants.size(), std::vector<SuiteSearch>(positions.size()));
  run.stats.assign(variants.size(), SearchStats{});
  Searcher searcher(16, 16);
  for (std::size_t i = 0; i < positions.size(); ++i) {
    for (std::size_t k = 0; k < variants.size(); ++k) {
      const std::size_t v = i % 2 == 0 ? k : variants.size() - 1 - k;
      SearchOptions opt = variants[v].options;
      opt.threads = 1;
      opt.time_ms = 0;
      opt.stats = count ? &run.stats[v] : nullptr;
      searcher.clear();
      searcher.search(positions[i], opt);
      SuiteSearch& s = run.searches[v][i];
      for (const IterationInfo& it : searcher.iterations()) {
        s.nodes.push_back(it.nodes);
        s.ms.push_back(it.time_ms);
        s.move = it.best;
        s.score = it.score;
      }
    }
    if (on_position) on_position(i);
  }
  return run;
}

}  // namespace reversi
