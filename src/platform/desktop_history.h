// The desktop's "your games" (issue 35): every game the controller tells (Controller::on_history)
// kept in history.ggf beside the saved game, one game a line with its id
// (core/game_archive.h: archive_store_put). A file that cannot be written is said once on
// stderr and the game goes on.
#pragma once

#include <string>

namespace reversi::ui {
class Controller;
}

namespace reversi::desktop {

// Listens to `controller` for the rest of its life; `path` empty: nothing is kept.
void keep_history(ui::Controller& controller, const std::string& path);

}  // namespace reversi::desktop
