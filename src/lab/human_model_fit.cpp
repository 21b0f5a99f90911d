#include "lab/human_model_fit.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <tuple>

#include "core/board_symmetry.h"

namespace reversi::human {

Expected<std::vector<ModelPosition>> model_positions(const HumanMoves& moves, const GameDatabase& db,
                                                     const PlayerRatings& ratings) {
  std::vector<ModelPosition> out;
  for (const GameRecord& g : moves.games) {
    const auto game = db.game(g.number);
    if (!game) return Error{game.error()};
    const GameRatings r = game_ratings(ratings, *game);
    const std::string where = "game " + std::to_string(g.number);
    Position pos = Position::initial();
    std::size_t next = 0;  // the next recorded position
    for (std::size_t ply = 0; ply < game->moves.size() && next < g.positions.size(); ++ply) {
      if (!pos.has_legal_move()) pos = pos.pass();
      const PositionRecord& p = g.positions[next];
      if (p.ply == int(ply)) {
        ++next;
        if (p.side != pos.to_move || p.played != game->moves[ply] ||
            std::size_t(popcount(pos.legal_moves())) != p.moves.size())
          return Error{where + ": ply " + std::to_string(ply) + " does not replay as analysed"};
        const std::optional<RatingAt>& rating = p.side == Color::Black ? r.black : r.white;
        if (rating) {
          ModelPosition m;
          m.game = g.number;
          m.year = g.year;
          m.rating = rating->rating;
          m.empties = p.empties();
          std::vector<HumanMoveValue> values;
          const int best = p.best_tenths();
          for (std::size_t i = 0; i < p.moves.size(); ++i) {
            const MoveRecord& mv = p.moves[i];
            if (!pos.is_legal(mv.square)) return Error{where + ": ply " + std::to_string(ply) + " has an illegal move"};
            values.push_back({mv.square, mv.tenths / 10.0, mv.exact});
            m.loss_tenths.push_back(best - mv.tenths);
            if (mv.square == p.played) m.played = int(i);
          }
          m.features = human_move_features(pos, values);
          out.push_back(std::move(m));
        }
      }
      if (!pos.is_legal(game->moves[ply])) return Error{where + ": move " + std::to_string(ply + 1) + " is not legal"};
      pos = pos.play(game->moves[ply]);
    }
    if (next != g.positions.size()) return Error{where + ": the analysis has positions past the game's end"};
  }
  return out;
}

namespace {

constexpr int K = kHumanFeatures;

// The penalised log-likelihood, and with `grad`/`hess` its derivatives.
double objective(std::span<const ModelPosition* const> positions, const HumanFeatures& w, double ridge,
                 const std::vector<int>& used, std::array<double, K>* grad, std::array<double, K * K>* hess) {
  double ll = 0;
  for (int k = 0; k < K; ++k) ll -= 0.5 * ridge * w[k] * w[k];
  if (grad) {
    grad->fill(0);
    for (int k : used) (*grad)[k] = -ridge * w[k];
  }
  if (hess) {
    hess->fill(0);
    for (int k : used) (*hess)[k * K + k] = -ridge;
  }
  for (const ModelPosition* p : positions) {
    const std::vector<double> prob = HumanModel::probabilities(w, p->features);
    ll += std::log(std::max(prob[std::size_t(p->played)], 1e-300));
    if (!grad) continue;
    std::array<double, K> mean{};
    for (std::size_t i = 0; i < prob.size(); ++i)
      for (int k : used) mean[k] += prob[i] * p->features[i][k];
    for (int k : used) (*grad)[k] += p->features[std::size_t(p->played)][k] - mean[k];
    for (std::size_t i = 0; i < prob.size(); ++i) {
      std::array<double, K> d{};
      for (int k : used) d[k] = p->features[i][k] - mean[k];
      for (int a : used)
        for (int b : used) (*hess)[a * K + b] -= prob[i] * d[a] * d[b];
    }
  }
  return ll;
}

// Solves A x = b for the used indices (A symmetric negative definite; Gaussian elimination
// with partial pivoting on the used sub-matrix).
std::array<double, K> solve(const std::array<double, K * K>& a, const std::array<double, K>& b, const std::vector<int>& used) {
  const std::size_t n = used.size();
  std::vector<double> m(n * (n + 1));
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) m[i * (n + 1) + j] = a[used[i] * K + used[j]];
    m[i * (n + 1) + n] = b[used[i]];
  }
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::abs(m[r * (n + 1) + c]) > std::abs(m[pivot * (n + 1) + c])) pivot = r;
    for (std::size_t j = 0; j <= n; ++j) std::swap(m[c * (n + 1) + j], m[pivot * (n + 1) + j]);
    const double d = m[c * (n + 1) + c];
    for (std::size_t r = 0; r < n; ++r) {
      if (r == c || d == 0) continue;
      const double f = m[r * (n + 1) + c] / d;
      for (std::size_t j = c; j <= n; ++j) m[r * (n + 1) + j] -= f * m[c * (n + 1) + j];
    }
  }
  std::array<double, K> x{};
  for (std::size_t i = 0; i < n; ++i) {
    const double d = m[i * (n + 1) + i];
    x[used[i]] = d != 0 ? m[i * (n + 1) + n] / d : 0;
  }
  return x;
}

