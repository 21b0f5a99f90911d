// Making the pattern weights: self-play positions, exact and bootstrapped labels,
// least-squares fitting per stage. Used by `reversi-cli datagen` / `train` and
// by the tests (a small run must lower the validation error).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/random.h"
#include "core/wthor.h"
#include "engine/evaluate.h"
#include "engine/pattern.h"

namespace reversi::pattern {

enum class Label : std::uint8_t { None = 0, Search = 1, Exact = 2 };

struct Sample {
  Bitboard P = 0, O = 0;  // side to move, opponent
  float score = 0;        // discs, for the side to move (meaningful when labelled)
  std::uint32_t game = 0; // which generated game (validation split by game)
  Label label = Label::None;
  int empties() const { return 64 - popcount(P | O); }
  // Every field (data made on 1 and on 3 threads must be identical).
  friend bool operator==(const Sample&, const Sample&) = default;
};

// A hash of a position, for keeping repeated positions once: a full 64-bit mix
// of both bitboards (the former P * k1 ^ (O + k2) * k3 gave equal keys to two
// positions of one game, a move and a pass apart).
inline std::uint64_t position_key(Bitboard P, Bitboard O) {
  constexpr auto mix = SplitMix64::mix;
  return mix(P + mix(O + 0x9E3779B97F4A7C15ULL));
}

// Held out from fitting: every tenth game.
inline bool is_validation(const Sample& s) { return s.game % 10 == 0; }

// Text file: one sample a line, "<64 squares> <X|O> <score> <e|s|u> <game>".
// The board is written with X = side to move (the colour does not matter).
Status write_samples(const std::vector<Sample>& samples, const std::string& path);
Expected<std::vector<Sample>> read_samples(const std::string& path);

struct GenOptions {
  int games = 100;
  std::uint64_t seed = 1;
  int solve_empties = 14;        // exact labels from here to the end (solver's line)
  int random_min = 6;            // random opening plies, uniform in [min, max]
  int random_max = 18;
  double epsilon = 0.1;          // chance of a random move after the opening
  int player_depth = 2;          // plies of the self-play move choice
  // The evaluation of the move choice. Null: default_evaluator(), the learned
  // one (so the 2-ply negamax has used the pattern evaluation since it became
  // the default, whatever older notes say).
  const Evaluator* player_eval = nullptr;
  // > 0: the moves after the random ones are the real midgame search's
  // (Searcher: table, multi-ProbCut, no time limit) to this depth with
  // player_eval, instead of the player_depth negamax (e.g. 5: level-5's search).
  int search_depth = 0;
  double time_limit_s = 0;       // stop starting games after this (0 = none)
  int threads = 1;               // games played in parallel (same output for any count)
  // WTHOR mode (when `wthor` is set, `games`, random_max and player choices
  // before the branch are unused): every game's positions, its line solved
  // exactly from `solve_empties` (a share of the games, drawn per game) or from
  // `wthor_rest_solve_empties` (the others), the position with
  // `wthor_theoretical_empties` empties labelled with the database's
  // theoretical score (0: none), and with probability `wthor_branch_share`
  // one branch: a random move from a game position after at least random_min
  // plies, then self-play and the solver's line from solve_empties.
  const std::vector<WthorGame>* wthor = nullptr;
  double wthor_solve_share = 1.0;
  int wthor_rest_solve_empties = 12;
  double wthor_branch_share = 1.0;
  int wthor_theoretical_empties = 0;
};

struct GenStats {
  int games = 0;
  std::size_t exact = 0, unlabelled = 0;
  double solve_seconds = 0;
};

// Self-play positions. Deterministic for a seed, whatever the thread count
// (each game has its own RNG stream and a cleared solver table); with a time
// limit, fewer games may be played. Positions repeated
// across games are kept once.
std::vector<Sample> generate_samples(const GenOptions& options, GenStats& stats,
                                     const std::function<void(const GenStats&)>& progress = {});

// Game g's own random stream for options.seed (SplitMix64: core/random.h says
// why this one): the self-play games' draws, and the test set's (the same seeding).
SplitMix64 game_rng(const GenOptions& options, int g);

// WTHOR's theoretical result (black's final count with perfect play from the
// file's depth, the empty squares counted for the winner) as the disc
// difference for the side to move in `pos`, a position of that game at that depth.
int theoretical_score(const WthorGame& game, const Position& pos);

// The held-out test set of strong play from WTHOR games (`reversi-cli testset`).
// From each game's line: one position per stage (5 empties) within
// [search_min, search_max] empties, labelled by a depth-`search_depth` midgame
// search (table, multi-ProbCut, `eval`); one position with empties drawn in
// [solve_min, solve_max], solved exactly; the position with
// `theoretical_empties` empties labelled with the database's theoretical score
// (0: none). Game i's positions are drawn from its own stream (seed, first_id + i)
// and the search's table is cleared for each game, so a game's samples do not
// depend on how the games are cut into shards. Labelled 's' and 'e'; positions
// repeated within the call are kept once.
struct TestSetOptions {
  std::uint64_t seed = 1;
  int search_depth = 14;
  int search_min = 26, search_max = 55;
  int solve_min = 10, solve_max = 22;
  int theoretical_empties = 24;
};
std::vector<Sample> wthor_test_samples(const std::vector<WthorGame>& games, std::size_t begin,
                                       std::size_t end, const TestSetOptions& options,
                                       const Evaluator& eval);

// Negamax alpha-beta until the position has at most `target_empties` empties
// (a pass does not count), then `eval`. Finished games score exactly. Result in
// kEvalScale units for the side to move.
int search_to_empties(Bitboard P, Bitboard O, int target_empties, const Evaluator& eval, int alpha,
                      int beta, std::uint64_t& nodes);

// Labels every position that has no exact label with the midgame search of
// `depth` plies (multi-ProbCut, table; the evaluator `eval`, searched to the end
// where the game ends sooner), on `threads` threads: better labels than the
// bootstrap's search into the next stage, at a cost. Returns the nodes searched.
std::uint64_t label_by_search(std::vector<Sample>& samples, int depth, int threads,
                              const Evaluator& eval);

struct TrainOptions {
  double lambda = 3.0;      // L2 regularisation (discs^2 units per weight)
  int iterations = 80;      // conjugate-gradient iterations per stage
  int window = 2;           // also fit on samples this many plies outside the stage
  // Fit each stage as a correction to these weights' stage: the L2 term pulls
  // towards them instead of towards zero, so a configuration the data rarely or
  // never shows keeps its prior value (earlier weights trained on more games)
  // instead of fading to 0. Null: towards zero.
  const Weights* prior = nullptr;
  std::function<void(const std::string&)> log;  // progress lines (may be empty)
};

struct StageReport {
  int stage = 0;
  std::size_t train = 0, valid = 0, labelled_by_search = 0;
  double train_mae = 0, valid_mae = 0;  // discs, after quantisation
};

// The bootstrap: label and fit the last stage first (exact labels), then label
// each earlier stage's unlabelled positions by searching into the next stage
// with the weights fitted so far, and fit it; finally refit every stage with
// its window on both sides. Labels are written back into `samples`.
Weights train_bootstrap(std::vector<Sample>& samples, const TrainOptions& options,
                        std::vector<StageReport>& report);

// Fits one stage on the labelled training samples with empties in [lo, hi].
// Returns dense weights (discs) with the bias last. With a `prior` (the same
// layout, e.g. prior_stage()), what is fitted is the difference from it
// (minimises |A x - y|^2 + lambda |x - prior|^2): no samples give the prior back.
std::vector<double> fit_stage(const std::vector<Sample>& samples, int lo, int hi,
                              const TrainOptions& options, double* train_mae = nullptr,
                              std::span<const double> prior = {});

// Stage `stage` of `w` as dense weights in discs with the bias last (fit_stage's layout).
std::vector<double> prior_stage(const Weights& w, int stage);

// Mean absolute error in discs of `eval` on the labelled samples that pass `keep`.
double mean_abs_error(const Evaluator& eval, const std::vector<Sample>& samples,
                      const std::function<bool(const Sample&)>& keep, std::size_t* count = nullptr);

// C++ source holding `bytes` as the embedded weights (src/engine/weights_data.cpp).
std::string weights_cpp_source(const std::vector<std::uint8_t>& bytes);

}  // namespace reversi::pattern
