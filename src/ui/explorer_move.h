// A choice of one of the explorer's moves (the desktop: a click on its row), with the
// page's rule (web/js/explorer.js, chooseMove): the move is played when a person may
// move on the board shown, that is the live game at a person's turn (two people, or
// the person's turn against the computer), not an earlier position viewed, not the
// computer's turn, not a finished game, not a practice puzzle; otherwise the move's
// figures are said in the status line (Controller::show_notice) and nothing changes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/explorer_json.h"  // explorer_percent: the per cents a described move says
#include "core/game_database.h"
#include "ui/controller.h"

namespace reversi::ui {

enum class ExplorerChoice { Played, Described };
ExplorerChoice choose_explorer_move(Controller& controller, const MoveStatistics& move);

// Replays a game of the expert-game database: Controller::replay (people on both sides,
// the players' names on the cards; Undo brings back the game left), the position after
// `ply` moves shown (the last one: the end of the game), and the game's players and
// result said in the status line. Error, changing nothing, when the game has no moves or cannot be read.
Status replay_database_game(Controller& controller, const DatabaseGame& game, std::size_t ply);

// The explorer's buttons by what the page and the desktop know of them: a move of the
// position shown by its square, a game of the list by its number. A square the experts
// did not play there, or a game not listed, is an error that changes nothing.
Expected<ExplorerChoice> choose_explorer_square(Controller& controller, Square square);
// The listed game is replayed from where it reached the position shown when the list is
// that position's games, else from its start.
Status replay_listed_game(Controller& controller, std::uint32_t number);

}  // namespace reversi::ui
