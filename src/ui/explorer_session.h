// The opening explorer as a session of the controller (issue 33: one door): what the
// experts played from the position shown, the games that reached it, and a search of
// the expert games by player, tournament and year. The page and the desktop share it:
// the database sits behind an ExplorerClient (ui/explorer_client.h; a thread on the
// desktop, the explorer worker on the page), this session decides what to ask and when,
// keeps the answers that are still current, and says what to show: ExplorerPanel for
// the desktop's drawing, json() for the page's state. The rules of its buttons (a move
// played or described, a game replayed) are the controller's (ui/explorer_move.h).
//
// While open, the session follows the position shown (the live one, or the earlier one
// viewed): each new position is asked for its moves and, when the list shows the games
// that reached the position, for those too. An answer to a question no longer current
// (the position moved on, a newer search) is dropped.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/explorer_query.h"
#include "core/opening_names.h"
#include "ui/explorer_client.h"
#include "ui/text.h"

namespace reversi::ui {

// What the desktop draws for the explorer (renderer.h): the position shown's moves and
// the newest few games of the list.
struct ExplorerPanel {
  enum class State { Hidden, Loading, Ready, Failed };
  State state = State::Hidden;
  std::string error;          // why the database could not be read (Failed)
  std::uint32_t games = 0;    // games that reached the position shown (Ready)
  std::vector<MoveStatistics> moves;  // most played first, in the orientation shown
  std::vector<DatabaseGame> recent;   // the first games of the list (newest first)
  // A search's name matched several players: the first of them, listed instead of the
  // games (one click searches that player: the page's buttons, on the desktop).
  std::vector<std::string> players;
  bool searched = false;              // the list is a search's, not the position's games
  // The start position: its four moves are one move turned with the board, and the
  // database counts them under one (a lone e6 reads as "experts always play e6").
  bool start = false;
  static constexpr std::size_t kRecentGames = 3;  // how many (the panel shows them all)
};

// The games list: a search (player, tournament, year) or the games that reached the
// position shown ("here", which follows the position).
struct ExplorerSearch {
  std::optional<std::string> player, tournament;
  std::optional<int> year;
  bool here = false;
};

class ExplorerSession {
 public:
  static constexpr std::size_t kListedGames = 20;

  void set_client(std::unique_ptr<ExplorerClient> client) { client_ = std::move(client); }

  // Opening starts loading the database (once) and lists the position's games.
  void open();
  void close();
  bool is_open() const { return open_; }

  // Once a frame: the position shown and its opening (null: none). Sends what the
  // position needs, takes the answers; true when what is shown changed.
  bool update(const Position& shown, const Opening* opening);

  // The list: a new search (empty fields are not filters).
  void search(ExplorerSearch search);
  const ExplorerSearch& current_search() const { return search_; }

  // The moves of the position shown, when they are in (null while asked or failed).
  const PositionStatistics* moves() const;
  const MoveStatistics* move(Square square) const;  // one of them, or null
  // The list's games (null until answered), or why the search failed.
  const ExplorerGames* list() const { return list_ ? &*list_ : nullptr; }
  // (Its message is empty when there is none; ui::error_text says it.)
  const Error& list_error() const { return list_error_; }
  const DatabaseGame* listed_game(std::uint32_t number) const;
  // The move last described (a button that did not play), for its highlight.
  void select(Square square) { selected_ = square, ++revision_; }

  // A question from outside the panel (the page's reversi.explore() and games()): its id,
  // then its answer from take_answers() (also when the session is closed).
  std::uint64_t ask(ExplorerRequest request);
  std::vector<ExplorerReply> take_answers();

  // The database's load as of the last update() (what panel() and json() show).
  const ExplorerLoad& load() const { return last_load_; }
  ExplorerPanel panel() const;
  // ,"explorer":{...} for state_json (README, getState().explorer). The page asks for the
  // state every frame: the text is kept and made again only when the revision (or the
  // language: "listError" is said in it) moved.
  std::string json(Lang lang) const;
  // Changes with anything json() or panel() shows (the drawing key).
  std::uint64_t revision() const { return revision_; }

 private:
  // The position followed is the start (ExplorerPanel::start, the state's "start").
  bool at_start() const { return position_ && *position_ == Position::initial(); }
  void ask_position(const Position& shown);
  void ask_list(const Position& shown);

  std::unique_ptr<ExplorerClient> client_;
  bool open_ = false;
  std::optional<Position> position_;  // the position asked about (the one shown)
  const Opening* opening_ = nullptr;
  std::uint64_t moves_id_ = 0;        // the question in flight for it
  std::optional<PositionStatistics> moves_;
  std::string moves_error_;
  ExplorerSearch search_{{}, {}, {}, true};
  std::uint64_t list_id_ = 0;
  std::optional<ExplorerGames> list_;
  Error list_error_;
  Square selected_ = NO_SQUARE;
  std::vector<std::uint64_t> asked_;     // ask()'s questions not yet answered
  std::vector<ExplorerReply> answers_;   // their answers, until taken
  ExplorerLoad last_load_;
  std::uint64_t revision_ = 1;
  mutable std::string json_;              // json() as of json_revision_
  mutable std::uint64_t json_revision_ = 0;
  mutable Lang json_lang_ = Lang::En;
};

}  // namespace reversi::ui
