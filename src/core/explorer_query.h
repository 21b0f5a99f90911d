// One question to the expert-game database and its answer (issue 33: one pipeline for
// the explorer). The controller's ExplorerSession (ui/explorer_session.h) asks these of
// an ExplorerClient: on the desktop a thread holding the database, on the page the
// explorer worker (src/platform/explorer_worker.cpp), which gets the request as text
// (core/explorer_protocol.h), answers it with answer_explorer() below and sends the
// answer back as text. The CLI's `explore` and `games` answer through the same function,
// so every front end shows the same figures and the same games in the same order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/game_database.h"
#include "core/player_ratings.h"

namespace reversi {

enum class ExplorerAsk : std::uint8_t {
  Moves,  // what was played from `position` (PositionStatistics)
  Games,  // the games matching `filter`, with the player's record
};

struct ExplorerRequest {
  std::uint64_t id = 0;  // set by the client; the answer carries it back
  ExplorerAsk ask = ExplorerAsk::Moves;
  Position position = Position::initial();  // Moves
  GameFilter filter;                        // Games
  std::size_t limit = 20;                   // Games: how many games to send
  bool newest_first = false;                // Games: the newest `limit` first, else the first in file order
  friend bool operator==(const ExplorerRequest&, const ExplorerRequest&) = default;
};

// The games found: how many match, the player's record when one name matched, the names
// a part of a name matched (GameSearch), and up to `limit` of the games themselves.
struct ExplorerGames {
  std::uint32_t count = 0;
  std::optional<std::string> player;
  std::uint32_t player_games = 0, player_wins = 0, player_draws = 0;
  std::vector<std::string> players;
  // The player's rating (core/player_ratings.h) when one name matched and the ratings
  // know it: the latest estimate and the peak.
  std::optional<PlayerRatingSummary> rating;
  std::vector<DatabaseGame> games;
};

struct ExplorerReply {
  std::uint64_t id = 0;
  ExplorerAsk ask = ExplorerAsk::Moves;
  // Why not, for people (the database's "no player's name contains 'X'", with its catalog
  // key and arguments, said by ui::error_text); its message is empty on success.
  Error error;
  PositionStatistics statistics;  // Moves
  ExplorerGames games;            // Games
};

// The database's answer (never throws; a bad filter is the reply's error). With
// `ratings`, a player's search carries the player's rating.
ExplorerReply answer_explorer(const GameDatabase& database, const ExplorerRequest& request,
                              const PlayerRatings* ratings = nullptr);

}  // namespace reversi
