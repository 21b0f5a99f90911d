// Board strings (core/notation): parse_board_string. Property: a parsed board
// prints to a string that parses back to the same position, and printing is a
// fixed point (print(parse(print(p))) == print(p)).
#include "core/notation.h"
#include "fuzz_check.h"

using namespace reversi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto parsed = parse_board_string(fuzz::text(data, size));
  if (!parsed) {
    FUZZ_CHECK(!parsed.error().empty());
    return 0;
  }
  FUZZ_CHECK((parsed->black() & parsed->white()) == 0);
  const std::string printed = to_board_string(*parsed);
  FUZZ_CHECK(printed.size() == 66);
  const auto again = parse_board_string(printed);
  FUZZ_CHECK(again.ok());
  FUZZ_CHECK(*again == *parsed);
  FUZZ_CHECK(to_board_string(*again) == printed);
  return 0;
}
