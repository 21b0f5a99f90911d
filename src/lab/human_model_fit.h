// The fit of the model of human move choice (core/human_model.h; issue 45, parts 3 and 4;
// docs/human.md): the analysed positions of the expert games (lab/human_moves.h) joined with
// the rating of the player who moved (core/player_ratings.h, game_ratings), a conditional
// logit per rating band fitted by maximum likelihood on the years before the held-out ones,
// and its measure on the held-out years against the engine's best move and against a
// softmax of the moves' values alone fitted the same way.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/game_database.h"
#include "core/human_model.h"
#include "core/human_openings.h"
#include "core/player_ratings.h"
#include "lab/human_moves.h"

namespace reversi::human {

// One position with a choice, ready for the model: each legal move's features (square
// order, as the analysis records them), the one played, the mover's rating.
struct ModelPosition {
  std::uint32_t game = 0;
  int year = 0;
  int rating = 0;
  int empties = 0;
  int played = 0;                      // index into the moves
  std::vector<int> loss_tenths;        // each move's loss against the best
  std::vector<HumanFeatures> features;  // each move's
};

// The positions of `moves` whose mover has a rating at the game's year (game_ratings),
// each replayed from the database to compute its features. An error when a game is not
// in the database or its moves do not replay to the recorded positions.
Expected<std::vector<ModelPosition>> model_positions(const HumanMoves& moves, const GameDatabase& db,
                                                     const PlayerRatings& ratings);

struct FitOptions {
  std::vector<int> band_edges = default_rating_bands();  // the lowest ratings of bands 2, 3, ...
  int test_from = 2023;        // positions of this year on are never fitted
  double ridge = 1.0;          // an L2 penalty on the weights (keeps a small band's fit finite)
  std::vector<int> features;   // the features fitted (the others stay 0); empty: all
};

// Fits one band: the weights that maximise the log-likelihood of the moves played minus
// ridge/2 |w|^2 (Newton's method from zero, halving a step that does not improve; one
// thread, a fixed order: the same positions give the same bits).
HumanFeatures fit_weights(std::span<const ModelPosition* const> positions, const FitOptions& options);

// The model: a band per edge interval, each fitted on its positions before test_from; a band
// with fewer than `min_positions` is an error naming it (choose other edges).
Expected<HumanModel> fit_human_model(std::span<const ModelPosition> positions, const FitOptions& options,
                                     std::uint32_t database_checksum, const Settings& settings,
                                     std::size_t min_positions = 200);

// Part 4's measure on the positions of the years from `test_from` on, by band of `model`:
// top-1 (the most likely move is the one played) of the model, of the engine's best move
// (a tie among best moves counts 1/k) and the mean log-likelihood of the moves played under
// the model and under `softmax` (a model fitted on the loss alone); Markdown tables.
std::string model_test_text(const HumanModel& model, const HumanModel& softmax, std::span<const ModelPosition> positions,
                            int test_from);

// What people played in the database's first `plies` plies, before the year `test_from`:
// every position with a choice reached by at least `min_games` games, with the moves played
// there at least twice, counted by the band (`band_edges`) of the mover's rating at the
// game's year (a player without one: the ratings' newcomer rating). Deterministic.
HumanOpenings build_human_openings(const GameDatabase& db, const PlayerRatings& ratings, std::span<const int> band_edges,
                                   int plies, int min_games, int test_from);

}  // namespace reversi::human
