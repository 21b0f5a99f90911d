// GGF games (core/game_text): parse_ggf. Properties: the moves replay legally from
// the start to the final position (PASS only when forced); the game printed back
// as GGF (BO[8 ...] and B[..]/W[..] with explicit passes), by this file's own
// printer and by to_ggf, parses to the same start, moves and final position; each
// move has a time (-1: none written) and exported with its times and TI[] (to_ggf)
// the game reads back with the same time control and the times to a tenth of a second.
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

  // The clock: a time per move, none negative but "none written"; TI and the times round-trip.
  FUZZ_CHECK(game->move_times_ms.size() == game->moves.size());
  std::vector<double> times;  // the square moves'
  for (std::size_t i = 0; i < game->moves.size(); ++i) {
    FUZZ_CHECK(game->move_times_ms[i] >= 0 || game->move_times_ms[i] == -1);
    if (game->moves[i] != PASS) times.push_back(game->move_times_ms[i]);
  }
  std::vector<std::pair<std::string, std::string>> tags;
  if (game->time_control.timed()) tags.emplace_back("TI", ggf_time_control(game->time_control));
  const auto timed = parse_ggf(to_ggf(game->start, game->moves, {}, tags, times));
  FUZZ_CHECK(timed.ok());
  FUZZ_CHECK(timed->moves == game->moves);
  FUZZ_CHECK(timed->time_control == game->time_control);
  for (std::size_t i = 0; i < game->moves.size(); ++i) {
    const double a = game->move_times_ms[i], b = timed->move_times_ms[i];
    FUZZ_CHECK((a < 0) == (b < 0));
    FUZZ_CHECK(a < 0 || (b - a <= 50.001 && a - b <= 50.001) || a > 1e9);
  }
  return 0;
}
