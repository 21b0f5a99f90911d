// Midgame evaluation: the static score the search uses at its leaves.
//
// Units: kEvalScale (= 128) units per disc, for the side to move. A value of
// +256 means "the side to move is about 2 discs ahead at the end of the game".
// Evaluations must stay strictly inside (-kEvalMax, +kEvalMax) so that they can
// never be mistaken for an exact game result (|final score| * kEvalScale).
//
// Plug-in point. The searcher holds a `const Evaluator*` (see SearchOptions in
// search.h and Searcher::set_evaluator), so two evaluators can be compared at
// equal depth in one program. To add one (e.g. the learned pattern evaluator):
//   1. implement `class PatternEvaluator : public Evaluator` in its own files
//      (src/engine/pattern*.{h,cpp}); evaluate() must be const and thread-safe
//      (Lazy SMP calls it from several threads at once): read-only weights;
//   2. add a branch for its name to find_evaluator() in evaluator_registry.cpp
//      and its name to evaluator_names() (one line each; a static registrar
//      would be dropped by the linker because reversi_engine is a static library);
//   3. make it the default by changing kDefaultEvaluatorName below.
#pragma once

#include <string_view>
#include <vector>

#include "core/bitboard.h"

namespace reversi {

// Units per disc. A power of two so that converting to discs is exact in binary.
constexpr int kEvalScale = 128;
// Every evaluation lies strictly inside (-kEvalMax, kEvalMax).
constexpr int kEvalMax = 64 * kEvalScale;

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // Short name, as accepted by find_evaluator ("handmade", "pattern").
  virtual std::string_view name() const = 0;
  // Score for the side to move, whose discs are P (opponent's O), in kEvalScale
  // units per disc. Called only on positions where the game is not over; P may
  // have no legal move (the search evaluates before checking for a pass).
  virtual int evaluate(Bitboard P, Bitboard O) const = 0;
};

// The hand-made evaluation: mobility, potential mobility (frontier), corners
// and stable edge discs, X/C squares next to empty corners, a weighted-square
// table and parity near the end, blended by game phase. About 20 ns a call.
class HandmadeEvaluator final : public Evaluator {
 public:
  std::string_view name() const override { return "handmade"; }
  int evaluate(Bitboard P, Bitboard O) const override;
};

// The evaluator used when nothing else is asked for.
inline constexpr std::string_view kDefaultEvaluatorName = "pattern";  // learned; see docs/evaluation.md

// Names of every evaluator find_evaluator knows, default first.
std::vector<std::string_view> evaluator_names();
// Whether find_evaluator knows the name, without making the evaluator (which
// would load the pattern weights).
bool is_evaluator_name(std::string_view name);
// A process-lifetime evaluator by name, or nullptr if unknown.
const Evaluator* find_evaluator(std::string_view name);
// find_evaluator(kDefaultEvaluatorName).
const Evaluator& default_evaluator();

// A helper the hand-made evaluation shares with the search's move ordering
// (the stable edge discs both count are in stability.h).
// Empty squares next to at least one disc of O: where P may later get moves.
Bitboard potential_moves(Bitboard P, Bitboard O);

}  // namespace reversi
