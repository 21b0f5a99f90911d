// How people lose discs (issue 45, part 2): the expert games' positions analysed by the
// engine, every legal move's value, for the study of human move choice (docs/human.md).
//
// The analysis of a game is a function of the game alone: an Analyzer cleared at the
// game's start (fresh tables), one thread, no time limit, midgame values of every move to
// a fixed depth D (AnalysisOptions::max_depth, ProbCut as the settings say), every value
// exact from E empties (solve_empties). Positions with a single legal move (no choice)
// and forced passes are not recorded.
//
// The file (data/human-moves.bin, a shard, a merge of shards), version 1, little-endian:
//   header, 40 bytes (core/bytes.h's checked header):
//     0  magic "RVHUMANM"        8  version (u16) = 1       10 header size (u16) = 40
//     12 games (u32)            16  positions (u32)         20 the expert-game database's
//     checksum (u32: the game numbers are its)              24 depth D (u8)
//     25 exact empties E (u8)   26  flags (u8): bit 0 ProbCut on     27 zero (u8)
//     28 body size (u32)        32  FNV-1a of the body     36 FNV-1a of bytes 0..35
//   body, game after game in increasing game number:
//     game number in the database (u32, from 1), year (u16), positions (u8);
//     each position, in increasing ply:
//       ply (u8: moves played before it, so 60 - ply squares are empty), flags (u8:
//       bit 0 white to move), the move played (u8, a square), legal moves n (u8, >= 2);
//       n moves in square order: square (u8; bit 7 set when the value is exact) and the
//       value (i16): tenths of a disc for the side to move (an exact value is the final
//       disc difference with perfect play, a multiple of 20 tenths).
// The reader checks all of it and refuses a damaged file as a whole, naming the problem.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/game_database.h"
#include "core/position.h"

namespace reversi {
class Analyzer;
}

