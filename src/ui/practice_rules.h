// A puzzle's rules for the table it is played on (ui/table.h): what practice gives the
// puzzle's table when it opens (Controller::enter_practice), so that the controller's
// paths ask the table instead of testing for a puzzle. While Solving the first move is
// judged, not played; after the judgement a move plays the position on against perfect
// play; undo, redo, the analysis and a line's preview are off (they would act on the
// game that waits aside or give the answer away); the game is not the player's (not kept
// in the history, the side panels show the puzzle's room); hints are the puzzle's own.
// Plain C++, no SDL.
#pragma once

#include <functional>
#include <vector>

#include "ui/practice_session.h"
#include "ui/table.h"

namespace reversi::ui {

class PuzzleRules final : public TableRules {
 public:
  using Listeners = std::vector<std::function<void(const PuzzleEvent&)>>;
  // `judged` are told each judgement of a first move (Controller::on_puzzle).
  PuzzleRules(PracticeSession& practice, const Listeners& judged) : practice_(practice), judged_(judged) {}

  Expected<MoveUse> take_move(Table& t, Square s, Lang lang) override;
  bool undoable() const override { return false; }
  bool analysable() const override { return false; }
  Status may_preview() const override;
  bool players_game() const override { return false; }
  // Both seats people while solving; after the judgement the other side the perfect
  // player; the display settings the player's.
  Options options_for(const Options& player) const override;
  AiRequest computer_request(const Position& p, const Options& o, std::uint64_t seed) const override;
  std::optional<Expected<Square>> own_hint() override;
  void moved(const Position& before, Square s) override { practice_.moved(before, s); }
  void position_changed(const Game& game, std::size_t) override { practice_.position_now(game); }
  // The player's analysis switch, kept for the game while the puzzle is open (the toolbar
  // shows it greyed).
  bool analysis_on() const override { return player_analysis_on_; }
  void keep_analysis_switch(bool on) { player_analysis_on_ = on; }
  // The puzzle's values once judged, on its starting position.
  const ShownAnalysis* shown_values(const Table& t) const override;

 private:
  PracticeSession& practice_;
  const Listeners& judged_;
  bool player_analysis_on_ = false;
};

}  // namespace reversi::ui
