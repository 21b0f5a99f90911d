// reversi-cli play: games between two computer players, with transcripts,
// scores and totals. The game loop itself is play_game() in lab/arena.h.
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "cli/command.h"
#include "core/notation.h"
#include "core/parse_number.h"
#include "lab/arena.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

// Where each game's opening comes from.
struct Openings {
  std::vector<std::vector<Square>> list;  // from a file, used in turn
  int random_moves = -1;                  // random:K, else -1
};

Expected<Openings> parse_openings(const std::string& spec) {
  Openings o;
  if (spec.rfind("random:", 0) == 0) {
    auto k = parse_int<int>("--openings random:K", std::string_view(spec).substr(7), 0, 60);
    if (!k) return Error{k.error()};
    o.random_moves = int(*k);
    return o;
  }
  auto list = load_openings(spec);
  if (!list) return Error{list.error()};
  o.list = std::move(*list);
  return o;
}

int run(Args& args) {
  const auto black_name = args.option("--black");
  const auto white_name = args.option("--white");
  const auto games = args.option_int("--games", 1, 100'000'000);
  const auto openings_spec = args.option("--openings");
  const auto seed = args.option_int("--seed", 0, 0x7FFFFFFFFFFFFFFFLL);
  const auto time_ms = args.option_double("--time", 0, 1e9);
  const auto depth = args.option_int("--depth", 1, 60);
  const bool quiet = args.flag("--quiet");
  if (!args.finish()) return args.usage_error();
  if (!black_name || !white_name) {
    args.fail(std::string("missing ") + (black_name ? "--white NAME" : "--black NAME"));
    return args.usage_error();
  }

  const std::uint64_t s = std::uint64_t(seed.value_or(1));
  auto black = make_player(*black_name, s);
  auto white = make_player(*white_name, s + 0x9E3779B97F4A7C15ULL);
  for (auto* p : {&black, &white})
    if (!p->ok()) {
      args.fail("--" + std::string(p == &black ? "black" : "white") + ": " + p->error());
      return args.usage_error();
    }

  Openings openings;
  if (openings_spec) {
    auto parsed = parse_openings(*openings_spec);
    if (!parsed) {
      // A bad K is a usage error; a bad file is a failure.
      if (openings_spec->rfind("random:", 0) == 0) {
        args.fail(parsed.error());
        return args.usage_error();
      }
      return failure(args.command(), parsed.error());
    }
    openings = std::move(*parsed);
  }

  SearchLimits limits;
  limits.time_ms = time_ms.value_or(0);
  limits.depth = int(depth.value_or(0));

  Random opening_rng(s ^ 0xD1B54A32D192ED03ULL);
  const long long n = games.value_or(1);
  int black_wins = 0, white_wins = 0, draws = 0;
  long long black_discs = 0, white_discs = 0;
  double time[2] = {0, 0};
  long long moves[2] = {0, 0};
  const auto start = std::chrono::steady_clock::now();
  for (long long g = 0; g < n; ++g) {
    std::vector<Square> opening;
    if (openings.random_moves >= 0)
      opening = random_opening(openings.random_moves, opening_rng);
    else if (!openings.list.empty())
      opening = openings.list[std::size_t(g) % openings.list.size()];

    auto game = play_game(**black, **white, opening, limits);
    if (!game) return failure(args.command(), "game " + std::to_string(g + 1) + ": " + game.error());
    const GameRecord& r = *game;
    switch (r.outcome()) {
      case Outcome::BlackWins: ++black_wins; break;
      case Outcome::WhiteWins: ++white_wins; break;
      case Outcome::Draw: ++draws; break;
    }
    black_discs += r.black_discs;
    white_discs += r.white_discs;
    for (int side : {0, 1}) time[side] += r.time_ms[side], moves[side] += r.player_moves[side];
    if (!quiet) {
      const char* result = r.outcome() == Outcome::BlackWins   ? "black wins"
                           : r.outcome() == Outcome::WhiteWins ? "white wins"
                                                               : "draw";
      std::printf("game %lld: %s (opening %zu moves)\n  black %d - white %d, %s\n", g + 1,
                  to_transcript(r.moves).c_str(), r.opening_length, r.black_discs, r.white_discs,
                  result);
      std::fflush(stdout);
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s (black) vs %s (white), %lld games: black wins %d, draws %d, white wins %d\n",
              black_name->c_str(), white_name->c_str(), n, black_wins, draws, white_wins);
  std::printf("discs: black %lld, white %lld (average difference %+.2f for black)\n", black_discs,
              white_discs, double(black_discs - white_discs) / double(n));
  std::printf("time per move: black %.4f ms, white %.4f ms; total %.2f s\n",
              moves[0] ? time[0] / double(moves[0]) : 0.0,
              moves[1] ? time[1] / double(moves[1]) : 0.0, seconds);
  return kOk;
}

const CommandRegistrar registrar{{
    "play",
    "play games between two computer players and total the results",
    "usage: reversi-cli play --black NAME --white NAME [--games N]\n"
    "                        [--openings FILE|random:K] [--seed S] [--time MS]\n"
    "                        [--depth D] [--quiet]\n"
    "\n"
    "Plays N games (default 1) of NAME against NAME, printing each game's\n"
    "transcript and final score, then wins/draws/losses and disc totals.\n"
    "\n"
    "  --black NAME, --white NAME   players (see `reversi-cli players`)\n"
    "  --games N                    number of games (default 1)\n"
    "  --openings FILE              start game i from line i of FILE (a transcript\n"
    "                               a line, e.g. f5d6c3; used in turn)\n"
    "  --openings random:K          start each game with K random legal moves\n"
    "  --seed S                     seeds the random openings and random players\n"
    "                               (default 1: the same seed replays the same games)\n"
    "  --time MS                    time budget per move for both players\n"
    "  --depth D                    search depth for players that search\n"
    "  --quiet                      totals only\n",
    run}};

}  // namespace
