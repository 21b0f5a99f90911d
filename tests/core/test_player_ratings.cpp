// The players' ratings (core/player_ratings.h, fitted by src/lab/player_rating_fit.h):
// the fit recovers known strengths from synthetic games (and a strength that changes
// over the years), two builds give the same bytes, the file round-trips and a damaged
// copy is refused with a message, a rating at a year between, after and before the
// player's years, and the committed data/player-ratings.bin reads and belongs to the
// committed database.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/bytes.h"
#include "core/explorer_json.h"
#include "core/explorer_query.h"
#include "core/file.h"
#include "core/player_ratings.h"
#include "core/random.h"
#include "lab/player_rating_fit.h"
#include "wthor_sample.h"

using namespace reversi;

namespace {

std::string source(const std::string& leaf) { return std::string(REVERSI_SOURCE_DIR) + "/" + leaf; }
bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// Synthetic games: `players` players of known strength (true[p] per year from 2000 to
// 2000 + years - 1), each year `rounds` round robins, black advantage `advantage`;
// outcomes drawn by the Elo expectation with a fixed seed.
lab::RatingGames synthetic(const std::vector<std::vector<double>>& strength, int rounds, double advantage,
                           std::uint64_t seed) {
  lab::RatingGames out;
  const std::size_t players = strength.size();
  for (std::size_t p = 0; p < players; ++p) out.names.push_back("P" + std::to_string(100 + p));
  SplitMix64 random(seed);
  const int years = int(strength[0].size());
  for (int y = 0; y < years; ++y)
    for (int round = 0; round < rounds; ++round)
      for (std::uint32_t b = 0; b < players; ++b)
        for (std::uint32_t w = 0; w < players; ++w) {
          if (b == w) continue;
          const double e = elo_expected(strength[b][std::size_t(y)] - strength[w][std::size_t(y)] + advantage);
          const double u = random.uniform();
          out.games.push_back({2000 + y, b, w, u < e ? 1.0 : 0.0});
        }
  return out;
}

// Two players by hand: alice in 2000 and 2004, Bob in 2010; black's advantage -12.
PlayerRatings two_players() {
  PlayerRatings r;
  r.database_checksum = 0x12345678;
  r.test_from = 2023;
  r.first_year = 2000;
  r.last_year = 2010;
  r.black_advantage = -12;
  r.year_deviation = 60;
  r.newcomer_deviation = 300;
  r.newcomer_rating = 1400;
  r.anchor_rating = 1700;
  r.anchor_from = 2005;
  r.players = {{"alice", {{2000, 1500, 80, 10}, {2004, 1900, 40, 30}}}, {"Bob", {{2010, 2100, 60, 5}}}};
  return r;
}

}  // namespace

TEST_CASE("player ratings: the fit recovers known strengths and black's advantage", "[ratings]") {
  // 16 players from -600 to +525 points, steady over 3 years; player 0 rises 600 points.
  std::vector<std::vector<double>> strength;
  for (int p = 0; p < 16; ++p) strength.push_back(std::vector<double>(3, -600.0 + 75.0 * p));
  strength[0] = {-600, -300, 0};
  const lab::RatingGames games = synthetic(strength, 8, 50, 45);
  lab::RatingFitOptions options;  // the priors as wide as this population's spread and changes
  options.test_from = 2100;
  options.anchor_from = 2000;
  options.newcomer_deviation = 400;
  options.year_deviation = 300;
  const PlayerRatings r = lab::fit_player_ratings(games, options, 0);
  REQUIRE(r.players.size() == 16);
  // Each steady player's mean over the years against the steady players' mean (the anchor
  // only shifts; the extremes are drawn in a little by the prior).
  const auto at = [&](std::size_t p, int year) { return r.at(games.names[p], year).value().rating; };
  const auto mean = [&](std::size_t p) { return (at(p, 2000) + at(p, 2001) + at(p, 2002)) / 3.0; };
  double fitted_centre = 0, true_centre = 0;
  for (std::size_t p = 1; p < 16; ++p) fitted_centre += mean(p) / 15, true_centre += strength[p][0] / 15;
  double worst = 0;
  for (std::size_t p = 1; p < 16; ++p)
    worst = std::max(worst, std::abs((mean(p) - fitted_centre) - (strength[p][0] - true_centre)));
  INFO("largest error of a steady player's difference: " << worst);
  CHECK(worst < 60);
  CHECK(std::abs(r.black_advantage - 50) < 25);
  // The risen player: each year above the one before, about 600 points in all.
  CHECK(at(0, 2000) < at(0, 2001));
  CHECK(at(0, 2001) < at(0, 2002));
  CHECK(std::abs((at(0, 2002) - at(0, 2000)) - 600) < 200);
  // The anchor: each year's five best, averaged over the years, read the anchor's rating.
  double top = 0;
  for (int year = 2000; year <= 2002; ++year) {
    std::vector<int> ratings;
    for (const PlayerHistory& p : r.players)
      for (const PlayerYear& y : p.years)
        if (y.year == year) ratings.push_back(y.rating);
    std::sort(ratings.begin(), ratings.end(), std::greater<>());
    top += (ratings[0] + ratings[1] + ratings[2] + ratings[3] + ratings[4]) / 5.0 / 3;
  }
  CHECK(std::abs(top - options.anchor_rating) <= 1);
  // And they predict the games better than the naive rate.
  const lab::Prediction p = lab::predict_games(r, games, 2000, 2002, lab::black_score(games, 2100));
  CHECK(p.games == games.games.size());
  CHECK(p.log_loss < p.naive_log_loss - 0.1);
  CHECK(p.accuracy > p.naive_accuracy + 0.1);
}

