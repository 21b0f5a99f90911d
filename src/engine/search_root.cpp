// The midgame search's root: Searcher::search step by step (the options it
// runs with, the root move list, iterative deepening with aspiration windows
// on the main thread, with the Lazy SMP helpers of search_lazy_smp.cpp beside
// it, the hand-off to the exact solver near the end, the principal variation)
// and Searcher::rank_moves.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/search_worker.h"

namespace reversi {

using search::Clock;
using search::kInf;

// ---- one root search and iterative deepening ---------------------------------

// One root search at `depth` in (alpha, beta). Moves are searched in the
// order given; `best` is updated only by completely searched moves, so an
// aborted iteration still leaves a sound choice.
int Searcher::Worker::root(Bitboard P, Bitboard O, std::vector<RootMove>& moves, int alpha,
                           int beta, int depth, int& best_index) {
  int best = -kInf, a = alpha;
  best_index = -1;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    RootMove& m = moves[i];
    const Bitboard cp = O & ~m.flips, co = P | m.flips | bit(m.sq);
    ++nodes;
    int v;
    if (i == 0) {
      v = -pvs(cp, co, -beta, -a, depth - 1, true);
    } else {
      v = -pvs(cp, co, -a - 1, -a, depth - 1, false);
      if (!aborted && v > a && v < beta) v = -pvs(cp, co, -beta, -a, depth - 1, true);
    }
    if (aborted) break;
    m.score = v;
    if (v > best) {
      best = v;
      if (v > a) {
        best_index = int(i);  // only a move that beat the window is a sound choice
        a = v;
        if (a >= beta) break;
      }
    }
  }
  return best;
}

// Iterative deepening from depth 1 (helpers of odd id from depth 2: half the
// helpers a ply ahead fill the table where the main thread goes next). From
// depth 4 on, an aspiration window around the last score, widened on failure.
// The main thread reports each finished iteration and stops when the time
// manager says the next one would not finish; helpers run until told.
void Searcher::Worker::iterate(Bitboard P, Bitboard O, std::vector<RootMove> root_moves, int empties,
                               Report* report) {
  const SearchOptions& opt = sh.opt;
  const int max_depth = std::clamp(opt.depth, 1, 60);
  int score = 0;
  double last_ms = 0, previous_ms = 0;
  for (int depth = report ? 1 : 1 + (id & 1); depth <= max_depth; ++depth) {
    const double iter_start = sh.time.elapsed_ms();
    int best_index = -1;
    int v;
    if (opt.aspiration && depth >= 4 && std::abs(score) < kEvalMax - 4 * kEvalScale) {
      int delta = 2 * kEvalScale;
      int alpha = score - delta, beta = score + delta;
      for (;;) {
        v = root(P, O, root_moves, alpha, beta, depth, best_index);
        if (aborted) break;
        if (v <= alpha) {
          alpha = std::max(-kInf, alpha - delta * 2);
        } else if (v >= beta) {
          beta = std::min(kInf, beta + delta * 2);
        } else {
          break;
        }
        delta *= 2;
      }
    } else {
      v = root(P, O, root_moves, -kInf, kInf, depth, best_index);
    }
    if (report && best_index >= 0 && (!aborted || best_index > 0 || depth == 1)) {
      // A completed move that beat the previous best is sound even mid-iteration.
      SearchResult& result = report->result;
      result.move = root_moves[best_index].sq;
      if (!aborted) {
        result.has_score = true;
        result.score = double(v) / kEvalScale;
        result.depth = depth;
        result.exact = depth >= empties;
      }
    }
    if (aborted) break;
    score = v;
    // Best move first next time, then the others by their (bound) scores.
    std::stable_sort(root_moves.begin(), root_moves.end(),
                     [](const auto& a, const auto& b) { return a.score > b.score; });
    if (report && best_index >= 0) {
      const Square best = report->result.move;
      auto it = std::find_if(root_moves.begin(), root_moves.end(),
                             [&](const auto& m) { return m.sq == best; });
      if (it != root_moves.end()) std::rotate(root_moves.begin(), it, it + 1);
    }
    const double now = sh.time.elapsed_ms();
    previous_ms = last_ms;
    last_ms = now - iter_start;
    if (report) {
      report->iterations.push_back({depth, v, report->result.move, nodes, now});
      if (opt.verbose)
        std::fprintf(stderr, "depth %2d score %+7.2f best %s nodes %llu time %.1f ms\n", depth,
                     double(v) / kEvalScale, square_name(report->result.move).c_str(),
                     static_cast<unsigned long long>(nodes), now);
      if (depth >= empties) break;  // searched to the end: exact
      if (!sh.time.can_start_iteration(last_ms, previous_ms, opt.next_iteration_share)) break;
    }
  }
}

