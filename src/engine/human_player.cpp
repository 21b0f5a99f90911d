#include "engine/human_player.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>

#include "core/parse_number.h"
#include "core/random.h"
#include "engine/analysis.h"

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
      : rating_(rating), model_(model), openings_(openings), rng_(seed), analyzer_(4, 8) {}

  std::string name() const override { return "human-" + std::to_string(rating_); }
  void reseed(std::uint64_t seed) override { rng_.reseed(seed); }

  SearchResult choose(const Position& position, const SearchLimits& limits) override {
    const auto start = std::chrono::steady_clock::now();
    SearchResult result = choose_move(position, limits);
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
      const auto choices = openings_->choices(position, rating_);
      std::uint32_t games = 0;
      std::vector<double> weights;
      for (const auto& c : choices) {
        games += c.games;
        weights.push_back(c.weight);
      }
      if (!choices.empty() && games >= std::uint32_t(openings_->min_games)) {
        result.move = choices[draw(weights, uniform(rng_))].square;
        result.pv = {result.move};
        return result;
      }
    }
    AnalysisOptions options;
    options.max_depth = limits.depth > 0 ? limits.depth : model_.depth;
    options.solve_empties = limits.endgame_empties >= 0 ? limits.endgame_empties : model_.exact_empties;
    options.stop = limits.stop;
    options.time_ms = limits.time_ms;  // a budget: out of it, the best move valued so far
    options.threads = 1;
    options.reproducible = true;  // the values a function of the position: the same seed, the same game
    const AnalysisResult r = analyzer_.analyze(position, options);
    std::vector<HumanMoveValue> values;
    for (const MoveValue& v : r.moves)
      if (is_board_square(v.move)) values.push_back({v.move, std::round(v.value * 10) / 10, v.kind == ValueKind::Exact});
    std::sort(values.begin(), values.end(), [](const auto& a, const auto& b) { return a.square < b.square; });
    if (values.size() != std::size_t(popcount(legal))) {  // stopped before every move had a value
      result.move = r.moves.empty() ? Square(lowest_square(legal)) : r.moves.front().move;
      return result;
    }
    const std::vector<double> p = model_.probabilities(rating_, position, values);
    const HumanMoveValue& chosen = values[draw(p, uniform(rng_))];
    result.move = chosen.square;
    result.has_score = true;
    result.score = chosen.value;
    result.exact = chosen.exact;
    result.depth = options.max_depth;
    result.pv = {result.move};
    result.nodes = r.nodes;
    return result;
  }

  int rating_;
  const HumanModel& model_;
  const HumanOpenings* openings_;
  Random rng_;
  Analyzer analyzer_;
};

constexpr int kListed[] = {1900, 2100, 2300, 2500};

}  // namespace

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
