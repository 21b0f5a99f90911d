// The exact solver's root (Edax's "root"): principal variation search at PV
// nodes, the aspiration window and the probable-outcome passes, and the public
// EndgameSolver (endgame.h).
//
//   PV nodes   pvs: the first move with the full window, the others with a
//              null window (endgame_nws.cpp) and a re-search when they fall
//              inside it;
//   root       from kSelectiveEmpties on, probable-outcome passes (selective
//              searches cut by a shallow evaluation search) before the exact
//              one, each centring the next one's aspiration window and leaving
//              best moves in the table; their bounds carry their level there,
//              so the exact pass never trusts them;
//   the line   on request, the proven principal variation (proven_line).
#include <algorithm>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/endgame_worker.h"
#include "engine/evaluate.h"

namespace reversi {

namespace endgame {

// Principal variation search at PV nodes (full window).
int Worker::pvs(Bitboard P, Bitboard O, int alpha, int beta, int n, int parity, int* best_out) {
  ++nodes;
  if (n == 0) return final_score(P, O);
  if ((++polls_ & 255) == 0) poll();
  if (aborted) return 0;
  const Bitboard moves = legal_moves(P, O);
  if (!moves) {
    if (!legal_moves(O, P)) return final_score(P, O);
    if (best_out) *best_out = PASS;
    return -pvs(O, P, -beta, -alpha, n, parity, nullptr);
  }
  SolverEntry hit;
  int tt_move = SolverTable::kNoMove;
  if (n >= kTTMinEmpties && sh_.tt.probe(P, O, hit)) tt_move = hit.move;
  Move list[kMaxMoves];
  const int count = order_moves(P, O, moves, n, parity, tt_move, alpha, list);
  const int alpha0 = alpha;
  int best = -kInf, best_move = SolverTable::kNoMove;
  for (int i = 0; i < count; ++i) {
    pick(list, i, count);
    const Move& mv = list[i];
    const Bitboard nP = O & ~mv.f, nO = P | mv.f | bit(mv.sq);
    const int np = parity ^ (1 << quadrant(mv.sq));
    int v;
    if (i == 0) {
      v = -pvs(nP, nO, -beta, -alpha, n - 1, np, nullptr);
    } else {
      v = -nws(nP, nO, -(alpha + 1), n - 1, np);
      if (!aborted && v > alpha && v < beta) v = -pvs(nP, nO, -beta, -v, n - 1, np, nullptr);
    }
    if (aborted) return 0;
    if (v > best) {
      best = v;
      best_move = mv.sq;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) break;
      }
    }
  }
  if (n >= kTTMinEmpties) {
    const int lower = best > alpha0 ? best : -64;
    const int upper = best < beta ? best : 64;
    sh_.tt.store(P, O, lower, upper, best_move, n, sh_.level);
  }
  if (best_out) *best_out = best_move;
  return best;
}

// A line from (P, O) along which the mover's score stays in [lo, hi] (proven by the
// solve that just ended): SolveResult::pv. A mover with a lower bound plays a move
// whose child is proven at most -lo by a null-window search (the table's move
// tried first, where the exact pass left the best one), and the child's score
// then lies in [-hi, -lo]; a mover with none (lo = -64) plays the table's move. With
// `square_order` the table is not asked: the first square that keeps the bound. The
// searches run at the exact level, mostly on table hits along the proven line.
std::vector<Square> Worker::proven_line(Bitboard P, Bitboard O, int lo, int hi, bool square_order) {
  std::vector<Square> line;
  for (;;) {
    const Bitboard moves = legal_moves(P, O);
    if (!moves) {
      if (!legal_moves(O, P)) break;  // the end of the game
      std::swap(P, O);                // a pass: implicit in the line
      std::tie(lo, hi) = std::pair(-hi, -lo);
      continue;
    }
    int order[kMaxMoves], count = 0;
    SolverEntry hit;
    if (!square_order && sh_.tt.probe(P, O, hit) && hit.move < 64 && (moves & bit(hit.move))) order[count++] = hit.move;
    for (Bitboard m = moves; m; m &= m - 1)
      if (count == 0 || lowest_square(m) != order[0]) order[count++] = lowest_square(m);
    int chosen = -1;
    Bitboard nP = 0, nO = 0;
    for (int i = 0; i < count && chosen < 0; ++i) {
      const Bitboard f = flips(order[i], P, O);
      nP = O & ~f;
      nO = P | f | bit(order[i]);
      if (lo > -64) {
        const int empties = popcount(~(nP | nO));
        const int v = !legal_moves(nP, nO) && !legal_moves(nO, nP)
                          ? final_score(nP, nO)
                          : nws(nP, nO, -lo, empties, parity_of(~(nP | nO)));
        if (aborted) return line;
        if (v > -lo) continue;  // not proven to keep the bound
      }
      chosen = order[i];
    }
    if (chosen < 0) break;  // none proven (the bounds were not sound): stop here
    line.push_back(Square(chosen));
    P = nP;
    O = nO;
    std::tie(lo, hi) = std::pair(-hi, -lo);  // the child's score, for its mover
  }
  return line;
}

}  // namespace endgame

using endgame::kExactLevel;
using endgame::SolverTable;

struct EndgameSolver::Impl {
  endgame::Shared shared;
  explicit Impl(std::size_t mb) : shared(std::max<std::size_t>(mb, 1)) {
    shared.evaluator = &default_evaluator();
  }
};

EndgameSolver::EndgameSolver(std::size_t hash_megabytes)
    : impl_(std::make_unique<Impl>(hash_megabytes)) {}
