// Midgame search: iterative deepening principal-variation search (negascout)
// with null windows, a transposition table, move ordering (TT move, shallow
// search, opponent mobility, potential mobility, corners and edge stability),
// aspiration windows and multi-ProbCut, Lazy SMP threads (with REVERSI_THREADS),
// and an automatic switch to the exact EndgameSolver when few squares are empty.
//
// Scores inside the search are in kEvalScale units per disc (evaluate.h);
// SearchResult::score is in discs.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "engine/endgame.h"
#include "engine/evaluate.h"
#include "engine/player.h"
#include "engine/search_stats.h"
#include "engine/search_tt.h"

namespace reversi {

// The interior nodes' move ordering (search_ordering.cpp): after the table's
// move, moves by a score in these weights (`reversi-cli bench --suite --compare`
// measures others: docs/benchmarks.md "The search, measured").
//
// Fitted (tools/fit-ordering.py, fewest nodes to depth 11 on positions 1-100 of
// the suite; the hand-chosen ones were 96, 96, 24, 300, 40 without the evaluation).
struct OrderingWeights {
  int mobility = 96;          // minus, per opponent reply after the move
  int corner_mobility = 154;  // minus, again per opponent reply on a corner
  int potential = 24;         // minus, per opponent potential move (empty square next to our disc)
  int corner = 74;            // plus, the move takes a corner
  int stable = 40;            // plus, per own edge-stable disc and corner after the move
  int eval = 16;              // minus, the child's evaluation x eval / 16, at depth >= eval_depth (0: off)
  int eval_depth = 5;
  int history = 0;           // plus, up to this much for the moves that cut most often (0: off)
};

// How multi-ProbCut reads the fitted model for depth pairs deeper than the fit (mpc_fit).
enum class MpcDeep : std::uint8_t { SameGap, SameRatio };

struct SearchOptions {
  int depth = 60;                 // maximum midgame depth (plies)
  int exact_empties = 0;          // solve exactly when empties <= this
  int wld_empties = 0;            // else solve win/loss/draw when empties <= this
  double time_ms = 0;             // per-move budget; 0 = none (then depth limits)
  // Under a time budget, start another iteration when this share of its predicted
  // time fits in what is left (TimeManager::can_start_iteration; 1: all of it).
  double next_iteration_share = 1.0;
  std::uint64_t nodes = 0;        // node budget (all threads); 0 = none
  const std::atomic<bool>* stop = nullptr;  // polled; set from another thread
  int threads = 1;                // Lazy SMP threads (1 without REVERSI_THREADS: the web build)
  const Evaluator* evaluator = nullptr;  // null: default_evaluator()

