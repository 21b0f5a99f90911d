#include "lab/player_rating_fit.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>

namespace reversi::lab {

namespace {

// d expected / d rating difference = e (1 - e) c.
const double kSlope = std::numbers::ln10 / 400.0;

struct Appearance {
  std::uint32_t opponent_slot = 0;
  double score = 0;  // this player's
  double side = 0;   // +1 black, -1 white: the sign of black's advantage for this player
};

// The negative Hessian of one player's chain: diagonal `h`, off-diagonal -w[j] between
// years j and j+1. Solves A x = g in place of g (Thomas' algorithm; A is diagonally
// dominant, so no pivoting).
void solve_chain(const std::vector<double>& h, const std::vector<double>& w, std::vector<double>& g) {
  const std::size_t k = h.size();
  std::vector<double> c(k, 0.0);
  double m = h[0];
  if (k > 1) c[0] = -w[0] / m;
  g[0] /= m;
  for (std::size_t i = 1; i < k; ++i) {
    m = h[i] + w[i - 1] * c[i - 1];
    if (i + 1 < k) c[i] = -w[i] / m;
    g[i] = (g[i] + w[i - 1] * g[i - 1]) / m;
  }
  for (std::size_t i = k - 1; i-- > 0;) g[i] -= c[i] * g[i + 1];
}

}  // namespace

bool names_a_person(std::string_view name) {
  return std::any_of(name.begin(), name.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c & 0x80);
  });
}

RatingGames rating_games(const GameDatabase& database) {
  std::map<std::string, std::uint32_t> index;  // name key -> first-met order
  std::vector<std::string> first_names;
  struct Raw {
    int year;
    std::uint32_t black, white;
    double score;
  };
  std::vector<Raw> raw;
  raw.reserve(database.size());
  const auto person = [&](const std::string& name) {
    const auto [it, inserted] = index.try_emplace(name_key(name), std::uint32_t(first_names.size()));
    if (inserted) first_names.push_back(name);
    return it->second;
  };
  std::size_t left_out = 0;
  for (std::uint32_t n = 1; n <= database.size(); ++n) {
    const auto g = database.game(n);
    if (!g) continue;
    if (!names_a_person(g->black) || !names_a_person(g->white) || name_key(g->black) == name_key(g->white)) {
      ++left_out;
      continue;
    }
    const std::uint32_t b = person(g->black), w = person(g->white);
    const double score = g->black_discs > 32 ? 1.0 : g->black_discs == 32 ? 0.5 : 0.0;
    raw.push_back({g->year, b, w, score});
  }
  // Name-key order (the map's): the players' numbers do not depend on the games' order.
  std::vector<std::uint32_t> order(first_names.size());
  RatingGames out;
  out.left_out = left_out;
  for (const auto& [key, first] : index) {
    order[first] = std::uint32_t(out.names.size());
    out.names.push_back(first_names[first]);
  }
  for (const Raw& r : raw) out.games.push_back({r.year, order[r.black], order[r.white], r.score});
  return out;
}

double black_score(const RatingGames& games, int before) {
  double sum = 0;
  std::size_t n = 0;
  for (const RatedGame& g : games.games)
    if (g.year < before) sum += g.score, ++n;
  return n ? sum / double(n) : 0.5;
}

