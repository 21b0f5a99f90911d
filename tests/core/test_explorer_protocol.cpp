// The explorer's questions and answers as text (core/explorer_protocol.h), between the
// page's game and its explorer worker: every field round-trips, answers equal the
// database's own (answer_explorer), and a garbled message is refused with its line named.
#include <catch2/catch.hpp>

#include <string>

#include "core/explorer_protocol.h"
#include "core/game.h"
#include "core/notation.h"
#include "contains.h"

using namespace reversi;

TEST_CASE("explorer protocol: requests round-trip", "[explorer][protocol]") {
  ExplorerRequest moves;
  moves.id = 42;
  moves.position = Game::from_transcript("f5d6c3").value().position();
  auto back = decode_explorer_request(encode(moves));
  REQUIRE(back.ok());
  CHECK(*back == moves);

  ExplorerRequest games;
  games.id = 7;
  games.ask = ExplorerAsk::Games;
  games.filter.player = "Tamenori\tHideshi";  // a tab cannot split the field
  games.filter.tournament = "Championnat du Monde";
  games.filter.year = 1999;
  games.filter.position = Position::initial();
  games.limit = 3;
  games.newest_first = true;
  back = decode_explorer_request(encode(games));
  REQUIRE(back.ok());
  games.filter.player = "Tamenori Hideshi";
  CHECK(*back == games);
  games.filter = {};
  games.newest_first = false;
  back = decode_explorer_request(encode(games));
  REQUIRE(back.ok());
  CHECK(*back == games);
}

TEST_CASE("explorer protocol: answers round-trip", "[explorer][protocol]") {
  ExplorerReply r;
  r.id = 9;
  MoveStatistics m;
  m.square = F5;
  m.games = 1000;
  m.black_wins = 480;
  m.draws = 20;
  m.white_wins = 500;
  m.average_difference = -1.0 / 3;
  r.statistics.games = 1001;
  r.statistics.moves = {m, m};
  r.statistics.moves[1].square = D3;
  auto back = decode_explorer_reply(encode(r));
  REQUIRE(back.ok());
  CHECK(back->id == 9);
  CHECK(back->ask == ExplorerAsk::Moves);
  CHECK(back->statistics.games == 1001);
  CHECK(back->statistics.moves == r.statistics.moves);  // the average to the last bit

  ExplorerReply g;
  g.id = 10;
  g.ask = ExplorerAsk::Games;
  g.games.count = 1338;
  g.games.player = "Tamenori Hideshi";
  g.games.player_games = 1338;
  g.games.player_wins = 905;
  g.games.player_draws = 30;
  g.games.players = {"Tamenori Hideshi", "Tamenori Hideshi Jr"};
  g.games.rating = PlayerRatingSummary{"Tamenori Hideshi", {2022, 2461, 48, 31}, {2006, 2655, 37, 62}, 1290};
  DatabaseGame d;
  d.number = 123456;
  d.year = 2004;
  d.black = "A B";
  d.white = "C\nD";
  d.tournament = "Open";
  d.black_discs = 33;
  d.theoretical_black = 30;
  const Game played = Game::from_transcript("f5d6c3d3c4f4f6f3e6e7").value();
  d.moves.assign(played.moves().begin(), played.moves().end());
  g.games.games = {d};
  back = decode_explorer_reply(encode(g));
  REQUIRE(back.ok());
  CHECK(back->games.count == 1338);
  CHECK(back->games.player == g.games.player);
  CHECK(back->games.player_wins == 905);
  CHECK(back->games.players == g.games.players);
  CHECK(back->games.rating == g.games.rating);  // the player's rating, every field
  REQUIRE(back->games.games.size() == 1);
  CHECK(back->games.games[0].white == "C D");
  CHECK(back->games.games[0].moves == d.moves);
  CHECK(back->games.games[0].theoretical_black == 30);

  ExplorerReply e;
  e.id = 11;
  e.ask = ExplorerAsk::Games;
  // The error crosses with its catalog key and arguments (the front ends say it in the
  // player's language), its English first.
  e.error = Error::text("error.games.player", "no player's name contains '{name}'", {{"name", "No\tbody"}});
  CHECK(encode(e) == "ask\tgames\nid\t11\nerror\tno player's name contains 'No body'\nerror_key\terror.games.player\n"
                     "error_arg\tname\tNo body\n");
  back = decode_explorer_reply(encode(e));
  REQUIRE(back.ok());
  CHECK(back->error.message == "no player's name contains 'No body'");
  CHECK(back->error.key == "error.games.player");
  CHECK(back->error.args == TextArgs{{"name", "No body"}});
  // A reply of an older build (the English alone) is still read: it is said in English.
  back = decode_explorer_reply("ask\tgames\nid\t11\nerror\tunknown player 'Nobody'\n");
  REQUIRE(back.ok());
  CHECK(back->error.message == "unknown player 'Nobody'");
  CHECK(back->error.key.empty());
  CHECK(contains(decode_explorer_reply("ask\tgames\nid\t1\nerror_arg\tname\n").error(), "the wrong number of fields"));
}

TEST_CASE("explorer protocol: a garbled message is refused with its line, a later key skipped", "[explorer][protocol]") {
  CHECK(contains(decode_explorer_request("ask\tmoves\nid\t1\n").error(), "no position"));
  CHECK(contains(decode_explorer_request("ask\tmoves\n").error(), "no ask or no id"));
  CHECK(contains(decode_explorer_request("ask\tplay\nid\t1\n").error(), "line 1 'ask\tplay': 'play' is not moves or games"));
  CHECK(contains(decode_explorer_request("ask\tgames\nid\t0\n").error(), "line 2"));
  CHECK(contains(decode_explorer_request("ask\tgames\nid\t1\nyear\t19x9\n").error(), "line 3"));
  CHECK(contains(decode_explorer_request("ask\tmoves\nid\t1\nposition\tXO\n").error(), "line 3"));
  CHECK(contains(decode_explorer_request("ask\tgames\nid\t1\nlimit\t1\t2\n").error(), "the wrong number of fields"));
  CHECK(decode_explorer_request("ask\tgames\nid\t1\nlater\tanything\n").ok());
  CHECK(contains(decode_explorer_reply("ask\tmoves\nid\t1\nmove\tz9\t1\t1\t0\t0\t0\n").error(), "'z9' is not a square"));
  CHECK(contains(decode_explorer_reply("ask\tmoves\nid\t1\nmove\tf5\t1\t1\t0\t0\tNaN\n").error(), "line 3"));
  CHECK(contains(decode_explorer_reply("ask\tgames\nid\t1\ngame\t1\t2000\t40\t40\tf5f5\ta\tb\tc\n").error(), "line 3"));
  CHECK(contains(decode_explorer_reply("ask\tgames\nid\t1\ngame\t1\t2000\t65\t40\tf5\ta\tb\tc\n").error(), "line 3"));
  CHECK(decode_explorer_reply("\n\nask\tgames\r\nid\t3\r\n").ok());
  CHECK_FALSE(decode_explorer_reply("").ok());
}
