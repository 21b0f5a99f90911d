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
  game.mistakes = t.record.mistakes;
  game.time_control = t.clock.control();
  game.move_times_ms = t.clock.move_times();
  game.lost_on_time = t.clock.flag();
  std::string line = archive_line(game);
  if (line == t.record.told) return;
  if (!t.record.id) t.record.id = next_record_id_++;
  t.record.told = std::move(line);
  for (auto& l : history_listeners_) l(t.record.id, game);
}

void Controller::record_left_game() {
  // (Callers leave practice first: the player's table is on the board.)
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
  // The person's mistakes, for practice across games (kept as the drill would make them).
  player_.record.mistakes.clear();
  for (const DrillPosition& d : drill_positions(player_.game, r, player_.options.black.human, player_.options.white.human)) {
    ArchivedMistake m;
    m.ply = d.ply;
    m.exact = d.exact;
    for (const PuzzleMove& v : d.puzzle.moves) m.values.emplace_back(v.square, v.value);
    player_.record.mistakes.push_back(std::move(m));
  }
  record_game();
}

Status Controller::open_archived(std::string_view line, std::uint64_t id) {
  touch();
  auto kept = read_archived(line);
  if (!kept) return kept.failure();
  Game game = kept->game();
  if (game.ply() != kept->moves.size())
    return Error::text("error.history.illegal", "the kept game's move {square} is not legal",
                       {{"square", square_name(kept->moves[game.ply()])}});
  take_loaded(std::move(game), true);
  Table& t = table();
  t.record.id = id;
  t.record.date = kept->date;
  t.record.black = kept->black;
  t.record.white = kept->white;
  t.record.black_accuracy = kept->black_accuracy;
  t.record.white_accuracy = kept->white_accuracy;
  t.record.mistakes = kept->mistakes;
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

Status Controller::practice_kept_mistakes(std::string_view collection) {
  touch();
  const Collection kept = read_collection(collection);
  std::vector<DrillPosition> drill;
  for (const ArchivedGame& g : kept.games) {
    const Game game = g.game();
    for (const ArchivedMistake& m : g.mistakes) {
      if (drill.size() >= kMaxKeptMistakes || m.ply > game.ply()) break;
      DrillPosition d;
      d.ply = m.ply;
      d.exact = m.exact;
      d.puzzle.position = game.position_at(m.ply - 1);
      d.puzzle.rating = 0;
      for (const auto& [square, value] : m.values) d.puzzle.moves.push_back({square, value});
      drill.push_back(std::move(d));
    }
  }
  if (drill.empty())
    return Error::text("error.drill.none_kept",
                       "no mistakes to practise: review your games first (a mistake is a move that lost {n} discs or more)",
                       {{"n", std::to_string(kDrillMinLoss)}});
  Status st = practice_.open_drill(std::move(drill));
  return st ? enter_practice() : st;
}

const ArchivedSide* Controller::kept_side(Color color) const {
  const Table& t = table();
  if (!t.options.black.human || !t.options.white.human) return nullptr;
  const std::optional<ArchivedSide>& side = color == Color::Black ? t.record.black : t.record.white;
  return side ? &*side : nullptr;
}

}  // namespace reversi::ui
