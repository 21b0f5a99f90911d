// The five simple classic players (one-move rules, no search) and the list of
// all seven. random-playouts and weighted live in their own files.
#include "engine/classic.h"

#include "engine/classic_base.h"

namespace reversi {

// Defined in classic_playouts.cpp and classic_weighted.cpp.
std::unique_ptr<Player> make_random_playouts_player(std::uint64_t seed);
std::unique_ptr<Player> make_weighted_player();

bool gives_corner_away(int square, Bitboard P, Bitboard O) {
  const Bitboard f = flips(square, P, O);
  // After the move the opponent (O & ~f) moves against P | f | square.
  return (legal_moves(O & ~f, P | f | bit(square)) & kCorners) != 0;
}

namespace classic {
namespace {

// 1. The first legal move in reading order a1, b1, .., h1, a2, .., h8.
class FirstLegal final : public ClassicPlayer {
 public:
  FirstLegal() : ClassicPlayer("first-legal") {}
  SearchResult pick(const Position&, Bitboard moves, const SearchLimits&, Clock::time_point) override {
    return just(lowest_square(moves), 1);
  }
};

// 2. A corner if there is one, else the first legal move.
class CornerFirst final : public ClassicPlayer {
 public:
  CornerFirst() : ClassicPlayer("corner-first") {}
  SearchResult pick(const Position&, Bitboard moves, const SearchLimits&, Clock::time_point) override {
    const Bitboard corners = moves & kCorners;
    return just(lowest_square(corners ? corners : moves), 1);
  }
};

// 3. A corner; otherwise the first move after which the opponent cannot take a
// corner (one move of look-ahead); if every move gives a corner away, the first.
class CornerSafe final : public ClassicPlayer {
 public:
  CornerSafe() : ClassicPlayer("corner-safe") {}
  SearchResult pick(const Position& pos, Bitboard moves, const SearchLimits&, Clock::time_point) override {
    if (const Bitboard corners = moves & kCorners) return just(lowest_square(corners), 1);
    std::uint64_t nodes = 0;
    for (Bitboard m = moves; m; m &= m - 1) {
      const int sq = lowest_square(m);
      ++nodes;
      if (!gives_corner_away(sq, pos.player, pos.opponent)) return just(sq, nodes);
    }
    return just(lowest_square(moves), nodes);
  }
};

// 4. The move that flips the most discs; ties go to the first in reading order.
class MostFlips final : public ClassicPlayer {
 public:
  MostFlips() : ClassicPlayer("most-flips") {}
  SearchResult pick(const Position& pos, Bitboard moves, const SearchLimits&, Clock::time_point) override {
    int best = -1, best_count = -1;
    std::uint64_t nodes = 0;
    for (Bitboard m = moves; m; m &= m - 1) {
      const int sq = lowest_square(m);
      ++nodes;
      const int n = popcount(flips(sq, pos.player, pos.opponent));
      if (n > best_count) best = sq, best_count = n;
    }
    return just(best, nodes);
  }
};

// 5. Among the moves that do not give a corner away (all moves if every one
// does), the one leaving the opponent the fewest legal replies; ties go to the
// first in reading order.
class FewestReplies final : public ClassicPlayer {
 public:
  FewestReplies() : ClassicPlayer("fewest-replies") {}
  SearchResult pick(const Position& pos, Bitboard moves, const SearchLimits&, Clock::time_point) override {
    const Bitboard P = pos.player, O = pos.opponent;
    int best_safe = -1, safe_replies = 65, best_any = -1, any_replies = 65;
    std::uint64_t nodes = 0;
    for (Bitboard m = moves; m; m &= m - 1) {
      const int sq = lowest_square(m);
      ++nodes;
      const Bitboard f = flips(sq, P, O);
      const Bitboard replies = legal_moves(O & ~f, P | f | bit(sq));
      const int n = popcount(replies);
      if (n < any_replies) best_any = sq, any_replies = n;
      if (!(replies & kCorners) && n < safe_replies) best_safe = sq, safe_replies = n;
    }
    return just(best_safe >= 0 ? best_safe : best_any, nodes);
  }
};

}  // namespace
}  // namespace classic

std::vector<PlayerInfo> classic_player_list() {
  return {
      {"first-legal", "the first legal move in reading order (a1, b1, .., h8)"},
      {"corner-first", "takes a corner when it can, else the first legal move"},
      {"corner-safe", "takes a corner, else avoids moves that give the opponent a corner"},
      {"most-flips", "the move that flips the most discs"},
      {"fewest-replies", "avoids giving a corner away, then leaves the opponent the fewest replies"},
      {"random-playouts", "plays about 20 random games to the end after each move, keeps the best"},
      {"weighted", "corners, stable discs, edges and square weights one move deep; exact at 14 empties"},
  };
}

std::unique_ptr<Player> make_classic_player(std::string_view name, std::uint64_t seed) {
  using namespace classic;
  if (name == "first-legal") return std::make_unique<FirstLegal>();
  if (name == "corner-first") return std::make_unique<CornerFirst>();
  if (name == "corner-safe") return std::make_unique<CornerSafe>();
  if (name == "most-flips") return std::make_unique<MostFlips>();
  if (name == "fewest-replies") return std::make_unique<FewestReplies>();
  if (name == "random-playouts") return make_random_playouts_player(seed);
  if (name == "weighted") return make_weighted_player();
  return nullptr;
}

}  // namespace reversi
