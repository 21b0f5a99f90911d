// The midgame search's insides, shared by its files (private to src/engine).
// Each technique lives in a file of its own (src/engine/README.md):
//
//   search_root.cpp      Searcher::search: the options it runs with, the root
//                        move list, iterative deepening with aspiration
//                        windows, the hand-off to the exact solver, the
//                        principal variation; Searcher::rank_moves;
//   search_lazy_smp.cpp  Lazy SMP: the helper threads beside the main one;
//   search_node.cpp      the alpha-beta (PVS/negascout) node: table probe,
//                        frontier nodes, null windows and re-searches;
//   search_ordering.cpp  move ordering at interior nodes;
//   search_mpc.cpp       multi-ProbCut: its error models and the cut (the fitted
//                        model's rows in search_mpc_data.cpp);
//   search_tt.cpp        the transposition table (search_tt.h).
//
// Scores are in kEvalScale units for the side to move (evaluate.h).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>
#if REVERSI_THREADS
#include <thread>
#endif

#include "engine/pattern.h"
#include "engine/search.h"
#include "engine/timeman.h"

namespace reversi {

namespace search {

using Clock = std::chrono::steady_clock;
inline constexpr int kInf = kEvalMax + 1;  // beyond every score (exact results reach ±kEvalMax)

inline int final_score_units(Bitboard P, Bitboard O) {
  return Position{P, O, Color::Black}.final_score() * kEvalScale;
}

}  // namespace search

// What the threads of one search share.
struct Searcher::Shared {
  SearchTable& tt;
  const SearchOptions& opt;
  const Evaluator& eval;
  TimeManager time;
  std::atomic<bool> done{false};  // the main thread finished: helpers stop
  // The fitted model unless asked otherwise (docs/benchmarks.md "Multi-ProbCut
  // re-fitted"); "handmade" and "pattern" are the sigma-only models before it.
  std::string_view mpc_model = opt.mpc_model.empty() ? std::string_view("fit") : opt.mpc_model;
  bool fit_model = mpc_model == "fit";  // multi-ProbCut's fitted model (search_mpc.cpp)
  // The pattern evaluator with its weights, evaluated from incremental indices
  // (pattern.h; the same values): null for any other evaluator, or when asked
  // to read every evaluation from the board (SearchOptions::incremental_eval).
  const PatternEvaluator* pattern_eval = [this] {
    const auto* p = opt.incremental_eval ? dynamic_cast<const PatternEvaluator*>(&eval) : nullptr;
    return p && p->loaded() ? p : nullptr;
  }();
};

// One search thread: its node count, its stop state and the search itself;
// each member function is defined in the file of its technique (see above).
// On a cache line of its own, so that threads counting nodes do not share one
// (the solver's Workers are aligned for the same reason: endgame_worker.h).
struct alignas(64) Searcher::Worker {
  Shared& sh;
  int id;
  std::uint64_t nodes = 0;
  std::uint64_t next_poll = 1024;
  // By the child's empties: 1 + the reply that last cut at a frontier node (0: none yet).
  int frontier_killer[64] = {};
  bool aborted = false;
  SearchStats* stats;  // the main thread's counters when asked for (search_stats.h), else null
  // History hints (OrderingWeights::history): per square, depth squared summed
  // over the cuts the move made, and the largest such sum.
  int history[64] = {};
  int history_max = 0;
  int mpc_nesting = 0;  // multi-ProbCut searches under way (counted with stats only)
  // With Shared::pattern_eval: the positions of the line being searched, by ply from
  // the root's children, with their pattern indices, each made from its
  // parent's (search_child). pvs checks that its entry holds its own position
  // (so callers that do not make it, the root and multi-ProbCut, cost one
  // reading from the board) and gives up on the indices past kLine plies.
  struct Indexed {
    Bitboard P = 0, O = 0;
    pattern::Indices ix;
  };
  static constexpr int kLine = 128;  // 60 moves and their passes fit
  std::unique_ptr<Indexed[]> line;
  int ply = 0;

