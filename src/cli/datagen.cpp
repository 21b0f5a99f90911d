// reversi-cli datagen: self-play positions for training the pattern evaluation,
// the late ones labelled with exact scores (see docs/evaluation.md).
#include <cstdio>

#include "cli/command.h"
#include "lab/pattern_train.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

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
  const auto out = args.positional("OUT");
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
  if (epsilon) o.epsilon = *epsilon;
  if (limit) o.time_limit_s = *limit;
  if (threads) o.threads = static_cast<int>(*threads);

  pattern::GenStats stats;
  int last = 0;
  const auto samples = pattern::generate_samples(o, stats, [&](const pattern::GenStats& s) {
    if (quiet || s.games - last < 100) return;
    last = s.games;
    std::fprintf(stderr, "datagen: %d games, %zu exact, %zu to label, solver %.1f s\n", s.games,
                 s.exact, s.unlabelled, s.solve_seconds);
  });
  if (Status st = pattern::write_samples(samples, *out); !st) return failure(args.command(), st.error());
  std::printf("%d games (seed %llu, exact from %d empties): %zu positions, %zu exact, %zu to label by "
              "search; solver %.1f s\n",
              stats.games, static_cast<unsigned long long>(o.seed), o.solve_empties, samples.size(),
              stats.exact, stats.unlabelled, stats.solve_seconds);
  return kOk;
}

const CommandRegistrar registrar{{"datagen", "self-play training positions for the pattern evaluation",
    "usage: reversi-cli datagen [--quick] [--games N] [--seed S] [--solve-empties E]\n"
    "                           [--random-min K] [--random-max K] [--depth D] [--epsilon P]\n"
    "                           [--time-limit SEC] [--threads T] [--quiet] OUT\n\n"
    "Plays self-play games (K random opening plies, then a D-ply search with the hand-made\n"
    "evaluation, a random move with probability P) until E empties remain, then follows the\n"
    "exact solver's best line. Writes one position a line to OUT: exact positions labelled 'e',\n"
    "earlier ones 'u' (train labels them by search, stage by stage). Deterministic for a seed,\n"
    "with the same output for any --threads T (games played in parallel, default 1);\n"
    "--time-limit stops starting new games after SEC seconds.\n"
    "Defaults: 30000 games, E=18, K in [6,18], D=2, P=0.1, seed 1.\n"
    "--quick: 300 games, E=12 (well under a minute).\n",
    run}};

}  // namespace
