// 7. weighted: a static evaluation of corners (with the stable discs next to
// them), edges (a pattern value for each edge's eight squares, which knows the
// dangerous C squares next to an empty corner and the discs the other side can
// capture along the edge), X squares next to an empty corner, and a
// weighted-square table for the interior; one move deep. With 14 or fewer
// empty squares it switches to an exact search to the end of the game.
#include "engine/classic_weighted.h"

#include <algorithm>
#include <array>
#include <memory>

#include "engine/classic_base.h"
#include "engine/endgame.h"
#include "engine/stability.h"

namespace reversi {

namespace {

// ---- weights (points; kWeightedPointsPerDisc points are about one disc) -----
constexpr int kCornerPoints = 30;       // owning a corner
constexpr int kStablePoints = 6;        // each disc that can never be flipped (corners included)
constexpr int kXSquarePoints = -20;     // b2/g2/b7/g7 while the corner beside it is empty
constexpr int kCSquarePoints = -10;     // a C square (b1, a2, ..) while the corner beside it is empty
constexpr int kCSquareSafePoints = 3;   // a C square next to a corner of one's own colour
constexpr int kASquarePoints = 3;       // c1, f1, ..: the good edge squares
constexpr int kBSquarePoints = 2;       // d1, e1, ..
constexpr int kEdgeThreatPoints = -3;   // per disc the other side could take along the edge at once

// The interior (inner 6x6) part of the classic weighted-square table. Edges,
// corners and X squares are zero here: their value depends on the corner next
// to them and comes from the edge patterns and the X-square rule.
constexpr std::array<int, 64> kSquareTable = {
    0,  0,  0,  0,  0,  0,  0, 0,  //
    0,  0, -3, -2, -2, -3,  0, 0,  //
    0, -3,  2,  1,  1,  2, -3, 0,  //
    0, -2,  1,  0,  0,  1, -2, 0,  //
    0, -2,  1,  0,  0,  1, -2, 0,  //
    0, -3,  2,  1,  1,  2, -3, 0,  //
    0,  0, -3, -2, -2, -3,  0, 0,  //
    0,  0,  0,  0,  0,  0,  0, 0,  //
};

constexpr Bitboard kRow1 = 0x00000000000000FFULL;
constexpr Bitboard kRow8 = 0xFF00000000000000ULL;
constexpr Bitboard kEdges = kRow1 | kRow8 | kFileA | kFileH;

// ---- edge patterns ---------------------------------------------------------
// An edge is read from one corner to the other: cells 0..7, 0 and 7 corners.
// Its value (for "own" discs) is indexed by the base-3 code sum cell_i * 3^i,
// with cell 0 empty, 1 own, 2 the other side's.

// Discs of `who` that `other` would turn over along the edge by playing at the
// empty cell `at` (a one-dimensional move).
int edge_flips(const std::array<int, 8>& cell, int at, int who, int other) {
  int total = 0;
  for (int dir : {-1, 1}) {
    int run = 0, i = at + dir;
    while (i >= 0 && i < 8 && cell[i] == who) ++run, i += dir;
    if (run && i >= 0 && i < 8 && cell[i] == other) total += run;
  }
  return total;
}

// The pattern value of one edge for side `who` (1 or 2) alone.
int edge_value_for(const std::array<int, 8>& cell, int who) {
  const int other = 3 - who;
  int value = 0;
  for (int i = 1; i <= 6; ++i) {
    if (cell[i] != who) continue;
    if (i == 1 || i == 6) {
      const int corner = cell[i == 1 ? 0 : 7];
      value += corner == 0 ? kCSquarePoints : corner == who ? kCSquareSafePoints : 0;
    } else if (i == 2 || i == 5) {
      value += kASquarePoints;
    } else {
      value += kBSquarePoints;
    }
  }
  // The biggest capture the other side has along this edge.
  int threat = 0;
  for (int at = 0; at < 8; ++at)
    if (cell[at] == 0) threat = std::max(threat, edge_flips(cell, at, who, other));
  return value + threat * kEdgeThreatPoints;
}

constexpr int kEdgeCodes = 6561;  // 3^8

const std::array<std::int16_t, kEdgeCodes>& edge_table() {
  static const auto table = [] {
    std::array<std::int16_t, kEdgeCodes> t{};
    for (int code = 0; code < kEdgeCodes; ++code) {
      std::array<int, 8> cell{};
      for (int i = 0, c = code; i < 8; ++i, c /= 3) cell[i] = c % 3;
      t[code] = static_cast<std::int16_t>(edge_value_for(cell, 1) - edge_value_for(cell, 2));
    }
    return t;
  }();
  return table;
}

// base3[b] = the base-3 code of the 8-bit pattern b with every set cell = 1.
const std::array<int, 256>& base3() {
  static const auto table = [] {
    std::array<int, 256> t{};
    for (int b = 0; b < 256; ++b)
      for (int i = 0, p = 1; i < 8; ++i, p *= 3)
        if (b >> i & 1) t[b] += p;
    return t;
  }();
  return table;
}

// The eight cells of an edge as a byte (bit i = cell i).
inline int row1_bits(Bitboard b) { return int(b & 0xFF); }
inline int row8_bits(Bitboard b) { return int(b >> 56); }
inline int fileA_bits(Bitboard b) { return int(file_byte(b, 0)); }
inline int fileH_bits(Bitboard b) { return int(file_byte(b, 7)); }

inline int edge_code(int own, int opp) { return base3()[own] + 2 * base3()[opp]; }

}  // namespace

int weighted_evaluate(Bitboard P, Bitboard O) {
  const Bitboard stable = classic_stable_discs(P, O);
  int score = kCornerPoints * (popcount(P & kCorners) - popcount(O & kCorners));
  score += kStablePoints * (popcount(stable & P) - popcount(stable & O));

  const auto& edges = edge_table();
  score += edges[edge_code(row1_bits(P), row1_bits(O))];
  score += edges[edge_code(row8_bits(P), row8_bits(O))];
  score += edges[edge_code(fileA_bits(P), fileA_bits(O))];
  score += edges[edge_code(fileH_bits(P), fileH_bits(O))];

  // X squares while their corner is empty.
  constexpr int kXSquares[4][2] = {{B2, A1}, {G2, H1}, {B7, A8}, {G7, H8}};
  const Bitboard empty = ~(P | O);
  for (const auto& [x, corner] : kXSquares) {
    if (!(empty >> corner & 1)) continue;
    if (P >> x & 1) score += kXSquarePoints;
    if (O >> x & 1) score -= kXSquarePoints;
  }

  for (Bitboard b = P & ~kEdges; b; b &= b - 1) score += kSquareTable[lowest_square(b)];
  for (Bitboard b = O & ~kEdges; b; b &= b - 1) score -= kSquareTable[lowest_square(b)];
  return score;
}

namespace classic {
namespace {

constexpr int kDefaultEndgameEmpties = 14;
// A game-ending move is worth its final disc difference times this, so that a
// won ending always beats any heuristic value and a lost one is played last.
constexpr int kGameOverPoints = 1000;
constexpr std::size_t kSolverHashMegabytes = 4;

class Weighted final : public ClassicPlayer {
 public:
  Weighted() : ClassicPlayer("weighted") {}

