// Placeholder until the searcher lands: no levels yet.
#include "engine/level.h"

namespace reversi {

std::vector<PlayerInfo> level_player_list() { return {}; }

Expected<std::unique_ptr<Player>> make_level_player(std::string_view name, std::uint64_t) {
  return Error{"unknown player '" + std::string(name) + "'"};
}

}  // namespace reversi
