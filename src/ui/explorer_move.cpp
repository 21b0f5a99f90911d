#include "ui/explorer_move.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/square.h"
#include "ui/text.h"

namespace reversi::ui {

ExplorerChoice choose_explorer_move(Controller& c, const MoveStatistics& m) {
  // can_play_now(): a person's turn in a game not over, the live position shown.
  if (c.table_rules().players_game() && c.can_play_now() && c.shown_position().is_legal(m.square) && c.play(m.square))
    return ExplorerChoice::Played;
  c.explorer_select(m.square);
  c.show_notice("explorer.shown", {{"square", square_name(m.square)},
                                   {"games", grouped(m.games)},
                                   {"black", explorer_percent(m.black_wins, m.games)},
                                   {"white", explorer_percent(m.white_wins, m.games)}});
  return ExplorerChoice::Described;
}

Status replay_database_game(Controller& c, const DatabaseGame& g, std::size_t ply) {
  std::string transcript;
  for (Square m : g.moves) transcript += square_name(m);
  const std::string n = std::to_string(g.number);
  if (transcript.empty()) return Error::text("error.explorer.no_moves", "game {n} has no moves to replay", {{"n", n}});
  // Controller::replay keeps the player's game for undo and the players' names for the cards.
  if (Status st = c.replay(transcript, {g.black, g.white, g.tournament, g.year}); !st)
    return Error::text("error.explorer.replay", "game {n}: {cause}", {{"n", n}}, st.failure());
  if (ply < c.game().ply()) c.view(ply);
  else c.view_live();
  c.show_notice("message.database_game",
                {{"n", std::to_string(g.number)}, {"black", expert_name(c.options().lang, g.black)},
                 {"white", expert_name(c.options().lang, g.white)},
                 {"tournament", g.tournament}, {"year", std::to_string(g.year)},
                 {"black_discs", std::to_string(g.black_discs)}, {"white_discs", std::to_string(64 - g.black_discs)}});
  return {};
}

Expected<ExplorerChoice> choose_explorer_square(Controller& c, Square square) {
  const MoveStatistics* m = c.explorer_session().move(square);
  if (!m) return Error::text("error.explorer.not_played", "the experts did not play {square} here", {{"square", square_name(square)}});
  const MoveStatistics move = *m;  // playing it asks the session again
  return choose_explorer_move(c, move);
}

Status replay_listed_game(Controller& c, std::uint32_t number) {
  const DatabaseGame* listed = c.explorer_session().listed_game(number);
  if (!listed)
    return Error::text("error.explorer.not_listed", "game {n} is not in the explorer's list", {{"n", std::to_string(number)}});
  const DatabaseGame game = *listed;  // the replay moves the position, and the list with it
  const int ply = c.explorer_session().current_search().here ? 60 - c.shown_position().empty_count() : 0;
  return replay_database_game(c, game, std::size_t(std::max(ply, 0)));
}

}  // namespace reversi::ui
