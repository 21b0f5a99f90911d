// A line of moves shown on the board without changing the game: a review's best line
// (ReviewEntry::best_line) or the analysis' (MoveValue::pv), played from the position
// shown one step at a time (Controller::preview_line). The board, the counts, the last
// move and state_json()'s "shown" follow the line's position; the game, its record and
// its save do not move. Plain C++, no SDL.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/game.h"

namespace reversi::ui {

struct LinePreview {
  std::size_t ply = 0;       // the game's position it is played from (the view's ply)
  Position start;            // that position
  std::vector<Square> line;  // every move legal where it is played (passes implicit)
  std::size_t step = 0;      // moves of the line shown: 0 (the start) .. line.size()
  Game played;               // the line played from `start`

  const Position& position() const { return played.position_at(step); }
  Square last_move() const { return step ? line[step - 1] : NO_SQUARE; }
  // {"ply":n,"line":["e2","f1",...],"step":k}
  std::string json() const;
};

// The line from `start` (the game's position after `ply` moves) shown up to `step`.
// Error, naming the move, when the line is empty, longer than a game (60 moves), has a
// move that is not legal where it is played, or `step` is past its end.
Expected<LinePreview> make_line_preview(const Position& start, std::size_t ply, std::span<const Square> line,
                                        std::size_t step);

}  // namespace reversi::ui
