#include "core/player_ratings.h"

#include <algorithm>
#include <cmath>

#include "core/bytes.h"
#include "core/file.h"
#include "core/game_database.h"

namespace reversi {

static_assert(kPlayerRatingsHeaderSize == kCheckedHeaderSize, "the header is the shared checked one (core/bytes.h)");

namespace {

constexpr char kRatingsMagic[8] = {'R', 'V', 'R', 'A', 'T', 'I', 'N', 'G'};
constexpr std::size_t kFitBytes = 16;
constexpr std::size_t kYearBytes = 8;
constexpr int kMinYear = 1900, kMaxYear = 2200;

bool fits_u16(int v) { return v >= 0 && v <= 0xFFFF; }

}  // namespace

double elo_expected(double difference) { return 1.0 / (1.0 + std::pow(10.0, -difference / 400.0)); }

const PlayerHistory* PlayerRatings::find(std::string_view name) const {
  const std::string key = name_key(name);
  const auto it = std::lower_bound(players.begin(), players.end(), key,
                                   [](const PlayerHistory& p, const std::string& k) { return name_key(p.name) < k; });
  return it != players.end() && name_key(it->name) == key ? &*it : nullptr;
}

std::optional<RatingAt> PlayerRatings::at(std::string_view name, int year) const {
  const PlayerHistory* p = find(name);
  if (!p || p->years.empty()) return std::nullopt;
  const auto& ys = p->years;
  const auto grown = [&](const PlayerYear& y) {
    const double gap = std::abs(year - y.year);
    return RatingAt{y.rating, int(std::lround(std::sqrt(double(y.deviation) * y.deviation +
                                                        gap * year_deviation * year_deviation))),
                    y.year};
  };
  if (year <= ys.front().year) return grown(ys.front());
  if (year >= ys.back().year) return grown(ys.back());
  const auto after = std::lower_bound(ys.begin(), ys.end(), year, [](const PlayerYear& y, int v) { return y.year < v; });
  if (after->year == year) return RatingAt{after->rating, after->deviation, year};
  const PlayerYear& before = *(after - 1);
  const double t = double(year - before.year) / double(after->year - before.year);
  const PlayerYear& nearest = t <= 0.5 ? before : *after;
  return RatingAt{int(std::lround(before.rating + t * (after->rating - before.rating))),
                  int(std::lround(std::max(before.deviation, after->deviation))), nearest.year};
}

std::optional<PlayerRatingSummary> PlayerRatings::summary(std::string_view name) const {
  const PlayerHistory* p = find(name);
  if (!p || p->years.empty()) return std::nullopt;
  PlayerRatingSummary s;
  s.name = p->name;
  s.latest = p->years.back();
  s.peak = p->years.front();
  for (const PlayerYear& y : p->years) {
    if (y.rating > s.peak.rating) s.peak = y;
    s.games += y.games;
  }
  return s;
}

double PlayerRatings::expected(std::string_view name, std::string_view opponent, bool black, int year) const {
  const auto rating = [&](std::string_view n) {
    const auto r = at(n, year);
    return r ? r->rating : newcomer_rating;
  };
  const double d = rating(name) - rating(opponent);
  return elo_expected(black ? d + black_advantage : d - black_advantage);
}

GameRatings game_ratings(const PlayerRatings& ratings, const DatabaseGame& game) {
  return {ratings.at(game.black, game.year), ratings.at(game.white, game.year)};
}

// ---- the file ----------------------------------------------------------------------

Expected<std::vector<std::uint8_t>> encode_player_ratings(const PlayerRatings& r) {
  std::vector<std::uint8_t> body;
  const int fit[8] = {r.first_year, r.last_year, 0, r.year_deviation, r.newcomer_deviation, r.newcomer_rating,
                      r.anchor_rating, r.anchor_from};
  for (int i = 0; i < 8; ++i) {
    if (i != 2 && !fits_u16(fit[i])) return Error{"player ratings: a fit parameter is out of range"};
    put_le(body, std::uint16_t(fit[i]), 2);
  }
  if (r.black_advantage < -32768 || r.black_advantage > 32767) return Error{"player ratings: black's advantage is out of range"};
  set_le(body.data() + 4, std::uint16_t(std::int16_t(r.black_advantage)), 2);
  std::size_t years = 0;
  for (std::size_t i = 0; i < r.players.size(); ++i) {
    const PlayerHistory& p = r.players[i];
    if (i && !(name_key(r.players[i - 1].name) < name_key(p.name)))
      return Error{"player ratings: the players are not in name order (or one is there twice): " + p.name};
    if (p.name.empty() || p.name.size() > 255) return Error{"player ratings: a name of 0 or over 255 bytes"};
    if (p.years.empty() || p.years.size() > 255) return Error{"player ratings: " + p.name + " has no year or too many"};
    body.push_back(std::uint8_t(p.name.size()));
    body.insert(body.end(), p.name.begin(), p.name.end());
    body.push_back(std::uint8_t(p.years.size()));
    for (std::size_t k = 0; k < p.years.size(); ++k) {
      const PlayerYear& y = p.years[k];
      if ((k && y.year <= p.years[k - 1].year) || y.year < r.first_year || y.year > r.last_year ||
          !fits_u16(y.rating) || !fits_u16(y.deviation) || !fits_u16(y.games))
        return Error{"player ratings: " + p.name + ": a year out of order or a figure out of range"};
      put_le(body, y.year, 2);
      put_le(body, y.rating, 2);
      put_le(body, y.deviation, 2);
      put_le(body, y.games, 2);
    }
    years += p.years.size();
  }
  std::vector<std::uint8_t> out(kRatingsMagic, kRatingsMagic + 8);
  put_le(out, kPlayerRatingsVersion, 2);
  put_le(out, kPlayerRatingsHeaderSize, 2);
  put_le(out, r.players.size(), 4);
  put_le(out, years, 4);
  put_le(out, r.database_checksum, 4);
  if (!fits_u16(r.test_from)) return Error{"player ratings: the held-out year is out of range"};
  put_le(out, r.test_from, 2);
  put_le(out, 0, 2);
  out.resize(kCheckedHeaderSize);  // body size and checksums: sealed below
  out.insert(out.end(), body.begin(), body.end());
  seal_checked_header(out);
  return out;
}

Expected<PlayerRatings> PlayerRatings::load(const std::string& path) {
  auto bytes = read_file_bytes(path);
  if (!bytes) return Error{bytes.error()};
  return parse(*bytes, path);
}

Expected<PlayerRatings> PlayerRatings::parse(std::span<const std::uint8_t> bytes, std::string_view name) {
  const std::string at = (name.empty() ? std::string("player ratings") : std::string(name)) + ": ";
  const auto fail = [&](const std::string& what) { return Error{at + what}; };
  const auto checked =
      checked_body(bytes, kRatingsMagic, kPlayerRatingsVersion, "a player-ratings file", "ratings", "the ratings");
  if (!checked) return fail(checked.error());
  const std::span<const std::uint8_t> body = *checked;
  const std::uint8_t* h = bytes.data();
  const std::uint32_t players = get_u32(h + 12), years = get_u32(h + 16), body_size = get_u32(h + 28);
  // Counts against the size before any allocation: a player takes 3 bytes at least.
  if (kFitBytes + 3ull * players + std::uint64_t(years) * kYearBytes > body_size || get_u16(h + 26) != 0)
    return fail("damaged (its counts do not fit its size)");

  PlayerRatings r;
  r.database_checksum = get_u32(h + 20);
  r.test_from = int(get_u16(h + 24));
  const std::uint8_t* p = body.data();
  r.first_year = int(get_u16(p));
  r.last_year = int(get_u16(p + 2));
  r.black_advantage = int(std::int16_t(get_u16(p + 4)));
  r.year_deviation = int(get_u16(p + 6));
  r.newcomer_deviation = int(get_u16(p + 8));
  r.newcomer_rating = int(get_u16(p + 10));
  r.anchor_rating = int(get_u16(p + 12));
  r.anchor_from = int(get_u16(p + 14));
  if (r.first_year < kMinYear || r.last_year > kMaxYear || r.first_year > r.last_year || r.test_from <= r.last_year)
    return fail("damaged (the fit's years " + std::to_string(r.first_year) + "-" + std::to_string(r.last_year) +
                " and the held-out year " + std::to_string(r.test_from) + " do not agree)");
  std::size_t i = kFitBytes, years_read = 0;
  const auto left = [&] { return body.size() - i; };
  r.players.reserve(players);
  std::string previous_key;
  for (std::uint32_t n = 0; n < players; ++n) {
    const std::string which = "player " + std::to_string(n + 1);
    if (left() < 1 || left() < 1u + body[i] + 1u) return fail("damaged (" + which + " runs past the end)");
    PlayerHistory player;
    player.name.assign(reinterpret_cast<const char*>(body.data() + i + 1), body[i]);
    i += 1 + body[i];
    const std::size_t count = body[i++];
    const std::string key = name_key(player.name);
    if (player.name.empty() || count == 0 || (n && !(previous_key < key)))
      return fail("damaged (" + which + ": an empty name, no year, or out of name order)");
    if (years_read + count > years || left() < count * kYearBytes)
      return fail("damaged (" + which + "'s years run past the end)");
    for (std::size_t k = 0; k < count; ++k, i += kYearBytes) {
      const std::uint8_t* y = body.data() + i;
      PlayerYear v{int(get_u16(y)), int(get_u16(y + 2)), int(get_u16(y + 4)), int(get_u16(y + 6))};
      if (v.year < r.first_year || v.year > r.last_year || (k && v.year <= player.years.back().year) || v.games == 0)
        return fail("damaged (" + which + ": year " + std::to_string(v.year) + " out of order, out of range or without games)");
      player.years.push_back(v);
    }
    years_read += count;
    previous_key = key;
    r.players.push_back(std::move(player));
  }
  if (years_read != years || left() != 0) return fail("damaged (the players do not fill the file as its header says)");
  return r;
}

}  // namespace reversi
