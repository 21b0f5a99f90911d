// The practice room (issue 27): puzzles with proven answers (engine/puzzles.h), the
// player's Glicko-2 rating (core/rating.h), the daily puzzle, drills from the
// mistakes of a reviewed game and the endgame trainer. The controller owns it beside
// AnalysisSession and puts the practised position on its own board: while practising,
// Controller::game() is the puzzle's game (so the board, the clicks, the keyboard and
// the animation work unchanged) and the real game, with its redo moves, options and
// view, waits in the controller until leave_practice() brings it back exactly.
//
// The session holds what is the room's own: the puzzle set, the player's record, the
// puzzle open and its phase, its judgement, hints and values, and the trainer's
// steps. It asks the AI client for exact values (the trainer's positions) through the
// analysis slot; the controller asks for the perfect-play opponent's moves through its
// usual move request with opponent_request().
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "engine/puzzles.h"
#include "ui/ai_client.h"
#include "ui/practice_record.h"
#include "ui/analysis_session.h"
#include "ui/review.h"
#include "ui/text.h"

namespace reversi::ui {

// ---- a puzzle open in the room ------------------------------------------------------
enum class PracticeKind { Rated, Daily, Drill, Trainer };
enum class PracticePhase {
  Solving,  // the person's first move will be judged
  Judged,   // judged (or skipped): every move's value shown; play out or next
  Playing,  // played on against perfect play (play-out, or the trainer)
  Over,     // the played-on game ended
};
std::string_view practice_kind_name(PracticeKind kind);    // "rated", "daily", "drill", "trainer"
std::string_view practice_phase_name(PracticePhase phase); // "solving", "judged", "playing", "over"

struct PracticeJudgement {
  Square move = NO_SQUARE;  // NO_SQUARE when skipped
  bool right = false;
  int value = 0, best = 0, loss = 0;  // exact values for the side to move (estimates in a drill, see exact)
  bool exact = true;
  double score = 0;         // what the answer counts for the rating (answer_score)
  std::string message;      // in the options' language (catalog "practice.*")
};

// What an answer counts for the rating, as a game's score against the puzzle: a right
// answer 1, after the region hint 0.5, after the square hint 0 (a miss, as chess sites count
// a puzzle solved with its solution shown: otherwise a hint would be a free way round every
// loss); a wrong answer or a skip 0.
double answer_score(bool right, int hint_step);

// One move of the person in the trainer: its value beside the best one.
struct TrainerStep {
  Square square = NO_SQUARE;
  std::optional<int> value;   // exact, for the person; nullopt until the solver has it
  Square best = NO_SQUARE;
  std::optional<int> best_value;
};

struct PracticePuzzle {
  PracticeKind kind = PracticeKind::Rated;
  std::size_t id = 0;           // index in the set (drill: index in the drill)
  std::string date;             // daily: "YYYY-MM-DD"; else empty
  Puzzle puzzle;                // position, every move's value (best first), source, rating
  bool exact = true;            // false: a drill position's values are the analysis' estimates
  bool rated = false;           // the answer still to come moves the rating (rated; daily the first time that date)
  PracticePhase phase = PracticePhase::Solving;
  int hint_step = 0;            // 0 none, 1 region, 2 square
  std::optional<PracticeJudgement> judgement;
  // The trainer: the person's colour, the start's best value (once known), the steps and
  // the final result for the person (once over).
  Color person = Color::Black;
  std::optional<int> trainer_best;
  std::vector<TrainerStep> trainer_steps;
  std::optional<int> trainer_result;
};

// What a judgement tells its listeners (the page's `puzzle` event).
struct PuzzleEvent {
  PracticeKind kind = PracticeKind::Rated;
  std::size_t id = 0;
  std::string date;
  PracticeJudgement judgement;
  bool rated = false;
  double rating_before = 0, rating_after = 0;  // equal when not rated
};
// {"kind","id","date","move","right","value","best","loss","exact","score","message","rated",
//  "ratingBefore","ratingAfter"} (for the page's event detail)
std::string puzzle_event_json(const PuzzleEvent& event);

// The 16 squares of the quarter of the board holding `s` (hint step 1).
Bitboard board_quarter(Square s);

// The computer's side when a position is played on: the strongest level, asked to solve
// exactly from any number of empties after a short midgame search (depth 2), with ten
// minutes before it gives up. Puzzles have at most 26 empties, the trainer 20.
inline constexpr std::string_view kPerfectPlayer = "level-12";
SearchLimits perfect_play_limits();
inline constexpr int kTrainerMaxEmpties = 20;
inline constexpr int kDrillMinLoss = 4;  // discs lost by a person's move to make a drill

// A position of a drill: where a person lost at least kDrillMinLoss discs by a review's
// entries, with every legal move's value there (the puzzle judges whatever is played).
struct DrillPosition {
  std::size_t ply = 0;  // the move's number: the position is the one before it
  Puzzle puzzle;
  bool exact = true;    // every value exact
};
// The drill positions of `game` by its review: the moves of a person (`black_person`,
// `white_person`) that lost kDrillMinLoss discs or more, in the order played.
std::vector<DrillPosition> drill_positions(const Game& game, const ReviewState& review, bool black_person,
                                           bool white_person);

class PracticeSession {
 public:
  // `ai` may be null (the trainer then has no values); it must outlive the session.
  explicit PracticeSession(AiClient* ai) : ai_(ai) {}

