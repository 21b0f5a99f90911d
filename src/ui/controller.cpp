#include "ui/controller.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "core/game_text.h"
#include "core/json.h"
#include "core/notation.h"

namespace reversi::ui {

namespace {

constexpr std::string_view kSaveMagic = "reversi-save-1";

}  // namespace

std::string_view reject_reason_name(RejectReason reason) {
  switch (reason) {
    case RejectReason::Illegal: return "illegal";
    case RejectReason::Occupied: return "occupied";
    case RejectReason::NotYourTurn: return "notYourTurn";
    case RejectReason::GameOver: return "gameOver";
    case RejectReason::Reviewing: return "reviewing";
  }
  return "illegal";
}

Controller::Controller(std::unique_ptr<AiClient> ai, std::vector<PlayerInfo> players,
                       const Options& options)
    : ai_(std::move(ai)), players_(std::move(players)), options_(resolve(options, players_)) {
  schedule_computer();
}

// ---- time -------------------------------------------------------------------------

void Controller::update(double now_ms) {
  now_ = std::max(now_, now_ms);
  if (animation_ && animation_->done(now_)) animation_.reset();

  if (ai_) {
    while (auto reply = ai_->poll()) handle_reply(*reply);
    while (auto snapshot = ai_->poll_analysis()) {
      if (practice_.take(*snapshot)) continue;
      if (auto error = analysis_.take(*snapshot, real_game(), real_shown_ply()))
        set_message(MessageKind::Hint, "message.no_hint", {{"detail", *error}});
    }
    const std::string failure = ai_->failure();
    if (!failure.empty() && (move_id_ || hint_id_)) {
      move_id_ = hint_id_ = 0;
      computer_failed_ = true;
      set_message(MessageKind::Computer, "message.computer_stopped", {{"detail", failure}});
    }
    if (!failure.empty()) analysis_.client_failed();
  }

  if (computer_to_move() && !move_id_ && !computer_failed_ && computer_ready_at_ >= 0 &&
      now_ >= computer_ready_at_ && !animating())
    request_computer_move();
}

void Controller::schedule_computer() {
  computer_ready_at_ = -1;
  if (!computer_to_move()) return;
  const double from = animation_ ? std::max(now_, animation_->end_ms()) : now_;
  computer_ready_at_ = from + options_.pause_ms;
}

void Controller::request_computer_move() {
  if (!ai_) {
    computer_failed_ = true;
    set_message(MessageKind::Computer, "message.no_computer");
    return;
  }
  const Color side = position().to_move;
  // Practice plays on against perfect play (the exact solver), whatever the seats name.
  AiRequest req = real_ ? practice_.opponent_request(position(), seed_++)
                        : AiRequest{position(), options_.seat(side).player, {}, seed_++};
  if (req.player.empty()) {
    computer_failed_ = true;
    set_message(MessageKind::Computer, "message.no_computer");
    return;
  }
  hint_id_ = 0;
  move_id_ = ai_->request(req);
}

void Controller::handle_reply(const AiReply& reply) {
  if (reply.id == move_id_ && move_id_) {
    move_id_ = 0;
    if (!reply.ok()) {
      computer_failed_ = true;
      set_message(MessageKind::Computer, "message.computer_failed",
                  {{"player", options_.seat(position().to_move).player}, {"detail", reply.error}});
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
    else if (hint_ply_ == game_.ply() && position().is_legal(reply.result.move))
      hint_square_ = reply.result.move;
  }
}

// ---- game changes -----------------------------------------------------------------

void Controller::cancel_search() {
  if ((move_id_ || hint_id_) && ai_) ai_->cancel();
  move_id_ = hint_id_ = 0;
}

void Controller::finish_animation() { animation_.reset(); }

void Controller::after_position_change() {
  rejected_square_ = NO_SQUARE;  // a refusal is about the position it was made in
  pass_shown_at_ = -1;
  hint_square_ = NO_SQUARE;
  computer_failed_ = false;
  message_ = {};
  const std::size_t ply = game_.ply();
  if (ply && game_.passed_after(ply)) {
    set_message(MessageKind::Pass, "message.passes");
    message_.passer = opposite(position().to_move);
    pass_shown_at_ = animation_ ? std::max(now_, animation_->end_ms()) : now_;
  }
  schedule_computer();
  // While practising the analysis session keeps the real game; the room follows the board.
  if (real_) practice_.position_now(game_);
  else analysis_.position_changed(game_, shown_ply());
}

void Controller::apply_move(Square s, bool animate) {
  const Position before = position();
  if (!game_.play(s)) return;  // callers check legality; never half-apply
  if (real_) practice_.moved(before, s);
  undone_new_.reset();  // a move in the game undo() returned to: redo no longer leaves it
  animation_ = MoveAnimation::of_move(before, s, now_, animate ? options_.flip_ms : 0);
  if (animation_->done(now_)) animation_.reset();
  after_position_change();
  for (auto& l : move_listeners_) l(before.to_move, s);
  if (game_.over()) {
    const Position& p = position();
    for (auto& l : over_listeners_)
      l(p.outcome(), p.disc_count(Color::Black), p.disc_count(Color::White));
  }
}

void Controller::new_game(const Options& options) {
  leave_practice();
  set_view(std::nullopt);
  cancel_search();
  finish_animation();
  // A game nobody has moved in is not worth keeping: the one kept before stays.
  if (!previous_ && (game_.ply() > 0 || game_.can_redo())) previous_ = PreviousGame{game_, options_, replay_};
  undone_new_.reset();
  replay_.reset();
  options_ = resolve(options, players_);
  game_ = Game();
  cursor_ = D3;
  after_position_change();
}

Status Controller::load(std::string_view text) {
  auto parsed = parse_game_text(text);
  if (!parsed) return Error{parsed.error()};
  Game game = make_game(*parsed);
  leave_practice();
  set_view(std::nullopt);
  cancel_search();
  finish_animation();
  if (!previous_ && (game_.ply() > 0 || game_.can_redo() || !(game_.start() == Position::initial())))
    previous_ = PreviousGame{game_, options_, replay_};
  undone_new_.reset();
  replay_.reset();
  Options people = options_;
  people.black = {true, ""};
  people.white = {true, ""};
  options_ = resolve(people, players_);
  game_ = std::move(game);
  cursor_ = D3;
  after_position_change();
  return {};
}

Status Controller::replay(std::string_view text, ReplayInfo info) {
  if (auto parsed = parse_game_text(text); !parsed) return Error{parsed.error()};
  // The game left is kept even if nobody has moved in it: undo is the way back to it (and
  // to its players), from however many replays.
  if (!previous_ && !real_) previous_ = PreviousGame{game_, options_, replay_};
  if (Status st = load(text); !st) return st;
  replay_ = std::move(info);
  if (game_.ply() > 0) set_view(0);  // the game is there to be stepped through from its start
  return {};
}

Expected<std::string> Controller::export_game(std::string_view kind) const {
  const auto moves = game_.moves();
  if (kind == "transcript") return game_.transcript();
  if (kind == "ggf") {
    // The opening's name as the game's comment, in both languages.
    std::string comment;
    if (game_.start() == Position::initial())
      if (const auto m = OpeningNames::standard().name_of(moves)) {
        comment = "Opening: " + m->opening->name(false);
        if (!m->opening->japanese.empty() && m->opening->japanese != m->opening->english)
          comment += " / " + m->opening->japanese;
      }
    return to_ggf(game_.start(), moves, comment);
  }
  if (kind == "board") return to_game_text(game_.start(), moves, GameTextFormat::Board);
  if (kind == "start") return to_board_string(game_.start());
  return Error{"'" + std::string(kind) + "' is not one of transcript, ggf, board, start"};
}

void Controller::set_options(const Options& options) {
  if (real_) {
    // The real game's options; the puzzle keeps its seats and takes the display settings.
    real_->options = resolve(options, players_);
    options_ = practice_options();
    return;
  }
  const Options old = options_;
  options_ = resolve(options, players_);
  const Color side = position().to_move;
  // Only the computer's turn depends on its seat and pause: a person's pending hint stays.
  if (!(old.seat(side) == options_.seat(side)) ||
      (old.pause_ms != options_.pause_ms && !options_.human(side)))
    retry_computer();
  if (!human_to_move()) hint_square_ = NO_SQUARE;  // a hint is for a person's move
}

void Controller::retry_computer() {
  cancel_search();
  computer_failed_ = false;
  if (message_.kind == MessageKind::Computer || message_.kind == MessageKind::Hint) message_ = {};
  schedule_computer();
}

Status Controller::play(Square s) {
  if (!is_board_square(s)) return Error{"that is not a square of the board"};
  const std::string side = color_name(position().to_move);
  if (view_)
    return reject(s, RejectReason::Reviewing,
                  "an earlier position is shown (after move " + std::to_string(*view_) +
                      "); go back to the game to play");
  if (game_.over()) return reject(s, RejectReason::GameOver, "the game is over");
  if (computer_to_move())
    return reject(s, RejectReason::NotYourTurn, "it is the computer's turn (" + side + ")");
  if (position().at(s) != Cell::Empty)
    return reject(s, RejectReason::Occupied,
                  square_name(s) + " is not a legal move for " + side + ": a stone is already there");
  if (!position().is_legal(s))
    return reject(s, RejectReason::Illegal, square_name(s) + " is not a legal move for " + side);
  if (real_) {
    const PracticePhase phase = practice_.current()->phase;
    if (phase == PracticePhase::Solving) {  // the first move is judged, not played
      auto event = practice_.answer(s, options_.lang);
      if (!event) return Error{event.error()};
      cursor_ = s;
      rejected_square_ = NO_SQUARE;
      hint_square_ = NO_SQUARE;
      for (auto& l : puzzle_listeners_) l(*event);
      return {};
    }
    if (phase == PracticePhase::Judged)  // a move after the judgement plays the position on
      if (Status st = practice_play_out(); !st) return st;
  }
  cancel_search();  // a pending hint
  finish_animation();
  previous_.reset();  // the person has taken to the new game
  apply_move(s, true);
  cursor_ = s;
  return {};
}

Status Controller::reject(Square s, RejectReason reason, std::string why) {
  rejected_square_ = s;
  rejected_at_ = now_;
  rejected_reason_ = reason;
  for (auto& l : reject_listeners_) l(s, reason);
  return Error{std::move(why)};
}

// ---- review -----------------------------------------------------------------------

Status Controller::view(std::size_t ply) {
  if (ply > game_.ply())
    return Error{"there is no position after move " + std::to_string(ply) + " (the game has " +
                 std::to_string(game_.ply()) + " moves)"};
  set_view(ply);
  return {};
}

void Controller::set_view(std::optional<std::size_t> ply) {
  if (view_ == ply) return;
  view_ = ply;
  rejected_square_ = NO_SQUARE;  // it was made on the board shown before
  if (!real_) analysis_.position_changed(game_, shown_ply());
}

bool Controller::human_moved_at(std::size_t i) const {
  return options_.human(game_.position_at(i).to_move);
}

// During a puzzle Undo and Redo are off: they would act on the game that waits aside
// and drop the puzzle unseen (issue 33); the puzzle has its own buttons, and Back to the
// game (leave_practice) is the way out.
bool Controller::can_undo() const {
  if (real_) return false;
  if (previous_) return true;
  const bool any_human = options_.black.human || options_.white.human;
  if (!any_human) return false;  // computer vs computer: nothing of yours to take back
  for (std::size_t i = 0; i < game_.ply(); ++i)
    if (human_moved_at(i)) return true;
  return false;
}

bool Controller::undo() {
  if (!can_undo()) return false;
  set_view(std::nullopt);
  cancel_search();
  finish_animation();
  if (previous_) {
    // Redo goes back to the new game (kept until something else changes the game).
    PreviousGame left{std::move(game_), std::move(options_), std::move(replay_)};
    game_ = std::move(previous_->game);
    options_ = std::move(previous_->options);
    replay_ = std::move(previous_->replay);
    previous_.reset();
    undone_new_ = std::move(left);
    after_position_change();
    return true;
  }
  // Back until a person is to move again, which takes the computer's replies too.
  // Redo now replays these moves: the new game undone before is out of its reach.
  undone_new_.reset();
  do {
    game_.undo();
  } while (game_.can_undo() && !options_.human(position().to_move));
  after_position_change();
  return true;
}

bool Controller::can_redo() const {
  if (real_) return false;  // see can_undo
  if (undone_new_) return true;
  return game_.can_redo() && (options_.black.human || options_.white.human);
}

bool Controller::redo() {
  if (!can_redo()) return false;
  set_view(std::nullopt);
  cancel_search();
  finish_animation();
  if (undone_new_) {  // the new game undo() left: undo brings this one back again
    PreviousGame left{std::move(game_), std::move(options_), std::move(replay_)};
    game_ = std::move(undone_new_->game);
    options_ = std::move(undone_new_->options);
    replay_ = std::move(undone_new_->replay);
    undone_new_.reset();
    previous_ = std::move(left);
    after_position_change();
    return true;
  }
  do {
    game_.redo();
  } while (game_.can_redo() && !game_.over() && !options_.human(position().to_move));
  after_position_change();
  return true;
}

Status Controller::hint() {
  if (real_) return practice_hint();
  if (game_.over()) return Error{"the game is over"};
  if (!human_to_move()) return Error{"a hint is for your own move"};
  if (!ai_) return Error{"no computer player is available for hints"};
  if (options_.hint_player.empty()) return Error{"no computer player is available for hints"};
  cancel_search();
  hint_square_ = NO_SQUARE;
  hint_ply_ = game_.ply();
  // With the analysis on, its best move is the hint: the same values the board shows.
  if (const ShownAnalysis* a = analysis(); a && !view_ && !a->moves.empty() && position().is_legal(a->moves.front().move)) {
    hint_square_ = a->moves.front().move;
    return {};
  }
  hint_id_ = ai_->request(AiRequest{position(), options_.hint_player, {}, seed_++});
  return {};
}

// ---- input helpers ----------------------------------------------------------------

Status Controller::set_cursor(Square s) {
  if (!is_board_square(s)) return Error{"the cursor must be on a square of the board (a1-h8)"};
  cursor_ = s;
  keyboard_active_ = true;
  return {};
}

void Controller::move_cursor(int dx, int dy) {
  const int c = std::clamp(column_of(cursor_) + dx, 0, 7);
  const int r = std::clamp(row_of(cursor_) + dy, 0, 7);
  cursor_ = make_square(c, r);
  keyboard_active_ = true;
}

// ---- state --------------------------------------------------------------------------

bool Controller::human_to_move() const {
  return !game_.over() && options_.human(position().to_move);
}

bool Controller::computer_to_move() const {
  return !game_.over() && !options_.human(position().to_move);
}

Bitboard Controller::shown_black() const {
  if (view_) return game_.position_at(*view_).black();
  return animating() ? animation_->shown_black(now_) : position().black();
}

Bitboard Controller::shown_white() const {
  if (view_) return game_.position_at(*view_).white();
  return animating() ? animation_->shown_white(now_) : position().white();
}

Square Controller::shown_last_move() const {
  if (!view_) return game_.last_move();
  return *view_ == 0 ? NO_SQUARE : game_.moves()[*view_ - 1];
}

int Controller::shown_count(Color c) const {
  return popcount(c == Color::Black ? shown_black() : shown_white());
}

Bitboard Controller::marked_moves() const {
  if (!options_.legal_markers || !can_play_now() || animating()) return 0;
  return position().legal_moves();
}

std::string Controller::status_line() const {
  const Position& p = position();
  const Lang lang = options_.lang;
  // An earlier position is shown: the line says so, not what the live game is doing
  // (its counts are the cards'); back at the game the live line returns.
  if (view_) {
    const std::string ply = std::to_string(*view_), total = std::to_string(game_.ply());
    return *view_ == 0 ? tr(lang, "status.viewing_start", {{"total", total}})
                       : tr(lang, "status.viewing", {{"ply", ply}, {"total", total}});
  }
  // The result as soon as the game is over, while the last stones still turn: the
  // line is never blank, and a listener of the game's end reads the whole result.
  if (game_.over()) {
    const int b = p.disc_count(Color::Black), w = p.disc_count(Color::White);
    // The winner's count first ("White wins 52\u201312"), as a result is read out.
    const std::string first = std::to_string(std::max(b, w)), second = std::to_string(std::min(b, w));
    switch (p.outcome()) {
      case Outcome::BlackWins: return tr(lang, "result.black_wins", {{"winner", first}, {"loser", second}});
      case Outcome::WhiteWins: return tr(lang, "result.white_wins", {{"winner", first}, {"loser", second}});
      default: return tr(lang, "result.draw", {{"count", first}});
    }
  }
  const Color side = p.to_move;
  if (computer_to_move())
    return tr(lang, thinking() ? "status.thinking" : "status.to_move", {{"color", color_word(lang, side)}});
  const bool vs_computer = !options_.black.human || !options_.white.human;
  if (vs_computer) return tr(lang, "status.your_move", {{"side", side_word(lang, side)}});
  return tr(lang, "status.to_move", {{"color", color_word(lang, side)}});
}

std::string Controller::message() const {
  if (message_.kind == MessageKind::None) return "";
  if (!message_.passer) return tr(options_.lang, message_.key, message_.args);
  TextArgs args = message_.args;
  args.emplace_back("color", color_word(options_.lang, *message_.passer));
  return tr(options_.lang, message_.key, args);
}

void Controller::set_message(MessageKind kind, std::string key, TextArgs args) {
  message_ = Message{kind, std::move(key), std::move(args), std::nullopt};
}

const Opening* Controller::opening() const {
  if (!(game_.start() == Position::initial())) return nullptr;  // a set-up board: no opening
  const auto match = OpeningNames::standard().name_of(game_.moves().first(shown_ply()));
  return match ? match->opening : nullptr;
}

std::string Controller::opening_name() const {
  const Opening* o = opening();
  return o ? o->name(options_.lang == Lang::Ja) : std::string();
}

std::string Controller::state_json() const { return state_text(nullptr, true); }

Controller::DrawingKey Controller::drawing_key(bool graph) const {
  DrawingKey key;
  key.state = state_text(&key, graph);
  return key;
}

std::string Controller::state_text(DrawingKey* key, bool graph) const {
  const Position& p = position();
  std::string board = to_board_string(p).substr(0, 64);
  std::string s = "{\"board\":\"" + board + "\"";
  s += ",\"toMove\":";
  s += game_.over() ? "null" : std::string("\"") + color_name(p.to_move) + "\"";
  s += ",\"transcript\":\"" + game_.transcript() + "\"";
  s += ",\"black\":" + std::to_string(p.disc_count(Color::Black));
  s += ",\"white\":" + std::to_string(p.disc_count(Color::White));
  s += std::string(",\"over\":") + (game_.over() ? "true" : "false");
  s += std::string(",\"thinking\":") + (thinking() ? "true" : "false");
  s += std::string(",\"computerToMove\":") + (computer_to_move() ? "true" : "false");
  s += std::string(",\"humanToMove\":") + (human_to_move() ? "true" : "false");
  s += std::string(",\"animating\":") + (animating() ? "true" : "false");
  s += std::string(",\"canUndo\":") + (can_undo() ? "true" : "false");
  s += std::string(",\"canRedo\":") + (can_redo() ? "true" : "false");
  s += std::string(",\"canAnalyse\":") + (can_analyse() ? "true" : "false");
  s += ",\"lastMove\":";
  s += game_.last_move() == NO_SQUARE ? "null" : "\"" + square_name(game_.last_move()) + "\"";
  s += ",\"hint\":";
  s += hint_square_ == NO_SQUARE ? "null" : "\"" + square_name(hint_square_) + "\"";
  s += ",\"status\":" + json_string(status_line());
  s += ",\"message\":" + json_string(message());
  s += ",\"options\":" + json_string(to_query_string(real_ ? real_->options : options_));
  s += ",\"view\":" + (view_ ? std::to_string(*view_) : std::string("null"));
  // The counts of the position shown (the viewed one while reviewing, the stones
  // turned so far mid-animation), for the cards.
  // "board" is the position shown as `board` is the live one (for the page's grid).
  s += ",\"shown\":{\"black\":" + std::to_string(shown_count(Color::Black)) +
       ",\"white\":" + std::to_string(shown_count(Color::White)) + ",\"board\":\"" +
       (view_ ? to_board_string(game_.position_at(*view_)).substr(0, 64) : board) + "\"}";
  s += ",\"opening\":";
  if (const Opening* o = opening())
    s += "{\"en\":" + json_string(o->name(false)) + ",\"ja\":" + json_string(o->name(true)) + "}";
  else
    s += "null";
  s += ",\"moves\":" + moves_json();
  s += std::string(",\"undoReturns\":") + (undo_returns_to_previous_game() ? "true" : "false");
  s += ",\"replay\":";
  if (replay_ && !real_)
    s += "{\"black\":" + json_string(replay_->black) + ",\"white\":" + json_string(replay_->white) +
         ",\"tournament\":" + json_string(replay_->tournament) + ",\"year\":" + std::to_string(replay_->year) + "}";
  else
    s += "null";
  if (key) analysis_.drawn_key(real_game(), real_shown_ply(), options_.lang, s, key->values, graph ? &key->graph : nullptr);
  else s += analysis_.json(real_game(), real_shown_ply());
  s += practice_.json(options_.lang);
  // Why the computer player cannot work (its worker or thread failed), or null.
  const std::string failure = ai_->failure();
  s += ",\"error\":" + (failure.empty() ? std::string("null") : json_string(failure));
  // The squares a person may play now (the page's board grid names them).
  s += ",\"legal\":[";
  if (can_play_now())
    for (Bitboard m = position().legal_moves(); m; m &= m - 1)
      s.append(s.back() == '[' ? "\"" : ",\"").append(square_name(Square(std::countr_zero(m)))).append("\"");
  s += "]";
  // Last, so that a test can compare everything before it.
  s += ",\"rejected\":";
  if (rejected_square_ == NO_SQUARE) s += "null";
  else
    s.append("{\"square\":\"").append(square_name(rejected_square_)).append("\",\"reason\":\"")
        .append(reject_reason_name(rejected_reason_)).append("\"}");
  return s + "}";
}

std::string Controller::moves_json() const {
  // Each move with its mover, so the page lists them without replaying the rules.
  std::string s = "[";
  const auto moves = game_.moves();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i) s += ',';
    s.append("{\"color\":\"").append(color_name(game_.position_at(i).to_move))
        .append("\",\"square\":\"").append(square_name(moves[i])).append("\"}");
  }
  return s + "]";
}