PlayerRatings fit_player_ratings(const RatingGames& data, const RatingFitOptions& o, std::uint32_t database_checksum,
                                 RatingFitReport* report) {
  const std::size_t players = data.names.size();
  // Each player's years with games in the fit: their slots, consecutive per player.
  std::vector<std::vector<int>> years(players);
  std::vector<const RatedGame*> fitted;
  for (const RatedGame& g : data.games) {
    if (g.year >= o.test_from) continue;
    fitted.push_back(&g);
    years[g.black].push_back(g.year);
    years[g.white].push_back(g.year);
  }
  std::vector<std::size_t> first_slot(players + 1, 0);
  for (std::size_t p = 0; p < players; ++p) {
    auto& y = years[p];
    std::sort(y.begin(), y.end());
    y.erase(std::unique(y.begin(), y.end()), y.end());
    first_slot[p + 1] = first_slot[p] + y.size();
  }
  const auto slot_of = [&](std::uint32_t p, int year) {
    return first_slot[p] + std::size_t(std::lower_bound(years[p].begin(), years[p].end(), year) - years[p].begin());
  };
  const std::size_t slots = first_slot[players];
  std::vector<std::vector<Appearance>> played(slots);
  std::vector<std::pair<std::size_t, std::size_t>> game_slots;  // black's, white's
  game_slots.reserve(fitted.size());
  std::vector<int> games_in(slots, 0);
  for (const RatedGame* g : fitted) {
    const std::size_t b = slot_of(g->black, g->year), w = slot_of(g->white, g->year);
    played[b].push_back({std::uint32_t(w), g->score, 1.0});
    played[w].push_back({std::uint32_t(b), 1.0 - g->score, -1.0});
    game_slots.emplace_back(b, w);
    ++games_in[b];
    ++games_in[w];
  }

  std::vector<double> r(slots, 0.0);
  double advantage = 0;
  const double walk = o.year_deviation * o.year_deviation, first = 1.0 / (o.newcomer_deviation * o.newcomer_deviation);
  std::vector<double> g, h, w;
  // One player's gradient and negative Hessian (prior included) at the current ratings.
  const auto chain = [&](std::size_t p) {
    const std::size_t k = first_slot[p + 1] - first_slot[p];
    if (k == 0) return k;  // a player of the held-out years only
    g.assign(k, 0.0);
    h.assign(k, 0.0);
    w.assign(k ? k - 1 : 0, 0.0);
    for (std::size_t j = 0; j < k; ++j) {
      const std::size_t s = first_slot[p] + j;
      for (const Appearance& a : played[s]) {
        const double e = elo_expected(r[s] - r[a.opponent_slot] + a.side * advantage);
        g[j] += (a.score - e) * kSlope;
        h[j] += e * (1 - e) * kSlope * kSlope;
      }
    }
    const std::size_t s0 = first_slot[p];
    g[0] -= r[s0] * first;
    h[0] += first;
    for (std::size_t j = 0; j + 1 < k; ++j) {
      w[j] = 1.0 / (walk * double(years[p][j + 1] - years[p][j]));
      const double step = r[s0 + j + 1] - r[s0 + j];
      g[j] += w[j] * step;
      g[j + 1] -= w[j] * step;
      h[j] += w[j];
      h[j + 1] += w[j];
    }
    return k;
  };
  double last_change = 0;
  for (int sweep = 0; sweep < o.sweeps; ++sweep) {
    last_change = 0;
    for (std::size_t p = 0; p < players; ++p) {
      const std::size_t k = chain(p);
      if (k == 0) continue;
      solve_chain(h, w, g);
      for (std::size_t j = 0; j < k; ++j) {
        const double step = std::clamp(g[j], -400.0, 400.0);
        r[first_slot[p] + j] += step;
        last_change = std::max(last_change, std::abs(step));
      }
    }
    double ga = 0, ha = 0;
    for (std::size_t i = 0; i < fitted.size(); ++i) {
      const auto [b, wslot] = game_slots[i];
      const double e = elo_expected(r[b] - r[wslot] + advantage);
      ga += (fitted[i]->score - e) * kSlope;
      ha += e * (1 - e) * kSlope * kSlope;
    }
    if (ha > 0) advantage += std::clamp(ga / ha, -100.0, 100.0);
  }

  // The deviations: the diagonal of each chain's inverse negative Hessian.
  std::vector<double> deviation(slots, 0.0);
  for (std::size_t p = 0; p < players; ++p) {
    const std::size_t k = chain(p);
    const std::vector<double> hh = h, ww = w;
    for (std::size_t j = 0; j < k; ++j) {
      g.assign(k, 0.0);
      g[j] = 1.0;
      solve_chain(hh, ww, g);
      deviation[first_slot[p] + j] = std::sqrt(g[j]);
    }
  }

  // The anchor: each year's top players from anchor_from on.
  std::map<int, std::vector<double>> by_year;
  for (std::size_t p = 0; p < players; ++p)
    for (std::size_t j = 0; j < years[p].size(); ++j)
      if (years[p][j] >= o.anchor_from && games_in[first_slot[p] + j] >= RatingFitOptions::kAnchorGames)
        by_year[years[p][j]].push_back(r[first_slot[p] + j]);
  double top = 0;
  for (auto& [year, ratings] : by_year) {
    std::sort(ratings.begin(), ratings.end(), std::greater<>());
    const std::size_t n = std::min<std::size_t>(ratings.size(), RatingFitOptions::kAnchorTop);
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += ratings[i];
    top += sum / double(n) / double(by_year.size());
  }
  const double shift = o.anchor_rating - top;

  PlayerRatings out;
  out.database_checksum = database_checksum;
  out.test_from = o.test_from;
  out.black_advantage = int(std::lround(advantage));
  out.year_deviation = int(std::lround(o.year_deviation));
  out.newcomer_deviation = int(std::lround(o.newcomer_deviation));
  out.newcomer_rating = int(std::lround(shift));
  out.anchor_rating = o.anchor_rating;
  out.anchor_from = o.anchor_from;
  out.first_year = 0xFFFF;
  out.last_year = 0;
  for (std::size_t p = 0; p < players; ++p) {
    if (years[p].empty()) continue;
    PlayerHistory history;
    history.name = data.names[p];
    for (std::size_t j = 0; j < years[p].size(); ++j) {
      const std::size_t s = first_slot[p] + j;
      history.years.push_back({years[p][j], int(std::clamp(std::lround(r[s] + shift), 0L, 0xFFFFL)),
                               int(std::clamp(std::lround(deviation[s]), 0L, 0xFFFFL)), games_in[s]});
      out.first_year = std::min(out.first_year, years[p][j]);
      out.last_year = std::max(out.last_year, years[p][j]);
    }
    out.players.push_back(std::move(history));
  }
  if (out.players.empty()) out.first_year = out.last_year = 0;
  if (report) {
    report->games = fitted.size();
    report->last_change = last_change;
    report->shift = shift;
  }
  return out;
}

