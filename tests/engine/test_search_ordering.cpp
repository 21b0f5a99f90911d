// The midgame search's ordering switches (engine/search.h: OrderingWeights,
// SearchOptions::etc_depth): each acts (node counts change, its counter moves)
// and the search still returns a legal move.
#include <catch2/catch.hpp>

#include "core/notation.h"
#include "engine/evaluate.h"
#include "engine/search.h"

using namespace reversi;

namespace {

Position suite_position(const char* board) {
  auto p = parse_board_string(board);
  REQUIRE(p.ok());
  return *p;
}

struct Run {
  SearchResult result;
  SearchStats stats;
};

Run search(const Position& p, SearchOptions opt) {
  Run r;
  opt.depth = 9;
  opt.stats = &r.stats;
  Searcher s(4, 4);
  r.result = s.search(p, opt);
  return r;
}

}  // namespace

TEST_CASE("the ordering's switches act and keep the search sound", "[search]") {
  // Positions 1 and 2 of data/search-suite.obf.
  for (const char* board : {"-OOO------OXXX---XXXXX----XXOXX--XOXX-----OXO-------O----------- O",
                            "-XXXXX----XOOX---OOXOO--XXXOOO---XXXOO------XO------------------ O"}) {
    const Position p = suite_position(board);
    const Run base = search(p, {});
    REQUIRE(p.is_legal(base.result.move));
    CHECK(base.stats.ordering_nodes > 0);  // the child's evaluation from depth 5, by default
    CHECK(base.stats.etc_cuts == 0);

    SearchOptions no_eval;
    no_eval.ordering.eval = 0;
    const Run plain = search(p, no_eval);
    CHECK(plain.stats.ordering_nodes == 0);
    CHECK(plain.result.nodes != base.result.nodes);
    CHECK(p.is_legal(plain.result.move));

    SearchOptions etc;
    etc.etc_depth = 3;
    const Run with_etc = search(p, etc);
    CHECK(with_etc.stats.etc_cuts > 0);
    CHECK(p.is_legal(with_etc.result.move));

    SearchOptions history;
    history.ordering.history = 1000;
    const Run with_history = search(p, history);
    CHECK(with_history.result.nodes != base.result.nodes);
    CHECK(p.is_legal(with_history.result.move));
  }
}

TEST_CASE("incremental pattern indices change no node and no score", "[search]") {
  // SearchOptions::incremental_eval against every evaluation read from the
  // board: the same values, so the same tree. With the ordering's shallow
  // searches and multi-ProbCut (searches at the node's own ply) and the
  // hand-made evaluation (no indices) too.
  const Position suite[] = {
      suite_position("-OOO------OXXX---XXXXX----XXOXX--XOXX-----OXO-------O----------- O"),
      suite_position("-XXXXX----XOOX---OOXOO--XXXOOO---XXXOO------XO------------------ O")};
  for (const Position& p : suite) {
    for (int variant = 0; variant < 3; ++variant) {
      SearchOptions opt;
      if (variant == 1) opt.shallow_ordering = true;
      if (variant == 2) opt.evaluator = find_evaluator("handmade");
      SearchOptions full = opt;
      full.incremental_eval = false;
      auto run = [&](SearchOptions o) {  // deep enough for the shallow searches (depth 12 on)
        Run r;
        o.depth = variant == 1 ? 13 : 10;
        o.stats = &r.stats;
        Searcher s(4, 4);
        r.result = s.search(p, o);
        return r;
      };
      const Run a = run(opt), b = run(full);
      CHECK(a.result.nodes == b.result.nodes);
      CHECK(a.result.score == b.result.score);
      CHECK(a.result.move == b.result.move);
      CHECK(a.stats.tt_cuts == b.stats.tt_cuts);
      if (variant == 1) CHECK(a.stats.ordering_nodes > 0);  // the shallow searches ran
    }
  }
}

TEST_CASE("the table's move first, the others lazily: the same tree, fewer ordering nodes", "[search]") {
  // SearchOptions::lazy_order against ordering every move before the table's: the others
  // keep the order they had, so every counter of the tree is the same; only the ordering's
  // evaluations at nodes the table's move cut are not made.
  for (const char* board : {"-OOO------OXXX---XXXXX----XXOXX--XOXX-----OXO-------O----------- O",
                            "-XXXXX----XOOX---OOXOO--XXXOOO---XXXOO------XO------------------ O"}) {
    const Position p = suite_position(board);
    SearchOptions eager;
    eager.lazy_order = false;
    const Run lazy = search(p, {}), all = search(p, eager);
    CHECK(lazy.result.score == all.result.score);
    CHECK(lazy.result.move == all.result.move);
    CHECK(lazy.stats.tt_probes == all.stats.tt_probes);
    CHECK(lazy.stats.tt_cuts == all.stats.tt_cuts);
    for (int pv = 0; pv < 2; ++pv)
      for (int d = 0; d < SearchStats::kDepths; ++d) {
        const SearchStats::Nodes &a = lazy.stats.nodes[pv][d], &b = all.stats.nodes[pv][d];
        CHECK(a.searched == b.searched);
        CHECK(a.fail_high == b.fail_high);
        CHECK(a.first_cut == b.first_cut);
        CHECK(a.moves_tried == b.moves_tried);
      }
    CHECK(lazy.stats.ordering_nodes < all.stats.ordering_nodes);
    CHECK(lazy.result.nodes < all.result.nodes);
  }
}

TEST_CASE("the frontier's order changes the nodes, not the value of a full-width search", "[search]") {
  // Without multi-ProbCut the search is plain alpha-beta, whose root value does not depend on
  // the order the moves are tried in: the frontier's order (SearchOptions::frontier_order) may
  // only cut sooner.
  for (const char* board : {"-OOO------OXXX---XXXXX----XXOXX--XOXX-----OXO-------O----------- O",
                            "-XXXXX----XOOX---OOXOO--XXXOOO---XXXOO------XO------------------ O"}) {
    const Position p = suite_position(board);
    SearchOptions ordered, square;
    ordered.mpc = square.mpc = false;
    ordered.aspiration = square.aspiration = false;
    square.frontier_order = false;
    auto run = [&](SearchOptions o) {
      o.depth = 7;
      Searcher s(4, 4);
      return s.search(p, o);
    };
    const SearchResult a = run(ordered), b = run(square);
    CHECK(a.score == b.score);
    CHECK(p.is_legal(a.move));
    CHECK(a.nodes < b.nodes);
  }
}
