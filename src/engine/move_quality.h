// How good a move was, from the discs it lost against the best move for its mover:
// its class and an accuracy figure. One rule for the review on the page, the desktop
// and `reversi-cli review` (README, "Review": the thresholds and the formula, kept
// stable so that players can compare games).
#pragma once

#include <array>
#include <span>
#include <string_view>

namespace reversi {

enum class MoveClass { Best, Good, Inaccuracy, Mistake, Blunder };
inline constexpr std::size_t kMoveClasses = 5;

// The thresholds, in discs lost (exact losses are even: a disc changes hands, so an exact
// endgame value moves in twos; midgame estimates have tenths). Best: under 0.05 (0.0 as
// shown); good: under 1; inaccuracy: under 2 (only an estimate can be one); mistake:
// under 6; blunder: 6 or more. A mistake or a blunder is what the review marks.
inline constexpr double kBestDiscs = 0.05;
inline constexpr double kInaccuracyDiscs = 1;
inline constexpr double kMistakeDiscs = 2;
inline constexpr double kBlunderDiscs = 6;

MoveClass classify_move(double loss);
bool marked_mistake(MoveClass c);  // a mistake or a blunder
// "best", "good", "inaccuracy", "mistake", "blunder" (the JSON's and the catalog's names).
std::string_view move_class_name(MoveClass c);

// A move's accuracy in per cent: 100 * 2^(-loss / 4). A best move is 100, a move that
// loses 4 discs 50, 8 discs 25; never below 0, falls smoothly with the loss.
double move_accuracy(double loss);
// A side's accuracy over a game: the mean of its moves' accuracies (100 with no move).
double accuracy(std::span<const double> losses);

}  // namespace reversi
