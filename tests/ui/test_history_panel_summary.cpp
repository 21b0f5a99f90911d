// The rules "Your games" shows, written once (ui/history_panel.h; issue 44): the results
// against each computer player with the last date, what to play next (level_suggestion),
// the playing rating from the kept games, and the page's summary of its GGF lines
// (history_summary_json), which the page shows without working any of it out again.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/notation.h"
#include "fake_ai.h"
#include "ui/history_panel.h"
#include "contains.h"

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

namespace {

const std::vector<Square> kFinished = first_legal_game();
Color winner() {
  ArchivedGame g;
  g.moves = kFinished;
  const Position end = g.final_position();
  return end.disc_count(Color::Black) > end.disc_count(Color::White) ? Color::Black : Color::White;
}

// A game against `computer`, finished and won or lost by the person, or unfinished.
enum class KeptAs { Won, Lost, Unfinished };
ArchivedGame against(const std::string& computer, KeptAs outcome, const std::string& date = "") {
  ArchivedGame g;
  g.date = date;
  const ArchivedSide person{}, program{true, computer};
  const bool person_black = (outcome == KeptAs::Won) == (winner() == Color::Black);
  g.black = person_black ? person : program;
  g.white = person_black ? program : person;
  g.moves = outcome == KeptAs::Unfinished ? std::vector<Square>{F5, D6} : kFinished;
  return g;
}

// Entries newest first, as the panels list them.
std::vector<HistoryPanel::Entry> entries(const std::vector<ArchivedGame>& newest_first) {
  std::vector<HistoryPanel::Entry> out;
  for (const ArchivedGame& g : newest_first) out.push_back(HistoryPanel::make_entry(out.size() + 1, g));
  return out;
}

std::vector<PlayerInfo> levels(int top) {
  std::vector<PlayerInfo> out{{"weighted", ""}};
  for (int n = 1; n <= top; ++n) out.push_back({"level-" + std::to_string(n), "", n});
  return out;
}

}  // namespace

TEST_CASE("history rules: the results against each computer player, with the last date", "[ui][history]") {
  REQUIRE(against("level-2", KeptAs::Won).final_position().is_game_over());
  const auto r = opponent_results(entries({
      against("level-10", KeptAs::Lost, "2026-11-05T10:00:00Z"),
      against("weighted", KeptAs::Won, "2026-11-04T10:00:00Z"),
      against("level-2", KeptAs::Won, "2026-11-03T10:00:00Z"),
      against("level-2", KeptAs::Unfinished, "2026-11-09T10:00:00Z"),  // not counted, its date neither
      against("level-2", KeptAs::Lost, "2026-11-01T10:00:00Z"),
      against("level-2", KeptAs::Won, ""),
  }));
  REQUIRE(r.size() == 3);
  // The levels up (10 after 2: by number, not by text), then the others.
  CHECK(r[0].name == "level-2");
  CHECK(r[1].name == "level-10");
  CHECK(r[2].name == "weighted");
  CHECK((r[0].won == 2 && r[0].drawn == 0 && r[0].lost == 1));
  CHECK(r[0].last == "2026-11-03T10:00:00Z");
  CHECK((r[1].won == 0 && r[1].lost == 1 && r[1].last == "2026-11-05T10:00:00Z"));
  CHECK((r[2].won == 1 && r[2].lost == 0));
}

TEST_CASE("history rules: four of the last five won against a level suggests the next one up", "[ui][history]") {
  using O = KeptAs;
  const std::vector<ArchivedGame> won4 = {against("level-2", O::Won), against("level-2", O::Won), against("level-2", O::Lost),
                                          against("level-2", O::Won), against("level-2", O::Won)};
  auto s = level_suggestion(entries(won4), levels(5));
  REQUIRE(s);
  CHECK(*s == LevelSuggestion{true, "level-2", "level-3", 4, 5});
  CHECK(suggestion_text(*s, Lang::En, levels(5)) == "You won 4 of your last 5 games against Lv 2: try Lv 3.");
  CHECK(contains(suggestion_text(*s, Lang::Ja, levels(5)), "4\u52dd"));  // 4勝

  // No level above: nothing to suggest.
  CHECK_FALSE(level_suggestion(entries(won4), levels(2)));
  // Four games are not enough; three wins of five are not either.
  CHECK_FALSE(level_suggestion(entries({won4.begin(), won4.end() - 1}), levels(5)));
  std::vector<ArchivedGame> mixed = won4;
  mixed[0] = against("level-2", O::Lost);
  CHECK_FALSE(level_suggestion(entries(mixed), levels(5)));
  // Only the last five count: a sixth, older loss changes nothing, nor do unfinished games
  // or games against a program that is not a level.
  std::vector<ArchivedGame> more = won4;
  more.push_back(against("level-2", O::Lost));
  more.insert(more.begin() + 2, against("level-2", O::Unfinished));
  more.insert(more.begin(), against("weighted", O::Lost));
  s = level_suggestion(entries(more), levels(5));
  REQUIRE(s);
  CHECK(s->name == "level-2");
  CHECK(s->count == 4);

  // The level last played is the one advised about.
  std::vector<ArchivedGame> switched = won4;
  switched.insert(switched.begin(), against("level-4", O::Won));
  CHECK_FALSE(level_suggestion(entries(switched), levels(5)));
}

