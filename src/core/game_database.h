// The expert-game database: every game of WTHOR (core/wthor.h) in one compact
// file (data/expert-games.bin, made by `reversi-cli database build`), and the
// queries of the opening explorer on it: what the experts played from a position
// (matched up to the board's eight symmetries, answered in the orientation asked),
// and the games by player, tournament, year or position.
//
// File format, version 1 (all numbers little-endian; README.md "Expert games"):
//   header, 40 bytes:
//     0  magic "RVGAMEDB"          8  version (u16) = 1     10  header size (u16) = 40
//     12 games (u32)              16  players (u32)        20  tournaments (u32)
//     24 moves, all games (u32)   28  body size (u32)      32  FNV-1a of the body (u32)
//     36 FNV-1a of bytes 0..35 (u32)
//   body:
//     the player names, then the tournament names: each a length byte and that
//       many bytes of UTF-8;
//     the move order: for each context, the 64 squares (0 a1 .. 63 h8) from the
//       most often played there in these games to the least, ties by square
//       (390 x 64 bytes). Context = 65 x the ply's bucket (plies 0-9: 0, 10-19: 1,
//       .., 50-59: 5) + the previous move's square (64 at the first move);
//     per game, one column after another (all years, then all tournaments, ...):
//       year (u16), tournament (u16), black player (u16), white player (u16),
//       black's final disc count as recorded (u8), black's theoretical count (u8),
//       number of moves (u8, at most 60);
//     the moves of every game, game after game, one byte each: the move's index
//       among the legal moves of the position in the move order of its context
//       (0: the legal move experts play most often there). Passes are implied,
//       as in WTHOR.
// Games are numbered from 1 in file order (the WTHOR files by year, each in its
// record order). At most 16,777,215 games and 65,535 players and tournaments.
//
// The reader checks everything (header, checksums, sizes before any allocation,
// names, every move replayed) and rejects a damaged or foreign file as a whole
// with a message; it works on bytes in memory, so a page can hand it a download.
// Loading replays every game once and keeps each game's position keys: for the
// first kIndexedPlies plies a 61-bit hash of the canonical image and the symmetry
// to it (a query compares keys), later a 28-bit hash and the symmetry (a query
// replays the games whose key matches, to check): about 400 bytes a game in all.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/position.h"
#include "core/wthor.h"

namespace reversi {

constexpr std::size_t kGameDatabaseHeaderSize = 40;
constexpr std::uint16_t kGameDatabaseVersion = 1;

// ---- making the file -----------------------------------------------------------
// The file of `games` (in that order) with the name tables of WTH.JOU and WTH.TRN.
// Fails if a game names a player or tournament the tables lack, or a table is too
// long for the format. Deterministic: the same games give the same bytes.
Expected<std::vector<std::uint8_t>> encode_game_database(std::span<const WthorGame> games,
                                                         std::span<const std::string> players,
                                                         std::span<const std::string> tournaments);

// ---- queries ------------------------------------------------------------------
struct DatabaseGame {
  std::uint32_t number = 0;  // 1-based, file order
  int year = 0;
  std::string black, white, tournament;
  int black_discs = 0;        // as recorded (the real result)
  int theoretical_black = 0;  // with perfect play from 24 empties, as recorded
  std::vector<Square> moves;  // from the standard start, passes implied
  int disc_difference() const { return 2 * black_discs - 64; }  // for black
};

struct MoveStatistics {
  Square square = NO_SQUARE;  // in the orientation of the position asked
  std::uint32_t games = 0;
  std::uint32_t black_wins = 0, draws = 0, white_wins = 0;
  double average_difference = 0;  // black's final disc difference, averaged
  friend bool operator==(const MoveStatistics&, const MoveStatistics&) = default;
};

struct PositionStatistics {
  std::uint32_t games = 0;            // games that reached the position (ended there too)
  std::vector<MoveStatistics> moves;  // most played first (then by square)
};

struct GameFilter {
  std::optional<std::string> player;      // a name (case-insensitive), black or white
  std::optional<std::string> tournament;  // a name (case-insensitive)
  std::optional<int> year;
  std::optional<Position> position;  // reached at some point, up to symmetry
  friend bool operator==(const GameFilter&, const GameFilter&) = default;
};

struct GameSearch {
  std::vector<std::uint32_t> numbers;  // the matching games, in file order
  // With a player filter: the player's games and results among the matches.
  std::optional<std::string> player;  // the name as recorded, when one name matched
  std::uint32_t player_games = 0, player_wins = 0, player_draws = 0;
  // The different names the player filter matched (part of a name finds every name that
  // contains it: "Tamenori" finds "Tamenori Hideshi"), at most kMaxMatchedNames.
  std::vector<std::string> players;
  static constexpr std::size_t kMaxMatchedNames = 20;
};

class GameDatabase {
 public:
  // `name` starts each error message (a path, or "expert games").
  static Expected<GameDatabase> parse(std::span<const std::uint8_t> bytes, std::string_view name = {});
  static Expected<GameDatabase> load(const std::string& path);