  // ---- the puzzle set and the record --------------------------------------------------
  // A corrupt or foreign file: error, the set kept as it was.
  Status set_puzzles(std::span<const std::uint8_t> bytes);
  bool loaded() const { return !set_.puzzles.empty(); }
  const PuzzleSet& puzzles() const { return set_; }
  const PracticeRecord& record() const { return record_; }
  std::string record_text() const { return format_practice_record(record_); }
  // Corrupt: error, and the record starts fresh (the front end says so).
  Status restore_record(std::string_view text);
  void reset_record() { record_ = {}; }

  // ---- opening a puzzle (the controller then shows current()->puzzle.position) ---------
  // Each replaces the puzzle open; on error nothing changes.
  Status open_rated();
  Status open_daily(std::string_view date);
  // The positions of `game` where a person (`people` plays that colour) lost at least
  // kDrillMinLoss discs by the review's entries, as a drill; opens the first.
  Status open_drill(const Game& game, const ReviewState& review, bool black_person, bool white_person);
  // A drill of these positions (the mistakes of every reviewed game kept, issue 35); opens
  // the first. None: error, nothing changed.
  Status open_drill(std::vector<DrillPosition> positions);
  // Next drill puzzle; error after the last.
  Status open_next_drill();
  bool drill_has_next() const { return current_ && current_->kind == PracticeKind::Drill && current_->id + 1 < drill_.size(); }
  std::size_t drill_size() const { return drill_.size(); }
  // The position (not over, at most kTrainerMaxEmpties empties), the side to move the person's.
  Status open_trainer(const Position& position);
  void close();  // nothing open (leaving practice)

  const PracticePuzzle* current() const { return current_ ? &*current_ : nullptr; }
  bool active() const { return current_.has_value(); }

  // ---- answering --------------------------------------------------------------------
  // The person's first move while Solving (legal: the controller checked): judged, the
  // rating moved when rated. Returns the event for the listeners.
  Expected<PuzzleEvent> answer(Square move, Lang lang);
  // Give up: judged wrong (rated: the rating moves as for a wrong answer).
  Expected<PuzzleEvent> skip(Lang lang);
  // Step 1 then 2; error once judged or after step 2.
  Status hint();
  // Judged -> Playing (the controller makes the other side the perfect player).
  Status play_out();
  // The values of the puzzle's moves as the board draws analysis values (Judged only).
  const ShownAnalysis* shown_values() const;
  // "Black to play: find the best move" in `lang`.
  std::string goal(Lang lang) const;
  // The judgement of the puzzle open in `lang` ("c7 loses 6 discs: the best was b2 (+4)");
  // empty before it. (PracticeJudgement::message keeps the language of the moment.)
  std::string judgement_text(Lang lang) const;

  // ---- from the controller while Playing --------------------------------------------
  // A move was played on the practice board (before = the position it was played in).
  void moved(const Position& before, Square move);
  // The practice game's position now (after a move, or at the start of the trainer):
  // the trainer asks for the values of the person's positions; a finished game ends it.
  void position_now(const Game& game);
  // A snapshot from the client: true when it was the session's (the controller then
  // gives it no one else).
  bool take(const AnalysisSnapshot& snapshot);
  bool owns_analysis(std::uint64_t id) const { return id != 0 && id == analysis_id_; }
  // The opponent's move request for `position` (perfect play).
  AiRequest opponent_request(const Position& position, std::uint64_t seed) const;

  // ,"practice":{...} as in notes/practice-contract.md; `lang` for the goal.
  std::string json(Lang lang) const;

 private:
  Status open(PracticePuzzle puzzle);
  Status open_drill_at(std::size_t index);
  Expected<PuzzleEvent> judged(PracticeJudgement j, Lang lang);
  void want_values();
  void fill_steps();

  AiClient* ai_;
  PuzzleSet set_;
  PracticeRecord record_;
  std::optional<PracticePuzzle> current_;
  std::vector<Puzzle> drill_;        // the drill's positions (values from the review)
  std::vector<bool> drill_exact_;
  ShownAnalysis values_;             // current_'s values as analysis values (once judged)
  std::uint64_t seed_ = 1;
  // The trainer: the positions waiting for exact values (the first one asked for, as
  // analysis_id_), the values known, and the position of each of the person's steps.
  std::vector<Position> pending_;
  std::uint64_t analysis_id_ = 0;
  std::vector<std::pair<Position, std::vector<MoveValue>>> known_;
  std::vector<Position> step_positions_;
};

}  // namespace reversi::ui
