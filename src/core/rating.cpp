// Glicko-2: see rating.h.
#include "core/rating.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "core/parse_number.h"

namespace reversi {

namespace {
constexpr double kScale = 173.7178;
double g(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi)); }
double expected_score(double mu, double mu_j, double phi_j) { return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j))); }
}  // namespace

Rating glicko2_update(const Rating& player, std::span<const RatingOpponent> games, double tau) {
  const double mu = (player.rating - 1500) / kScale;
  const double phi = player.deviation / kScale;
  const double sigma = player.volatility;
  Rating out = player;
  if (games.empty()) {
    out.deviation = std::sqrt(phi * phi + sigma * sigma) * kScale;
    return out;
  }
  double v_inv = 0, delta_sum = 0;
  for (const RatingOpponent& o : games) {
    const double mu_j = (o.rating - 1500) / kScale, phi_j = o.deviation / kScale;
    const double e = expected_score(mu, mu_j, phi_j);
    v_inv += g(phi_j) * g(phi_j) * e * (1 - e);
    delta_sum += g(phi_j) * (o.score - e);
  }
  const double v = 1.0 / v_inv;
  const double delta = v * delta_sum;
  // The new volatility (Illinois algorithm, step 5).
  const double a = std::log(sigma * sigma);
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
  };
  double A = a, B;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    B = a - k * tau;
  }
  double fA = f(A), fB = f(B);
  for (int i = 0; i < 200 && std::abs(B - A) > 1e-6; ++i) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  const double sigma_new = std::exp(A / 2);
  const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * delta_sum;
  out.rating = mu_new * kScale + 1500;
  out.deviation = phi_new * kScale;
  out.volatility = sigma_new;
  return out;
}

Rating rate_answer(const Rating& player, int puzzle_rating, double score) {
  score = std::clamp(score, 0.0, 1.0);
  const RatingOpponent game{double(puzzle_rating), kPuzzleDeviation, score};
  Rating out = glicko2_update(player, std::span(&game, 1));
  out.deviation = std::max(out.deviation, 30.0);  // keep following the player
  ++out.answered;
  out.streak = score >= 1 ? player.streak + 1 : 0;
  return out;
}

std::vector<Rating> playing_ratings(std::span<const RatingOpponent> games) {
  std::vector<Rating> out;
  Rating r;
  for (RatingOpponent g : games) {
    g.deviation = kLevelDeviation;
    g.score = std::clamp(g.score, 0.0, 1.0);
    r = glicko2_update(r, std::span(&g, 1));
    ++r.answered;
    out.push_back(r);
  }
  return out;
}

std::string format_rating(const Rating& r) {
  char text[256];
  std::snprintf(text, sizeof text,
                "reversi-rating 1\nrating %.6f\ndeviation %.6f\nvolatility %.6f\nanswered %d\nstreak %d\n",
                r.rating, r.deviation, r.volatility, r.answered, r.streak);
  return text;
}

Expected<Rating> parse_rating(std::string_view text) {
  static constexpr std::string_view kKeys[] = {"reversi-rating", "rating", "deviation", "volatility",
                                               "answered", "streak"};
  double values[6] = {};
  std::size_t at = 0;
  for (int i = 0; i < 6; ++i) {
    const std::string where = "saved rating, line " + std::to_string(i + 1) + ": ";
    if (at >= text.size()) return Error{where + "missing (" + std::string(kKeys[i]) + ")"};
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    at = end + 1;
    const std::size_t space = line.find(' ');
    if (space == std::string_view::npos || line.substr(0, space) != kKeys[i])
      return Error{where + "expected '" + std::string(kKeys[i]) + " VALUE'"};
    const auto value = parse_double(kKeys[i], line.substr(space + 1), -1e12, 1e12);
    if (!value) return Error{where + value.error()};
    values[i] = *value;
  }
  for (; at < text.size(); ++at)
    if (text[at] != '\n' && text[at] != '\r' && text[at] != ' ') return Error{"saved rating: text after the last line"};
  if (values[0] != 1) return Error{"saved rating: version " + std::to_string(values[0]) + " is not supported (only 1)"};
  Rating r{values[1], values[2], values[3], int(values[4]), int(values[5])};
  if (r.rating < 0 || r.rating > 5000) return Error{"saved rating: rating out of range (0..5000)"};
  if (r.deviation <= 0 || r.deviation > 350) return Error{"saved rating: deviation out of range (0..350)"};
  if (r.volatility <= 0 || r.volatility > 1) return Error{"saved rating: volatility out of range (0..1)"};
  if (values[4] < 0 || values[4] > 1e9 || values[4] != r.answered) return Error{"saved rating: answered not a count"};
  if (values[5] < 0 || values[5] > values[4] || values[5] != r.streak) return Error{"saved rating: streak not a count"};
  return r;
}

}  // namespace reversi
