// Transcripts (core/notation, core/game): parse_transcript and Game::from_transcript.
// The input is a transcript played from the start position, or a board string,
// a newline, then a transcript played from that board.
// Properties: the moves print to a transcript that parses back to the same moves
// (in lower and upper case); Game::from_transcript accepts exactly what
// parse_transcript accepts and ends in the position the moves lead to.
#include <cctype>

#include "core/game.h"
#include "core/notation.h"
#include "fuzz_check.h"

using namespace reversi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input = fuzz::text(data, size);
  Position start = Position::initial();
  if (const auto newline = input.find('\n'); newline != std::string_view::npos) {
    if (auto board = parse_board_string(input.substr(0, newline))) {
      start = *board;
      input.remove_prefix(newline + 1);
    }
  }
  const auto moves = parse_transcript(input, start);
  const auto game = Game::from_transcript(input, start);
  FUZZ_CHECK(moves.ok() == game.ok());
  if (!moves) {
    FUZZ_CHECK(!moves.error().empty());
    return 0;
  }
  // Replaying the moves by hand: each legal, passes only when forced.
  Position p = start;
  if (p.must_pass()) p = p.pass();
  for (Square s : *moves) {
    FUZZ_CHECK(is_board_square(s));
    FUZZ_CHECK(p.is_legal(s));
    p = p.play(s);
    if (p.must_pass()) p = p.pass();
  }
  FUZZ_CHECK(game->position() == p);
  FUZZ_CHECK(game->moves().size() == moves->size());

  const std::string printed = to_transcript(*moves);
  FUZZ_CHECK(printed.size() == 2 * moves->size());
  FUZZ_CHECK(game->transcript() == printed);
  const auto again = parse_transcript(printed, start);
  FUZZ_CHECK(again.ok() && *again == *moves);
  std::string upper = printed;
  for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
  const auto again_upper = parse_transcript(upper, start);
  FUZZ_CHECK(again_upper.ok() && *again_upper == *moves);
  return 0;
}