// Root moves in the order of a first cheap sort (the table's move first).
std::vector<Searcher::Worker::RootMove> Searcher::Worker::root_moves(Bitboard P, Bitboard O,
                                                                     Bitboard legal) {
  Move list[kMaxMoves];
  int n = 0;
  for (Bitboard m = legal; m; m &= m - 1) {
    const int sq = lowest_square(m);
    list[n++] = {sq, flips(sq, P, O), 0};
  }
  SearchHit hit;
  const int tt_move = sh.tt.probe(SearchTable::hash(P, O), hit) ? hit.move : SearchTable::kNoMove;
  order(list, n, P, O, 2, tt_move);
  std::vector<RootMove> moves;
  for (int i = 0; i < n; ++i) moves.push_back({Square(list[i].sq), list[i].flips, -kInf});
  return moves;
}

// ---- Searcher ----------------------------------------------------------------
Searcher::Searcher(std::size_t tt_megabytes, std::size_t endgame_megabytes)
    : tt_(tt_megabytes), solver_(endgame_megabytes) {}
Searcher::~Searcher() = default;

void Searcher::clear() {
  tt_.clear();
  solver_.clear();
}

namespace {

// The options a search runs with: the default evaluator, threads clamped (one
// without REVERSI_THREADS), and when the exact solver will finish the move
// (`solve`), a midgame search first within a share of the budget
// (SearchOptions::solve_midgame_share, 60% by default; to a shallow depth without
// one) for a fallback move if the solver runs out of time.
SearchOptions effective_options(const SearchOptions& options, int empties, bool solve) {
  SearchOptions opt = options;
  if (!opt.evaluator) opt.evaluator = &default_evaluator();
  opt.threads = REVERSI_THREADS ? std::clamp(opt.threads, 1, 64) : 1;
  if (solve) {
    if (opt.time_ms > 0) opt.time_ms *= opt.solve_midgame_share;
    else opt.depth = std::min(opt.depth, empties > 14 ? 6 : 4);
    opt.exact_empties = opt.wld_empties = 0;
  }
  return opt;
}

// The best moves after `first` as the table holds them (at most 30 plies).
std::vector<Square> principal_variation(const SearchTable& tt, Position pos, Square first) {
  std::vector<Square> pv{first};
  pos = pos.play(first);
  for (int i = 0; i < 30 && !pos.is_game_over(); ++i) {
    if (pos.must_pass()) {
      pos = pos.pass();
      continue;
    }
    SearchHit hit;
    if (!tt.probe(SearchTable::hash(pos.player, pos.opponent), hit) ||
        hit.move == SearchTable::kNoMove || !pos.is_legal(Square(hit.move)))
      break;
    pv.push_back(Square(hit.move));
    pos = pos.play(Square(hit.move));
  }
  return pv;
}

}  // namespace

