// The human players' openings reader (core/human_openings): HumanOpenings::parse on any
// bytes, each input also tried "repaired" (seal_checked_header) so that the fuzzer reaches
// the bands, the keys, the squares and the varint counts.
// Properties: a rejected input gives an error message; an accepted one has increasing keys
// and squares and a count for each band, its choices in the start position are legal moves
// with weights of at least zero, and encoding then parsing gives it back.
#include <vector>

#include "core/bytes.h"
#include "core/human_openings.h"
#include "fuzz_check.h"

using namespace reversi;

namespace {

void check(const std::vector<std::uint8_t>& bytes) {
  const auto o = HumanOpenings::parse(bytes);
  if (!o) {
    FUZZ_CHECK(!o.error().empty());
    return;
  }
  for (std::size_t i = 0; i < o->positions.size(); ++i) {
    const HumanOpeningPosition& p = o->positions[i];
    if (i) FUZZ_CHECK(o->positions[i - 1].key < p.key);
    FUZZ_CHECK(!p.moves.empty());
    for (const HumanOpeningMove& m : p.moves) FUZZ_CHECK(m.counts.size() == o->band_edges.size() + 1);
  }
  const Position start = Position::initial().play(F5);
  for (const int rating : {0, 2000, 4000})
    for (const auto& c : o->choices(start, rating)) FUZZ_CHECK(start.is_legal(c.square) && c.weight >= 0);
  const auto again = encode_human_openings(*o);
  FUZZ_CHECK(again.ok());
  const auto back = HumanOpenings::parse(*again);
  FUZZ_CHECK(back.ok() && *back == *o);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::raw_and_sealed(data, size, check);
  return 0;
}
