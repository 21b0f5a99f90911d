// The desktop's side of the practice room (issue 27; the room itself is
// ui/practice_session.h, reached through the Controller): the puzzle set read from
// data/puzzles.bin the first time Practice is opened, and the player's record kept in
// the config folder beside the saved game and read back at the start.
#pragma once

#include <string>

#include "ui/controller.h"

namespace reversi::desktop {

class DesktopPractice {
 public:
  // `puzzles_path`: the puzzle file (default_data_path("puzzles.bin") or --puzzles);
  // `record_path`: where the record is kept (empty: nowhere, as with --no-save).
  DesktopPractice(ui::Controller& controller, std::string puzzles_path, std::string record_path);

  // Reads the record. A corrupt one is moved aside (FILE.corrupt) and named on stderr
  // and in the panel; a fresh record starts.
  void restore();
  // Writes the record when it changed since it was read or last written.
  void store();
  // The puzzle set, read the first time it is wanted. A missing or corrupt file: false,
  // a message in the panel (and on stderr the first time); the game goes on.
  bool load_puzzles();
  // Today's local date, "YYYY-MM-DD" (the daily puzzle).
  static std::string today();

  const std::string& record_path() const { return record_path_; }

 private:
  ui::Controller& controller_;
  std::string puzzles_path_, record_path_;
  std::string stored_;  // the record as the file holds it
  bool load_reported_ = false;
};

}  // namespace reversi::desktop
