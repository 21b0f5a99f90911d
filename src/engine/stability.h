// Stable discs: discs that no sequence of moves can flip. One computation for
// every user, in two strengths that differ only in how much of each edge they
// prove:
//
//   stable_discs          exact edges (a table of every 8-square edge), then
//                         the inner discs grown from them: the exact solver's
//                         stability cutoff, where a larger set cuts more;
//   edge_stable_discs     the cheap edge rule (runs from an owned corner, full
//                         edges), counted by edge_stable_count: the hand-made
//                         evaluation and the search's move ordering;
//   classic_stable_discs  the cheap edge rule, then the inner discs grown from
//                         it, both colours: the "weighted" classic player.
//
// Each is a subset of the truly stable discs. The evaluations were tuned with
// their own rule, so the rules stay as they are (their values and the engine's
// node counts depend on them); what they share is written once here.
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

// Discs of P that can never be flipped because they are anchored along an edge
// to a corner (runs of P's discs from an owned corner along the edges, and full
// edges). A subset of the truly stable discs.
Bitboard edge_stable_discs(Bitboard P, Bitboard O);
// popcount(edge_stable_discs(P, O) & ~kCorners), by table lookups (fast).
int edge_stable_count(Bitboard P, Bitboard O);

// Discs that can never be flipped again, both colours: edge_stable_discs of
// each, then inner discs that have on each of their four lines a full line or
// a stable neighbour of their own colour.
Bitboard classic_stable_discs(Bitboard P, Bitboard O);

}  // namespace reversi
