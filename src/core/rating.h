// The player's practice rating: Glicko-2 (Glickman, "Example of the Glicko-2
// system", 2013), on the usual scale (1500 / 350 / 0.06 for a new player).
// A puzzle is an opponent with its own rating and a small fixed deviation; a
// right answer is a win, a wrong one a loss.
//
// The state saved as text (a line each, in this order):
//   reversi-rating 1
//   rating 1500.000000
//   deviation 350.000000
//   volatility 0.060000
//   answered 0
//   streak 0
// parse_rating rejects anything else with a message naming the line.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"

namespace reversi {

struct RatingOpponent {
  double rating = 1500, deviation = 350;
  double score = 0;  // 1 win, 0.5 draw, 0 loss
};

struct Rating {
  double rating = 1500;
  double deviation = 350;   // RD
  double volatility = 0.06;
  int answered = 0;         // puzzles answered
  int streak = 0;           // right answers in a row
  friend bool operator==(const Rating&, const Rating&) = default;
};

constexpr double kGlickoTau = 0.5;           // system constant
constexpr double kPuzzleDeviation = 60;      // a puzzle's RD

// One rating period with these games (none: the deviation grows only).
Rating glicko2_update(const Rating& player, std::span<const RatingOpponent> games, double tau = kGlickoTau);

// After one puzzle answer: one period with one game against the puzzle, scored `score`
// (1 right, 0 wrong, 0.5 right after a hint: ui/practice_session's answer_score). The
// streak goes on only with a full 1.
Rating rate_answer(const Rating& player, int puzzle_rating, double score);

// The player's playing rating (issue 35) after each game against an opponent of known rating
// (a computer level: engine/level.h level_rating), in the order played: one period a game,
// the opponent's deviation kLevelDeviation. Starts from a new player's 1500 / 350.
constexpr double kLevelDeviation = 50;
std::vector<Rating> playing_ratings(std::span<const RatingOpponent> games);

std::string format_rating(const Rating& rating);
Expected<Rating> parse_rating(std::string_view text);

}  // namespace reversi
