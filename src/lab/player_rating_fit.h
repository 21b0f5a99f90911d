// Fitting the ratings of the expert-game database's players (issue 45; the method and
// its figures: docs/human.md "Ratings"; the file: core/player_ratings.h).
//
// The model: a rating per player and year they played, on the Elo scale (black's
// expected score elo_expected(black - white + advantage)); a draw scores 1/2. A
// player's first year is drawn around a common newcomer mean (deviation
// `newcomer_deviation`) and each later year from the one before by a random walk
// (deviation `year_deviation` a year, so sqrt(gap) times that over a gap). The fit is
// the most probable ratings given every game (a maximum a posteriori, as Coulom's
// Whole-History Rating): sweeps over the players in name order, each one a Newton step
// on that player's whole chain of years (tridiagonal, solved exactly) with the others
// fixed, and one on black's advantage; a fixed number of sweeps, one thread, so the
// same games give the same ratings. The deviations are those of each player's chain
// with the opponents taken as known.
//
// The anchor: the fit only knows differences, so every rating is shifted at the end so
// that the top of the recent years reads like the federations' lists: for each year
// from `anchor_from` on, the mean of the kAnchorTop highest ratings among the players
// with at least kAnchorGames games that year; the mean of those over the years is
// `anchor_rating`.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/game_database.h"
#include "core/player_ratings.h"

namespace reversi::lab {

struct RatedGame {
  int year = 0;
  std::uint32_t black = 0, white = 0;  // players, indices into the names
  double score = 0;                    // black's: 1 win, 0.5 draw, 0 loss
};

// The games of a database as players and results: a player per name_key (named by the
// first spelling met), in name-key order. Left out: games between a player and themself
// (a namesake) and games with a name that is no one's (no letter or digit: WTHOR's
// "???" stands for many unknown players).
struct RatingGames {
  std::vector<std::string> names;
  std::vector<RatedGame> games;
  std::size_t left_out = 0;
};
bool names_a_person(std::string_view name);
RatingGames rating_games(const GameDatabase& database);

struct RatingFitOptions {
  int test_from = 2023;            // games of this year and later are left out of the fit
  double year_deviation = 30;      // points a year
  double newcomer_deviation = 100;
  int sweeps = 200;
  int anchor_rating = 2500;
  int anchor_from = 2010;
  static constexpr int kAnchorGames = 10;
  static constexpr int kAnchorTop = 5;
};

struct RatingFitReport {
  std::size_t games = 0;          // fitted
  double last_change = 0;         // the largest rating change in the last sweep (points)
  double shift = 0;               // added by the anchor
};

// The ratings of `games`' players from the games before options.test_from.
// `database_checksum` is written into the result.
PlayerRatings fit_player_ratings(const RatingGames& games, const RatingFitOptions& options,
                                 std::uint32_t database_checksum, RatingFitReport* report = nullptr);

// How well ratings predict games: the mean log-loss of black's score (a draw counts half
// a win), and, over the decisive games, how often the favourite won; beside them the
// same for the naive prediction (black's mean score in the fitted games, the same for
// every game). Games of players the fit never saw use newcomer_rating.
struct Prediction {
  std::size_t games = 0, decisive = 0, both_known = 0;
  double log_loss = 0, accuracy = 0;
  double naive_log_loss = 0, naive_accuracy = 0;
  // Calibration: the games by the favourite's expected score (0.5-0.6, 0.6-0.7, .., 0.9-1),
  // with the mean expected and the mean actual score of the favourite in each.
  struct Bin {
    std::size_t games = 0;
    double expected = 0, scored = 0;
  };
  std::vector<Bin> bins = std::vector<Bin>(5);
};
Prediction predict_games(const PlayerRatings& ratings, const RatingGames& games, int from_year, int to_year,
                         double naive_black_score);

// Black's mean score in the games before `before`.
double black_score(const RatingGames& games, int before);

}  // namespace reversi::lab
