// The ratings of the people in the expert-game database (issue 45): each player's
// strength year by year, on an Elo scale, fitted from their games by
// `reversi-cli ratings build` (src/lab/player_rating_fit.h; the method and the
// figures in docs/human.md "Ratings"), kept in data/player-ratings.bin, read here.
// The explorer shows a player's rating beside their record (answer_explorer), and
// the move-loss analysis by rating band asks the rating of a game's players at the
// game's date (game_ratings below).
//
// A player is a name, case aside (name_key, core/game_database.h): WTHOR repeats
// some names, and the database's player search counts them as one player too.
//
// File format, version 1 (little-endian; README.md "Player ratings"):
//   header, 40 bytes (the checked header of core/bytes.h):
//     0  magic "RVRATING"        8  version (u16) = 1     10 header size (u16) = 40
//     12 players (u32)          16 player-years (u32)    20 the expert-game database's
//                                                           checksum the fit read (u32)
//     24 first held-out year (u16): the fit used only the games before it
//     26 reserved (u16) = 0
//     28 body size (u32)        32 FNV-1a of the body (u32)
//     36 FNV-1a of bytes 0..35 (u32)
//   body:
//     the fit, 16 bytes: first year (u16), last year (u16) of the games fitted,
//       black's advantage (i16, Elo points), the year-to-year deviation (u16), the
//       newcomers' deviation (u16), a newcomer's rating (u16), the anchor: its
//       rating (u16) and its first year (u16) (docs/human.md says what it is);
//     per player, by name key (strictly ascending): the name as recorded (a length
//       byte and that many bytes of UTF-8), the number of years (u8, at least 1),
//       then per year (strictly ascending, within the fit's years): year (u16),
//       rating (u16), deviation (u16), games that year (u16).
// The reader checks everything and refuses a damaged, truncated or foreign file
// with a message; it works from bytes in memory, so the page's worker hands it a
// download.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"

namespace reversi {

struct DatabaseGame;

constexpr std::size_t kPlayerRatingsHeaderSize = 40;
constexpr std::uint16_t kPlayerRatingsVersion = 1;

// The Elo expectation: black's expected score (win 1, draw 1/2) when black's rating
// minus white's, black's advantage added, is `difference` points.
double elo_expected(double difference);

struct PlayerYear {
  int year = 0;
  int rating = 0;
  int deviation = 0;  // one standard deviation of the estimate, in points
  int games = 0;      // the player's games that year in the fit
  friend bool operator==(const PlayerYear&, const PlayerYear&) = default;
};

struct PlayerHistory {
  std::string name;               // as recorded (the first spelling met)
  std::vector<PlayerYear> years;  // the years with games in the fit, ascending
  friend bool operator==(const PlayerHistory&, const PlayerHistory&) = default;
};

// A player's rating at a year: that year's estimate when they played then; between two
// years with games the straight line between them; after their last year (or before
// their first) the nearest year's estimate, with its deviation grown by the
// year-to-year deviation (the fit's model: a random walk).
struct RatingAt {
  int rating = 0;
  int deviation = 0;
  int from_year = 0;  // the nearest year with games in the fit
  friend bool operator==(const RatingAt&, const RatingAt&) = default;
};

// What the explorer shows: the latest estimate and the best one.
struct PlayerRatingSummary {
  std::string name;
  PlayerYear latest, peak;
  int games = 0;  // all their games in the fit
  friend bool operator==(const PlayerRatingSummary&, const PlayerRatingSummary&) = default;
};

struct PlayerRatings {
  std::uint32_t database_checksum = 0;  // of the expert-game database fitted
  int test_from = 0;                    // the first held-out year: no game from it on was fitted
  int first_year = 0, last_year = 0;    // the years of the games fitted
  int black_advantage = 0;              // Elo points, in every prediction
  int year_deviation = 0;               // a player's strength drifts this much a year (points)
  int newcomer_deviation = 0;           // the spread of a first year's strength
  int newcomer_rating = 0;              // the prediction for a player the fit never saw
  int anchor_rating = 0, anchor_from = 0;
  std::vector<PlayerHistory> players;  // by name_key, ascending

  // The player named `name` (case aside, trimmed), or null.
  const PlayerHistory* find(std::string_view name) const;
  std::optional<RatingAt> at(std::string_view name, int year) const;
  std::optional<PlayerRatingSummary> summary(std::string_view name) const;
  // `name`'s expected score against `opponent` with black's advantage (black true:
  // `name` had black); a player the fit never saw counts as newcomer_rating.
  double expected(std::string_view name, std::string_view opponent, bool black, int year) const;

  static Expected<PlayerRatings> parse(std::span<const std::uint8_t> bytes, std::string_view name = {});
  static Expected<PlayerRatings> load(const std::string& path);
  friend bool operator==(const PlayerRatings&, const PlayerRatings&) = default;
};

// The file of `ratings` (players sorted by name key first; fails on a field the format
// cannot hold). Deterministic: the same ratings give the same bytes.
Expected<std::vector<std::uint8_t>> encode_player_ratings(const PlayerRatings& ratings);

// The ratings of a game's two players at the game's year (for the move-loss analysis
// by rating band); nullopt for a player the fit never saw.
struct GameRatings {
  std::optional<RatingAt> black, white;
};
GameRatings game_ratings(const PlayerRatings& ratings, const DatabaseGame& game);

}  // namespace reversi
