// The game a person plays, without any drawing: the game record, who plays each
// colour, the flip animation, the pause before the computer moves, undo/redo
// rules against the computer, hints, messages, keyboard cursor and hover. The
// SDL renderer only reads it; the desktop main, the web page (window.reversi) and
// the tests drive it. Time is passed in by update(now_ms) (milliseconds on any
// monotonic clock), so tests control it exactly.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "engine/player.h"
#include "ui/ai_client.h"
#include "ui/animation.h"
#include "ui/options.h"

namespace reversi::ui {

class Controller {
 public:
  // `players` is player_list() as read at run time (tests may pass their own).
  Controller(std::unique_ptr<AiClient> ai, std::vector<PlayerInfo> players,
             const Options& options = {});

  // ---- driving ---------------------------------------------------------------
  // Advances the clock: finishes animations, delivers the computer's reply, starts
  // the computer's search once the animation and the pause are over.
  void update(double now_ms);
  double now() const { return now_; }

  // Starts a new game with these options (player names checked and defaulted).
  void new_game(const Options& options);
  void new_game() { new_game(options_); }
  // Changes the settings and keeps the game (a new opponent takes over its side).
  void set_options(const Options& options);
  // After the computer player failed (computer_failed()): forgets the failure and
  // its message and asks again when it is the computer's turn (the caller has
  // restarted the AI client). The game is untouched.
  void retry_computer();
  bool computer_failed() const { return computer_failed_; }

  // A person's move for the side to move. Rejected, with the state untouched, when
  // the game is over, when the side to move is the computer's, or when illegal.
  // A running animation is finished at once first.
  Status play(Square s);

  // Undo: two players or nobody human -> one move. Against the computer -> back to
  // before the person's last move (the computer's replies go too). Redo replays
  // the same steps. Both cancel a running search and finish the animation.
  bool can_undo() const;
  bool undo();
  bool can_redo() const;
  bool redo();

  // Asks the hint player for the best move of the person to move; when it arrives,
  // hint_square() shows it until the position changes. Error when it is not a
  // person's turn or the game is over.
  Status hint();
  Square hint_square() const { return hint_square_; }
  bool hint_pending() const { return hint_id_ != 0; }

  // ---- keyboard and pointer ------------------------------------------------------
  Square cursor() const { return cursor_; }
  void move_cursor(int dx, int dy);  // arrow keys; clamps at the edges
  Status play_cursor() { return play(cursor_); }
  void set_hover(Square s) { hover_ = s; }
  Square hover() const { return hover_; }
  // The orange frame goes where the pointer or the keyboard was used last.
  bool keyboard_active() const { return keyboard_active_; }
  void set_keyboard_active(bool on) { keyboard_active_ = on; }

  // ---- state for drawing and for window.reversi -----------------------------------
  const Game& game() const { return game_; }
  const Position& position() const { return game_.position(); }
  const Options& options() const { return options_; }
  const std::vector<PlayerInfo>& players() const { return players_; }
  bool over() const { return game_.over(); }
  bool human_to_move() const;
  bool computer_to_move() const;
  // The computer is searching (its reply has been requested, not yet played).
  bool thinking() const { return move_id_ != 0; }
  // The computer's turn is pending: pause, search or both.
  bool computer_pending() const { return computer_to_move(); }
  bool animating() const { return animation_ && !animation_->done(now_); }
  const MoveAnimation* animation() const { return animating() ? &*animation_ : nullptr; }
  // Discs as shown now (mid-animation some stones have not turned yet).
  Bitboard shown_black() const;
  Bitboard shown_white() const;
  int shown_count(Color c) const;
  // Legal moves to mark: empty unless a person is to move and nothing is animating.
  Bitboard marked_moves() const;
  // One line: a pass, the result, an engine error; empty if nothing to say.
  const std::string& message() const { return message_; }
  // When the pass just announced in message() is to be shown over the board
  // (after the move's animation); -1 if the last move caused no pass.
  double pass_shown_at() const { return pass_shown_at_; }
  // "Black to move", "White is thinking…", "Black wins 40–24", ...
  std::string status_line() const;

  // {"board":"…64…","toMove":"black"|"white"|null,"transcript":"f5d6",
  //  "black":n,"white":n,"over":bool,"thinking":bool, plus "animating", "message",
  //  "humanToMove", "canUndo", "canRedo", "hint", "lastMove", "options"}
  std::string state_json() const;

  // The game (with its redo moves) and the options as one line of text, and back.
  // restore() checks everything first: a corrupt string gives a clear error and
  // keeps the current game and options.
  std::string save() const;
  Status restore(std::string_view text);

  // Called after every move (a person's or the computer's) and at the game's end.
  using MoveListener = std::function<void(Color mover, Square move)>;
  using GameOverListener = std::function<void(Outcome outcome, int black, int white)>;
  void on_move(MoveListener listener) { move_listeners_.push_back(std::move(listener)); }
  void on_game_over(GameOverListener listener) { over_listeners_.push_back(std::move(listener)); }

 private:
  void apply_move(Square s, bool animate);
  void after_position_change();
  void cancel_search();
  void finish_animation();
  void request_computer_move();
  void schedule_computer();  // sets computer_ready_at_ when the computer is to move
  void handle_reply(const AiReply& reply);
  bool human_moved_at(std::size_t ply) const;  // the move at index ply was a person's

  std::unique_ptr<AiClient> ai_;
  std::vector<PlayerInfo> players_;
  Options options_;
  Game game_;
  double now_ = 0;
  std::optional<MoveAnimation> animation_;
  double computer_ready_at_ = -1;  // when the computer may start (after the pause)
  std::uint64_t move_id_ = 0;      // outstanding request for the computer's move
  std::uint64_t hint_id_ = 0;      // outstanding request for a hint
  std::size_t hint_ply_ = 0;
  Square hint_square_ = NO_SQUARE;
  Square cursor_ = D3;
  Square hover_ = NO_SQUARE;
  bool keyboard_active_ = false;
  bool computer_failed_ = false;  // stop asking again until something changes
  std::string message_;
  double pass_shown_at_ = -1;
  std::uint64_t seed_ = 1;
  std::vector<MoveListener> move_listeners_;
  std::vector<GameOverListener> over_listeners_;
};

}  // namespace reversi::ui
