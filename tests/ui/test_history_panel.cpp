// The desktop's "Your games" (ui/history_panel.h; issue 35): the kept games newest first,
// the result from the person's side, the selection, the results against each computer
// player, an entry replaced by its id, where the lines go, and a game opened.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "core/notation.h"
#include "fake_ai.h"
#include "ui/controller.h"
#include "ui/history_panel.h"

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

namespace {

ArchivedGame game(const std::string& date, ArchivedSide black, ArchivedSide white, std::vector<Square> moves) {
  ArchivedGame g;
  g.date = date;
  g.black = std::move(black);
  g.white = std::move(white);
  g.moves = std::move(moves);
  return g;
}

const ArchivedSide kPerson{};
ArchivedSide computer(const std::string& name) { return {true, name}; }

std::vector<PlayerInfo> players() {
  PlayerInfo l6{"level-6", "", 6}, l2{"level-2", "", 2};
  return {{"weighted", ""}, l2, l6};
}

// Sets the time zone to UTC for the dates' words, and back.
struct Utc {
  std::string old;
  bool had;
  Utc() : had(std::getenv("TZ") != nullptr) {
    if (had) old = std::getenv("TZ");
    setenv("TZ", "UTC", 1);
    tzset();
  }
  ~Utc() {
    if (had) setenv("TZ", old.c_str(), 1);
    else unsetenv("TZ");
    tzset();
  }
};

}  // namespace

TEST_CASE("history panel: the result from the person's side, whoever played black", "[ui][history]") {
  const auto finished = first_legal_game();
  const Position end = game("", kPerson, kPerson, finished).final_position();
  const int black = end.disc_count(Color::Black), white = end.disc_count(Color::White);
  REQUIRE(black != white);  // the first-legal game is not a draw
  const bool black_won = black > white;

  const ArchivedGame as_black = game("", kPerson, computer("level-6"), finished);
  const HistoryOpponent o = history_opponent(as_black);
  CHECK(o.kind == HistoryOpponent::Kind::Computer);
  CHECK(o.name == "level-6");
  CHECK(o.person == Color::Black);
  CHECK(history_result(as_black) == (black_won ? HistoryResult::Won : HistoryResult::Lost));
  const ArchivedGame as_white = game("", computer("level-6"), kPerson, finished);
  CHECK(history_opponent(as_white).person == Color::White);
  CHECK(history_result(as_white) == (black_won ? HistoryResult::Lost : HistoryResult::Won));
  CHECK(history_result(game("", kPerson, kPerson, finished)) == (black_won ? HistoryResult::BlackWon : HistoryResult::WhiteWon));
  CHECK(history_opponent(game("", kPerson, kPerson, finished)).kind == HistoryOpponent::Kind::People);
  CHECK(history_opponent(game("", computer("a"), computer("b"), finished)).kind == HistoryOpponent::Kind::Computers);
  CHECK(history_result(game("", kPerson, computer("level-6"), {F5, D6})) == HistoryResult::Unfinished);

  HistoryPanel h;
  h.set_games({{1, as_black}, {2, as_white}, {3, game("", kPerson, computer("level-6"), {F5, D6, C3})}});
  const auto words = [&](std::uint64_t id, Lang lang) {
    for (const auto& e : h.entries())
      if (e.id == id) return h.result_text(e, lang);
    return std::string();
  };
  const std::string score = std::to_string(std::max(black, white)) + "\u2013" + std::to_string(std::min(black, white));
  const std::string lost = std::to_string(std::min(black, white)) + "\u2013" + std::to_string(std::max(black, white));
  CHECK(words(1, Lang::En) == (black_won ? "Won " + score : "Lost " + lost));
  CHECK(words(2, Lang::En) == (black_won ? "Lost " + lost : "Won " + score));
  CHECK(words(3, Lang::En) == "Unfinished after 3 moves");
  CHECK(words(3, Lang::Ja) == "3\u624b\u3067\u4e2d\u65ad");  // 3手で中断
  h.put(4, game("", kPerson, kPerson, {F5}));
  CHECK(words(4, Lang::En) == "Unfinished after 1 move");
  h.put(5, game("", kPerson, kPerson, finished));
  CHECK(words(5, Lang::En) == std::string(black_won ? "Black" : "White") + " won " + score);
}