  // Techniques, switchable to measure what each one gains.
  bool tt_move = true;            // try the transposition table's move first
  // Measured (docs/benchmarks.md): with the pattern evaluation aspiration
  // saves 5% of the nodes alone; 1-2-ply searches for the ordering at depth
  // 12+ save nothing more than the child's evaluation (OrderingWeights::eval).
  bool shallow_ordering = false;  // order by 1-2-ply searches at depth 12+
  OrderingWeights ordering;       // the interior nodes' ordering score
  // Frontier nodes (depth 1) evaluate their replies killer first, then corners, the C and X
  // squares of empty corners last (false: in square order, as before issue 46's session 29).
  bool frontier_order = true;
  // Interior nodes search the table's move before ordering the others (false: all ordered
  // first, as before session 29; the same tree, the ordering's work at cut nodes saved).
  bool lazy_order = true;
  int etc_depth = 0;              // enhanced transposition cutoffs at null-window nodes of this depth on (0: off)
  bool aspiration = true;         // aspiration windows at the root
  bool mpc = true;                // multi-ProbCut forward pruning
  // A timed-out solve plays its last finished probable-outcome pass's move (true) or the
  // midgame search's (false, the default since session 32: on 240 positions of 23-26 empties
  // from real games at 500 ms a move, the passes' moves lost the game's outcome 18 times
  // against perfect play and the midgame search's 9; docs/evaluation.md, "Session 32: the
  // endgame's fallback").
  bool probable = false;
  double endcut_scale = 1.0;      // the solver's probable-outcome margins times this (SolveOptions::probcut_scale)
  // Under a time budget, where the solver will finish the move: the share of the budget the
  // midgame search that runs first (for the fallback move) may use; the solver has the rest.
  double solve_midgame_share = 0.6;
  // ProbCut cut threshold, in standard deviations: 1.0 with the fitted model (the
  // default since issue 46; 1.6 with the hand-made sigma before it, 9722b92)
  double mpc_t = 1.0;
  // The shallow search's depth (mpc_shallow_depth): 0: about depth / 2; 1:
  // 2 * (depth / 4) + depth % 2 (2 deeper at depths 5, 9, 13..); G >= 2: depth - G.
  int mpc_shallow = 0;
  int mpc_min_depth = 3;          // the shallowest depth tried (2: the node's evaluation predicts it)
  bool mpc_pv = false;            // try multi-ProbCut at PV nodes too (else null-window nodes only)
  // With the fitted model: skip a shallow search the node's own evaluation
  // says will not reach its bound by this many sigmas of the (shallow, 0) fit
  // (0: off). Never a wrong cut, only fewer tries.
  double mpc_guard = 1.0;
  // Depth pairs deeper than the fitted model's (mpc_fit, MpcDeep).
  MpcDeep mpc_deep = MpcDeep::SameRatio;
  // Which fitted model to use: "fit" (deep = a * shallow + b, by depth pair and
  // phase: search_mpc_data.cpp), or the older sigma-only models "handmade",
  // "pattern"; empty: "fit" (issue 46: 56% against 9722b92's hand-made model,
  // docs/benchmarks.md "Multi-ProbCut re-fitted"; 9722b92's search is
  // mpc_model "handmade" with mpc_t 1.6).
  std::string_view mpc_model;
  // The pattern evaluation from indices made incrementally along the line
  // (pattern.h: the same values, faster); false: each read from the board.
  bool incremental_eval = true;
  bool verbose = false;           // print one line per iteration to stderr
  // When set, the main thread adds its counters here (search_stats.h); null: none
  // counted, at no measurable cost.
  SearchStats* stats = nullptr;
};

struct MoveScore {
  Square move = NO_SQUARE;
  double score = 0;  // discs, for the side to move
  bool exact = false;
};

// Per-iteration record, for benchmarks and "nodes to depth" measurements.
struct IterationInfo {
  int depth = 0;
  int score = 0;  // kEvalScale units
  Square best = NO_SQUARE;
  std::uint64_t nodes = 0;  // cumulative
  double time_ms = 0;       // cumulative
};

class Searcher {
 public:
  explicit Searcher(std::size_t tt_megabytes = 16, std::size_t endgame_megabytes = 16);
  ~Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  // Always returns a legal move (PASS if there is none). Precondition: the game
  // is not over.
  SearchResult search(const Position& position, const SearchOptions& options);
  // Score every legal move (best first) for hints: the n best get an exact
  // window search at the depth the options allow. Precondition: not game over.
  std::vector<MoveScore> rank_moves(const Position& position, const SearchOptions& options,
                                    int n);

  void clear();  // forget the transposition tables
  const SearchTable& tt() const { return tt_; }
  const std::vector<IterationInfo>& iterations() const { return iterations_; }
  // Nodes of the main thread alone in the last search (Lazy SMP measurements:
  // with equally fast threads, time to depth is proportional to it).
  std::uint64_t main_thread_nodes() const { return main_nodes_; }

 private:
  // search_worker.h, search_root.cpp
  struct Shared;
  struct Worker;
  class LazySmp;
  SearchTable tt_;
  EndgameSolver solver_;
  std::vector<IterationInfo> iterations_;
  std::uint64_t main_nodes_ = 0;
};

// Multi-ProbCut statistics: deep ≈ shallow, with residual standard deviation
// sigma (kEvalScale units) depending on the depth and the number of empties.
// `model` names the evaluator the statistics were fitted with (each has its own
// error scale); unknown names get the hand-made model.
int mpc_shallow_depth(int depth, int rule = 0);
double mpc_sigma(int depth, int empties, std::string_view model = "handmade");

// The fitted model (`reversi-cli bench --mpc-fit`, committed as
// search_mpc_data.cpp): the deep search's value ≈ a * the shallow one's + b,
// residual standard deviation sigma (kEvalScale units), for a pair of depths
// and the empties' band of ten. Bands without enough positions take the nearest
// fitted one. Pairs deeper than the fit (MpcDeep; the search passes
// SearchOptions::mpc_deep, SameRatio since session 31):
//  - SameGap: the deepest fitted pair two plies less deep on both sides, again
//    until fitted; the shallow depth stops at 1 or 2, so far enough past the fit
//    the search's pairs (d, d/2) all read the widest gap's row (with the fit to
//    depth 11 of session 27, from depth 14 on: (10, 2) or (11, 1));
//  - SameRatio: the deepest fitted depth of the same parity, the shallow depth
//    scaled to it (with the fit to depth 14: (20, 10) reads (14, 6), (21, 9)
//    reads (13, 5)), 0 kept 0.
struct MpcFit {
  double a = 1, b = 0, sigma = 0;
  bool fitted = false;  // false: no row for this gap (a = 1, b = 0, sigma 0)
};
MpcFit mpc_fit(int depth, int shallow, int empties, MpcDeep deep);
int mpc_fit_deepest();  // the deepest deep depth of the fitted rows

}  // namespace reversi
