// The desktop's "your games" (issue 35): every game the controller tells (Controller::on_history)
// kept in history.ggf beside the saved game, one game a line with its id
// (core/game_archive.h: archive_store_put). A file that cannot be written is said once on
// stderr and the game goes on. The "Your games" panel (ui/history_panel.h, key G) lists them:
// the file as read at start (read_store; its unreadable lines named on stderr, and kept in
// the file), then each game told, its entry replaced by id.
#pragma once

#include <string>

namespace reversi::ui {
class Controller;
class HistoryPanel;
}

namespace reversi::desktop {

// Listens to `controller` for the rest of its life; `path` empty: nothing is kept (the
// panel still lists this run's games). `panel` (may be null) must outlive the controller.
void keep_history(ui::Controller& controller, const std::string& path, ui::HistoryPanel* panel = nullptr);

}  // namespace reversi::desktop
