// reversi-cli match: measured strength. N game pairs between two players from a
// file of balanced openings, each opening played once with each colour; the
// score, the Elo difference and its 95% interval from the per-pair variance.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/expert_games.h"
#include "core/notation.h"
#include "core/game_clock.h"
#include "lab/arena.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

double elo(double score) {
  score = std::clamp(score, 1e-4, 1 - 1e-4);
  return -400.0 * std::log10(1.0 / score - 1.0);
}

int run(Args& args) {
  const auto pairs = args.option_int("--pairs", 1, 1'000'000);
  const auto openings_path = args.option("--openings");
  const auto depth = args.option_int("--depth", 1, 60);
  const auto endgame = args.option_int("--endgame", 0, 60);
  const auto time_ms = args.option_double("--time", 0, 1e9);
  const auto nodes = args.option_int("--nodes", 1, 1LL << 50);
  const auto seed = args.option_int("--seed", 0, 0x7FFFFFFFFFFFFFFFLL);
  const auto skip = args.option_int("--skip", 0, 1'000'000);
  const auto clock_text_opt = args.option("--clock");
  const auto fixed_b = args.option_double("--fixed-b", 1, 1e9);
  const bool verbose = args.flag("--verbose");
  const auto a_name = args.positional("PLAYER_A");
  const auto b_name = args.positional("PLAYER_B");
  if (!args.finish()) return args.usage_error();

  const std::string path = openings_path.value_or(default_data_path("openings-8.txt"));
  auto openings = load_openings(path);
  if (!openings) return failure(args.command(), openings.error());
  if (openings->empty()) return failure(args.command(), "'" + path + "' holds no openings");
  const std::size_t first = std::size_t(skip.value_or(0));
  const std::size_t n = std::size_t(pairs.value_or(static_cast<long long>(openings->size())));

  const std::uint64_t s = std::uint64_t(seed.value_or(1));
  auto a = make_player(*a_name, s);
  auto b = make_player(*b_name, s + 1);
  if (!a) return failure(args.command(), a.error());
  if (!b) return failure(args.command(), b.error());

  SearchLimits limits;
  limits.depth = int(depth.value_or(0));
  limits.endgame_empties = int(endgame.value_or(-1));
  limits.time_ms = time_ms.value_or(0);
  limits.nodes = std::uint64_t(nodes.value_or(0));

  ArenaClock arena_clock;
  if (clock_text_opt) {
    auto control = parse_time_control(*clock_text_opt);
    if (!control) return failure(args.command(), "--clock: " + control.error());
    arena_clock.control = *control;
  }
  if (fixed_b && !arena_clock.control.timed()) return failure(args.command(), "--fixed-b needs --clock");
  int flags_a = 0, flags_b = 0;
  double left_a = 0, left_b = 0;  // clock time left at the ends, summed

  const auto start = std::chrono::steady_clock::now();
  std::vector<double> pair_scores;  // A's points in each pair (0..2)
  int wins = 0, draws = 0, losses = 0;
  long disc_sum = 0;
  double time_a = 0, time_b = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::vector<Square>& opening = (*openings)[(first + i) % openings->size()];
    double pair = 0;
    for (int colour = 0; colour < 2; ++colour) {
      Player& black = colour == 0 ? **a : **b;
      Player& white = colour == 0 ? **b : **a;
      // A new game: a player with a form per game draws this one's (Player::start_game), from
      // the game's number, so a game's form is the same whatever games came before (--skip).
      const std::uint64_t number = 2 * (first + i) + std::uint64_t(colour);
      (*a)->start_game(s + 2 * number);
      (*b)->start_game(s + 2 * number + 1);
      // B's fixed budget a move is asked of whichever colour B plays.
      ArenaClock game_clock = arena_clock;
      game_clock.fixed_ms[colour == 0 ? 1 : 0] = fixed_b.value_or(0);
      auto game = play_game(black, white, opening, limits, Position::initial(), game_clock);
      if (!game) return failure(args.command(), "opening " + std::to_string(first + i + 1) + ": " + game.error());
      int diff = colour == 0 ? game->disc_difference() : -game->disc_difference();
      if (game->flag) {  // lost on time, whatever the discs
        const bool a_fell = (*game->flag == Color::Black) == (colour == 0);
        (a_fell ? flags_a : flags_b)++;
        diff = a_fell ? -1 : 1;
      }
      left_a += game->clock_left_ms[colour == 0 ? 0 : 1];
      left_b += game->clock_left_ms[colour == 0 ? 1 : 0];
      const double points = diff > 0 ? 1.0 : diff == 0 ? 0.5 : 0.0;
      (diff > 0 ? wins : diff == 0 ? draws : losses)++;
      pair += points;
      disc_sum += diff;
      time_a += game->time_ms[colour == 0 ? 0 : 1];
      time_b += game->time_ms[colour == 0 ? 1 : 0];
      if (verbose)
        std::printf("%zu%c %s %+d%s\n", first + i + 1, colour == 0 ? 'a' : 'b',
                    to_transcript(game->moves).c_str(), diff, game->flag ? " (lost on time)" : "");
    }
    pair_scores.push_back(pair);
    std::fflush(stdout);
  }
  const double games = 2.0 * double(pair_scores.size());
  double mean = 0;
  for (double p : pair_scores) mean += p / 2;
  mean /= double(pair_scores.size());
  double var = 0;
  for (double p : pair_scores) var += (p / 2 - mean) * (p / 2 - mean);
  var /= std::max<double>(1, double(pair_scores.size()) - 1);
  const double se = std::sqrt(var / double(pair_scores.size()));
  const double lo = std::max(0.0, mean - 1.96 * se), hi = std::min(1.0, mean + 1.96 * se);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s vs %s: %.0f games (%zu pairs from %s), %s %d wins %d draws %d losses, score %.1f%% "
              "[95%%: %.1f%%, %.1f%%], Elo %+.0f [%+.0f, %+.0f], mean disc difference %+.2f; "
              "time %.1f s vs %.1f s; %.0f s\n",
              a_name->c_str(), b_name->c_str(), games, pair_scores.size(), path.c_str(), a_name->c_str(),
              wins, draws, losses, 100 * mean, 100 * lo, 100 * hi, elo(mean), elo(lo), elo(hi),
              double(disc_sum) / games, time_a / 1000, time_b / 1000, seconds);
  if (arena_clock.control.timed())
    std::printf("clock %s: lost on time %s %d, %s %d; mean time left at the end %.1f s vs %.1f s\n",
                time_control_name(arena_clock.control).c_str(), a_name->c_str(), flags_a, b_name->c_str(), flags_b,
                left_a / games / 1000, left_b / games / 1000);
  return kOk;
}

