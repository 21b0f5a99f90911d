// Practice puzzles (engine/puzzles): the shipped set re-proved by the solver, the
// generator's determinism, the file reader on damaged copies, the daily puzzle, judging,
// the next puzzle near the player's rating (core/rating: tests/core/test_rating.cpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "core/bytes.h"
#include "core/file.h"
#include "core/game_database.h"
#include "core/random.h"
#include "core/rating.h"
#include "engine/level.h"
#include "engine/endgame.h"
#include "engine/puzzles.h"
#include "scale.h"

using namespace reversi;

namespace {

const PuzzleSet& shipped() {
  static const PuzzleSet set = [] {
    auto loaded = load_puzzles(std::string(REVERSI_SOURCE_DIR) + "/data/puzzles.bin");
    INFO(loaded.error());
    REQUIRE(loaded.ok());
    return *loaded;
  }();
  return set;
}

const GameDatabase& database() {
  static const GameDatabase db = [] {
    auto loaded = GameDatabase::load(std::string(REVERSI_SOURCE_DIR) + "/data/expert-games.bin");
    REQUIRE(loaded.ok());
    return std::move(*loaded);
  }();
  return db;
}

// The puzzle's stored values equal the solver's (the reader checked that they make a
// puzzle; the checks below restate the rule for the shipped set).
void reprove(EndgameSolver& solver, const Puzzle& p) {
  INFO(reprove_puzzle(solver, p));
  REQUIRE(reprove_puzzle(solver, p).empty());
  REQUIRE(p.moves.size() >= 2);
  if (p.kind == PuzzleKind::Best) CHECK(p.moves[0].value - p.moves[1].value >= 2);
  else CHECK((p.moves[0].value > 0 && p.moves[1].value <= 0));
  CHECK(p.empties() >= 10);
  CHECK(p.empties() <= 26);
}

// Re-proves every step-th shipped puzzle of min..max empties (in file order, from the
// first), step times REVERSI_SCALE_DIVISOR (tests/support/scale.h); returns how many.
std::size_t reprove_tier(int min_empties, int max_empties, std::size_t step) {
  EndgameSolver solver(64);
  step *= std::size_t(reversi::test_scale_divisor());
  std::size_t seen = 0, proved = 0;
  for (std::size_t n = 0; n < shipped().puzzles.size(); ++n) {
    const Puzzle& p = shipped().puzzles[n];
    if (p.empties() < min_empties || p.empties() > max_empties || seen++ % step != 0) continue;
    INFO("puzzle " << n + 1 << ", " << p.empties() << " empties");
    reprove(solver, p);
    ++proved;
  }
  return proved;
}

PuzzleBuildOptions build_options(std::uint64_t seed, int count, int min_empties, int max_empties) {
  PuzzleBuildOptions options;
  options.seed = seed;
  options.count = count;
  options.min_empties = min_empties;
  options.max_empties = max_empties;
  return options;
}

Puzzle sample_puzzle() {
  Puzzle p;
  p.position = Position::initial();
  p.moves = {{parse_square("d3").value(), 4}, {parse_square("c4").value(), -2},
             {parse_square("e6").value(), -2}, {parse_square("f5").value(), -4}};
  p.black = "A";
  p.white = "B";
  p.year = 2000;
  p.game = 7;
  p.rating = 1234;
  return p;
}

}  // namespace

TEST_CASE("shipped puzzles: a seeded sample of 20 re-proved by the solver", "[puzzles]") {
  const PuzzleSet& set = shipped();
  REQUIRE(set.puzzles.size() >= 1000);
  // Among those of up to 20 empties: one of 21-26 costs seconds (the [slow] test has them).
  std::vector<std::size_t> cheap;
  for (std::size_t n = 0; n < set.puzzles.size(); ++n)
    if (set.puzzles[n].empties() <= 20) cheap.push_back(n);
  EndgameSolver solver(16);
  Random random(20261126);
  for (int i = 0; i < 20; ++i) {
    const std::size_t n = cheap[random.below(std::uint32_t(cheap.size()))];
    INFO("puzzle " << n + 1);
    reprove(solver, set.puzzles[n]);
  }
}

// The shipped puzzles re-proved by tiers of cost, each its own test so that ctest runs them
// side by side: one of 18 empties about 0.1 s of CPU, one of 19-20 about 0.6 s, one of 21-26 about
// 30 s (docs/benchmarks.md, "Practice puzzles"). The default run re-proves every puzzle of
// up to 18 empties, every 10th of 19-20 and every 20th of 21-26 (about 3 minutes of CPU in
// all); REVERSI_SCALE_DIVISOR=N (CI: 4, under the sanitizers 20) takes every N-th of those.
// The whole set, every puzzle: `reversi-cli puzzles verify` (README, "Tests").
TEST_CASE("shipped puzzles re-proved: every one of 10-16 empties", "[puzzles][slow]") {
  CHECK(reprove_tier(10, 16, 1) >= 1800 / std::size_t(reversi::test_scale_divisor()));
}