std::string Controller::save() const {
  // One line, readable and hand-editable: magic|options|moves played|moves to redo.
  // While practising: the real game (a reload returns to it, not to the puzzle).
  const Game& game = real_game();
  Game full = game;
  std::string redo;
  while (full.redo()) redo += square_name(full.last_move());
  std::string line = std::string(kSaveMagic) + "|" + to_query_string(real_ ? real_->options : options_) + "|" +
                     game.transcript() + "|" + redo;
  // A game set up from another position: that position too (older saves have four parts).
  if (!(game.start() == Position::initial())) line += "|" + to_board_string(game.start());
  return line;
}

Status Controller::restore(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
    text.remove_suffix(1);
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t bar = text.find('|', start);
    parts.push_back(text.substr(start, bar == std::string_view::npos ? bar : bar - start));
    if (bar == std::string_view::npos) break;
    start = bar + 1;
  }
  if ((parts.size() != 4 && parts.size() != 5) || parts[0] != kSaveMagic)
    return Error{"the saved game is not in the expected format (" + std::string(kSaveMagic) +
                 "|options|moves|redo[|start board]); keeping the current game"};
  Position start = Position::initial();
  if (parts.size() == 5) {
    auto board = parse_board_string(parts[4]);
    if (!board) return Error{"the saved game's start position is corrupt (" + board.error() + "); keeping the current game"};
    start = *board;
  }
  // Options from an older build may name a player this one lacks: use defaults for
  // those rather than refusing the whole game.
  ParsedOptions parsed = parse_query_string(parts[1], players_);
  // Read apart: joined without a space, "6" and "." would make the move number "6.".
  auto played = Game::from_transcript(std::string(parts[2]) + " " + std::string(parts[3]), start);
  if (!played)
    return Error{"the saved game's moves are corrupt (" + played.error() +
                 "); keeping the current game"};
  // The moves played on their own (whitespace may pad either list: count moves, not characters).
  const auto kept = parse_transcript(parts[2], start);
  if (!kept) return Error{"the saved game's moves are corrupt; keeping the current game"};
  Game game = std::move(*played);
  while (game.ply() > kept->size()) game.undo();
  leave_practice();
  set_view(std::nullopt);
  cancel_search();
  finish_animation();
  options_ = parsed.options;
  game_ = std::move(game);
  previous_.reset();
  undone_new_.reset();
  replay_.reset();
  after_position_change();
  if (!parsed.messages.empty())
    set_message(MessageKind::Settings, "message.saved_settings", {{"detail", parsed.messages.front()}});
  return {};
}

}  // namespace reversi::ui