TEST_CASE("history panel: newest first, an entry replaced by its id, the selection kept", "[ui][history]") {
  HistoryPanel h;
  CHECK_FALSE(h.selected());
  h.set_shown(true);
  CHECK_FALSE(h.selected());  // nothing to select
  h.set_games({{10, game("2026-11-01T10:00:00Z", kPerson, computer("level-2"), {F5})},
                {30, game("2026-11-03T10:00:00Z", kPerson, computer("level-2"), {F5})},
                {20, game("2026-11-03T10:00:00Z", kPerson, computer("level-2"), {F5})},
                {40, game("", kPerson, kPerson, {F5})}});  // no date: last
  auto ids = [&] {
    std::vector<std::uint64_t> out;
    for (const auto& e : h.entries()) out.push_back(e.id);
    return out;
  };
  CHECK(ids() == std::vector<std::uint64_t>{30, 20, 10, 40});  // by date, then the later kept
  h.set_shown(false);
  h.set_shown(true);
  REQUIRE(h.selected() == 0u);  // shown: the newest selected
  h.move_selection(1);
  CHECK(h.selected_entry()->id == 20);
  h.move_selection(-5);
  CHECK(h.selected() == 0u);  // clamped
  h.move_selection(10);
  CHECK(h.selected_entry()->id == 40);
  h.select(1);
  CHECK(h.selected_entry()->id == 20);

  // A new game goes on top; the selection stays on its game.
  const auto revision = h.revision();
  h.put(50, game("2026-11-04T09:00:00Z", kPerson, computer("level-2"), {F5, D6}));
  CHECK(h.revision() != revision);
  CHECK(ids() == std::vector<std::uint64_t>{50, 30, 20, 10, 40});
  CHECK(h.selected_entry()->id == 20);
  // The same game told again (further on, reviewed): replaced, not added.
  ArchivedGame later = game("2026-11-04T09:00:00Z", kPerson, computer("level-2"), {F5, D6, C3});
  later.black_accuracy = 91.6;
  later.white_accuracy = 70;
  h.put(50, later);
  CHECK(h.entries().size() == 5);
  CHECK(h.entries()[0].game == later);
  // f5d6c3 is the Perpendicular opening's way: its name, then the person's accuracy.
  REQUIRE(h.entries()[0].opening);
  CHECK(h.detail_text(h.entries()[0], Lang::En) == h.entries()[0].opening->name(false) + " \u00b7 your accuracy 92%");
  h.put(40, game("", kPerson, kPerson, {F5, F6}));
  CHECK(h.entries().size() == 5);
  CHECK(h.entries().back().game.moves.size() == 2);
}

