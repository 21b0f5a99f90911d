// The WTHOR sample of data/wthor (the games of 1983 and 2021) as an expert-game
// database's bytes (core/game_database.h), for the tests that need a small real one.
// The sample has no WTH.JOU: its players are named "Player N" by number.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/game_database.h"
#include "core/wthor.h"

namespace reversi::test {

inline std::vector<std::uint8_t> wthor_sample_database_bytes() {
  std::vector<WthorGame> games;
  for (const char* leaf : {"data/wthor/WTH_1983.wtb", "data/wthor/WTH_2021.wtb"}) {
    auto file = load_wthor(std::string(REVERSI_SOURCE_DIR) + "/" + leaf);
    REQUIRE(file.ok());
    for (WthorGame& g : file->games) games.push_back(std::move(g));
  }
  auto tournaments = load_wthor_names(std::string(REVERSI_SOURCE_DIR) + "/data/wthor/WTH.TRN", kWthorTournamentNameSize);
  REQUIRE(tournaments.ok());
  int count = 0;
  for (const WthorGame& g : games) count = std::max({count, g.black_player + 1, g.white_player + 1});
  std::vector<std::string> players;
  for (int i = 0; i < count; ++i) players.push_back("Player " + std::to_string(i));
  const auto bytes = encode_game_database(games, players, *tournaments);
  INFO(bytes.error());
  REQUIRE(bytes.ok());
  return *bytes;
}

}  // namespace reversi::test