TEST_CASE("player ratings: held-out years stay out of the fit", "[ratings]") {
  std::vector<std::vector<double>> strength(6, std::vector<double>(4, 0.0));
  for (int p = 0; p < 6; ++p) strength[std::size_t(p)] = std::vector<double>(4, 100.0 * p);
  lab::RatingGames games = synthetic(strength, 2, 0, 7);
  // A player of the held-out years only ("A" comes first in name order): not rated.
  games.names.insert(games.names.begin(), "A late one");
  for (lab::RatedGame& g : games.games) ++g.black, ++g.white;
  games.games.push_back({2003, 0, 1, 1.0});
  lab::RatingFitOptions options;
  options.test_from = 2002;
  options.anchor_from = 2000;
  lab::RatingFitReport report;
  const PlayerRatings r = lab::fit_player_ratings(games, options, 0, &report);
  CHECK(r.last_year == 2001);
  CHECK(r.test_from == 2002);
  CHECK(report.games == (games.games.size() - 1) / 2);
  for (const PlayerHistory& p : r.players) CHECK(p.years.back().year <= 2001);
  CHECK(r.players.size() == 6);
  CHECK(!r.find("a late one"));
  // Changing a held-out game changes nothing.
  lab::RatingGames changed = games;
  for (lab::RatedGame& g : changed.games)
    if (g.year >= 2002) g.score = 1 - g.score;
  CHECK(lab::fit_player_ratings(changed, options, 0) == r);
}

TEST_CASE("player ratings: two builds on a database are byte-identical, and read back", "[ratings]") {
  // The WTHOR sample (1983 and 2021) as a database; its players are numbered.
  const std::vector<std::uint8_t> bytes = test::wthor_sample_database_bytes();
  const auto db = GameDatabase::parse(bytes, "sample");
  REQUIRE(db.ok());

  lab::RatingFitOptions options;
  options.test_from = 2021;  // 2021 held out: only 1983 fitted
  const auto build = [&] {
    const PlayerRatings r = lab::fit_player_ratings(lab::rating_games(*db), options, db->checksum());
    auto file = encode_player_ratings(r);
    REQUIRE(file.ok());
    return *file;
  };
  const std::vector<std::uint8_t> first = build(), second = build();
  CHECK(first == second);
  const auto back = PlayerRatings::parse(first);
  REQUIRE(back.ok());
  CHECK(back->database_checksum == db->checksum());
  CHECK(back->first_year == 1983);
  CHECK(back->last_year == 1983);
  CHECK(!back->players.empty());
  CHECK(*back == lab::fit_player_ratings(lab::rating_games(*db), options, db->checksum()));

  // The explorer's answer for a player carries their rating, and the JSON shows it.
  const PlayerHistory& someone = back->players.front();
  ExplorerRequest q;
  q.ask = ExplorerAsk::Games;
  q.filter.player = someone.name;
  const ExplorerReply with = answer_explorer(*db, q, &*back);
  REQUIRE(with.games.player);
  REQUIRE(with.games.rating);
  CHECK(with.games.rating->latest == someone.years.back());
  CHECK(contains(games_json(with.games), "\"rating\":{\"latest\":{\"year\":1983,\"rating\":" +
                                             std::to_string(someone.years.back().rating)));
  CHECK(!answer_explorer(*db, q).games.rating);  // without ratings, none
  CHECK(contains(games_json(answer_explorer(*db, q).games), "\"rating\":null"));
}

