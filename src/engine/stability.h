// Stable discs: discs that no sequence of moves can flip. The exact solver uses
// them to bound the score (a side with s stable discs ends with at least s), and
// cuts a node off when even that bound cannot reach the search window.
#pragma once

#include "core/bitboard.h"

namespace reversi {

// A subset of P's stable discs: edge discs that no move along their edge can
// flip (exact for the edge as an 8-square line, from a precomputed table), discs
// whose four lines are full, and, grown from those, inner discs that have on
// every line either a full line or a stable neighbour of their own colour.
Bitboard stable_discs(Bitboard P, Bitboard O);

// The disc difference P can reach at most: 64 - 2 * (O's stable discs).
inline int stability_upper_bound(Bitboard P, Bitboard O) {
  return 64 - 2 * popcount(stable_discs(O, P));
}

}  // namespace reversi
