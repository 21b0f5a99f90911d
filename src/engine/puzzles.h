// Practice puzzles (issue 27): positions of the expert games where one move is
// proven best, the file that holds them, the daily puzzle and the judging of an
// answer. The rating that follows the player is in core/rating.h.
//
// A puzzle is a position with 10..26 empties (the side to move has a legal
// move) where, by the exact solver, one move is strictly better than every
// other by at least 2 discs (PuzzleKind::Best), or is the only move that wins
// (PuzzleKind::Win: the best value > 0, every other <= 0; a Win puzzle may also
// have a margin of 2 or more). Every legal move's exact value is kept.
//
// File format, version 1 (little-endian; README.md "Practice puzzles"):
//   header, 40 bytes:
//     0  magic "RVPUZZLE"        8  version (u16) = 1     10 header size (u16) = 40
//     12 puzzles (u32)          16 names (u32)           20 seed (u64)
//     28 body size (u32)        32 FNV-1a of the body (u32)
//     36 FNV-1a of bytes 0..35 (u32)
//   body: the player names (a length byte and that many bytes of UTF-8 each),
//   then per puzzle:
//     player discs (u64), opponent discs (u64), side to move (u8: 0 black, 1 white),
//     game number (u32, 1-based in data/expert-games.bin), year (u16),
//     black name (u16), white name (u16), kind (u8: 0 best, 1 win),
//     flags (u8: bit 0 a depth-2 search finds the answer, bit 1 the most-flips
//     move is the answer), rating (u16),
//     moves (u8, 1..32), then per move: square (u8), exact value (i8), best first.
// The reader checks everything and rejects a corrupt, foreign or truncated file
// with a message; it works from bytes in memory.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/position.h"

namespace reversi {

class GameDatabase;

constexpr std::size_t kPuzzleHeaderSize = 40;
constexpr std::uint16_t kPuzzleFileVersion = 1;

enum class PuzzleKind : std::uint8_t { Best = 0, Win = 1 };

struct PuzzleMove {
  Square square = NO_SQUARE;
  int value = 0;  // exact final disc difference for the side to move
  friend bool operator==(const PuzzleMove&, const PuzzleMove&) = default;
};

struct Puzzle {
  Position position;
  std::uint32_t game = 0;  // source game number in the expert-game database
  int year = 0;
  std::string black, white;
  PuzzleKind kind = PuzzleKind::Best;
  bool shallow_finds = false;      // a depth-2 search already picks the answer
  bool most_flips_finds = false;   // the move flipping most discs is the answer
  int rating = 1500;               // Glicko-2 scale, from the difficulty
  std::vector<PuzzleMove> moves;   // every legal move, best first (value, then square)

  Square answer() const { return moves.front().square; }
  int best_value() const { return moves.front().value; }
  int margin() const;       // best minus second best (64 if one legal move: never stored)
  int good_moves() const;   // moves with the best move's outcome (win/draw/loss)
  int empties() const { return position.empty_count(); }
  std::string goal() const;  // "Black to play: find the best move" / "... the only winning move"
  friend bool operator==(const Puzzle&, const Puzzle&) = default;
};

// The rating from the difficulty (empties, margin, shallow/most-flips finds, good
// moves): 800..2600.
int puzzle_rating(int empties, int margin, bool shallow_finds, bool most_flips_finds, int good_moves);

struct PuzzleSet {
  std::uint64_t seed = 0;
  std::vector<Puzzle> puzzles;
  friend bool operator==(const PuzzleSet&, const PuzzleSet&) = default;
};

Expected<std::vector<std::uint8_t>> encode_puzzles(const PuzzleSet& set);
Expected<PuzzleSet> parse_puzzles(std::span<const std::uint8_t> bytes, std::string_view name = {});
Expected<PuzzleSet> load_puzzles(const std::string& path);

// ---- making the set ---------------------------------------------------------
struct PuzzleBuildOptions {
  std::uint64_t seed = 1;
  int count = 1000;          // puzzles wanted
  int min_empties = 10, max_empties = 20;
  int threads = 1;           // solver threads
  int max_candidates = 0;    // positions tried at most (0: 50 x count)
  double time_limit_s = 0;   // stop early (0: none); the set is then shorter
};
struct PuzzleBuildProgress {
  int candidates = 0, puzzles = 0;
  double seconds = 0;
};
// Positions drawn from the games by the seed: game uniformly, empties uniformly
// in [min, max]; a position seen before is skipped. Every legal move is solved
// exactly. Deterministic without a time limit: same database and options, same set,
// and the first K puzzles of a seed and range are those of any longer run.
Expected<PuzzleSet> build_puzzles(const GameDatabase& db, const PuzzleBuildOptions& options,
                                  const std::function<void(const PuzzleBuildProgress&)>& progress = {});

// Appending to a shipped set (the bytes of a puzzle file, `name` for the messages):
// its puzzles unchanged and first (a puzzle's id is its index, so a player's seen
// list and the daily puzzles stay valid), then options.count new ones drawn as
// build_puzzles draws them, a position already in the set skipped. The header keeps
// the set's seed (that of its first build; the appended ones' seed is the command's).
// A corrupt or foreign file is an error naming it. The progress counts new puzzles.
Expected<PuzzleSet> append_puzzles(const GameDatabase& db, std::span<const std::uint8_t> existing,
                                   std::string_view name, const PuzzleBuildOptions& options,
                                   const std::function<void(const PuzzleBuildProgress&)>& progress = {});

// Every legal move's exact value, best first (the solver's full window on each child).
class EndgameSolver;
std::vector<PuzzleMove> exact_move_values(EndgameSolver& solver, const Position& position);

// Re-proves a stored puzzle: every legal move solved again must give the stored values
// (the reader has already checked that they make a puzzle). Empty when they agree, else
// what differs ("c4: stored +2, solved +4"). `reversi-cli puzzles verify` and the tests
// call it.
std::string reprove_puzzle(EndgameSolver& solver, const Puzzle& puzzle);

// ---- using it ---------------------------------------------------------------
// The daily puzzle is chosen among the first 3,000 puzzles only: the set as first
// shipped (10-20 empties). Puzzles appended later (append_puzzles) then change no
// date's puzzle, so a shared ?daily= link keeps showing the same one.
constexpr std::size_t kDailyPuzzles = 3000;

// The daily puzzle: an index in [0, min(count, kDailyPuzzles)) from the date
// "YYYY-MM-DD" (a real date of years 1900..9999), the same for everyone. Errors
// name the problem.
Expected<std::size_t> daily_puzzle(std::string_view date, std::size_t count);

struct Judgement {
  bool right = false;
  int value = 0, best = 0;  // the move's exact value and the best one
  int loss = 0;             // best - value
  std::string message;      // "Right: c7 is the best move (+4)" / "c7 loses 6 discs: the best was b2 (+4)"
};
// The answer as a square name; an illegal or unreadable move is an error ("c7 is
// not a legal move here (legal: b2, c7)").
Expected<Judgement> judge(const Puzzle& puzzle, std::string_view move);

// The next puzzle for a player: one not in `seen` whose rating is nearest to
// `rating`, chosen among the 16 nearest by the seed (deterministic). Every
// puzzle seen: the seen ones count again. Precondition: a non-empty set.
std::size_t choose_puzzle(const PuzzleSet& set, double rating, std::span<const std::size_t> seen,
                          std::uint64_t seed);

}  // namespace reversi
