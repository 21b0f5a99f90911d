// The human players (engine/human_player.h; issue 45 part 3): in the factory and the list,
// legal games that the seed decides, the form drawn per game, a bad rating refused, the
// opening's choices by band,
// out of the opening a draw that follows the model's probabilities, and a node budget kept.
#include <catch2/catch.hpp>

#include <cmath>
#include <algorithm>
#include <map>
#include <optional>
#include <tuple>
#include <utility>
#include <string>
#include <vector>

#include "core/board_symmetry.h"
#include "core/bytes.h"
#include "core/human_model.h"
#include "core/human_openings.h"
#include "engine/analysis.h"
#include "engine/human_player.h"
#include "engine/player.h"

using namespace reversi;

namespace {

// What a node-limited player may spend beyond its budget: the last search's or solve's overrun
// between two stop polls (measured in the test below: 7-734 nodes in the midgame searches,
// 3,187 in the solve).
constexpr std::uint64_t kBudgetSlack = 8192;

// A whole game of two players made with `seed` and `seed` + 1, started at the games
// `started` and `started` + 1 (Player::start_game) when given.
std::vector<Square> play_game(const std::string& black, const std::string& white, std::uint64_t seed,
                              std::optional<std::uint64_t> started = std::nullopt) {
  auto b = make_player(black, seed);
  auto w = make_player(white, seed + 1);
  REQUIRE(b.ok());
  REQUIRE(w.ok());
  if (started) {
    (*b)->start_game(*started);
    (*w)->start_game(*started + 1);
  }
  std::vector<Square> moves;
  Position pos = Position::initial();
  while (!pos.is_game_over()) {
    if (!pos.has_legal_move()) {
      pos = pos.pass();
      continue;
    }
    SearchLimits limits;
    limits.depth = 2;            // shallow: a test, not a measure
    limits.endgame_empties = 8;  // exact from 8 empties
    const auto r = choose_checked(pos.to_move == Color::Black ? **b : **w, pos, limits);
    REQUIRE(r.ok());
    moves.push_back(r->move);
    pos = pos.play(r->move);
  }
  return moves;
}

}  // namespace

TEST_CASE("human players: listed, made by name, a bad rating refused", "[human_player]") {
  REQUIRE(human_players_available());
  std::vector<std::string> names;
  for (const PlayerInfo& info : player_list())
    if (info.name.rfind("human-", 0) == 0) names.push_back(info.name);
  CHECK(names == std::vector<std::string>{"human-1900", "human-2100", "human-2300", "human-2500"});
  auto p = make_player("human-1750", 3);
  REQUIRE(p.ok());
  CHECK((*p)->name() == "human-1750");
  const auto low = make_player("human-999", 1);
  REQUIRE_FALSE(low.ok());
  CHECK(low.error() == "player 'human-999': the rating '999' must be 1000-3000");
  const auto word = make_player("human-strong", 1);
  REQUIRE_FALSE(word.ok());
  CHECK(word.error() == "player 'human-strong': the rating 'strong' is not a whole number");
}

