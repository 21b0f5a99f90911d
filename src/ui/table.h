// The board the player acts on (issue 44): one game with the position shown (a view of
// an earlier position, a line previewed over it), the keyboard's square, the games kept
// for undo and redo, and the rules of what may be played there and why not. The
// controller keeps the player's table and, while a puzzle is open, puts the puzzle's in
// front of it; every click, key, undo, redo, hint and view goes to the table on the
// board and asks its rules, so the controller's paths hold no "is this a puzzle?" test.
//
// The rules are an object the table is given: GameRules (the player's game: the
// analysis follows it, its moves are kept in the history, undo and redo work) and the
// practice room's PuzzleRules (ui/practice_rules.h), which practice gives the puzzle's
// table when it opens. Plain C++, no SDL.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "core/game_archive.h"
#include "core/game_clock.h"
#include "ui/ai_client.h"
#include "ui/line_preview.h"
#include "ui/options.h"

namespace reversi::ui {

class AnalysisSession;
struct ShownAnalysis;

// Why a person's move was refused (Controller::play), so the board can show it.
enum class RejectReason {
  Illegal,      // an empty square that flips nothing
  Occupied,     // a stone is already there
  NotYourTurn,  // the computer is to move
  GameOver,
  Reviewing,    // an earlier position of the game is shown (Controller::view)
};
// "illegal", "occupied", "notYourTurn", "gameOver", "reviewing" (state_json).
std::string_view reject_reason_name(RejectReason reason);

// A move refused: the square's mark and the words said.
struct Refusal {
  RejectReason reason;
  Error why;
};

// Who played an expert game replayed from the explorer, and where (the database's names).
struct ReplayInfo {
  std::string black, white, tournament;
  int year = 0;
  bool operator==(const ReplayInfo&) const = default;
};

// How the game on a table is kept in the player's history (Controller::open_archived,
// record_game).
struct GameRecord {
  std::uint64_t id = 0;     // 0: not told yet
  bool played = false;      // a person here has moved in it
  std::string date;         // when first told
  std::optional<ArchivedSide> black, white;              // as opened from the history
  std::optional<double> black_accuracy, white_accuracy;  // from a completed review
  std::vector<ArchivedMistake> mistakes;                 // the person's, from that review
  std::string told;         // the line last told (nothing new: nothing told)
  // The game's seed for the computer's form (MoveRequest::game: a human player plays the
  // whole game at one form, drawn from it): taken at the game's first computer move, kept
  // with the game (undo, a new game undone), not saved (a reload draws anew).
  std::uint64_t game_seed = 0;
};

// A game kept aside for undo (before new_game()) or redo (the new game undo() left).
struct PreviousGame {
  Game game;
  Options options;
  std::optional<ReplayInfo> replay;
  GameRecord record;
  GameClock clock;
};

class Table;

// What a person's move that the board allows becomes (TableRules::take_move).
enum class MoveUse {
  Play,   // played on the board
  Taken,  // used by the rules without a move on the board (a puzzle's answer is judged)
};

// The rules of a table: what the controller's paths ask instead of testing what is on
// the board. The defaults are the plain game's, without its analysis (GameRules adds it).
class TableRules {
 public:
  virtual ~TableRules() = default;

