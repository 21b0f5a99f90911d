// Evaluator::prepare_children / evaluate_child (the searches' frontier): the
// incremental pattern evaluation must give exactly evaluate() of the child, for
// every move of many positions, at every stage, with any weights.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <span>
#include <vector>

#include "core/position.h"
#include "core/random_positions.h"
#include "engine/evaluate.h"
#include "engine/pattern.h"

using namespace reversi;

namespace {

// Every weight nonzero (each placement counts), from -limit to +limit.
pattern::Weights dense_weights(std::uint64_t seed, int limit) {
  pattern::Weights w;
  RandomPositions random(seed);
  for (auto& v : w.values) v = static_cast<std::int16_t>(random.below(2 * limit + 1) - limit);
  for (auto& b : w.bias) b = random.below(2 * limit + 1) - limit;
  return w;
}

// Positions of random games (all stages, passes included) and arbitrary boards
// (unreachable ones, nearly full and nearly empty), with a legal move.
std::vector<Position> test_positions() {
  std::vector<Position> positions;
  for (const Position& p : random_game_positions(21, 3000, false))
    if (p.has_legal_move()) positions.push_back(p);
  RandomPositions random(22);
  while (positions.size() < 5000) {
    const Position p = random.arbitrary_board();
    if (p.has_legal_move()) positions.push_back(p);
  }
  return positions;
}

// Compares evaluate_child with evaluate on every move; returns the children checked.
int check_children(const Evaluator& eval, const std::vector<Position>& positions) {
  int children = 0;
  for (const Position& pos : positions) {
    EvalParent parent;
    eval.prepare_children(pos.player, pos.opponent, parent);
    for (Bitboard m = pos.legal_moves(); m; m &= m - 1) {
      const int sq = lowest_square(m);
      const Bitboard f = flips(sq, pos.player, pos.opponent);
      const Bitboard cp = pos.opponent & ~f, co = pos.player | f | bit(sq);
      INFO("board " << pos.player << " " << pos.opponent << " move " << sq);
      REQUIRE(eval.evaluate_child(parent, sq, f) == eval.evaluate(cp, co));
      ++children;
    }
  }
  return children;
}

}  // namespace

TEST_CASE("eval children: the pattern evaluation's incremental children equal evaluate()",
          "[pattern][eval]") {
  const std::vector<Position> positions = test_positions();
  SECTION("the shipped weights") {
    const PatternEvaluator eval;
    REQUIRE(eval.loaded());
    CHECK(check_children(eval, positions) > 20000);
  }
  SECTION("dense random weights") {
    const PatternEvaluator eval(dense_weights(5, 300));
    REQUIRE(eval.loaded());
    CHECK(check_children(eval, positions) > 20000);
  }
  SECTION("weights so large that evaluations reach the clamp at +-kEvalMax") {
    const PatternEvaluator eval(dense_weights(6, 30000));
    REQUIRE(eval.loaded());
    int clamped = 0;
    for (const Position& pos : positions)
      clamped += std::abs(eval.evaluate(pos.player, pos.opponent)) == kEvalMax - 1;
    CHECK(clamped > 100);
    CHECK(check_children(eval, positions) > 20000);
  }
  SECTION("the fallback of an evaluator without weights, and the hand-made evaluation") {
    const PatternEvaluator unloaded(std::span<const std::uint8_t>{});
    REQUIRE_FALSE(unloaded.loaded());
    CHECK(check_children(unloaded, positions) > 20000);
    CHECK(check_children(HandmadeEvaluator{}, positions) > 20000);
  }
}