std::string band_name(const HumanModel& model, std::size_t b) {
  std::vector<int> edges;
  for (std::size_t i = 1; i < model.bands.size(); ++i) edges.push_back(model.bands[i].lowest);
  return rating_band_name(edges, b);
}

}  // namespace

HumanFeatures fit_weights(std::span<const ModelPosition* const> positions, const FitOptions& options) {
  std::vector<int> used = options.features;
  if (used.empty())
    for (int k = 0; k < K; ++k) used.push_back(k);
  HumanFeatures w{};
  std::array<double, K> grad;
  std::array<double, K * K> hess;
  double ll = objective(positions, w, options.ridge, used, &grad, &hess);
  for (int iteration = 0; iteration < 100; ++iteration) {
    // Newton's step: -H^-1 g (H negative definite).
    std::array<double, K * K> neg = hess;
    for (double& v : neg) v = -v;
    const std::array<double, K> step = solve(neg, grad, used);
    double scale = 1, next_ll = 0;
    HumanFeatures next{};
    for (int halvings = 0; halvings < 30; ++halvings, scale /= 2) {
      for (int k = 0; k < K; ++k) next[k] = w[k] + scale * step[k];
      next_ll = objective(positions, next, options.ridge, used, nullptr, nullptr);
      if (next_ll >= ll) break;
    }
    if (next_ll < ll) break;  // no step improves: the optimum, to the precision of doubles
    double largest = 0;
    for (int k = 0; k < K; ++k) largest = std::max(largest, std::abs(next[k] - w[k]));
    w = next;
    ll = objective(positions, w, options.ridge, used, &grad, &hess);
    if (largest < 1e-9) break;
  }
  return w;
}

Expected<HumanModel> fit_human_model(std::span<const ModelPosition> positions, const FitOptions& options,
                                     std::uint32_t database_checksum, const Settings& settings,
                                     std::size_t min_positions) {
  HumanModel model;
  model.database_checksum = database_checksum;
  model.test_from = options.test_from;
  model.depth = settings.depth;
  model.exact_empties = settings.exact_empties;
  model.bands.push_back({kNoLowerBound, 0, 0, {}});
  for (const int e : options.band_edges) {
    if (e <= model.bands.back().lowest) return Error{"the band edges must increase"};
    model.bands.push_back({e, 0, 0, {}});
  }
  std::vector<std::vector<const ModelPosition*>> by_band(model.bands.size());
  for (const ModelPosition& p : positions)
    if (p.year < options.test_from) by_band[model.band_of(p.rating)].push_back(&p);
  for (std::size_t b = 0; b < model.bands.size(); ++b) {
    if (by_band[b].size() < min_positions)
      return Error{"the band " + band_name(model, b) + " has " + std::to_string(by_band[b].size()) +
                   " positions to fit, fewer than " + std::to_string(min_positions) + " (choose other band edges)"};
    double sum = 0;
    for (const ModelPosition* p : by_band[b]) sum += p->rating;
    model.bands[b].centre = int(std::lround(sum / double(by_band[b].size())));
    model.bands[b].positions = std::uint32_t(by_band[b].size());
    model.bands[b].weights = fit_weights(by_band[b], options);
  }
  return model;
}