TEST_CASE("shipped puzzles re-proved: every one of 17-18 empties", "[puzzles][slow]") {
  CHECK(reprove_tier(17, 18, 1) >= 500 / std::size_t(reversi::test_scale_divisor()));
}

TEST_CASE("shipped puzzles re-proved: every 10th of 19-20 empties", "[puzzles][slow]") {
  CHECK(reprove_tier(19, 20, 10) >= 50 / std::size_t(reversi::test_scale_divisor()));
}

TEST_CASE("shipped puzzles re-proved: every 20th of 21-26 empties", "[puzzles][slow]") {
  CHECK(reprove_tier(21, 26, 20) >= 4 / std::size_t(reversi::test_scale_divisor()));
}

// The re-proof catches a wrong stored value: the last move's value lowered by two discs
// (still in order, still a puzzle) no longer matches the solver.
TEST_CASE("a puzzle with a wrong stored value fails the re-proof", "[puzzles]") {
  EndgameSolver solver(16);
  for (std::size_t n = 0; n < 200; ++n) {
    const Puzzle& p = shipped().puzzles[n];
    if (p.empties() > 12) continue;
    REQUIRE(reprove_puzzle(solver, p).empty());
    Puzzle wrong = p;
    wrong.moves.back().value -= 2;
    const std::string problem = reprove_puzzle(solver, wrong);
    INFO(problem);
    CHECK(problem.find("stored ") == 0);
    CHECK(problem.find("; solved ") != std::string::npos);
    return;
  }
  FAIL("no puzzle of up to 12 empties among the first 200");
}

TEST_CASE("shipped puzzles: source games and positions agree with the database", "[puzzles]") {
  const PuzzleSet& set = shipped();
  std::set<std::pair<std::uint64_t, std::uint64_t>> distinct;
  for (std::size_t n = 0; n < set.puzzles.size(); n += 97) {
    const Puzzle& p = set.puzzles[n];
    const auto g = database().game(p.game);
    REQUIRE(g.ok());
    CHECK(g->year == p.year);
    CHECK(g->black == p.black);
    CHECK(g->white == p.white);
    CHECK(p.rating >= 800);
    CHECK(p.rating <= 2600);
  }
  for (const Puzzle& p : set.puzzles) distinct.insert({p.position.player, p.position.opponent});
  CHECK(distinct.size() == set.puzzles.size());
}

TEST_CASE("the generator is deterministic and its file round-trips", "[puzzles]") {
  PuzzleBuildOptions options = build_options(5, 4, 10, 12);
  const auto a = build_puzzles(database(), options);
  const auto b = build_puzzles(database(), options);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  REQUIRE(a->puzzles.size() == 4);
  const auto bytes_a = encode_puzzles(*a), bytes_b = encode_puzzles(*b);
  REQUIRE(bytes_a.ok());
  CHECK(*bytes_a == *bytes_b);
  const auto back = parse_puzzles(*bytes_a);
  REQUIRE(back.ok());
  CHECK(*back == *a);
  options.seed = 6;
  const auto c = build_puzzles(database(), options);
  REQUIRE(c.ok());
  CHECK(*encode_puzzles(*c) != *bytes_a);
}

