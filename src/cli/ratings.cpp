// reversi-cli ratings: fit the ratings of the expert-game database's players
// (src/lab/player_rating_fit.h) and write data/player-ratings.bin
// (core/player_ratings.h), test them on the held-out years, or show a player's.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>

#include "cli/command.h"
#include "cli/expert_games.h"
#include "lab/player_rating_fit.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

void print_prediction(const char* what, const lab::Prediction& p) {
  std::printf("%s: %zu games (%zu with both players rated, %zu decisive)\n", what, p.games, p.both_known, p.decisive);
  std::printf("  log-loss %.4f (naive %.4f), favourite won %.1f%% of the decisive games (naive %.1f%%)\n", p.log_loss,
              p.naive_log_loss, 100 * p.accuracy, 100 * p.naive_accuracy);
  std::printf("  calibration (the favourite's expected score: games, mean expected, mean scored):");
  for (std::size_t i = 0; i < p.bins.size(); ++i)
    std::printf("%s %.1f-%.1f: %zu, %.3f, %.3f", i ? ";" : "", 0.5 + 0.1 * double(i), 0.6 + 0.1 * double(i),
                p.bins[i].games, p.bins[i].expected, p.bins[i].scored);
  std::printf("\n");
}

// The held-out check: the games from ratings.test_from to `to` (default the database's last year).
void check(const PlayerRatings& ratings, const lab::RatingGames& games, int to) {
  const lab::Prediction p =
      lab::predict_games(ratings, games, ratings.test_from, to, lab::black_score(games, ratings.test_from));
  const std::string what = "held out " + std::to_string(ratings.test_from) + "-" + std::to_string(to);
  print_prediction(what.c_str(), p);
}

int build(Args& args) {
  const auto database = args.option("--database");
  const auto out = args.option("--out");
  const auto test_from = args.option_int("--test-from", 1901, 2200);
  const auto check_to = args.option_int("--check-to", 1901, 2200);
  const auto year_deviation = args.option_double("--year-deviation", 1, 1000);
  const auto newcomer_deviation = args.option_double("--newcomer-deviation", 10, 2000);
  const auto sweeps = args.option_int("--sweeps", 1, 10000);
  if (!args.finish()) return args.usage_error();
  if (!out) {
    args.fail("--out FILE is required");
    return args.usage_error();
  }
  const auto start = std::chrono::steady_clock::now();
  const auto db = load_expert_games(database);
  if (!db) return failure("ratings", db.error());
  lab::RatingFitOptions options;
  if (test_from) options.test_from = int(*test_from);
  if (year_deviation) options.year_deviation = *year_deviation;
  if (newcomer_deviation) options.newcomer_deviation = *newcomer_deviation;
  if (sweeps) options.sweeps = int(*sweeps);
  const lab::RatingGames games = lab::rating_games(*db);
  lab::RatingFitReport report;
  const PlayerRatings ratings = lab::fit_player_ratings(games, options, db->checksum(), &report);
  if (ratings.players.empty()) return failure("ratings", "no game before " + std::to_string(options.test_from) + " to fit");
  const auto bytes = encode_player_ratings(ratings);
  if (!bytes) return failure("ratings", bytes.error());
  // Read back before writing: the file written is one the reader accepts, and says the same.
  const auto again = PlayerRatings::parse(*bytes, *out);
  if (!again) return failure("ratings", "the encoded ratings do not read back: " + again.error());
  if (!(*again == ratings)) return failure("ratings", "the encoded ratings read back different");
  std::ofstream f(*out, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(bytes->data()), std::streamsize(bytes->size()));
  f.close();
  if (!f) return failure("ratings", "cannot write " + quote(*out));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::size_t years = 0;
  for (const PlayerHistory& p : ratings.players) years += p.years.size();
  std::printf("%s: %zu players, %zu player-years from %zu games of %d-%d (held out: %d on), %zu bytes (%.1f s)\n",
              out->c_str(), ratings.players.size(), years, report.games, ratings.first_year, ratings.last_year,
              ratings.test_from, bytes->size(), seconds);
  std::printf("left out: %zu games (a player against a namesake, or a name that is no one's such as '???')\n",
              games.left_out);
  std::printf("black's advantage %+d points; a newcomer %d; anchor: the mean of each year's %d best (%d games or more) "
              "from %d = %d (shift %+.0f); last sweep's largest change %.3f points\n",
              ratings.black_advantage, ratings.newcomer_rating, lab::RatingFitOptions::kAnchorTop,
              lab::RatingFitOptions::kAnchorGames, ratings.anchor_from, ratings.anchor_rating, report.shift,
              report.last_change);
  check(ratings, games, check_to ? int(*check_to) : db->last_year());
  return kOk;
}

