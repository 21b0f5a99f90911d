// The game a person plays, without any drawing: the one door the front ends (the
// SDL renderer and input, the desktop main, the web page's window.reversi) and the
// tests use. It owns the game record (undo/redo rules against the computer, a game
// loaded from text), who plays each colour and the settings, the saves (save(),
// restore()), the flip animation, the pause before the computer moves, hints,
// messages, the keyboard cursor and hover, the view of an earlier position, and
// state_json() for the page. Time is passed in by update(now_ms) (milliseconds on
// any monotonic clock), so tests control it exactly.
//
// Features beside the game live in sessions the controller owns (the analysis, its
// graph and the game review: ui/analysis_session.h). A session gets the AI client
// at construction, is told by the controller whenever the game or the position
// shown changes, takes what it asked the client for in update(), and adds its part
// to state_json(). Every session is reached one way, from the page and the desktop
// alike: a const view (analysis_session(), practice_session(), explorer_session()) for
// what it shows, and the controller's commands for what changes it (set_analysis,
// start_review, practice_next, practice_skip, explorer_open, explorer_search, ...), which
// move revision(); no session is changed from outside. The practice room
// (ui/practice_session.h) plugs in the same way, and while it is open the board shows its
// position on a table of its own with puzzle rules (ui/practice_rules.h): the real game
// waits on the player's table and comes back exactly (leave_practice). The opening
// explorer (ui/explorer_session.h) follows the position shown with its own client.
//
// The board the player acts on is a Table (ui/table.h): the game, the view, undo and redo
// and the rules of what may be played and why not. Clicks, keys, undo, redo, hints and
// views go to the table on the board and ask its rules; no path here tests for a puzzle.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "core/game_archive.h"
#include "core/game_database.h"
#include "core/opening_names.h"
#include "engine/player.h"
#include "ui/ai_client.h"
#include "ui/analysis_session.h"
#include "ui/explorer_session.h"
#include "ui/animation.h"
#include "ui/line_preview.h"
#include "ui/options.h"
#include "ui/practice_rules.h"
#include "ui/practice_session.h"
#include "ui/table.h"

namespace reversi::ui {

class Controller {
 public:
  // `players` is player_list() as read at run time (tests may pass their own).
  Controller(std::unique_ptr<AiClient> ai, std::vector<PlayerInfo> players,
             const Options& options = {});
  // The tables and the rules keep each other's addresses: a controller stays where it is made.
  Controller(const Controller&) = delete;
  Controller& operator=(const Controller&) = delete;

  // ---- driving ---------------------------------------------------------------
  // Advances the clock: finishes animations, delivers the computer's reply, starts
  // the computer's search once the animation and the pause are over.
  void update(double now_ms);
  double now() const { return now_; }
  // Goes up whenever something state_json() says may have changed: every call that changes
  // the game, the settings, the view, the sessions or the message, and update() when a
  // reply, an analysis snapshot, an explorer answer or the failure of the AI client
  // arrived, when the computer starts searching, and at each update() while an animation
  // turns stones (the counts shown). Equal revisions: state_json() and drawing_key() are equal too (the pointer
  // and the keyboard frame, hover() and cursor(), are not counted). So a front end asks for
  // them only when it moved (web_frame.cpp's "state" event, SdlApp::frame's drawing key, the
  // saves) instead of comparing them every frame.
  std::uint64_t revision() const { return revision_ + explorer_.revision(); }
  // The clock time (of update()) at which the controller will change by itself, with no
  // reply and no call: the end of the computer's pause before its move, or of the running
  // animation; infinity when nothing happens until something arrives. A front end with
  // nothing moving sleeps until then (SdlApp::next_frame_at).
  double wake_at() const;
  // Moves the clock to now_ms (never back) and nothing else: a front end that slept sets it
  // before it hands over an event or a call, so that what they start (an animation, the
  // computer's pause, a refused move's mark) starts now, not when it last looked. The
  // rest is update()'s (which passes the clock too).
  void set_clock(double now_ms);

