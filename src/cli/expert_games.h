// What the expert-game commands (database, explore, games, ratings) share: where the
// committed database and its players' ratings are, and loading them with a one-line error.
#pragma once

#include <optional>
#include <string>

#include "core/expected.h"
#include "core/game_database.h"
#include "core/player_ratings.h"

namespace reversi::cli {

// data/`leaf` of the working folder if it is there, else that of the source tree
// reversi-cli was built from.
std::string default_data_path(const std::string& leaf);
// data/expert-games.bin, found as default_data_path says.
std::string default_database_path();
// data/player-ratings.bin (core/player_ratings.h; reversi-cli ratings build).
std::string default_ratings_path();

// The database at `path` (default_database_path() when absent), loaded and checked.
Expected<GameDatabase> load_expert_games(const std::optional<std::string>& path);
// The ratings at `path` (default_ratings_path() when absent), loaded and checked.
Expected<PlayerRatings> load_player_ratings(const std::optional<std::string>& path);

}  // namespace reversi::cli
