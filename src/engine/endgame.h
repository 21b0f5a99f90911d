// Exact endgame solver: the final disc difference with perfect play by both
// sides (empties to the winner), for the side to move.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>

#include "core/position.h"

namespace reversi {

struct SolveOptions {
  // Search window. The exact score is returned when it lies strictly inside
  // (alpha, beta); otherwise a bound on the correct side (fail-soft).
  // Win/loss/draw only: alpha = -1, beta = 1.
  int alpha = -64;
  int beta = 64;
  const std::atomic<bool>* stop = nullptr;  // polled; a stopped solve is incomplete
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

struct SolveResult {
  int score = 0;            // for the side to move
  Square best = NO_SQUARE;  // a best move (PASS if the side to move must pass)
  std::uint64_t nodes = 0;
  bool complete = true;     // false when stopped or out of time: score and best unreliable
};

class EndgameSolver {
 public:
  explicit EndgameSolver(std::size_t hash_megabytes = 16);
  ~EndgameSolver();
  EndgameSolver(const EndgameSolver&) = delete;
  EndgameSolver& operator=(const EndgameSolver&) = delete;

  // Precondition: the game is not over.
  SolveResult solve(const Position& position, const SolveOptions& options = {});
  void clear();  // forget the transposition table

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace reversi