namespace reversi::ui {

// ---- practice ------------------------------------------------------------------------

std::size_t Controller::real_shown_ply() const {
  if (!real_) return shown_ply();
  return real_->view ? *real_->view : real_->game.ply();
}

void Controller::set_analysis(bool on) {
  if (!can_analyse()) return;
  analysis_.set_on(on, game_, shown_ply());
}

const ShownAnalysis* Controller::analysis() const {
  if (!real_) return analysis_.shown(game_, shown_ply());
  return game_.ply() == 0 && !view_ ? practice_.shown_values() : nullptr;
}

Status Controller::start_review() {
  leave_practice();
  return analysis_.start_review(game_, shown_ply());
}

Status Controller::set_puzzles(std::span<const std::uint8_t> bytes) {
  const bool was_open = practice_.active();
  Status st = practice_.set_puzzles(bytes);
  // A new set may close the puzzle open (its number means another puzzle there).
  if (st && was_open && !practice_.active()) leave_practice();
  return st;
}

Options Controller::practice_options() const {
  Options o = real_ ? real_->options : options_;
  o.black = {true, ""};
  o.white = {true, ""};
  const PracticePuzzle* p = practice_.current();
  if (p && (p->phase == PracticePhase::Playing || p->phase == PracticePhase::Over))
    o.seat(opposite(p->person)) = Seat{false, std::string(kPerfectPlayer)};
  return o;
}

Status Controller::enter_practice() {
  if (!real_) {
    // The real game steps aside whole; its analysis and review stop while it waits.
    cancel_search();
    finish_animation();
    const std::size_t ply = shown_ply();
    const bool analysing = analysis_.on();
    analysis_.set_on(false, game_, ply);
    analysis_.cancel_review(game_, ply);
    real_ = RealGame{std::move(game_), options_, view_, std::move(previous_), std::move(undone_new_), cursor_,
                     analysing};
    previous_.reset();
    undone_new_.reset();
  }
  show_practice_position(practice_.current()->puzzle.position);
  return {};
}

void Controller::show_practice_position(const Position& start) {
  cancel_search();
  finish_animation();
  view_.reset();
  game_ = Game(start);
  options_ = practice_options();
  after_position_change();
}

void Controller::leave_practice() {
  if (!real_) return;
  cancel_search();
  finish_animation();
  practice_.close();
  RealGame real = std::move(*real_);
  real_.reset();
  game_ = std::move(real.game);
  options_ = std::move(real.options);
  view_ = real.view;
  previous_ = std::move(real.previous);
  undone_new_ = std::move(real.undone_new);
  cursor_ = real.cursor;
  after_position_change();
  analysis_.set_on(real.analysis_on, game_, shown_ply());
}

Status Controller::practice_next() {
  Status st = practice_.drill_has_next() ? practice_.open_next_drill() : practice_.open_rated();
  return st ? enter_practice() : st;
}

Status Controller::practice_daily(std::string_view date) {
  Status st = practice_.open_daily(date);
  return st ? enter_practice() : st;
}

Status Controller::practice_mistakes() {
  const Options& real = real_ ? real_->options : options_;
  Status st = practice_.open_drill(real_game(), analysis_.review(), real.black.human, real.white.human);
  return st ? enter_practice() : st;
}

Status Controller::practice_trainer() {
  Status st = practice_.open_trainer(shown_position());
  return st ? enter_practice() : st;
}

Status Controller::practice_hint() {
  if (!real_) return Error{"there is no puzzle open"};
  Status st = practice_.hint();
  if (st && practice_.current()->hint_step == 2) hint_square_ = practice_.current()->puzzle.answer();
  return st;
}

Status Controller::practice_play_out() {
  if (!real_) return Error{"there is no puzzle open"};
  Status st = practice_.play_out();
  if (!st) return st;
  options_ = practice_options();
  schedule_computer();
  return {};
}

Status Controller::practice_skip() {
  if (!real_) return Error{"there is no puzzle open"};
  auto event = practice_.skip(options_.lang);
  if (!event) return Error{event.error()};
  hint_square_ = NO_SQUARE;
  rejected_square_ = NO_SQUARE;
  for (auto& l : puzzle_listeners_) l(*event);
  return {};
}

}  // namespace reversi::ui
