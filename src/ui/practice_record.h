// The practice room's record of the player (ui/practice_session.h): the Glicko-2
// rating (core/rating.h) with its history, the streaks and counts, the puzzles seen
// and the dates whose daily puzzle was answered. The front ends keep it as one line
// of text (the browser's storage, the desktop's config folder), so a change of
// version or a hand-edited line must be refused whole, never half read.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/rating.h"

namespace reversi::ui {

inline constexpr std::size_t kPracticeHistory = 200;  // ratings kept for the graph

struct PracticeRecord {
  Rating rating;                     // rating, deviation, volatility, answered (= attempts), streak
  int best_streak = 0;
  int solved = 0;                    // right answers among the rated ones (attempts)
  std::vector<double> history;       // the rating after each rated answer, the last 200
  std::vector<std::size_t> seen;     // puzzle ids (index in the set) opened as rated or daily
  std::vector<std::string> daily_done;  // "YYYY-MM-DD" dates whose daily puzzle was answered
  int attempts() const { return rating.answered; }
  friend bool operator==(const PracticeRecord&, const PracticeRecord&) = default;
};

// One line: "reversi-practice 1|r=1500.000000|d=350.000000|v=0.060000|streak=0|best=0|
// solved=0|attempts=0|history=1500.000,...|seen=3,17|daily=2026-11-26" (no newline).
std::string format_practice_record(const PracticeRecord& record);
// Checks everything (the version tag, every field present once and in range, counts
// consistent); a corrupt line gives an error naming the problem.
Expected<PracticeRecord> parse_practice_record(std::string_view text);

}  // namespace reversi::ui
