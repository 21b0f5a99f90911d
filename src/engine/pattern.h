// Learned pattern evaluation (Logistello style).
//
// The board is seen through 11 pattern kinds (edge + 2 X-squares, corner 3x3,
// corner 2x5, the diagonals of length 4..8, the lines 2..4), each placed on the
// board in every distinct way the eight board symmetries allow: 46 placements.
// Each placement's squares give a base-3 index (0 empty, 1 side to move, 2
// opponent) into the weight table of its kind; all placements of a kind share
// one table, and a placement that is mirror-symmetric in itself (an edge read
// left to right or right to left) shares the weight of the mirrored index. One
// set of tables per game stage (by empties), plus a per-stage bias. The value
// is the sum of the weights, in kEvalScale units per disc, for the side to move.
//
// Indices come from bitboards: the eight symmetric images of P and O are made
// once per call, then each placement is the canonical placement read from one
// image with a bit-gather (a few shifts and masks, or one multiply, per kind;
// not PEXT, which is microcode on some AMD CPUs: see gather_kind), and two
// binary-to-ternary table lookups.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/bitboard.h"
#include "core/expected.h"
#include "engine/evaluate.h"
#include "engine/weights_file.h"  // encode_weights, decode_weights, load/save_weights_file

namespace reversi::pattern {

constexpr int kNumKinds = 11;
constexpr int kNumStages = 12;
constexpr int kStagePlies = 5;   // empties 60..56 -> stage 0, .., 5..1 -> stage 11
constexpr int kNumPlacements = 46;

// A pattern kind: its canonical placement as a mask (squares read in ascending
// order), how many placements it has, and which symmetric images hold them.
struct Kind {
  const char* name;
  Bitboard mask;
  int squares;        // popcount(mask)
  int size;           // 3^squares
};
const std::array<Kind, kNumKinds>& kinds();

// Stage of a position with this many empty squares (1..60).
constexpr int stage_of(int empties) {
  const int s = (60 - empties) / kStagePlies;
  return s < 0 ? 0 : (s >= kNumStages ? kNumStages - 1 : s);
}
// Empties covered by a stage: [stage_min_empties, stage_max_empties].
constexpr int stage_max_empties(int stage) { return 60 - kStagePlies * stage; }
constexpr int stage_min_empties(int stage) {
  return stage == kNumStages - 1 ? 1 : stage_max_empties(stage) - kStagePlies + 1;
}

// The eight symmetric images of a bitboard, in a fixed order:
// id, mirror columns (H), mirror rows (V), rotate 180 (HV), transpose (T), H(T), V(T), HV(T).
std::array<Bitboard, 8> symmetries(Bitboard b);
// Image number `t` alone (same numbering).
Bitboard symmetry(Bitboard b, int t);

// One placement: a kind, read from symmetric image `image`.
struct Placement {
  int kind;
  int image;
};
const std::array<Placement, kNumPlacements>& placements();

// Software and hardware bit-gather (the same result): the bits of b under mask,
// packed towards bit 0 in ascending square order.
Bitboard gather(Bitboard b, Bitboard mask);

// Feature indices of a position: for each placement, the base-3 index already
// mapped to its kind's canonical (mirror-reduced) index. Used by training.
using Features = std::array<std::uint32_t, kNumPlacements>;
Features features(Bitboard P, Bitboard O);

// Canonical index of index `idx` of kind k (min of itself and its mirror image).
std::uint32_t canonical_index(int kind, std::uint32_t idx);
// Number of canonical indices of kind k, and the dense number of a canonical index
// (0..count-1), used for compact weight vectors in training and in the file.
int canonical_count(int kind);
int dense_index(int kind, std::uint32_t canonical);
// Dense feature offsets: all kinds' dense ranges laid end to end; +1 for the bias.
int dense_offset(int kind);
int dense_total();  // sum of canonical_count over kinds (bias not included)

// The weights of every stage: dense int16 per kind (kEvalScale units) plus a bias.
struct Weights {
  // stage-major: values[stage * dense_total() + dense_offset(kind) + dense_index]
  std::vector<std::int16_t> values;
  std::array<std::int32_t, kNumStages> bias{};
  Weights();
};

// The weights compiled into the engine (src/engine/weights_data.cpp), or empty.
std::span<const std::uint8_t> embedded_weights();

// Incremental indices, for the search: every placement's base-3 index (as
// read from its image, not mirror-reduced: the evaluator's full tables take it
// as it is) seen by both sides, made for a child from its parent's by adding
// what the move changes (the played square and the flipped discs: a few
// vector additions, 16-bit lanes) instead of reading all 46 from the board.
// Lanes 46 and 47 are padding (always 0), so that the additions are whole vectors.
constexpr int kIndexLanes = 48;
struct Indices {
  // own: 1 = a disc of the side to move, 2 = the opponent's (what evaluate reads);
  // other: the same with the sides swapped (the child's `own` after a move or a pass).
  alignas(32) std::array<std::uint16_t, kIndexLanes> own;
  alignas(32) std::array<std::uint16_t, kIndexLanes> other;
};
// From the board (P to move).
Indices indices(Bitboard P, Bitboard O);
// The child's after the side to move plays sq flipping `flips` (the child's
// side to move is the opponent), and after a pass.
void play(const Indices& parent, int sq, Bitboard flips, Indices& child);
void pass(const Indices& parent, Indices& child);

}  // namespace reversi::pattern

namespace reversi {

// The evaluator. Without valid weights it falls back to the hand-made evaluation
// (status() says why).
class PatternEvaluator final : public Evaluator {
 public:
  // From the embedded weights, or from the file named by the environment
  // variable REVERSI_PATTERN_WEIGHTS if set (experiments).
  PatternEvaluator();
  explicit PatternEvaluator(const pattern::Weights& weights);
  // From a weight file's bytes (falls back if they do not decode).
  explicit PatternEvaluator(std::span<const std::uint8_t> bytes);
  std::string_view name() const override { return "pattern"; }
  int evaluate(Bitboard P, Bitboard O) const override;
  // The same value from the position's incremental indices (pattern::indices or
  // play/pass; `empties` its empty squares), and from the parent's for the
  // child that sq and `flips` make (empties: the child's), without making the
  // child's `other` half. Only when loaded().
  int evaluate(const pattern::Indices& ix, int empties) const;
  int evaluate_after(const pattern::Indices& parent, int sq, Bitboard flips, int empties) const;
  bool loaded() const { return loaded_; }
  const std::string& status() const { return status_; }

 private:
  void expand(const pattern::Weights& weights);
  bool loaded_ = false;
  std::string status_;
  // Full (non-canonical) per-kind tables, stage-major, for one load per placement:
  // each stage's per_stage_ entries hold the kinds' tables in kind order.
  std::vector<std::int16_t> table_;
  std::size_t per_stage_ = 0;
  const std::int16_t* stage_table(int stage) const { return table_.data() + per_stage_ * stage; }
  std::array<std::int32_t, pattern::kNumStages> bias_{};
  HandmadeEvaluator fallback_;
};

}  // namespace reversi