const CommandRegistrar registrar{{"match", "measure strength: game pairs from balanced openings, score and Elo",
    "usage: reversi-cli match [--pairs N] [--openings FILE] [--skip K] [--depth D] [--endgame E]\n"
    "                         [--time MS] [--nodes N] [--seed S] [--clock M+S [--fixed-b MS]]\n"
    "                         [--verbose] PLAYER_A PLAYER_B\n\n"
    "Plays N pairs of games: opening K+1..K+N of FILE (default data/openings-8.txt; issue 34's\n"
    "1,000 openings of 8-12 plies balanced by a depth-16 search: data/openings-balanced.txt),\n"
    "each once with A as black and once with A as white. Prints A's wins/draws/losses, score with\n"
    "a 95% interval from the variance of the per-pair scores, and the Elo difference with\n"
    "its interval. --depth/--endgame/--time/--nodes override both players' limits.\n"
    "Players: any name of `reversi-cli players`, including variants such as\n"
    "level-4+nompc+eval=pattern. --verbose prints each game's transcript and result.\n"
    "--clock M+S plays on a game clock (M minutes a side, S seconds added a move; each move's\n"
    "wall time charged): the players manage it (engine/timeman.h's clock_allocation), or B\n"
    "asks for a fixed MS a move with --fixed-b (the comparison of the two). A flag fall loses\n"
    "the game and is counted.\n",
    run}};

}  // namespace
