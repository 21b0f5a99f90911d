// The "weighted" classic player's evaluation: corners with the stable discs next
// to them, edge patterns (including the dangerous C squares next to an empty
// corner), X squares next to an empty corner, and a weighted-square table for
// the interior. Scores are for P, in points (kWeightedPointsPerDisc per disc of
// advantage, roughly).
#pragma once

#include "core/bitboard.h"

namespace reversi {

constexpr int kWeightedPointsPerDisc = 10;

// Its stable discs are classic_stable_discs (engine/stability.h).

// The weighted player's static evaluation for the owner of P.
int weighted_evaluate(Bitboard P, Bitboard O);

}  // namespace reversi