std::string model_test_text(const HumanModel& model, const HumanModel& softmax, std::span<const ModelPosition> positions,
                            int test_from) {
  struct Score {
    std::size_t positions = 0;
    std::vector<std::uint32_t> games;
    double model_top = 0, model_first = 0, engine_top = 0, model_ll = 0, softmax_ll = 0;
  };
  std::vector<Score> rows(model.bands.size() + 1);  // the last: all
  for (const ModelPosition& p : positions) {
    if (p.year < test_from) continue;
    const std::size_t b = model.band_of(p.rating);
    const std::vector<double> prob = HumanModel::probabilities(model.bands[b].weights, p.features);
    const std::vector<double> soft = HumanModel::probabilities(softmax.bands[softmax.band_of(p.rating)].weights, p.features);
    const std::size_t top = std::size_t(std::max_element(prob.begin(), prob.end()) - prob.begin());
    // The model's likeliest moves, ties counted 1/k as the engine's equal best moves are:
    // equal utilities (symmetric moves, the same features: every game's first move) give
    // probabilities equal to within rounding, and square order would pick one of them
    // (d3 on the first move, never played: 0 where the engine gets 1/4).
    const double tied = prob[top] * (1 - 1e-12);
    int top_count = 0;
    for (const double q : prob) top_count += q >= tied;
    int best_count = 0;
    for (const int l : p.loss_tenths) best_count += l == 0;
    const std::size_t played = std::size_t(p.played);
    for (Score* s : {&rows[b], &rows.back()}) {
      ++s->positions;
      if (s->games.empty() || s->games.back() != p.game) s->games.push_back(p.game);
      s->model_top += prob[played] >= tied ? 1.0 / top_count : 0.0;
      s->model_first += top == played;
      s->engine_top += p.loss_tenths[played] == 0 ? 1.0 / best_count : 0.0;
      s->model_ll += std::log(std::max(prob[played], 1e-300));
      s->softmax_ll += std::log(std::max(soft[played], 1e-300));
    }
  }
  std::string out =
      "| rating band | positions | games | top-1: the model | top-1: the engine's best move | "
      "top-1: the model, ties by square order | log-likelihood a move: the model | the value-only softmax |\n"
      "|---|---:|---:|---:|---:|---:|---:|---:|\n";
  char line[256];
  for (std::size_t r = 0; r < rows.size(); ++r) {
    Score& s = rows[r];
    if (s.positions == 0) continue;
    std::sort(s.games.begin(), s.games.end());
    const std::size_t games = std::size_t(std::unique(s.games.begin(), s.games.end()) - s.games.begin());
    const double n = double(s.positions);
    std::snprintf(line, sizeof line, "| %s | %zu | %zu | %.1f%% | %.1f%% | %.1f%% | %.3f | %.3f |\n",
                  r < model.bands.size() ? band_name(model, r).c_str() : "all", s.positions, games,
                  100.0 * s.model_top / n, 100.0 * s.engine_top / n, 100.0 * s.model_first / n, s.model_ll / n,
                  s.softmax_ll / n);
    out += line;
  }
  return out;
}

HumanOpenings build_human_openings(const GameDatabase& db, const PlayerRatings& ratings, std::span<const int> band_edges,
                                   int plies, int min_games, int test_from) {
  HumanOpenings out;
  out.database_checksum = db.checksum();
  out.plies = plies;
  out.min_games = min_games;
  out.band_edges.assign(band_edges.begin(), band_edges.end());
  struct Seen {
    std::uint64_t key;
    std::uint8_t square, band;
    bool operator<(const Seen& o) const { return std::tie(key, square, band) < std::tie(o.key, o.square, o.band); }
  };
  std::vector<Seen> seen;
  for (std::uint32_t n = 1; n <= db.size(); ++n) {
    const auto game = db.game(n);
    if (!game || game->year >= test_from) continue;
    const GameRatings r = game_ratings(ratings, *game);
    Position pos = Position::initial();
    for (std::size_t ply = 0; ply < game->moves.size() && int(ply) < plies; ++ply) {
      if (!pos.has_legal_move()) pos = pos.pass();
      const Square m = game->moves[ply];
      if (!pos.is_legal(m)) break;
      if (popcount(pos.legal_moves()) >= 2) {
        const auto& at = pos.to_move == Color::Black ? r.black : r.white;
        const int rating = at ? at->rating : ratings.newcomer_rating;
        const Square canonical = transform(m, canonical_position(pos).symmetry);
        seen.push_back({HumanOpenings::key_of(pos), std::uint8_t(canonical), std::uint8_t(out.band_of(rating))});
      }
      pos = pos.play(m);
    }
  }
  std::sort(seen.begin(), seen.end());
  const std::size_t bands = band_edges.size() + 1;
  for (std::size_t i = 0; i < seen.size();) {
    std::size_t j = i;
    while (j < seen.size() && seen[j].key == seen[i].key) ++j;
    if (j - i >= std::size_t(min_games)) {
      HumanOpeningPosition p;
      p.key = seen[i].key;
      for (std::size_t k = i; k < j;) {
        std::size_t l = k;
        HumanOpeningMove m;
        m.square = Square(seen[k].square);
        m.counts.assign(bands, 0);
        while (l < j && seen[l].square == seen[k].square) ++m.counts[seen[l++].band];
        if (l - k >= 2) p.moves.push_back(std::move(m));
        k = l;
      }
      if (!p.moves.empty()) out.positions.push_back(std::move(p));
    }
    i = j;
  }
  return out;
}

}  // namespace reversi::human
