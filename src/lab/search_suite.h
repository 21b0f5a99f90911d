// The midgame search's suite (issue 46): positions of real games from the
// expert database at 24-44 empties, drawn by a seed, kept in the repository as
// an OBF file of bare boards (data/search-suite.obf, `reversi-cli bench
// --make-suite`), and the runs that measure the search on it: time and nodes to
// each depth, one thread, a cleared table for every position, with the
// search's counters (engine/search_stats.h); several variants of the search
// interleaved position by position, so that a noisy machine slows them alike.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/game_database.h"
#include "engine/search.h"

namespace reversi {

struct SearchSuiteOptions {
  std::uint64_t seed = 46;
  int count = 300;
  int min_empties = 24;
  int max_empties = 44;
};

struct SuitePosition {
  Position position;
  std::uint32_t game = 0;  // its game in the database (1-based)
  int ply = 0;             // moves played from the start (passes not counted)
};

// `count` positions: for each, a game drawn at random and a number of empties
// drawn in [min_empties, max_empties]; the position of that game with that many
// empties (after a forced pass, the side that can move is to move). A game that
// never has that many empties with a move to play, or a position already
// drawn, is dropped and another drawn. The same seed and database give the
// same positions on every platform (std::mt19937_64, `next() % n`).
std::vector<SuitePosition> make_search_suite(const GameDatabase& db, const SearchSuiteOptions& options);

// The suite as OBF text: a comment line naming the command, then one bare board a
// line ("<64 squares> <side>;") with "% game G ply K" after it.
std::string search_suite_text(const std::vector<SuitePosition>& suite, const std::string& command);

// One search of the suite: per iteration (depth 1..), nodes and milliseconds to it.
struct SuiteSearch {
  std::vector<std::uint64_t> nodes;  // nodes[d - 1]: cumulative nodes to depth d
  std::vector<double> ms;            // ms[d - 1]: cumulative time to depth d
  Square move = NO_SQUARE;           // the search's move and score (kEvalScale units) at its last depth
  int score = 0;
};

struct SuiteVariant {
  std::string name;
  SearchOptions options;  // depth, evaluator, techniques; threads forced to 1, stats set by the run
};

struct SuiteRun {
  // searches[v][i]: variant v on position i.
  std::vector<std::vector<SuiteSearch>> searches;
  std::vector<SearchStats> stats;  // per variant, summed over the positions
};

// Every variant on every position, interleaved: position i runs the variants in
// order when i is even and in reverse when odd. One thread, a cleared table
// (16 MB) for each search; with `count`, the search's counters in `stats`
// (without, the searches run as the game's do). `on_position(i)` after each
// position, when given.
SuiteRun run_search_suite(const std::vector<Position>& positions, const std::vector<SuiteVariant>& variants,
                          bool count = true, const std::function<void(std::size_t)>& on_position = {});

}  // namespace reversi
