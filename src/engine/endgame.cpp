// Placeholder exact solver (plain alpha-beta, mobility ordering); the fast solver replaces it.
#include "engine/endgame.h"

#include <algorithm>

namespace reversi {

struct EndgameSolver::Impl {
  std::uint64_t nodes = 0;
  const SolveOptions* options = nullptr;
  bool aborted = false;

  int search(Bitboard P, Bitboard O, int alpha, int beta, bool passed) {
    ++nodes;
    if ((nodes & 4095) == 0 && options) {
      if ((options->stop && options->stop->load(std::memory_order_relaxed)) ||
          std::chrono::steady_clock::now() > options->deadline)
        aborted = true;
    }
    if (aborted) return 0;
    const Bitboard moves = legal_moves(P, O);
    if (!moves) {
      if (passed) return Position{P, O, Color::Black}.final_score();
      return -search(O, P, -beta, -alpha, true);
    }
    int best = -65;
    for (Bitboard m = moves; m; m &= m - 1) {
      const int sq = lowest_square(m);
      const Bitboard f = flips(sq, P, O);
      const int v = -search(O & ~f, P | f | bit(sq), -beta, -alpha, false);
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) break;
        }
      }
    }
    return best;
  }
};

EndgameSolver::EndgameSolver(std::size_t) : impl_(std::make_unique<Impl>()) {}
EndgameSolver::~EndgameSolver() = default;
void EndgameSolver::clear() {}

SolveResult EndgameSolver::solve(const Position& position, const SolveOptions& options) {
  impl_->nodes = 0;
  impl_->aborted = false;
  impl_->options = &options;
  SolveResult result;
  const Bitboard moves = position.legal_moves();
  if (!moves) {
    result.best = PASS;
    result.score = -impl_->search(position.opponent, position.player, -options.beta,
                                  -options.alpha, true);
  } else {
    int alpha = options.alpha, best = -65;
    for (Bitboard m = moves; m; m &= m - 1) {
      const Square sq = Square(lowest_square(m));
      const Position next = position.play(sq);
      const int v = -impl_->search(next.player, next.opponent, -options.beta, -alpha, false);
      if (impl_->aborted) break;
      if (v > best) {
        best = v;
        result.best = sq;
        alpha = std::max(alpha, v);
        if (alpha >= options.beta) break;
      }
    }
    result.score = best;
  }
  result.nodes = impl_->nodes;
  result.complete = !impl_->aborted;
  return result;
}

}  // namespace reversi
