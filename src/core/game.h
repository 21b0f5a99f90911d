// A game record: the start position, the moves played, undo and redo.
// Forced passes are applied automatically after each move (and at the start), so
// position() always has a side that can move unless the game is over.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/position.h"

namespace reversi {

class Game {
 public:
  Game() : Game(Position::initial()) {}
  explicit Game(const Position& start);

  // A game from a transcript (and optionally a start board string); nothing is
  // returned on error, so a bad transcript never leaves a half-applied game.
  static Expected<Game> from_transcript(std::string_view transcript,
                                        const Position& start = Position::initial());

  const Position& start() const { return positions_.front(); }
  const Position& position() const { return positions_[cursor_]; }
  // Position after the i-th move (0 = start, after any forced pass), i <= ply().
  const Position& position_at(std::size_t i) const { return positions_[i]; }
  // Squares played up to the current point (passes not included).
  std::span<const Square> moves() const { return {moves_.data(), cursor_}; }
  std::size_t ply() const { return cursor_; }
  bool over() const { return position().is_game_over(); }
  // True when the side that would have moved after move i (1-based) had to pass.
  bool passed_after(std::size_t i) const;
  Square last_move() const { return cursor_ ? moves_[cursor_ - 1] : NO_SQUARE; }

  // Plays a legal square for the side to move; an illegal move leaves the game
  // untouched and says why. Playing discards the redo list.
  Status play(Square s);
  bool can_undo() const { return cursor_ > 0; }
  bool can_redo() const { return cursor_ < moves_.size(); }
  bool undo();
  bool redo();

  std::string transcript() const;

 private:
  std::vector<Square> moves_;         // all moves, including those undone
  std::vector<Position> positions_;   // positions_[i] after i moves; size cursor_+1 ..
  std::size_t cursor_ = 0;
};

}  // namespace reversi