int test(Args& args) {
  const auto database = args.option("--database");
  const auto path = args.option("--ratings");
  const auto check_to = args.option_int("--check-to", 1901, 2200);
  if (!args.finish()) return args.usage_error();
  const auto db = load_expert_games(database);
  if (!db) return failure("ratings", db.error());
  const auto ratings = load_player_ratings(path);
  if (!ratings) return failure("ratings", ratings.error());
  if (ratings->database_checksum != db->checksum())
    std::printf("note: these ratings were fitted on another database (checksum %08x, this one %08x)\n",
                ratings->database_checksum, db->checksum());
  check(*ratings, lab::rating_games(*db), check_to ? int(*check_to) : db->last_year());
  return kOk;
}

int show(Args& args) {
  const auto path = args.option("--ratings");
  const auto year = args.option_int("--year", 1900, 2200);
  const auto limit = args.option_int("--limit", 1, 100000);
  const auto name = args.positional("NAME", !year);
  if (!args.finish()) return args.usage_error();
  const auto ratings = load_player_ratings(path);
  if (!ratings) return failure("ratings", ratings.error());
  if (name) {
    const PlayerHistory* p = ratings->find(*name);
    if (!p) return failure("ratings", "no rated player named " + quote(*name));
    std::printf("%s\nyear\trating\tdeviation\tgames\n", p->name.c_str());
    for (const PlayerYear& y : p->years) std::printf("%d\t%d\t%d\t%d\n", y.year, y.rating, y.deviation, y.games);
    return kOk;
  }
  // The year's best: the players with games that year, highest rating first.
  std::vector<std::pair<const PlayerHistory*, PlayerYear>> rows;
  for (const PlayerHistory& p : ratings->players)
    for (const PlayerYear& y : p.years)
      if (y.year == *year) rows.emplace_back(&p, y);
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second.rating > b.second.rating; });
  if (rows.empty()) return failure("ratings", "no rated player with games in " + std::to_string(*year));
  rows.resize(std::min<std::size_t>(rows.size(), std::size_t(limit.value_or(20))));
  for (const auto& [p, y] : rows) std::printf("%d\t±%d\t%d games\t%s\n", y.rating, y.deviation, y.games, p->name.c_str());
  return kOk;
}

int run(Args& args) {
  const auto action = args.positional("ACTION");
  if (!action) return args.usage_error();
  if (*action == "build") return build(args);
  if (*action == "test") return test(args);
  if (*action == "show") return show(args);
  args.fail("unknown action " + quote(*action) + " (build, test or show)");
  return args.usage_error();
}

const CommandRegistrar registrar{{"ratings", "rate the expert-game database's players, test or show the ratings",
    "usage: reversi-cli ratings build --out FILE [--database FILE] [--test-from Y] [--check-to Y]\n"
    "                                 [--year-deviation D] [--newcomer-deviation D] [--sweeps N]\n"
    "       reversi-cli ratings test [--ratings FILE] [--database FILE] [--check-to Y]\n"
    "       reversi-cli ratings show NAME | --year Y [--limit N] [--ratings FILE]\n\n"
    "build: fits a rating per player and year from the games of the expert-game database\n"
    "  (default data/expert-games.bin) before the held-out years and writes FILE (the\n"
    "  committed one is data/player-ratings.bin; format in core/player_ratings.h, the\n"
    "  method in docs/human.md). Then predicts the held-out games and prints how well.\n"
    "  The same database and options give the same bytes.\n"
    "  --test-from Y          the first held-out year (default 2023): no game from it\n"
    "                         on is fitted\n"
    "  --check-to Y           the last year of the held-out check (default: the last)\n"
    "  --year-deviation D     how far a strength drifts in a year, in points (default 30)\n"
    "  --newcomer-deviation D the spread of a first year's strength (default 100)\n"
    "  --sweeps N             the fit's sweeps over every player (default 200)\n"
    "test: the held-out check of a ratings file (default data/player-ratings.bin) against\n"
    "  the database.\n"
    "show: a player's ratings year by year (the name as recorded, case aside), or with\n"
    "  --year the best rated players of that year.\n",
    run}};

}  // namespace
