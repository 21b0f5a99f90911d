#include "ui/explorer_move.h"

#include <cmath>

#include "core/square.h"
#include "ui/text.h"

namespace reversi::ui {

int explorer_percent(std::uint32_t n, std::uint32_t of) {
  return of ? int(std::lround(100.0 * n / of)) : 0;
}

ExplorerChoice choose_explorer_move(Controller& c, const MoveStatistics& m) {
  // can_play_now(): a person's turn in a game not over, the live position shown.
  if (!c.practicing() && c.can_play_now() && c.shown_position().is_legal(m.square) && c.play(m.square))
    return ExplorerChoice::Played;
  c.show_notice("explorer.shown", {{"square", square_name(m.square)},
                                   {"games", grouped(m.games)},
                                   {"black", std::to_string(explorer_percent(m.black_wins, m.games))},
                                   {"white", std::to_string(explorer_percent(m.white_wins, m.games))}});
  return ExplorerChoice::Described;
}

}  // namespace reversi::ui
