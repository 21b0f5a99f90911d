#include "engine/human_player.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>

#include "core/parse_number.h"
#include "core/random.h"
#include "engine/analysis.h"
#include "engine/timeman.h"

namespace reversi {

// The compiled-in files (engine/human_data.cpp.in; empty spans without them).
std::span<const std::uint8_t> human_model_bytes();
std::span<const std::uint8_t> human_openings_bytes();
std::size_t human_model_size();

namespace {

// A draw from weights (not all zero) with a uniform number in [0, 1).
std::size_t draw(const std::vector<double>& weights, double u) {
  double total = 0;
  for (const double w : weights) total += w;
  double at = u * total;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (at < weights[i]) return i;
    at -= weights[i];
  }
  return weights.size() - 1;
}

double uniform(Random& rng) { return double(rng.next() >> 11) * (1.0 / 9007199254740992.0); }

class HumanPlayer final : public Player {
 public:
  HumanPlayer(int rating, std::uint64_t seed, const HumanModel& model, const HumanOpenings* openings)
      : rating_(rating), played_(human_form_rating(rating, seed)), model_(model), openings_(openings), rng_(seed), analyzer_(4, 8) {}

  std::string name() const override { return "human-" + std::to_string(rating_); }
  // Back to the start of the game `seed`, as make_player(name, seed) made it.
  void reseed(std::uint64_t seed) override {
    rng_.reseed(seed);
    start_game(seed);
  }
  void start_game(std::uint64_t seed) override { played_ = human_form_rating(rating_, seed); }

  SearchResult choose(const Position& position, const SearchLimits& limits) override {
    const auto start = std::chrono::steady_clock::now();
    book_move_ = false;
    top_probability_ = 1;
    SearchResult result = choose_move(position, limits);
    // On a game clock, a person's time over the move (engine/timeman.h): said, not waited
    // (SearchResult::think_ms; the controller and the match wait or charge it).
    if (limits.clock_ms > 0 && limits.time_ms <= 0)
      result.think_ms = human_think_ms(popcount(position.legal_moves()), book_move_, top_probability_,
                                       limits.clock_ms, limits.increment_ms, position.empty_count());
    result.time_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return result;
  }

 private:
  SearchResult choose_move(const Position& position, const SearchLimits& limits) {
    SearchResult result;
    const Bitboard legal = position.legal_moves();
    if (!legal) {
      result.move = PASS;
      return result;
    }
    if (popcount(legal) == 1) {
      result.move = Square(lowest_square(legal));
      result.pv = {result.move};
      return result;
    }
    if (openings_) {
      const auto choices = openings_->choices(position, played_);
      std::uint32_t games = 0;
      std::vector<double> weights;
      for (const auto& c : choices) {
        games += c.games;
        weights.push_back(c.weight);
      }
      if (!choices.empty() && games >= std::uint32_t(openings_->min_games)) {
        book_move_ = true;
        result.move = choices[draw(weights, uniform(rng_))].square;
        result.pv = {result.move};
        return result;
      }
    }
    AnalysisOptions options;
    options.max_depth = limits.depth > 0 ? limits.depth : model_.depth;
    options.solve_empties = limits.endgame_empties >= 0 ? limits.endgame_empties : model_.exact_empties;
    options.stop = limits.stop;
    options.threads = 1;
    options.reproducible = true;  // the values a function of the position: the same seed, the same game
    std::vector<HumanMoveValue> values;
    int depth = 0;
    std::uint64_t nodes = 0;
    if (!limits.nodes && limits.time_ms <= 0) {
      if (!value_moves(position, options, values, nodes)) {  // stopped before every move had a value
        result.move = values.empty() ? Square(lowest_square(legal)) : best_of(values);
        result.nodes = nodes;
        return result;
      }
      depth = position.empty_count() <= options.solve_empties ? position.empty_count()
                                                              : std::min(options.max_depth, position.empty_count() - 1);
    } else {
      // A budget (SearchLimits' nodes, time or both): the moves valued depth by depth (1, 2, ..
      // up to the model's, then solved if the position is in the solver's range), each pass
      // complete for every move within what is left of the budget; the move drawn from the
      // deepest complete pass (depth 1, static evaluations, always completes).
      const int empties = position.empty_count();
      const bool solving = empties <= options.solve_empties;
      const auto start = std::chrono::steady_clock::now();
      for (int d = 1;; ++d) {
        const bool solve_pass = d > std::min(options.max_depth, empties - 1);
        if (solve_pass && !solving) break;
        AnalysisOptions pass = options;
        pass.max_depth = solve_pass ? options.max_depth : d;
        pass.solve_empties = solve_pass ? options.solve_empties : 0;
        if (limits.nodes) {
          if (nodes >= limits.nodes && d > 1) break;
          pass.nodes = d > 1 ? limits.nodes - nodes : 0;
        }
        if (limits.time_ms > 0) {
          pass.time_ms = limits.time_ms - std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
          if (pass.time_ms <= 0 && d > 1) break;
        }
        std::vector<HumanMoveValue> deeper;
        if (!value_moves(position, pass, deeper, nodes)) break;
        values = std::move(deeper);
        depth = solve_pass ? empties : d;
        if (solve_pass) break;
      }
    }
    const std::vector<double> p = model_.probabilities(played_, position, values);
    top_probability_ = p.empty() ? 1 : *std::max_element(p.begin(), p.end());
    const HumanMoveValue& chosen = values[draw(p, uniform(rng_))];
    result.move = chosen.square;
    result.has_score = true;
    result.score = chosen.value;
    result.exact = chosen.exact;
    result.depth = depth;
    result.pv = {result.move};
    result.nodes = nodes;
    return result;
  }

