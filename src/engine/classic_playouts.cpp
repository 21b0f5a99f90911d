// 6. random-playouts: for every legal move, about 20 games played to the end
// with uniformly random moves by both sides; the move with the best total
// result (final disc difference, empties to the winner) wins. The generator is
// seeded, so a player made with the same seed and shown the same positions
// plays the same moves (a game can be replayed).
#include <memory>

#include "core/random.h"
#include "engine/classic_base.h"

namespace reversi {

namespace classic {
namespace {

constexpr int kPlayoutsPerMove = 20;

class RandomPlayouts final : public ClassicPlayer {
 public:
  explicit RandomPlayouts(std::uint64_t seed) : ClassicPlayer("random-playouts"), rng_(seed) {}
  void reseed(std::uint64_t seed) override { rng_.reseed(seed); }

  SearchResult pick(const Position& pos, Bitboard moves, const SearchLimits& limits,
                    Clock::time_point start) override {
    const auto deadline = deadline_of(start, limits.time_ms);
    SearchResult result;
    int best_total = -65 * kPlayoutsPerMove - 1;
    std::uint64_t nodes = 0;
    for (Bitboard m = moves; m; m &= m - 1) {
      const int sq = lowest_square(m);
      const Bitboard f = flips(sq, pos.player, pos.opponent);
      // The opponent moves next: its result is the negation of ours.
      const Bitboard P = pos.opponent & ~f, O = pos.player | f | bit(sq);
      int total = 0;
      for (int i = 0; i < kPlayoutsPerMove; ++i) total -= playout(P, O, nodes);
      if (total > best_total) {
        best_total = total;
        result.move = Square(sq);
      }
      // Out of time or stopped: keep the best of the moves tried so far (at least one).
      if (stop_requested(limits) || (limits.nodes && nodes >= limits.nodes) ||
          Clock::now() >= deadline)
        break;
    }
    result.has_score = true;
    result.score = double(best_total) / kPlayoutsPerMove;
    result.nodes = nodes;
    return result;
  }

 private:
  // One random game from (P to move, O); the final score for P.
  int playout(Bitboard P, Bitboard O, std::uint64_t& nodes) {
    bool flipped_sides = false;  // true when P/O currently hold the other side
    bool passed = false;
    while (true) {
      const Bitboard moves = legal_moves(P, O);
      if (!moves) {
        if (passed) break;  // neither side can move: game over
        passed = true;
      } else {
        passed = false;
        const int sq = rng_.pick_square(moves);
        const Bitboard f = flips(sq, P, O);
        P |= f | bit(sq);
        O &= ~f;
        ++nodes;
      }
      std::swap(P, O);
      flipped_sides = !flipped_sides;
    }
    const int score = Position{P, O, Color::Black}.final_score();
    return flipped_sides ? -score : score;
  }

  Random rng_;
};

}  // namespace
}  // namespace classic

std::unique_ptr<Player> make_random_playouts_player(std::uint64_t seed) {
  return std::make_unique<classic::RandomPlayouts>(seed);
}

}  // namespace reversi
