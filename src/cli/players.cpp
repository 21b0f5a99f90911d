// reversi-cli players: the names accepted by --black/--white and the game.
#include <cstdio>

#include "cli/command.h"
#include "engine/player.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

int run(Args& args) {
  if (!args.finish()) return args.usage_error();
  std::size_t width = 0;
  const auto list = player_list();
  for (const auto& p : list) width = std::max(width, p.name.size());
  for (const auto& p : list)
    std::printf("%-*s  %s\n", int(width), p.name.c_str(), p.description.c_str());
  return kOk;
}

const CommandRegistrar registrar{{"players", "list the computer players, naive to strong",
                                  "usage: reversi-cli players\n\n"
                                  "Lists every computer player name with a one-line description.\n",
                                  run}};

}  // namespace
