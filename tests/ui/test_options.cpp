#include <catch2/catch.hpp>

#include <memory>

#include "fake_ai.h"
#include "ui/controller.h"
#include "ui/options.h"

using namespace reversi;
using namespace reversi::ui;
using reversi::ui::test::FakeAi;
using reversi::ui::test::FakeAiState;
using reversi::ui::test::test_players;

TEST_CASE("options: defaults", "[ui][options]") {
  const auto players = test_players();
  CHECK(default_opponent(players) == "level-2");  // the middle level
  CHECK(default_hint_player(players) == "level-3");  // the strongest
  CHECK(default_opponent({{"first-legal", ""}, {"weighted", ""}}) == "weighted");
  CHECK(default_opponent({}).empty());
  const auto parsed = parse_query_string("", players);
  CHECK(parsed.messages.empty());
  const Options& o = parsed.options;
  CHECK(o.black.human);
  CHECK_FALSE(o.white.human);
  CHECK(o.white.player == "level-2");
  CHECK(o.color_mode() == "black");
  CHECK(o.flip_ms == kSpeedNormalMs);
  CHECK(o.pause_ms == 500);
  CHECK(o.legal_markers);
  CHECK(o.last_move_marker);
  CHECK(o.hint_player == "level-3");
}

TEST_CASE("options: the query string of the web page", "[ui][options]") {
  const auto players = test_players();
  const auto p = parse_query_string("?color=white&opponent=level-1&speed=fast&markers=off&lastmove=off&pause=250", players);
  CHECK(p.messages.empty());
  CHECK_FALSE(p.options.black.human);
  CHECK(p.options.black.player == "level-1");
  CHECK(p.options.white.human);
  CHECK(p.options.color_mode() == "white");
  CHECK(p.options.opponent() == "level-1");
  CHECK(p.options.flip_ms == kSpeedFastMs);
  CHECK_FALSE(p.options.legal_markers);
  CHECK_FALSE(p.options.last_move_marker);
  CHECK(p.options.pause_ms == 250);

  const auto both = parse_query_string("color=both", players).options;
  CHECK(both.black.human);
  CHECK(both.white.human);
  const auto none = parse_query_string("color=none&opponent=weighted", players).options;
  CHECK(none.black == Seat{false, "weighted"});
  CHECK(none.white == Seat{false, "weighted"});
  // Per-colour seats, in any order relative to color.
  const auto cvc = parse_query_string("white=first-legal&color=none&black=level-3", players).options;
  CHECK(cvc.black == Seat{false, "level-3"});
  CHECK(cvc.white == Seat{false, "first-legal"});
  CHECK(parse_query_string("speed=350", players).options.flip_ms == 350);
  CHECK(parse_query_string("speed=120ms", players).options.flip_ms == 120);
  CHECK(parse_query_string("speed=instant", players).options.flip_ms == 0);
  // URL escapes are decoded.
  CHECK(parse_query_string("opponent=level%2D1", players).options.opponent() == "level-1");
}

TEST_CASE("options: bad values are reported and the default kept", "[ui][options]") {
  const auto players = test_players();
  auto p = parse_query_string("opponent=foo", players);
  REQUIRE(p.messages.size() == 1);
  CHECK(p.messages[0].rfind("opponent 'foo' is not a player; using level-2", 0) == 0);
  CHECK(p.options.opponent() == "level-2");

  p = parse_query_string("color=purple&speed=warp&markers=maybe&pause=-3&hint=nobody", players);
  REQUIRE(p.messages.size() == 5);
  CHECK(p.messages[0].find("speed 'warp'") != std::string::npos);
  CHECK(p.messages[1].find("markers 'maybe' is not on or off; using on") != std::string::npos);
  CHECK(p.messages[2].find("pause '-3'") != std::string::npos);
  CHECK(p.messages[3].find("hint 'nobody'") != std::string::npos);
  CHECK(p.messages[4].find("color 'purple' is not black, white, both or none; using black") != std::string::npos);
  CHECK(p.options == parse_query_string("", players).options);

  p = parse_query_string("colour=white&volume=11&novalue", players);
  REQUIRE(p.messages.size() == 2);
  CHECK(p.messages[0].find("'novalue' has no value") != std::string::npos);
  CHECK(p.messages[1].find("unknown option 'volume'") != std::string::npos);
  CHECK(p.options.color_mode() == "white");  // colour is accepted as a spelling
  CHECK(parse_query_string("speed=2001", players).messages.size() == 1);
}

