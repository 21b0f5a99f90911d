// The explorer as a session of the controller (ui/explorer_session.h): it follows the
// position shown, drops answers that are no longer current, lists the position's games or
// a search, answers outside questions, and says what to show (panel(), json()); its
// buttons by square and number (ui/explorer_move.h). With the desktop's thread client on
// the committed sample of WTHOR games, and with a scripted client.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include "core/game_database.h"
#include "core/player_ratings.h"
#include "core/wthor.h"
#include "fake_ai.h"
#include "fake_explorer_client.h"
#include "wthor_sample.h"
#include "platform/thread_explorer_client.h"
#include "ui/controller.h"
#include "ui/explorer_move.h"

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

namespace {

void write_bytes(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  std::FILE* out = std::fopen(path.c_str(), "wb");
  REQUIRE(out);
  std::fwrite(bytes.data(), 1, bytes.size(), out);
  std::fclose(out);
}

}  // namespace

namespace {

MoveStatistics stat(Square s, std::uint32_t games) {
  MoveStatistics m;
  m.square = s;
  m.games = games;
  m.black_wins = games / 2;
  m.white_wins = games - games / 2;
  return m;
}

DatabaseGame game(std::uint32_t number, const char* transcript) {
  DatabaseGame g;
  g.number = number;
  g.year = 2000 + int(number);
  g.black = "Black " + std::to_string(number);
  g.white = "White " + std::to_string(number);
  g.tournament = "Open";
  g.black_discs = 40;
  const Game played = Game::from_transcript(transcript).value();
  g.moves.assign(played.moves().begin(), played.moves().end());
  return g;
}

struct Scripted {
  Fixture f;
  std::shared_ptr<FakeExplorerClient::Script> script;
  explicit Scripted(const char* options) : f(options), script(script_explorer(*f.c)) {}
  Controller& c() { return *f.c; }
  void frames(int n = 2) {
    for (int i = 0; i < n; ++i) c().update(c().now() + 1);
  }
};

}  // namespace

TEST_CASE("explorer session: asks for the position shown when open, and follows it", "[ui][explorer]") {
  Scripted s("color=both&speed=instant&pause=0");
  Controller& c = s.c();
  s.script->moves.games = 100;
  s.script->moves.moves = {stat(F5, 100)};
  s.frames();
  CHECK(s.script->asked.empty());  // closed: nothing asked, nothing loaded
  CHECK(c.explorer_session().panel().state == ExplorerPanel::State::Hidden);
  c.explorer_open();
  s.frames();
  REQUIRE(s.script->asked.size() == 2);  // the moves and the position's games
  CHECK(s.script->asked[0].ask == ExplorerAsk::Moves);
  CHECK(s.script->asked[0].position == Position::initial());
  CHECK(s.script->asked[1].ask == ExplorerAsk::Games);
  CHECK(s.script->asked[1].filter.position == std::optional<Position>(Position::initial()));
  CHECK(s.script->asked[1].newest_first);
  const ExplorerPanel p = c.explorer_session().panel();
  CHECK(p.state == ExplorerPanel::State::Ready);
  CHECK(p.games == 100);
  REQUIRE(p.moves.size() == 1);
  CHECK(c.state_json().find("\"explorer\":{\"open\":true,\"load\":{\"state\":\"ready\"") != std::string::npos);
  // The start: its one move stands for four, which both front ends say.
  CHECK(p.start);
  CHECK(c.state_json().find("\"start\":true") != std::string::npos);
  // A move: the new position is asked, its games too; the old figures go at once.
  REQUIRE(c.play(F5));
  c.update(c.now() + 1);
  CHECK(s.script->asked.size() == 4);
  CHECK(s.script->asked[2].position == c.shown_position());
  CHECK_FALSE(c.explorer_session().panel().start);
  CHECK(c.state_json().find("\"start\":false") != std::string::npos);
  // Viewing an earlier position asks for that one.
  s.frames();
  REQUIRE(c.view(0));
  c.update(c.now() + 1);
  CHECK(s.script->asked.back().filter.position == std::optional<Position>(Position::initial()));
  // Closed: the state says so and nothing more is asked.
  c.explorer_close();
  const std::size_t asked = s.script->asked.size();
  c.view_live();
  s.frames();
  CHECK(s.script->asked.size() == asked);
  CHECK(c.state_json().find("\"explorer\":{\"open\":false") != std::string::npos);
}

