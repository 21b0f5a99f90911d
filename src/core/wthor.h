// WTHOR, the French Othello Federation's database of tournament games
// (data/wthor/README.md has the format and where the files come from).
//
//  - A game file (WTH_YYYY.wtb): a 16-byte header, then one 68-byte record a
//    game: tournament and player numbers, black's real and theoretical final
//    disc counts, 60 move bytes (10 x column + row, 1-8 each; 0 ends a game that
//    stopped early). Passes are not recorded.
//  - A name file (WTH.JOU players, 20-byte records; WTH.TRN tournaments,
//    26-byte records): a 16-byte header, then zero-padded Latin-1 names.
//
// Parsing checks everything a later reader relies on and fails as a whole: a
// rejected file yields only an error (naming the game and the move where
// there is one), never a partial list of games.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/file.h"
#include "core/position.h"

namespace reversi {

constexpr std::size_t kWthorHeaderSize = 16;
constexpr std::size_t kWthorGameSize = 68;
constexpr std::size_t kWthorPlayerNameSize = 20;
constexpr std::size_t kWthorTournamentNameSize = 26;

// The header fields as stored (kept whole so that a file re-encodes to its bytes).
struct WthorHeader {
  std::uint8_t century = 0, year = 0, month = 0, day = 0;  // the file's creation date
  std::uint32_t games = 0;        // number of game records
  std::uint16_t records = 0;      // number of name records (0 in game files)
  std::uint16_t game_year = 0;    // the year the games were played
  std::uint8_t board_size = 0;    // 0 or 8: 8x8 (others are rejected)
  std::uint8_t game_type = 0;
  std::uint8_t depth = 0;         // empties from which the theoretical score was computed
  std::uint8_t reserved = 0;
  friend bool operator==(const WthorHeader&, const WthorHeader&) = default;
};

struct WthorGame {
  int year = 0;               // from the file's header
  int tournament = 0;         // record number in WTH.TRN
  int black_player = 0;       // record number in WTH.JOU
  int white_player = 0;
  int black_discs = 0;        // black's final disc count as recorded (the real result)
  int theoretical_black = 0;  // black's count with perfect play from the header's depth, as recorded
  std::vector<Square> moves;  // the moves played from the standard start (passes implied)
  Position final;             // the position after the moves (forced passes applied)

  // Played until neither side could move (not stopped early by time or resignation).
  bool complete() const { return final.is_game_over(); }
  // Black's discs in `final` with the empty squares counted for the winner (half each
  // in a draw): what black_discs records for a complete game (all 137,135 complete
  // games of the 1977-2025 database do).
  int counted_black_discs() const;
};

struct WthorFile {
  WthorHeader header;
  std::vector<WthorGame> games;
};

// A game file's bytes. Checked: the header (16 bytes, an 8x8 board), the game
// count against the size, disc counts 0..64, every move byte a square or a 0
// that only zeros follow, every move legal from the standard start and none after
// the game's end. `name` (a path) starts each error message.
Expected<WthorFile> parse_wthor(std::span<const std::uint8_t> bytes, std::string_view name = {});
// The bytes of a file: parse_wthor(encode_wthor(f)) gives f back, and
// encode_wthor(parse_wthor(b)) == b.
std::vector<std::uint8_t> encode_wthor(const WthorFile& file);
Expected<WthorFile> load_wthor(const std::string& path);

// A name file's bytes (record_size kWthorPlayerNameSize or kWthorTournamentNameSize):
// the names in record order, converted from Latin-1 to UTF-8.
Expected<std::vector<std::string>> parse_wthor_names(std::span<const std::uint8_t> bytes,
                                                     std::size_t record_size,
                                                     std::string_view name = {});
Expected<std::vector<std::string>> load_wthor_names(const std::string& path, std::size_t record_size);

}  // namespace reversi
