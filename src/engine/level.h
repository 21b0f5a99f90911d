// The searcher's playing levels, named "level-1" (instant) .. "level-N" (strongest),
// each defined by midgame depth, exact-endgame depth and time per move.
#pragma once

#include <memory>
#include <optional>
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

// A level's playing rating, for the player's rating from games against it (issue 35), on the
// people's scale of the expert games' ratings (docs/human.md, "Form from game to game"): levels
// 1-6 measured against the human players, the levels above the measured ladder of docs/evaluation.md
// ("Levels: each step") from level-6, each the one below plus the Elo of their match. None for
// other players and names.
std::optional<double> level_rating(std::string_view name);

// The threads the deep levels (8 and up) search with: the machine's cores (at most 4)
// unless set here. The browser's threaded AI worker sets the page's choice (1..64;
// anything else goes back to the machine's); +threads=T in a name still wins. Always
// 1 without REVERSI_THREADS.
void set_search_threads(int threads);
int search_threads();

}  // namespace reversi
