// Time management: turns a per-move budget into the moments the search checks.
//  - hard deadline: the search stops at once (polled every 1024 nodes), set a
//    little before the budget so that unwinding, joining helper threads and
//    returning keep the whole call within it;
//  - iterative deepening starts a new iteration only if a share of the next one
//    is predicted to fit in the budget (last iteration's time times its growth):
//    the whole of it by default (SearchOptions::next_iteration_share; a half or
//    a third measured no stronger, docs/evaluation.md "Using more of the budget").
// With a game clock (issue 46 part 4), clock_allocation spends the time left across the
// game: a target for an ordinary move, and a maximum the player may stretch to where the
// position is hard (the best move changed or the value swung in the last iterations).
#pragma once

#include <algorithm>
#include <chrono>

namespace reversi {

class TimeManager {
 public:
  using Clock = std::chrono::steady_clock;

  // budget_ms <= 0: unlimited.
  explicit TimeManager(double budget_ms, Clock::time_point start = Clock::now())
      : start_(start), budget_ms_(budget_ms) {
    if (budget_ms > 0) {
      // Keep 5% (at least 2 ms, at most 60 ms) for unwinding, joining helper
      // threads and returning: measured overruns stay within a few percent.
      const double margin = std::clamp(budget_ms * 0.05, 2.0, 60.0);
      hard_ = start + std::chrono::microseconds(
                          static_cast<long long>(std::max(0.0, budget_ms - margin) * 1000));
    }
  }

  bool limited() const { return budget_ms_ > 0; }
  Clock::time_point hard_deadline() const { return hard_; }
  double budget_ms() const { return budget_ms_; }
  double elapsed_ms() const {
    return std::chrono::duration<double, std::milli>(Clock::now() - start_).count();
  }
  // Whether another iteration is worth starting, given how long the last two took:
  // `share` of its predicted time must fit in what is left of the budget.
  bool can_start_iteration(double last_iteration_ms, double previous_iteration_ms, double share = 1.0) const {
    if (!limited()) return true;
    double growth = previous_iteration_ms > 0.05 ? last_iteration_ms / previous_iteration_ms : 3.0;
    growth = std::clamp(growth, 1.5, 6.0);
    return elapsed_ms() + last_iteration_ms * growth * share <= budget_ms_;
  }

 private:
  Clock::time_point start_;
  Clock::time_point hard_ = Clock::time_point::max();
  double budget_ms_ = 0;
};

// What a move may take on a game clock: `target_ms` for an ordinary move, up to `max_ms`
// where the position is hard. The rules (one place; LevelPlayer and reversi-cli's
// fixed-budget comparison use them):
//  - a forced move (one legal move) takes next to nothing;
//  - the moves still to play before the exact solver takes over (the level's solve
//    empties) share the time left with a reserve of kSolveReserveMoves moves for the solve;
//    from there on the solve move gets half of what is left;
//  - most of the increment is spent each move (it comes back);
//  - a safety margin is never spent (the reply's way back, a busy machine): a computer
//    never loses on time while the clock has more than its margin.
struct ClockAllocation {
  double target_ms = 0;
  double max_ms = 0;
};
inline constexpr double kSolveReserveMoves = 4;

inline ClockAllocation clock_allocation(double clock_ms, double increment_ms, int empties, int legal_moves,
                                        int solve_empties) {
  ClockAllocation a;
  // Never spent: 1.5 s or 8% of the time left, whichever is less, and at least 100 ms.
  const double margin = std::clamp(clock_ms * 0.08, 100.0, 1500.0);
  const double usable = std::max(0.0, clock_ms - margin);
  if (usable <= 0) return {1, 1};
  if (legal_moves <= 1) {
    a.target_ms = a.max_ms = std::min(usable, 20.0);
    return a;
  }
  double share;
  if (empties > solve_empties) {
    // This side's moves before the solver, then the solve's reserve.
    const double moves_before_solve = std::max(1.0, (empties - solve_empties) / 2.0);
    share = usable / (moves_before_solve + kSolveReserveMoves);
  } else {
    share = usable * 0.5;
  }
  a.target_ms = std::min(usable, share + increment_ms * 0.8);
  a.max_ms = std::min(usable * 0.35 + increment_ms * 0.8, a.target_ms * 3);
  a.max_ms = std::max(a.max_ms, a.target_ms);
  a.max_ms = std::min(a.max_ms, usable);
  return a;
}

// How long a human player (engine/human_player.h) takes over a move on a game clock, as a
// person would: a forced move under half a second, an opening move from memory about a
// second, otherwise 1.5 s plus up to 4 s more as the choice is harder (`top_probability`:
// the model's probability of its likeliest move; 1 = obvious), never more than the clock's
// share (clock_allocation's target).
inline double human_think_ms(int legal_moves, bool from_book, double top_probability, double clock_ms,
                             double increment_ms, int empties) {
  double think = legal_moves <= 1 ? 400 : from_book ? 1000 : 1500 + 4000 * std::clamp(1 - top_probability, 0.0, 1.0);
  const ClockAllocation a = clock_allocation(clock_ms, increment_ms, empties, legal_moves, 0);
  return std::max(0.0, std::min(think, a.target_ms));
}

}  // namespace reversi