EndgameSolver::~EndgameSolver() = default;
void EndgameSolver::clear() { impl_->shared.tt.clear(); }

void EndgameSolver::set_threads(int threads) {
  impl_->shared.threads = REVERSI_THREADS ? std::clamp(threads, 1, 2) : 1;
}
int EndgameSolver::threads() const { return impl_->shared.threads; }
void EndgameSolver::set_evaluator(const Evaluator* evaluator) { impl_->shared.evaluator = evaluator; }
void EndgameSolver::set_tuning(const SolverTuning& tuning) { impl_->shared.tuning = tuning; }

SolveResult EndgameSolver::solve(const Position& position, const SolveOptions& options) {
  endgame::Shared& sh = impl_->shared;
  sh.options = &options;
  sh.stop.store(false);
  const Bitboard P = position.player, O = position.opponent;
  const int n = popcount(~(P | O));
  const int parity = endgame::parity_of(~(P | O));
  const int alpha = std::clamp(options.alpha, -65, 64), beta = std::clamp(options.beta, -64, 65);

  endgame::Worker main(sh, 0);
  SolveResult result;
  int best_move = SolverTable::kNoMove;
  endgame::HelperThread helper(sh, n);
  // Aspiration: from far enough from the end, search a narrow window around a
  // guess first; a failure re-searches only the side the score lies on (from
  // the bound found), reusing the hash table. The guess comes from the
  // evaluation, then from each pass.
  //
  // Probable-outcome passes: far from the end, selective searches (see
  // Worker::probable_cut) with fewer and fewer cuts come before the exact one.
  // They cost a fraction of it and leave in the table, at nearly every node the
  // exact search visits, the best move and a score to centre its window on.
  const bool aspiration = sh.tuning.aspiration && sh.evaluator &&
                          n >= endgame::kAspirationEmpties && beta - alpha > 6 &&
                          position.has_legal_move();
  int guess = 0;
  if (aspiration) {
    const int depth = n >= 22 ? 4 : 3;
    guess = main.eval_search(P, O, -kEvalMax, kEvalMax, depth) / kEvalScale;
  }
  std::vector<int> levels;
  if (sh.tuning.selective && sh.evaluator && n >= endgame::kSelectiveEmpties &&
      position.has_legal_move())
    levels.assign(std::begin(endgame::kSelectivePasses), std::end(endgame::kSelectivePasses));
  if (!options.probable_only || levels.empty()) levels.push_back(kExactLevel);
  for (const int level : levels) {
    sh.level = level;
    int lo = alpha, hi = beta;
    if (aspiration) {
      const int g = std::clamp(guess & ~1, -62, 62);  // scores of full boards are even
      lo = std::max(alpha, g - 3);
      hi = std::min(beta, g + 3);
    }
    for (int searches = 1;; ++searches) {
      result.score = main.pvs(P, O, lo, hi, n, parity, &best_move);
      if (main.aborted) break;
      // A selective pass is not consistent from one window to the next (its cuts depend on
      // the window), so fail-low and fail-high re-searches could follow each other without
      // end: a position of 20 empties ran for 21 minutes so (issue 34's self-play; issue
      // 33's puzzle builder stopped the same way). After two re-searches the full window,
      // which always ends.
      if (searches >= 3 && (lo > alpha || hi < beta) && (result.score <= lo || result.score >= hi)) {
        lo = alpha;
        hi = beta;
        continue;
      }
      if (result.score <= lo && lo > alpha) {
        hi = result.score + 1;  // the score is at most result.score
        lo = alpha;
      } else if (result.score >= hi && hi < beta) {
        lo = result.score - 1;
        hi = beta;
      } else {
        break;
      }
    }
    if (main.aborted) break;
    guess = result.score;
    // A finished selective pass whose score beat alpha has a sound best move
    // (it proved a probable score > alpha for it): what the caller can play
    // if the exact pass runs out of time.
    if (level != kExactLevel && result.score > alpha && best_move != SolverTable::kNoMove) {
      result.probable_best = Square(best_move);
      result.probable_score = result.score;
      result.probable_t = endgame::kProbcutT[level];
    }
  }
  sh.level = kExactLevel;
  const bool aborted = main.aborted;
  if (options.pv && !aborted && levels.back() == kExactLevel) {
    // The proven bounds: the score is exact strictly inside the window, a bound at its ends.
    const int lo = result.score > alpha ? result.score : -64;
    const int hi = result.score < beta ? result.score : 64;
    result.pv = main.proven_line(P, O, lo, hi, options.pv_square_order);
  }
  sh.stop.store(true);
  result.nodes = main.nodes + helper.join();
  result.complete = !aborted && levels.back() == kExactLevel;
  result.best = !position.has_legal_move()       ? PASS
                : best_move == SolverTable::kNoMove ? NO_SQUARE
                                                    : Square(best_move);
  if (!result.complete) result.score = 0;
  return result;
}

int EndgameSolver::shallow_score(const Position& position, int depth) {
  endgame::Worker w(impl_->shared, 0);
  return w.eval_search(position.player, position.opponent, -kEvalMax - 64 * kEvalScale,
                       kEvalMax + 64 * kEvalScale, depth);
}

SolveResult solve_wld(EndgameSolver& solver, const Position& position,
                      const std::atomic<bool>* stop) {
  SolveOptions o;
  o.alpha = -1;
  o.beta = 1;
  o.stop = stop;
  SolveResult r = solver.solve(position, o);
  r.score = (r.score > 0) - (r.score < 0);
  return r;
}

}  // namespace reversi