  // Starts a new game with these options (player names checked and defaulted).
  // The game left behind (its record, moves to redo and options) is kept until a
  // person moves in the new one: until then undo() brings it back, so a new game
  // started by mistake loses nothing.
  void new_game(const Options& options);
  void new_game() { new_game(table().options); }
  // Changes the settings and keeps the game (a new opponent takes over its side).
  void set_options(const Options& options);
  // Options asked for at start-up over the game restored (a link's query on the page, the
  // command line's flags on the desktop): other players or another time control make
  // another game, started with them; display settings alone (language, speed, markers)
  // keep the game. True when a new game was started.
  bool open_with(const Options& options);
  // After the computer player failed (computer_failed()): forgets the failure and
  // its message and asks again when it is the computer's turn (the caller has
  // restarted the AI client). The game is untouched.
  void retry_computer();
  bool computer_failed() const { return computer_failed_; }

  // A person's move for the side to move. Rejected when the game is over, when
  // the side to move is the computer's, when an earlier position is viewed or when
  // illegal: the game is untouched, only the refusal is recorded (rejected_square())
  // and told to the on_rejected listeners, so the board can mark the square.
  // A running animation is finished at once first.
  Status play(Square s);
  // The square of the last refused move, NO_SQUARE if none since the last change
  // of position (a move, undo, redo, new game, restore) or of the view.
  Square rejected_square() const { return rejected_square_; }
  double rejected_at() const { return rejected_at_; }  // the clock of update()
  RejectReason rejected_reason() const { return rejected_reason_; }

  // ---- review: the move list is the game's history ----------------------------------
  // Shows the position after `ply` moves of the game record (0 = the start) without
  // changing the game. Error, changing nothing, past the moves played. While
  // viewing, play() is refused (Reviewing), the computer still plays the live game,
  // and undo, redo, new_game and restore return to the live game first.
  Status view(std::size_t ply);
  void view_live() { set_view(std::nullopt); }
  std::optional<std::size_t> viewing() const { return table().view; }
  // A line (a review's best line, the analysis') played from the position shown, up to
  // `step` of its moves, on the board (ui/line_preview.h): the position shown is viewed
  // (as view()) and the line's position drawn over it; state_json()'s "preview" says
  // where. Error, changing nothing, when a move of the line is not legal where it is
  // played or `step` is past its end, or during a puzzle. Changing the view ends it.
  Status preview_line(std::span<const Square> line, std::size_t step);
  void end_preview();  // back to the position the line starts from (still viewed)
  const LinePreview* preview() const;  // null when none is shown

  // Undo: two players or nobody human -> one move. Against the computer -> back to
  // before the person's last move (the computer's replies go too). In a new game
  // no person has moved in yet -> back to the game before it, and Redo then
  // returns to the new game until a move is played. Redo replays the same steps.
  // Both cancel a running search and finish the animation. During a puzzle both are
  // off (false, nothing changes): leave_practice() is the way back to the game.
  bool can_undo() const { return table().can_undo(); }
  // undo() would bring back the game before the last new_game().
  bool undo_returns_to_previous_game() const { return player_.previous.has_value(); }
  bool undo();
  bool can_redo() const { return table().can_redo(); }
  bool redo();

  // Asks the hint player for the best move of the person to move; when it arrives,
  // hint_square() shows it until the position changes. Error when it is not a
  // person's turn or the game is over.
  Status hint();
  Square hint_square() const { return hint_square_; }
  bool hint_pending() const { return hint_id_ != 0; }

  // ---- keyboard and pointer ------------------------------------------------------
  Square cursor() const { return table().cursor; }
  void move_cursor(int dx, int dy);  // arrow keys; clamps at the edges
  // Puts the keyboard frame on `s` (the web page's own grid moved the focus there);
  // error, changing nothing, if `s` is not a square of the board.
  Status set_cursor(Square s);
  Status play_cursor() { return play(table().cursor); }
  void set_hover(Square s) { hover_ = s; }
  Square hover() const { return hover_; }
  // The orange frame goes where the pointer or the keyboard was used last.
  bool keyboard_active() const { return keyboard_active_; }
  void set_keyboard_active(bool on) { keyboard_active_ = on; }

