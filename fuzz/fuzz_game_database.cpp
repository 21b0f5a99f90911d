// The expert-game database reader (core/game_database): GameDatabase::parse on any
// bytes. The checksums stop almost every mutation at the header, so each input is
// also tried "repaired": the move order set to the square order (a mutated order is
// rarely a permutation), the body size and both checksums set to match, so that the
// fuzzer reaches the name tables, the game columns and the replay.
// Properties: a rejected input gives an error message; an accepted database's games
// replay legally from the start, their fields are in range, and the statistics of
// the start count every game, with moves that are legal there.
#include <vector>

#include "core/bytes.h"
#include "core/game_database.h"
#include "fuzz_check.h"

using namespace reversi;

namespace {

void check(const std::vector<std::uint8_t>& bytes) {
  const auto db = GameDatabase::parse(bytes);
  if (!db) {
    FUZZ_CHECK(!db.error().empty());
    return;
  }
  std::uint32_t reaching_start = 0;
  for (std::uint32_t n = 1; n <= db->size(); ++n) {
    const auto g = db->game(n);
    FUZZ_CHECK(g.ok());
    FUZZ_CHECK(g->moves.size() <= 60);
    FUZZ_CHECK(g->black_discs <= 64 && g->theoretical_black <= 64);
    FUZZ_CHECK(g->year >= db->first_year() && g->year <= db->last_year());
    Position p = Position::initial();
    for (Square s : g->moves) {
      FUZZ_CHECK(!p.is_game_over() && p.is_legal(s));
      p = p.play(s);
      if (p.must_pass()) p = p.pass();
    }
    ++reaching_start;
  }
  FUZZ_CHECK(!db->game(0).ok() && !db->game(db->size() + 1).ok());
  const PositionStatistics start = db->statistics(Position::initial());
  FUZZ_CHECK(start.games == reaching_start);
  std::uint32_t continued = 0;
  for (const MoveStatistics& m : start.moves) {
    FUZZ_CHECK(Position::initial().is_legal(m.square));
    FUZZ_CHECK(m.black_wins + m.draws + m.white_wins == m.games);
    continued += m.games;
  }
  FUZZ_CHECK(continued <= start.games);
  if (db->size() > 0) {
    GameFilter f;
    f.year = db->first_year();
    FUZZ_CHECK(db->games(f).ok() && !db->games(f)->numbers.empty());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::uint8_t> bytes(data, data + size);
  check(bytes);
  if (size < kGameDatabaseHeaderSize) return 0;
  std::vector<std::uint8_t> repaired = bytes;
  // Past the names (a length byte and the text each), the move order: 390 rows of 64 squares.
  std::size_t at = kGameDatabaseHeaderSize;
  const std::uint64_t names = std::uint64_t(get_u32(repaired.data() + 16)) + get_u32(repaired.data() + 20);
  for (std::uint64_t i = 0; i < names && at < size; ++i) at += 1 + repaired[at];
  for (std::size_t row = 0; row < 390 && at + 64 <= size; ++row, at += 64)
    for (std::size_t k = 0; k < 64; ++k) repaired[at + k] = std::uint8_t(k);
  seal_checked_header(repaired);
  check(repaired);
  return 0;
}