TEST_CASE("explorer session: an answer for a position left behind is dropped", "[ui][explorer]") {
  Scripted s("color=both&speed=instant&pause=0");
  Controller& c = s.c();
  s.script->hold = true;
  s.script->moves.games = 7;
  c.explorer_open();
  c.update(c.now() + 1);                      // asks for the start
  REQUIRE(c.play(F5));
  c.update(c.now() + 1);                      // asks for f5's position
  // Both answers arrive together; only the current one is kept, and it is f5's.
  s.script->held[0].statistics.games = 999;  // the start's (stale)
  s.script->release();
  s.frames();
  REQUIRE(c.explorer_session().moves());
  CHECK(c.explorer_session().moves()->games == 7);
  CHECK(c.explorer_session().panel().state == ExplorerPanel::State::Ready);
}

TEST_CASE("explorer session: a search, its error, and the buttons by square and number", "[ui][explorer]") {
  Scripted s("color=black&speed=instant&pause=0");
  Controller& c = s.c();
  s.script->moves.games = 50;
  s.script->moves.moves = {stat(F5, 30), stat(D3, 20)};
  s.script->games.count = 2;
  s.script->games.games = {game(2, "f5d6c3"), game(1, "f5f6")};
  c.explorer_open();
  s.frames();
  c.explorer_search({std::string("Black 2"), {}, 2002, false});
  c.update(c.now() + 1);
  const ExplorerRequest& asked = s.script->asked.back();
  CHECK(asked.filter.player == std::optional<std::string>("Black 2"));
  CHECK(asked.filter.year == std::optional<int>(2002));
  CHECK_FALSE(asked.filter.position.has_value());
  REQUIRE(c.explorer_session().list());
  CHECK(c.state_json().find("\"list\":{\"count\":2,") != std::string::npos);
  // A square the experts did not play here: an error, nothing changes.
  CHECK_FALSE(choose_explorer_square(c, A1).ok());
  CHECK(c.game().transcript().empty());
  // d3: the person's turn, played.
  REQUIRE(choose_explorer_square(c, D3).ok());
  CHECK(c.game().transcript() == "d3");
  // A game not listed: an error; a listed one: replayed from its start (a search, not the position's games).
  CHECK_FALSE(replay_listed_game(c, 77).ok());
  s.frames();
  REQUIRE(replay_listed_game(c, 2).ok());
  CHECK(c.game().transcript() == "f5d6c3");
  CHECK(c.viewing() == std::optional<std::size_t>(0));
  // A failed search keeps its error for the page, said in the player's language.
  s.script->fail = "";
  c.explorer_search({std::string("Nobody"), {}, {}, false});
  s.script->held.back().error =
      Error::text("error.games.player", "no player's name contains '{name}'", {{"name", "Nobody"}});
  s.frames();
  CHECK(c.explorer_session().list_error().message == "no player's name contains 'Nobody'");
  CHECK(c.state_json().find("\"listError\":\"no player's name contains 'Nobody'\"") != std::string::npos);
  Options ja = c.options();
  ja.lang = Lang::Ja;
  c.set_options(ja);
  CHECK(c.state_json().find("\"listError\":\"「Nobody」を名前に含む選手はいません\"") != std::string::npos);
}

TEST_CASE("explorer session: a database that cannot load is said, and outside questions get the failure", "[ui][explorer]") {
  Scripted s("color=both");
  Controller& c = s.c();
  s.script->fail = "expert games: not an expert-game database";
  c.explorer_open();
  ExplorerRequest r;
  const std::uint64_t id = c.explorer_ask(r);
  s.frames();
  const ExplorerPanel p = c.explorer_session().panel();
  CHECK(p.state == ExplorerPanel::State::Failed);
  CHECK(p.error == s.script->fail);
  const auto answers = c.explorer_take_answers();
  REQUIRE(answers.size() == 1);
  CHECK(answers[0].id == id);
  CHECK(answers[0].error.message == s.script->fail);
  CHECK(c.explorer_take_answers().empty());
  CHECK(c.play(F5));  // the game goes on
}