  // ---- state for drawing and for window.reversi -----------------------------------
  const Game& game() const { return table().game; }
  const Position& position() const { return table().game.position(); }
  const Options& options() const { return table().options; }
  // The player's game's options, also while practising (the desktop's seat buttons show them).
  const Options& game_options() const { return player_.options; }
  const std::vector<PlayerInfo>& players() const { return players_; }
  // The game is over: by the rules, or a side lost on time (clock().flag()).
  bool over() const { return table().ended(); }
  bool human_to_move() const { return table().human_to_move(); }
  bool computer_to_move() const { return table().computer_to_move(); }
  // The computer is searching (its reply has been requested, not yet played).
  bool thinking() const { return move_id_ != 0; }
  // The computer's turn is pending: pause, search or both.
  bool computer_pending() const { return computer_to_move(); }
  bool animating() const { return animation_ && !animation_->done(now_); }
  const MoveAnimation* animation() const { return animating() ? &*animation_ : nullptr; }
  // Discs as shown now (mid-animation some stones have not turned yet; the viewed
  // position while reviewing).
  Bitboard shown_black() const;
  Bitboard shown_white() const;
  int shown_count(Color c) const;
  // The last move of the position shown (NO_SQUARE at the start).
  Square shown_last_move() const;
  // A person may move on the board shown: their turn, not reviewing.
  bool can_play_now() const { return human_to_move() && !table().view; }
  // Legal moves to mark: empty unless a person is to move, nothing is animating
  // and the live game is shown.
  Bitboard marked_moves() const;
  // One line: a pass, an engine error, a saved setting not understood; empty if
  // nothing to say. In the language of the options (worded when asked, so that
  // a change of language re-words the message shown).
  std::string message() const;
  // The setting of a saved game that restore() did not understand (the option's message),
  // while its "Saved settings" message stands; nullopt otherwise.
  std::optional<std::string> saved_settings_problem() const;
  // When the pass just announced in message() is to be shown over the board
  // (after the move's animation); -1 if the last move caused no pass.
  double pass_shown_at() const { return pass_shown_at_; }
  // "Black to move", "White is thinking…", "Black wins 40–24", ... (options().lang)
  std::string status_line() const;

  // {"board":"…64…","toMove":"black"|"white"|null,"transcript":"f5d6",
  //  "black":n,"white":n,"over":bool,"thinking":bool, plus "animating", "message",
  //  "humanToMove", "canUndo", "canRedo", "canAnalyse", "hint", "lastMove", "options",
  //  "view": ply|null, "shown": the counts and board shown, "preview": {"ply","line","step"}|null
  //  (preview_line), "opening": {"en":..,"ja":..}|null (of the position shown), "moves":[{"color":"black","square":"f5"},...] (every move
  //  played, with its mover; passes implicit), the analysis session's "analysis",
  //  "graph" and "review" (AnalysisSession::json, with each review entry's
  //  "mistake" and "biggest"), and last "rejected":{"square":"c1","reason":"illegal"}|null}
  std::string state_json() const;
  // What the canvas draws depends on nothing else (SdlApp::frame draws again when it
  // changes): `state`, state_json() without the analysis' values; `values`, those values
  // as the board writes them (a deeper search that changes no digit draws nothing); and
  // `graph`, the evaluation graph's points where the layout draws it (`graph`).
  struct DrawingKey {
    std::string state, values, graph;
  };
  DrawingKey drawing_key(bool graph) const;

  // The game (with its redo moves) and the options as one line of text, and back.
  // restore() checks everything first: a corrupt string gives a clear error and
  // keeps the current game and options.
  std::string save() const;
  Status restore(std::string_view text);

