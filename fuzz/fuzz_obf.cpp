// OBF lines (engine/obf): parse_obf_line. Property: an accepted line prints (board
// string; Move:score; ...; % comment) to a line that parses back to the same entry,
// every listed square is a legal move, every score lies in -64..64.
#include "core/notation.h"
#include "engine/obf.h"
#include "fuzz_check.h"

using namespace reversi;

namespace {

std::string print(const ObfEntry& e) {
  std::string s = to_board_string(e.position) + ";";
  for (const ObfMove& m : e.moves) {
    std::string name = m.move == PASS ? "PS" : square_name(m.move);
    for (char& c : name) c = char(std::toupper(static_cast<unsigned char>(c)));
    s += " " + name + ":" + (m.score > 0 ? "+" : "") + std::to_string(m.score) + ";";
  }
  if (!e.comment.empty()) s += " % " + e.comment;
  return s;
}

bool same(const ObfEntry& a, const ObfEntry& b) {
  if (!(a.position == b.position) || a.comment != b.comment || a.moves.size() != b.moves.size())
    return false;
  for (std::size_t i = 0; i < a.moves.size(); ++i)
    if (a.moves[i].move != b.moves[i].move || a.moves[i].score != b.moves[i].score) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto entry = parse_obf_line(fuzz::text(data, size));
  if (!entry) {
    FUZZ_CHECK(!entry.error().empty());
    return 0;
  }
  for (const ObfMove& m : entry->moves) {
    FUZZ_CHECK(m.score >= -64 && m.score <= 64);
    FUZZ_CHECK(m.move == PASS || entry->position.is_legal(m.move));
  }
  const std::string printed = print(*entry);
  const auto again = parse_obf_line(printed);
  FUZZ_CHECK(again.ok());
  FUZZ_CHECK(same(*entry, *again));
  FUZZ_CHECK(print(*again) == printed);
  return 0;
}
