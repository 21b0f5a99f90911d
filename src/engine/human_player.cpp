#include "engine/human_player.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include "core/parse_number.h"
#include "core/random.h"
#include "engine/analysis.h"
#include "engine/timeman.h"

namespace reversi {

// The compiled-in files (engine/human_data.cpp.in; empty spans without them).
std::span<const std::uint8_t> human_model_bytes();
std::span<const std::uint8_t> human_openings_bytes();

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
    book_move_ = false;
    top_probability_ = 1;
    SearchResult result = choose_move(position, limits);
    // On a game clock, a person's time over the move (engine/timeman.h), stoppable.
    if (limits.clock_ms > 0 && limits.time_ms <= 0) {
      const double think = human_think_ms(popcount(position.legal_moves()), book_move_, top_probability_,
                                          limits.clock_ms, limits.increment_ms, position.empty_count());
      const auto until = start + std::chrono::microseconds(static_cast<long long>(think * 1000));
      while (std::chrono::steady_clock::now() < until && !(limits.stop && limits.stop->load(std::memory_order_relaxed)))
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
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
    top_probability_ = p.empty() ? 1 : *std::max_element(p.begin(), p.end());
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
  // The last move's difficulty, for the time it takes on a clock: from the openings, and the
  // model's probability of its likeliest move.
  bool book_move_ = false;
  double top_probability_ = 1;
};

constexpr int kListed[] = {1900, 2100, 2300, 2500};

}  // namespace

bool human_players_available() { return !human_model_bytes().empty(); }

Expected<const HumanModel*> builtin_human_model() {
  static const Expected<HumanModel> model = human_model_bytes().empty()
                                                ? Expected<HumanModel>(Error{"this build has no human-move model"})
                                                : HumanModel::parse(human_model_bytes(), "the compiled-in human-move model");
  if (!model) return Error{model.error()};
  return &*model;
}

Expected<const HumanOpenings*> builtin_human_openings() {
  static const Expected<HumanOpenings> openings =
      human_openings_bytes().empty() ? Expected<HumanOpenings>(Error{"this build has no human openings"})
                                     : HumanOpenings::parse(human_openings_bytes(), "the compiled-in human openings");
  if (!openings) return Error{openings.error()};
  return &*openings;
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
  if (name.substr(0, 6) != "human-") return std::unique_ptr<Player>();
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
