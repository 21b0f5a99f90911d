// Pattern evaluation: feature extraction, symmetry, the weight file, training.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <set>

#include "core/position.h"
#include "core/random_positions.h"
#include "engine/pattern.h"
#include "lab/pattern_train.h"

using namespace reversi;
using namespace reversi::pattern;

namespace {

// Square (row, file) under symmetry t, by the definition in pattern.h.
int map_square(int sq, int t) {
  int r = sq / 8, c = sq % 8;
  if (t & 4) std::swap(r, c);
  if (t & 1) c = 7 - c;
  if (t & 2) r = 7 - r;
  return r * 8 + c;
}

Weights random_weights(std::uint64_t seed) {
  Weights w;
  RandomPositions random(seed);
  for (auto& v : w.values)
    v = random.below(4) == 0 ? static_cast<std::int16_t>(random.below(401) - 200) : 0;
  for (auto& b : w.bias) b = random.below(201) - 100;
  return w;
}

}  // namespace

TEST_CASE("pattern: symmetric images match their square-by-square definition", "[pattern]") {
  RandomPositions random(7);
  for (int i = 0; i < 200; ++i) {
    const Bitboard b = random.next();
    const auto all = symmetries(b);
    for (int t = 0; t < 8; ++t) {
      Bitboard expected = 0;
      for (int sq = 0; sq < 64; ++sq)
        if (b >> sq & 1) expected |= bit(map_square(sq, t));
      REQUIRE(all[t] == expected);
      REQUIRE(symmetry(b, t) == expected);
    }
  }
}

TEST_CASE("pattern: the 46 placements are distinct and closed under the symmetries",
          "[pattern]") {
  // The squares a placement reads: the preimage of its kind's mask under its image.
  auto squares_of = [](const Placement& p) {
    Bitboard set = 0;
    for (int sq = 0; sq < 64; ++sq)
      if (symmetry(bit(sq), p.image) & kinds()[p.kind].mask) set |= bit(sq);
    return set;
  };
  std::set<std::pair<int, Bitboard>> all;
  for (const Placement& p : placements()) {
    const Bitboard set = squares_of(p);
    REQUIRE(popcount(set) == kinds()[p.kind].squares);
    REQUIRE(all.insert({p.kind, set}).second);  // no placement twice
  }
  REQUIRE(all.size() == static_cast<std::size_t>(kNumPlacements));
  for (const auto& [kind, set] : all)
    for (int t = 0; t < 8; ++t) REQUIRE(all.count({kind, symmetry(set, t)}) == 1);
}

TEST_CASE("pattern: feature indices match a square-by-square reference", "[pattern]") {
  for (const Position& pos : random_positions_after_plies(11, 300, 0, 57)) {
    const Features f = features(pos.player, pos.opponent);
    for (int i = 0; i < kNumPlacements; ++i) {
      const Placement& p = placements()[i];
      const Bitboard P = symmetry(pos.player, p.image), O = symmetry(pos.opponent, p.image);
      std::uint32_t idx = 0, place = 1;
      for (Bitboard m = kinds()[p.kind].mask; m; m &= m - 1, place *= 3) {
        const int sq = lowest_square(m);
        idx += place * ((P >> sq & 1) ? 1 : (O >> sq & 1) ? 2 : 0);
      }
      REQUIRE(f[i] == canonical_index(p.kind, idx));
      REQUIRE(gather(P, kinds()[p.kind].mask) < (Bitboard{1} << kinds()[p.kind].squares));
    }
  }
}

TEST_CASE("pattern: the evaluation is the same under all eight board symmetries", "[pattern]") {
  const PatternEvaluator eval(random_weights(3));
  REQUIRE(eval.loaded());
  int nonzero = 0;
  for (const Position& pos : random_positions_after_plies(5, 500, 0, 57)) {
    const int v = eval.evaluate(pos.player, pos.opponent);
    nonzero += v != 0;
    for (int t = 1; t < 8; ++t)
      REQUIRE(eval.evaluate(symmetry(pos.player, t), symmetry(pos.opponent, t)) == v);
  }
  REQUIRE(nonzero > 400);  // the random weights really are used
}

