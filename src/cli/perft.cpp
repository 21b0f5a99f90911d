// reversi-cli perft DEPTH [BOARD]: leaves of the game tree, with time and rate.
#include <chrono>
#include <cstdio>

#include "cli/command.h"
#include "core/notation.h"
#include "core/perft.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

int run(Args& args) {
  const auto depth = args.positional_int("DEPTH", 0, 60);
  const auto board = args.positional_board("BOARD", false);
  if (!args.finish()) return args.usage_error();
  const Position position = board ? *board : Position::initial();

  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t leaves = perft(position, int(*depth));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("perft %lld: %llu leaves in %.3f s (%.1f M leaves/s)\n", *depth,
              static_cast<unsigned long long>(leaves), seconds,
              seconds > 0 ? double(leaves) / seconds / 1e6 : 0.0);
  return kOk;
}

const CommandRegistrar registrar{{
    "perft",
    "count the leaves of the game tree to a depth (move generator check and speed)",
    "usage: reversi-cli perft DEPTH [BOARD]\n"
    "\n"
    "Counts the leaves of the game tree DEPTH plies deep (a pass is a ply; a game\n"
    "that ends earlier is one leaf) and prints the count, the time and the rate.\n"
    "From the start: depth 6 = 8200, 9 = 3005288, 11 = 212258800.\n"
    "\n"
    "  DEPTH   0..60\n"
    "  BOARD   a board string in quotes: 64 squares a1..h8 of X (black), O (white)\n"
    "          or - (empty), a space, then the side to move X or O. Default: the\n"
    "          standard start.\n",
    run}};

}  // namespace
