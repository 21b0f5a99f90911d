// reversi-cli solve FILE.obf: exact endgame solving of a test file, checked
// against the scores it lists.
#include <chrono>
#include <cstdio>
#include <optional>
#include <vector>

#include "cli/command.h"
#include "engine/endgame.h"
#include "engine/obf.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

struct Solved {
  SolveResult result;
  double seconds = 0;
};

Solved solve_one(EndgameSolver& solver, const Position& position) {
  Solved s;
  const auto start = std::chrono::steady_clock::now();
  if (position.is_game_over()) {
    s.result.score = position.final_score();
    s.result.best = PASS;
  } else {
    solver.clear();  // each position from an empty table: figures repeat on any subset
    s.result = solver.solve(position);
  }
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return s;
}

std::string signed_score(int score) {
  char text[8];
  std::snprintf(text, sizeof text, "%+d", score);  // as OBF writes them: +18, -4, +0
  return text;
}

int run(Args& args) {
  const auto threads = args.option_int("--threads", 1, 64);
  const auto hash = args.option_int("--hash", 1, 65536);
  const auto disable = args.option("--disable");
  const auto path = args.positional("FILE");
  if (!args.finish()) return args.usage_error();

  // Techniques switched off, to measure what each one gains.
  SolverTuning tuning;
  if (disable) {
    std::string_view rest = *disable;
    while (!rest.empty()) {
      const std::size_t comma = rest.find(',');
      const std::string_view name = rest.substr(0, comma);
      rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
      if (name == "parity") tuning.parity = false;
      else if (name == "stability") tuning.stability_cutoff = false;
      else if (name == "etc") tuning.etc = false;
      else if (name == "eval-ordering") tuning.eval_ordering = false;
      else if (name == "fastest-first") tuning.fastest_first = false;
      else if (name == "aspiration") tuning.aspiration = false;
      else if (name == "selective") tuning.selective = false;
      else {
        args.fail("--disable: unknown technique '" + std::string(name) +
                  "' (parity, stability, etc, eval-ordering, fastest-first, aspiration, selective)");
        return args.usage_error();
      }
    }
  }

  auto loaded = load_obf(*path);
  if (!loaded) return failure(args.command(), loaded.error());
  const std::vector<ObfEntry>& entries = *loaded;
  if (entries.empty()) return failure(args.command(), "'" + *path + "' holds no positions");

  const std::size_t hash_mb = std::size_t(hash.value_or(64));
  EndgameSolver solver(hash_mb);
  solver.set_threads(int(threads.value_or(1)));  // threads searching each position
  solver.set_tuning(tuning);

  const auto start = std::chrono::steady_clock::now();
  std::printf("%4s %5s %7s %5s %6s %8s %-6s %13s %9s\n", "#", "line", "empties", "move", "score",
              "expected", "result", "nodes", "time");
  int right = 0, wrong = 0, unchecked = 0;
  std::uint64_t total_nodes = 0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Solved s = solve_one(solver, entries[i].position);
    const ObfEntry& e = entries[i];
    const auto expected = e.best_score();
    const char* verdict = "-";
    if (expected) {
      // The score decides; a move listed with a lower score is wrong even so.
      const auto listed = e.score_of(s.result.best);
      const bool ok = s.result.complete && s.result.score == *expected &&
                      (!listed || *listed == *expected);
      verdict = ok ? "right" : "WRONG";
      ok ? ++right : ++wrong;
    } else {
      ++unchecked;
    }
    total_nodes += s.result.nodes;
    std::printf("%4zu %5d %7d %5s %6s %8s %-6s %13llu %8.3fs\n", i + 1, e.line,
                e.position.empty_count(), square_name(s.result.best).c_str(),
                signed_score(s.result.score).c_str(),
                expected ? signed_score(*expected).c_str() : "-", verdict,
                static_cast<unsigned long long>(s.result.nodes), s.seconds);
    std::fflush(stdout);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("positions %zu, right %d, wrong %d", entries.size(), right, wrong);
  if (unchecked) std::printf(", without a listed score %d", unchecked);
  std::printf("; time %.3f s, nodes %llu (%.1f M nodes/s), threads %d, hash %zu MB\n", seconds,
              static_cast<unsigned long long>(total_nodes),
              seconds > 0 ? double(total_nodes) / seconds / 1e6 : 0.0, solver.threads(),
              hash_mb);
  return wrong ? kFailure : kOk;
}

const CommandRegistrar registrar{{
    "solve",
    "solve the positions of an OBF file exactly and check the listed scores",
    "usage: reversi-cli solve FILE.obf [--threads N] [--hash MB] [--disable LIST]\n"
    "\n"
    "Solves each position of FILE.obf exactly (perfect play to the end, empties to\n"
    "the winner) and prints, per position: number, line, empties, best move, score,\n"
    "the expected score when the file lists one, right/WRONG, nodes and time; then\n"
    "the totals. A result is right when its score equals the file's best score (any\n"
    "move listed with that score is fine). Exit status 1 if any score is wrong or a\n"
    "line of the file is malformed.\n"
    "\n"
    "  --threads N   threads searching each position (default 1; the solver uses\n"
    "                at most what it supports, shown in the totals)\n"
    "  --hash MB     transposition table size (default 64)\n"
    "  --disable L   switch solver techniques off, to measure them: a comma list of\n"
    "                parity, stability, etc, eval-ordering, fastest-first,\n"
    "                aspiration, selective (the probable-outcome passes)\n"
    "\n"
    "OBF: 64 squares a1..h8 (X, O, -), a space, the side to move, ';', then\n"
    "Move:score; pairs best first, e.g. G8:+18; H1:+12; and an optional % comment.\n",
    run}};

}  // namespace