TEST_CASE("history panel: results against each computer player, by level", "[ui][history]") {
  const auto finished = first_legal_game();
  const Position end = game("", kPerson, kPerson, finished).final_position();
  const bool black_won = end.disc_count(Color::Black) > end.disc_count(Color::White);
  // A win and a loss for the person whichever colour won the first-legal game.
  const ArchivedGame won = black_won ? game("d", kPerson, computer("level-6"), finished)
                                     : game("d", computer("level-6"), kPerson, finished);
  const ArchivedGame lost = black_won ? game("d", computer("level-6"), kPerson, finished)
                                      : game("d", kPerson, computer("level-6"), finished);
  HistoryPanel h;
  h.set_games({{1, won}, {2, won}, {3, lost}, {4, game("d", kPerson, computer("level-6"), {F5})},  // unfinished: not counted
               {5, game("d", kPerson, kPerson, finished)},                                         // two people: not counted
               {6, black_won ? game("d", kPerson, computer("weighted"), finished) : game("d", computer("weighted"), kPerson, finished)},
               {7, black_won ? game("d", kPerson, computer("level-10"), finished) : game("d", computer("level-10"), kPerson, finished)},
               {8, black_won ? game("d", computer("level-2"), kPerson, finished) : game("d", kPerson, computer("level-2"), finished)}});
  const auto r = h.results();
  REQUIRE(r.size() == 4);
  CHECK(r[0].name == "level-2");  // the levels up (10 after 6, not after 1), then the others
  CHECK(r[1].name == "level-6");
  CHECK(r[2].name == "level-10");
  CHECK(r[3].name == "weighted");
  CHECK((r[1].won == 2 && r[1].drawn == 0 && r[1].lost == 1));
  CHECK((r[0].won == 0 && r[0].lost == 1));
  CHECK(h.results_line(r[1], Lang::En, players()) == "Lv 6: 2\u20130\u20131");
  // A human player (engine/human_player.h) by its rating, in the window's language.
  const std::vector<PlayerInfo> with_human = {{"human-2100", ""}};
  CHECK(player_short_name(Lang::En, with_human, "human-2100") == "Human 2100");
  CHECK(player_short_name(Lang::Ja, with_human, "human-2100") == "R2100\u306e\u4eba");  // R2100の人
  CHECK(player_short_name(Lang::En, {}, "human-2100") == "human-2100");  // not in this build's list
  CHECK(h.results_line(r[1], Lang::Ja, players()) == "\u30ec\u30d9\u30eb6: 2\u52dd0\u52061\u6557");  // レベル6: 2勝0分1敗
  CHECK(h.results_line(r[3], Lang::En, players()) == "weighted: 1\u20130\u20130");
}

TEST_CASE("history panel: the words of a game's lines", "[ui][history]") {
  Utc utc;
  HistoryPanel h;
  ArchivedGame reviewed = game("2026-11-28T01:02:03Z", computer("level-6"), kPerson, {F5, D6, C3, D3, C4});
  reviewed.black_accuracy = 80.4;
  reviewed.white_accuracy = 66.6;
  ArchivedGame two = game("", kPerson, kPerson, {F5, D6, C3, D3, C4});
  two.black_accuracy = 50;
  two.white_accuracy = 99.5;
  h.set_games({{1, reviewed}, {2, two}, {3, game("2026-11-27T00:00:00Z", ArchivedSide{false, "Ann"}, kPerson, {F5})}});
  const auto& e = h.entries();
  REQUIRE(e.size() == 3);
  CHECK(e[0].id == 1);
  CHECK(h.date_text(e[0], Lang::En) == "2026-11-28 01:02");
  CHECK(h.date_text(e[0], Lang::Ja) == "2026/11/28 01:02");
  CHECK(h.opponent_text(e[0], Lang::En, players()) == "Lv 6 (you: white)");
  CHECK(h.opponent_text(e[0], Lang::En, {}) == "level-6 (you: white)");  // a player this build lacks
  REQUIRE(e[0].opening);
  // The opening's name (f5d6c3d3c4 is the Tiger), then the person's accuracy.
  CHECK(h.detail_text(e[0], Lang::En) == e[0].opening->name(false) + " \u00b7 your accuracy 67%");
  CHECK(h.detail_text(e[0], Lang::Ja).find("\u3042\u306a\u305f\u306e\u6b63\u78ba\u3055 67%") != std::string::npos);
  CHECK(h.opponent_text(e[1], Lang::En, players()) == "Ann (black) \u2013 you (white)");
  CHECK(h.detail_text(e[1], Lang::En).empty());  // f5 names no opening; not reviewed
  CHECK(h.date_text(e[2], Lang::En) == "date unknown");
  CHECK(h.opponent_text(e[2], Lang::En, players()) == "Two players");
  CHECK(h.detail_text(e[2], Lang::En).find("accuracy black 50%, white 100%") != std::string::npos);
  h.put(4, game("yesterday", kPerson, kPerson, {F5}));
  for (const auto& x : h.entries())
    if (x.id == 4) CHECK(h.date_text(x, Lang::Ja) == "\u65e5\u4ed8\u4e0d\u660e");  // 日付不明
}

