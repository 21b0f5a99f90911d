#include "engine/search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "engine/timeman.h"

// Threads natively; the web build's AI runs in a single-threaded worker.
#if !defined(__EMSCRIPTEN__) && !defined(REVERSI_NO_THREADS)
#define REVERSI_SEARCH_THREADS 1
#include <thread>
#endif

namespace reversi {

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kInf = kEvalMax + 1;  // beyond every score (exact results reach ±kEvalMax)

int final_score_units(Bitboard P, Bitboard O) {
  return Position{P, O, Color::Black}.final_score() * kEvalScale;
}

}  // namespace

// ---- multi-ProbCut ---------------------------------------------------------
// The shallow depth keeps the parity of the deep one (evaluations after an odd
// and an even number of plies differ systematically).
int mpc_shallow_depth(int depth) {
  int d = depth / 2;
  if ((d & 1) != (depth & 1)) --d;
  return std::max(d, depth & 1 ? 1 : 2);
}

// Residual standard deviation of (deep - shallow) in kEvalScale units, fitted
// with `reversi-cli bench --mpc-fit 240 --depth 10 [--eval NAME]`
// (docs/benchmarks.md), as (base + slope * depth gap) * phase(empties).
//  - hand-made: about 200 + 45 * gap at 20-29 empties; least reliable near the
//    end (1.8 at 15 empties), 0.3 from 45 empties on;
//  - pattern: about 520 + 60 * gap at 20-29 empties (its scores spread wider),
//    flat up to 30 empties, 0.4 from 45 on.
double mpc_sigma(int depth, int empties, std::string_view model) {
  static constexpr double kHandmade[] = {1.8, 1.8, 1.0, 0.62, 0.3, 0.28, 0.28};  // e = 5, 15, .., 65
  static constexpr double kPattern[] = {1.05, 1.05, 1.0, 0.75, 0.38, 0.4, 0.4};
  const bool pattern = model == "pattern";
  const double* table = pattern ? kPattern : kHandmade;
  const double x = std::clamp((empties - 5) / 10.0, 0.0, 5.99);
  const int i = int(x);
  const double phase = table[i] + (table[i + 1] - table[i]) * (x - i);
  const int gap = depth - mpc_shallow_depth(depth);
  return (pattern ? 520.0 + 60.0 * gap : 200.0 + 45.0 * gap) * phase;
}

// ---- shared state and workers ---------------------------------------------
struct Searcher::Shared {
  TranspositionTable& tt;
  const SearchOptions& opt;
  const Evaluator& eval;
  TimeManager time;
  std::atomic<bool> done{false};  // the main thread finished: helpers stop
  // The hand-made model for every evaluator unless asked otherwise: with the
  // pattern evaluation it beat the pattern-fitted (wider) sigma at equal time
  // (63% of 60 games, docs/benchmarks.md).
  std::string_view mpc_model = opt.mpc_model.empty() ? std::string_view("handmade") : opt.mpc_model;
};

struct Searcher::Worker {
  Shared& sh;
  int id;
  std::uint64_t nodes = 0;
  std::uint64_t next_poll = 1024;
  bool aborted = false;

  Worker(Shared& shared, int worker_id) : sh(shared), id(worker_id) {}

  void poll() {
    if (sh.done.load(std::memory_order_relaxed) ||
        (sh.opt.stop && sh.opt.stop->load(std::memory_order_relaxed)) ||
        (sh.time.limited() && Clock::now() >= sh.time.hard_deadline()) ||
        (sh.opt.nodes && nodes * std::max(1, sh.opt.threads) >= sh.opt.nodes))
      aborted = true;
  }

  struct Move {
    int sq;
    Bitboard flips;
    int score;
  };

