// A computer player served over stdin/stdout, so that two builds of the engine
// (say today's and an old commit's) can play each other at equal time per move:
// tools/cross-match.py starts one of these per build and referees the games.
// It uses only the Player interface (engine/player.h), which has been stable
// since session 1, so the same file builds against old commits unchanged
// (tools/cross-match.py says how).
//
//   usage: pipe-player PLAYER [SEED]        e.g. pipe-player level-12+nobook+threads=1
//
// One request a line:
//   go MS MOVES     the game so far from the standard start as a transcript
//                   ("-" for none; passes implied), MS the time budget in ms
//                   (0: the player's own);
//                   answer "move SQ MS NODES DEPTH HOW": the move (e.g. "f5"),
//                   the player's own thinking time, its node count, the depth
//                   reached and how the move was found ("exact": solved to
//                   the end, "probable": a selective solve to the end, "search":
//                   the midgame search, "book", or "other" for a player without
//                   a search)
//   state MOVES     answer "black", "white" (the side to move, passes applied)
//                   or "over B W" (the final disc counts), so the referee
//                   needs no rules of its own
//   quit
// Anything else, or a transcript that is not a legal game, is answered with
// one "error ..." line; the player is kept.
#include <cstdio>
#include <iostream>
#include <string>

#include "core/game.h"
#include "engine/player.h"

using namespace reversi;

namespace {
// The position after `text` (a transcript or "-"), forced passes applied, or
// why the transcript is not a legal game: Game's one replay of a transcript.
Expected<Position> replay(std::string text) {
  const auto first = text.find_first_not_of(' ');
  text = first == std::string::npos ? "-" : text.substr(first);
  if (text == "-") return Game().position();
  const auto game = Game::from_transcript(text);
  if (!game) return Error{game.error()};
  return game->position();
}

std::string state(const std::string& line) {
  const auto pos = replay(line.substr(6));
  if (!pos) return "error: " + pos.error();
  if (pos->is_game_over())
    return "over " + std::to_string(pos->disc_count(Color::Black)) + " " +
           std::to_string(pos->disc_count(Color::White));
  return pos->to_move == Color::Black ? "black" : "white";
}

std::string go(Player& player, const std::string& line) {
  std::size_t used = 0;
  double ms = 0;
  try {
    ms = std::stod(line.substr(3), &used);
  } catch (...) {
    return "error: expected 'go MS MOVES'";
  }
  const auto pos = replay(line.substr(3 + used));
  if (!pos) return "error: " + pos.error();
  SearchLimits limits;
  limits.time_ms = ms;
  const auto result = choose_checked(player, *pos, limits);
  if (!result) return "error: " + result.error();
  const SearchResult& r = *result;
  const char* how = r.exact                                   ? "exact"
                    : r.probable_t > 0                        ? "probable"
                    : r.depth > 0 && r.nodes == 0             ? "book"
                    : r.depth > 0                             ? "search"
                                                              : "other";
  char tail[96];
  std::snprintf(tail, sizeof tail, " %.3f %llu %d %s", r.time_ms,
                static_cast<unsigned long long>(r.nodes), r.depth, how);
  return "move " + square_name(r.move) + tail;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::fprintf(stderr, "usage: pipe-player PLAYER [SEED]\n");
    return 2;
  }
  const std::uint64_t seed = argc == 3 ? std::stoull(argv[2]) : 1;
  auto player = make_player(argv[1], seed);
  if (!player) {
    std::fprintf(stderr, "pipe-player: %s\n", player.error().c_str());
    return 2;
  }
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line == "quit") break;
    const std::string out = line.rfind("go ", 0) == 0      ? go(**player, line)
                            : line.rfind("state ", 0) == 0 ? state(line)
                                                           : "error: unknown request";
    std::cout << out << std::endl;
  }
  return 0;
}
