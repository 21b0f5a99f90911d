#include "core/game.h"

#include "core/notation.h"

namespace reversi {

namespace {
// The side to move passes at once when it has no move but the opponent has.
Position settle(Position p) { return p.must_pass() ? p.pass() : p; }
}  // namespace

Game::Game(const Position& start) { positions_.push_back(settle(start)); }

Expected<Game> Game::from_transcript(std::string_view transcript, const Position& start) {
  auto moves = parse_transcript(transcript, start);
  if (!moves) return moves.failure();
  Game game(start);
  for (Square s : *moves) game.play(s);
  return game;
}

bool Game::passed_after(std::size_t i) const {
  if (i == 0 || i > cursor_) return false;
  return positions_[i].to_move == positions_[i - 1].to_move;
}

Status Game::play(Square s) {
  const Position& pos = position();
  if (pos.is_game_over()) return Error::text("error.play.over", "the game is over");
  if (!is_board_square(s)) return Error::text("error.square.off_board", "that is not a square of the board");
  if (!pos.is_legal(s))
    return Error::text("error.play.illegal", "{square} is not a legal move for {color}",
                       {{"square", square_name(s)}, {"color", color_name(pos.to_move)}});
  const Position next = settle(pos.play(s));
  moves_.resize(cursor_);
  positions_.resize(cursor_ + 1);
  moves_.push_back(s);
  positions_.push_back(next);
  ++cursor_;
  return {};
}

bool Game::undo() {
  if (!can_undo()) return false;
  --cursor_;
  return true;
}

bool Game::redo() {
  if (!can_redo()) return false;
  ++cursor_;
  return true;
}

std::string Game::transcript() const { return to_transcript(moves()); }

}  // namespace reversi