TEST_CASE("appending keeps the set first and unchanged, skips its positions, and is deterministic", "[puzzles]") {
  const PuzzleBuildOptions options = build_options(5, 4, 10, 11);
  const auto base = build_puzzles(database(), options);
  REQUIRE(base.ok());
  REQUIRE(base->puzzles.size() == 4);
  const auto base_bytes = encode_puzzles(*base);
  REQUIRE(base_bytes.ok());
  auto positions = [](const PuzzleSet& s) {
    std::set<std::pair<std::uint64_t, std::uint64_t>> out;
    for (const Puzzle& p : s.puzzles) out.insert({p.position.player, p.position.opponent});
    return out;
  };
  auto prefix_kept = [&](const PuzzleSet& s) {
    return s.puzzles.size() >= base->puzzles.size() &&
           std::equal(base->puzzles.begin(), base->puzzles.end(), s.puzzles.begin());
  };

  SECTION("a new range") {
    PuzzleBuildOptions more = build_options(9, 3, 12, 13);
    const auto a = append_puzzles(database(), *base_bytes, "base.bin", more);
    const auto b = append_puzzles(database(), *base_bytes, "base.bin", more);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    REQUIRE(a->puzzles.size() == 7);
    CHECK(prefix_kept(*a));
    CHECK(a->seed == base->seed);  // the header keeps the set's seed
    CHECK(*encode_puzzles(*a) == *encode_puzzles(*b));
    CHECK(positions(*a).size() == 7);
    for (std::size_t i = 4; i < 7; ++i) {
      CHECK(a->puzzles[i].empties() >= 12);
      CHECK(a->puzzles[i].empties() <= 13);
    }
    // The new ones are those a fresh build of that seed and range makes, and a shorter
    // run gives a prefix.
    const auto fresh = build_puzzles(database(), more);
    REQUIRE(fresh.ok());
    CHECK(std::equal(fresh->puzzles.begin(), fresh->puzzles.end(), a->puzzles.begin() + 4, a->puzzles.end()));
    more.count = 2;
    const auto shorter = append_puzzles(database(), *base_bytes, "base.bin", more);
    REQUIRE(shorter.ok());
    REQUIRE(shorter->puzzles.size() == 6);
    CHECK(std::equal(shorter->puzzles.begin(), shorter->puzzles.end(), a->puzzles.begin()));
    // The appended file parses back and can be appended to again.
    const auto back = parse_puzzles(*encode_puzzles(*a));
    REQUIRE(back.ok());
    CHECK(*back == *a);
  }
  SECTION("the same seed and range: the set's own positions are drawn first and skipped") {
    const auto a = append_puzzles(database(), *base_bytes, "base.bin", options);
    REQUIRE(a.ok());
    REQUIRE(a->puzzles.size() == 8);
    CHECK(prefix_kept(*a));
    CHECK(positions(*a).size() == 8);
    // Without the skipping the first new ones would repeat the set (same draws).
    const auto again = build_puzzles(database(), options);
    REQUIRE(again.ok());
    CHECK(*again == *base);
  }
  SECTION("a corrupt, truncated or foreign set: an error naming it") {
    auto error_of = [&](std::vector<std::uint8_t> bytes) {
      const auto r = append_puzzles(database(), bytes, "base.bin", options);
      REQUIRE_FALSE(r.ok());
      CHECK_THAT(r.error(), Catch::Contains("cannot append: puzzle file 'base.bin'"));
      return r.error();
    };
    auto corrupt = *base_bytes;
    corrupt[corrupt.size() / 2] ^= 0x10;
    CHECK_THAT(error_of(corrupt), Catch::Contains("checksum"));
    CHECK_THAT(error_of({base_bytes->begin(), base_bytes->end() - 1}), Catch::Contains("truncated"));
    CHECK_THAT(error_of({}), Catch::Contains("truncated"));
    const auto games = read_file_bytes(std::string(REVERSI_SOURCE_DIR) + "/data/openings-8.txt");
    REQUIRE(games.ok());
    CHECK_THAT(error_of(*games), Catch::Contains("not a puzzle file"));
  }
}

TEST_CASE("a corrupt, foreign or truncated puzzle file is rejected with a message", "[puzzles]") {
  PuzzleSet set;
  set.puzzles.push_back(sample_puzzle());
  const auto bytes = encode_puzzles(set);
  REQUIRE(bytes.ok());
  REQUIRE(parse_puzzles(*bytes).ok());
  auto error_of = [](std::vector<std::uint8_t> b) {
    const auto r = parse_puzzles(b, "x.bin");
    REQUIRE_FALSE(r.ok());
    return r.error();
  };
  CHECK_THAT(error_of({}), Catch::Contains("truncated"));
  CHECK_THAT(error_of(std::vector<std::uint8_t>(bytes->begin(), bytes->end() - 3)), Catch::Contains("truncated"));
  auto foreign = *bytes;
  foreign[0] = 'X';
  CHECK_THAT(error_of(foreign), Catch::Contains("not a puzzle file"));
  auto corrupt = *bytes;
  corrupt.back() ^= 1;
  CHECK_THAT(error_of(corrupt), Catch::Contains("checksum"));
  auto header = *bytes;
  header[12] ^= 1;
  CHECK_THAT(error_of(header), Catch::Contains("checksum"));
  auto version = *bytes;
  set_le(version.data() + 8, 2, 2);
  set_le(version.data() + 36, fnv1a(std::span(version).first(36)), 4);
  CHECK_THAT(error_of(version), Catch::Contains("version 2"));
  // A body that checks out but whose stored values disagree with the position.
  PuzzleSet wrong = set;
  wrong.puzzles[0].moves.pop_back();
  CHECK_THAT(error_of(*encode_puzzles(wrong)), Catch::Contains("legal moves"));
  PuzzleSet flat = set;
  flat.puzzles[0].moves[0].value = -2;  // d3 -2, c4 -2: no move better than every other
  CHECK_THAT(error_of(*encode_puzzles(flat)), Catch::Contains("no unique answer"));
  CHECK_THAT(load_puzzles("/nonexistent/puzzles.bin").error(), Catch::Contains("puzzles.bin"));
}