  // Every legal move's value by one analysis (adding its nodes to `nodes`), in square
  // order, rounded to 0.1 disc as the model was fitted: false when it stopped before every
  // move had a final value (then `values` holds what it had).
  bool value_moves(const Position& position, const AnalysisOptions& options, std::vector<HumanMoveValue>& values,
                   std::uint64_t& nodes) {
    const AnalysisResult r = analyzer_.analyze(position, options);
    nodes += r.nodes;
    values.clear();
    for (const MoveValue& v : r.moves)
      if (is_board_square(v.move)) values.push_back({v.move, std::round(v.value * 10) / 10, v.kind == ValueKind::Exact});
    std::sort(values.begin(), values.end(), [](const auto& a, const auto& b) { return a.square < b.square; });
    return r.complete && values.size() == std::size_t(popcount(position.legal_moves()));
  }

  static Square best_of(const std::vector<HumanMoveValue>& values) {
    return std::max_element(values.begin(), values.end(), [](const auto& a, const auto& b) { return a.value < b.value; })->square;
  }

  int rating_;
  int played_;  // this game's form: human_form_rating(rating_, the game's seed)
  const HumanModel& model_;
  const HumanOpenings* openings_;
  Random rng_;
  Analyzer analyzer_;
  // The last move's difficulty, for the time it takes on a clock: from the openings, and the
  // model's probability of its likeliest move.
  bool book_move_ = false;
  double top_probability_ = 1;
};

constexpr int kListed[] = {1900, 2100, 2300, 2500};

}  // namespace

int human_form_rating(int rating, std::uint64_t seed) {
  // Its own stream, so that the form and the moves' draws (rng_, seeded with `seed`) are
  // independent.
  Random form(SplitMix64::mix(seed ^ 0xF0F3'5EED'F0F3'5EEDULL));
  double z = -6;  // the sum of 12 uniforms less 6: mean 0, variance 1, within +-6
  for (int i = 0; i < 12; ++i) z += uniform(form);
  const long played = std::lround(rating + kHumanFormSigma * z);
  return int(std::clamp<long>(played, kHumanMinRating, kHumanMaxRating));
}

bool human_players_available() { return human_model_size() > 0; }

Expected<const HumanModel*> builtin_human_model() {
  static const Expected<HumanModel> model = human_model_bytes().empty()
                                                ? Expected<HumanModel>(Error{"this build has no human-move model"})
                                                : HumanModel::parse(human_model_bytes(), "the compiled-in human-move model");
  if (!model) return Error{model.error()};
  return &*model;
}

namespace {
// The openings given at run time (use_human_openings), kept for the program's life.
std::optional<HumanOpenings>& given_openings() {
  static std::optional<HumanOpenings> openings;
  return openings;
}
}  // namespace

Expected<const HumanOpenings*> builtin_human_openings() {
  if (const auto& given = given_openings()) return &*given;
  static const Expected<HumanOpenings> openings =
      human_openings_bytes().empty()
          ? Expected<HumanOpenings>(Error{"the human players' openings (human-openings.bin) are not loaded"})
          : HumanOpenings::parse(human_openings_bytes(), "the compiled-in human openings");
  if (!openings) return Error{openings.error()};
  return &*openings;
}

bool human_openings_ready() { return given_openings() || !human_openings_bytes().empty(); }

Status use_human_openings(std::span<const std::uint8_t> bytes, std::string_view source) {
  if (human_openings_ready()) return {};
  auto openings = HumanOpenings::parse(bytes, source);
  if (!openings) return Error{openings.error()};
  given_openings() = std::move(*openings);
  return {};
}

std::vector<PlayerInfo> human_player_list() {
  std::vector<PlayerInfo> list;
  if (!human_players_available()) return list;
  for (const int r : kListed)
    list.push_back({"human-" + std::to_string(r),
                    "plays like a " + std::to_string(r) +
                        "-rated player of the WTHOR expert games: their openings, then a model of people's moves "
                        "(any human-R, R " + std::to_string(kHumanMinRating) + "-" + std::to_string(kHumanMaxRating) +
                        ")"});
  return list;
}

std::unique_ptr<Player> make_human_player(int rating, std::uint64_t seed, const HumanModel& model,
                                          const HumanOpenings* openings) {
  return std::make_unique<HumanPlayer>(rating, seed, model, openings);
}

Expected<std::unique_ptr<Player>> make_human_player(std::string_view name, std::uint64_t seed) {
  if (!is_human_player_name(name)) return std::unique_ptr<Player>();
  const auto rating = parse_int<int>("player '" + std::string(name) + "': the rating", name.substr(6),
                                     kHumanMinRating, kHumanMaxRating);
  if (!rating) return Error{rating.error()};
  const auto model = builtin_human_model();
  if (!model) return Error{model.error()};
  const auto openings = builtin_human_openings();
  if (!openings) return Error{openings.error()};
  return make_human_player(int(*rating), seed, **model, *openings);
}

}  // namespace reversi
