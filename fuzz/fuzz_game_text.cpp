// Games as text (core/game_text): parse_game_text on anything: a transcript, a
// GGF game or a board string.
// Properties: never crashes; an accepted text's moves replay legally from its
// start (which has a side to move unless the game is over); exported as GGF it
// reads back as the same start and moves, as a board string as the position
// after the moves, and (from the initial position) as a transcript as the same
// moves; exporting the read-back GGF gives the same text. A refusal is one the
// player can read in their language: it has a catalog key (ui::error_text), and so
// has any error it wraps, whose English is within its own.
#include "core/game_text.h"
#include "core/notation.h"
#include "fuzz_check.h"

using namespace reversi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = parse_game_text(fuzz::text(data, size));
  if (!text) {
    FUZZ_CHECK(!text.error().empty());
    for (const Error* e = &text.failure(); e; e = e->cause.get()) {
      FUZZ_CHECK(!e->key.empty());
      FUZZ_CHECK(!e->cause || e->message.find(e->cause->message) != std::string::npos);
    }
    return 0;
  }
  FUZZ_CHECK(!text->start.must_pass());  // a forced pass is applied
  Position p = text->start;
  for (Square m : text->moves) {
    FUZZ_CHECK(is_board_square(m) && p.is_legal(m));
    p = p.play(m);
    if (p.must_pass()) p = p.pass();
  }
  const Game game = make_game(*text);
  FUZZ_CHECK(game.position() == p);
  FUZZ_CHECK(game.ply() == text->moves.size());

  const std::string ggf = to_game_text(text->start, text->moves, GameTextFormat::Ggf);
  const auto from_ggf = parse_game_text(ggf);
  FUZZ_CHECK(from_ggf.ok());
  FUZZ_CHECK(from_ggf->format == GameTextFormat::Ggf);
  FUZZ_CHECK(from_ggf->start == text->start);
  FUZZ_CHECK(from_ggf->moves == text->moves);
  FUZZ_CHECK(to_game_text(from_ggf->start, from_ggf->moves, GameTextFormat::Ggf) == ggf);

  const auto from_board = parse_game_text(to_game_text(text->start, text->moves, GameTextFormat::Board));
  FUZZ_CHECK(from_board.ok());
  FUZZ_CHECK(from_board->format == GameTextFormat::Board);
  FUZZ_CHECK(from_board->start == p);
  FUZZ_CHECK(from_board->moves.empty());

  if (text->start == Position::initial() && !text->moves.empty()) {
    const auto from_transcript = parse_game_text(to_game_text(text->start, text->moves, GameTextFormat::Transcript));
    FUZZ_CHECK(from_transcript.ok());
    FUZZ_CHECK(from_transcript->moves == text->moves);
  }
  return 0;
}
