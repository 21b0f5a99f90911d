// The game review's state and its rule: every move's loss against the best move for
// its mover, which of them are mistakes and each side's biggest. The analysis
// session (ui/analysis_session.h) feeds it one position at a time through the AI
// client's analysis; the desktop's move list (renderer) and the web page
// (state_json's "review") both read the marks set here, so the rule is written once.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "engine/analysis.h"
#include "engine/move_quality.h"
#include "engine/request.h"

namespace reversi::ui {

// A move's class and the accuracy figure are engine/move_quality.h's (the CLI's review
// uses them too). A mistake or a blunder (kMistakeDiscs, two discs: the smallest an exact
// endgame value can show) is marked; the page and the desktop mark the same moves from
// ReviewEntry::mistake / biggest.

struct ReviewEntry {
  std::size_t ply = 0;     // 1-based: the move's number
  Color color = Color::Black;
  Square square = NO_SQUARE;
  Square best = NO_SQUARE;
  double loss = 0;         // discs, >= 0
  bool exact = false;      // both values exact
  MoveClass quality = MoveClass::Best;  // classify_move(loss)
  bool mistake = false;    // a mistake or a blunder: loss >= kMistakeDiscs
  bool biggest = false;    // a mistake, and its side's biggest in whole discs (ties all marked)
  // Every move's value in the position before the move, best first, as the review
  // found them (the mistakes drill makes a puzzle of the position from them).
  std::vector<MoveValue> values;
  // The best move's line (its MoveValue::pv, as far as it plays from the position
  // before the move): what the review shows of a mistake, "e2 f1 g1 ...".
  std::vector<Square> best_line = {};
};
struct ReviewSide {
  double loss = 0;   // the side's moves' losses added up, discs
  int mistakes = 0;  // mistakes and blunders
  double accuracy = 100;  // accuracy() of its moves' losses, per cent
  std::array<int, kMoveClasses> classes{};  // its moves by MoveClass
};
struct ReviewState {
  bool running = false;
  std::size_t done = 0, total = 0;   // positions analysed, of total
  std::vector<ReviewEntry> entries;  // by ply; only the positions done
  ReviewSide black, white;           // totals over entries
  const ReviewSide& side(Color c) const { return c == Color::Black ? black : white; }
};

// Recounts the per-side totals and marks the mistakes and each side's biggest.
void summarise(ReviewState& review);

// A line of moves as a JSON array of square names: ["e2","f1","g1"] (state_json's
// "best_line" of a review entry and "line" of an analysed move).
std::string squares_json(const std::vector<Square>& line);

// The positions of one game to analyse, from the last back (so the solver's tables of
// later positions help earlier ones: faster, the values the same), and the entries
// their values give.
class Review {
 public:
  const ReviewState& state() const { return state_; }
  bool running() const { return state_.running; }
  // Starts over on every position of `game` (which has moves).
  void start(const Game& game);
  // Stops where it is; the entries found so far stay.
  void stop();
  // Forgets everything (no review to show).
  void clear() { *this = Review{}; }
  // A review is of the moves it started with: false once `game` took another line.
  bool of_game(const Game& game) const;
  // The next position's ply and the analysis to ask for it; none when all are done
  // (the review then stops). The analysis is review_options()'s (engine/analysis.h):
  // reproducible, so a game's review is a function of the game alone, the same as
  // `reversi-cli review` gives, whatever the order, the load or the threads.
  std::optional<std::size_t> next();
  static AnalysisRequest request_for(const Position& position);
  // The final values of the position after `ply` moves: the move played there
  // against the best one.
  void record(const Game& game, std::size_t ply, const std::vector<MoveValue>& moves);
  // "null" or {"running","done","total","entries":[{"ply","color","square","best",
  // "best_line":["e2","f1",...],"loss","exact","class","mistake","biggest"}],"black"|"white":{"loss","mistakes",
  // "accuracy","classes":{"best":n,"good":n,"inaccuracy":n,"mistake":n,"blunder":n}}}
  std::string json() const;

 private:
  ReviewState state_;
  std::vector<std::size_t> queue_;  // plies of the positions left to analyse
  std::string transcript_;          // the moves reviewed
};

}  // namespace reversi::ui
