// Exact endgame solver: the final disc difference with perfect play by both
// sides (empties to the winner), for the side to move.
//
// Techniques (Edax is the model): hand-unrolled last 1-4 empties with quadrant
// parity ordering; null-window (PVS) search with a transposition table of fixed
// size, enhanced transposition cutoffs and stability cutoffs; fastest-first
// ordering (opponent mobility, potential mobility, corners) and, far from the
// end, ordering by a shallow search with the midgame evaluation; on the desktop
// a second thread helps (young brothers wait: siblings after the first move are
// shared at split points); without REVERSI_THREADS (the web build) the solver
// is single-threaded. src/engine/README.md maps the files of each technique.
// Far from the end, probable-outcome passes (selective searches that cut where
// a shallow evaluation search predicts the result with high probability) run
// before the exact search and order it; the result is exact all the same.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/position.h"

namespace reversi {

class Evaluator;

struct SolveOptions {
  // Search window. The exact score is returned when it lies strictly inside
  // (alpha, beta); otherwise a bound on the correct side (fail-soft).
  // Win/loss/draw only: alpha = -1, beta = 1.
  int alpha = -64;
  int beta = 64;
  const std::atomic<bool>* stop = nullptr;  // polled; a stopped solve is incomplete
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  // Node budget (all threads, by estimate as the midgame search's SearchOptions::nodes); 0 =
  // none. Checked at the stop poll (every 256 nodes of 8 empties or more): a solve may overrun
  // it by what those nodes' subtrees hold. Out of it, the solve is incomplete.
  std::uint64_t nodes = 0;
  // Stop after the probable-outcome passes (an incomplete result with the
  // probable_* fields set, when the position has passes): for tests and analysis.
  bool probable_only = false;
  // Also find SolveResult::pv once the score is proven (the analysis' best lines).
  bool pv = false;
  // The line's moves tried in square order only (not the table's move first): each is
  // the first square that keeps the proven score, so the line is a function of the
  // position and the score alone, whatever the table held (the review's lines).
  bool pv_square_order = false;
  // The probable-outcome cuts' margins (Worker::probable_cut) times this: wider (> 1) makes
  // the selective passes surer and slower. For a caller that plays their move when the exact
  // pass runs out of time (SearchOptions::endcut_scale).
  double probcut_scale = 1.0;
};

struct SolveResult {
  int score = 0;            // for the side to move
  Square best = NO_SQUARE;  // a best move (PASS if the side to move must pass)
  std::uint64_t nodes = 0;
  bool complete = true;     // false when stopped or out of time: score and best unreliable
  // When the exact search did not complete: the last probable-outcome pass
  // that did (see SolverTuning::selective), if its move is sound, i.e. the
  // pass's score did not fail low. probable_t is its cut threshold in standard
  // deviations (1.1 or 2.0: 86% or 98% of cuts right if the errors were
  // normal); 0 if none.
  Square probable_best = NO_SQUARE;
  int probable_score = 0;
  double probable_t = 0;
  // With SolveOptions::pv, a complete solve's principal variation: a line of legal
  // moves from the position to the end of the game (passes implicit, as in a
  // transcript) along which the proven score holds. Each move of a side whose
  // score is bounded from below (an exact score, a win, a draw) is proven by a
  // null-window search to keep that bound, the table's move tried first (none with
  // pv_square_order); a side only known to lose (a fail-low bound) plays the table's
  // move, or its first (with pv_square_order: its first).
  // An exact score is thus reached exactly when the line is played out. Cut short
  // (still legal) if the stop flag or the deadline comes during the walk.
  std::vector<Square> pv = {};
};

// Switches for measuring what each technique gains (all on by default).
struct SolverTuning {
  bool parity = true;             // quadrant-parity ordering near the end
  bool stability_cutoff = true;   // cut when stable discs bound the score
  bool etc = true;                // enhanced transposition cutoffs
  bool eval_ordering = true;      // shallow evaluation search for ordering far from the end
  bool fastest_first = true;      // mobility-based ordering (off: parity/square order only)
  bool aspiration = true;         // root: narrow window around an evaluation guess first
  bool selective = true;          // root: probable-outcome passes before the exact one
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

  // Threads used by solve() (clamped to 1..2; always 1 without REVERSI_THREADS).
  void set_threads(int threads);
  int threads() const;
  // Evaluation for move ordering far from the end (default: default_evaluator()).
  // nullptr orders by mobility only. The evaluator must outlive the solver.
  void set_evaluator(const Evaluator* evaluator);
  void set_tuning(const SolverTuning& tuning);

  // The solver's shallow evaluation search (the one behind its move ordering
  // and its probable-outcome cuts) to `depth` plies, in evaluator units
  // (kEvalScale per disc). For fitting the cuts' error model.
  int shallow_score(const Position& position, int depth);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Win/loss/draw: +1 if the side to move wins, 0 draw, -1 loss (window (-1, 1)).
// `complete` as in SolveResult.
SolveResult solve_wld(EndgameSolver& solver, const Position& position,
                      const std::atomic<bool>* stop = nullptr);

}  // namespace reversi