  // ---- analysis, graph and review (AnalysisSession) ----------------------------------
  // While on, the position shown (the game's, or the one viewed) is analysed beside any
  // move search; see AnalysisSession for the rules.
  // While practising, on/off is remembered for the real game (the practice board is
  // never analysed: its values are the puzzle's).
  void set_analysis(bool on);
  bool analysis_on() const { return table().rules().analysis_on(); }
  // Off during a puzzle (it would give the answer away; the values show once it is
  // judged): set_analysis() then changes nothing, and the switches show it greyed.
  bool can_analyse() const { return table().rules().analysable(); }
  // The values for the position shown; null when off or none has arrived for it yet.
  // While practising: the puzzle's values once judged (PracticeSession::shown_values).
  const ShownAnalysis* analysis() const;
  // The value for black after each move (index 0 = the start .. game().ply()), for the
  // evaluation graph; empty where nothing is known. Of the real game while practising.
  std::vector<std::optional<GraphPoint>> graph() const { return analysis_.graph(real_game()); }
  // Reviews every move of the game (live analysis pauses meanwhile). Error when there
  // is no move to review. Leaves practice first.
  Status start_review();
  void cancel_review() { touch(), analysis_.cancel_review(real_game(), real_shown_ply()); }
  const ReviewState& review() const { return analysis_.review(); }
  const AnalysisSession& analysis_session() const { return analysis_; }

  // ---- practice (PracticeSession; notes: the practice contract) ------------------------
  // While practising, game(), position(), play(), the board's marks and hint() are the
  // puzzle's (hint() gives practice_hint()); options() has the puzzle's seats (both
  // people while solving, the other side the perfect player while playing on) with the
  // real display settings; set_options() changes the real options (and the display
  // ones here). save() saves the real game, and undo, redo, new game, load and restore
  // leave practice first. analysis() is the puzzle's values once judged. state_json()'s
  // "options" stays the real ones.
  //
  // The puzzle set as read by the front end (data/puzzles.bin): corrupt or foreign ->
  // error, nothing changed, the game goes on.
  Status set_puzzles(std::span<const std::uint8_t> bytes);
  bool puzzles_loaded() const { return practice_.loaded(); }
  // Opens the next rated puzzle: not seen, rated near the player (choose_puzzle). In a
  // drill with positions left, the drill's next position instead.
  Status practice_next();
  // "YYYY-MM-DD": that date's daily puzzle (daily_puzzle()); a bad date -> error, nothing changed.
  Status practice_daily(std::string_view date);
  // After a review: one puzzle per position where a person lost >= 4 discs.
  Status practice_mistakes();
  // The same from kept games (a collection of their lines, core/game_archive.h: the mistakes
  // their reviews kept), in the order given, at most kMaxKeptMistakes positions. None: error,
  // nothing changed.
  Status practice_kept_mistakes(std::string_view collection);
  static constexpr std::size_t kMaxKeptMistakes = 100;
  // The position shown (<= 20 empties, not over): the person plays the side to move
  // to the end against perfect play; each move's value beside the best one.
  Status practice_trainer();
  Status practice_hint();      // step 1 the region (a quarter of the board), step 2 the square
  Status practice_play_out();  // after the judgement: play on against perfect play
  Status practice_skip();      // give up: counts as wrong, shows the answer and the values
  void leave_practice();       // back to the game exactly as it was (game, options, view); no-op if not practising
  bool practicing() const { return practice_.active(); }
  const PracticeSession& practice_session() const { return practice_; }
  // The player's record (rating, history, streaks, seen puzzles, daily dates) as one line.
  std::string practice_record() const { return practice_.record_text(); }
  // Corrupt -> error naming the problem, and a fresh record.
  Status restore_practice_record(std::string_view text) { return touch(), practice_.restore_record(text); }
  void reset_practice_record() { touch(), practice_.reset_record(); }
  // Called on each judgement (a first move or a skip).
  using PuzzleListener = std::function<void(const PuzzleEvent&)>;
  void on_puzzle(PuzzleListener listener) { puzzle_listeners_.push_back(std::move(listener)); }

