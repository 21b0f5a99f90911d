// The practice room on the board (PracticeSession): a puzzle's table, with the puzzle's
// rules (ui/practice_rules.h), in front of the player's, which waits as it was; and the
// analysis switch, off during a puzzle. Part of Controller (ui/controller.h).
#include "ui/controller.h"

namespace reversi::ui {

// ---- practice ------------------------------------------------------------------------

std::size_t Controller::real_shown_ply() const {
  return player_.view ? *player_.view : player_.game.ply();
}

void Controller::set_analysis(bool on) {
  touch();
  if (!can_analyse()) return;
  analysis_.set_on(on, table().game, shown_ply());
}

const ShownAnalysis* Controller::analysis() const {
  if (preview()) return nullptr;  // the values are the view's, not the line's position
  return table().rules().shown_values(table());
}

Status Controller::start_review() {
  touch();
  leave_practice();
  return analysis_.start_review(table().game, shown_ply());
}

Status Controller::set_puzzles(std::span<const std::uint8_t> bytes) {
  touch();
  const bool was_open = practice_.active();
  Status st = practice_.set_puzzles(bytes);
  // A new set may close the puzzle open (its number means another puzzle there).
  if (st && was_open && !practice_.active()) leave_practice();
  return st;
}

Status Controller::enter_practice() {
  if (!practice_table_) {
    // The player's table stays as it is; its analysis and review stop while it waits.
    cancel_search();
    finish_animation();
    const std::size_t ply = shown_ply();
    practice_rules_.keep_analysis_switch(analysis_.on());
    analysis_.set_on(false, player_.game, ply);
    analysis_.cancel_review(player_.game, ply);
    practice_table_.emplace(practice_rules_);
    practice_table_->cursor = player_.cursor;
    // The game's clock stops while a puzzle is open (the game waits whole) and runs on after.
    clock_paused_ = player_.clock.running();
    player_.clock.stop(now_);
    board_ = &*practice_table_;
  }
  show_practice_position(practice_.current()->puzzle.position);
  return {};
}

void Controller::show_practice_position(const Position& start) {
  cancel_search();
  finish_animation();
  table().view.reset();
  table().game = Game(start);
  table().options = practice_rules_.options_for(player_.options);
  after_position_change();
}

void Controller::leave_practice() {
  touch();
  if (!practice_table_) return;
  cancel_search();
  finish_animation();
  practice_.close();
  board_ = &player_;
  practice_table_.reset();
  if (clock_paused_) player_.clock.start(*clock_paused_, now_);
  clock_paused_.reset();
  after_position_change();
  analysis_.set_on(practice_rules_.analysis_on(), player_.game, shown_ply());
}

Status Controller::practice_next() {
  touch();
  Status st = practice_.drill_has_next() ? practice_.open_next_drill() : practice_.open_rated();
  return st ? enter_practice() : st;
}

Status Controller::practice_daily(std::string_view date) {
  touch();
  Status st = practice_.open_daily(date);
  return st ? enter_practice() : st;
}

Status Controller::practice_mistakes() {
  touch();
  const Options& real = player_.options;
  Status st = practice_.open_drill(real_game(), analysis_.review(), real.black.human, real.white.human);
  return st ? enter_practice() : st;
}

Status Controller::practice_trainer() {
  touch();
  Status st = practice_.open_trainer(shown_position());
  return st ? enter_practice() : st;
}

Status Controller::practice_hint() {
  touch();
  if (!practice_table_) return Error::text("error.practice.none", "there is no puzzle open");
  return hint();  // the puzzle's rules give their own (PuzzleRules::own_hint)
}

Status Controller::practice_play_out() {
  touch();
  if (!practice_table_) return Error::text("error.practice.none", "there is no puzzle open");
  Status st = practice_.play_out();
  if (!st) return st;
  table().options = practice_rules_.options_for(player_.options);
  schedule_computer();
  return {};
}

Status Controller::practice_skip() {
  touch();
  if (!practice_table_) return Error::text("error.practice.none", "there is no puzzle open");
  auto event = practice_.skip(table().options.lang);
  if (!event) return event.failure();
  hint_square_ = NO_SQUARE;
  rejected_square_ = NO_SQUARE;
  for (auto& l : puzzle_listeners_) l(*event);
  return {};
}

}  // namespace reversi::ui