  // A person's move on `t` that the board allows (their turn, the live position, legal):
  // Play, Taken, or an error that refuses it, changing nothing.
  virtual Expected<MoveUse> take_move(Table& t, Square s, Lang lang);
  // Undo and Redo act on this table's game (off in a puzzle: Back to the game leaves it).
  virtual bool undoable() const { return true; }
  // The analysis may be switched on here (off in a puzzle: it would give the answer away).
  virtual bool analysable() const { return true; }
  // A line may be previewed over the position shown; else why not.
  virtual Status may_preview() const { return {}; }
  // The game is the player's own: kept in the history, reviewed, and the side panels
  // (moves, graph, review, history, the explorer's moves) act on it.
  virtual bool players_game() const { return true; }
  // The table's options from the player's: the game takes them, a puzzle its own seats.
  virtual Options options_for(const Options& player) const { return player; }
  // What the computer is asked for its move.
  virtual AiRequest computer_request(const Position& p, const Options& o, std::uint64_t seed) const;
  // A hint of the rules' own (a puzzle's region, then its square) instead of asking the
  // hint player: nullopt for the computer's; else the square to mark (NO_SQUARE: none
  // yet) or why not.
  virtual std::optional<Expected<Square>> own_hint() { return std::nullopt; }
  // Told after a move is played on the table, after every change of its position and
  // after a change of the view.
  virtual void moved(const Position& before, Square s) { (void)before, (void)s; }
  virtual void position_changed(const Game& game, std::size_t shown_ply) { (void)game, (void)shown_ply; }
  virtual void view_changed(const Game& game, std::size_t shown_ply) { (void)game, (void)shown_ply; }
  // The analysis switch as the toolbar shows it, and the values for the position shown.
  virtual bool analysis_on() const { return false; }
  virtual const ShownAnalysis* shown_values(const Table& t) const { (void)t; return nullptr; }
};

// The player's own game: the analysis session follows the position shown.
class GameRules final : public TableRules {
 public:
  explicit GameRules(AnalysisSession& analysis) : analysis_(analysis) {}
  void position_changed(const Game& game, std::size_t shown_ply) override;
  void view_changed(const Game& game, std::size_t shown_ply) override;
  bool analysis_on() const override;
  const ShownAnalysis* shown_values(const Table& t) const override;

 private:
  AnalysisSession& analysis_;
};

class Table {
 public:
  // A table keeps its rules' address (the controller owns both).
  explicit Table(TableRules& rules) : rules_(&rules) {}
  TableRules& rules() const { return *rules_; }

  Game game;
  Options options;
  std::optional<std::size_t> view;         // the ply shown while reviewing
  std::optional<LinePreview> preview;      // a line shown over the view (preview())
  Square cursor = D3;
  std::optional<ReplayInfo> replay;        // an expert game replayed from the explorer
  std::optional<PreviousGame> previous;    // before new_game(), until a person moves
  std::optional<PreviousGame> undone_new;  // the new game undo() left, for redo()
  GameRecord record;                       // the player's history's view of this game
  // The game's clocks (core/game_clock.h; untimed unless the game was started with a time
  // control). A game against the clock takes no move back: undo and redo are off in it
  // (but for bringing back the game before it), as on online sites.
  GameClock clock;

  PreviousGame kept() const { return {game, options, replay, record, clock}; }  // this game, to keep for undo
  // The game is over: by the rules, or a flag fell (the side lost on time).
  bool ended() const { return game.over() || clock.flag().has_value(); }
  std::size_t shown_ply() const { return view ? *view : game.ply(); }
  bool human_to_move() const { return !ended() && options.human(game.position().to_move); }
  bool computer_to_move() const { return !ended() && !options.human(game.position().to_move); }
  // The line previewed, only on the view it was made from; null otherwise.
  const LinePreview* shown_preview() const;

  // Why a person's move at `s` is refused on the board as it stands (an earlier position
  // shown, the game over, the computer's turn, a stone there, not legal); nullopt: the
  // board allows it and the rules decide (TableRules::take_move).
  std::optional<Refusal> refusal(Square s) const;

  // Undo: two players or nobody human -> one move. Against the computer -> back to
  // before the person's last move (the computer's replies go too). A game kept before a
  // new game comes back first. Redo replays the same steps. Both false where the rules
  // say so (a puzzle).
  bool can_undo() const;
  bool can_redo() const;
  // The moves of one undo or redo on the game (can_undo/can_redo true, no kept game to
  // bring back: the controller swaps those).
  void undo_moves();
  void redo_moves();

 private:
  bool human_moved_at(std::size_t ply) const;  // the move at index ply was a person's
  TableRules* rules_;
};

}  // namespace reversi::ui