  Worker(Shared& shared, int worker_id)
      : sh(shared), id(worker_id), stats(worker_id == 0 ? shared.opt.stats : nullptr),
        line(shared.pattern_eval ? std::make_unique<Indexed[]>(kLine) : nullptr) {}

  // The indices of (P, O) at this ply (made from the board if the entry holds
  // another position), or null without them.
  const pattern::Indices* indexed(Bitboard P, Bitboard O) {
    if (!line || ply >= kLine) return nullptr;
    Indexed& e = line[ply];
    if (e.P != P || e.O != O) {
      e.P = P;
      e.O = O;
      e.ix = pattern::indices(P, O);
    }
    return &e.ix;
  }
  // The position's evaluation: from its indices (ix, those of (P, O)) with the pattern
  // evaluation, else the evaluator's own from the board.
  int evaluate(const pattern::Indices* ix, Bitboard P, Bitboard O, int empties) const {
    return ix ? sh.pattern_eval->evaluate(*ix, empties) : sh.eval.evaluate(P, O);
  }
  // pvs of the child (cp, co) made by playing sq flipping `flips` (sq < 0: a
  // pass), one ply down, its indices made from ours (ix, null: none).
  int search_child(const pattern::Indices* ix, int sq, Bitboard flips, Bitboard cp, Bitboard co,
                   int alpha, int beta, int depth, bool pv) {
    if (ix && ply + 1 < kLine) {
      Indexed& c = line[ply + 1];
      c.P = cp;
      c.O = co;
      if (sq < 0) pattern::pass(*ix, c.ix);
      else pattern::play(*ix, sq, flips, c.ix);
    }
    ++ply;
    const int v = pvs(cp, co, alpha, beta, depth, pv);
    --ply;
    return v;
  }

  struct Move {
    int sq;
    Bitboard flips;
    int score;
  };
  struct RootMove {
    Square sq;
    Bitboard flips;
    int score;
  };
  // What the main thread reports from its iterations (helpers report nothing).
  struct Report {
    SearchResult& result;
    std::vector<IterationInfo>& iterations;
  };

  // search_node.cpp
  void poll();
  int pvs(Bitboard P, Bitboard O, int alpha, int beta, int depth, bool pv);
  void count(bool pv, int depth, Bound bound, int first_sq, int searched, int best_move,
             bool had_tt_move, SearchTable::Stored stored);
  // search_ordering.cpp
  void order(Move* list, int n, Bitboard P, Bitboard O, int depth, int tt_move);
  void note_cut(int sq, int depth);
  // search_mpc.cpp: true (and the bound to return in `cut`) when a shallow
  // search predicts that the node fails outside (alpha, beta).
  bool mpc_cut(Bitboard P, Bitboard O, int alpha, int beta, int depth, int empties, int& cut);
  // search_root.cpp
  std::vector<RootMove> root_moves(Bitboard P, Bitboard O, Bitboard legal);
  int root(Bitboard P, Bitboard O, std::vector<RootMove>& moves, int alpha, int beta, int depth,
           int& best_index);
  void iterate(Bitboard P, Bitboard O, std::vector<RootMove> moves, int empties, Report* report);
};

// Lazy SMP (search_lazy_smp.cpp): threads 1 .. opt.threads-1 run the same
// iterative deepening on the shared table and only fill it; the main thread's
// result is the search's. Started by the constructor, ended by join() after the
// main thread is done. Without REVERSI_THREADS it starts nothing.
class Searcher::LazySmp {
 public:
  LazySmp(Shared& shared, Bitboard P, Bitboard O, const std::vector<Worker::RootMove>& moves,
          int empties);
  ~LazySmp() { join(); }
  LazySmp(const LazySmp&) = delete;
  LazySmp& operator=(const LazySmp&) = delete;

  // Waits for the helpers (stopped by Shared::done); their nodes.
  std::uint64_t join();

 private:
#if REVERSI_THREADS
  std::vector<std::unique_ptr<Worker>> helpers_;
  std::vector<std::thread> threads_;
#endif
};

}  // namespace reversi
