// The searcher's playing levels, named "level-1" (instant) .. "level-N" (strongest),
// each defined by midgame depth, exact-endgame depth and time per move.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "engine/player.h"

namespace reversi {

std::vector<PlayerInfo> level_player_list();
Expected<std::unique_ptr<Player>> make_level_player(std::string_view name, std::uint64_t seed);
// The time a level spends on a move on this platform (the browser's budget in
// WebAssembly), or the variant's +time=MS, in milliseconds; 0 for a name that is
// not a level or has a bad option. Lets a caller
// that cannot see the search (the page's AI worker watchdog) know when to worry.
double level_time_budget_ms(std::string_view name);

}  // namespace reversi
