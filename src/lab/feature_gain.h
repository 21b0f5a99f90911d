// How much cheap features beside the patterns would lower an evaluation's error
// (issue 34, step 3: "richer features where the data shows the pattern set is the
// limit"): per stage, a small ridge model of mobility and potential mobility, one-hot,
// fitted to the error the evaluation leaves on the training games and measured on the
// held-out ones. The gain it shows is what adding those features to the weights could
// at least give, without touching the engine or the weight file first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/evaluate.h"
#include "lab/pattern_train.h"

namespace reversi::pattern {

struct FeatureGain {
  int stage = 0;
  std::size_t train = 0, valid = 0;      // labelled positions of the stage
  double train_before = 0, train_after = 0;
  double valid_before = 0, valid_after = 0;  // mean absolute error, discs
};

// The columns: the side to move's legal moves (0..kMobilityCap), the opponent's, the
// side to move's potential moves (empty squares next to an opponent's disc,
// 0..kPotentialCap), the opponent's, each one-hot, and parity (a column set when the
// empty squares are odd: the side to move would get the last move if no one passed);
// the fit adds a bias.
inline constexpr int kMobilityCap = 24;
inline constexpr int kPotentialCap = 32;
inline constexpr int kGainColumns = 2 * (kMobilityCap + 1) + 2 * (kPotentialCap + 1) + 1;
inline constexpr int kParityColumn = kGainColumns - 1;

// The columns set for a position.
std::vector<std::uint32_t> gain_columns(Bitboard P, Bitboard O);

// A pattern that is not in the evaluation's set, to measure what it would add: its
// squares (at most 10), read in each of the board's 8 symmetries into one shared table
// of 3^size weights (0 empty, 1 side to move, 2 opponent); the tables' columns follow
// gain_columns'. Its index at the symmetry `image` (0..7).
std::uint32_t extra_pattern_index(const std::vector<int>& squares, int image, Bitboard P, Bitboard O);

// Every stage of `samples` that has labelled training and held-out positions (held out:
// is_validation), the residual model (gain_columns, and `pattern`'s table if given)
// fitted with ridge `lambda`.
std::vector<FeatureGain> feature_gain(const Evaluator& eval, const std::vector<Sample>& samples,
                                      double lambda, const std::vector<int>& pattern = {});

}  // namespace reversi::pattern
