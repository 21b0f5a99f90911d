// The threads the browser's threaded AI worker gives the engine (issue 28): the levels'
// thread count (set_search_threads) and the analysis' (AnalysisOptions::threads), which the
// worker sets from the page's choice. The answers must be the single thread's: exact values
// equal, moves legal.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "core/random_positions.h"
#include "engine/analysis.h"
#include "engine/endgame.h"
#include "engine/level.h"
#include "engine/obf.h"

using namespace reversi;

namespace {

// Puts the machine's default back whatever a test does.
struct ThreadsGuard {
  ~ThreadsGuard() { set_search_threads(0); }
};

}  // namespace

TEST_CASE("set_search_threads: the page's choice, or the machine's when out of range", "[threads]") {
  ThreadsGuard guard;
  set_search_threads(0);
  const int machine = search_threads();
#if REVERSI_THREADS
  const unsigned hw = std::thread::hardware_concurrency();
  CHECK(machine == (hw == 0 ? 1 : int(std::min(hw, 4u))));
  set_search_threads(2);
  CHECK(search_threads() == 2);
  set_search_threads(8);
  CHECK(search_threads() == 8);
  for (int bad : {-1, 65, 1000}) {
    set_search_threads(bad);
    CHECK(search_threads() == machine);
  }
#else
  set_search_threads(4);
  CHECK(search_threads() == 1);
#endif
}

TEST_CASE("Analyzer on 2 threads: the exact values of every move equal one thread's", "[threads][analysis]") {
  auto entries = load_obf(REVERSI_FFO_DIR "/fforum-1-19.obf");
  REQUIRE(entries.ok());
  Analyzer one, two;
  AnalysisOptions single;
  AnalysisOptions threaded;
  threaded.threads = 2;
  for (int i : {0, 3, 7, 12}) {
    const Position& pos = (*entries)[std::size_t(i)].position;
    INFO("FFO line " << (*entries)[std::size_t(i)].line);
    const AnalysisResult a = one.analyze(pos, single);
    const AnalysisResult b = two.analyze(pos, threaded);
    REQUIRE(a.complete);
    REQUIRE(b.complete);
    REQUIRE(a.moves.size() == b.moves.size());
    for (const MoveValue& m : a.moves) {
      const auto it = std::find_if(b.moves.begin(), b.moves.end(), [&](const MoveValue& x) { return x.move == m.move; });
      REQUIRE(it != b.moves.end());
      CHECK(it->kind == ValueKind::Exact);
      CHECK(it->value == m.value);
    }
  }
}

TEST_CASE("Analyzer on 2 threads: a stop flag ends every thread quickly", "[threads][analysis]") {
  const Position pos = RandomPositions(5).with_empties(26);  // solving: the solver's 2 threads
  Analyzer analyzer;
  std::atomic<bool> stop{false};
  AnalysisOptions options;
  options.stop = &stop;
  options.threads = 2;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    stop.store(true);
  });
  const auto start = std::chrono::steady_clock::now();
  const AnalysisResult r = analyzer.analyze(pos, options);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  stopper.join();
  // analyze() returns only after joining its threads: all of them stopped.
  CHECK(ms < 300 + 1000);
  CHECK(r.stopped);
}

TEST_CASE("The strongest level on the chosen threads answers a legal move with the exact score", "[threads][players]") {
  ThreadsGuard guard;
  auto entries = load_obf(REVERSI_FFO_DIR "/fforum-1-19.obf");
  REQUIRE(entries.ok());
  const Position& pos = (*entries)[2].position;  // FFO #3
  EndgameSolver reference(16);
  const SolveResult exact = reference.solve(pos);
  REQUIRE(exact.complete);
  for (int threads : {1, 2}) {
    INFO("threads " << threads);
    set_search_threads(threads);
    auto player = make_level_player("level-12", 1);
    REQUIRE(player.ok());
    const SearchResult r = (*player)->choose(pos, SearchLimits{});
    CHECK(((pos.legal_moves() >> int(r.move)) & 1) == 1);
    REQUIRE(r.has_score);
    CHECK(r.exact);
    CHECK(r.score == double(exact.score));
    // The move is a best one: its child solves to the same score.
    const SolveResult child = reference.solve(pos.play(r.move));
    CHECK(-child.score == exact.score);
  }
}