TEST_CASE("judging an answer", "[puzzles]") {
  const Puzzle p = sample_puzzle();
  CHECK(p.goal() == "Black to play: find the best move");
  const auto right = judge(p, "d3");
  REQUIRE(right.ok());
  CHECK(right->right);
  CHECK(right->message == "Right: d3 is the best move (+4)");
  const auto wrong = judge(p, "F5");
  REQUIRE(wrong.ok());
  CHECK_FALSE(wrong->right);
  CHECK(wrong->loss == 8);
  CHECK(wrong->message == "f5 loses 8 discs: the best was d3 (+4)");
  CHECK(judge(p, "a1").error() == "a1 is not a legal move here (legal: d3, c4, f5, e6)");
  CHECK_THAT(judge(p, "z9").error(), Catch::Contains("not a square"));
  CHECK_THAT(judge(p, "").error(), Catch::Contains("not a square"));
}

TEST_CASE("the daily puzzle: the same for a date, valid every day, dates checked", "[puzzles]") {
  CHECK(*daily_puzzle("2026-11-26", 1000) == *daily_puzzle("2026-11-26", 1000));
  std::set<std::size_t> chosen;
  static constexpr int kDays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  for (int m = 1; m <= 12; ++m)
    for (int d = 1; d <= kDays[m - 1]; ++d) {
      char date[16];
      std::snprintf(date, sizeof date, "2028-%02d-%02d", m, d);
      const auto i = daily_puzzle(date, 1500);
      INFO(date);
      REQUIRE(i.ok());
      CHECK(*i < 1500);
      chosen.insert(*i);
    }
  CHECK(chosen.size() > 300);  // 366 days: few repeats
  for (const char* bad : {"2026-02-30", "2026-13-01", "tomorrow", "2026-2-3", "2025-02-29", "2026-00-10",
                          "2026-01-00", "", "2026-01-01x", "1899-12-31"}) {
    const auto r = daily_puzzle(bad, 1000);
    INFO(bad);
    REQUIRE_FALSE(r.ok());
    CHECK_THAT(r.error(), Catch::Contains("not a date"));
  }
  CHECK(daily_puzzle("2024-02-29", 10).ok());
}

TEST_CASE("the daily puzzle of a date stays when puzzles are appended", "[puzzles]") {
  // It is chosen among the first kDailyPuzzles: the shipped set's first puzzles are that
  // set, so a date's puzzle (a shared ?daily= link) is the same in the set before and after.
  REQUIRE(shipped().puzzles.size() >= kDailyPuzzles);
  std::set<std::size_t> chosen;
  for (int d = 1; d <= 31; ++d)
    for (int m : {1, 7, 12}) {
      char date[16];
      std::snprintf(date, sizeof date, "2027-%02d-%02d", m, d);
      INFO(date);
      const auto first = daily_puzzle(date, kDailyPuzzles);
      REQUIRE(first.ok());
      CHECK(*daily_puzzle(date, shipped().puzzles.size()) == *first);
      CHECK(*daily_puzzle(date, kDailyPuzzles + 1) == *first);
      CHECK(*daily_puzzle(date, 1'000'000) == *first);
      chosen.insert(*first);
      // A smaller set: chosen among all of it.
      CHECK(*daily_puzzle(date, 7) < 7);
    }
  CHECK(chosen.size() > 80);  // 93 days: the pool is not cut to a few
  CHECK(daily_puzzle("2000-02-29", 10).ok());
  CHECK_FALSE(daily_puzzle("1900-02-29", 10).ok());
}

TEST_CASE("choosing the next puzzle near the player's rating", "[puzzles][rating]") {
  const PuzzleSet& set = shipped();
  const std::size_t a = choose_puzzle(set, 1500, {}, 1);
  CHECK(a == choose_puzzle(set, 1500, {}, 1));
  std::vector<int> ratings;
  for (const Puzzle& p : set.puzzles) ratings.push_back(p.rating);
  std::sort(ratings.begin(), ratings.end());
  for (double want : {900.0, 1300.0, 1700.0, 2500.0}) {
    const std::size_t i = choose_puzzle(set, want, {}, 7);
    // Among the 16 nearest: no farther than the 16th nearest rating.
    std::vector<double> d;
    for (int r : ratings) d.push_back(std::abs(r - want));
    std::sort(d.begin(), d.end());
    CHECK(std::abs(set.puzzles[i].rating - want) <= d[15]);
  }
  std::vector<std::size_t> seen;
  for (int k = 0; k < 40; ++k) {
    const std::size_t i = choose_puzzle(set, 1400, seen, 3);
    CHECK(std::find(seen.begin(), seen.end(), i) == seen.end());
    seen.push_back(i);
  }
  PuzzleSet one;
  one.puzzles.push_back(sample_puzzle());
  const std::size_t only[] = {0};
  CHECK(choose_puzzle(one, 1500, only, 9) == 0);  // every one seen: repeats
}
