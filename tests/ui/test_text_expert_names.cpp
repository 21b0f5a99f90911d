// The expert games' players as the page gets them (issue 44, "rules once"): WTHOR's "???"
// (a player it does not know) is said in words by the program (ui/text.h expert_name) in
// what it hands the page -- the replay's names and the explorer's list in state_json --
// so the page shows the names as they come and has no rule of its own.
#include <catch2/catch.hpp>

#include <string>

#include "core/game.h"
#include "fake_ai.h"
#include "fake_explorer_client.h"
#include "ui/controller.h"
#include "ui/explorer_move.h"

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

namespace {

DatabaseGame unknown_black(std::uint32_t number) {
  DatabaseGame g;
  g.number = number;
  g.year = 1990;
  g.black = "???";
  g.white = "Tamenori Hideshi";
  g.tournament = "Open";
  g.black_discs = 40;
  const Game played = Game::from_transcript("f5d6c3").value();
  g.moves.assign(played.moves().begin(), played.moves().end());
  return g;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("expert names: a replayed game's unknown player is named in the state, in the player's language",
          "[ui][explorer]") {
  for (const auto& [options, unknown] : {std::pair{"color=black&speed=instant&pause=0", "unknown player"},
                                         {"color=black&speed=instant&pause=0&lang=ja", "\u4e0d\u660e\u306a\u9078\u624b"}}) {
    Fixture f(options);
    Controller& c = *f.c;
    REQUIRE(replay_database_game(c, unknown_black(3), 60).ok());
    const std::string json = c.state_json();
    INFO(json);
    CHECK(has(json, std::string("\"replay\":{\"black\":\"") + unknown + "\",\"white\":\"Tamenori Hideshi\""));
    CHECK_FALSE(has(json, "???"));
  }
}

TEST_CASE("expert names: the explorer's list names an unknown player in words", "[ui][explorer]") {
  Fixture f("color=black&speed=instant&pause=0");
  Controller& c = *f.c;
  auto script = script_explorer(c);
  script->games.count = 1;
  script->games.games = {unknown_black(5)};
  c.explorer_open();
  for (int i = 0; i < 2; ++i) c.update(c.now() + 1);
  c.explorer_search({std::string("Tamenori"), {}, {}, false});
  c.update(c.now() + 1);
  REQUIRE(c.explorer_session().list());
  const std::string json = c.state_json();
  INFO(json);
  CHECK(has(json, "\"black\":\"unknown player\",\"white\":\"Tamenori Hideshi\""));
  CHECK_FALSE(has(json, "???"));
  // The session keeps the names as the database has them (a search by name still finds them).
  CHECK(c.explorer_session().list()->games.front().black == "???");
}