TEST_CASE("human players: the form, a played rating per game", "[human_player]") {
  // docs/human.md, "Form from game to game": R plus a normal spread of 200 points, drawn from
  // the game's seed alone, within the model's range of ratings.
  CHECK(kHumanFormSigma == 200);
  for (const int r : {1900, 2500})
    for (std::uint64_t seed : {1ULL, 2ULL, 1000ULL, 0xFFFFFFFFFFFFFFFFULL})
      CHECK(human_form_rating(r, seed) == human_form_rating(r, seed));  // the same seed, the same form
  // Over many seeds: mean R, standard deviation 200 (20,000 seeds: the mean's standard
  // error 1.4 points, the deviation's 1.0), different seeds mostly different forms.
  for (const int r : {1900, 2100, 2300}) {
    INFO("human-" << r);
    const int n = 20000;
    double sum = 0, squares = 0;
    int same_as_next = 0, within_one_sd = 0, beyond_two = 0;
    for (int seed = 1; seed <= n; ++seed) {
      const int f = human_form_rating(r, std::uint64_t(seed));
      sum += f;
      squares += double(f - r) * double(f - r);
      same_as_next += f == human_form_rating(r, std::uint64_t(seed) + 1);
      within_one_sd += std::abs(f - r) <= 200;
      beyond_two += std::abs(f - r) > 400;
    }
    const double mean = sum / n, sd = std::sqrt(squares / n - (mean - r) * (mean - r));
    INFO("mean " << mean << ", sd " << sd);
    CHECK(std::abs(mean - r) < 6);
    CHECK(std::abs(sd - 200) < 5);
    CHECK(same_as_next < n / 100);  // 1 in 700 for two independent normal draws rounded
    // A normal spread's shares: 68.3% within one deviation, 4.6% beyond two (the sum of 12
    // uniforms: 4.4%); standard errors 0.3 and 0.15 points.
    CHECK(std::abs(within_one_sd / double(n) - 0.683) < 0.015);
    CHECK(std::abs(beyond_two / double(n) - 0.045) < 0.008);
  }
  // Never outside the model's range: at its ends about half the games are clamped to them.
  for (const auto& [r, bound] : {std::pair{kHumanMinRating, kHumanMinRating}, std::pair{kHumanMaxRating, kHumanMaxRating}}) {
    int at_bound = 0;
    for (std::uint64_t seed = 1; seed <= 4000; ++seed) {
      const int f = human_form_rating(r, seed);
      CHECK(f >= kHumanMinRating);
      CHECK(f <= kHumanMaxRating);
      at_bound += f == bound;
    }
    CHECK(std::abs(at_bound - 2000) < 160);  // sd 32
  }
}

TEST_CASE("human players: the form is the game's, and a new game draws another", "[human_player]") {
  // A player made with seed S is at the start of game S: start_game(S) changes nothing, and
  // start_game(T) gives it game T's form (the moves' draws go on from its generator).
  auto game_of = [](std::uint64_t made, std::optional<std::uint64_t> started) {
    return play_game("human-1900", "human-2500", made, started);
  };
  const auto plain = game_of(21, std::nullopt);
  CHECK(game_of(21, 21) == plain);
  // Another game whose forms are more than 300 points from game 21's for both players.
  std::uint64_t other = 0;
  for (std::uint64_t t = 100; !other; ++t)
    if (std::abs(human_form_rating(1900, t) - human_form_rating(1900, 21)) > 300 &&
        std::abs(human_form_rating(2500, t + 1) - human_form_rating(2500, 22)) > 300)
      other = t;
  const auto started = game_of(21, other);
  CHECK(started != plain);
  CHECK(game_of(21, other) == started);  // and again the same
}

TEST_CASE("human players: legal games, the same seed the same game", "[human_player]") {
  const auto a = play_game("human-1900", "human-2500", 11);
  CHECK(a.size() >= 50);  // choose_checked checked every move's legality
  CHECK(play_game("human-1900", "human-2500", 11) == a);
  CHECK(play_game("human-1900", "human-2500", 12) != a);
}

