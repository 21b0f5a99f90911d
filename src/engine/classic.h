// The seven classic computer players, the fixed rules early Othello programs
// played by, each behind the Player interface, from the simplest rule to the
// weighted evaluation:
//   first-legal, corner-first, corner-safe, most-flips, fewest-replies,
//   random-playouts, weighted.
// Each picks its move by its own rule, one move of look-ahead at most (apart
// from random-playouts' random games and weighted's exact search near the
// end). They are the naive end of the player list and the baseline opponents
// of the strength ladder (reversi-cli play).
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "engine/player.h"

namespace reversi {

// The classic players, simplest rule first (the order above, and the numbers
// 1-7 of their classes in classic*.cpp), with one-line descriptions.
std::vector<PlayerInfo> classic_player_list();

// A classic player by name, or null when `name` is not one of them. `seed`
// feeds the random-playouts player's generator (the others are deterministic).
std::unique_ptr<Player> make_classic_player(std::string_view name, std::uint64_t seed);

// Squares that give the opponent a corner: after playing `square` (legal for
// P), the opponent could take a corner at once. Exposed for tests.
bool gives_corner_away(int square, Bitboard P, Bitboard O);

}  // namespace reversi
