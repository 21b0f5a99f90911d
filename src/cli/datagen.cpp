// reversi-cli datagen: self-play positions (or WTHOR game positions and branches
// out of them) for training the pattern evaluation, the late ones labelled with
// exact scores (see docs/evaluation.md).
#include <chrono>
#include <cstdio>

#include "cli/command.h"
#include "core/wthor.h"
#include "engine/endgame.h"
#include "lab/pattern_train.h"
#include "lab/shards.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

// --check-theoretical: solve the first `count` positions with the theoretical
// depth's empties and compare with the database's scores.
int check_theoretical(const std::vector<WthorGame>& games, int empties, int count,
                      const std::string& out) {
  EndgameSolver solver(64);
  std::vector<pattern::Sample> solved;
  int agree = 0;
  double seconds = 0;
  for (std::size_t g = 0; g < games.size() && static_cast<int>(solved.size()) < count; ++g) {
    const WthorGame& game = games[g];
    if (static_cast<int>(game.moves.size()) < 60 - empties) continue;
    Position pos = Position::initial();
    for (int i = 0; i < 60 - empties; ++i) {
      if (!pos.has_legal_move()) pos = pos.pass();
      pos = pos.play(game.moves[static_cast<std::size_t>(i)]);
    }
    if (pos.is_game_over()) continue;
    if (!pos.has_legal_move()) pos = pos.pass();
    const auto t0 = std::chrono::steady_clock::now();
    solver.clear();
    const SolveResult r = solver.solve(pos);
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const int theory = pattern::theoretical_score(game, pos);
    if (r.score == theory) ++agree;
    else
      std::printf("game %zu (%d): solver %+d, WTHOR theoretical %+d (black %d)\n", g, game.year,
                  r.score, theory, game.theoretical_black);
    solved.push_back({pos.player, pos.opponent, static_cast<float>(r.score),
                      static_cast<std::uint32_t>(g), pattern::Label::Exact});
  }
  if (Status st = pattern::write_samples(solved, out); !st) return failure("datagen", st.error());
  std::printf("%zu positions with %d empties solved in %.1f s: %d agree with WTHOR's theoretical "
              "score, %zu differ\n",
              solved.size(), empties, seconds, agree, solved.size() - static_cast<std::size_t>(agree));
  return kOk;
}

