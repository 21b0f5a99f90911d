// Shared plumbing of the classic players (internal to classic*.cpp): the name,
// the pass rule and the clock, so that each player only writes how it picks
// among the legal moves.
#pragma once

#include <chrono>
#include <string>
#include <utility>

#include "engine/player.h"

namespace reversi::classic {

using Clock = std::chrono::steady_clock;

class ClassicPlayer : public Player {
 public:
  explicit ClassicPlayer(std::string name) : name_(std::move(name)) {}
  std::string name() const override { return name_; }

  SearchResult choose(const Position& position, const SearchLimits& limits) final {
    const auto start = Clock::now();
    SearchResult result;
    const Bitboard moves = position.legal_moves();
    if (!moves) {
      result.move = PASS;  // the only legal "move"
    } else {
      result = pick(position, moves, limits, start);
    }
    result.time_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    return result;
  }

 protected:
  // `moves` is the non-empty set of legal moves of `position`.
  virtual SearchResult pick(const Position& position, Bitboard moves, const SearchLimits& limits,
                            Clock::time_point start) = 0;

  static SearchResult just(int square, std::uint64_t nodes) {
    SearchResult r;
    r.move = Square(square);
    r.nodes = nodes;
    return r;
  }

 private:
  std::string name_;
};

// The moment a budget of `time_ms` (0 = none) runs out.
inline Clock::time_point deadline_of(Clock::time_point start, double time_ms) {
  if (time_ms <= 0) return Clock::time_point::max();
  return start + std::chrono::duration_cast<Clock::duration>(
                     std::chrono::duration<double, std::milli>(time_ms));
}

inline bool stop_requested(const SearchLimits& limits) {
  return limits.stop && limits.stop->load(std::memory_order_relaxed);
}

}  // namespace reversi::classic
