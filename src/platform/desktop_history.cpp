#include "platform/desktop_history.h"

#include <chrono>
#include <cstdio>

#include "core/game_archive.h"
#include "platform/desktop_files.h"
#include "ui/controller.h"
#include "ui/history_panel.h"

namespace reversi::desktop {

void keep_history(ui::Controller& controller, const std::string& path, ui::HistoryPanel* panel) {
  if (panel) {
    Store store = read_store(path.empty() ? std::string() : read_text_file(path));
    for (std::size_t i = 0; i < store.rejected.size() && i < 5; ++i)
      std::fprintf(stderr, "reversi: %s line %zu: %s (kept in the file, left out of your games)\n", path.c_str(),
                   store.rejected[i].index, store.rejected[i].error.message.c_str());
    if (store.rejected.size() > 5)
      std::fprintf(stderr, "reversi: %s: %zu more lines could not be read\n", path.c_str(), store.rejected.size() - 5);
    panel->set_games(std::move(store.games));
    controller.on_history([panel](std::uint64_t id, const ArchivedGame& game) { panel->put(id, game); });
  }
  if (path.empty()) return;
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  // Ids of this run start at its clock (ms x 1000): they never meet an earlier run's.
  controller.set_history_ids(std::uint64_t(std::chrono::duration_cast<std::chrono::milliseconds>(now).count()) * 1000);
  controller.set_date_source([] {
    return utc_date_text(std::chrono::duration_cast<std::chrono::seconds>(
                             std::chrono::system_clock::now().time_since_epoch()).count());
  });
  controller.on_history([path, warned = false](std::uint64_t id, const ArchivedGame& game) mutable {
    std::string store = archive_store_put(read_text_file(path), id, game);
    if (!store.empty() && store.back() == '\n') store.pop_back();  // write_text_file adds it
    if (!write_text_file(path, store) && !warned) {
      warned = true;
      std::fprintf(stderr, "reversi: could not keep your games in %s\n", path.c_str());
    }
  });
}

}  // namespace reversi::desktop
