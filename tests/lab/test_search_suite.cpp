// The midgame search's suite and counters (lab/search_suite.h, engine/search_stats.h):
// the suite is drawn the same way from the same seed, its positions are what it
// says; data/search-suite.obf is what its command makes; the counters change
// nothing in the search and add up; the table says what each store did.
#include <catch2/catch.hpp>

#include <set>

#include "wthor_sample.h"
#include "core/game_database.h"
#include "core/notation.h"
#include "engine/obf.h"
#include "engine/search.h"
#include "lab/search_suite.h"

using namespace reversi;

namespace {

const GameDatabase& sample_db() {
  static const GameDatabase db = [] {
    auto parsed = GameDatabase::parse(test::wthor_sample_database_bytes(), "sample");
    REQUIRE(parsed.ok());
    return std::move(*parsed);
  }();
  return db;
}

}  // namespace

TEST_CASE("the search suite is drawn from the games by its seed", "[search][suite]") {
  const GameDatabase& db = sample_db();
  SearchSuiteOptions o;
  o.count = 40;
  const auto a = make_search_suite(db, o);
  const auto b = make_search_suite(db, o);
  REQUIRE(a.size() == 40);
  REQUIRE(search_suite_text(a, "x") == search_suite_text(b, "x"));
  std::set<std::pair<Bitboard, Bitboard>> seen;
  for (const SuitePosition& s : a) {
    CHECK(s.position.empty_count() >= o.min_empties);
    CHECK(s.position.empty_count() <= o.max_empties);
    CHECK(s.position.legal_moves() != 0);
    CHECK(seen.insert({s.position.player, s.position.opponent}).second);
    // The position is the game's after `ply` moves (and a forced pass).
    const auto game = db.game(s.game);
    REQUIRE(game.ok());
    Position p = Position::initial();
    for (int k = 0; k < s.ply; ++k) {
      p = p.play(game->moves[k]);
      if (p.must_pass()) p = p.pass();
    }
    CHECK(p == s.position);
  }
  o.seed = 47;
  CHECK(search_suite_text(make_search_suite(db, o), "x") != search_suite_text(a, "x"));
  // The text reads back as bare OBF boards, in order.
  const auto entries = parse_obf(search_suite_text(a, "x"));
  REQUIRE(entries.ok());
  REQUIRE(entries->size() == a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(entries->at(i).position == a[i].position);
    CHECK(entries->at(i).moves.empty());
  }
}

TEST_CASE("data/search-suite.obf is what its command makes", "[search][suite][slow]") {
  const auto db = GameDatabase::load(std::string(REVERSI_SOURCE_DIR) + "/data/expert-games.bin");
  REQUIRE(db.ok());
  const auto file = load_obf(std::string(REVERSI_SOURCE_DIR) + "/data/search-suite.obf");
  REQUIRE(file.ok());
  SearchSuiteOptions o;  // the defaults the command uses: seed 46, 300 positions
  const auto suite = make_search_suite(*db, o);
  REQUIRE(file->size() == suite.size());
  for (std::size_t i = 0; i < suite.size(); ++i) CHECK(file->at(i).position == suite[i].position);
}

TEST_CASE("the search's counters change nothing and add up", "[search][suite]") {
  const auto entries = parse_obf(
      "-OOO------OXXX---XXXXX----XXOXX--XOXX-----OXO-------O----------- O;\n"
      "-XXXXX----XOOX---OOXOO--XXXOOO---XXXOO------XO------------------ O;\n");
  REQUIRE(entries.ok());
  std::vector<Position> positions;
  for (const ObfEntry& e : *entries) positions.push_back(e.position);
  SearchOptions opt;
  opt.depth = 8;
  const std::vector<SuiteVariant> variants{{"base", opt}};
  const SuiteRun counted = run_search_suite(positions, variants, true);
  const SuiteRun plain = run_search_suite(positions, variants, false);
  for (std::size_t i = 0; i < positions.size(); ++i) {
    REQUIRE(counted.searches[0][i].nodes.size() == 8);
    CHECK(counted.searches[0][i].nodes == plain.searches[0][i].nodes);
    // The move and score kept are the search's own at its last depth.
    Searcher searcher(16, 16);
    const SearchResult r = searcher.search(positions[i], opt);
    CHECK(counted.searches[0][i].move == r.move);
    CHECK(counted.searches[0][i].score == searcher.iterations().back().score);
    CHECK(positions[i].is_legal(counted.searches[0][i].move));
  }
  const SearchStats& st = counted.stats[0];
  std::uint64_t searched = 0, stores = 0, mpc = 0;
  for (int pv = 0; pv < 2; ++pv)
    for (const auto& c : st.nodes[pv]) {
      CHECK(c.fail_high + c.exact <= c.searched);
      CHECK(c.first_cut <= c.fail_high);
      CHECK(c.first_best <= c.exact);
      CHECK(c.moves_tried >= c.fail_high);
      searched += c.searched;
    }
  stores = st.tt_store_same + st.tt_store_empty + st.tt_store_replace + st.tt_store_kept;
  for (const auto& row : st.mpc)
    for (const auto& m : row) {
      CHECK(m.cut_high + m.cut_low <= m.tries);
      mpc += m.tries;
    }
  CHECK(searched > 100);
  CHECK(stores == st.tt_stores);
  CHECK(st.tt_stores == searched);
  CHECK(st.tt_hits <= st.tt_probes);
  CHECK(st.tt_cuts + st.tt_moves > 0);
  CHECK(st.tt_cuts <= st.tt_hits);
  CHECK(mpc > 0);
  // Nothing counted without the switch.
  CHECK(plain.stats[0].tt_probes == 0);
}

TEST_CASE("the search's table says what each store did", "[search][suite]") {
  SearchTable tt(0);  // one bucket of four entries
  using S = SearchTable::Stored;
  CHECK(tt.store(11, 5, 4, Bound::Exact, 3) == S::Empty);
  CHECK(tt.store(11, 6, 5, Bound::Lower, 3) == S::Same);
  CHECK(tt.store(11, 6, 1, Bound::Lower, 3) == S::Kept);  // a deeper result of this search stays
  CHECK(tt.store(12, 1, 1, Bound::Upper, 4) == S::Empty);
  CHECK(tt.store(13, 1, 1, Bound::Upper, 4) == S::Empty);
  CHECK(tt.store(14, 1, 1, Bound::Upper, 4) == S::Empty);
  CHECK(tt.store(15, 1, 2, Bound::Upper, 4) == S::Replaced);
  SearchHit hit;
  CHECK(tt.probe(11, hit));  // the deepest stays
  CHECK(hit.depth == 5);
  CHECK(tt.probe(15, hit));
}
