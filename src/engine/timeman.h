// Time management: turns a per-move budget into the moments the search checks.
//  - hard deadline: the search stops at once (polled every 1024 nodes), set a
//    little before the budget so that unwinding, joining helper threads and
//    returning keep the whole call within it;
//  - iterative deepening starts a new iteration only if the next one is
//    predicted to finish in time (last iteration's time times its growth).
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
  // Whether another iteration is worth starting, given how long the last two took.
  bool can_start_iteration(double last_iteration_ms, double previous_iteration_ms) const {
    if (!limited()) return true;
    double growth = previous_iteration_ms > 0.05 ? last_iteration_ms / previous_iteration_ms : 3.0;
    growth = std::clamp(growth, 1.5, 6.0);
    return elapsed_ms() + last_iteration_ms * growth <= budget_ms_;
  }

 private:
  Clock::time_point start_;
  Clock::time_point hard_ = Clock::time_point::max();
  double budget_ms_ = 0;
};

}  // namespace reversi
