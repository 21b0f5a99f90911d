// reversi-cli analyze GAME: the value of every legal move, best first.
#include <cstdio>
#include <string>

#include "cli/command.h"
#include "core/game_text.h"
#include "core/notation.h"
#include "engine/analysis.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

std::string value_text(const MoveValue& mv) {
  char text[32];
  if (mv.kind == ValueKind::Exact)
    std::snprintf(text, sizeof text, "%+d", int(mv.value));
  else
    std::snprintf(text, sizeof text, "%+.2f", mv.value);
  return text;
}

int run(Args& args) {
  const auto time = args.option_int("--time", 1, 86'400'000);
  const auto input = args.positional("GAME");
  if (!args.finish()) return args.usage_error();

  auto text = parse_game_text(*input);
  if (!text) {
    args.fail("GAME: " + text.error());
    return args.usage_error();
  }
  const Position position = make_game(*text).position();

  std::printf("board %s (%s to move, %d empties)\n", to_board_string(position).c_str(),
              color_name(position.to_move), position.empty_count());
  if (position.is_game_over()) {
    std::printf("the game is over: no move to analyse (final score %+d for %s)\n",
                position.final_score(), color_name(position.to_move));
    return kOk;
  }
  Analyzer analyzer;
  AnalysisOptions options;
  options.time_ms = double(time.value_or(2000));
  const AnalysisResult r = analyzer.analyze(position, options);
  std::printf("%-5s %7s %-8s %5s  %s\n", "move", "value", "kind", "depth", "line");
  for (const MoveValue& mv : r.moves)
    std::printf("%-5s %7s %-8s %5d  %s\n", square_name(mv.move).c_str(), value_text(mv).c_str(),
                std::string(value_kind_name(mv.kind)).c_str(), mv.depth, line_text(mv.pv).c_str());
  std::printf("time %.1f ms, nodes %llu, %s\n", r.time_ms,
              static_cast<unsigned long long>(r.nodes),
              r.complete ? "complete" : "stopped by the time budget (--time)");
  return kOk;
}

const CommandRegistrar registrar{{
    "analyze",
    "the value of every legal move of a position, best first",
    "usage: reversi-cli analyze GAME [--time MS]\n"
    "\n"
    "Values every legal move of the position (a board string, or the position after\n"
    "a transcript or a GGF game) and prints them best first: square, value in\n"
    "discs for the side to move, kind, depth and line (the move and the best replies\n"
    "the search that gave the value found; for a solved value a line both sides\n"
    "play to the end keeping it). Kinds: exact (the final disc\n"
    "difference with perfect play, depth = empties solved; a draw is exact), win /\n"
    "loss (a solved outcome; the value is the midgame estimate moved to at least +2\n"
    "or at most -2), midgame (an estimate of a search that many plies deep, the move\n"
    "included). The analysis deepens step by step (midgame depth 1, 2, ..., then,\n"
    "with at most 30 empties, win/loss/draw and exact solves of every move) and\n"
    "prints the last complete value of each move when the time is up. A position\n"
    "whose side must pass has the one move 'pass'; a finished game has none.\n"
    "\n"
    "  GAME         in quotes, one of:\n"
    "               a board string: 64 squares a1..h8 of X (black), O (white) or -\n"
    "               (also * B b, W w, . _), then the side to move (X or O; black\n"
    "               if left out); whitespace anywhere\n"
    "               a transcript from the start: f5d6c3, \"1. F5 2. D6\", with\n"
    "               \"pass\" where a side had to pass\n"
    "               a GGF game: (;GM[Othello]BO[8 ...]B[f5]W[d6];)\n"
    "  --time MS    time budget in milliseconds (default 2000); the analysis ends\n"
    "               earlier when every value is exact\n",
    run}};

}  // namespace
