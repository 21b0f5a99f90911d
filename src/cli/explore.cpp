// reversi-cli explore GAME: the opening name and what the experts played from the
// position after GAME (core/game_database.h, core/opening_names.h).
#include <chrono>
#include <cstdio>

#include "cli/command.h"
#include "cli/expert_games.h"
#include "core/explorer_json.h"
#include "core/game_text.h"
#include "core/notation.h"
#include "core/opening_names.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

int run(Args& args) {
  const auto database = args.option("--database");
  const auto limit = args.option_int("--limit", 1, 64);
  const bool japanese = args.flag("--japanese");
  const bool json = args.flag("--json");
  const auto input = args.positional("GAME");
  if (!args.finish()) return args.usage_error();
  // An empty GAME is the start.
  const auto text = trim(*input).empty() ? Expected<GameText>(GameText{}) : parse_game_text(*input);
  if (!text) {
    args.fail("GAME: " + text.error());
    return args.usage_error();
  }
  const Game game = make_game(*text);
  const Position position = game.position();

  const auto db = load_expert_games(database);
  if (!db) return failure("explore", db.error());

  // The opening: by the moves when the game starts from the standard start, else by the board.
  const OpeningNames& names = OpeningNames::standard();
  const Opening* opening = nullptr;
  if (text->start == Position::initial()) {
    if (const auto m = names.name_of(game.moves())) opening = m->opening;
  } else {
    opening = names.at(position);
  }
  const auto start = std::chrono::steady_clock::now();
  const PositionStatistics stats = db->statistics(position);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (json) {
    std::printf("%s\n", explore_json(stats, opening).c_str());
    return kOk;
  }

  std::printf("position: %s\n", to_board_string(position).c_str());
  if (!game.moves().empty()) std::printf("moves: %s\n", to_transcript(game.moves()).c_str());
  if (opening)
    std::printf("opening: %s%s%s%s\n", opening->name(japanese).c_str(),
                opening->name(!japanese) != opening->name(japanese) ? " (" : "",
                opening->name(!japanese) != opening->name(japanese) ? opening->name(!japanese).c_str() : "",
                opening->name(!japanese) != opening->name(japanese) ? ")" : "");
  else
    std::printf("opening: (none named)\n");
  if (stats.games == 0) {
    std::printf("No expert game reached this position.\n");
    return kOk;
  }
  std::printf("games: %u (of %u; looked up in %.1f ms)\n", stats.games, db->size(), ms);
  if (stats.moves.empty()) {
    std::printf("No expert game went on from this position.\n");
    return kOk;
  }
  std::printf("%-5s %7s %7s %7s %7s %9s\n", "move", "games", "black", "draw", "white", "avg diff");
  int shown = 0;
  for (const MoveStatistics& m : stats.moves) {
    if (limit && shown++ >= *limit) break;
    const double n = m.games;
    std::printf("%-5s %7u %6.1f%% %6.1f%% %6.1f%% %+9.1f\n", square_name(m.square).c_str(), m.games,
                100.0 * m.black_wins / n, 100.0 * m.draws / n, 100.0 * m.white_wins / n, m.average_difference);
  }
  return kOk;
}

const CommandRegistrar registrar{{"explore", "the opening name and the experts' moves from a position",
    "usage: reversi-cli explore [--database FILE] [--limit N] [--japanese] [--json] GAME\n\n"
    "GAME is a transcript (f5d6c3; \"\" for the start), a GGF game or a board string\n"
    "(quote it). Prints the\n"
    "position after it, the named opening it is in (data/opening-names.txt; up to\n"
    "symmetry), and for each move played from that position in the expert-game\n"
    "database (up to symmetry, squares shown in this position's orientation): the\n"
    "number of games, black's wins, draws and white's wins in per cent and black's\n"
    "average final disc difference, most played first.\n\n"
    "  --database FILE  the database (default data/expert-games.bin; reversi-cli database)\n"
    "  --limit N        at most N moves (1-64)\n"
    "  --japanese       the opening's Japanese name first\n"
    "  --json           the answer as the page's reversi.explore() gives it (core/explorer_json.h)\n",
    run}};

}  // namespace