  std::uint32_t size() const { return std::uint32_t(years_.size()); }
  std::uint32_t checksum() const { return checksum_; }  // the body's FNV-1a, from the header
  int first_year() const { return first_year_; }
  int last_year() const { return last_year_; }
  const std::vector<std::string>& players() const { return players_; }
  const std::vector<std::string>& tournaments() const { return tournaments_; }

  // Game `number` (1..size()), or an error naming the range.
  Expected<DatabaseGame> game(std::uint32_t number) const;

  // What was played from `position` (up to symmetry; the squares in its orientation).
  // A position where the side to move must pass is taken after the pass.
  PositionStatistics statistics(const Position& position) const;

  // The games matching every filter given; an unknown player or tournament or a
  // year outside the database's gives an error naming it.
  Expected<GameSearch> games(const GameFilter& filter) const;

  // `count` positions of the games themselves, for benchmarks: after i mod 61 moves
  // (at most the game's length) of game 1 + 7919 i mod size(), i = 0..count-1.
  std::vector<Position> sample_positions(int count) const;

  // Bytes held after loading (the games, names and index), for the benchmarks.
  std::size_t memory_bytes() const;

  static constexpr int kIndexedPlies = 12;  // positions after 0..12 moves have 64-bit keys

 private:
  GameDatabase() = default;
  // Calls visit(game index, symmetry from the game's position there to the canonical
  // form) for each game that reached `position` (up to symmetry; no pass to make).
  template <class Visit>
  void for_each_game_at(const Position& position, Visit&& visit) const;

  std::vector<std::string> players_, tournaments_;
  std::vector<std::uint16_t> years_, tournament_of_, black_of_, white_of_;
  std::vector<std::uint8_t> black_discs_, theoretical_;
  std::vector<std::uint32_t> offsets_;  // size()+1 entries into squares_
  std::vector<std::uint8_t> squares_;   // every game's moves as squares
  std::vector<std::uint64_t> keys_;       // plies 0..kIndexedPlies: [ply * size() + game], 0 past a game's end
  std::vector<std::uint32_t> deep_keys_;  // later plies: [(ply - kIndexedPlies - 1) * size() + game], 28
                                          // bits of the key, bit 3 and the symmetry; 0 past a game's end
  std::uint32_t checksum_ = 0;
  int first_year_ = 0, last_year_ = 0;
};

// Who a name is: the name trimmed, in lower case (ASCII). WTHOR repeats some names with
// another case; the player search (games()) and the ratings (core/player_ratings.h) take
// the names with one key as one player.
std::string name_key(std::string_view name);

// The key of a position: a 61-bit hash of its canonical image, the symmetry to it
// in the low 3 bits (never 0).
std::uint64_t position_key(const Position& position);

}  // namespace reversi