SearchResult Searcher::search(const Position& position, const SearchOptions& options) {
  const auto start = Clock::now();
  SearchResult result;
  iterations_.clear();
  const Bitboard P = position.player, O = position.opponent;
  const Bitboard legal = legal_moves(P, O);
  if (!legal) {
    result.move = PASS;
    return result;
  }
  // A legal move from the start, whatever happens next.
  result.move = Square(lowest_square(legal));
  const int empties = position.empty_count();
  const bool solve = empties <= std::max(options.exact_empties, options.wld_empties);
  const SearchOptions opt = effective_options(options, empties, solve);
  const TimeManager overall(options.time_ms, start);

  // The midgame search.
  Shared shared{tt_, opt, *opt.evaluator, TimeManager(opt.time_ms, start)};
  tt_.new_search();
  Worker main_worker(shared, 0);
  const std::vector<Worker::RootMove> moves = main_worker.root_moves(P, O, legal);
  {
    LazySmp helpers(shared, P, O, moves, empties);
    Worker::Report report{result, iterations_};
    main_worker.iterate(P, O, moves, empties, &report);
    shared.done.store(true);
    main_nodes_ = main_worker.nodes;
    result.nodes = main_worker.nodes + helpers.join();
  }
  if (!iterations_.empty()) iterations_.back().nodes = result.nodes;

  // The exact (or win/loss/draw) solver near the end, with what time is left.
  const bool stopped = options.stop && options.stop->load(std::memory_order_relaxed);
  if (solve && !stopped && !result.exact) {
    SolveOptions so;
    const bool exact = empties <= options.exact_empties;
    if (!exact) {
      so.alpha = -1;
      so.beta = 1;
    }
    so.stop = options.stop;
    so.probcut_scale = options.endcut_scale;
    if (overall.limited()) so.deadline = overall.hard_deadline();
    // The search's threads solve too (the solver takes at most 2: its split points).
    solver_.set_threads(opt.threads);
    const SolveResult sr = solver_.solve(position, so);
    result.nodes += sr.nodes;
    if (sr.complete && sr.best != NO_SQUARE && sr.best != PASS && position.is_legal(sr.best)) {
      result.move = sr.best;
      result.has_score = true;
      result.score = sr.score;
      result.exact = exact;
      result.depth = empties;
      result.pv = {sr.best};
    } else if (!sr.complete && options.probable && sr.probable_best != NO_SQUARE &&
               position.is_legal(sr.probable_best)) {
      // Out of time in the exact pass: a finished probable-outcome pass is a
      // selective search to the end of the game, deeper than the midgame
      // search that ran first with a share of the budget.
      result.move = sr.probable_best;
      result.has_score = true;
      result.score = exact ? sr.probable_score : (sr.probable_score > 0) - (sr.probable_score < 0);
      result.exact = false;
      result.probable_t = sr.probable_t;  // depth stays the midgame search's
      result.pv = {sr.probable_best};
    }
  }
  if (result.pv.empty() || result.pv.front() != result.move)
    result.pv = principal_variation(tt_, position, result.move);
  result.time_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return result;
}

std::vector<MoveScore> Searcher::rank_moves(const Position& position, const SearchOptions& options,
                                            int n) {
  std::vector<MoveScore> ranked;
  const Bitboard legal = position.legal_moves();
  if (!legal) return {{PASS, 0, false}};
  // The main search fills the table and tells the depth reachable in the budget.
  const SearchResult main = search(position, options);
  const int empties = position.empty_count();
  const bool exact = main.exact && main.depth >= empties;
  SearchOptions opt = options;
  if (!opt.evaluator) opt.evaluator = &default_evaluator();
  opt.threads = 1;
  opt.time_ms = 0;  // the ranking searches below are bounded by depth
  Shared shared{tt_, opt, *opt.evaluator, TimeManager(0)};
  Worker w(shared, 0);
  const int depth = std::max(1, main.depth);
  for (Bitboard m = legal; m; m &= m - 1) {
    const Square sq = Square(lowest_square(m));
    const Position child = position.play(sq);
    MoveScore ms{sq, 0, false};
    if (exact || main.depth >= empties) {
      if (child.is_game_over()) {
        ms.score = -child.final_score();
      } else {
        SolveOptions so;
        so.stop = options.stop;
        ms.score = -solver_.solve(child, so).score;
      }
      ms.exact = true;
    } else {
      ms.score = -double(w.pvs(child.player, child.opponent, -kInf, kInf, depth - 1, true)) /
                 kEvalScale;
    }
    ranked.push_back(ms);
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const MoveScore& a, const MoveScore& b) { return a.score > b.score; });
  if (n > 0 && int(ranked.size()) > n) ranked.resize(n);
  return ranked;
}

}  // namespace reversi
