// GGF games (core/game_text): parse_ggf. Properties: the moves replay legally from
// the start to the final position (PASS only when forced); the game printed back
// as GGF (BO[8 ...] and B[..]/W[..] with explicit passes), by this file's own
// printer and by to_ggf, parses to the same start, moves and final position.
#include "core/notation.h"
#include "core/game_text.h"
#include "fuzz_check.h"

using namespace reversi;

namespace {

std::string print(const GgfGame& g) {
  std::string board = to_board_string(g.start);  // 64 squares, ' ', side
  for (char& c : board) if (c == 'X') c = '*';
  std::string s = "(;GM[Othello]PC[fuzz]BO[8 " + board + "]";
  Position p = g.start;
  for (Square m : g.moves) {
    s += p.to_move == Color::Black ? "B[" : "W[";
    s += m == PASS ? std::string("PA") : square_name(m);
    s += "]";
    p = m == PASS ? p.pass() : p.play(m);
  }
  return s + ";)";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto game = parse_ggf(fuzz::text(data, size));
  if (!game) {
    FUZZ_CHECK(!game.error().empty());
    return 0;
  }
  Position p = game->start;
  for (Square m : game->moves) {
    FUZZ_CHECK(!p.is_game_over());
    if (m == PASS) {
      FUZZ_CHECK(p.must_pass());
      p = p.pass();
    } else {
      FUZZ_CHECK(is_board_square(m) && p.is_legal(m));
      p = p.play(m);
    }
  }
  FUZZ_CHECK(p == game->final);

  const std::string printed = print(*game);
  const auto again = parse_ggf(printed);
  FUZZ_CHECK(again.ok());
  FUZZ_CHECK(again->start == game->start);
  FUZZ_CHECK(again->moves == game->moves);
  FUZZ_CHECK(again->final == game->final);
  FUZZ_CHECK(print(*again) == printed);

  const auto exported = parse_ggf(to_ggf(game->start, game->moves));
  FUZZ_CHECK(exported.ok());
  FUZZ_CHECK(exported->start == game->start);
  FUZZ_CHECK(exported->moves == game->moves);
  FUZZ_CHECK(exported->final == game->final);
  return 0;
}
