// The midgame searcher, its transposition table, time control and levels.
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <random>
#include <thread>

#include "core/notation.h"
#include "core/random_positions.h"
#include "engine/endgame.h"
#include "engine/evaluate.h"
#include "engine/level.h"
#include "engine/player.h"
#include "engine/search.h"
#include "engine/search_tt.h"
#include "engine/stability.h"

using namespace reversi;

namespace {

double ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

TEST_CASE("hand-made evaluation is antisymmetric in spirit and bounded", "[search][eval]") {
  const Evaluator& e = default_evaluator();
  REQUIRE(find_evaluator("handmade") != nullptr);
  REQUIRE(find_evaluator("no-such-eval") == nullptr);
  RandomPositions random(7);
  for (int i = 0; i < 200; ++i) {
    const Position p = random.with_empties(10, 54);
    const int v = e.evaluate(p.player, p.opponent);
    CHECK(v > -kEvalMax);
    CHECK(v < kEvalMax);
  }
  // Owning all four corners is good for the owner.
  const Position corners =
      parse_board_string("X------X--------------------OOO---OOX-------------------X------X X").value();
  CHECK(e.evaluate(corners.player, corners.opponent) > 2 * kEvalScale);
  CHECK(e.evaluate(corners.opponent, corners.player) < -2 * kEvalScale);
}

TEST_CASE("search always returns a legal move", "[search]") {
  Searcher searcher(1, 1);
  RandomPositions random(11);
  for (int i = 0; i < 60; ++i) {
    const Position p = random.with_empties(4, 57);
    SearchOptions opt;
    opt.depth = 1 + random.below(5);
    opt.exact_empties = random.below(10);
    const SearchResult r = searcher.search(p, opt);
    INFO(to_board_string(p));
    REQUIRE(p.is_legal(r.move));
    REQUIRE(!r.pv.empty());
    CHECK(r.pv.front() == r.move);
  }
  // A position where the side to move must pass: the caller gets PASS.
  const Position pass_pos =
      parse_board_string("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOO- O").value();
  REQUIRE(pass_pos.must_pass());
  CHECK(searcher.search(pass_pos, {}).move == PASS);
  CHECK(pass_pos.pass().is_legal(searcher.search(pass_pos.pass(), {}).move));
}

TEST_CASE("search to the end agrees with the exact solver", "[search]") {
  Searcher searcher(4, 4);
  EndgameSolver solver(4);
  RandomPositions random(3);
  for (int i = 0; i < 25; ++i) {
    const Position p = random.with_empties(5, 9);
    SearchOptions opt;
    opt.depth = 20;  // deeper than the empties: searched to the end, exactly
    opt.mpc = false;
    const SearchResult r = searcher.search(p, opt);
    const SolveResult s = solver.solve(p);
    INFO(to_board_string(p));
    REQUIRE(r.exact);
    CHECK(r.score == s.score);
    // The chosen move is a best move: its exact value equals the position's.
    CHECK(-solver.solve(p.play(r.move)).score == s.score);
  }
}

TEST_CASE("exact endgame switch uses the solver", "[search]") {
  Searcher searcher(2, 2);
  RandomPositions random(5);
  EndgameSolver solver(2);
  for (int i = 0; i < 10; ++i) {
    const Position p = random.with_empties(10);
    SearchOptions opt;
    opt.depth = 2;
    opt.exact_empties = 12;
    const SearchResult r = searcher.search(p, opt);
    REQUIRE(r.exact);
    CHECK(r.score == solver.solve(p).score);
  }
}

TEST_CASE("stop flag and deadline are honoured", "[search]") {
  Searcher searcher(8, 8);
  const Position p = Position::initial().play(F5).play(D6).play(C3).play(D3);
  SECTION("stop flag set while searching") {
    std::atomic<bool> stop{false};
    SearchOptions opt;
    opt.depth = 60;
    opt.stop = &stop;
    SearchResult r;
    std::thread t([&] { r = searcher.search(p, opt); });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const auto stopped_at = std::chrono::steady_clock::now();
    stop = true;
    t.join();
    CHECK(ms_since(stopped_at) < 500);  // generous: machines are noisy
    CHECK(p.is_legal(r.move));
  }
  SECTION("stop flag already set: still a legal move") {
    std::atomic<bool> stop{true};
    SearchOptions opt;
    opt.stop = &stop;
    CHECK(p.is_legal(searcher.search(p, opt).move));
  }
  SECTION("deadline") {
    SearchOptions opt;
    opt.depth = 60;
    opt.time_ms = 200;
    const auto start = std::chrono::steady_clock::now();
    const SearchResult r = searcher.search(p, opt);
    const double elapsed = ms_since(start);
    // A depth-60 search from move 4 runs for hours without the deadline. How near the budget
    // it stops is a benchmark (docs/benchmarks.md, "Time control"), not this test's: the
    // bound has to survive a loaded machine.
    CHECK(elapsed < 3000);
    CHECK(elapsed > 20);         // it did use its time (iterative deepening went on)
    CHECK(r.depth >= 4);
    CHECK(p.is_legal(r.move));
  }
  SECTION("node budget") {
    SearchOptions opt;
    opt.depth = 60;
    opt.nodes = 20000;
    const SearchResult r = searcher.search(p, opt);
    CHECK(r.nodes < 20000 + 5000);
    CHECK(p.is_legal(r.move));
  }
}

TEST_CASE("transposition table has a fixed size", "[search][tt]") {
  SearchTable tt(1);
  const std::size_t bytes = tt.bytes();
  CHECK(bytes <= 1024 * 1024);
  CHECK(bytes >= 512 * 1024);
  std::mt19937_64 rng(9);
  for (int i = 0; i < 200000; ++i) tt.store(rng(), int(rng() % 2000) - 1000, int(rng() % 20), Bound::Exact, int(rng() % 64));
  CHECK(tt.bytes() == bytes);
  // A stored entry is found with its data.
  tt.store(12345, -77, 9, Bound::Lower, 19);
  SearchHit hit;
  REQUIRE(tt.probe(12345, hit));
  CHECK(hit.score == -77);
  CHECK(hit.depth == 9);
  CHECK(hit.bound == Bound::Lower);
  CHECK(hit.move == 19);
  CHECK_FALSE(tt.probe(12346, hit));
  // A result without a move keeps the move the entry had; a new entry has none.
  tt.store(12345, -70, 10, Bound::Lower, SearchTable::kNoMove);
  REQUIRE(tt.probe(12345, hit));
  CHECK(hit.score == -70);
  CHECK(hit.move == 19);
  tt.store(777, 5, 3, Bound::Upper, SearchTable::kNoMove);
  REQUIRE(tt.probe(777, hit));
  CHECK(hit.move == SearchTable::kNoMove);

  Searcher searcher(1, 1);
  const std::size_t before = searcher.tt().bytes();
  SearchOptions opt;
  opt.depth = 7;
  searcher.search(Position::initial(), opt);
  CHECK(searcher.tt().bytes() == before);
}

TEST_CASE("deeper search sees a forced win a shallow one misses", "[search]") {
  // Positions where depth 1 and the full search disagree on the best move, and
  // the full search's move is exactly better: over random endgames, a search to
  // the end must never pick a worse move, while a 1-ply search sometimes does.
  Searcher searcher(4, 4);
  EndgameSolver solver(4);
  RandomPositions random(21);
  int shallow_worse = 0;
  for (int i = 0; i < 30; ++i) {
    const Position p = random.with_empties(9);
    const int best = solver.solve(p).score;
    SearchOptions shallow;
    shallow.depth = 1;
    SearchOptions deep;
    deep.depth = 12;
    const Square ms = searcher.search(p, shallow).move;
    const Square md = searcher.search(p, deep).move;
    CHECK(-solver.solve(p.play(md)).score == best);
    if (-solver.solve(p.play(ms)).score < best) ++shallow_worse;
  }
  CHECK(shallow_worse > 0);
}

TEST_CASE("multi-ProbCut depth pairs keep parity", "[search]") {
  for (int d = 3; d <= 30; ++d) {
    const int s = mpc_shallow_depth(d);
    CHECK(s >= 1);
    CHECK(s < d);
    CHECK((s & 1) == (d & 1));
    CHECK(mpc_sigma(d, 30) > 0);
    for (int rule = 1; rule <= 8; ++rule) {
      const int g = mpc_shallow_depth(d, rule);
      CHECK(g >= 1);
      CHECK(g < d);
      CHECK((g & 1) == (d & 1));
    }
  }
}

TEST_CASE("multi-ProbCut's fitted model covers the search's depth pairs", "[search]") {
  // Every pair the search uses at 18-60 empties has a row (its band's or the
  // nearest band's), a slope near 1 and a positive sigma.
  for (int d = 3; d <= 30; ++d)
    for (int e = 18; e <= 60; e += 7) {
      const MpcFit f = mpc_fit(d, mpc_shallow_depth(d), e, MpcDeep::SameGap);
      REQUIRE(f.fitted);
      CHECK(f.a > 0.5);
      CHECK(f.a < 1.5);
      CHECK(f.sigma > 0);
    }
  // Deeper than the fit (depth 30+): two plies less deep on both sides is the same row.
  for (int d = 30; d <= 40; ++d) {
    const MpcFit deep = mpc_fit(d, d / 2, 35, MpcDeep::SameGap),
                 less = mpc_fit(d - 2, d / 2 - 2, 35, MpcDeep::SameGap);
    CHECK(deep.a == less.a);
    CHECK(deep.b == less.b);
    CHECK(deep.sigma == less.sigma);
  }
  // The guard's rows: every shallow depth against the evaluation itself (depth 0).
  for (int d = 1; d <= 11; ++d) {
    const MpcFit g = mpc_fit(d, 0, 35, MpcDeep::SameGap);
    REQUIRE(g.fitted);
    CHECK(g.sigma > 0);
  }
  // The same pairs read the same ratio's rows (MpcDeep::SameRatio): up to the fit's deepest
  // depth the two ways agree; deeper, the deepest fitted depth of the same parity with the
  // shallow depth scaled, so (2k, k) reads that depth's own pair and (d, 0) its (D, 0).
  const int D = mpc_fit_deepest();
  REQUIRE(D >= 8);
  for (int e = 18; e <= 60; e += 7) {
    for (int d = 3; d <= D; ++d) {
      const MpcFit gap = mpc_fit(d, mpc_shallow_depth(d), e, MpcDeep::SameGap),
                   ratio = mpc_fit(d, mpc_shallow_depth(d), e, MpcDeep::SameRatio);
      CHECK(gap.sigma == ratio.sigma);
      CHECK(gap.a == ratio.a);
    }
    for (int d = D + 1; d <= 60; ++d) {
      const int to = D - ((D - d) & 1);
      const MpcFit f = mpc_fit(d, mpc_shallow_depth(d), e, MpcDeep::SameRatio);
      REQUIRE(f.fitted);
      CHECK(f.sigma > 0);
      const MpcFit g = mpc_fit(d, 0, e, MpcDeep::SameRatio), own = mpc_fit(to, 0, e, MpcDeep::SameGap);
      CHECK(g.sigma == own.sigma);
      CHECK(g.b == own.b);
      if (d % 4 == 0) {
        const MpcFit half = mpc_fit(d, d / 2, e, MpcDeep::SameRatio),
                     at = mpc_fit(to, mpc_shallow_depth(to), e, MpcDeep::SameGap);
        CHECK(half.sigma == at.sigma);
        CHECK(half.a == at.a);
      }
    }
  }
  CHECK_FALSE(mpc_fit(5, 5, 30, MpcDeep::SameGap).fitted);  // not a pair
  CHECK_FALSE(mpc_fit(5, 7, 30, MpcDeep::SameGap).fitted);
}

TEST_CASE("levels are listed and created", "[search][level]") {
  const auto levels = level_player_list();
  REQUIRE(levels.size() >= 10);
  for (std::size_t i = 0; i < levels.size(); ++i) {
    CHECK(levels[i].name == "level-" + std::to_string(i + 1));
    CHECK(!levels[i].description.empty());
  }
  CHECK_FALSE(make_level_player("level-0", 1).ok());
  CHECK_FALSE(make_level_player("level-99", 1).ok());
  CHECK_FALSE(make_level_player("level-x", 1).ok());
  CHECK_FALSE(make_level_player("level-1x", 1).ok());
  auto p1 = make_level_player("level-1", 1);
  REQUIRE(p1.ok());
  CHECK((*p1)->name() == "level-1");
  const Position start = Position::initial();
  const auto t0 = std::chrono::steady_clock::now();
  const SearchResult r = (*p1)->choose(start, {});
  // Level 1 searches one ply: a level that searched deep would take seconds. The bound is
  // loose so that a loaded machine (two suites at once on two cores) cannot fail it.
  CHECK(ms_since(t0) < 2000);
  CHECK(start.is_legal(r.move));
  // Caller's limits override the level's: a top level with a short budget.
  auto top = make_level_player(levels.back().name, 1);
  REQUIRE(top.ok());
  SearchLimits limits;
  limits.time_ms = 150;
  const auto t1 = std::chrono::steady_clock::now();
  const SearchResult rt = (*top)->choose(start.play(F5), limits);
  CHECK(ms_since(t1) < 150 * 1.5);
  CHECK(start.play(F5).is_legal(rt.move));
}

TEST_CASE("edge stability count agrees with the edge stable discs", "[search][eval]") {
  RandomPositions random(17);
  for (int i = 0; i < 300; ++i) {
    const Position p = random.with_empties(2, 51);
    CHECK(edge_stable_count(p.player, p.opponent) ==
          popcount(edge_stable_discs(p.player, p.opponent) & ~kCorners));
    CHECK(edge_stable_count(p.opponent, p.player) ==
          popcount(edge_stable_discs(p.opponent, p.player) & ~kCorners));
  }
}

TEST_CASE("two-thread search: legal moves, exact agreement, deadline", "[search][smp]") {
  Searcher searcher(4, 4);
  EndgameSolver solver(4);
  RandomPositions random(23);
  for (int i = 0; i < 10; ++i) {
    const Position p = random.with_empties(8);
    SearchOptions opt;
    opt.depth = 20;
    opt.threads = 2;
    const SearchResult r = searcher.search(p, opt);
    REQUIRE(p.is_legal(r.move));
    REQUIRE(r.exact);
    CHECK(r.score == solver.solve(p).score);
  }
  SearchOptions opt;
  opt.depth = 60;
  opt.threads = 2;
  opt.time_ms = 150;
  const Position p = Position::initial().play(F5).play(F6);
  const auto t0 = std::chrono::steady_clock::now();
  const SearchResult r = searcher.search(p, opt);
  // Without the deadline a depth-60 search from move 2 runs for hours; with it the search
  // stops near 150 ms. How near is measured where the machine is quiet (docs/benchmarks.md,
  // "Time control"): here the bound only has to survive a loaded machine (it took 291 ms
  // with two whole test suites on the two cores).
  CHECK(ms_since(t0) < 3000);
  CHECK(r.depth < 60);
  CHECK(p.is_legal(r.move));
}
