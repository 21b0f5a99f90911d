// WTHOR database files (core/wthor): parse_wthor on a game file's bytes, and
// parse_wthor_names on the same bytes as a name file of either record size.
// The header's game count stops almost every mutation that changes the size, so
// each input is also tried "repaired": cut to whole records, with the count set
// to match, so that the fuzzer reaches the move decoder and the replay.
// Properties: a rejected input gives only an error message (no games); an
// accepted game file re-encodes to exactly its bytes, and its games replay
// legally from the start to their final position; accepted names are as many
// as the header says, without NUL bytes.
#include <vector>

#include "core/wthor.h"
#include "fuzz_check.h"

using namespace reversi;

namespace {

void check_games(const std::vector<std::uint8_t>& bytes) {
  const auto file = parse_wthor(bytes);
  if (!file) {
    FUZZ_CHECK(!file.error().empty());
    return;
  }
  FUZZ_CHECK(encode_wthor(*file) == bytes);
  FUZZ_CHECK(file->games.size() == file->header.games);
  for (const WthorGame& g : file->games) {
    FUZZ_CHECK(g.moves.size() <= 60);
    FUZZ_CHECK(g.black_discs <= 64 && g.theoretical_black <= 64);
    FUZZ_CHECK(g.year == file->header.game_year);
    Position p = Position::initial();
    for (Square s : g.moves) {
      FUZZ_CHECK(!p.is_game_over() && p.is_legal(s));
      p = p.play(s);
      if (p.must_pass()) p = p.pass();
    }
    FUZZ_CHECK(p == g.final);
    if (g.complete()) FUZZ_CHECK(g.counted_black_discs() >= 0 && g.counted_black_discs() <= 64);
  }
}

void check_names(const std::vector<std::uint8_t>& bytes, std::size_t record_size) {
  const auto names = parse_wthor_names(bytes, record_size);
  if (!names) {
    FUZZ_CHECK(!names.error().empty());
    return;
  }
  FUZZ_CHECK(names->size() == std::size_t(bytes[8] | bytes[9] << 8));
  for (const std::string& n : *names) {
    FUZZ_CHECK(n.size() <= 2 * record_size);  // Latin-1 to UTF-8: at most two bytes a character
    FUZZ_CHECK(n.find('\0') == std::string::npos);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::uint8_t> bytes(data, data + size);
  check_games(bytes);
  check_names(bytes, kWthorPlayerNameSize);
  check_names(bytes, kWthorTournamentNameSize);
  if (size < kWthorHeaderSize) return 0;
  const std::size_t games = (size - kWthorHeaderSize) / kWthorGameSize;
  std::vector<std::uint8_t> repaired(data, data + kWthorHeaderSize + games * kWthorGameSize);
  for (int i = 0; i < 4; ++i) repaired[4 + i] = std::uint8_t(games >> (8 * i));
  check_games(repaired);
  return 0;
}
