#include "ui/analysis_session.h"

#include "core/json.h"
#include "core/notation.h"
#include "ui/text.h"

namespace reversi::ui {

namespace {

// The analysis shown on the board solves from this many empties: exact values within a
// couple of seconds in the browser's worker (docs/benchmarks.md, "Analysis").
constexpr int kAnalysisSolveEmpties = 22;

}  // namespace

void AnalysisSession::set_on(bool on, const Game& game, std::size_t shown_ply) {
  if (on_ == on) return;
  on_ = on;
  want(game, shown_ply);
}

const ShownAnalysis* AnalysisSession::shown(const Game& game, std::size_t shown_ply) const {
  if (!on_ || !shown_ || shown_->ply != shown_ply || !(position_ == game.position_at(shown_ply))) return nullptr;
  return &*shown_;
}

void AnalysisSession::position_changed(const Game& game, std::size_t shown_ply) {
  if (!review_.of_game(game)) {
    cancel_review(game, shown_ply);
    review_.clear();
  }
  want(game, shown_ply);
}

void AnalysisSession::want(const Game& game, std::size_t shown_ply) {
  if (!ai_) return;
  if (review_.running()) {
    if (review_ply_) return;  // one position at a time
    if (id_) ai_->stop_analysis();  // the live one waits for the review
    id_ = 0;
    if (const auto ply = review_.next()) {
      const AnalysisRequest request = Review::request_for(game.position_at(*ply));
      position_ = request.position;
      review_ply_ = ply;
      id_ = ai_->request_analysis(request);
      return;
    }
  }
  const Position& shown = game.position_at(shown_ply);
  const bool same = shown_ && shown_->ply == shown_ply && position_ == shown;
  if (!on_ || shown.is_game_over()) {
    if (id_) ai_->stop_analysis();
    id_ = 0;
    shown_.reset();
    return;
  }
  if (same && (id_ || shown_->complete)) return;  // on it, or nothing left to do
  if (id_) ai_->stop_analysis();
  AnalysisRequest request;
  request.position = shown;
  request.solve_empties = kAnalysisSolveEmpties;
  position_ = shown;
  if (!same) shown_ = ShownAnalysis{shown_ply, {}, false};
  id_ = ai_->request_analysis(request);
}

std::optional<std::string> AnalysisSession::take(const AnalysisSnapshot& snapshot, const Game& game,
                                                 std::size_t shown_ply) {
  if (!id_ || snapshot.id != id_) return std::nullopt;
  if (!snapshot.ok()) {
    id_ = 0;
    review_ply_.reset();
    if (review_.running()) review_.stop();
    return snapshot.error;
  }
  record_graph(position_, snapshot.moves);
  if (review_ply_ && !snapshot.done) return std::nullopt;
  // The lines as far as they play from the position (they came from the worker).
  std::vector<MoveValue> moves = snapshot.moves;
  for (MoveValue& m : moves) m.pv = playable_line(position_, m.pv);
  if (review_ply_) {
    const std::size_t ply = *review_ply_;
    review_ply_.reset();
    id_ = 0;
    review_.record(game, ply, moves);
    want(game, shown_ply);  // the next position, or the live analysis again
    return std::nullopt;
  }
  if (shown_ && position_ == game.position_at(shown_->ply)) {
    shown_->moves = std::move(moves);
    shown_->complete = snapshot.complete;
  }
  if (snapshot.done) id_ = 0;
  return std::nullopt;
}

void AnalysisSession::client_failed() {
  if (!id_) return;
  id_ = 0;
  review_ply_.reset();
  review_.stop();
}

void AnalysisSession::record_graph(const Position& p, const std::vector<MoveValue>& moves) {
  if (moves.empty()) return;
  const MoveValue& best = moves.front();
  const GraphPoint point{p.to_move == Color::Black ? best.value : -best.value, best.kind == ValueKind::Exact};
  auto [it, added] = known_.try_emplace(key_of(p), point);
  if (!added && !(it->second.exact && !point.exact)) it->second = point;
}

std::vector<std::optional<GraphPoint>> AnalysisSession::graph(const Game& game) const {
  std::vector<std::optional<GraphPoint>> points(game.ply() + 1);
  for (std::size_t i = 0; i <= game.ply(); ++i) {
    const Position& p = game.position_at(i);
    if (p.is_game_over()) {
      // Scored as the solver scores it (empty squares go to the winner), so the end
      // of a wipe-out reads +64 as the exact value before it did, not the bare count.
      const int score = p.to_move == Color::Black ? p.final_score() : -p.final_score();
      points[i] = GraphPoint{double(score), true};
    } else if (auto it = known_.find(key_of(p)); it != known_.end()) {
      points[i] = it->second;
    }
  }
  return points;
}

Status AnalysisSession::start_review(const Game& game, std::size_t shown_ply) {
  if (game.ply() == 0) return Error::text("error.review.no_moves", "there are no moves to review yet");
  if (!ai_) return Error::text("error.review.no_computer", "no computer player is available to review the game");
  cancel_review(game, shown_ply);
  review_.start(game);
  want(game, shown_ply);
  return {};
}

void AnalysisSession::cancel_review(const Game& game, std::size_t shown_ply) {
  if (!review_.running()) return;
  review_.stop();
  if (review_ply_) {
    if (ai_) ai_->stop_analysis();
    id_ = 0;
    review_ply_.reset();
  }
  want(game, shown_ply);
}

std::string AnalysisSession::json(const Game& game, std::size_t shown_ply) const {
  std::string s = std::string(",\"analysis\":{\"on\":") + (on_ ? "true" : "false");
  const ShownAnalysis* a = shown(game, shown_ply);
  s += ",\"ply\":" + (a ? std::to_string(a->ply) : std::string("null"));
  s += std::string(",\"complete\":") + (a && a->complete ? "true" : "false") + ",\"moves\":[";
  if (a) {
    for (std::size_t i = 0; i < a->moves.size(); ++i) {
      const MoveValue& m = a->moves[i];
      if (i) s += ',';
      s += "{\"square\":\"" + (m.move == PASS ? std::string("pass") : square_name(m.move)) + "\",\"value\":" +
           json_number(m.value) + ",\"kind\":\"" + std::string(value_kind_name(m.kind)) + "\",\"depth\":" +
           std::to_string(m.depth) + ",\"line\":" + squares_json(m.pv) + "}";
    }
  }
  return s + "]},\"graph\":" + graph_json(game) + ",\"review\":" + review_.json();
}

std::string AnalysisSession::graph_json(const Game& game) const {
  std::string s = "[";
  const auto points = graph(game);
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (!points[i]) continue;
    if (s.size() > 1) s += ',';
    s += "{\"ply\":" + std::to_string(i) + ",\"value\":" + json_number(points[i]->value) +
         ",\"exact\":" + (points[i]->exact ? "true" : "false") + "}";
  }
  return s + "]";
}

void AnalysisSession::drawn_key(const Game& game, std::size_t shown_ply, Lang lang, std::string& state,
                                std::string& values, std::string* graph) const {
  state += on_ ? "analysis on" : "analysis off";
  if (const ShownAnalysis* a = shown(game, shown_ply)) {
    state += " ply " + std::to_string(a->ply) + (a->complete ? " complete" : "");
    for (const MoveValue& m : a->moves) {
      values += ' ' + (m.move == PASS ? std::string("pass") : square_name(m.move)) + (a->among_best(m) ? "*" : "") +
                std::string(value_kind_name(m.kind)) + analysis_value_text(m, lang);
    }
  }
  if (graph) *graph = graph_json(game);
  state += " review " + review_.json();
}

}  // namespace reversi::ui
