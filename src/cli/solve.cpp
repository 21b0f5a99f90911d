// reversi-cli solve FILE.obf: exact endgame solving of a test file, checked
// against the scores it lists.
#include <cstdio>
#include <vector>

#include "cli/command.h"
#include "core/notation.h"
#include "lab/endgame_bench.h"
#include "engine/obf.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

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

  EndgameBenchOptions options;
  options.hash_megabytes = std::size_t(hash.value_or(64));
  options.threads = int(threads.value_or(1));  // threads searching each position
  options.tuning = tuning;

  std::printf("%4s %5s %7s %5s %6s %8s %-6s %13s %9s\n", "#", "line", "empties", "move", "score",
              "expected", "result", "nodes", "time");
  const EndgameBenchSummary summary =
      endgame_benchmark(entries, options, [](const EndgameBenchLine& l) {
        std::printf("%4d %5d %7d %5s %6s %8s %-6s %13llu %8.3fs\n", l.index, l.line, l.empties,
                    square_name(l.result.best).c_str(), signed_score(l.result.score).c_str(),
                    l.expected ? signed_score(*l.expected).c_str() : "-", verdict_name(l.verdict),
                    static_cast<unsigned long long>(l.result.nodes), l.seconds);
        std::fflush(stdout);
      });
  std::printf("positions %zu, right %d, wrong %d", entries.size(), summary.right, summary.wrong);
  if (summary.incomplete) std::printf(", incomplete %d", summary.incomplete);
  if (summary.unchecked) std::printf(", without a listed score %d", summary.unchecked);
  std::printf("; time %.3f s, nodes %llu (%.1f M nodes/s), threads %d, hash %zu MB\n",
              summary.seconds, static_cast<unsigned long long>(summary.nodes),
              summary.nodes_per_second() / 1e6, summary.threads, options.hash_megabytes);
  return summary.wrong || summary.incomplete ? kFailure : kOk;
}

const CommandRegistrar registrar{{
    "solve",
    "solve the positions of an OBF file exactly and check the listed scores",
    "usage: reversi-cli solve FILE.obf [--threads N] [--hash MB] [--disable LIST]\n"
    "\n"
    "Solves each position of FILE.obf exactly (perfect play to the end, empties to\n"
    "the winner) and prints, per position: number, line, empties, best move, score,\n"
    "the expected score when the file lists one, right/WRONG, nodes and time; then\n"
    "the totals. A result is right when its score equals the file's best score and\n"
    "its move is a best move: the move's exact score (as listed, or solved when the\n"
    "file does not list the move) equals that score. Exit status 1 if any result is\n"
    "wrong or a line of the file is malformed.\n"
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
