// reversi-cli nboard: the engine speaking the NBoard protocol on stdin/stdout
// (for the NBoard GUI and other Othello front ends).
#include <iostream>

#include "cli/command.h"
#include "engine/nboard.h"

namespace {

using namespace reversi::cli;

int run(Args& args) {
  if (!args.finish()) return args.usage_error();
  reversi::NBoardEngine engine(std::cout);  // every response line is flushed (std::endl)
  engine.run(std::cin);
  return kOk;
}

const CommandRegistrar registrar{{
    "nboard",
    "play through the NBoard protocol on stdin/stdout (engine for Othello GUIs)",
    "usage: reversi-cli nboard\n"
    "\n"
    "Reads NBoard protocol commands, one a line, and answers on stdout:\n"
    "  nboard 2            -> set myname NAME\n"
    "  set depth N         midgame depth (exact endgame from N+4 empties)\n"
    "  set game GGF        the position at the end of a GGF game\n"
    "  move F5[/eval/time] play a move (PA: pass)\n"
    "  go                  -> nodestats NODES SECONDS, === MOVE/EVAL/TIME\n"
    "  hint N              -> search MOVE EVAL 0 DEPTH for the N best moves\n"
    "  ping N              -> pong N\n"
    "  learn               -> learned\n"
    "  set contempt N, set myname NAME, nodestats, quit\n"
    "Unknown commands are ignored; malformed ones get a \"status error: ...\" line.\n",
    run}};

}  // namespace