  // ---- the game clock (core/game_clock.h; issue 45 part 5) ----------------------------
  // The game's clocks: untimed unless the game was started with options().clock. A side's
  // clock runs from its turn (after the stones of the move before have turned) until it
  // moves; a flag fall ends the game (over(), the status line says who lost on time, the
  // history keeps it as such). The time is update()'s: a front end feeds it "now" and
  // nothing else. Undo and redo are off in a game against the clock. While practising, the
  // player's game's clock stops (a puzzle is not played against it) and runs on after.
  const GameClock& clock() const { return player_.clock; }
  double clock_left_ms(Color color) const { return player_.clock.remaining_ms(color, now_); }
  // What the screen reader is told about the clocks, at its moments (a side's time drops
  // under a minute, under 10 seconds, a flag falls): the text in the options' language and
  // a number that goes up with each new one (0: none yet). Never every second.
  const std::string& clock_notice() const { return clock_notice_; }
  std::uint64_t clock_notice_id() const { return clock_notice_id_; }
  // The time left of the person to move (or of both sides), read on request (a key).
  std::string clock_summary() const;
  // Where the wall clock comes from (ms since 1970; the page's Date.now()): the save then
  // carries the moment it was made, and a restore charges the side whose clock ran the time
  // the page was away (as an online site's clock runs on while a player is gone). None: a
  // restore charges nothing.
  void set_wall_clock(std::function<double()> now) { wall_now_ = std::move(now); }

  // ---- opening names and the explorer ---------------------------------------------
  // The position shown: the one viewed, else the game's.
  const Position& shown_position() const { return table().game.position_at(shown_ply()); }
  // The named opening (core/opening_names.h) of the position shown: the deepest one
  // its moves reach, up to the board's symmetries; null for a game from a set-up
  // board or before any named position.
  const Opening* opening() const;
  // Its name in the options' language (the other one where that is missing); empty if none.
  std::string opening_name() const;
  // The explorer (ui/explorer_session.h): the front end hands it the database's client
  // (a thread on the desktop, the explorer worker on the page); update() keeps it on the
  // position shown. Its buttons' rules are ui/explorer_move.h's.
  void set_explorer_client(std::unique_ptr<ExplorerClient> client) { explorer_.set_client(std::move(client)); }
  const ExplorerSession& explorer_session() const { return explorer_; }
  // Its commands (ExplorerSession's of the same names; each moves revision()).
  void explorer_open() { touch(), explorer_.open(); }
  void explorer_close() { touch(), explorer_.close(); }
  void explorer_search(ExplorerSearch search) { touch(), explorer_.search(std::move(search)); }
  void explorer_select(Square square) { touch(), explorer_.select(square); }
  // A question of the front end's own (window.reversi.explore()): its id, 0 when the
  // explorer has no client; the answers are taken by explorer_take_answers().
  std::uint64_t explorer_ask(ExplorerRequest request) { return explorer_.ask(std::move(request)); }
  std::vector<ExplorerReply> explorer_take_answers() { return explorer_.take_answers(); }

  // ---- the table on the board ---------------------------------------------------------
  // Its rules, for the front ends' own questions (does the side panel act on this game?
  // does the explorer's move play here?): ui/table.h.
  const TableRules& table_rules() const { return table().rules(); }

  // ---- import and export (core/game_text.h) ------------------------------------------
  // Loads a transcript, a GGF game or a board string (any arrangement of the 64
  // squares and the side to move): the game then starts from its position with its
  // moves, both sides played by people here (to replay, analyse or review it; New
  // game brings the computer back). The game left is kept for undo as by new_game().
  // A text that cannot be read changes nothing and says why.
  Status load(std::string_view text);
  // "transcript" (the moves played), "ggf" (start and moves, and the opening's name
  // in English and Japanese as a comment C[...] when the game is in one), "board" (the position
  // after the moves) or "start" (the start position's board string).
  Expected<std::string> export_game(std::string_view kind) const;
  // An expert game opened to replay (the explorer's list): load() (the game left is kept
  // for undo, which is the way back to it), shown from its start, with its players'
  // names for the cards (replay_info()) until the game on the board is replaced; undo
  // and redo carry the names with their games.
  Status replay(std::string_view text, ReplayInfo info);
  const std::optional<ReplayInfo>& replay_info() const { return table().replay; }
  // Who played a kept game opened again (open_archived) once people hold both seats (a
  // finished game, replayed here): the record's side, for the cards; null otherwise.
  const ArchivedSide* kept_side(Color color) const;