TEST_CASE("player ratings: a damaged, truncated or foreign file is refused with a message", "[ratings]") {
  const PlayerRatings r = two_players();
  const auto encoded = encode_player_ratings(r);
  REQUIRE(encoded.ok());
  const std::vector<std::uint8_t> good = *encoded;
  const auto back = PlayerRatings::parse(good);
  REQUIRE(back.ok());
  CHECK(*back == r);

  const auto refused = [](std::vector<std::uint8_t> bytes, const std::string& why) {
    const auto parsed = PlayerRatings::parse(bytes, "copy");
    INFO(why);
    REQUIRE(!parsed.ok());
    CHECK(contains(parsed.error(), "copy: "));
    CHECK(contains(parsed.error(), why));
  };
  std::vector<std::uint8_t> bad = good;
  bad[good.size() - 3] ^= 0x40;  // a byte of the body
  refused(bad, "damaged (the checksum of its contents does not match)");
  bad = good;
  bad[13] ^= 1;  // the players' count
  refused(bad, "damaged header");
  refused(std::vector<std::uint8_t>(good.begin(), good.end() - 5), "truncated");
  refused(std::vector<std::uint8_t>(good.begin(), good.begin() + 20), "not a player-ratings file");
  bad = good;
  bad.push_back(0);
  refused(bad, "1 bytes after the end");
  bad = good;
  bad[0] = 'X';
  refused(bad, "no RVRATING signature");
  bad = good;
  bad[8] = 2;
  refused(bad, "ratings version 2");
  // Past the checksums (resealed): the reader's own checks.
  const auto resealed = [&](std::size_t at, std::uint8_t value) {
    std::vector<std::uint8_t> b = good;
    b[at] = value;
    seal_checked_header(b);
    return b;
  };
  // "Bob" made "0ob", which comes before "alice": the names out of order.
  const std::size_t bob = kPlayerRatingsHeaderSize + 16 + 1 + 5 + 1 + 2 * 8 + 1;
  REQUIRE(good[bob] == 'B');
  refused(resealed(bob, '0'), "out of name order");
  const std::size_t alice_second_year = kPlayerRatingsHeaderSize + 16 + 1 + 5 + 1 + 8;
  refused(resealed(alice_second_year, 0xCF), "out of order");  // 2004 -> 1999
  refused(resealed(kPlayerRatingsHeaderSize + 16 + 1 + 5, 0), "no year");
  refused(resealed(kPlayerRatingsHeaderSize + 16 + 1 + 5, 9), "run past the end");
  CHECK(contains(PlayerRatings::load("/nonexistent/player-ratings.bin").error(), "/nonexistent/player-ratings.bin"));
}

TEST_CASE("player ratings: a rating at a year", "[ratings]") {
  const PlayerRatings r = two_players();
  CHECK(r.at(" alice ", 2000) == RatingAt{1500, 80, 2000});
  CHECK(r.at("ALICE", 2001) == RatingAt{1600, 80, 2000});    // the line between, the nearest year named
  CHECK(r.at("Alice", 2003) == RatingAt{1800, 80, 2004});
  CHECK(r.at("Alice", 2008) == RatingAt{1900, 126, 2004});   // sqrt(40^2 + 4 * 60^2)
  CHECK(r.at("Alice", 1999) == RatingAt{1500, 100, 2000});   // sqrt(80^2 + 60^2)
  CHECK(r.at("bob", 2004) == RatingAt{2100, 159, 2010});     // sqrt(60^2 + 6 * 60^2)
  CHECK(!r.at("Nobody", 2004));
  const auto s = r.summary("alice");
  REQUIRE(s);
  CHECK(s->latest.year == 2004);
  CHECK(s->peak.rating == 1900);
  CHECK(s->games == 40);
  // A game's players at its date; the unknown one has none.
  DatabaseGame g;
  g.year = 2002;
  g.black = "Alice";
  g.white = "Nobody";
  const GameRatings gr = game_ratings(r, g);
  REQUIRE(gr.black);
  CHECK(gr.black->rating == 1700);
  CHECK(!gr.white);
  // The expectation counts black's advantage and a newcomer's rating for the unknown.
  CHECK(r.expected("Alice", "Nobody", true, 2002) == Approx(elo_expected(1700 - 1400 - 12)));
  CHECK(r.expected("Alice", "Nobody", false, 2002) == Approx(elo_expected(1700 - 1400 + 12)));
  CHECK(elo_expected(400) == Approx(10.0 / 11));
}

TEST_CASE("player ratings: the committed file reads and belongs to the committed database", "[ratings]") {
  const auto r = PlayerRatings::load(source("data/player-ratings.bin"));
  INFO(r.error());
  REQUIRE(r.ok());
  const auto db = read_file_bytes(source("data/expert-games.bin"));
  REQUIRE(db.ok());
  REQUIRE(db->size() > 40);
  CHECK(r->database_checksum == get_u32(db->data() + 32));  // the database's body checksum
  CHECK(r->test_from == 2023);
  CHECK(r->last_year < r->test_from);
  CHECK(r->players.size() > 1000);
}
