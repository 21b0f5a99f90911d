// The desktop's "Your games" (issue 35): the games kept in history.ggf (core/game_archive.h)
// as a list, newest first, with a line per game (date, the result from the person's side,
// the opponent, the opening, the accuracy once reviewed), the results against each
// computer player, the game selected and where the panel's lines go. Plain C++ (no SDL):
// the desktop main fills it (read_store at start, then each game Controller::on_history
// tells), SdlApp drives it (key G, Up/Down, Enter, clicks) and the renderer draws it
// (renderer_history.cpp). The page has its own panel (web/js/history-panel.js), which shows
// what history_summary_json says of its kept games: the rules are written here only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/expected.h"
#include "core/game_archive.h"
#include "core/opening_names.h"
#include "core/rating.h"
#include "engine/player.h"
#include "ui/layout.h"
#include "ui/text.h"

namespace reversi::ui {

class Controller;

// A computer player as the cards name it: "Lv 6" for the searcher's levels, a classic
// program's own name (its id) otherwise.
std::string player_short_name(Lang lang, const std::vector<PlayerInfo>& players, std::string_view player);

// Whom the person played in a kept game: one computer player (`name`, the person playing
// `person`), people on both sides, or the computer on both.
struct HistoryOpponent {
  enum class Kind { Computer, People, Computers };
  Kind kind = Kind::People;
  std::string name;             // Computer: the computer's player id
  Color person = Color::Black;  // Computer: the person's colour
};
HistoryOpponent history_opponent(const ArchivedGame& game);
// How it went for the person: Won, Drawn, Lost against one computer player; BlackWon,
// WhiteWon, Draw otherwise; Unfinished while not over.
enum class HistoryResult { Won, Drawn, Lost, BlackWon, WhiteWon, Draw, Unfinished };
HistoryResult history_result(const ArchivedGame& game);

// The finished games against one computer player.
struct OpponentResults {
  std::string name;  // the player's id
  int won = 0, drawn = 0, lost = 0;
  std::string last;  // the date of the newest ("" when none of them has one)
};

// What to play next (the results' advice): from the level last played (of the newest
// finished game against a level), its last five finished games: four or more won -> the
// level above; four or more lost -> the level below; nothing with fewer games, a mixed
// record, or no such level (`players` lists the levels there are).
struct LevelSuggestion {
  bool up = true;    // the level above; false: the one below
  std::string name;  // the level played ("level-6")
  std::string next;  // the one suggested
  int count = 0;     // of the last games: won (up) or lost (down)
  int of = 0;        // the last games counted (5)
  bool operator==(const LevelSuggestion&) const = default;
};

// Where the panel's parts go: in landscape the results at the top (the graph's box: a
// heading and a line per computer player) and the list below (the move list's box: its
// heading, a row of two lines per game, the keys at the bottom). Where only one of the
// boxes is there (portrait: the graph's), the list takes it and the results are left out.
struct HistoryPanelLayout {
  float px = 0;             // the text size of the list
  Rect results;             // the results' box (zero when left out)
  Rect list;                // the list's box (zero: no room, the panel cannot show)
  Rect heading;             // "Your games: 12"
  Rect keys;                // "↑ ↓ choose · Enter opens · G closes" (zero when no room)
  struct Row {
    std::size_t index = 0;  // of the game in HistoryPanel::entries()
    Rect rect;
  };
  std::vector<Row> rows;    // the games in view, the selected one among them
};
// `count` games, `selected` to keep in view (the view is centred on it where it can be).
HistoryPanelLayout history_panel_layout(const Layout& layout, std::size_t count, std::size_t selected);
// The index of the game whose row holds (x, y), or -1.
int history_row_at(const HistoryPanelLayout& panel, float x, float y);

class HistoryPanel {
 public:
  struct Entry {
    std::uint64_t id = 0;
    ArchivedGame game;
    // What the list says, worked out once.
    bool over = false;
    int black_discs = 0, white_discs = 0;
    HistoryOpponent opponent;
    HistoryResult result = HistoryResult::Unfinished;
    const Opening* opening = nullptr;  // the named opening its moves reach (from the start)
  };

  // An entry of the list: the game's words worked out once.
  static Entry make_entry(std::uint64_t id, ArchivedGame game);

