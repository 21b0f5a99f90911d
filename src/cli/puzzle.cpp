// reversi-cli puzzles build: the practice puzzle set from the expert games.
// reversi-cli puzzles verify: every shipped puzzle re-proved by the solver (the whole
// check, about 50 minutes of CPU; the tests re-prove a sample of every tier).
// reversi-cli puzzle: print one puzzle (by id, daily date or rating) or check an answer.
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <atomic>
#include <fstream>
#include <mutex>
#include <thread>
#include <vector>

#include "cli/command.h"
#include "cli/expert_games.h"
#include "core/file.h"
#include "core/notation.h"
#include "engine/endgame.h"
#include "engine/puzzles.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

std::string default_puzzles_path() { return default_data_path("puzzles.bin"); }

// Re-proves the puzzles of `path` with E empties in [min, max], every `every`-th of them
// (from the first), on `threads` threads (a solver each, the puzzles dealt in turn).
int run_verify(const std::string& command, const std::string& path, int min_empties, int max_empties,
               int every, int threads, bool quiet) {
  auto set = load_puzzles(path);
  if (!set) return failure(command, set.error());
  std::vector<std::size_t> chosen;
  int seen = 0;
  for (std::size_t n = 0; n < set->puzzles.size(); ++n) {
    const int e = set->puzzles[n].empties();
    if (e < min_empties || e > max_empties) continue;
    if (seen++ % every == 0) chosen.push_back(n);
  }
  const auto start = std::chrono::steady_clock::now();
  std::atomic<std::size_t> next{0}, done{0};
  std::mutex lock;
  std::vector<std::string> differ;
  auto work = [&] {
    EndgameSolver solver(64);
    for (std::size_t i; (i = next++) < chosen.size();) {
      const Puzzle& p = set->puzzles[chosen[i]];
      std::string problem = reprove_puzzle(solver, p);
      const std::size_t count = ++done;
      std::lock_guard<std::mutex> hold(lock);
      if (!problem.empty())
        differ.push_back("puzzle " + std::to_string(chosen[i] + 1) + " (" + std::to_string(p.empties()) +
                         " empties): " + problem);
      if (!quiet && count % 100 == 0)
        std::fprintf(stderr, "%zu of %zu re-proved, %.0f s\n", count, chosen.size(),
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  std::sort(differ.begin(), differ.end());
  for (const std::string& d : differ) std::printf("%s\n", d.c_str());
  std::printf("%zu puzzles re-proved, %zu differ, %.1f s\n", chosen.size(), differ.size(),
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return differ.empty() ? kOk : kFailure;
}

int run_build(Args& args) {
  const auto file = args.option("--file");
  const auto every = args.option_int("--every", 1, 100000);
  const auto database = args.option("--database");
  const auto out = args.option("--out");
  const auto append_to = args.option("--append-to");
  const auto seed = args.option_int("--seed", 0, 0x7fffffffffffffffLL);
  const auto count = args.option_int("--count", 1, 100000);
  const auto min_empties = args.option_int("--min-empties", 4, 40);
  const auto max_empties = args.option_int("--max-empties", 4, 40);
  const auto threads = args.option_int("--threads", 1, 64);
  const auto time_limit = args.option_double("--time-limit", 0, 1e7);
  const bool quiet = args.flag("--quiet");
  const auto action = args.positional("ACTION");
  if (!args.finish()) return args.usage_error();
  if (*action == "verify") {
    if (out || append_to || database || seed || count || time_limit) {
      args.fail("verify takes --file, --min-empties, --max-empties, --every, --threads and --quiet");
      return args.usage_error();
    }
    return run_verify(args.command(), file.value_or(default_puzzles_path()), int(min_empties.value_or(4)),
                      int(max_empties.value_or(40)), int(every.value_or(1)), int(threads.value_or(1)), quiet);
  }
  if (*action != "build") {
    args.fail("unknown action '" + *action + "' (build, verify)");
    return args.usage_error();
  }
  if (file || every) {
    args.fail("--file and --every are verify's");
    return args.usage_error();
  }
  if (threads && *threads > 2) {
    args.fail("build's --threads is 1 or 2 (the solver's threads)");
    return args.usage_error();
  }
  if (!out) {
    args.fail("--out FILE is required");
    return args.usage_error();
  }
  // The set to append to, read (and checked) before the database and the long build.
  std::vector<std::uint8_t> existing;
  std::size_t kept = 0;
  if (append_to) {
    auto bytes = read_file_bytes(*append_to);
    if (!bytes) return failure(args.command(), bytes.error());
    const auto checked = parse_puzzles(*bytes, *append_to);
    if (!checked) return failure(args.command(), "cannot append: " + checked.error());
    kept = checked->puzzles.size();
    existing = std::move(*bytes);
  }
  auto db = load_expert_games(database);
  if (!db) return failure(args.command(), db.error());
  PuzzleBuildOptions options;
  options.seed = std::uint64_t(seed.value_or(1));
  options.count = int(count.value_or(1000));
  options.min_empties = int(min_empties.value_or(10));
  options.max_empties = int(max_empties.value_or(20));
  options.threads = int(threads.value_or(1));
  options.time_limit_s = time_limit.value_or(0);
  const auto start = std::chrono::steady_clock::now();
  double shown = 0;  // a progress line every 100 puzzles or every minute
  const auto report = [&](const PuzzleBuildProgress& p) {
    if (quiet || (p.puzzles % 100 != 0 && p.seconds - shown < 60)) return;
    shown = p.seconds;
    std::fprintf(stderr, "puzzles %d of %d candidates, %.1f s\n", p.puzzles, p.candidates, p.seconds);
  };
  auto set = append_to ? append_puzzles(*db, existing, *append_to, options, report) : build_puzzles(*db, options, report);
  if (!set) return failure(args.command(), set.error());
  auto bytes = encode_puzzles(*set);
  if (!bytes) return failure(args.command(), bytes.error());
  // Written beside --out, then renamed over it: a failed write leaves --out (which may be
  // the --append-to file) as it was.
  const std::string temporary = *out + ".part";
  {
    std::ofstream f(temporary, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(bytes->data()), std::streamsize(bytes->size()));
    if (!f.flush()) {
      std::remove(temporary.c_str());
      return failure(args.command(), "cannot write '" + temporary + "'");
    }
  }
  if (std::rename(temporary.c_str(), out->c_str()) != 0) {
    std::remove(temporary.c_str());
    return failure(args.command(), "cannot write '" + *out + "'");
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // The counts are those of the new puzzles (after the `kept` ones of --append-to).
  const std::size_t added = set->puzzles.size() - kept;
  int by_empties[41] = {}, wins = 0;
  for (std::size_t i = kept; i < set->puzzles.size(); ++i) {
    const Puzzle& p = set->puzzles[i];
    ++by_empties[p.empties()], wins += p.kind == PuzzleKind::Win;
  }
  std::printf("%zu puzzles (%d win/lose) in %zu bytes, %.1f s; by empties:", added, wins, bytes->size(), seconds);
  for (int e = 0; e <= 40; ++e)
    if (by_empties[e]) std::printf(" %d:%d", e, by_empties[e]);
  if (append_to) std::printf("; after the %zu of %s (%zu in all)", kept, append_to->c_str(), set->puzzles.size());
  std::printf("\n");
  if (int(added) < options.count)
    std::printf("(fewer than the %d asked: the time limit or the candidates ran out)\n", options.count);
  return kOk;
}

const CommandRegistrar build_registrar{{"puzzles", "build the practice puzzle set, or re-prove it",
    "usage: reversi-cli puzzles build --out FILE [--append-to FILE] [--database FILE] [--seed S]\n"
    "                                [--count N] [--min-empties E] [--max-empties E] [--threads T]\n"
    "                                [--time-limit SECONDS] [--quiet]\n"
    "       reversi-cli puzzles verify [--file FILE] [--min-empties E] [--max-empties E]\n"
    "                                 [--every K] [--threads T] [--quiet]\n\n"
    "  Positions of the expert games (data/expert-games.bin by default) with E empties\n"
    "  (default 10..20), drawn from the seed (default 1), where one move is better than\n"
    "  every other by 2 discs or more, or is the only winning move, every legal move\n"
    "  solved exactly. Stops at N puzzles (default 1000) or the time limit (then the set\n"
    "  depends on the machine's speed). Same database and options: same bytes; the first K\n"
    "  puzzles of a seed and range are those of any longer run.\n"
    "  --append-to FILE: FILE's puzzles first and unchanged (their numbers stay), then N new\n"
    "  ones drawn as above, a position already in FILE skipped; --out may be FILE. The\n"
    "  header keeps FILE's seed. A corrupt FILE is an error and nothing is written.\n\n"
    "  verify: re-proves the puzzles of FILE (data/puzzles.bin by default) with E empties\n"
    "  (default all), every K-th of them from the first (default 1: all): every legal move\n"
    "  solved again must give the stored value. Lists each puzzle that differs and exits 1 if\n"
    "  any does. All 3,082 shipped puzzles take about 50 minutes of CPU (T threads share them).\n",
    run_build}};

void print_puzzle(std::size_t index, const Puzzle& p) {
  std::printf("puzzle %zu  rating %d  %d empties  %s\n", index + 1, p.rating, p.empties(),
              p.kind == PuzzleKind::Win ? "win/lose" : "best move");
  std::printf("from game %u, %d: %s - %s\n", p.game, p.year, p.black.c_str(), p.white.c_str());
  std::printf("%s", to_diagram(p.position).c_str());
  std::printf("%s\n", p.goal().c_str());
}

int run_puzzle(Args& args) {
  const auto file = args.option("--file");
  const auto id = args.option_int("--id", 1, 100000000);
  const auto daily = args.option("--daily");
  const auto rating = args.option_double("--rating", 0, 4000);
  const auto seed = args.option_int("--seed", 0, 0x7fffffffffffffffLL);
  const auto answer = args.option("--answer");
  const bool solution = args.flag("--solution");
  if (!args.finish()) return args.usage_error();
  if (int(bool(id)) + int(bool(daily)) + int(bool(rating)) != 1) {
    args.fail("give one of --id N, --daily YYYY-MM-DD, --rating R");
    return args.usage_error();
  }
  auto set = load_puzzles(file.value_or(default_puzzles_path()));
  if (!set) return failure(args.command(), set.error());
  if (set->puzzles.empty()) return failure(args.command(), "the puzzle file holds no puzzles");
  std::size_t index = 0;
  if (id) {
    if (std::size_t(*id) > set->puzzles.size())
      return failure(args.command(), "no puzzle " + std::to_string(*id) + " (1.." +
                                         std::to_string(set->puzzles.size()) + ")");
    index = std::size_t(*id - 1);
  } else if (daily) {
    auto d = daily_puzzle(*daily, set->puzzles.size());
    if (!d) return failure(args.command(), d.error());
    index = *d;
  } else {
    index = choose_puzzle(*set, *rating, {}, std::uint64_t(seed.value_or(0)));
  }
  const Puzzle& p = set->puzzles[index];
  if (!answer) {
    print_puzzle(index, p);
  } else {
    auto j = judge(p, *answer);
    if (!j) return failure(args.command(), j.error());
    std::printf("%s\n", j->message.c_str());
  }
  if (solution) {
    std::printf("exact values:");
    for (const PuzzleMove& m : p.moves) std::printf(" %s %+d", square_name(m.square).c_str(), m.value);
    std::printf("\n");
  }
  return kOk;
}

const CommandRegistrar puzzle_registrar{{"puzzle", "print a practice puzzle or check an answer",
    "usage: reversi-cli puzzle (--id N | --daily YYYY-MM-DD | --rating R [--seed S])\n"
    "                          [--answer SQUARE] [--solution] [--file FILE]\n\n"
    "  Prints the puzzle (the board, the side to move, the goal) from data/puzzles.bin\n"
    "  (or --file): number N (from 1), the daily puzzle of a date (the same for everyone),\n"
    "  or one rated near R. With --answer, judges the move by the exact values instead:\n"
    "  \"Right: ...\" or \"c7 loses 6 discs: the best was b2 (+4)\"; an illegal move is an\n"
    "  error. --solution also lists every legal move's exact value.\n",
    run_puzzle}};

}  // namespace
