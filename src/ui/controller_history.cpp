// The player's games kept (issue 35): when the controller tells the history listeners about
// the player's game, and how a kept game is opened again. Part of Controller
// (ui/controller.h); the kept game's format is core/game_archive.h.
#include "ui/controller.h"

namespace reversi::ui {

namespace {

ArchivedSide side_of(const Seat& seat) {
  if (seat.human) return {};
  return {true, seat.player};
}

}  // namespace

void Controller::record_game() {
  Table& t = player_;
  if (!t.record.played && !t.record.id) return;  // nobody here moved in it, and it was never kept
  if (history_listeners_.empty()) return;
  if (t.record.date.empty() && date_now_) t.record.date = date_now_();
  ArchivedGame game;
  game.date = t.record.date;
  game.black = t.record.black ? *t.record.black : side_of(t.options.black);
  game.white = t.record.white ? *t.record.white : side_of(t.options.white);
  game.start = t.game.start();
  // The game as far as it was played (moves undone and not replayed are not part of it).
  game.moves.assign(t.game.moves().begin(), t.game.moves().end());
  game.black_accuracy = t.record.black_accuracy;
  game.white_accuracy = t.record.white_accuracy;
  std::string line = archive_line(game);
  if (line == t.record.told) return;
  if (!t.record.id) t.record.id = next_record_id_++;
  t.record.told = std::move(line);
  for (auto& l : history_listeners_) l(t.record.id, game);
}

void Controller::record_left_game() {
  if (puzzle_) return;  // callers leave practice first; a puzzle is never kept
  if (player_.record.played && player_.game.ply() > 0) record_game();
}

void Controller::record_review() {
  const ReviewState& r = analysis_.review();
  const bool complete = !r.running && r.total > 0 && r.done == r.total;
  if (!complete) {
    review_recorded_ = false;
    return;
  }
  if (review_recorded_) return;
  review_recorded_ = true;
  // A review of the whole game shown (a review stops when the game takes another line).
  if (r.total != player_.game.ply()) return;
  player_.record.black_accuracy = r.black.accuracy;
  player_.record.white_accuracy = r.white.accuracy;
  record_game();
}

Status Controller::open_archived(std::string_view line, std::uint64_t id) {
  auto kept = read_archived(line);
  if (!kept) return Error{kept.error()};
  Game game(kept->start);
  for (Square m : kept->moves)
    if (!game.play(m)) return Error{"the kept game's move " + square_name(m) + " is not legal"};
  take_loaded(std::move(game), true);
  Table& t = table();
  t.record.id = id;
  t.record.date = kept->date;
  t.record.black = kept->black;
  t.record.white = kept->white;
  t.record.black_accuracy = kept->black_accuracy;
  t.record.white_accuracy = kept->white_accuracy;
  t.record.told = archive_line(*kept);
  if (!t.game.over()) {
    // Taken up again: the same computer player where it still exists.
    auto known = [&](const ArchivedSide& s) {
      if (!s.computer) return false;
      for (const PlayerInfo& p : players_)
        if (p.name == s.name) return true;
      return false;
    };
    Options o = t.options;
    if (known(kept->black)) o.black = {false, kept->black.name};
    if (known(kept->white)) o.white = {false, kept->white.name};
    t.options = resolve(o, players_);
    t.record.played = true;  // the player's own game, to be kept again as it goes on
    schedule_computer();
  } else if (t.game.ply() > 0) {
    set_view(0);  // a finished game is there to be stepped through from its start
  }
  return {};
}

}  // namespace reversi::ui