int run(Args& args) {
  const bool quick = args.flag("--quick");
  const bool quiet = args.flag("--quiet");
  const auto games = args.option_int("--games", 1, 10'000'000);
  const auto seed = args.option_int("--seed", 0, 1LL << 62);
  const auto solve = args.option_int("--solve-empties", 0, 30);
  const auto rmin = args.option_int("--random-min", 0, 60);
  const auto rmax = args.option_int("--random-max", 0, 60);
  const auto depth = args.option_int("--depth", 1, 8);
  const auto epsilon = args.option_double("--epsilon", 0, 1);
  const auto limit = args.option_double("--time-limit", 0, 1e7);
  const auto threads = args.option_int("--threads", 1, 64);
  const bool wthor = args.flag("--wthor");
  const auto year = args.option_int("--year", 1900, 2100);
  const auto exclude_year = args.option_int("--exclude-year", 1900, 2100);
  const auto solve_share = args.option_double("--solve-share", 0, 1);
  const auto rest_solve = args.option_int("--rest-solve-empties", 0, 30);
  const auto branch_share = args.option_double("--branch-share", 0, 1);
  const auto check = args.option_int("--check-theoretical", 1, 1'000'000);
  const auto search_depth = args.option_int("--search-depth", 1, 30);
  const auto shard_dir = args.option("--shard-dir");
  const auto shards = args.option_int("--shards", 1, 1'000'000);
  const auto first_seed = args.option_int("--first-seed", 0, 1LL << 62);
  const auto out = args.positional("OUT", !shard_dir);
  std::vector<std::string> paths;
  while (auto more = args.positional("WTHOR_FILE", false)) paths.push_back(*more);
  if (args.ok() && wthor && paths.empty()) args.fail("--wthor needs at least one WTHOR_FILE");
  if (args.ok() && !wthor && !paths.empty()) args.fail("WTHOR files are read only with --wthor");
  if (args.ok() && !wthor && (year || exclude_year || solve_share || rest_solve || branch_share || check))
    args.fail("--year, --exclude-year, --solve-share, --rest-solve-empties, --branch-share and "
              "--check-theoretical need --wthor");
  if (args.ok() && shard_dir && (wthor || limit || seed || out))
    args.fail("--shard-dir takes no OUT, --wthor, --time-limit or --seed (each shard's seed is "
              "--first-seed + its number)");
  if (args.ok() && !shard_dir && (shards || first_seed))
    args.fail("--shards and --first-seed need --shard-dir");
  if (args.ok() && search_depth && depth) args.fail("--search-depth replaces --depth's negamax: give one");
  if (!args.finish()) return args.usage_error();

  pattern::GenOptions o;
  if (quick) {  // about a minute or less: small games count, shallow exact part
    o.games = 300;
    o.solve_empties = 12;
  } else {
    o.games = 30000;
    o.solve_empties = 18;  // the shipped weights' data (docs/evaluation.md)
  }
  if (games) o.games = static_cast<int>(*games);
  if (seed) o.seed = static_cast<std::uint64_t>(*seed);
  if (solve) o.solve_empties = static_cast<int>(*solve);
  if (rmin) o.random_min = static_cast<int>(*rmin);
  if (rmax) o.random_max = static_cast<int>(*rmax);
  if (o.random_max < o.random_min) {
    args.fail("--random-max must be at least --random-min");
    return args.usage_error();
  }
  if (depth) o.player_depth = static_cast<int>(*depth);
  if (search_depth) o.search_depth = static_cast<int>(*search_depth);
  if (epsilon) o.epsilon = *epsilon;
  if (limit) o.time_limit_s = *limit;
  if (threads) o.threads = static_cast<int>(*threads);

  if (shard_dir) {  // shards by seed: shard k has seed --first-seed + k
    if (!games && !quick) o.games = 200;
    const long long first = first_seed.value_or(1);
    const long long count = shards.value_or(1);
    char key[160];
    std::snprintf(key, sizeof key, "%s%d-x%d-r%d-%d-p%g-g%d", o.search_depth ? "search" : "negamax",
                  o.search_depth ? o.search_depth : o.player_depth, o.solve_empties, o.random_min,
                  o.random_max, o.epsilon, o.games);
    std::vector<std::string> names;
    for (long long k = 0; k < count; ++k)
      names.push_back("selfplay-" + std::string(key) + "-seed" + std::to_string(first + k) + ".txt");
    char command[256];
    std::snprintf(command, sizeof command,
                  "reversi-cli datagen --shard-dir DIR --first-seed SEED --shards 1 --games %d "
                  "--solve-empties %d --random-min %d --random-max %d --epsilon %g %s %d",
                  o.games, o.solve_empties, o.random_min, o.random_max, o.epsilon,
                  o.search_depth ? "--search-depth" : "--depth",
                  o.search_depth ? o.search_depth : o.player_depth);
    const Status st = pattern::make_shards(
        *shard_dir, names, command,
        [&](std::size_t k) -> Expected<std::vector<pattern::Sample>> {
          pattern::GenOptions shard = o;
          shard.seed = static_cast<std::uint64_t>(first + static_cast<long long>(k));
          pattern::GenStats stats;
          return pattern::generate_samples(shard, stats);
        },
        [](const pattern::ShardReport& r) {
          if (!r.made) std::printf("%s: there already\n", r.name.c_str());
          else
            std::printf("%s: %zu positions (%zu exact) in %.1f s (%.1f s CPU), fnv1a %08x\n",
                        r.name.c_str(), r.positions, r.exact, r.seconds, r.cpu_seconds, r.checksum);
          std::fflush(stdout);
        });
    if (!st) return failure(args.command(), st.error());
    return kOk;
  }

  std::vector<WthorGame> records;
  if (wthor) {
    int theory_depth = -1;
    for (const std::string& path : paths) {
      auto file = load_wthor(path);
      if (!file) return failure(args.command(), file.error());
      if (theory_depth >= 0 && file->header.depth != theory_depth)
        return failure(args.command(), "'" + path + "' has another theoretical depth (" +
                                           std::to_string(file->header.depth) + ", not " +
                                           std::to_string(theory_depth) + ")");
      theory_depth = file->header.depth;
      for (WthorGame& g : file->games) {
        if (year && g.year != *year) continue;
        if (exclude_year && g.year == *exclude_year) continue;
        records.push_back(std::move(g));
      }
    }
    if (games && records.size() > static_cast<std::size_t>(*games))
      records.resize(static_cast<std::size_t>(*games));  // the first N games
    if (records.empty()) return failure(args.command(), "no WTHOR game left after the year filter");
    if (check) return check_theoretical(records, theory_depth, static_cast<int>(*check), *out);
    o.wthor = &records;
    if (solve_share) o.wthor_solve_share = *solve_share;
    if (rest_solve) o.wthor_rest_solve_empties = static_cast<int>(*rest_solve);
    if (branch_share) o.wthor_branch_share = *branch_share;
    // The theoretical score labels the game's position at that depth, unless the
    // solver labels it anyway.
    if (theory_depth > o.solve_empties) o.wthor_theoretical_empties = theory_depth;
  }

  pattern::GenStats stats;
  int last = 0;
  const auto start = std::chrono::steady_clock::now();
  const auto samples = pattern::generate_samples(o, stats, [&](const pattern::GenStats& s) {
    if (quiet || s.games - last < (wthor ? 2000 : 100)) return;
    last = s.games;
    std::fprintf(stderr, "datagen: %d games, %zu exact, %zu to label, solver %.1f s\n", s.games,
                 s.exact, s.unlabelled, s.solve_seconds);
  });
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (Status st = pattern::write_samples(samples, *out); !st) return failure(args.command(), st.error());
  std::printf("%d %s (seed %llu, exact from %d empties): %zu positions, %zu exact, %zu to label by "
              "search; solver %.1f s, %.1f s wall\n",
              stats.games, wthor ? "WTHOR games" : "games", static_cast<unsigned long long>(o.seed),
              o.solve_empties, samples.size(), stats.exact, stats.unlabelled, stats.solve_seconds, wall);
  return kOk;
}