Prediction predict_games(const PlayerRatings& ratings, const RatingGames& data, int from_year, int to_year,
                         double naive_black_score) {
  Prediction out;
  const auto loss = [](double p, double s) {
    p = std::clamp(p, 1e-9, 1 - 1e-9);
    return -(s * std::log(p) + (1 - s) * std::log(1 - p));
  };
  std::size_t right = 0, naive_right = 0;
  for (const RatedGame& g : data.games) {
    if (g.year < from_year || g.year > to_year) continue;
    const std::string& black = data.names[g.black];
    const std::string& white = data.names[g.white];
    const double p = ratings.expected(black, white, true, g.year);
    ++out.games;
    if (ratings.find(black) && ratings.find(white)) ++out.both_known;
    out.log_loss += loss(p, g.score);
    out.naive_log_loss += loss(naive_black_score, g.score);
    const double favourite = std::max(p, 1 - p), scored = p >= 0.5 ? g.score : 1 - g.score;
    Prediction::Bin& bin = out.bins[std::min<std::size_t>(4, std::size_t((favourite - 0.5) * 10))];
    ++bin.games;
    bin.expected += favourite;
    bin.scored += scored;
    if (g.score != 0.5) {
      ++out.decisive;
      right += (p > 0.5) == (g.score > 0.5);
      naive_right += (naive_black_score > 0.5) == (g.score > 0.5);
    }
  }
  if (out.games) {
    out.log_loss /= double(out.games);
    out.naive_log_loss /= double(out.games);
  }
  for (Prediction::Bin& bin : out.bins)
    if (bin.games) bin.expected /= double(bin.games), bin.scored /= double(bin.games);
  if (out.decisive) {
    out.accuracy = double(right) / double(out.decisive);
    out.naive_accuracy = double(naive_right) / double(out.decisive);
  }
  return out;
}

}  // namespace reversi::lab
