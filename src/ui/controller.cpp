#include "ui/controller.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <cmath>

#include "core/game_text.h"
#include "core/json.h"
#include "core/notation.h"

namespace reversi::ui {

Controller::Controller(std::unique_ptr<AiClient> ai, std::vector<PlayerInfo> players,
                       const Options& options)
    : ai_(std::move(ai)), players_(std::move(players)) {
  player_.options = resolve(options, players_);
  player_.clock = GameClock(player_.options.clock);
  player_.clock.start(Color::Black, now_);
  schedule_computer();
}

// ---- time -------------------------------------------------------------------------

void Controller::update(double now_ms) {
  now_ = std::max(now_, now_ms);
  check_flag();
  clock_tick();
  // Mid-animation the counts shown change as the stones turn (state_json's "shown"): every
  // update() until it ends is a change.
  if (animation_) touch();
  if (animation_ && animation_->done(now_)) animation_.reset();

  if (ai_) {
    while (auto reply = ai_->poll()) handle_reply(*reply);
    if (held_reply_ && now_ >= move_asked_at_ + held_reply_->result.think_ms) {
      const AiReply reply = std::move(*held_reply_);
      held_reply_.reset();
      handle_reply(reply);
    }
    while (auto snapshot = ai_->poll_analysis()) {
      touch();
      if (practice_.take(*snapshot)) continue;
      if (auto error = analysis_.take(*snapshot, real_game(), real_shown_ply()))
        set_message(MessageKind::Hint, "message.no_hint", {{"detail", *error}});
    }
    std::string failure = ai_->failure();
    if (failure != told_failure_) told_failure_ = failure, touch();
    if (!failure.empty() && (move_id_ || hint_id_)) {
      move_id_ = hint_id_ = 0;
      computer_failed_ = true;
      set_message(MessageKind::Computer, "message.computer_stopped", {{"detail", failure}});
    }
    if (!failure.empty()) analysis_.client_failed();
    record_review();
  }
  explorer_.update(shown_position(), opening());

  if (computer_to_move() && !move_id_ && !computer_failed_ && computer_ready_at_ >= 0 &&
      now_ >= computer_ready_at_ && !animating())
    request_computer_move();
}

void Controller::set_clock(double now_ms) {
  if (animation_) touch();  // the stones shown move on with the clock (as in update())
  now_ = std::max(now_, now_ms);
}

double Controller::wake_at() const {
  // A running clock: its next shown second (or its flag fall), at most once a second.
  const double tick = player_.clock.next_tick_ms(now_);
  if (animation_ && !animation_->done(now_)) return std::min(tick, animation_->end_ms());
  if (computer_to_move() && !move_id_ && !computer_failed_ && computer_ready_at_ >= 0) return std::min(tick, computer_ready_at_);
  if (held_reply_) return std::min(tick, move_asked_at_ + held_reply_->result.think_ms);
  return tick;
}

// ---- the game clock -----------------------------------------------------------------

bool Controller::check_flag() {
  if (!player_.clock.fall(now_)) return false;
  touch();
  const Color loser = *player_.clock.flag();
  // The game ends here: nothing more is asked of the computer, and the result is told.
  if (&table() == &player_) cancel_search();
  computer_ready_at_ = -1;
  clock_notify("clock.flag", loser);
  if (player_.rules().players_game()) record_game();
  const Position& p = player_.game.position();
  for (auto& l : over_listeners_)
    l(loser == Color::Black ? Outcome::WhiteWins : Outcome::BlackWins, p.disc_count(Color::Black), p.disc_count(Color::White));
  return true;
}

void Controller::clock_after_move() {
  GameClock& clock = player_.clock;
  if (!clock.timed() || &table() != &player_) return;
  clock.press(now_, std::nullopt);
  // The next side's clock starts once the stones of this move have turned.
  if (!player_.game.over()) clock.start(position().to_move, animation_ ? std::max(now_, animation_->end_ms()) : now_);
  clock_tick();
}

void Controller::clock_tick() {
  const GameClock& clock = player_.clock;
  if (!clock.timed()) return;
  const double b = clock.remaining_ms(Color::Black, now_), w = clock.remaining_ms(Color::White, now_);
  std::string shown = clock_text(b) + " " + clock_text(w);
  if (shown != clock_shown_) {
    clock_shown_ = std::move(shown);
    touch();
  }
  // Told as a side's time drops under a minute (a game of more than a minute) and under 10 s.
  if (const auto side = clock.running()) {
    const double left = *side == Color::Black ? b : w;
    int& warned = clock_warned_[*side == Color::Black ? 0 : 1];
    if (left < 10000 && warned < 2) {
      warned = 2;
      clock_notify("clock.under_10s", *side);
    } else if (left < 60000 && warned < 1 && clock.control().base_s > 60) {
      warned = 1;
      clock_notify("clock.under_minute", *side);
    }
  }
}

void Controller::clock_notify(std::string key, Color color) {
  touch();
  clock_notice_ = tr(table().options.lang, key, {{"color", color_word(table().options.lang, color)}});
  ++clock_notice_id_;
}

void Controller::schedule_computer() {
  computer_ready_at_ = -1;
  if (!computer_to_move()) return;
  const double from = animation_ ? std::max(now_, animation_->end_ms()) : now_;
  computer_ready_at_ = from + table().options.pause_ms;
}

void Controller::request_computer_move() {
  touch();
  if (!ai_) {
    computer_failed_ = true;
    set_message(MessageKind::Computer, "message.no_computer");
    return;
  }
  AiRequest req = table().rules().computer_request(position(), table().options, seed_++);
  // One game, one form for the computer players that have one (Player::start_game): a new
  // game (a new record) takes a new seed.
  if (!table().record.game_seed) table().record.game_seed = seed_++;
  req.game = table().record.game_seed;
  // On the game's clock the computer is told its time left and spends it across the game.
  if (&table() == &player_ && player_.clock.running()) {
    req.limits.clock_ms = std::max(1.0, player_.clock.remaining_ms(position().to_move, now_));
    req.limits.increment_ms = player_.clock.control().increment_s * 1000.0;
  }
  if (req.player.empty()) {
    computer_failed_ = true;
    set_message(MessageKind::Computer, "message.no_computer");
    return;
  }
  hint_id_ = 0;
  move_asked_at_ = now_;
  move_id_ = ai_->request(req);
}

void Controller::handle_reply(const AiReply& reply) {
  touch();
  if (reply.id == move_id_ && move_id_) {
    if (reply.ok() && reply.result.think_ms > 0 && now_ < move_asked_at_ + reply.result.think_ms) {
      held_reply_ = reply;  // played when a person's time over the move is up (update())
      return;
    }
    move_id_ = 0;
    if (!reply.ok()) {
      computer_failed_ = true;
      set_message(MessageKind::Computer, "message.computer_failed",
                  {{"player", table().options.seat(position().to_move).player}, {"detail", reply.error}});
      return;
    }
    // The one check of a computer's move on its way to the board: every client's
    // reply (a Web Worker's too) arrives here unchecked. A forced pass never
    // reaches the computer (Game applies it), so this is a square.
    if (is_board_square(reply.result.move) && position().is_legal(reply.result.move))
      apply_move(reply.result.move, true);
    else {
      computer_failed_ = true;
      set_message(MessageKind::Computer, "message.computer_illegal", {{"square", square_name(reply.result.move)}});
    }
  } else if (reply.id == hint_id_ && hint_id_) {
    hint_id_ = 0;
    if (!reply.ok()) set_message(MessageKind::Hint, "message.no_hint", {{"detail", reply.error}});
    else if (hint_ply_ == table().game.ply() && position().is_legal(reply.result.move))
      hint_square_ = reply.result.move;
  }
}

// ---- game changes -----------------------------------------------------------------

void Controller::cancel_search() {
  // A held reply has no search left to cancel (a cancel may end a page's worker).
  if (((move_id_ && !held_reply_) || hint_id_) && ai_) ai_->cancel();
  held_reply_.reset();
  move_id_ = hint_id_ = 0;
}

void Controller::finish_animation() { animation_.reset(); }

void Controller::after_position_change() {
  touch();
  rejected_square_ = NO_SQUARE;  // a refusal is about the position it was made in
  pass_shown_at_ = -1;
  hint_square_ = NO_SQUARE;
  computer_failed_ = false;
  message_ = {};
  const std::size_t ply = table().game.ply();
  if (ply && table().game.passed_after(ply)) {
    set_message(MessageKind::Pass, "message.passes");
    message_.passer = opposite(position().to_move);
    pass_shown_at_ = animation_ ? std::max(now_, animation_->end_ms()) : now_;
  }
  schedule_computer();
  // The analysis follows the player's game; a puzzle's room follows its board.
  table().rules().position_changed(table().game, shown_ply());
}

void Controller::apply_move(Square s, bool animate) {
  const Position before = position();
  if (&table() == &player_ && check_flag()) return;  // too late: the flag fell first
  if (!table().game.play(s)) return;  // callers check legality; never half-apply
  table().rules().moved(before, s);
  table().undone_new.reset();  // a move in the game undo() returned to: redo no longer leaves it
  animation_ = MoveAnimation::of_move(before, s, now_, animate ? table().options.flip_ms : 0);
  if (animation_->done(now_)) animation_.reset();
  clock_after_move();
  after_position_change();
  for (auto& l : move_listeners_) l(before.to_move, s);
  if (table().game.over()) {
    if (table().rules().players_game()) record_game();
    const Position& p = position();
    for (auto& l : over_listeners_)
      l(p.outcome(), p.disc_count(Color::Black), p.disc_count(Color::White));
  }
}

void Controller::new_game(const Options& options) {
  touch();
  leave_practice();
  set_view(std::nullopt);
  cancel_search();
  finish_animation();
  record_left_game();
  // A game nobody has moved in is not worth keeping: the one kept before stays.
  if (!table().previous && (table().game.ply() > 0 || table().game.can_redo())) table().previous = table().kept();
  table().undone_new.reset();
  table().replay.reset();
  table().record = {};
  table().options = resolve(options, players_);
  table().game = Game();
  table().cursor = D3;
  // The game's clock: black's runs from the start.
  table().clock = GameClock(table().options.clock);
  table().clock.start(Color::Black, now_);
  clock_warned_[0] = clock_warned_[1] = 0;
  clock_shown_.clear();
  after_position_change();
}

void Controller::set_options(const Options& options) {
  touch();
  // The player's options, always; the table on the board takes them by its rules (a
  // puzzle keeps its seats and takes the display settings).
  const Options old = table().options;
  player_.options = resolve(options, players_);
  table().options = table().rules().options_for(player_.options);
  const Color side = position().to_move;
  // Only the computer's turn depends on its seat and pause: a person's pending hint stays.
  if (!(old.seat(side) == table().options.seat(side)) ||
      (old.pause_ms != table().options.pause_ms && !table().options.human(side)))
    retry_computer();
  if (!human_to_move()) hint_square_ = NO_SQUARE;  // a hint is for a person's move
}

bool Controller::open_with(const Options& options) {
  const Options wanted = resolve(options, players_);
  const Options& now = player_.options;
  if (wanted == now) return false;
  if (wanted.black == now.black && wanted.white == now.white && wanted.clock == now.clock) {
    set_options(wanted);
    return false;
  }
  new_game(wanted);
  return true;
}

void Controller::retry_computer() {
  touch();
  cancel_search();
  computer_failed_ = false;
  if (message_.kind == MessageKind::Computer || message_.kind == MessageKind::Hint) message_ = {};
  schedule_computer();
}

Status Controller::play(Square s) {
  touch();
  if (!is_board_square(s)) return Error::text("error.square.off_board", "that is not a square of the board");
  if (&table() == &player_) check_flag();  // out of time before this move: the game is over
  if (auto refused = table().refusal(s)) return reject(s, refused->reason, std::move(refused->why));
  // The board allows it: the rules say what it becomes (a puzzle's answer is judged).
  const auto use = table().rules().take_move(table(), s, table().options.lang);
  if (!use) return use.failure();
  if (*use == MoveUse::Taken) {
    rejected_square_ = NO_SQUARE;
    hint_square_ = NO_SQUARE;
    return {};
  }
  cancel_search();  // a pending hint
  finish_animation();
  table().previous.reset();  // the person has taken to the new game
  table().record.played = true;  // (the history reads the player's table only)
  apply_move(s, true);
  table().cursor = s;
  return {};
}

Status Controller::reject(Square s, RejectReason reason, Error why) {
  touch();
  rejected_square_ = s;
  rejected_at_ = now_;
  rejected_reason_ = reason;
  for (auto& l : reject_listeners_) l(s, reason);
  return why;
}

// ---- review -----------------------------------------------------------------------

Status Controller::view(std::size_t ply) {
  touch();
  if (ply > table().game.ply())
    return Error::text("error.view.no_position", "there is no position after move {n} (the game has {moves} moves)",
                       {{"n", std::to_string(ply)}, {"moves", std::to_string(table().game.ply())}});
  table().preview.reset();  // a game position asked for: no line over it, even on the same view
  set_view(ply);
  return {};
}

void Controller::set_view(std::optional<std::size_t> ply) {
  touch();
  if (table().view == ply) return;
  table().view = ply;
  table().preview.reset();  // a line is shown from the view it was made on
  rejected_square_ = NO_SQUARE;  // it was made on the board shown before
  table().rules().view_changed(table().game, shown_ply());
}

bool Controller::undo() {
  touch();
  if (!can_undo()) return false;
  set_view(std::nullopt);
  cancel_search();
  finish_animation();
  if (table().previous) {
    // Redo goes back to the new game (kept until something else changes the game); an expert
    // game replayed is left for good: its way back is one way, and Redo does not open it again.
    const bool replay = table().replay.has_value();
    swap_kept(table().previous, table().undone_new);
    if (replay) table().undone_new.reset();
    return true;
  }
  table().undo_moves();
  after_position_change();
  return true;
}

void Controller::swap_kept(std::optional<PreviousGame>& from, std::optional<PreviousGame>& to) {
  touch();
  Table& t = table();
  PreviousGame left{std::move(t.game), std::move(t.options), std::move(t.replay), std::move(t.record), std::move(t.clock)};
  left.clock.stop(now_);  // a game put aside waits with its clock stopped
  t.game = std::move(from->game);
  t.options = std::move(from->options);
  t.replay = std::move(from->replay);
  t.record = std::move(from->record);
  t.clock = std::move(from->clock);
  if (t.clock.timed() && !t.ended()) t.clock.start(t.game.position().to_move, now_);
  from.reset();
  to = std::move(left);
  after_position_change();
}

bool Controller::redo() {
  touch();
  if (!can_redo()) return false;
  set_view(std::nullopt);
  cancel_search();
  finish_animation();
  if (table().undone_new) {  // the new game undo() left: undo brings this one back again
    swap_kept(table().undone_new, table().previous);
    return true;
  }
  table().redo_moves();
  after_position_change();
  return true;
}

Status Controller::hint() {
  touch();
  if (auto own = table().rules().own_hint()) {  // a puzzle's region, then its square
    if (!*own) return own->failure();
    if (**own != NO_SQUARE) hint_square_ = **own;
    return {};
  }
  if (table().ended()) return Error::text("error.play.over", "the game is over");
  if (!human_to_move()) return Error::text("error.hint.not_yours", "a hint is for your own move");
  if (!ai_ || table().options.hint_player.empty())
    return Error::text("error.hint.no_computer", "no computer player is available for hints");
  cancel_search();
  hint_square_ = NO_SQUARE;
  hint_ply_ = table().game.ply();
  // With the analysis on, its best move is the hint: the same values the board shows.
  if (const ShownAnalysis* a = analysis(); a && !table().view && !a->moves.empty() && position().is_legal(a->moves.front().move)) {
    hint_square_ = a->moves.front().move;
    return {};
  }
  hint_id_ = ai_->request(AiRequest{position(), table().options.hint_player, {}, seed_++});
  return {};
}

// ---- input helpers ----------------------------------------------------------------

Status Controller::set_cursor(Square s) {
  if (!is_board_square(s)) return Error::text("error.cursor.off_board", "the cursor must be on a square of the board (a1-h8)");
  table().cursor = s;
  keyboard_active_ = true;
  return {};
}

void Controller::move_cursor(int dx, int dy) {
  const int c = std::clamp(column_of(table().cursor) + dx, 0, 7);
  const int r = std::clamp(row_of(table().cursor) + dy, 0, 7);
  table().cursor = make_square(c, r);
  keyboard_active_ = true;
}

// ---- state --------------------------------------------------------------------------

Bitboard Controller::shown_black() const {
  if (const LinePreview* p = preview()) return p->position().black();
  if (table().view) return table().game.position_at(*table().view).black();
  return animating() ? animation_->shown_black(now_) : position().black();
}

Bitboard Controller::shown_white() const {
  if (const LinePreview* p = preview()) return p->position().white();
  if (table().view) return table().game.position_at(*table().view).white();
  return animating() ? animation_->shown_white(now_) : position().white();
}

Square Controller::shown_last_move() const {
  if (const LinePreview* p = preview()) return p->last_move();
  if (!table().view) return table().game.last_move();
  return *table().view == 0 ? NO_SQUARE : table().game.moves()[*table().view - 1];
}

int Controller::shown_count(Color c) const {
  return popcount(c == Color::Black ? shown_black() : shown_white());
}

Bitboard Controller::marked_moves() const {
  if (!table().options.legal_markers || !can_play_now() || animating()) return 0;
  return position().legal_moves();
}

}  // namespace reversi::ui