  // ---- the player's games kept (issue 35; core/game_archive.h) ------------------------
  // A game in which a person here has moved is told to the history listeners, as a kept
  // game with an id: when it ends, when the player leaves it unfinished (a new game, a
  // load, a replay, a restore), and again with each side's accuracy when a review of the
  // whole game completes. The same game is always told with the same id, so the front
  // end's store replaces its entry (undo after the end, then another ending, is one game).
  // Puzzles, replays and loaded games nobody moved in are not kept. The front end stores
  // them (the page in IndexedDB, the desktop in a file beside its save).
  using HistoryListener = std::function<void(std::uint64_t id, const ArchivedGame& game)>;
  void on_history(HistoryListener listener) { history_listeners_.push_back(std::move(listener)); }
  // Where the ids start (the page: its clock in ms times 1000, so that ids of different
  // visits differ) and what gives the date of a game (UTC, ISO 8601; none: no date).
  void set_history_ids(std::uint64_t next) { next_record_id_ = next; }
  void set_date_source(std::function<std::string()> now) { date_now_ = std::move(now); }
  // Opens a kept game (its GGF line) under its id: shown from its start like a replay, and
  // a finished one keeps its players; an unfinished one is taken up again against the
  // same computer player when that player exists (else both sides are people). A review
  // completed on it updates its accuracy under the same id. Bad text: error, nothing changed.
  Status open_archived(std::string_view line, std::uint64_t id);
  // The id the player's game is kept under (0: not kept yet).
  std::uint64_t archived_id() const { return player_.record.id; }

  // A front end's note for the player (a catalog key and its arguments), shown as
  // message() until the position changes: "Copied the game to the clipboard."
  void show_notice(std::string key, TextArgs args = {}) { set_message(MessageKind::Notice, std::move(key), std::move(args)); }

  // Called after every move (a person's or the computer's) and at the game's end.
  using MoveListener = std::function<void(Color mover, Square move)>;
  using GameOverListener = std::function<void(Outcome outcome, int black, int white)>;
  void on_move(MoveListener listener) { move_listeners_.push_back(std::move(listener)); }
  void on_game_over(GameOverListener listener) { over_listeners_.push_back(std::move(listener)); }
  // Called when play() refuses a move on a square of the board.
  using RejectListener = std::function<void(Square square, RejectReason reason)>;
  void on_rejected(RejectListener listener) { reject_listeners_.push_back(std::move(listener)); }

 private:
  void apply_move(Square s, bool animate);
  void after_position_change();
  void cancel_search();
  void finish_animation();
  void request_computer_move();
  void schedule_computer();  // sets computer_ready_at_ when the computer is to move
  void handle_reply(const AiReply& reply);
  Status reject(Square s, RejectReason reason, Error why);
  void set_view(std::optional<std::size_t> ply);
  std::string moves_json() const;
  // state_json() (no `key`) or drawing_key(graph) (into `key`).
  std::string state_text(DrawingKey* key, bool graph) const;
  std::size_t shown_ply() const { return table().shown_ply(); }
  // The game the analysis session and save() know: the player's, also while practising.
  const Game& real_game() const { return player_.game; }
  std::size_t real_shown_ply() const;

  void touch() { ++revision_; }  // something state_json() says may have changed (revision())

  // The clock (controller.cpp): a flag fall at now_ (true: the game just ended on time),
  // the clocks after a move, and the notices and the shown seconds after a tick.
  bool check_flag();
  void clock_after_move();
  void clock_tick();
  void clock_notify(std::string key, Color color);
  std::string clock_json() const;
  std::string clock_notice_;
  std::uint64_t clock_notice_id_ = 0;
  std::string clock_shown_;        // the shown times as of the last tick (a change moves revision())
  int clock_warned_[2] = {0, 0};   // per side: 1 told under a minute, 2 under 10 s
  std::function<double()> wall_now_;
  std::optional<Color> clock_paused_;  // whose clock stopped while a puzzle is open

