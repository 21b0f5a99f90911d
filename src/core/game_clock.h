// The game's clocks (issue 45 part 5): a time control (minutes a side and an increment
// a move), each side's time left, whose clock runs, the time each move took and a flag
// fall. Plain data and arithmetic on a time passed in (milliseconds on any monotonic
// clock, the controller's update(now)), so tests drive it exactly, without sleeping.
//
// The rules (one place for them; the page only shows what state_json() says):
//  - a side's clock runs from the moment it is to move until it moves; the time used is
//    charged, then the increment added (a move made at the very last millisecond, with
//    0 ms left, is in time: the flag falls only once the time left is below zero);
//  - a flag fall ends the game: the side whose time ran out loses on time, whatever the
//    discs; nothing runs after it;
//  - time left is never shown below 0.
// As text: the time control as "5+2" (minutes + seconds; "none"), in GGF as TI[05:00/00:02]
// (GGS's main/increment[/extension], each [[h:]m:]s), a move's time in GGF as B[f5//12.3]
// (seconds), and the whole clock in the save line (to_text/from_text).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/position.h"

namespace reversi {

struct TimeControl {
  int base_s = 0;       // each side's time; 0: no clock
  int increment_s = 0;  // added after each move
  bool timed() const { return base_s > 0; }
  friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

// The choices the New game dialogs offer (minutes a side; increments in seconds).
inline constexpr int kClockMinutes[] = {1, 3, 5, 10, 20};
inline constexpr int kClockIncrements[] = {0, 2, 5};

// "none", or "M+S" (minutes 1..180, seconds 0..60; "5" is "5+0").
Expected<TimeControl> parse_time_control(std::string_view text);
std::string time_control_name(const TimeControl& control);  // "none", "5+2"
// GGF's TI value: "05:00" or "05:00/00:02" (main/increment), and reading it back (also
// GGS's "main/increment/extension" with any field empty, and times as s, m:s or h:m:s).
std::string ggf_time_control(const TimeControl& control);
Expected<TimeControl> parse_ggf_time_control(std::string_view value);
// A time as GGF writes it, "[[h:]m:]s" (s may have a fraction), in seconds; nullopt if malformed.
std::optional<double> parse_clock_seconds(std::string_view text);
// A time left as a clock shows it, in whole seconds rounded down (never more than there
// is): "4:59", "0:09", "0:00" at zero. It changes once a second.
std::string clock_text(double ms);

class GameClock {
 public:
  GameClock() = default;
  explicit GameClock(TimeControl control);

  const TimeControl& control() const { return control_; }
  bool timed() const { return control_.timed(); }
  // The side whose clock runs, if any.
  std::optional<Color> running() const { return running_; }
  // Time left for `color` at `now_ms`: the running side's counts down from its start.
  double remaining_ms(Color color, double now_ms) const;
  // The side whose time ran out, once fall() saw it.
  std::optional<Color> flag() const { return flag_; }
  // Each move's time (ms) in the order played (passes not counted).
  const std::vector<double>& move_times() const { return move_times_; }

  // Starts `color`'s clock at now (another running clock is stopped first, uncharged: use
  // press() for a move). No-op for an untimed clock or after a flag fall.
  void start(Color color, double now_ms);
  // The running side moved at now: its time is charged and the move's time recorded, the
  // increment added, and `next`'s clock starts (none: the game is over). Returns the
  // move's time in ms (0 when nothing ran). No-op returning 0 after a flag fall.
  double press(double now_ms, std::optional<Color> next);
  // Stops the running clock at now, charging it (no increment, no move recorded).
  void stop(double now_ms);
  // Records a flag fall if the running side's time is below zero at now: true the first
  // time (the clock then stops with that side at 0).
  bool fall(double now_ms);
  // When the running side's flag will fall (infinity when nothing runs).
  double falls_at() const;
  // The next moment after now_ms at which clock_text of the running side changes (each
  // whole second, then the flag fall); infinity when nothing runs.
  double next_tick_ms(double now_ms) const;
  // Low time, shown on the card: under a tenth of the main time, at least 10 s and at
  // most a minute (1 min: 10 s; 5 min: 30 s; 10 min and more: 60 s).
  bool low(Color color, double now_ms) const;
  // Takes moves back to `plies` recorded times (undo in a game against the clock keeps
  // the times left as they are: the clock does not run back).
  void truncate_moves(std::size_t count);

  // The clock as one line for the save, the running side's time as of now:
  // "5+2 b=299000 w=300000 run=b moves=1200,3400" (flag=b after a fall). A clock read
  // back runs on from `now_ms`; `away_ms` (>= 0) is charged to the side running, the
  // time gone while the page was closed.
  std::string to_text(double now_ms) const;
  static Expected<GameClock> from_text(std::string_view text, double now_ms, double away_ms = 0);

 private:
  TimeControl control_;
  double left_ms_[2] = {0, 0};  // black, white: as of the running one's start
  std::optional<Color> running_;
  double started_at_ = 0;
  std::optional<Color> flag_;
  std::vector<double> move_times_;
};

}  // namespace reversi
