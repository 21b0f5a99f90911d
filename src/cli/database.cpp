// reversi-cli database: make the expert-game database from WTHOR files, or
// describe one (core/game_database.h has the format).
#include <algorithm>
#include <bit>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "cli/command.h"
#include "cli/expert_games.h"
#include "core/bytes.h"
#include "core/game_database.h"
#include "core/wthor.h"
#include "lab/explorer_timing.h"

namespace reversi::cli {

std::string default_data_path(const std::string& leaf) {
  const std::string here = "data/" + leaf;
#ifdef REVERSI_DATA_DIR
  std::error_code ec;
  if (!std::filesystem::exists(here, ec)) return std::string(REVERSI_DATA_DIR) + "/" + leaf;
#endif
  return here;
}

std::string default_database_path() { return default_data_path("expert-games.bin"); }
std::string default_ratings_path() { return default_data_path("player-ratings.bin"); }

Expected<GameDatabase> load_expert_games(const std::optional<std::string>& path) {
  return GameDatabase::load(path.value_or(default_database_path()));
}

Expected<PlayerRatings> load_player_ratings(const std::optional<std::string>& path) {
  return PlayerRatings::load(path.value_or(default_ratings_path()));
}

}  // namespace reversi::cli

namespace {

using namespace reversi;
using namespace reversi::cli;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int build(const std::optional<std::string>& dir, const std::optional<std::string>& out) {

  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(*dir, ec)) return failure("database", "no folder " + quote(*dir));
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(*dir, ec)) {
    const std::string leaf = entry.path().filename().string();
    if (leaf.size() == 12 && leaf.starts_with("WTH_") && leaf.ends_with(".wtb")) files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());  // by year: the games' numbers follow
  if (files.empty()) return failure("database", "no WTH_YYYY.wtb file in " + quote(*dir));
  const auto players = load_wthor_names((fs::path(*dir) / "WTH.JOU").string(), kWthorPlayerNameSize);
  if (!players) return failure("database", players.error() + " (the player names are needed)");
  const auto tournaments = load_wthor_names((fs::path(*dir) / "WTH.TRN").string(), kWthorTournamentNameSize);
  if (!tournaments) return failure("database", tournaments.error() + " (the tournament names are needed)");
  const auto start = std::chrono::steady_clock::now();
  std::vector<WthorGame> games;
  for (const std::string& path : files) {
    auto file = load_wthor(path);
    if (!file) return failure("database", file.error());
    for (WthorGame& g : file->games) games.push_back(std::move(g));
  }
  const auto bytes = encode_game_database(games, *players, *tournaments);
  if (!bytes) return failure("database", bytes.error());
  // Read back before writing: the file written is one the reader accepts.
  const auto check = GameDatabase::parse(*bytes, *out);
  if (!check) return failure("database", "the encoded database does not read back: " + check.error());
  std::ofstream f(*out, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(bytes->data()), std::streamsize(bytes->size()));
  f.close();
  if (!f) return failure("database", "cannot write " + quote(*out));
  std::printf("%s: %zu games from %zu files (%d-%d), %zu players, %zu tournaments, %zu bytes, checksum %08x (%.1f s)\n",
              out->c_str(), games.size(), files.size(), check->first_year(), check->last_year(), players->size(),
              tournaments->size(), bytes->size(), check->checksum(), seconds_since(start));
  return kOk;
}

int info(const std::optional<std::string>& path) {
  const auto start = std::chrono::steady_clock::now();
  const auto db = load_expert_games(path);
  if (!db) return failure("database", db.error());
  const double load = seconds_since(start);
  std::printf("games: %u (%d-%d)\nplayers: %zu\ntournaments: %zu\nchecksum: %08x\n", db->size(), db->first_year(),
              db->last_year(), db->players().size(), db->tournaments().size(), db->checksum());
  std::printf("loaded and indexed in %.0f ms, %.1f MB in memory\n", load * 1000, db->memory_bytes() / 1e6);
  return kOk;
}

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + t.tv_nsec / 1e9;
}

// Query times over `count` positions of the database's own games (game and ply
// spread evenly), in the indexed plies and past them.
int bench(const std::optional<std::string>& path, int count) {
  const double cpu0 = cpu_seconds();
  const auto wall0 = std::chrono::steady_clock::now();
  const auto db = load_expert_games(path);
  if (!db) return failure("database", db.error());
  std::printf("load and index: %.0f ms CPU (%.0f ms wall), %.1f MB held\n", (cpu_seconds() - cpu0) * 1000,
              seconds_since(wall0) * 1000, db->memory_bytes() / 1e6);
  lab::print_explorer_query_times(*db, count, [] { return cpu_seconds() * 1000; });
  return kOk;
}

int run(Args& args) {
  const auto dir = args.option("--wthor");
  const auto out = args.option("--out");
  const auto database = args.option("--database");
  const auto positions = args.option_int("--positions", 1, 1'000'000);
  const auto action = args.positional("ACTION");
  if (action && *action != "build" && *action != "info" && *action != "bench")
    args.fail("unknown action " + quote(*action) + " (build, info or bench)");
  if (!args.finish()) return args.usage_error();
  if (positions && *action != "bench") args.fail("--positions is for bench");
  if (*action == "info" || *action == "bench") {
    if (dir || out) args.fail("--wthor and --out are for build");
    if (!args.ok()) return args.usage_error();
    return *action == "info" ? info(database) : bench(database, int(positions.value_or(2000)));
  }
  if (database) args.fail("--database is for info (build writes --out FILE)");
  else if (!dir) args.fail("--wthor DIR is required (the folder of WTH_*.wtb, WTH.JOU and WTH.TRN)");
  else if (!out) args.fail("--out FILE is required");
  if (!args.ok()) return args.usage_error();
  return build(dir, out);
}

const CommandRegistrar registrar{{"database", "make the expert-game database from WTHOR files, or describe it",
    "usage: reversi-cli database build --wthor DIR --out FILE\n"
    "       reversi-cli database info [--database FILE]\n"
    "       reversi-cli database bench [--positions N] [--database FILE]\n\n"
    "build: reads every WTH_YYYY.wtb of DIR (the French Othello Federation's WTHOR\n"
    "  database; data/wthor/README.md) with its WTH.JOU (players) and WTH.TRN\n"
    "  (tournaments) and writes the expert-game database FILE that the explore and\n"
    "  games commands and the game's explorer read (the committed one is\n"
    "  data/expert-games.bin; format in core/game_database.h and README.md). Games are\n"
    "  numbered from 1 in year order; the same files give the same bytes.\n"
    "info: loads a database (default data/expert-games.bin), checks it and prints its\n"
    "  games, years, players, tournaments, checksum, load time and memory.\n"
    "bench: the load time and the time of the statistics of N positions (default 2000)\n"
    "  of the database's games (median, 90th percentile, maximum; CPU time).\n",
    run}};

}  // namespace
