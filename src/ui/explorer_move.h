// A choice of one of the explorer's moves (the desktop: a click on its row), with the
// page's rule (web/js/explorer.js, chooseMove): the move is played when a person may
// move on the board shown, that is the live game at a person's turn (two people, or
// the person's turn against the computer), not an earlier position viewed, not the
// computer's turn, not a finished game, not a practice puzzle; otherwise the move's
// figures are said in the status line (Controller::show_notice) and nothing changes.
#pragma once

#include <cstdint>
#include <string>

#include "core/game_database.h"
#include "ui/controller.h"

namespace reversi::ui {

enum class ExplorerChoice { Played, Described };
ExplorerChoice choose_explorer_move(Controller& controller, const MoveStatistics& move);

// Whole per cent of `of` ("0" when `of` is 0), as the explorer's table writes them.
int explorer_percent(std::uint32_t n, std::uint32_t of);

}  // namespace reversi::ui
