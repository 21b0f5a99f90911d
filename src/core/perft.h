// perft: the number of leaves of the game tree to a given depth, the standard
// check of a move generator. Othello convention: a pass counts as a ply, and a
// game that ends before the requested depth counts as one leaf.
#pragma once

#include <cstdint>

#include "core/position.h"

namespace reversi {

std::uint64_t perft(const Position& position, int depth);

}  // namespace reversi
