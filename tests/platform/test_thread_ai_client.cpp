#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>

#include "ui/controller.h"
#include "platform/thread_ai_client.h"

using namespace reversi;
using namespace reversi::ui;

namespace {
std::optional<AiReply> wait_for(AiClient& ai, int ms = 10000) {
  for (int i = 0; i < ms; ++i) {
    if (auto r = ai.poll()) return r;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return std::nullopt;
}
}  // namespace

TEST_CASE("thread AI client: a real player answers on the background thread", "[ui][ai]") {
  ThreadAiClient ai;
  CHECK_FALSE(ai.busy());
  const std::uint64_t id = ai.request({Position::initial(), "first-legal", {}, 1});
  CHECK(id != 0);
  CHECK(ai.busy());
  auto r = wait_for(ai);
  REQUIRE(r);
  CHECK(r->ok());
  CHECK(r->id == id);
  CHECK(r->result.move == D3);  // first legal in reading order
  CHECK_FALSE(ai.busy());
  CHECK_FALSE(ai.poll());       // delivered once
}

// The desktop sleeps in SDL_WaitEventTimeout while nothing moves (issue 44): the client wakes
// it when a reply or a snapshot is there to take, not before.
TEST_CASE("thread AI client: wakes the front end when a reply or a snapshot is ready", "[ui][ai]") {
  ThreadAiClient ai;
  std::atomic<int> wakes{0};
  ai.set_wake([&] { ++wakes; });
  auto woken = [&](int n) {
    for (int i = 0; i < 10000 && wakes < n; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return wakes >= n;
  };
  const std::uint64_t id = ai.request({Position::initial(), "first-legal", {}, 1});
  REQUIRE(woken(1));
  auto r = ai.poll();  // there when woken
  REQUIRE(r);
  CHECK(r->id == id);
  AnalysisRequest a;
  a.position = Position::initial();
  a.max_depth = 2;
  a.solve_empties = 0;
  ai.request_analysis(a);
  REQUIRE(woken(2));
  CHECK(ai.poll_analysis());
}

TEST_CASE("thread AI client: unknown players and superseded requests", "[ui][ai]") {
  ThreadAiClient ai;
  ai.request({Position::initial(), "no-such-player", {}, 1});
  auto r = wait_for(ai);
  REQUIRE(r);
  CHECK_FALSE(r->ok());
  CHECK(r->error.find("no-such-player") != std::string::npos);

  // Only the latest request is answered.
  ai.request({Position::initial(), "first-legal", {}, 1});
  const Position after_f5 = Position::initial().play(F5);
  const std::uint64_t second = ai.request({after_f5, "first-legal", {}, 1});
  r = wait_for(ai);
  REQUIRE(r);
  CHECK(r->id == second);
  CHECK(after_f5.is_legal(r->result.move));

  ai.request({Position::initial(), "first-legal", {}, 1});
  ai.cancel();
  CHECK_FALSE(ai.busy());
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK_FALSE(ai.poll());
}

TEST_CASE("run_request checks the player and its answer", "[ui][ai]") {
  AiReply r = run_request({Position::initial(), "first-legal", {}, 1}, 7);
  CHECK(r.ok());
  CHECK(r.id == 7);
  CHECK(r.result.move == D3);
  r = run_request({Position::initial(), "nobody", {}, 1}, 8);
  CHECK_FALSE(r.ok());
}

TEST_CASE("thread AI client drives the controller through a whole game", "[ui][ai]") {
  const std::vector<PlayerInfo> players = {{"first-legal", ""}, {"corner-first", ""}};
  Options o = parse_query_string("black=first-legal&white=corner-first&speed=instant&pause=0", players).options;
  Controller c(std::make_unique<ThreadAiClient>(), players, o);
  int moves = 0;
  c.on_move([&](Color, Square) { ++moves; });
  double t = 0;
  for (int i = 0; i < 20000 && !c.over(); ++i) {
    c.update(t += 1);
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  REQUIRE(c.over());
  CHECK(moves == int(c.game().ply()));
  CHECK(c.message().find("fail") == std::string::npos);  // no engine error on the way
  // The game replays as a legal transcript.
  CHECK(Game::from_transcript(c.game().transcript()).ok());
}

TEST_CASE("thread AI client: a new request stops a long search at once", "[ui][ai]") {
  // The strongest searcher level with a long budget would think for 20 s.
  std::string strongest;
  for (const auto& p : player_list())
    if (p.name.rfind("level-", 0) == 0) strongest = p.name;
  REQUIRE_FALSE(strongest.empty());
  ThreadAiClient ai;
  SearchLimits long_think;
  long_think.time_ms = 20000;
  ai.request({Position::initial().play(F5), strongest, long_think, 1});
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t id = ai.request({Position::initial(), "first-legal", {}, 1});
  auto r = wait_for(ai, 15000);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  REQUIRE(r);
  CHECK(r->id == id);
  CHECK(r->result.move == D3);
  CHECK(ms < 3000);  // the long search was stopped, not waited for
}