const CommandRegistrar registrar{{"datagen", "self-play or WTHOR training positions for the pattern evaluation",
    "usage: reversi-cli datagen [--quick] [--games N] [--seed S] [--solve-empties E]\n"
    "                           [--random-min K] [--random-max K] [--depth D] [--epsilon P]\n"
    "                           [--time-limit SEC] [--threads T] [--quiet] OUT\n"
    "       reversi-cli datagen --wthor [--year Y | --exclude-year Y] [--games N]\n"
    "                           [--solve-share F] [--rest-solve-empties R] [--branch-share B]\n"
    "                           [other options as above] OUT WTHOR_FILE...\n"
    "       reversi-cli datagen --wthor --check-theoretical N [--year Y] OUT WTHOR_FILE...\n"
    "       reversi-cli datagen --shard-dir DIR [--shards K] [--first-seed S] [--games N]\n"
    "                           [--search-depth D | --depth D] [other self-play options]\n\n"
    "Plays self-play games (K random opening plies, then a D-ply search with the hand-made\n"
    "evaluation, a random move with probability P) until E empties remain, then follows the\n"
    "exact solver's best line. Writes one position a line to OUT: exact positions labelled 'e',\n"
    "earlier ones 'u' (train labels them by search, stage by stage). Deterministic for a seed,\n"
    "with the same output for any --threads T (games played in parallel, default 1);\n"
    "--time-limit stops starting new games after SEC seconds.\n"
    "Defaults: 30000 games, E=18, K in [6,18], D=2, P=0.1, seed 1.\n"
    "--quick: 300 games, E=12 (well under a minute).\n\n"
    "--wthor: the positions of the WTHOR games instead (all files' games in order; --year keeps\n"
    "one year's, --exclude-year holds one out, --games N keeps the first N). A share F of the\n"
    "games (drawn per game, default 1) follow the solver's line from E empties, the others from\n"
    "R (default 12); the position at the files' theoretical depth (24) is labelled 'e' with\n"
    "the database's theoretical score when E is below it. With probability B (default 1) a game\n"
    "also gets a branch: a random move from one of its positions after at least K plies and\n"
    "with more than E empties, then self-play as above and the solver's line from E.\n"
    "--check-theoretical N: solve the first N positions at the theoretical depth, write them\n"
    "to OUT (labelled 'e') and count those whose score equals the theoretical one.\n\n"
    "--search-depth D: after the random plies, the moves are the real midgame search's\n"
    "(table, multi-ProbCut, no time limit) to depth D with today's evaluation (the embedded\n"
    "weights, or REVERSI_PATTERN_WEIGHTS: the previous generation's), e.g. 5 as level-5.\n"
    "--shard-dir DIR: K shards (default 1) of N games (default 200), shard k with seed S+k\n"
    "(default S=1), each DIR/selfplay-...-seedN.txt named by its settings and seed and the\n"
    "same whatever --threads; shards already there are skipped, so a stopped run loses at\n"
    "most the shard it was making and a later run adds shards. Each shard made adds a line\n"
    "to DIR/MANIFEST (positions, wall and CPU seconds, FNV-1a of the file, command).\n",
    run}};

}  // namespace
