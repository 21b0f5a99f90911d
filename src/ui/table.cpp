// The board the player acts on and its rules (ui/table.h).
#include "ui/table.h"

#include <string>

#include "core/notation.h"
#include "ui/analysis_session.h"

namespace reversi::ui {

std::string_view reject_reason_name(RejectReason reason) {
  switch (reason) {
    case RejectReason::Illegal: return "illegal";
    case RejectReason::Occupied: return "occupied";
    case RejectReason::NotYourTurn: return "notYourTurn";
    case RejectReason::GameOver: return "gameOver";
    case RejectReason::Reviewing: return "reviewing";
  }
  return "illegal";
}

// ---- the rules -------------------------------------------------------------------------

Expected<MoveUse> TableRules::take_move(Table&, Square, Lang) { return MoveUse::Play; }

AiRequest TableRules::computer_request(const Position& p, const Options& o, std::uint64_t seed) const {
  return AiRequest{p, o.seat(p.to_move).player, {}, seed};
}

void GameRules::position_changed(const Game& game, std::size_t shown_ply) { analysis_.position_changed(game, shown_ply); }
void GameRules::view_changed(const Game& game, std::size_t shown_ply) { analysis_.position_changed(game, shown_ply); }
bool GameRules::analysis_on() const { return analysis_.on(); }
const ShownAnalysis* GameRules::shown_values(const Table& t) const { return analysis_.shown(t.game, t.shown_ply()); }

// ---- the table ---------------------------------------------------------------------------

const LinePreview* Table::shown_preview() const {
  // Only on the view it was made from (a change of view and a new game end it anyway).
  if (!preview || view != preview->ply || preview->ply > game.ply() || !(game.position_at(preview->ply) == preview->start))
    return nullptr;
  return &*preview;
}

std::optional<Refusal> Table::refusal(Square s) const {
  const Position& p = game.position();
  const TextArgs refused{{"square", square_name(s)}, {"color", color_name(p.to_move)}};
  if (view)
    return Refusal{RejectReason::Reviewing,
                   Error::text("error.play.reviewing", "an earlier position is shown (after move {n}); go back to the game to play",
                               {{"n", std::to_string(*view)}})};
  if (ended()) return Refusal{RejectReason::GameOver, Error::text("error.play.over", "the game is over")};
  if (computer_to_move())
    return Refusal{RejectReason::NotYourTurn, Error::text("error.play.computer", "it is the computer's turn ({color})", refused)};
  if (p.at(s) != Cell::Empty)
    return Refusal{RejectReason::Occupied,
                   Error::text("error.play.occupied", "{square} is not a legal move for {color}: a stone is already there", refused)};
  if (!p.is_legal(s))
    return Refusal{RejectReason::Illegal, Error::text("error.play.illegal", "{square} is not a legal move for {color}", refused)};
  return std::nullopt;
}

bool Table::human_moved_at(std::size_t i) const { return options.human(game.position_at(i).to_move); }

// In a puzzle Undo and Redo are off: they would act on the game that waits aside and drop
// the puzzle unseen (issue 33); the puzzle has its own buttons, and Back to the game
// (Controller::leave_practice) is the way out.
bool Table::can_undo() const {
  if (!rules_->undoable()) return false;
  if (previous) return true;
  if (clock.timed()) return false;  // a game against the clock takes nothing back (as online)
  const bool any_human = options.black.human || options.white.human;
  if (!any_human) return false;  // computer vs computer: nothing of yours to take back
  for (std::size_t i = 0; i < game.ply(); ++i)
    if (human_moved_at(i)) return true;
  return false;
}

bool Table::can_redo() const {
  if (!rules_->undoable()) return false;
  if (undone_new) return true;
  return !clock.timed() && game.can_redo() && (options.black.human || options.white.human);
}

void Table::undo_moves() {
  // Back until a person is to move again, which takes the computer's replies too.
  // Redo now replays these moves: the new game undone before is out of its reach.
  undone_new.reset();
  do {
    game.undo();
  } while (game.can_undo() && !options.human(game.position().to_move));
}

void Table::redo_moves() {
  do {
    game.redo();
  } while (game.can_redo() && !game.over() && !options.human(game.position().to_move));
}

}  // namespace reversi::ui