  std::unique_ptr<AiClient> ai_;
  std::vector<PlayerInfo> players_;
  double now_ = 0;
  std::uint64_t revision_ = 1;
  std::string told_failure_;             // the AI client's failure() as of the last update()
  std::optional<MoveAnimation> animation_;
  double computer_ready_at_ = -1;  // when the computer may start (after the pause)
  std::uint64_t move_id_ = 0;      // outstanding request for the computer's move
  double move_asked_at_ = 0;       // when it was asked (now_)
  // The computer's reply held until a person's time over the move is up (SearchResult::
  // think_ms: human players on a game clock); move_id_ stays set meanwhile (still its turn).
  std::optional<AiReply> held_reply_;
  std::uint64_t hint_id_ = 0;      // outstanding request for a hint
  std::size_t hint_ply_ = 0;
  Square hint_square_ = NO_SQUARE;
  Square hover_ = NO_SQUARE;
  bool keyboard_active_ = false;
  bool computer_failed_ = false;  // stop asking again until something changes
  // The message as a catalog key and its arguments; `passer` is worded as {color}.
  enum class MessageKind { None, Pass, Computer, Hint, Settings, Notice };
  struct Message {
    MessageKind kind = MessageKind::None;
    std::string key;
    TextArgs args;
    std::optional<Color> passer;
  };
  void set_message(MessageKind kind, std::string key, TextArgs args = {});
  Message message_;
  double pass_shown_at_ = -1;
  std::uint64_t seed_ = 1;
  std::vector<MoveListener> move_listeners_;
  std::vector<GameOverListener> over_listeners_;
  std::vector<RejectListener> reject_listeners_;
  Square rejected_square_ = NO_SQUARE;
  double rejected_at_ = -1;
  RejectReason rejected_reason_ = RejectReason::Illegal;
  ExplorerSession explorer_;
  // ---- the game on the board --------------------------------------------------------
  // One table is on the board at a time: the player's own, or while practising the
  // puzzle's, in front of it. What the board, the clicks and the toolbar act on is
  // table(); the player's table waits whole while a puzzle is open (nothing of it moves),
  // and the analysis, the review, save() and the options reported are always the player's.
  //
  // The game on the board changes places with a kept one: `from` comes in, the game left goes
  // to `to` (undo: previous in, undone_new out; redo the other way).
  void swap_kept(std::optional<PreviousGame>& from, std::optional<PreviousGame>& to);
  // load() and replay() once the text is read: the game on the board is kept for undo when
  // it holds anything (always for a replay: it is the way back to the player's game).
  void take_loaded(Game game, bool keep_always);
  Table& table() { return *board_; }
  const Table& table() const { return *board_; }

  // The analysis, the graph and the review. Declared after ai_: it keeps the client's
  // address.
  AnalysisSession analysis_{ai_.get()};

  // The practice room, and the real game while a puzzle is on the board.
  Status enter_practice();  // after the session opened a puzzle: its table on the board
  void show_practice_position(const Position& start);
  PracticeSession practice_{ai_.get()};
  std::vector<PuzzleListener> puzzle_listeners_;

  // The tables and their rules (declared after what the rules keep).
  GameRules game_rules_{analysis_};
  PuzzleRules practice_rules_{practice_, puzzle_listeners_};
  Table player_{game_rules_};
  std::optional<Table> practice_table_;  // a puzzle's table (PracticeSession's position), while open
  Table* board_ = &player_;              // the table on the board: player_ or *practice_table_

  // The player's history (controller_history.cpp).
  void record_game();           // tells the player's game if a person moved in it and it is new
  void record_left_game();      // before the player's game is replaced: an unfinished one is told
  void record_review();         // a completed review's accuracy, once
  std::vector<HistoryListener> history_listeners_;
  std::uint64_t next_record_id_ = 1;
  std::function<std::string()> date_now_;
  bool review_recorded_ = false;
};

}  // namespace reversi::ui
