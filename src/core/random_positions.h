// Deterministic random positions for tests and benchmarks, in one place:
// positions reached by random legal moves from the start (to a number of
// empties, or after a number of plies, or every position of random games), and
// arbitrary boards (any mix of black, white and empty squares, reachable or not).
//
// The same seed gives the same positions on every platform, natively and in
// WebAssembly: std::mt19937_64 is specified exactly by the standard and every
// choice is `next() % n` (not <random>'s distributions, whose results differ
// between standard libraries; core/random.h has the other generators and says
// why this stream stays). `reversi-cli bench`'s midgame set is
// random_positions(seed, count, 24, 44): changing how a position is drawn
// changes the benchmark.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "core/position.h"

namespace reversi {

class RandomPositions {
 public:
  explicit RandomPositions(std::uint64_t seed) : rng_(seed) {}

  // Uniformly random legal moves from the start until `empties` squares are
  // empty, then a forced pass played: a position whose side to move has a
  // legal move. The number of empties is drawn from [min_empties, max_empties]
  // (0 <= min <= max <= 60) for each try; a game that ends before is dropped
  // and another tried.
  Position with_empties(int min_empties, int max_empties);
  Position with_empties(int empties) { return with_empties(empties, empties); }

  // `plies` random plies from the start (a forced pass counts as one), fewer
  // if the game ends first: the game may be over, the side to move may have
  // to pass.
  Position after_plies(int plies);

  // Every position of one random game in order, from the start to the
  // finished position; a position whose side to move must pass is kept (the
  // next one is after the pass).
  std::vector<Position> game();

  // An arbitrary board, reachable or not: the number of empty squares uniform
  // in 0..64, which squares are empty at random, every other square black or
  // white at random, either side to move (so full boards, wiped-out colours,
  // games over and boards with no legal move all occur).
  Position arbitrary_board();

  // A uniformly random legal move (precondition: the position has one).
  Square random_move(const Position& position);

  std::uint64_t next() { return rng_(); }
  // In [0, n) for n > 0 (next() % n).
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }

 private:
  std::mt19937_64 rng_;
};

// `count` positions of RandomPositions(seed).with_empties(min_empties, max_empties).
std::vector<Position> random_positions(std::uint64_t seed, int count, int min_empties,
                                       int max_empties);

// `count` positions of RandomPositions(seed).after_plies(P), P drawn from
// [min_plies, max_plies] each time; finished games are left out.
std::vector<Position> random_positions_after_plies(std::uint64_t seed, int count, int min_plies,
                                                   int max_plies);

// The first `count` positions of random games played one after another
// (RandomPositions::game): near the end of games and forced passes included;
// finished positions only when `finished` is true.
std::vector<Position> random_game_positions(std::uint64_t seed, int count, bool finished);

// `count` boards of RandomPositions(seed).arbitrary_board().
std::vector<Position> random_boards(std::uint64_t seed, int count);

}  // namespace reversi