TEST_CASE("options: desktop flags", "[ui][options]") {
  const auto players = test_players();
  auto p = parse_flags({"--color=white", "--opponent", "weighted", "--speed=slow"}, players);
  CHECK(p.messages.empty());
  CHECK(p.options.color_mode() == "white");
  CHECK(p.options.opponent() == "weighted");
  CHECK(p.options.flip_ms == kSpeedSlowMs);
  p = parse_flags({"stray", "--markers"}, players);
  REQUIRE(p.messages.size() == 2);
  CHECK(p.messages[0].find("'stray' is not an option") != std::string::npos);
  CHECK(p.messages[1].find("'--markers' needs a value") != std::string::npos);
}

TEST_CASE("options: the query string round-trips", "[ui][options]") {
  const auto players = test_players();
  for (const char* q : {"", "color=white&opponent=level-1&speed=fast&markers=off",
                        "color=none&pause=0&lastmove=off&speed=37", "color=both&hint=weighted",
                        "black=level-3&white=first-legal"}) {
    INFO(q);
    const Options o = parse_query_string(q, players).options;
    const auto back = parse_query_string(to_query_string(o), players);
    CHECK(back.messages.empty());
    CHECK(back.options == o);
  }
}

TEST_CASE("options: a base carries over and the help lists the players", "[ui][options]") {
  const auto players = test_players();
  Options base = parse_query_string("color=white&speed=slow", players).options;
  const Options o = parse_query_string("markers=off", players, base).options;
  CHECK(o.color_mode() == "white");
  CHECK(o.flip_ms == kSpeedSlowMs);
  CHECK_FALSE(o.legal_markers);
  // A new opponent replaces the computer on its side only.
  const Options o2 = parse_query_string("opponent=weighted", players, base).options;
  CHECK(o2.black == Seat{false, "weighted"});
  CHECK(o2.white.human);
  const std::string help = options_help(players);
  for (const auto& p : players) CHECK(help.find(p.name) != std::string::npos);
  CHECK(speed_name(kSpeedFastMs) == "fast");
  CHECK(speed_name(123) == "123ms");
}

TEST_CASE("options: a bad saved option reaches the state JSON escaped", "[ui][options][json]") {
  FakeAiState ai;
  Controller c(std::make_unique<FakeAi>(ai), test_players(), Options{});
  // The option's name, URL-decoded, holds a quote, a newline and a control character.
  REQUIRE(c.restore("reversi-save-1|color=both&x%22%0Ay%01=1||"));
  REQUIRE(c.message().find("'x\"\ny\x01'") != std::string::npos);
  const std::string json = c.state_json();
  CHECK(json.find("\"message\":\"Saved settings: unknown option 'x\\\"\\ny\\u0001'") !=
        std::string::npos);
  CHECK(json.find('\n') == std::string::npos);
  CHECK(json.find('\x01') == std::string::npos);
}

TEST_CASE("options: numbers are strict, in the URL and in desktop flags", "[ui][options]") {
  const auto players = test_players();
  const std::pair<const char*, const char*> bad[] = {
      {"speed=12abc", "speed '12abc' is not a whole number (instant, fast, normal, slow or 0-2000 ms); using normal"},
      {"speed=", "speed '' is not a whole number"},
      {"speed=ms", "speed 'ms' is not a whole number"},
      {"speed=%2B100", "speed '+100' must be 0-2000, without a sign"},
      {"speed=-0", "speed '-0' must be 0-2000, without a sign"},
      {"speed=2001", "speed '2001' must be 0-2000"},
      {"speed=99999999999999999999", "speed '99999999999999999999' must be 0-2000"},
      {"speed=1.5", "speed '1.5' is not a whole number"},
      {"speed=%20100", "speed ' 100' is not a whole number"},
      {"pause=500ms2", "pause '500ms2' is not a whole number (ms); using 500"},
      {"pause=", "pause '' is not a whole number"},
      {"pause=%2B5", "pause '+5' must be 0-10000, without a sign"},
      {"pause=-3", "pause '-3' must be 0-10000, without a sign"},
      {"pause=10001", "pause '10001' must be 0-10000"},
  };
  for (const auto& [query, message] : bad) {
    INFO(query);
    const auto p = parse_query_string(query, players);
    REQUIRE(p.messages.size() == 1);
    CHECK(p.messages[0].rfind(message, 0) == 0);
    CHECK(p.options.flip_ms == kSpeedNormalMs);  // the default kept
    CHECK(p.options.pause_ms == 500);
  }
  // The same checks for desktop flags.
  auto f = parse_flags({"--pause=12abc", "--speed", "+3"}, players);
  REQUIRE(f.messages.size() == 2);
  CHECK(f.messages[0].rfind("pause '12abc' is not a whole number", 0) == 0);
  CHECK(f.messages[1].rfind("speed '+3' must be 0-2000, without a sign", 0) == 0);
  // Good values still read, with or without "ms".
  CHECK(parse_query_string("pause=0&speed=2000MS", players).options.flip_ms == 2000);
  CHECK(parse_flags({"--pause=750ms"}, players).options.pause_ms == 750);
}