  // The store as read (read_store): the list is these games, newest first.
  void set_games(std::vector<StoredGame> games);
  // A game told (Controller::on_history): its entry replaced where the id is there, else added.
  void put(std::uint64_t id, const ArchivedGame& game);
  // Newest first: by date, then by id (the order they were kept), as the page lists them.
  const std::vector<Entry>& entries() const { return entries_; }

  // Shown in the panel's place (the move list's and the graph's boxes). Showing selects
  // the newest game when none is.
  bool shown() const { return shown_; }
  void set_shown(bool shown);

  // The game selected (an index of entries()), none when there is no game. It stays on
  // the same game when others are added.
  std::optional<std::size_t> selected() const;
  const Entry* selected_entry() const;
  void select(std::size_t index);  // past the end: the last
  void move_selection(int delta);  // Up -1, Down +1, clamped at the ends
  // Opens the selected game on the controller's board (Controller::open_archived: a finished
  // one from its start, an unfinished one taken up again) and hides the panel. Error when
  // none is selected or it could not be opened (the panel stays).
  Status open_selected(Controller& controller);

  // Finished games against each computer player, by level (other players after the
  // levels, by name).
  std::vector<OpponentResults> results() const;

  // The texts (the catalog's desk.history.*): a game's two lines, the results' lines.
  std::string result_text(const Entry& e, Lang lang) const;
  std::string opponent_text(const Entry& e, Lang lang, const std::vector<PlayerInfo>& players) const;
  // "28 Nov 2026 10:02" in the local time zone; "date unknown" when there is none.
  std::string date_text(const Entry& e, Lang lang) const;
  // The opening's name and the accuracy once reviewed ("your accuracy 87%"): the second line.
  std::string detail_text(const Entry& e, Lang lang) const;
  std::string results_line(const OpponentResults& r, Lang lang, const std::vector<PlayerInfo>& players) const;
  // The advice under the results ("You won 4 of your last 5 games against Lv 2: try Lv 3."),
  // "" when there is none (level_suggestion).
  std::string suggestion_text(Lang lang, const std::vector<PlayerInfo>& players) const;

  // Changes whenever anything the panel draws changes (SdlApp redraws on it).
  std::uint64_t revision() const { return revision_; }

 private:
  void sort();
  std::vector<Entry> entries_;
  bool shown_ = false;
  std::uint64_t selected_id_ = 0;  // 0: none
  std::uint64_t revision_ = 0;
};

// The rules above over a list of kept games (`entries` newest first, as the panels list them),
// for the desktop's panel and the page's (web_history_summary).
// Finished games against each computer player: the levels up, then the others by name.
std::vector<OpponentResults> opponent_results(const std::vector<HistoryPanel::Entry>& entries);
std::optional<LevelSuggestion> level_suggestion(const std::vector<HistoryPanel::Entry>& entries,
                                                const std::vector<PlayerInfo>& players);
std::string suggestion_text(const LevelSuggestion& s, Lang lang, const std::vector<PlayerInfo>& players);
// The person's playing rating (core/rating.h playing_ratings) after each finished game
// against a rated level (engine/level.h level_rating), oldest first.
std::vector<Rating> history_ratings(const std::vector<HistoryPanel::Entry>& entries);

// What the page's "Your games" shows of its kept games (web/js/history-panel.js): `lines` the
// games' GGF lines, newest first, one a line ->
//   {"games":[one per line: {"opponent":"computer"|"people"|"computers","name":the computer's
//     id,"color":the person's ("black"|"white"),"result":"won"|"drawn"|"lost"|"black"|"white"|
//     "draw"|"unfinished","mine","theirs" (the person's discs and the computer's)}, or null
//     for a line that cannot be read],
//    "results":[{"name","won","drawn","lost","last"}] (opponent_results),
//    "suggestion": suggestion_text ("" when none), "ratings":[{"rating","deviation"}]}
// `cache`, when given, keeps each line's game as read, for the next call: the page asks again
// with every kept game after each change, and reading a line is what costs (10,000 games:
// seconds; read again: milliseconds). It holds the lines of the last call only.
struct HistoryLineCache {
  using Map = std::unordered_map<std::string, std::optional<HistoryPanel::Entry>>;
  Map read;
};
std::string history_summary_json(std::string_view lines, Lang lang, const std::vector<PlayerInfo>& players,
                                 HistoryLineCache* cache = nullptr);

}  // namespace reversi::ui