TEST_CASE("explorer session: the desktop's thread client answers from the database", "[ui][explorer]") {
  // The committed WTHOR sample as a database file.
  const std::vector<std::uint8_t> bytes = reversi::test::wthor_sample_database_bytes();
  const std::string path = "explorer-session-test.bin";
  write_bytes(path, bytes);
  const GameDatabase db = GameDatabase::parse(bytes).value();
  Fixture f("color=both");
  Controller& c = *f.c;
  c.set_explorer_client(std::make_unique<ThreadExplorerClient>(path));
  c.explorer_open();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while ((!c.explorer_session().moves() || !c.explorer_session().list()) && std::chrono::steady_clock::now() < deadline) {
    c.update(c.now() + 1);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  REQUIRE(c.explorer_session().moves());
  CHECK(c.explorer_session().moves()->games == db.statistics(Position::initial()).games);
  CHECK(c.explorer_session().moves()->moves == db.statistics(Position::initial()).moves);
  REQUIRE(c.explorer_session().list());
  CHECK(c.explorer_session().list()->count == db.size());
  REQUIRE(c.explorer_session().list()->games.size() == ExplorerSession::kListedGames);
  CHECK(c.explorer_session().list()->games[0].number == db.size());  // the newest first
  std::remove(path.c_str());
  // A missing file: Failed with the file named.
  Fixture g("color=both");
  g.c->set_explorer_client(std::make_unique<ThreadExplorerClient>("no-such-database.bin"));
  g.c->explorer_open();
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (g.c->explorer_session().panel().state == ExplorerPanel::State::Loading && std::chrono::steady_clock::now() < until) {
    g.c->update(g.c->now() + 1);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  CHECK(g.c->explorer_session().panel().state == ExplorerPanel::State::Failed);
  CHECK(g.c->explorer_session().panel().error.find("no-such-database.bin") != std::string::npos);
}

TEST_CASE("explorer session: the desktop's thread client gives a player's rating, and refuses damaged ratings",
          "[ui][explorer][ratings]") {
  const std::string path = "explorer-ratings-test.bin", ratings_path = "explorer-ratings-test-ratings.bin";
  write_bytes(path, reversi::test::wthor_sample_database_bytes());
  PlayerRatings r;
  r.test_from = 2022;
  r.first_year = 1983;
  r.last_year = 2021;
  r.players = {{"Player 1", {{1983, 2100, 70, 12}, {2021, 2300, 50, 20}}}};
  const std::vector<std::uint8_t> ratings = encode_player_ratings(r).value();
  write_bytes(ratings_path, ratings);
  // Asks for Player 1's games and waits for the answer (or the load's failure).
  const auto ask = [&](ThreadExplorerClient& client) {
    ExplorerRequest q;
    q.ask = ExplorerAsk::Games;
    q.filter.player = "player 1";
    client.request(q);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    for (;;) {
      auto answers = client.poll();
      if (!answers.empty()) return answers.front();
      REQUIRE(std::chrono::steady_clock::now() < deadline);
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  };
  {
    ThreadExplorerClient client(path, ratings_path);
    const ExplorerReply reply = ask(client);
    INFO(reply.error.message);
    REQUIRE(reply.games.player);
    REQUIRE(reply.games.rating);
    CHECK(reply.games.rating->latest == PlayerYear{2021, 2300, 50, 20});
    CHECK(reply.games.rating->games == 32);
  }
  {
    ThreadExplorerClient client(path);  // no ratings: the record alone
    CHECK(!ask(client).games.rating);
  }
  std::vector<std::uint8_t> damaged = ratings;
  damaged.back() ^= 1;
  write_bytes(ratings_path, damaged);
  {
    ThreadExplorerClient client(path, ratings_path);
    const ExplorerReply reply = ask(client);
    CHECK(client.load().state == ExplorerLoad::State::Failed);
    CHECK(reply.error.message.find(ratings_path + ": damaged") != std::string::npos);
  }
  std::remove(path.c_str());
  std::remove(ratings_path.c_str());
}