  SearchResult pick(const Position& pos, Bitboard moves, const SearchLimits& limits,
                    Clock::time_point start) override {
    const int threshold = limits.endgame_empties >= 0 ? limits.endgame_empties : kDefaultEndgameEmpties;
    std::uint64_t nodes = 0;
    if (pos.empty_count() <= threshold) {
      if (!solver_) solver_ = std::make_unique<EndgameSolver>(kSolverHashMegabytes);
      SolveOptions options;
      options.stop = limits.stop;
      options.deadline = deadline_of(start, limits.time_ms);
      const SolveResult solved = solver_->solve(pos, options);
      nodes += solved.nodes;
      if (solved.complete && is_board_square(solved.best) && pos.is_legal(solved.best)) {
        SearchResult r;
        r.move = solved.best;
        r.has_score = true;
        r.exact = true;
        r.score = solved.score;
        r.depth = pos.empty_count();
        r.pv.push_back(solved.best);
        r.nodes = nodes;
        return r;
      }
      // Stopped or out of time: fall back to the one-move evaluation below.
    }

    int best = -1, best_value = 0;
    for (Bitboard m = moves; m; m &= m - 1) {
      const int sq = lowest_square(m);
      ++nodes;
      const Bitboard f = flips(sq, pos.player, pos.opponent);
      const Bitboard mine = pos.player | f | bit(sq), theirs = pos.opponent & ~f;
      int value;
      if (!legal_moves(theirs, mine) && !legal_moves(mine, theirs))
        value = kGameOverPoints * Position{mine, theirs, Color::Black}.final_score();
      else
        value = weighted_evaluate(mine, theirs);
      if (best < 0 || value > best_value) best = sq, best_value = value;
    }
    SearchResult r;
    r.move = Square(best);
    r.has_score = true;
    // A heuristic, shown roughly in discs (never beyond a real final score).
    r.score = std::clamp(double(best_value) / kWeightedPointsPerDisc, -64.0, 64.0);
    r.depth = 1;
    r.nodes = nodes;
    return r;
  }

 private:
  std::unique_ptr<EndgameSolver> solver_;  // made on the first endgame, then reused
};

}  // namespace
}  // namespace classic

std::unique_ptr<Player> make_weighted_player() { return std::make_unique<classic::Weighted>(); }

}  // namespace reversi
