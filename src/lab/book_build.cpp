#include "lab/book_build.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <unordered_map>

#include "engine/search.h"

namespace reversi {

Book build_book(std::span<const WthorGame> games, const BookBuildOptions& options) {
  auto log = [&](const std::string& line) {
    if (options.log) options.log(line);
  };
  const auto start = std::chrono::steady_clock::now();
  auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };

  struct KeyHash {
    std::size_t operator()(const BookKey& k) const {
      return std::size_t((k.player * 0x9E3779B97F4A7C15ULL) ^ (k.opponent * 0xC2B2AE3D27D4EB4FULL));
    }
  };
  std::unordered_map<BookKey, std::uint32_t, KeyHash> counts;
  for (const WthorGame& g : games) {
    // The positions after 0..plies moves, as the game's replay left them (forced
    // passes applied). A position cannot repeat within a game: each move adds a disc.
    Position p = Position::initial();
    for (std::size_t ply = 0;; ++ply) {
      if (p.is_game_over()) break;
      ++counts[canonical_form(p).key];
      if (ply == std::size_t(options.plies) || ply == g.moves.size()) break;
      p = p.play(g.moves[ply]);
      p = p.settled();
    }
  }
  std::vector<BookKey> keys;
  for (const auto& [key, n] : counts)
    if (n >= options.min_count) keys.push_back(key);
  std::sort(keys.begin(), keys.end());
  char line[200];
  std::snprintf(line, sizeof line, "%zu games: %zu distinct positions in the first %d plies, %zu reached %u times or more",
                games.size(), counts.size(), options.plies, keys.size(), options.min_count);
  log(line);

  Searcher searcher(16, 1);
  SearchOptions search;
  search.depth = options.depth - 1;  // from each move's position: the move itself is the first ply
  search.threads = 1;  // Lazy SMP's results depend on timing: one thread keeps the build deterministic
  std::vector<BookEntry> entries;
  entries.reserve(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    // Cleared for each position: its values do not depend on which positions came before.
    searcher.clear();
    const Position p{keys[i].player, keys[i].opponent, Color::Black};
    // Each move valued by the engine's own search of the position after it (as a
    // level would search it). Searcher::rank_moves values moves too, with full-window
    // searches under one main search: measured 3.5 times slower for these positions
    // (docs/evaluation.md, "Opening book").
    std::vector<BookMove> moves;
    for (Bitboard legal = p.legal_moves(); legal; legal &= legal - 1) {
      const Square s = Square(lowest_square(legal));
      const Position child = p.play(s);
      const double score = child.is_game_over() ? child.final_score() : searcher.search(child, search).score;
      // Scores are kEvalScale units divided by kEvalScale: exact in binary.
      moves.push_back({s, std::clamp(-int(std::lround(score * kEvalScale)), -kBookMaxValue, kBookMaxValue)});
    }
    std::stable_sort(moves.begin(), moves.end(), [](const BookMove& a, const BookMove& b) { return a.value > b.value; });
    BookEntry e{keys[i], {}};
    for (const BookMove& m : moves) {
      if (m.value < moves.front().value - options.keep || int(e.moves.size()) == kBookMaxMoves) break;
      e.moves.push_back(m);
    }
    entries.push_back(std::move(e));
    if ((i + 1) % 250 == 0 || i + 1 == keys.size()) {
      std::snprintf(line, sizeof line, "searched %zu/%zu positions at depth %d, %.0f s", i + 1, keys.size(),
                    options.depth, seconds());
      log(line);
    }
  }
  BookInfo info;
  info.depth = options.depth;
  info.plies = options.plies;
  info.min_count = options.min_count;
  info.games = std::uint32_t(games.size());
  return Book(info, std::move(entries));
}

}  // namespace reversi