namespace reversi::human {

inline constexpr std::uint16_t kHumanMovesVersion = 1;

struct MoveRecord {
  Square square = NO_SQUARE;
  int tenths = 0;  // tenths of a disc for the side to move
  bool exact = false;
  friend bool operator==(const MoveRecord&, const MoveRecord&) = default;
};

struct PositionRecord {
  int ply = 0;  // moves played before it; 60 - ply empties
  Color side = Color::Black;
  Square played = NO_SQUARE;
  std::vector<MoveRecord> moves;  // every legal move, square order
  int empties() const { return 60 - ply; }
  int best_tenths() const;
  int played_tenths() const;
  int loss_tenths() const { return best_tenths() - played_tenths(); }
  bool exact() const;  // every move's value exact
  friend bool operator==(const PositionRecord&, const PositionRecord&) = default;
};

struct GameRecord {
  std::uint32_t number = 0;  // in the expert-game database, from 1
  int year = 0;
  std::vector<PositionRecord> positions;
  friend bool operator==(const GameRecord&, const GameRecord&) = default;
};

struct Settings {
  int depth = 8;           // midgame plies (D)
  int exact_empties = 16;  // exact from this many empties (E)
  bool mpc = false;        // ProbCut in the midgame searches
  friend bool operator==(const Settings&, const Settings&) = default;
};

struct HumanMoves {
  Settings settings;
  std::uint32_t database_checksum = 0;
  std::vector<GameRecord> games;  // increasing number
  std::size_t positions() const;
};

// ---- analysis ----
// One game (Analyzer cleared first: the result depends on the game and the settings alone).
Expected<GameRecord> analyse_game(Analyzer& analyzer, const DatabaseGame& game, const Settings& settings);
// Games by number (each analysed as above, in the order given).
Expected<std::vector<GameRecord>> analyse_games(const GameDatabase& db, std::span<const std::uint32_t> numbers,
                                                const Settings& settings);

// ---- the file ----
std::vector<std::uint8_t> encode_human_moves(const HumanMoves& moves);
Expected<HumanMoves> parse_human_moves(std::span<const std::uint8_t> bytes, std::string_view name);
Expected<HumanMoves> load_human_moves(const std::string& path);

// ---- the sample and its shards ----
// The games of years [first_year, last_year] (0: no bound) whose hash with the seed is
// 0 modulo `every`, in the order of that hash: a seeded, deterministic shuffle, so that
// the shards finished first are a sample of all years, not the oldest games.
struct Sample {
  int every = 1;
  std::uint64_t seed = 1;
  int first_year = 0, last_year = 0;
  friend bool operator==(const Sample&, const Sample&) = default;
};
std::vector<std::uint32_t> sample_games(const GameDatabase& db, const Sample& sample);

// What DIR/PLAN holds: the sample, the analysis and the shard size, fixed for the folder.
struct Plan {
  Sample sample;
  Settings settings;
  int shard_games = 50;
  std::uint32_t database_checksum = 0;
  std::uint32_t sample_size = 0;  // games in the sample
  friend bool operator==(const Plan&, const Plan&) = default;
};
std::string plan_text(const Plan& plan);  // one line
Expected<Plan> parse_plan(std::string_view text);
std::size_t shard_count(const Plan& plan);
std::string shard_name(std::size_t shard);  // "shard-00042.bin"
// Shard k's games, in increasing number.
std::vector<std::uint32_t> shard_games(std::span<const std::uint32_t> sample, const Plan& plan, std::size_t shard);

// Writes DIR/PLAN, or checks that the one there is `plan` (else an error saying both).
Status write_or_check_plan(const std::string& dir, const Plan& plan);
Expected<Plan> read_plan(const std::string& dir);

struct ShardProgress {
  std::size_t shard = 0;
  bool made = false;  // false: it was there
  std::size_t games = 0, positions = 0;
  double seconds = 0, cpu_seconds = 0;
};
// Analyses every shard of the plan that DIR lacks (or only `only`), each written whole
// (lab/shards.h: temp file, rename, a MANIFEST line with its checksum).
Status run_shards(const GameDatabase& db, const std::string& dir, const Plan& plan,
                  std::optional<std::size_t> only, const std::string& command,
                  const std::function<void(const ShardProgress&)>& report = {});

// The finished shards of DIR, each checked against its MANIFEST checksum and read.
struct DirStatus {
  Plan plan;
  std::size_t shards = 0, done = 0;
  std::size_t games = 0, positions = 0;
  double cpu_seconds = 0;  // from the manifest lines of the shards done
};
Expected<DirStatus> dir_status(const std::string& dir);
// All finished shards as one file's content (games in increasing number); an error when
// none is finished (so that a merge never writes an empty file over a real one).
Expected<HumanMoves> merge_shards(const std::string& dir);

// ---- the figures of docs/human.md ----
// Markdown tables: loss by phase and by era, zero-loss and blunder shares, loss against
// difficulty (moves within 1 disc of the best; spread of the values).
std::string summary_text(const HumanMoves& moves);
// The rating bands of docs/human.md and of the model of human move choice: the lowest
// rating of each band after the first (the first holds every rating below the first edge).
std::vector<int> default_rating_bands();
// The name of band b of `edges` ("under 1900", "1900-1999", ..., "2400 and over").
std::string rating_band_name(std::span<const int> edges, std::size_t b);
// By the rating of the player who moved (`rating`: nullopt for a player without one, whose
// moves are left out): the summary's table by band, and the mean loss by band and phase.
std::string rating_band_text(const HumanMoves& moves, std::span<const int> edges,
                             const std::function<std::optional<int>(std::uint32_t game, Color side)>& rating);
// Two analyses of the same games (e.g. two depths) compared on the positions both hold,
// by phase: the mean difference of the played move's loss, how often they agree that it
// lost nothing, and how often a best move of `a` is a best move of `b` (a Markdown table).
std::string compare_text(const HumanMoves& a, const HumanMoves& b);

}  // namespace reversi::human