TEST_CASE("pattern: weight files round-trip and bad files are rejected clearly", "[pattern]") {
  const Weights w = random_weights(9);
  const std::vector<std::uint8_t> bytes = encode_weights(w);
  auto back = decode_weights(bytes);
  REQUIRE(back.ok());
  REQUIRE(back->values == w.values);
  REQUIRE(back->bias == w.bias);

  SECTION("truncated") {
    for (std::size_t cut : {std::size_t{0}, std::size_t{10}, bytes.size() / 2, bytes.size() - 1}) {
      auto r = decode_weights(std::span(bytes).first(cut));
      REQUIRE_FALSE(r.ok());
      REQUIRE(r.error().find("pattern weights:") == 0);
    }
  }
  SECTION("corrupt payload byte") {
    std::vector<std::uint8_t> bad = bytes;
    bad[bad.size() / 2] ^= 0x40;
    auto r = decode_weights(bad);
    REQUIRE_FALSE(r.ok());
    REQUIRE(r.error().find("checksum") != std::string::npos);
  }
  SECTION("bad magic or version") {
    std::vector<std::uint8_t> bad = bytes;
    bad[0] = 'X';
    REQUIRE(decode_weights(bad).error().find("magic") != std::string::npos);
    bad = bytes;
    bad[4] = 99;
    REQUIRE(decode_weights(bad).error().find("version") != std::string::npos);
  }
  SECTION("the evaluator falls back to the hand-made evaluation") {
    std::vector<std::uint8_t> bad = bytes;
    bad.pop_back();
    const PatternEvaluator eval(bad);
    REQUIRE_FALSE(eval.loaded());
    REQUIRE(eval.status().find("truncated") != std::string::npos);
    const HandmadeEvaluator handmade;
    for (const Position& pos : random_positions_after_plies(17, 50, 0, 57))
      REQUIRE(eval.evaluate(pos.player, pos.opponent) ==
              handmade.evaluate(pos.player, pos.opponent));
  }
}

TEST_CASE("pattern: the embedded weights load and equal assets/eval/weights.bin", "[pattern]") {
  std::ifstream in(std::string(REVERSI_SOURCE_DIR) + "/assets/eval/weights.bin", std::ios::binary);
  if (!in) {
    // Not trained yet: nothing is embedded either, and the evaluator says so.
    REQUIRE(embedded_weights().empty());
    REQUIRE_FALSE(PatternEvaluator().loaded());
    return;
  }
  const std::vector<std::uint8_t> file((std::istreambuf_iterator<char>(in)),
                                       std::istreambuf_iterator<char>());
  const auto embedded = embedded_weights();
  REQUIRE(std::vector<std::uint8_t>(embedded.begin(), embedded.end()) == file);
  const PatternEvaluator eval;
  INFO(eval.status());
  REQUIRE(eval.loaded());
}

TEST_CASE("pattern: a quick training run lowers the validation error", "[pattern]") {
  GenOptions g;
  g.games = 150;
  g.solve_empties = 10;
  g.seed = 42;
  GenStats stats;
  std::vector<Sample> samples = generate_samples(g, stats);
  REQUIRE(stats.games == 150);
  REQUIRE(stats.exact > 1000);
  // Two runs from the same seed give the same data.
  GenStats stats2;
  g.games = 5;
  const std::vector<Sample> again = generate_samples(g, stats2);
  for (std::size_t i = 0; i < again.size(); ++i) {
    REQUIRE(again[i].P == samples[i].P);
    REQUIRE(again[i].O == samples[i].O);
  }
  // Games played on several threads join in game order: the same data.
  g.games = 30;
  g.threads = 1;
  const std::vector<Sample> one = generate_samples(g, stats2);
  g.threads = 3;
  const std::vector<Sample> three = generate_samples(g, stats2);
  CHECK(stats2.games == 30);
  REQUIRE(one.size() == three.size());
  for (std::size_t i = 0; i < one.size(); ++i) {
    REQUIRE(one[i].P == three[i].P);
    REQUIRE(one[i].O == three[i].O);
    REQUIRE(one[i].score == three[i].score);
    REQUIRE(one[i].label == three[i].label);
    REQUIRE(one[i].game == three[i].game);
  }

  TrainOptions o;
  o.iterations = 40;
  std::vector<StageReport> report;
  const Weights w = train_bootstrap(samples, o, report);
  const PatternEvaluator trained(w);
  const PatternEvaluator untrained{Weights{}};  // all zero: predicts a draw
  auto held_out_exact = [](const Sample& s) { return is_validation(s) && s.label == Label::Exact; };
  std::size_t n = 0;
  const double before = mean_abs_error(untrained, samples, held_out_exact, &n);
  const double after = mean_abs_error(trained, samples, held_out_exact);
  INFO("validation MAE " << before << " -> " << after << " discs on " << n << " positions");
  REQUIRE(n > 100);
  REQUIRE(after < 0.9 * before);
}