TEST_CASE("human openings: the choices by band, in the position's own orientation", "[human_player]") {
  // After f5: people answer d6 (parallel), f6 (perpendicular) or f4 (diagonal).
  const Position pos = Position::initial().play(F5);
  const int t = canonical_position(pos).symmetry;
  HumanOpenings o;
  o.plies = 4;
  o.min_games = 10;
  o.band_edges = {2000};
  HumanOpeningPosition p;
  p.key = HumanOpenings::key_of(pos);
  for (const auto& [square, low, high] : std::vector<std::tuple<Square, std::uint32_t, std::uint32_t>>{
           {D6, 12, 0}, {F6, 0, 8}, {F4, 2, 2}})
    p.moves.push_back({transform(square, t), {low, high}});
  std::sort(p.moves.begin(), p.moves.end(), [](const auto& a, const auto& b) { return a.square < b.square; });
  o.positions = {p};
  // Round trip through the file.
  const auto bytes = encode_human_openings(o);
  REQUIRE(bytes.ok());
  const auto back = HumanOpenings::parse(*bytes, "o.bin");
  REQUIRE(back.ok());
  CHECK(*back == o);
  auto damaged = *bytes;
  damaged.back() ^= 1;
  CHECK(HumanOpenings::parse(damaged, "o.bin").error() == "o.bin: damaged (the checksum of its contents does not match)");

  // The smallest file: one position of one move (10 + bands bytes after the edges).
  HumanOpenings one = o;
  one.positions[0].moves.resize(1);
  const auto small = encode_human_openings(one);
  REQUIRE(small.ok());
  CHECK(small->size() == kCheckedHeaderSize + 2 + 10 + 2);
  CHECK(HumanOpenings::parse(*small).ok());

  std::map<Square, double> low, high;
  for (const auto& c : o.choices(pos, 1900)) low[c.square] = c.weight;
  for (const auto& c : o.choices(pos, 2400)) high[c.square] = c.weight;
  CHECK(low == std::map<Square, double>{{D6, 12.0}, {F6, 4.0}, {F4, 3.0}});
  CHECK(high == std::map<Square, double>{{D6, 6.0}, {F6, 8.0}, {F4, 3.0}});
  // The same position seen from another side of the board: the same moves, turned.
  const Position turned = transform(pos, 2);
  std::map<Square, double> t_low;
  for (const auto& c : o.choices(turned, 1900)) t_low[c.square] = c.weight;
  CHECK(t_low == std::map<Square, double>{{transform(D6, 2), 12.0}, {transform(F6, 2), 4.0}, {transform(F4, 2), 3.0}});
  CHECK(o.choices(Position::initial(), 1900).empty());

  // A player on these openings answers f5 with one of those moves, by the weights.
  HumanModel model;
  model.test_from = 2023;
  model.depth = 2;
  model.exact_empties = 8;
  model.bands = {{kNoLowerBound, 2000, 1, {}}};
  std::map<Square, int> seen;
  // human-1700 chooses as the band of its form: the low band's weights (d6 12 of 19) in most
  // games, the high band's (d6 6 of 17) in those it plays at 2,000 or more.
  double expected = 0, variance = 0;
  int high_forms = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    auto player = make_human_player(1700, seed, model, &o);
    ++seen[player->choose(pos, {}).move];
    const bool high_form = human_form_rating(1700, seed) >= 2000;
    high_forms += high_form;
    const double p = high_form ? 6.0 / 17 : 12.0 / 19;
    expected += p;
    variance += p * (1 - p);
  }
  CHECK(seen.size() == 3);
  CHECK(high_forms > 0);  // 1.5 deviations up: about 7% of the games
  CHECK(high_forms < 60);
  INFO("d6 expected " << expected << ", seen " << seen[D6]);
  CHECK(std::abs(seen[D6] - expected) < 4 * std::sqrt(variance));
}

