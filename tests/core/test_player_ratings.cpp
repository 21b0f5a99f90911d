// The players' ratings (core/player_ratings.h, fitted by src/lab/player_rating_fit.h,
// whose fit is tested in tests/lab/test_player_rating_fit.cpp): two builds give the same
// bytes, the file round-trips and a damaged copy is refused with a message, a rating at a
// year between, after and before the player's years, and the committed
// data/player-ratings.bin reads and belongs to the committed database.
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
#include "contains.h"

using namespace reversi;

namespace {

std::string source(const std::string& leaf) { return std::string(REVERSI_SOURCE_DIR) + "/" + leaf; }

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
