// reversi-cli games: search the expert-game database by player, tournament, year
// and position, or print one game (core/game_database.h).
#include <cstdio>

#include "cli/command.h"
#include "cli/expert_games.h"
#include "core/explorer_json.h"
#include "core/explorer_query.h"
#include "core/game_text.h"
#include "core/notation.h"
#include "core/opening_names.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

std::string result(const DatabaseGame& g) {
  return std::to_string(g.black_discs) + "-" + std::to_string(64 - g.black_discs);
}

int run(Args& args) {
  const auto database = args.option("--database");
  const auto ratings_path = args.option("--ratings");
  const auto id = args.option_int("--id", 1, 0xFFFFFFFFLL);
  const auto player = args.option("--player");
  const auto tournament = args.option("--tournament");
  const auto year = args.option_int("--year", 0, 9999);
  const auto position = args.option("--position");
  const auto format = args.option("--format");
  const bool json = args.flag("--json");
  if (json && format) args.fail("--json and --format: one or the other");
  const auto limit = args.option_int("--limit", 0, 1'000'000'000);
  if (format && *format != "transcript" && *format != "ggf")
    args.fail("--format " + quote(*format) + " is not transcript or ggf");
  if (id && (player || tournament || year || position || limit))
    args.fail("--id prints one game: no search options with it");
  GameFilter filter;
  filter.player = player;
  filter.tournament = tournament;
  if (year) filter.year = int(*year);
  if (position && args.ok()) {
    const auto text = parse_game_text(*position);
    if (!text) args.fail("--position: " + text.error());
    else filter.position = make_game(*text).position();
  }
  if (!args.finish()) return args.usage_error();

  const auto db = load_expert_games(database);
  if (!db) return failure("games", db.error());
  const bool ggf = format && *format == "ggf";
  if (id) {
    const auto g = db->game(std::uint32_t(*id));
    if (!g) return failure("games", g.error());
    if (ggf) {
      std::printf("%s\n", to_ggf(Position::initial(), g->moves).c_str());
    } else {
      std::printf("game %u: %d, %s, %s (black) %s %s (white)\n", g->number, g->year, g->tournament.c_str(),
                  g->black.c_str(), result(*g).c_str(), g->white.c_str());
      if (const auto m = OpeningNames::standard().name_of(g->moves))
        std::printf("opening: %s (%s)\n", m->opening->name(false).c_str(), m->opening->name(true).c_str());
      // The players' ratings at the game's year (core/player_ratings.h game_ratings).
      const auto ratings = load_player_ratings(ratings_path);
      if (!ratings) return failure("games", ratings.error());
      const GameRatings at = game_ratings(*ratings, *g);
      const auto said = [](const std::optional<RatingAt>& r) {
        return r ? std::to_string(r->rating) + " ±" + std::to_string(r->deviation) + " (from " +
                       std::to_string(r->from_year) + ")"
                 : std::string("none");
      };
      std::printf("ratings in %d: black %s, white %s\n", g->year, said(at.black).c_str(), said(at.white).c_str());
      std::printf("%s\n", to_transcript(g->moves).c_str());
    }
    return kOk;
  }
  // The explorer's one pipeline (core/explorer_query.h): the page and the desktop list the same.
  ExplorerRequest request;
  request.ask = ExplorerAsk::Games;
  request.filter = filter;
  request.limit = std::size_t(limit.value_or(20));
  // The player's rating beside the record (core/player_ratings.h).
  std::optional<PlayerRatings> ratings;
  if (player) {
    auto loaded = load_player_ratings(ratings_path);
    if (!loaded) return failure("games", loaded.error());
    ratings = std::move(*loaded);
  }
  const ExplorerReply reply = answer_explorer(*db, request, ratings ? &*ratings : nullptr);
  if (!reply.error.message.empty()) return failure("games", reply.error.message);
  const ExplorerGames& found = reply.games;
  if (json) {
    std::printf("%s\n", games_json(found).c_str());
    return kOk;
  }
  if (found.player) {
    std::printf("player %s: %u games, %u wins, %u draws, %u losses\n", found.player->c_str(), found.player_games,
                found.player_wins, found.player_draws, found.player_games - found.player_wins - found.player_draws);
    if (const auto& r = found.rating)
      std::printf("rating %d ±%d (%d), peak %d (%d); from %d of these games (%d-%d; later years held out)\n",
                  r->latest.rating, r->latest.deviation, r->latest.year, r->peak.rating, r->peak.year, r->games,
                  ratings->first_year, ratings->last_year);
    else
      std::printf("rating: none (no game before %d; ratings: reversi-cli ratings)\n", ratings->test_from);
  } else if (found.players.size() > 1) {
    std::printf("players:");
    for (std::size_t i = 0; i < found.players.size(); ++i) std::printf("%s '%s'", i ? "," : "", found.players[i].c_str());
    std::printf("\n");
  }
  if (found.count == 0) {
    std::printf("no game found\n");
    return kOk;
  }
  const std::size_t shown = found.games.size();
  std::printf("games: %u%s\n", found.count,
              shown < found.count ? (" (the first " + std::to_string(shown) + " below; --limit N)").c_str() : "");
  for (const DatabaseGame& g : found.games) {
    if (ggf) {
      std::printf("%s\n", to_ggf(Position::initial(), g.moves).c_str());
      continue;
    }
    std::printf("%u\t%d\t%s\t%s\t%s\t%s\t%s\n", g.number, g.year, g.tournament.c_str(), g.black.c_str(),
                g.white.c_str(), result(g).c_str(), to_transcript(g.moves).c_str());
  }
  return kOk;
}

const CommandRegistrar registrar{{"games", "search the expert-game database, or print one of its games",
    "usage: reversi-cli games [--player NAME] [--tournament NAME] [--year Y] [--position GAME]\n"
    "                         [--format transcript|ggf | --json] [--limit N] [--database FILE]\n"
    "                         [--ratings FILE]\n"
    "       reversi-cli games --id N [--format transcript|ggf] [--database FILE]\n\n"
    "Lists the games of the expert-game database (default data/expert-games.bin, the\n"
    "WTHOR tournament games; reversi-cli database) matching every option given, one a\n"
    "line, tab-separated: number, year, tournament, black, white, black-white discs,\n"
    "the moves; with --format ggf each game as GGF instead. With --player the player's\n"
    "record over the matches comes first (games, wins, draws, losses), then the\n"
    "player's rating: the latest estimate with its deviation and year, and the peak\n"
    "(data/player-ratings.bin; reversi-cli ratings).\n\n"
    "  --player NAME      as recorded (case aside), black or white; an unknown name is\n"
    "                     an error that suggests similar ones\n"
    "  --tournament NAME  as recorded (case aside)\n"
    "  --year Y           a year of the database\n"
    "  --position GAME    games that reached the position after GAME (a transcript, GGF\n"
    "                     or board string), up to symmetry\n"
    "  --limit N          print at most N games (default 20; 0 prints only the count)\n"
    "  --ratings FILE     the players' ratings (default data/player-ratings.bin)\n"
    "  --json             the search as the page's reversi.games() gives it (core/explorer_json.h)\n"
    "  --id N             print game N (numbered from 1): its players, result, opening,\n"
    "                     the players' ratings at its year and its moves, or its GGF\n",
    run}};

}  // namespace