TEST_CASE("history panel: the rows in view keep the selected game, a click finds its row", "[ui][history]") {
  const Layout l = compute_layout(1000, 700, 1);
  REQUIRE(l.moves.w > 0);
  REQUIRE(l.graph.w > 0);
  const HistoryPanelLayout none = history_panel_layout(l, 0, 0);
  CHECK(none.rows.empty());
  CHECK(none.heading.w > 0);
  CHECK(none.results.y == l.graph.y);
  const HistoryPanelLayout few = history_panel_layout(l, 2, 0);
  REQUIRE(few.rows.size() == 2);
  CHECK(few.rows[0].index == 0);
  const std::size_t fit = history_panel_layout(l, 1000, 0).rows.size();
  REQUIRE(fit >= 3);
  for (std::size_t selected : {std::size_t(0), std::size_t(7), std::size_t(500), std::size_t(999)}) {
    const HistoryPanelLayout p = history_panel_layout(l, 1000, selected);
    REQUIRE(p.rows.size() == fit);
    CHECK(p.rows.front().index <= selected);
    CHECK(p.rows.back().index >= selected);
    for (const auto& row : p.rows) {
      CHECK(row.rect.y >= p.list.y);
      CHECK(row.rect.y + row.rect.h <= (p.keys.w > 0 ? p.keys.y : p.list.y + p.list.h));
      CHECK(history_row_at(p, row.rect.x + 5, row.rect.y + row.rect.h / 2) == int(row.index));
    }
  }
  CHECK(history_row_at(history_panel_layout(l, 1000, 0), l.board.x + 5, l.board.y + 5) == -1);
  // Portrait: the list alone, in the graph's box when there is one.
  const Layout portrait = compute_layout(400, 900, 1);
  const HistoryPanelLayout p = history_panel_layout(portrait, 5, 0);
  CHECK(p.results.w == 0);
  if (portrait.graph.w > 0) CHECK(p.list.y == portrait.graph.y);
}

TEST_CASE("history panel: Enter opens the selected game on the board", "[ui][history]") {
  Fixture f("color=black&opponent=level-2&pause=0&speed=instant");
  std::vector<std::pair<std::uint64_t, ArchivedGame>> told;
  HistoryPanel h;
  f.c->set_history_ids(100);
  f.c->on_history([&](std::uint64_t id, const ArchivedGame& g) { h.put(id, g), told.push_back({id, g}); });
  const auto finished = first_legal_game();
  h.set_games({{7, game("2026-11-02T00:00:00Z", kPerson, computer("level-2"), finished)},
               {8, game("2026-11-03T00:00:00Z", kPerson, computer("level-2"), {F5, F6})}});
  CHECK_FALSE(h.open_selected(*f.c).ok());  // none selected
  h.set_shown(true);
  h.move_selection(1);  // the finished game (the older one)
  REQUIRE(h.selected_entry()->id == 7);
  REQUIRE(h.open_selected(*f.c).ok());
  CHECK_FALSE(h.shown());
  CHECK(f.c->archived_id() == 7);
  CHECK(f.c->game().ply() == finished.size());
  CHECK(f.c->viewing() == 0u);  // from its start
  // The unfinished one: taken up against the same level, the person to move.
  h.set_shown(true);
  h.select(0);
  REQUIRE(h.open_selected(*f.c).ok());
  CHECK(f.c->archived_id() == 8);
  CHECK(f.c->game().ply() == 2);
  CHECK(f.c->options().opponent() == "level-2");
  // A move in it is told under its id: the list's entry replaced, not added.
  REQUIRE(f.c->play(first_legal(f.c->position())).ok());
  f.c->new_game();  // leaves it unfinished: told
  REQUIRE_FALSE(told.empty());
  CHECK(told.back().first == 8);
  CHECK(h.entries().size() == 2);
  for (const auto& e : h.entries())
    if (e.id == 8) CHECK(e.game.moves.size() >= 3);
}
