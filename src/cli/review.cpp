// reversi-cli review GAME: each move against the best move (and a mistake's best line), and the
// total loss per side.
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>

#include "cli/command.h"
#include "core/file.h"
#include "core/game_archive.h"
#include "core/game_text.h"
#include "core/notation.h"
#include "engine/analysis.h"
#include "engine/move_quality.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

// One game's review, as printed for GAME (or each game of a --collection): each position
// analysed as the page and the desktop review it (review_options(): reproducible, so the
// figures are theirs).
int review_game(const Game& game, int depth, const std::string& command) {
  Analyzer analyzer;
  AnalysisOptions options = review_options();
  options.max_depth = depth;
  double total[2] = {0, 0};
  int mistakes[2] = {0, 0};
  std::vector<double> losses[2];
  int classes[2][kMoveClasses] = {};
  std::printf("%4s %-6s %-6s %-5s %7s %-8s %s\n", "ply", "colour", "played", "best", "loss",
              "kind", "");
  for (std::size_t i = 1; i <= game.ply(); ++i) {
    const Position& before = game.position_at(i - 1);
    const Square played = game.moves()[i - 1];
    const AnalysisResult r = analyzer.analyze(before, options);
    const std::vector<MoveValue>& values = r.moves;
    const MoveValue& best = values.front();
    const auto it = std::find_if(values.begin(), values.end(),
                                 [&](const MoveValue& m) { return m.move == played; });
    if (it == values.end()) return failure(command, "internal error: move not analysed");
    const double loss = std::max(0.0, best.value - it->value);
    const bool exact = best.kind == ValueKind::Exact && it->kind == ValueKind::Exact;
    const Square shown_best = loss == 0 ? played : best.move;  // a tie: the move played is a best one
    // The review's rule (engine/move_quality.h), as the page and the desktop mark moves.
    const MoveClass quality = classify_move(loss);
    const int side = before.to_move == Color::Black ? 0 : 1;
    total[side] += loss;
    mistakes[side] += marked_mistake(quality);
    losses[side].push_back(loss);
    ++classes[side][std::size_t(quality)];
    std::printf("%4zu %-6s %-6s %-5s %7.2f %-8s %s\n", i, color_name(before.to_move),
                square_name(played).c_str(), square_name(shown_best).c_str(), loss,
                exact ? "exact" : "estimate", std::string(move_class_name(quality)).c_str());
    // A mistake: what the best move leads to (its line from the analysis).
    if (marked_mistake(quality) && !best.pv.empty())
      std::printf("%4s best line: %s\n", "", line_text(best.pv).c_str());
    std::fflush(stdout);
  }
  std::printf("total loss: black %.2f (%d mistakes), white %.2f (%d mistakes)\n", total[0],
              mistakes[0], total[1], mistakes[1]);
  for (int side = 0; side < 2; ++side) {
    std::printf("%s: accuracy %.1f%%;", side == 0 ? "black" : "white", accuracy(losses[side]));
    for (std::size_t c = 0; c < kMoveClasses; ++c)
      std::printf(" %s %d", std::string(move_class_name(MoveClass(c))).c_str(), classes[side][c]);
    std::printf("\n");
  }
  return kOk;
}

int run(Args& args) {
  const auto depth = args.option_int("--depth", 2, 60);
  const auto collection = args.option("--collection");
  const auto input = collection ? std::optional<std::string>() : args.positional("GAME");
  if (!args.finish()) return args.usage_error();
  if (collection) {
    // Every game of a collection (your games exported, or any GGF collection or transcripts):
    // each reviewed under a heading; one that cannot be read is named and skipped.
    auto bytes = read_file_bytes(*collection);
    if (!bytes) return failure(args.command(), bytes.error());
    const Collection c = read_collection(std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
    for (const auto& r : c.rejected)
      std::fprintf(stderr, "reversi-cli review: game %zu not read: %s\n", r.index, r.error.message.c_str());
    int reviewed = 0;
    for (std::size_t i = 0; i < c.games.size(); ++i) {
      const ArchivedGame& g = c.games[i];
      const Game game = g.game();
      if (game.ply() == 0) continue;
      std::printf("%sgame %zu: %s (black) vs %s (white)%s%s\n", i ? "\n" : "", c.numbers[i], archived_side_name(g.black).c_str(),
                  archived_side_name(g.white).c_str(), g.date.empty() ? "" : ", ", g.date.c_str());
      if (const int rc = review_game(game, int(depth.value_or(kReviewDepth)), args.command()); rc != kOk) return rc;
      ++reviewed;
    }
    if (!reviewed) return failure(args.command(), "no game with moves to review in " + *collection);
    return c.rejected.empty() ? kOk : 1;
  }
  auto text = parse_game_text(*input);
  if (!text) {
    args.fail("GAME: " + text.error());
    return args.usage_error();
  }
  const Game game = make_game(*text);
  if (game.ply() == 0) {
    args.fail("GAME: no moves to review");
    return args.usage_error();
  }
  return review_game(game, int(depth.value_or(kReviewDepth)), args.command());
}

const CommandRegistrar registrar{{
    "review",
    "each move of a game against the best move: the discs lost, its class, each side's accuracy",
    "usage: reversi-cli review GAME [--depth N]\n"
    "       reversi-cli review --collection FILE [--depth N]\n"
    "\n"
    "Analyses the position before each move of the game as the page and the desktop\n"
    "review it (each move searched to a fixed depth, solved exactly from 20 empties:\n"
    "the same figures on every machine, however loaded, and in every run)\n"
    "and prints, per move: ply, colour, the square played, the best move, the loss\n"
    "in discs against the best move (0 when the move played is a best one) and\n"
    "whether the loss is exact (both values solved to the end) or an estimate,\n"
    "and the move's class by its loss: best (under 0.05 discs), good (under 1),\n"
    "inaccuracy (under 2), mistake (under 6), blunder (6 or more); after a mistake\n"
    "or a blunder, the best line: the best move and the replies the analysis\n"
    "found (\"best line: e2 f1 g1\"; to the end of the game where solved). Then each side's\n"
    "total loss and mistakes (mistakes and blunders), its accuracy (the mean over\n"
    "its moves of 100 * 2^(-loss/4) per cent) and its moves by class.\n"
    "\n"
    "  GAME         a transcript from the start, e.g. f5d6c3d3c4 or \"1. F5 2. D6\",\n"
    "               or a GGF game (;GM[Othello]...;), in quotes\n"
    "  --collection FILE  every game of a GGF collection (your games exported from\n"
    "               the page or the desktop's history.ggf) or of transcripts one a\n"
    "               line, each under a heading \"game N: <black> vs <white>\"; a game\n"
    "               that cannot be read is named on stderr and skipped (exit 1)\n"
    "  --depth N    plies searched for each move before the solver's 20 empties\n"
    "               (2..60; default 10, the page's and the desktop's review)\n",
    run}};

}  // namespace
