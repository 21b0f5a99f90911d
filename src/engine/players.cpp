// The registry of selectable players: the seven classic ones (classic.h), then
// the searcher's levels (level.h), then the human players (human_player.h).
#include <exception>

#include "core/square.h"
#include "engine/classic.h"
#include "engine/human_player.h"
#include "engine/level.h"
#include "engine/player.h"
#include "engine/request.h"

namespace reversi {

std::vector<PlayerInfo> player_list() {
  std::vector<PlayerInfo> list = classic_player_list();
  for (PlayerInfo& info : level_player_list()) list.push_back(std::move(info));
  for (PlayerInfo& info : human_player_list()) list.push_back(std::move(info));
  return list;
}

Expected<std::unique_ptr<Player>> make_player(std::string_view name, std::uint64_t seed) {
  if (auto player = make_classic_player(name, seed)) return player;
  if (auto human = make_human_player(name, seed); !human.ok() || *human) return human;
  // The searcher may accept names beyond its list; anything it rejects is unknown.
  auto level = make_level_player(name, seed);
  if (level.ok() && *level) return std::move(*level);
  // A level with a bad option (or an unreadable weights= file) says what is wrong.
  if (!level.ok() && name.substr(0, 6) == "level-" && name.find('+') != std::string_view::npos)
    return Error{level.error()};
  std::string known;
  for (const PlayerInfo& info : player_list()) known += (known.empty() ? "" : ", ") + info.name;
  return Error{"unknown player '" + std::string(name) + "' (known: " + known + ")"};
}

Expected<SearchResult> choose_checked(Player& player, const Position& position,
                                      const SearchLimits& limits) {
  if (position.is_game_over()) return Error{"no move to find: the game is over"};
  SearchResult result;
#if defined(__cpp_exceptions)
  try {
    result = player.choose(position, limits);
  } catch (const std::exception& e) {
    // Out of memory for a table, most likely: the game goes on without this answer.
    return Error{"player '" + player.name() + "' failed: " + e.what()};
  }
#else
  result = player.choose(position, limits);
#endif
  const Square m = result.move;
  const bool legal = m == PASS ? !position.has_legal_move() : position.is_legal(m);
  if (!legal)
    return Error{"player '" + player.name() + "' chose " + square_name(m) + " in " +
                 color_name(position.to_move) + "'s position, which is not a legal move"};
  return result;
}

Expected<SearchResult> choose_with(std::string_view name, std::uint64_t seed,
                                   const Position& position, const SearchLimits& limits) {
  RequestRunner runner(1);
  return runner.choose({position, std::string(name), limits, seed});
}

}  // namespace reversi
