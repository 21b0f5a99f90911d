// The hand-made midgame evaluation and the evaluator registry.
#include "engine/evaluate.h"
#include "engine/pattern.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "core/movegen.h"

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

Bitboard neighbours(Bitboard b) {
  const Bitboard h = ((b << 1) & kNotFileA) | ((b >> 1) & kNotFileH) | b;
  return (h | (h << 8) | (h >> 8)) & ~b;
}

// The four edges, each as its eight squares from one corner to the other.
constexpr int kEdgeSquares[4][8] = {
    {0, 1, 2, 3, 4, 5, 6, 7},
    {56, 57, 58, 59, 60, 61, 62, 63},
    {0, 8, 16, 24, 32, 40, 48, 56},
    {7, 15, 23, 31, 39, 47, 55, 63},
};

// Linear blend of a weight between the opening (60 empties) and the end (0).
constexpr int blend(int opening, int end, int empties) {
  return (opening * empties + end * (60 - empties)) / 60;
}

}  // namespace

Bitboard potential_moves(Bitboard P, Bitboard O) { return neighbours(O) & ~(P | O); }

Bitboard edge_stable_discs(Bitboard P, Bitboard O) {
  const Bitboard occupied = P | O;
  Bitboard stable = 0;
  for (const auto& edge : kEdgeSquares) {
    Bitboard line = 0;
    for (int sq : edge) line |= bit(sq);
    if ((occupied & line) == line) {
      // An edge disc can only be flipped along its edge: a full edge is final.
      stable |= P & line;
      continue;
    }
    for (int i = 0; i < 8 && (P >> edge[i] & 1); ++i) stable |= bit(edge[i]);
    for (int i = 7; i >= 0 && (P >> edge[i] & 1); --i) stable |= bit(edge[i]);
  }
  return stable;
}

namespace {

// Stable discs of one edge (8 bits, either direction), corners excluded:
// the mover's runs from an owned corner, or all its discs on a full edge.
int edge_line_stable(unsigned p, unsigned o) {
  unsigned stable = 0;
  if ((p | o) == 0xFF) {
    stable = p;
  } else {
    for (int i = 0; i < 8 && (p >> i & 1); ++i) stable |= 1u << i;
    for (int i = 7; i >= 0 && (p >> i & 1); --i) stable |= 1u << i;
  }
  return std::popcount(stable & 0x7Eu);
}

struct EdgeTable {
  std::uint8_t count[256][256];
  EdgeTable() {
    for (unsigned p = 0; p < 256; ++p)
      for (unsigned o = 0; o < 256; ++o) count[p][o] = (p & o) ? 0 : std::uint8_t(edge_line_stable(p, o));
  }
};
const EdgeTable& edge_table() {
  static const EdgeTable table;
  return table;
}

// File A (or H after a shift) packed into 8 bits (order reversed: the edge
// rule is symmetric, so only consistency between P and O matters).
constexpr unsigned file_a_bits(Bitboard b) {
  return unsigned(((b & kFileA) * 0x0102040810204080ULL) >> 56);
}

}  // namespace

int edge_stable_count(Bitboard P, Bitboard O) {
  const auto& t = edge_table().count;
  return t[P & 0xFF][O & 0xFF] + t[P >> 56][O >> 56] + t[file_a_bits(P)][file_a_bits(O)] +
         t[file_a_bits(P >> 7)][file_a_bits(O >> 7)];
}

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

std::vector<std::string_view> evaluator_names() { return {"pattern", "handmade"}; }

bool is_evaluator_name(std::string_view name) {
  const std::vector<std::string_view> names = evaluator_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

const Evaluator* find_evaluator(std::string_view name) {
  static const HandmadeEvaluator handmade;
  if (name == "handmade") return &handmade;
  if (name == "pattern") {  // learned weights (engine/pattern.h); hand-made if they fail to load
    static const PatternEvaluator pattern;
    return &pattern;
  }
  return nullptr;
}

const Evaluator& default_evaluator() {
  const Evaluator* e = find_evaluator(kDefaultEvaluatorName);
  return e ? *e : *find_evaluator("handmade");
}

}  // namespace reversi