TEST_CASE("human players: out of the opening, the draw follows the model", "[human_player]") {
  const auto model = builtin_human_model();
  REQUIRE(model.ok());
  // A midgame position: 14 plies of the first legal move in square order.
  Position pos = Position::initial();
  for (int ply = 0; ply < 14; ++ply) pos = pos.play(Square(lowest_square(pos.legal_moves())));  // a1 first
  REQUIRE(pos.legal_moves() != 0);
  SearchLimits limits;
  limits.depth = 2;
  limits.endgame_empties = 0;
  Analyzer analyzer;
  AnalysisOptions options;
  options.max_depth = 2;
  options.solve_empties = 0;
  options.reproducible = true;
  std::vector<HumanMoveValue> values;
  for (const MoveValue& v : analyzer.analyze(pos, options).moves)
    values.push_back({v.move, std::round(v.value * 10) / 10, v.kind == ValueKind::Exact});
  std::sort(values.begin(), values.end(), [](const auto& a, const auto& b) { return a.square < b.square; });
  // Each seed's player draws from the model at its form (human_form_rating): the expected
  // counts are the sum of each draw's probabilities.
  std::map<Square, int> seen;
  const int draws = 400;
  std::vector<double> expected_count(values.size()), variance(values.size());
  for (std::uint64_t seed = 1; seed <= std::uint64_t(draws); ++seed) {
    auto player = make_human_player(1900, seed, **model, nullptr);
    ++seen[player->choose(pos, limits).move];
    const auto p = (*model)->probabilities(human_form_rating(1900, seed), pos, values);
    for (std::size_t i = 0; i < values.size(); ++i) {
      expected_count[i] += p[i];
      variance[i] += p[i] * (1 - p[i]);
    }
  }
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double expected = expected_count[i];
    const double sd = std::sqrt(variance[i]);
    INFO(square_name(values[i].square) << ": expected " << expected << ", seen " << seen[values[i].square]);
    CHECK(std::abs(seen[values[i].square] - expected) <= 4 * sd + 1);
  }
}

TEST_CASE("human players: a node budget is kept, counted in nodes", "[human_player]") {
  const auto model = builtin_human_model();
  REQUIRE(model.ok());
  // A midgame position (14 plies of the first legal move in square order) and an endgame one
  // (the same, on to 16 empties: the model's exact range, where the full player solves).
  Position mid = Position::initial();
  for (int ply = 0; ply < 14; ++ply) mid = mid.play(Square(lowest_square(mid.legal_moves())));
  Position end = mid;
  while (end.empty_count() > 16 || popcount(end.legal_moves()) < 2) {
    REQUIRE(!end.is_game_over());
    end = end.has_legal_move() ? end.play(Square(lowest_square(end.legal_moves()))) : end.pass();
  }
  // At the endgame position the largest budget covers the midgame passes to depth 8 and
  // stops the solve: the solver's own node budget.
  using Budgets = std::vector<std::uint64_t>;
  for (const auto& [pos, budgets] : {std::pair{mid, Budgets{1000, 10000}}, std::pair{end, Budgets{1000, 10000, 300000}}}) {
    INFO("empties " << pos.empty_count());
    REQUIRE(popcount(pos.legal_moves()) >= 2);
    auto unlimited = make_human_player(2100, 5, **model, nullptr);
    const SearchResult full = unlimited->choose(pos, SearchLimits{});
    CHECK(full.depth == (pos.empty_count() <= 16 ? pos.empty_count() : 8));
    for (const std::uint64_t budget : budgets) {
      INFO("budget " << budget << ", unlimited " << full.nodes << " nodes at depth " << full.depth);
      REQUIRE(full.nodes > 2 * budget);  // the budget binds
      SearchLimits limits;
      limits.nodes = budget;
      auto player = make_human_player(2100, 5, **model, nullptr);
      const SearchResult r = player->choose(pos, limits);
      CHECK(pos.is_legal(r.move));
      CHECK(r.nodes >= budget);  // it spent the budget: stopped by it, not by the depth
      // Within the budget but for the last search's overrun between two stop polls (the
      // midgame search polls every 1,024 nodes, the solver every 256 of its nodes of 8
      // empties or more).
      CHECK(r.nodes <= budget + kBudgetSlack);
      CHECK(r.depth >= 2);               // more than the static evaluations
      CHECK(r.depth < full.depth);       // but not the unlimited player's valuation
      // Counted nodes, not time: the same player the same move with the same nodes.
      auto again = make_human_player(2100, 5, **model, nullptr);
      const SearchResult r2 = again->choose(pos, limits);
      CHECK(r2.move == r.move);
      CHECK(r2.nodes == r.nodes);
      CHECK(r2.depth == r.depth);
    }
  }
}
