#include "ui/review.h"

#include <algorithm>
#include <cmath>

#include "core/json.h"
#include "core/notation.h"

namespace reversi::ui {

std::string squares_json(const std::vector<Square>& line) {
  std::string s = "[";
  for (Square sq : line) {
    if (s.size() > 1) s += ',';
    s += '"';
    s += square_name(sq);
    s += '"';
  }
  return s + "]";
}

void summarise(ReviewState& review) {
  review.black = {};
  review.white = {};
  // As shown (whole discs): two losses that read the same are marked the same.
  long worst[2] = {0, 0};
  std::vector<double> losses[2];
  for (ReviewEntry& e : review.entries) {
    const int c = e.color == Color::Black ? 0 : 1;
    ReviewSide& side = c == 0 ? review.black : review.white;
    side.loss += e.loss;
    losses[c].push_back(e.loss);
    e.quality = classify_move(e.loss);
    ++side.classes[std::size_t(e.quality)];
    e.mistake = marked_mistake(e.quality);
    if (!e.mistake) continue;
    ++side.mistakes;
    worst[c] = std::max(worst[c], std::lround(e.loss));
  }
  review.black.accuracy = accuracy(losses[0]);
  review.white.accuracy = accuracy(losses[1]);
  for (ReviewEntry& e : review.entries)
    e.biggest = e.mistake && std::lround(e.loss) >= worst[e.color == Color::Black ? 0 : 1];
}

void Review::start(const Game& game) {
  state_ = ReviewState{};
  state_.running = true;
  state_.total = game.ply();
  transcript_ = game.transcript();
  // Popped from the back: the last position first.
  queue_.clear();
  for (std::size_t i = 0; i < game.ply(); ++i) queue_.push_back(i);
}

void Review::stop() {
  state_.running = false;
  queue_.clear();
}

bool Review::of_game(const Game& game) const {
  return !state_.total || game.transcript().rfind(transcript_, 0) == 0;
}

std::optional<std::size_t> Review::next() {
  if (queue_.empty()) {
    state_.running = false;
    return std::nullopt;
  }
  const std::size_t ply = queue_.back();
  queue_.pop_back();
  return ply;
}

AnalysisRequest Review::request_for(const Position& position) {
  AnalysisRequest request;
  static_cast<AnalysisOptions&>(request) = review_options();
  request.position = position;
  return request;
}

void Review::record(const Game& game, std::size_t ply, const std::vector<MoveValue>& moves) {
  // The move played in this position against the best one, for its mover.
  if (ply < game.ply() && !moves.empty()) {
    const Square played = game.moves()[ply];
    const auto it = std::find_if(moves.begin(), moves.end(), [&](const MoveValue& m) { return m.move == played; });
    if (it != moves.end()) {
      ReviewEntry entry;
      entry.ply = ply + 1;
      entry.color = game.position_at(ply).to_move;
      entry.square = played;
      entry.best = moves.front().move;
      entry.best_line = moves.front().pv;
      entry.loss = std::max(0.0, moves.front().value - it->value);
      entry.exact = moves.front().kind == ValueKind::Exact && it->kind == ValueKind::Exact;
      entry.values = moves;
      auto at = std::lower_bound(state_.entries.begin(), state_.entries.end(), entry.ply,
                                 [](const ReviewEntry& e, std::size_t p) { return e.ply < p; });
      state_.entries.insert(at, entry);
      summarise(state_);
    }
  }
  ++state_.done;
}

std::string Review::json() const {
  if (!state_.total) return "null";
  std::string s = std::string("{\"running\":") + (state_.running ? "true" : "false") + ",\"done\":" +
                  std::to_string(state_.done) + ",\"total\":" + std::to_string(state_.total) + ",\"entries\":[";
  for (std::size_t i = 0; i < state_.entries.size(); ++i) {
    const ReviewEntry& e = state_.entries[i];
    if (i) s += ',';
    s += "{\"ply\":" + std::to_string(e.ply) + ",\"color\":\"" + color_name(e.color) + "\",\"square\":\"" +
         square_name(e.square) + "\",\"best\":\"" + square_name(e.best) + "\",\"best_line\":" +
         squares_json(e.best_line) + ",\"loss\":" + json_number(e.loss) +
         ",\"exact\":" + (e.exact ? "true" : "false") + ",\"class\":\"" +
         std::string(move_class_name(e.quality)) + "\",\"mistake\":" + (e.mistake ? "true" : "false") +
         ",\"biggest\":" + (e.biggest ? "true" : "false") + "}";
  }
  auto side_json = [](const ReviewSide& r) {
    std::string s = "{\"loss\":" + json_number(r.loss) + ",\"mistakes\":" + std::to_string(r.mistakes) +
                    ",\"accuracy\":" + json_number(std::round(r.accuracy * 10) / 10) + ",\"classes\":{";
    for (std::size_t c = 0; c < kMoveClasses; ++c)
      s += std::string(c ? "," : "") + "\"" + std::string(move_class_name(MoveClass(c))) + "\":" + std::to_string(r.classes[c]);
    return s + "}}";
  };
  return s + "],\"black\":" + side_json(state_.black) + ",\"white\":" + side_json(state_.white) + "}";
}

}  // namespace reversi::ui
