// The analysis room: the values of the position shown (live analysis), the evaluation
// graph's known values and the game review (ui/review.h). All three use the AI
// client's one analysis slot, and this class is what arbitrates it: while a review
// runs, the live analysis waits and the review's positions go one at a time; when the
// review is over or stopped, the live analysis of the position shown takes the slot
// again. It never touches a move request. The controller owns it, tells it which
// position is shown and hands it the client's snapshots (Controller::update).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "ui/ai_client.h"
#include "ui/review.h"
#include "ui/text.h"

namespace reversi::ui {

// The values of the position shown.
struct ShownAnalysis {
  std::size_t ply = 0;           // of the position after this many moves
  std::vector<MoveValue> moves;  // best first
  bool complete = false;         // nothing left to deepen
  // Worth as much as the first (the board frames these in gold).
  bool among_best(const MoveValue& m) const { return !moves.empty() && m.value >= moves.front().value - 1e-9; }
};

// The value for black after a move: a point of the evaluation graph.
struct GraphPoint {
  double value = 0;  // discs, for black
  bool exact = false;
};

class AnalysisSession {
 public:
  // `ai` may be null (nothing is analysed); it must outlive the session.
  explicit AnalysisSession(AiClient* ai) : ai_(ai) {}

  // Every call takes the game and the ply of the position shown (the game's own, or
  // the one viewed): the controller owns both.

  // ---- live analysis -----------------------------------------------------------------
  // While on, the position shown is analysed beside any move search; the values improve
  // as the search deepens and a changed position starts a new analysis. Off stops it.
  void set_on(bool on, const Game& game, std::size_t shown_ply);
  bool on() const { return on_; }
  // The values for the position shown; null when off or none has arrived for it yet.
  const ShownAnalysis* shown(const Game& game, std::size_t shown_ply) const;

  // The value for black after each move (index 0 = the start .. game.ply()), from every
  // analysis and review of the game's positions (a finished position is exact at once);
  // empty where nothing is known.
  std::vector<std::optional<GraphPoint>> graph(const Game& game) const;

  // ---- game review -------------------------------------------------------------------
  // Analyses every position of the game, each move's loss against the best move for its
  // mover (exact where the solver reached); live analysis pauses meanwhile. Error when
  // there is no move to review or no client.
  Status start_review(const Game& game, std::size_t shown_ply);
  void cancel_review(const Game& game, std::size_t shown_ply);
  const ReviewState& review() const { return review_.state(); }

  // ---- from the controller -----------------------------------------------------------
  // The position shown or the game changed: another line of play ends the review, and
  // the slot is asked for what is wanted now.
  void position_changed(const Game& game, std::size_t shown_ply);
  // A snapshot from the client. Returns why the analysis failed, if it did (the
  // controller shows it); the slot is then free and a running review stops.
  std::optional<std::string> take(const AnalysisSnapshot& snapshot, const Game& game, std::size_t shown_ply);
  // The client failed as a whole (its worker died): the analysis went with it.
  void client_failed();

  // ,"analysis":{"on","ply","complete","moves":[{"square","value","kind","depth"}]},
  // "graph":[{"ply","value","exact"}] (the known points), "review":null|Review::json()
  std::string json(const Game& game, std::size_t shown_ply) const;
  // The same for telling whether the board must be drawn again (Controller::drawing_key),
  // in three parts: whether it is on, for which position, and the review (`state`); each
  // value as the board writes it (analysis_value_text) and whether it is among the best,
  // not its depth or digits nobody sees (`values`); the graph's points (`graph`).
  void drawn_key(const Game& game, std::size_t shown_ply, Lang lang, std::string& state, std::string& values,
                 std::string* graph) const;

 private:
  // Asks the slot for what is wanted now: the review's next position, else the live one.
  void want(const Game& game, std::size_t shown_ply);
  void record_graph(const Position& p, const std::vector<MoveValue>& moves);
  std::string graph_json(const Game& game) const;  // [{"ply","value","exact"}]

  AiClient* ai_;
  bool on_ = false;
  // The slot: the client's current analysis (0 = none), the position it analyses, and
  // the review's ply while it is the review's.
  std::uint64_t id_ = 0;
  Position position_;
  std::optional<std::size_t> review_ply_;
  std::optional<ShownAnalysis> shown_;  // the latest values for the position shown
  // Values for black by position (both colours' stones and the side to move), so undo,
  // redo and other lines of play find what was already known.
  struct PositionKey {
    Bitboard black, white;
    Color to_move;
    friend auto operator<=>(const PositionKey&, const PositionKey&) = default;
  };
  static PositionKey key_of(const Position& p) { return {p.black(), p.white(), p.to_move}; }
  std::map<PositionKey, GraphPoint> known_;
  Review review_;
};

}  // namespace reversi::ui
