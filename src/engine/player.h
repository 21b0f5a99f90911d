// The one interface every computer player shares: given a position and limits,
// return a legal move (and, where the player has one, a score and a principal
// variation). Classic players and the searcher at every level implement it.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/position.h"

namespace reversi {

struct SearchLimits {
  int depth = 0;              // midgame depth in plies; 0 = the player's own default
  int endgame_empties = -1;   // solve exactly from this many empties; -1 = default
  double time_ms = 0;         // budget for this move; 0 = no time limit
  std::uint64_t nodes = 0;    // node budget; 0 = unlimited
  // A game clock (issue 46 part 4): the mover's time left and the increment a move, in ms;
  // clock_ms 0 = no clock. With one (and no time_ms) a level spends its time across the
  // game (engine/timeman.h's clock_allocation) instead of its fixed time per move.
  double clock_ms = 0;
  double increment_ms = 0;
  // Set from another thread to stop the search at once; the best move found so
  // far is returned. May be null.
  const std::atomic<bool>* stop = nullptr;
};

struct SearchResult {
  Square move = NO_SQUARE;   // PASS when the position has no legal move
  bool has_score = false;
  double score = 0;          // in discs, for the side to move (exact when `exact`)
  bool exact = false;        // score is the exact final disc difference
  int depth = 0;             // depth reached (midgame plies or empties solved)
  double probable_t = 0;     // > 0: from a selective solve to the end (cut threshold t)
  std::vector<Square> pv;    // principal variation, starting with `move`
  std::uint64_t nodes = 0;
  double time_ms = 0;
  // A person's time over this move (human players on a game clock, engine/timeman.h's
  // human_think_ms): the front end plays the move no earlier than this after asking, and a
  // match charges the clock at least this. The engine itself never waits: a sleeping worker
  // would spin a core in a single-threaded WebAssembly build.
  double think_ms = 0;
};

class Player {
 public:
  virtual ~Player() = default;
  virtual std::string name() const = 0;
  // Must return a legal move of `position` (PASS only if it has none). Must not
  // be called on a finished game.
  virtual SearchResult choose(const Position& position, const SearchLimits& limits) = 0;
  // Restarts a randomised player's generator as make_player(name, seed) would,
  // so a player kept between requests (RequestRunner) answers as a fresh one.
  virtual void reseed(std::uint64_t /*seed*/) {}
  // A new game begins for this player object: a player whose strength varies from game to
  // game (the human players' form, engine/human_player.h) draws this game's from `seed`;
  // the others ignore it. Made by make_player(name, seed), a player is at the start of the
  // game `seed` (and reseed(seed) puts it back there); whoever plays it in several games
  // calls this before each (reversi-cli match; the front ends through
  // MoveRequest::game), so no game's form is carried into the next.
  virtual void start_game(std::uint64_t /*seed*/) {}
};

struct PlayerInfo {
  std::string name;         // as accepted by make_player, e.g. "corner-first", "level-5"
  std::string description;  // one line for --help and the game's menu
  // For the searcher's levels (level > 0), what the game's menu tells a person: how far
  // it looks ahead (60: as deep as its time allows), from how many empty squares it
  // plays perfectly, and its time per move on this platform.
  int level = 0;
  int depth = 0;
  int exact_empties = 0;
  double time_ms = 0;
};

// Every selectable player, naive to strong.
std::vector<PlayerInfo> player_list();
// A player by name; `seed` makes randomised players reproducible.
Expected<std::unique_ptr<Player>> make_player(std::string_view name, std::uint64_t seed = 1);

// The one rule for a computer player's answer, used by every front end (through
// RequestRunner, engine/request.h, and by arena): the game must not be over, and
// the answer must be a legal move, or PASS exactly when the side to move has
// none. A buggy player is reported with its name, never played; an exception
// from the engine is reported the same way.
Expected<SearchResult> choose_checked(Player& player, const Position& position,
                                      const SearchLimits& limits);
// A request run with a fresh player (a RequestRunner used once).
Expected<SearchResult> choose_with(std::string_view player, std::uint64_t seed,
                                   const Position& position, const SearchLimits& limits);

}  // namespace reversi
