// The evaluation's data in shards (issue 34): self-play by the real search, shards
// made whole and skipped when there, and the WTHOR test set. Small and fast: a few
// games at low depth. The balanced openings' lines: test_arena.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/position.h"
#include "core/wthor.h"
#include "lab/arena.h"
#include "lab/pattern_train.h"
#include "lab/shards.h"

using namespace reversi;
// In the namespace, not `using namespace`: no name of it reaches the next file of a unit.
namespace reversi::pattern {

namespace {

std::string temp_path(const std::string& leaf) {
  return (std::filesystem::temp_directory_path() / leaf).string();
}

}  // namespace

TEST_CASE("datagen: a self-play shard by the real search is the same for its seed", "[pattern]") {
  GenOptions o;
  o.games = 3;
  o.seed = 1000;
  o.search_depth = 3;
  o.solve_empties = 8;
  o.random_min = 2;
  o.random_max = 6;
  o.epsilon = 0.02;
  GenStats stats;
  const std::vector<Sample> first = generate_samples(o, stats);
  REQUIRE(stats.games == 3);
  REQUIRE(stats.exact > 0);
  REQUIRE(first.size() > 3 * 40);
  CHECK(generate_samples(o, stats) == first);
  // The positions before the solve point carry the game's result (perfect play
  // from there) for their side to move: the solve point's exact value, either sign.
  for (std::uint32_t g = 0; g < 3; ++g) {
    float solved = 99;
    for (const Sample& s : first)
      if (s.game == g && s.label == Label::Exact) {
        solved = s.score;
        break;
      }
    REQUIRE(solved != 99);
    for (const Sample& s : first)
      if (s.game == g && s.label == Label::None) CHECK(std::abs(s.score) == std::abs(solved));
  }
  o.threads = 2;  // games in parallel join in order: the same shard
  CHECK(generate_samples(o, stats) == first);
  o.seed = 1001;
  CHECK(generate_samples(o, stats) != first);
  // The searched moves are not the negamax's: another game for the same seed.
  o.seed = 1000;
  o.threads = 1;
  o.search_depth = 0;
  o.player_depth = 3;
  CHECK(generate_samples(o, stats) != first);
}

TEST_CASE("shards: made whole once, skipped when there, each in the manifest", "[pattern]") {
  const std::string dir = temp_path("reversi-test-shards");
  std::filesystem::remove_all(dir);
  const std::vector<std::string> names{"a.txt", "b.txt"};
  int made = 0;
  auto make = [&](std::size_t k) -> Expected<std::vector<Sample>> {
    ++made;
    const Position p = Position::initial();
    return std::vector<Sample>{{p.player, p.opponent, float(k), std::uint32_t(k), Label::Exact}};
  };
  std::vector<ShardReport> reports;
  auto keep = [&](const ShardReport& r) { reports.push_back(r); };
  REQUIRE(make_shards(dir, names, "cmd", make, keep));
  CHECK(made == 2);
  REQUIRE(reports.size() == 2);
  CHECK(reports[1].made);
  CHECK(reports[1].exact == 1);
  auto sum = file_checksum(dir + "/b.txt");
  REQUIRE(sum);
  CHECK(*sum == reports[1].checksum);
  auto read = read_samples(dir + "/b.txt");
  REQUIRE(read);
  REQUIRE(read->size() == 1);
  CHECK((*read)[0].score == 1.0f);
  // A later run: nothing made again, one more shard added.
  reports.clear();
  REQUIRE(make_shards(dir, {"a.txt", "b.txt", "c.txt"}, "cmd", make, keep));
  CHECK(made == 3);
  CHECK_FALSE(reports[0].made);
  CHECK(reports[2].made);
  std::ifstream manifest(dir + "/MANIFEST");
  int lines = 0;
  for (std::string line; std::getline(manifest, line);) {
    ++lines;
    CHECK(line.find(" command cmd") != std::string::npos);
  }
  CHECK(lines == 3);
  CHECK_FALSE(std::filesystem::exists(dir + "/c.txt.tmp"));
  // A shard that fails is not written; the ones before it stay.
  auto fail = [](std::size_t) -> Expected<std::vector<Sample>> { return Error{"no data"}; };
  const Status st = make_shards(dir, {"a.txt", "d.txt"}, "cmd", fail);
  REQUIRE_FALSE(st);
  CHECK(st.error() == "d.txt: no data");
  CHECK_FALSE(std::filesystem::exists(dir + "/d.txt"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("testset: WTHOR positions by stage, searched and exact labels, deterministic", "[pattern]") {
  auto file = load_wthor(std::string(REVERSI_SOURCE_DIR) + "/data/wthor/WTH_2021.wtb");
  REQUIRE(file);
  std::vector<WthorGame> games(file->games.begin(), file->games.begin() + 3);
  TestSetOptions o;
  o.seed = 7;
  o.search_depth = 2;
  o.solve_min = 6;
  o.solve_max = 10;
  o.theoretical_empties = file->header.depth;
  const Evaluator& eval = default_evaluator();
  const std::vector<Sample> set = wthor_test_samples(games, 0, 3, o, eval);
  CHECK(wthor_test_samples(games, 0, 3, o, eval) == set);
  int searched = 0, solved = 0, theoretical = 0;
  for (const Sample& s : set) {
    if (s.label == Label::Search) {
      ++searched;
      CHECK(s.empties() >= 26);
      CHECK(s.empties() <= 55);
    } else {
      REQUIRE(s.label == Label::Exact);
      if (s.empties() == 24) {
        ++theoretical;
      } else {
        ++solved;
        CHECK(s.empties() <= 10);
      }
    }
  }
  CHECK(searched >= 3 * 5);  // one per stage of 26-55 empties, a few repeated early ones kept once
  CHECK(solved == 3);
  CHECK(theoretical == 3);
  // A game's samples do not depend on the shard it is in (in the longer shard,
  // a position an earlier game had too is kept once, with that game's label).
  const std::vector<Sample> last = wthor_test_samples(games, 2, 3, o, eval);
  std::size_t found = 0;
  for (const Sample& s : set)
    if (s.game == 2) found += std::count(last.begin(), last.end(), s) == 1;
  std::size_t in_set = 0;
  for (const Sample& s : set) in_set += s.game == 2;
  CHECK(found == in_set);
  CHECK(in_set >= 6);
}

}  // namespace reversi::pattern
