// train --feature-gain's measure (lab/feature_gain.h): the error a residual model of
// mobility and potential mobility takes off an evaluation, on held-out games.
#include <catch2/catch.hpp>

#include "core/movegen.h"
#include "core/random.h"
#include "lab/feature_gain.h"

using namespace reversi;
// In the namespace, not `using namespace`: no name of it reaches the next file of a unit.
namespace reversi::pattern {

namespace {

struct Zero final : Evaluator {
  std::string_view name() const override { return "zero"; }
  int evaluate(Bitboard, Bitboard) const override { return 0; }
};

// Positions of random games, one game per 60 plies' worth of samples (every tenth
// game held out), labelled by `label`.
template <class F>
std::vector<Sample> random_samples(int games, F label) {
  Random rng(34);
  std::vector<Sample> out;
  for (int g = 0; g < games; ++g) {
    Bitboard P = 0x0000000810000000ULL, O = 0x0000001008000000ULL;  // black to move
    for (int ply = 0; ply < 60; ++ply) {
      Bitboard m = legal_moves(P, O);
      if (!m) {
        if (!legal_moves(O, P)) break;
        std::swap(P, O);
        continue;
      }
      Sample s;
      s.P = P, s.O = O, s.game = std::uint32_t(g), s.label = Label::Search;
      s.score = label(P, O);
      out.push_back(s);
      const int sq = rng.pick_square(m);
      const Bitboard f = flips(sq, P, O);
      P |= f | (Bitboard{1} << sq);
      O &= ~f;
      std::swap(P, O);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("feature gain: the columns are one-hot and within range", "[pattern][gain]") {
  const auto c = gain_columns(0x0000000810000000ULL, 0x0000001008000000ULL);  // the start
  REQUIRE(c.size() == 4);  // 60 empties: even, no parity column
  CHECK(c[0] == 4);         // four moves each at the start
  CHECK(c[1] == kMobilityCap + 1 + 4);
  for (auto x : c) CHECK(x < std::uint32_t(kGainColumns));
  const auto odd = gain_columns(0x0000000008000000ULL, 0x0000003810000000ULL);  // after f5: 59 empties
  REQUIRE(odd.size() == 5);
  CHECK(odd[4] == kParityColumn);
}

TEST_CASE("feature gain: an error that is mobility is taken off, one that is not stays",
          "[pattern][gain]") {
  const Zero zero;
  // The label is the mobility difference: the model explains it all, on held-out games too.
  const auto mobility = random_samples(2000, [](Bitboard P, Bitboard O) {
    return float(popcount(legal_moves(P, O)) - popcount(legal_moves(O, P)));
  });
  int checked = 0;
  for (const FeatureGain& g : feature_gain(zero, mobility, 1.0)) {
    if (g.stage == 0 || g.valid < 500) continue;  // stage 0: a few positions, repeated; the last: thin
    INFO("stage " << g.stage);
    CHECK(g.valid_before > 1.0);
    CHECK(g.valid_after < 0.25 * g.valid_before);
    ++checked;
  }
  CHECK(checked >= 8);
  // The label is noise, +-1 by a hash of the position: nothing to take off.
  const auto noise = random_samples(2000, [](Bitboard P, Bitboard O) {
    return (position_key(P, O) & 1) ? 1.0f : -1.0f;
  });
  for (const FeatureGain& g : feature_gain(zero, noise, 1.0)) {
    if (g.stage == 0 || g.valid < 500) continue;
    INFO("stage " << g.stage);
    CHECK(g.valid_after > 0.8 * g.valid_before);
  }
}

TEST_CASE("feature gain: an extra pattern is read in the 8 symmetries", "[pattern][gain]") {
  // a1 b1 (squares 0 and 1): at the start all empty; with the side to move on a1 and
  // the opponent on b1, the identity reads 1 + 3 * 2, the mirror (h1 g1) reads 0.
  const std::vector<int> edge{0, 1};
  const Bitboard P = 1, O = 2;
  CHECK(extra_pattern_index(edge, 0, P, O) == 7);
  CHECK(extra_pattern_index(edge, 1, P, O) == 0);
  CHECK(extra_pattern_index(edge, 1, Bitboard{1} << 7, Bitboard{1} << 6) == 7);  // h1 g1
  CHECK(extra_pattern_index(edge, 4, Bitboard{1}, Bitboard{1} << 8) == 7);        // a1 a2
  // A label that is the pattern's own value is explained by its table, held out too.
  const std::vector<int> corner{0, 1, 8, 9};  // a1 b1 a2 b2
  const auto samples = random_samples(2000, [&](Bitboard p, Bitboard o) {
    float v = 0;
    for (int image = 0; image < 8; ++image) v += float(extra_pattern_index(corner, image, p, o) % 5) - 2;
    return v;
  });
  const Zero zero;
  int checked = 0;
  for (const FeatureGain& g : feature_gain(zero, samples, 0.1, corner)) {
    if (g.stage == 0 || g.valid < 500) continue;
    INFO("stage " << g.stage);
    CHECK(g.valid_after < 0.1 * g.valid_before);
    ++checked;
  }
  CHECK(checked >= 8);
}

}  // namespace reversi::pattern
