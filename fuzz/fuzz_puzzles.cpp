// The practice puzzle reader (engine/puzzles): parse_puzzles on any bytes. The
// checksums stop almost every mutation at the header, so each input is also tried
// "repaired": the body size and both checksums set to match, so that the fuzzer
// reaches the name table and the puzzles.
// Properties: a rejected input gives an error message; an accepted set's puzzles
// list every legal move once, best first, with a unique answer, and re-encode to
// the same bytes' meaning (encode then parse gives the same set); judging the
// answer is right, and every listed move is judged.
#include <vector>

#include "core/bytes.h"
#include "engine/puzzles.h"
#include "fuzz_check.h"

using namespace reversi;

namespace {

void check(const std::vector<std::uint8_t>& bytes) {
  const auto set = parse_puzzles(bytes);
  if (!set) {
    FUZZ_CHECK(!set.error().empty());
    return;
  }
  for (const Puzzle& p : set->puzzles) {
    FUZZ_CHECK(p.moves.size() >= 2 && int(p.moves.size()) == popcount(p.position.legal_moves()));
    for (std::size_t k = 1; k < p.moves.size(); ++k) FUZZ_CHECK(p.moves[k].value <= p.moves[k - 1].value);
    const auto right = judge(p, square_name(p.answer()));
    FUZZ_CHECK(right.ok() && right->right);
    for (const PuzzleMove& m : p.moves) FUZZ_CHECK(judge(p, square_name(m.square)).ok());
  }
  const auto again = encode_puzzles(*set);
  FUZZ_CHECK(again.ok());
  const auto back = parse_puzzles(*again);
  FUZZ_CHECK(back.ok() && *back == *set);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::raw_and_sealed(data, size, check);
  return 0;
}
