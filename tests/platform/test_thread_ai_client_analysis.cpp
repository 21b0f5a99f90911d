// ThreadAiClient's analyses (ui/ai_client.h): snapshots arrive and improve, a
// stop stops, a new position restarts, nothing of an old request is delivered,
// and a move request is answered while an analysis runs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <thread>

#include "core/notation.h"
#include "platform/thread_ai_client.h"

using namespace reversi;
using namespace reversi::ui;

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

std::set<Square> legal_set(const Position& p) {
  std::set<Square> s;
  for (Bitboard m = p.legal_moves(); m; m &= m - 1) s.insert(Square(lowest_square(m)));
  return s;
}

std::set<Square> moves_of(const AnalysisSnapshot& s) {
  std::set<Square> out;
  for (const MoveValue& m : s.moves) out.insert(m.move);
  return out;
}

// Polls until `done` or the time is up; every snapshot is checked against the
// request (its id, its position's moves) and against the one before it (no
// value loses depth or precision).
std::vector<AnalysisSnapshot> collect(AiClient& ai, std::uint64_t id, const Position& p, double ms,
                                      bool until_done = true) {
  std::vector<AnalysisSnapshot> seen;
  const auto start = Clock::now();
  while (ms_since(start) < ms) {
    if (auto s = ai.poll_analysis()) {
      CHECK(s->id == id);
      CHECK(s->ok());
      CHECK(moves_of(*s) == legal_set(p));
      if (!seen.empty()) {
        std::map<Square, MoveValue> before;
        for (const MoveValue& m : seen.back().moves) before[m.move] = m;
        for (const MoveValue& m : s->moves) {
          CHECK(value_precision(m.kind) >= value_precision(before[m.move].kind));
          if (m.kind == before[m.move].kind) CHECK(m.depth >= before[m.move].depth);
        }
      }
      seen.push_back(*s);
      if (s->done && until_done) break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return seen;
}

// The snapshots of `ms` milliseconds of a running analysis, waiting longer (up
// to 10 s more) for the first one: a loaded machine can take longer than `ms`
// to send it, and these tests need one to go on.
std::vector<AnalysisSnapshot> collect_some(AiClient& ai, std::uint64_t id, const Position& p,
                                           double ms) {
  auto seen = collect(ai, id, p, ms, false);
  for (int i = 0; seen.empty() && i < 100; ++i) seen = collect(ai, id, p, 100, false);
  return seen;
}

const Position kOpening = Position::initial().play(F5).play(D6).play(C3);

}  // namespace

TEST_CASE("thread AI client: analysis values arrive and deepen", "[ui][ai][analysis]") {
  ThreadAiClient ai;
  const std::uint64_t id = ai.request_analysis({kOpening});  // no budget: deepens until stopped
  CHECK(id != 0);
  const auto seen = collect(ai, id, kOpening, 1500, false);
  ai.stop_analysis();
  REQUIRE(seen.size() >= 2);  // delivered as it improves, not only at the end
  auto min_depth = [](const AnalysisSnapshot& s) {
    int d = 60;
    for (const MoveValue& m : s.moves) d = std::min(d, m.depth);
    return d;
  };
  CHECK(min_depth(seen.back()) > min_depth(seen.front()));
  CHECK(min_depth(seen.back()) >= 6);
  CHECK(seen.back().nodes > seen.front().nodes);
  CHECK(seen.back().time_ms > seen.front().time_ms);
  CHECK_FALSE(seen.back().done);

  // With a depth limit it ends by itself: complete, every value at that depth.
  AnalysisRequest r{kOpening};
  r.max_depth = 5;
  const std::uint64_t limited = ai.request_analysis(r);
  const auto ended = collect(ai, limited, kOpening, 20000);
  REQUIRE_FALSE(ended.empty());
  CHECK(ended.back().done);
  CHECK(ended.back().complete);
  for (const MoveValue& m : ended.back().moves) CHECK(m.depth == 5);
  CHECK_FALSE(ai.poll_analysis());  // the last one was delivered once
}

TEST_CASE("thread AI client: stopping an analysis stops it quickly", "[ui][ai][analysis]") {
  ThreadAiClient ai;
  const std::uint64_t id = ai.request_analysis({kOpening});  // no budget: runs until stopped
  const auto seen = collect_some(ai, id, kOpening, 300);
  REQUIRE_FALSE(seen.empty());
  CHECK_FALSE(seen.back().done);
  ai.stop_analysis();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK_FALSE(ai.poll_analysis());  // nothing more of it
  // The analysis thread is free at once: a small analysis is answered quickly.
  const Position end = *parse_board_string(
      "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOO---- X");
  const auto start = Clock::now();
  const std::uint64_t next = ai.request_analysis({end});
  const auto done = collect(ai, next, end, 5000);
  REQUIRE_FALSE(done.empty());
  CHECK(done.back().done);
  CHECK(done.back().complete);
  CHECK(ms_since(start) < 1000);
}

TEST_CASE("thread AI client: a new position restarts, an old one's values never show",
          "[ui][ai][analysis]") {
  ThreadAiClient ai;
  ai.request_analysis({kOpening});
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  // Not polled: its snapshots are superseded, never delivered for the new one.
  const Position other = kOpening.play(Square(lowest_square(kOpening.legal_moves())));
  AnalysisRequest r{other};
  r.max_depth = 4;
  const std::uint64_t id = ai.request_analysis(r);
  const auto seen = collect(ai, id, other, 20000);  // checks id and moves of each
  REQUIRE_FALSE(seen.empty());
  CHECK(seen.back().done);
  for (const MoveValue& m : seen.back().moves) CHECK(m.depth == 4);
}

TEST_CASE("thread AI client: a move is answered while an analysis runs", "[ui][ai][analysis]") {
  ThreadAiClient ai;
  const std::uint64_t analysis = ai.request_analysis({kOpening});  // runs until stopped
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const auto start = Clock::now();
  const std::uint64_t move = ai.request({kOpening, "first-legal", {}, 1});
  std::optional<AiReply> reply;
  while (!reply && ms_since(start) < 5000) {
    reply = ai.poll();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  REQUIRE(reply);
  CHECK(reply->id == move);
  CHECK(ms_since(start) < 500);
  // The analysis goes on meanwhile, and its snapshots are still its own.
  const auto seen = collect_some(ai, analysis, kOpening, 200);
  CHECK_FALSE(seen.empty());
  ai.stop_analysis();
}

TEST_CASE("thread AI client: a bad analysis request ends with an error", "[ui][ai][analysis]") {
  ThreadAiClient ai;
  AnalysisRequest r{kOpening};
  r.max_depth = 0;
  const std::uint64_t id = ai.request_analysis(r);
  std::optional<AnalysisSnapshot> s;
  for (int i = 0; i < 5000 && !s; ++i) {
    s = ai.poll_analysis();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  REQUIRE(s);
  CHECK(s->id == id);
  CHECK(s->done);
  CHECK(s->error == "analysis: max depth 0 is not in 1..60");
}