TEST_CASE("history rules: four of the last five lost suggests the level below, never below level 1", "[ui][history]") {
  using O = KeptAs;
  std::vector<ArchivedGame> lost4(4, against("level-3", O::Lost));
  lost4.push_back(against("level-3", O::Won));
  const auto s = level_suggestion(entries(lost4), levels(5));
  REQUIRE(s);
  CHECK(*s == LevelSuggestion{false, "level-3", "level-2", 4, 5});
  CHECK(suggestion_text(*s, Lang::En, levels(5)) ==
        "You lost 4 of your last 5 games against Lv 3: Lv 2 may suit you better for now.");
  const std::vector<ArchivedGame> bottom(5, against("level-1", O::Lost));
  CHECK_FALSE(level_suggestion(entries(bottom), levels(5)));
  CHECK_FALSE(level_suggestion({}, levels(5)));
}

TEST_CASE("history rules: the playing rating from the finished games against the levels, oldest first", "[ui][history]") {
  using O = KeptAs;
  // Newest first: two wins over level-5 after a loss to level-1.
  const auto r = history_ratings(entries({against("level-5", O::Won), against("weighted", O::Won),
                                          against("level-5", O::Unfinished), against("level-5", O::Won),
                                          against("level-1", O::Lost)}));
  REQUIRE(r.size() == 3);  // the unfinished game and the unrated program are left out
  CHECK(r[0].rating < 1500);           // the first: a loss to the weakest level
  CHECK(r[1].rating > r[0].rating);    // then wins
  CHECK(r[2].rating > r[1].rating);
  CHECK(r[2].deviation < r[0].deviation);
}

TEST_CASE("history rules: the page's summary of its kept games' lines", "[ui][history]") {
  using O = KeptAs;
  std::vector<ArchivedGame> games(4, against("level-1", O::Won));
  games.push_back(against("level-1", O::Lost));
  games[0].date = "2026-11-05T10:00:00Z";
  std::string lines;
  for (const ArchivedGame& g : games) lines += archive_line(g) + "\n";
  ArchivedGame people;
  people.moves = kFinished;
  lines += archive_line(people) + "\n(;GM[Othello]B[z9];)\n" + archive_line(against("level-1", O::Unfinished));

  const std::string json = history_summary_json(lines, Lang::En, levels(3));
  INFO(json);
  const std::string person = winner() == Color::Black ? "black" : "white";
  CHECK(json.rfind("{\"games\":[{\"opponent\":\"computer\",\"result\":\"won\",\"name\":\"level-1\",\"color\":\"" + person +
                       "\",\"mine\":",
                   0) == 0);
  CHECK(contains(json, "{\"opponent\":\"computer\",\"result\":\"lost\",\"name\":\"level-1\""));
  CHECK(contains(json, "{\"opponent\":\"people\",\"result\":\"" + person + "\"}"));
  CHECK(contains(json, "},null,{\"opponent\":\"computer\",\"result\":\"unfinished\""));  // a line that cannot be read
  CHECK(contains(json, "\"results\":[{\"name\":\"level-1\",\"won\":4,\"drawn\":0,\"lost\":1,\"last\":\"2026-11-05T10:00:00Z\"}]"));
  CHECK(contains(json, "\"suggestion\":\"You won 4 of your last 5 games against Lv 1: try Lv 2.\""));
  CHECK(contains(json, "\"ratings\":[{\"rating\":"));
  CHECK(contains(history_summary_json(lines, Lang::Ja, levels(3)), "\u30ec\u30d9\u30eb2\u306b\u6311\u6226"));  // レベル2に挑戦
  // Nothing kept: nothing to say.
  CHECK(history_summary_json("", Lang::En, levels(3)) == "{\"games\":[],\"results\":[],\"suggestion\":\"\",\"ratings\":[]}");
}

TEST_CASE("history rules: the page's summary reads each line once, keeping the last call's lines", "[ui][history]") {
  using O = KeptAs;
  const std::string won = archive_line(against("level-1", O::Won, "2026-11-01T10:00:00Z"));
  const std::string lost = archive_line(against("level-1", O::Lost, "2026-11-02T10:00:00Z"));
  const std::string text = lost + "\n" + won + "\n" + won + "\nnot a game\n";
  HistoryLineCache cache;
  const std::string plain = history_summary_json(text, Lang::En, levels(3));
  CHECK(history_summary_json(text, Lang::En, levels(3), &cache) == plain);
  CHECK(cache.read.size() == 3);  // the two games (one line twice) and the line that cannot be read
  REQUIRE(cache.read.count(won));
  REQUIRE(cache.read[won]);
  CHECK_FALSE(cache.read["not a game"]);
  // Asked again, the lines come from the cache (marked here to tell), not read again.
  cache.read[won]->result = HistoryResult::Drawn;
  const std::string again = history_summary_json(text, Lang::En, levels(3), &cache);
  CHECK(again.find("\"won\":0,\"drawn\":2,\"lost\":1") != std::string::npos);
  // A line no longer given is forgotten.
  CHECK(history_summary_json(lost, Lang::En, levels(3), &cache).find("\"lost\":1") != std::string::npos);
  CHECK(cache.read.size() == 1);
  CHECK(cache.read.count(lost) == 1);
}