  // Orders moves best first: TT move, then (at higher depth) a shallow search
  // or the evaluation, then few replies for the opponent (corners counted
  // twice), little potential mobility for it, corners and edge-stable discs.
  void order(Move* list, int n, Bitboard P, Bitboard O, int depth, int tt_move) {
    // Measured (bench --techniques): shallow searches for ordering barely pay
    // with this evaluation, so they are used only at high depth.
    const int sort_depth = !sh.opt.shallow_ordering ? -1
                           : depth >= 16           ? 3
                           : depth >= 12           ? 2
                           : depth >= 5            ? 1
                                                   : -1;
    for (int i = 0; i < n; ++i) {
      Move& m = list[i];
      if (m.sq == tt_move) {
        m.score = 1 << 30;
        continue;
      }
      const Bitboard cp = O & ~m.flips, co = P | m.flips | bit(m.sq);
      const Bitboard replies = legal_moves(cp, co);
      int s = -(popcount(replies) + popcount(replies & kCorners)) * 96;
      s -= popcount(potential_moves(cp, co)) * 24;
      if (bit(m.sq) & kCorners) s += 300;
      s += (edge_stable_count(co, cp) + popcount(co & kCorners)) * 40;
      if (sort_depth == 0 || sort_depth == 1) {
        s -= sh.eval.evaluate(cp, co);
        ++nodes;
      } else if (sort_depth > 1) {
        s -= pvs(cp, co, -kInf, kInf, sort_depth - 1, false);
      }
      m.score = s;
    }
    // Insertion sort: few moves, and the same order on every standard library
    // (std::sort orders ties differently in libstdc++ and libc++), so node
    // counts match between the native and the WebAssembly builds.
    for (int i = 1; i < n; ++i) {
      const Move m = list[i];
      int j = i;
      for (; j > 0 && list[j - 1].score < m.score; --j) list[j] = list[j - 1];
      list[j] = m;
    }
  }

  int pvs(Bitboard P, Bitboard O, int alpha, int beta, int depth, bool pv) {
    if (++nodes >= next_poll) {  // nodes also grow elsewhere: compare, not mask
      next_poll = nodes + 1024;
      poll();
    }
    if (aborted) return 0;
    if (depth <= 0) return sh.eval.evaluate(P, O);

    const Bitboard moves = legal_moves(P, O);
    if (!moves) {
      if (!legal_moves(O, P)) return final_score_units(P, O);
      return -pvs(O, P, -beta, -alpha, depth, pv);  // a pass costs no depth
    }
    if (depth == 1) {  // frontier node: evaluate every reply directly
      int best = -kInf;
      for (Bitboard m = moves; m; m &= m - 1) {
        const int sq = lowest_square(m);
        const Bitboard f = flips(sq, P, O);
        ++nodes;
        const Bitboard cp = O & ~f, co = P | f | bit(sq);
        int v;
        if (!legal_moves(cp, co) && !legal_moves(co, cp)) v = -final_score_units(cp, co);
        else v = -sh.eval.evaluate(cp, co);
        if (v > best) {
          best = v;
          if (v >= beta) break;
        }
      }
      return best;
    }

    const std::uint64_t key = TranspositionTable::hash(P, O);
    TTHit hit;
    int tt_move = -1;
    if (sh.tt.probe(key, hit)) {
      if (sh.opt.tt_move && hit.move >= 0 && (moves >> hit.move & 1)) tt_move = hit.move;
      if (!pv && hit.depth >= depth) {
        if (hit.bound == Bound::Exact) return hit.score;
        if (hit.bound == Bound::Lower && hit.score >= beta) return hit.score;
        if (hit.bound == Bound::Upper && hit.score <= alpha) return hit.score;
      }
    }

    // Multi-ProbCut: a shallow search predicts the deep one; if it is beyond
    // the window by mpc_t standard deviations, cut without searching deeply.
    const int empties = popcount(~(P | O));
    if (sh.opt.mpc && !pv && depth >= 3 && depth < empties) {
      const int d2 = mpc_shallow_depth(depth);
      const int margin = int(sh.opt.mpc_t * mpc_sigma(depth, empties, sh.mpc_model));
      if (beta + margin < kEvalMax) {
        const int bound = beta + margin;
        if (pvs(P, O, bound - 1, bound, d2, false) >= bound) return beta;
      }
      if (alpha - margin > -kEvalMax) {
        const int bound = alpha - margin;
        if (pvs(P, O, bound, bound + 1, d2, false) <= bound) return alpha;
      }
      if (aborted) return 0;
    }

    Move list[kMaxMoves];
    int n = 0;
    for (Bitboard m = moves; m; m &= m - 1) {
      const int sq = lowest_square(m);
      list[n++] = {sq, flips(sq, P, O), 0};
    }
    if (n > 1) order(list, n, P, O, depth, tt_move);

    int best = -kInf, best_move = -1, a = alpha;
    for (int i = 0; i < n; ++i) {
      const Move& m = list[i];
      const Bitboard cp = O & ~m.flips, co = P | m.flips | bit(m.sq);
      int v;
      if (i == 0) {
        v = -pvs(cp, co, -beta, -a, depth - 1, pv);
      } else {
        v = -pvs(cp, co, -a - 1, -a, depth - 1, false);
        if (pv && v > a && v < beta) v = -pvs(cp, co, -beta, -a, depth - 1, true);
      }
      if (aborted) return 0;
      if (v > best) {
        best = v;
        best_move = m.sq;
        if (v > a) {
          a = v;
          if (a >= beta) break;
        }
      }
    }
    const Bound bound = best >= beta ? Bound::Lower : best > alpha ? Bound::Exact : Bound::Upper;
    sh.tt.store(key, best, depth, bound, best_move);
    return best;
  }

