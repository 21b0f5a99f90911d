// What the expert-game commands (database, explore, games) share: where the
// committed database is, and loading it with a one-line error.
#pragma once

#include <optional>
#include <string>

#include "core/expected.h"
#include "core/game_database.h"

namespace reversi::cli {

// data/expert-games.bin of the working folder if it is there, else that of the
// source tree reversi-cli was built from.
std::string default_database_path();

// The database at `path` (default_database_path() when absent), loaded and checked.
Expected<GameDatabase> load_expert_games(const std::optional<std::string>& path);

}  // namespace reversi::cli
