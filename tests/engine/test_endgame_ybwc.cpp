// The hand-overs between the exact solver's two threads (issue 36). A split
// point lives on its owner's stack: once a helper has given it back, the owner
// may return and the frame be reused, so nothing may read it after. Chance
// shows such a read about once in thirty long runs; the hooks of
// engine/endgame_worker.h (HandOverHooks) make it show every time: at each
// give-back the split point's `owner` is overwritten just before it goes back,
// as a reused frame would overwrite it, and a wake of a thread that does not exist is counted instead
// of aborting. The stress test also pauses there at random, while other
// threads load the cores, so that owners really return and reuse their frames.
//
// Tagged [threads]: CI also runs these under ThreadSanitizer (.ci/run). The
// stress test is [slow]; REVERSI_SCALE_DIVISOR=N runs 1/N of it, and
//   build/native/tests/reversi_tests "[stress]"
// runs it whole (docs/architecture.md, "Tests").
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#include "core/random_positions.h"
#include "engine/endgame.h"
#include "engine/search.h"
#include "scale.h"

#if REVERSI_THREADS
#include "engine/endgame_worker.h"
#endif

using namespace reversi;

#if REVERSI_THREADS

namespace {

constexpr int kPoisonedOwner = 0x5EAD;  // what a reused frame might hold: no thread's id

std::atomic<long> g_released{0};
std::atomic<long> g_bad_wakes{0};
std::atomic<int> g_pause_every{0};  // 0: never pause; n: pause at every n-th give-back

void on_releasing(endgame::SplitPoint* sp) { sp->owner = kPoisonedOwner; }

void on_released() {
  const long n = g_released.fetch_add(1, std::memory_order_relaxed) + 1;
  const int every = g_pause_every.load(std::memory_order_relaxed);
  if (every > 0 && n % every == 0) {
    // Let the owner see its split point done, return and reuse the frame.
    if (n % (2 * every) == 0)
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    else
      std::this_thread::yield();
  }
}

void on_bad_wake(int) { g_bad_wakes.fetch_add(1, std::memory_order_relaxed); }

const endgame::HandOverHooks kHooks{on_releasing, on_released, on_bad_wake};

// Installs the hooks for one test case and takes them out whatever happens.
struct HooksInstalled {
  explicit HooksInstalled(int pause_every) {
    g_released = 0;
    g_bad_wakes = 0;
    g_pause_every = pause_every;
    endgame::g_hand_over_hooks.store(&kHooks);
  }
  ~HooksInstalled() { endgame::g_hand_over_hooks.store(nullptr); }
};

// Other programs on the same cores: busy threads until destroyed.
struct Load {
  explicit Load(int threads) {
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([this] {
        std::uint64_t x = 1;
        while (!done.load(std::memory_order_relaxed)) x = x * 6364136223846793005ULL + 1;
        sink.fetch_add(x, std::memory_order_relaxed);
      });
  }
  ~Load() {
    done = true;
    for (auto& t : pool) t.join();
  }
  std::atomic<bool> done{false};
  std::atomic<std::uint64_t> sink{0};
  std::vector<std::thread> pool;
};

}  // namespace

TEST_CASE("a helper reads nothing of a split point after giving it back", "[endgame][threads]") {
  HooksInstalled hooks(0);
  EndgameSolver one(16), two(16);
  two.set_threads(2);
  REQUIRE(two.threads() == 2);
  for (const Position& p : random_positions(20261127, 10, 16, 20)) {
    const SolveResult r2 = two.solve(p), r1 = one.solve(p);
    CHECK(r2.complete);
    CHECK(r2.score == r1.score);
  }
  // The hand-over was exercised, and no thread was woken from a dead split point.
  CHECK(g_released.load() > 0);
  CHECK(g_bad_wakes.load() == 0);
}

// The stress run in four parts, each its own ctest test (so that none runs long alone and
// ctest -j runs them side by side): part k takes every 4th position from the k-th.
static void stress_part(int part) {
  constexpr int kParts = 4;
  const int divisor = test_scale_divisor();
  HooksInstalled hooks(7);
  Load load(2);
  EndgameSolver one(16), two(16);
  two.set_threads(2);
  // Exact solves on two threads, each checked against one thread.
  const int solves = std::max(6, 120 / divisor);
  int i = 0;
  for (const Position& p : random_positions(36, solves, 16, 21)) {
    if (i++ % kParts != part) continue;
    INFO("solve " << i - 1);
    const SolveResult r2 = two.solve(p), r1 = one.solve(p);
    REQUIRE(r2.complete);
    CHECK(r2.score == r1.score);
  }
  // The midgame search's threads (Lazy SMP, 4 threads) handing over to the
  // solver's two near the end, with a time limit that stops them mid-solve.
  Searcher searcher(16, 16);
  SearchOptions o;
  o.threads = 4;
  o.exact_empties = 20;
  o.time_ms = 60;
  i = 0;
  for (const Position& p : random_positions(3636, std::max(4, 60 / divisor), 18, 24)) {
    if (i++ % kParts != part) continue;
    const SearchResult r = searcher.search(p, o);
    CHECK(is_board_square(r.move));
    CHECK((p.legal_moves() >> r.move & 1));
  }
  CHECK(g_released.load() > 0);
  CHECK(g_bad_wakes.load() == 0);
}

TEST_CASE("stress: split-heavy solves and searches with pauses at the hand-overs and other load (1 of 4)",
          "[endgame][threads][slow][stress]") {
  stress_part(0);
}
TEST_CASE("stress: split-heavy solves and searches with pauses at the hand-overs and other load (2 of 4)",
          "[endgame][threads][slow][stress]") {
  stress_part(1);
}
TEST_CASE("stress: split-heavy solves and searches with pauses at the hand-overs and other load (3 of 4)",
          "[endgame][threads][slow][stress]") {
  stress_part(2);
}
TEST_CASE("stress: split-heavy solves and searches with pauses at the hand-overs and other load (4 of 4)",
          "[endgame][threads][slow][stress]") {
  stress_part(3);
}

#endif
