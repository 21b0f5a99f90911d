// A test AiClient under the test's control: it answers a request only when the
// test calls deliver(), with the first legal move (or an error), so a test can
// look at the controller while the computer "thinks".
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ui/ai_client.h"
#include "ui/controller.h"
#include "ui/options.h"

namespace reversi::ui::test {

struct FakeAiState {
  std::vector<AiRequest> requests;   // every request made
  std::optional<std::pair<std::uint64_t, AiRequest>> current;
  std::optional<AiReply> ready;
  int cancels = 0;
  std::uint64_t next_id = 1;
  std::string failure;
  // Analyses: every request, the current one, the snapshot waiting for
  // poll_analysis() (deliver_analysis) and how often it was stopped.
  std::vector<AnalysisRequest> analysis_requests;
  std::optional<std::pair<std::uint64_t, AnalysisRequest>> analysis_current;
  std::optional<AnalysisSnapshot> analysis_ready;
  int analysis_stops = 0;
};

class FakeAi final : public AiClient {
 public:
  explicit FakeAi(FakeAiState& s) : s_(s) {}
  std::uint64_t request(const AiRequest& r) override {
    s_.requests.push_back(r);
    s_.current.emplace(s_.next_id, r);
    s_.ready.reset();
    return s_.next_id++;
  }
  std::optional<AiReply> poll() override {
    auto out = std::move(s_.ready);
    s_.ready.reset();
    return out;
  }
  void cancel() override {
    ++s_.cancels;
    s_.current.reset();
    s_.ready.reset();
  }
  bool busy() const override { return s_.current.has_value(); }
  std::string failure() const override { return s_.failure; }
  std::uint64_t request_analysis(const AnalysisRequest& r) override {
    s_.analysis_requests.push_back(r);
    s_.analysis_current.emplace(s_.next_id, r);
    s_.analysis_ready.reset();
    return s_.next_id++;
  }
  std::optional<AnalysisSnapshot> poll_analysis() override {
    auto out = std::move(s_.analysis_ready);
    s_.analysis_ready.reset();
    if (out && out->done) s_.analysis_current.reset();
    return out;
  }
  void stop_analysis() override {
    ++s_.analysis_stops;
    s_.analysis_current.reset();
    s_.analysis_ready.reset();
  }

 private:
  FakeAiState& s_;
};

// Answers the current request with its first legal move (in reading order), or
// with `move` if given; returns false if there was no request.
inline bool deliver(FakeAiState& s, Square move = NO_SQUARE, std::string error = "") {
  if (!s.current) return false;
  AiReply r;
  r.id = s.current->first;
  r.error = std::move(error);
  const Position& p = s.current->second.position;
  r.result.move = move != NO_SQUARE ? move : Square(lowest_square(p.legal_moves()));
  s.ready = r;
  s.current.reset();
  return true;
}

// Gives the current analysis a snapshot: every legal move (or one PASS) with a
// midgame value of `depth` (the first legal move best: 1.0, the others 0),
// done when `done`; returns false if no analysis is running.
inline bool deliver_analysis(FakeAiState& s, int depth = 1, bool done = false) {
  if (!s.analysis_current) return false;
  AnalysisSnapshot snapshot;
  snapshot.id = s.analysis_current->first;
  const Position& p = s.analysis_current->second.position;
  if (p.must_pass()) snapshot.moves.push_back({PASS, ValueKind::Midgame, 0.0, depth});
  for (Bitboard m = p.legal_moves(); m; m &= m - 1)
    snapshot.moves.push_back({Square(lowest_square(m)), ValueKind::Midgame, snapshot.moves.empty() ? 1.0 : 0.0, depth});
  snapshot.complete = p.is_game_over();
  snapshot.done = done || snapshot.complete;
  s.analysis_ready = snapshot;
  return true;
}

// The first legal move in reading order (the one deliver() plays and
// deliver_analysis() calls best).
inline Square first_legal(const Position& p) { return Square(lowest_square(p.legal_moves())); }

// The first legal move each turn from `moves` on, to the end (or `most` moves): a fixed
// game, finished (not a draw) when played from the start.
inline std::vector<Square> first_legal_game(std::vector<Square> moves = {}, std::size_t most = 200) {
  Position p = Position::initial();
  for (Square m : moves) p = p.play(m).settled();
  while (!p.is_game_over() && moves.size() < most) {
    const Square s = first_legal(p);
    moves.push_back(s);
    p = p.play(s).settled();
  }
  return moves;
}

inline std::vector<PlayerInfo> test_players() {
  return {{"first-legal", "test"}, {"weighted", "test"}, {"level-1", "test"},
          {"level-2", "test"},     {"level-3", "test"}};
}

// Options from a URL query, with the test players.
inline Options opts(const std::string& query) {
  return parse_query_string(query, test_players()).options;
}

// state_json() without its last field, "rejected": a refused move changes only
// that field, so the rest must stay byte-identical.
inline std::string without_rejected(const std::string& json) {
  return json.substr(0, json.rfind(",\"rejected\":"));
}

// A controller over a FakeAi the test drives through `ai`.
struct Fixture {
  FakeAiState ai;
  std::unique_ptr<Controller> c;
  explicit Fixture(const std::string& query) {
    c = std::make_unique<Controller>(std::make_unique<FakeAi>(ai), test_players(), opts(query));
  }
};

}  // namespace reversi::ui::test
