// The hand-made midgame evaluation (the registry of evaluators is in
// evaluator_registry.cpp, the stable discs it counts in stability.cpp).
#include "engine/evaluate.h"

#include <algorithm>
#include <array>

#include "core/movegen.h"
#include "engine/stability.h"

namespace reversi {

namespace {

// Empty squares next to each corner, by corner: {corner, x-square, c-squares}.
struct CornerZone {
  int corner;
  int x;
  Bitboard c;
};
constexpr CornerZone kZones[4] = {
    {0, 9, bit(1) | bit(8)},
    {7, 14, bit(6) | bit(15)},
    {56, 49, bit(57) | bit(48)},
    {63, 54, bit(62) | bit(55)},
};

// A mild weighted-square table (corners, X and C squares are scored separately
// and depend on whether the corner is taken, so they are 0 here).
constexpr int kSquareWeight[64] = {
    0,  0,  6, 3, 3, 6,  0,  0,   //
    0,  0, -2, -1, -1, -2, 0, 0,  //
    6, -2,  2, 0, 0, 2, -2,  6,   //
    3, -1,  0, 0, 0, 0, -1,  3,   //
    3, -1,  0, 0, 0, 0, -1,  3,   //
    6, -2,  2, 0, 0, 2, -2,  6,   //
    0,  0, -2, -1, -1, -2, 0, 0,  //
    0,  0,  6, 3, 3, 6,  0,  0,   //
};

// The table as one mask per distinct weight, so that scoring is a few popcounts.
struct WeightMask {
  int weight;
  Bitboard mask;
};
constexpr std::array<WeightMask, 5> make_weight_masks() {
  std::array<WeightMask, 5> masks{{{6, 0}, {3, 0}, {2, 0}, {-1, 0}, {-2, 0}}};
  for (int sq = 0; sq < 64; ++sq)
    for (auto& m : masks)
      if (kSquareWeight[sq] == m.weight) m.mask |= bit(sq);
  return masks;
}
constexpr auto kWeightMasks = make_weight_masks();

int weighted_squares(Bitboard P, Bitboard O) {
  int s = 0;
  for (const auto& m : kWeightMasks) s += m.weight * (popcount(P & m.mask) - popcount(O & m.mask));
  return s;
}

// Linear blend of a weight between the opening (60 empties) and the end (0).
constexpr int blend(int opening, int end, int empties) {
  return (opening * empties + end * (60 - empties)) / 60;
}

}  // namespace

Bitboard potential_moves(Bitboard P, Bitboard O) { return neighbours(O) & ~(P | O); }

int HandmadeEvaluator::evaluate(Bitboard P, Bitboard O) const {
  const Bitboard empty = ~(P | O);
  const int empties = popcount(empty);

  // Mobility, with corner moves counted twice (they are worth more than others).
  const Bitboard mp = legal_moves(P, O), mo = legal_moves(O, P);
  const int mobility = popcount(mp) + popcount(mp & kCorners) - popcount(mo) - popcount(mo & kCorners);
  // Potential mobility: empty squares next to the opponent's discs (frontier).
  const int potential = popcount(potential_moves(P, O)) - popcount(potential_moves(O, P));
  const int corners = popcount(P & kCorners) - popcount(O & kCorners);
  const int stable = edge_stable_count(P, O) - edge_stable_count(O, P);

  // X and C squares next to an empty corner give the opponent a way in.
  int xsq = 0, csq = 0;
  for (const auto& z : kZones) {
    if (!(empty >> z.corner & 1)) continue;
    xsq += int(P >> z.x & 1) - int(O >> z.x & 1);
    csq += popcount(P & z.c) - popcount(O & z.c);
  }

  int score = blend(44, 18, empties) * mobility + blend(14, 4, empties) * potential +
              blend(420, 330, empties) * corners + blend(90, 110, empties) * stable -
              blend(260, 110, empties) * xsq - blend(70, 30, empties) * csq +
              blend(10, 6, empties) * weighted_squares(P, O);

  // Discs themselves count only near the end (in the midgame fewer is better).
  const int discs = popcount(P) - popcount(O);
  score += (empties < 16 ? (16 - empties) * 6 : -4) * discs;
  // Parity: with an odd number of empties the side to move expects the last move.
  if (empties <= 20) score += (empties & 1) ? 48 : -48;
  return std::clamp(score, -kEvalMax + 1, kEvalMax - 1);
}

}  // namespace reversi