  struct RootMove {
    Square sq;
    Bitboard flips;
    int score;
  };

  // One root search at `depth` in (alpha, beta). Moves are searched in the
  // order given; `best` is updated only by completely searched moves, so an
  // aborted iteration still leaves a sound choice.
  int root(Bitboard P, Bitboard O, std::vector<RootMove>& moves, int alpha, int beta,
           int depth, int& best_index) {
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
};

// ---- Searcher ----------------------------------------------------------------
Searcher::Searcher(std::size_t tt_megabytes, std::size_t endgame_megabytes)
    : tt_(tt_megabytes), solver_(endgame_megabytes) {}
Searcher::~Searcher() = default;

void Searcher::clear() {
  tt_.clear();
  solver_.clear();
}

namespace {

std::vector<Square> principal_variation(const TranspositionTable& tt, Position pos, Square first) {
  std::vector<Square> pv{first};
  pos = pos.play(first);
  for (int i = 0; i < 30 && !pos.is_game_over(); ++i) {
    if (pos.must_pass()) {
      pos = pos.pass();
      continue;
    }
    TTHit hit;
    if (!tt.probe(TranspositionTable::hash(pos.player, pos.opponent), hit) || hit.move < 0 ||
        !pos.is_legal(Square(hit.move)))
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

  SearchOptions opt = options;
  if (!opt.evaluator) opt.evaluator = &default_evaluator();
#ifndef REVERSI_SEARCH_THREADS
  opt.threads = 1;
#endif
  opt.threads = std::clamp(opt.threads, 1, 64);
  const bool solve = empties <= std::max(opt.exact_empties, opt.wld_empties);
  const TimeManager overall(options.time_ms, start);
  if (solve) {
    // A midgame search first gives a fallback move if the solver runs out of
    // time (30% of the budget, or a shallow depth without one); the solver
    // then gets what is left.
    if (opt.time_ms > 0) opt.time_ms *= 0.3;
    else opt.depth = std::min(opt.depth, empties > 14 ? 6 : 4);
    opt.exact_empties = opt.wld_empties = 0;
  }

  Shared shared{tt_, opt, *opt.evaluator, TimeManager(opt.time_ms, start)};
  tt_.new_search();

  Worker main_worker(shared, 0);
#ifdef REVERSI_SEARCH_THREADS
  std::vector<std::unique_ptr<Worker>> helpers;
  std::vector<std::thread> threads;
#endif

  // Root moves in the order of a first cheap sort.
  std::vector<Worker::RootMove> moves;
  {
    Worker::Move list[kMaxMoves];
    int n = 0;
    for (Bitboard m = legal; m; m &= m - 1) {
      const int sq = lowest_square(m);
      list[n++] = {sq, flips(sq, P, O), 0};
    }
    TTHit hit;
    const int tt_move = tt_.probe(TranspositionTable::hash(P, O), hit) ? hit.move : -1;
    main_worker.order(list, n, P, O, 2, tt_move);
    for (int i = 0; i < n; ++i) moves.push_back({Square(list[i].sq), list[i].flips, -kInf});
  }

  // Iterative deepening; helper threads (Lazy SMP) run the same loop on the
  // shared table, half of them one ply deeper, and only fill the table.
  auto iterate = [&](Worker& w, std::vector<Worker::RootMove> root_moves, bool is_main) {
    const int max_depth = std::clamp(opt.depth, 1, 60);
    int score = 0;
    double last_ms = 0, previous_ms = 0;
    for (int depth = is_main ? 1 : 1 + (w.id & 1); depth <= max_depth; ++depth) {
      const double iter_start = shared.time.elapsed_ms();
      int best_index = -1;
      int v;
      if (opt.aspiration && depth >= 4 && std::abs(score) < kEvalMax - 4 * kEvalScale) {
        int delta = 2 * kEvalScale;
        int alpha = score - delta, beta = score + delta;
        for (;;) {
          v = w.root(P, O, root_moves, alpha, beta, depth, best_index);
          if (w.aborted) break;
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
        v = w.root(P, O, root_moves, -kInf, kInf, depth, best_index);
      }
      if (is_main && best_index >= 0 && (!w.aborted || best_index > 0 || depth == 1)) {
        // A completed move that beat the previous best is sound even mid-iteration.
        result.move = root_moves[best_index].sq;
        if (!w.aborted) {
          result.has_score = true;
          result.score = double(v) / kEvalScale;
          result.depth = depth;
          result.exact = depth >= empties;
        }
      }
      if (w.aborted) break;
      score = v;
      // Best move first next time, then the others by their (bound) scores.
      std::stable_sort(root_moves.begin(), root_moves.end(),
                       [](const auto& a, const auto& b) { return a.score > b.score; });
      if (best_index >= 0) {
        const Square best = result.move;
        auto it = std::find_if(root_moves.begin(), root_moves.end(),
                               [&](const auto& m) { return m.sq == best; });
        if (is_main && it != root_moves.end()) std::rotate(root_moves.begin(), it, it + 1);
      }
      const double now = shared.time.elapsed_ms();
      previous_ms = last_ms;
      last_ms = now - iter_start;
      if (is_main) {
        iterations_.push_back({depth, v, result.move, w.nodes, now});
        if (opt.verbose)
          std::fprintf(stderr, "depth %2d score %+7.2f best %s nodes %llu time %.1f ms\n", depth,
                       double(v) / kEvalScale, square_name(result.move).c_str(),
                       static_cast<unsigned long long>(w.nodes), now);
        if (depth >= empties) break;  // searched to the end: exact
        if (!shared.time.can_start_iteration(last_ms, previous_ms)) break;
      }
    }
  };

#ifdef REVERSI_SEARCH_THREADS
  for (int t = 1; t < opt.threads; ++t) {
    helpers.push_back(std::make_unique<Worker>(shared, t));
    threads.emplace_back([&, t] { iterate(*helpers[t - 1], moves, false); });
  }
#endif
  iterate(main_worker, moves, true);
  shared.done.store(true);
  result.nodes = main_worker.nodes;
  main_nodes_ = main_worker.nodes;
#ifdef REVERSI_SEARCH_THREADS
  for (auto& t : threads) t.join();
  for (auto& h : helpers) result.nodes += h->nodes;
#endif
  if (!iterations_.empty()) iterations_.back().nodes = result.nodes;

  const bool stopped = options.stop && options.stop->load(std::memory_order_relaxed);
  if (solve && !stopped && !result.exact) {
    SolveOptions so;
    const bool exact = empties <= options.exact_empties;
    if (!exact) {
      so.alpha = -1;
      so.beta = 1;
    }
    so.stop = options.stop;
    if (overall.limited()) so.deadline = overall.hard_deadline();
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
      // search that ran first with a third of the budget.
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
