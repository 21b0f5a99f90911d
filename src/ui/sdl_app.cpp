#include "ui/sdl_app.h"

#include <algorithm>
#include <iterator>
#include <string_view>
#include <utility>

#include "core/notation.h"
#include "ui/explorer_move.h"
#include "ui/renderer.h"

namespace reversi::ui {


SdlApp::SdlApp(SDL_Window* window, SDL_Renderer* renderer, Controller& controller,
               std::vector<unsigned char> font_ttf, std::vector<unsigned char> fallback_ttf)
    : window_(window),
      sdl_renderer_(renderer),
      controller_(controller),
      renderer_(std::make_unique<Renderer>(renderer, std::move(font_ttf), std::move(fallback_ttf))),
      last_opponent_(controller.options().opponent()) {
  update_layout();
}

SdlApp::~SdlApp() = default;

void SdlApp::update_layout() {
  int ow = 0, oh = 0, ww = 0, wh = 0;
  SDL_GetRendererOutputSize(sdl_renderer_, &ow, &oh);
  SDL_GetWindowSize(window_, &ww, &wh);
  // Pointer events come in window units; drawing is in output pixels.
  pointer_scale_ = ww > 0 ? float(ow) / float(ww) : 1.0f;
  const float ratio = forced_ratio_ > 0 ? forced_ratio_ : pointer_scale_;
  if (ow != int(layout_.width) || oh != int(layout_.height) || ratio != layout_.scale ||
      layout_kind_ != layout_.kind)
    layout_ = compute_layout(float(ow), float(oh), ratio, layout_kind_);
}

void SdlApp::pointer_moved(float x, float y) {
  focused_ = Button::None;
  controller_.set_hover(square_at(layout_, x, y));
  hovered_ = button_at(layout_, x, y);
  controller_.set_keyboard_active(false);
}

void SdlApp::pointer_pressed(float x, float y) {
  if (help_open_) {  // a click anywhere closes the help (and does nothing else)
    set_help_open(false);
    return;
  }
  pointer_moved(x, y);
  const Square s = square_at(layout_, x, y);
  if (is_board_square(s)) {
    controller_.play(s);  // an illegal or out-of-turn click just does nothing
    return;
  }
  // Your games in the graph's and the move list's place: a click selects a game, a click
  // on the selected one opens it.
  if (history_shown()) {
    const auto panel = history_panel_layout(layout_, history_->entries().size(), history_->selected().value_or(0));
    if (const int i = history_row_at(panel, x, y); i >= 0) {
      if (history_->selected() == std::size_t(i)) open_history_game();
      else history_->select(std::size_t(i));
      return;
    }
    pressed_ = button_at(layout_, x, y);
    return;
  }
  // A move of the list or a point of the graph shows that position (the table's rules say
  // whether the panel is the game's: in practice it shows the puzzle and the rating graph).
  if (!controller_.table_rules().players_game()) {
    pressed_ = button_at(layout_, x, y);
    return;
  }
  if (const int move = move_at(move_list_of(controller_, layout_), x, y); move >= 0) {
    show_ply(chosen_view_ply(controller_, std::size_t(move) + 1));
    return;
  }
  // A move of the explorer: played when a person may move on the live game, else its
  // figures said; one of its games: replayed (the front end sets a new panel afterwards).
  if (const ExplorerPanel e = controller_.explorer_session().panel(); e.state == ExplorerPanel::State::Ready) {
    const ExplorerLines lines = explorer_lines_of(e);
    const int line = explorer_line_at(explorer_box_of(controller_, layout_), x, y);
    if (const int i = lines.move_on(line); i >= 0) {
      const MoveStatistics move = e.moves[std::size_t(i)];
      choose_explorer_move(controller_, move);
      return;
    }
    if (const int k = lines.game_on(line); k >= 0) {
      if (!e.players.empty()) {  // a search's players, listed instead of games: that player's
        ExplorerSearch search;
        search.player = e.players[std::size_t(k)];
        controller_.explorer_search(std::move(search));
      } else if (Status st = replay_listed_game(controller_, e.recent[std::size_t(k)].number); !st) {
        controller_.show_notice("explorer.replay_failed", {{"detail", error_text(controller_.options().lang, st.failure())}});
      }
      return;
    }
  }
  // A mistake's mark first: it is wider than a ply, so the nearest ply may be another.
  const auto points = controller_.graph();
  if (const int ply = graph_mark_at(layout_, x, y, graph_marks_of(controller_, points), graph_range_of(points));
      ply >= 0 && std::size_t(ply) <= controller_.game().ply()) {
    show_ply(chosen_view_ply(controller_, std::size_t(ply)));
    return;
  }
  if (const int ply = graph_ply_at(layout_, x, y, controller_.game().ply()); ply >= 0) {
    show_ply(std::size_t(ply));
    return;
  }
  pressed_ = button_at(layout_, x, y);
}

void SdlApp::show_ply(std::size_t ply) {
  // The game's own position is the live game (where a person may play), not a view of it.
  if (ply >= controller_.game().ply()) controller_.view_live();
  else controller_.view(ply);
}

void SdlApp::step_view(int delta) {
  const std::size_t ply = shown_ply(controller_);
  if (delta < 0 && ply == 0) return;
  show_ply(delta < 0 ? ply - 1 : ply + 1);
}

void SdlApp::press_button(Button b) {
  // The player's options, not a puzzle's seats (set_options changes the player's anyway).
  Options o = controller_.game_options();
  const auto& players = controller_.players();
  switch (b) {
    case Button::NewGame: controller_.new_game(); return;
    case Button::Undo: controller_.undo(); return;
    case Button::Redo: controller_.redo(); return;
    case Button::Hint: controller_.hint(); return;
    case Button::Analyse: controller_.set_analysis(!controller_.analysis_on()); return;
    case Button::Review:
      if (controller_.review().running) controller_.cancel_review();
      else controller_.start_review();  // refused (nothing happens) before the first move
      return;
    case Button::Prev: step_view(-1); return;
    case Button::Next: if (controller_.viewing()) step_view(1); return;
    case Button::Live: controller_.view_live(); return;
    case Button::Mode: {
      // black -> white -> two players -> computer vs computer -> black
      const std::string m = o.color_mode();
      // Two players have no computer: bring back the one chosen before.
      const std::string opp = !o.opponent().empty() ? o.opponent()
                              : !last_opponent_.empty() ? last_opponent_ : default_opponent(players);
      if (m == "black") o.black = {false, opp}, o.white = {true, ""};
      else if (m == "white") o.black = {true, ""}, o.white = {true, ""};
      else if (m == "both") o.black = {false, opp}, o.white = {false, opp};
      else o.black = {true, ""}, o.white = {false, opp};
      break;
    }
    case Button::Opponent: {
      if (players.empty()) return;
      const std::string cur = o.opponent();
      auto it = std::find_if(players.begin(), players.end(), [&](const PlayerInfo& p) { return p.name == cur; });
      const std::string next = (it == players.end() || it + 1 == players.end()) ? players.front().name : (it + 1)->name;
      for (Color c : {Color::Black, Color::White})
        if (!o.human(c)) o.seat(c).player = next;
      if (o.black.human && o.white.human) return;  // nobody to change
      break;
    }
    case Button::Speed: {
      const int speeds[] = {kSpeedInstantMs, kSpeedFastMs, kSpeedNormalMs, kSpeedSlowMs};
      int i = 0;
      while (i < 4 && speeds[i] != o.flip_ms) ++i;
      o.flip_ms = speeds[(i + 1) % 4];
      break;
    }
    case Button::Markers: o.legal_markers = !o.legal_markers; break;
    case Button::Clock: {
      // The time control of the next new game, in turn: none, then each of the minutes a side
      // the New game dialog offers, without and with an increment.
      std::vector<TimeControl> choices{TimeControl{}};
      for (int m : kClockMinutes)
        for (int inc : kClockIncrements) choices.push_back({m * 60, inc});
      auto it = std::find(choices.begin(), choices.end(), o.clock);
      o.clock = (it == choices.end() || it + 1 == choices.end()) ? choices.front() : *(it + 1);
      controller_.set_options(o);
      controller_.show_notice("desk.clock_next", {{"clock", o.clock.timed() ? time_control_name(o.clock) : tr(o.lang, "button.clock.none.short")}});
      if (on_settings_changed) on_settings_changed();
      return;
    }
    default: return;
  }
  if (!o.opponent().empty()) last_opponent_ = o.opponent();
  controller_.set_options(o);
  if (on_settings_changed) on_settings_changed();
}

bool SdlApp::handle_event(const SDL_Event& e) {
  dirty_ = true;
  switch (e.type) {
    case SDL_QUIT: return false;
    case SDL_RENDER_TARGETS_RESET:
    case SDL_RENDER_DEVICE_RESET: renderer_->reset_cache(); break;
    case SDL_WINDOWEVENT:
      if (e.window.event == SDL_WINDOWEVENT_SIZE_CHANGED || e.window.event == SDL_WINDOWEVENT_RESIZED)
        update_layout();
      if (e.window.event == SDL_WINDOWEVENT_LEAVE) {
        controller_.set_hover(NO_SQUARE);
        hovered_ = Button::None;
      }
      break;
    // Touch arrives as synthesized mouse events too (SDL's default), so the board
    // and the buttons work with a finger through the mouse path alone.
    case SDL_MOUSEMOTION:
      pointer_moved(e.motion.x * pointer_scale_, e.motion.y * pointer_scale_);
      break;
    case SDL_MOUSEBUTTONDOWN:
      if (e.button.button == SDL_BUTTON_LEFT)
        pointer_pressed(e.button.x * pointer_scale_, e.button.y * pointer_scale_);
      break;
    case SDL_MOUSEBUTTONUP:
      if (e.button.button == SDL_BUTTON_LEFT) {
        const Button b = button_at(layout_, e.button.x * pointer_scale_, e.button.y * pointer_scale_);
        if (b != Button::None && b == pressed_) press_button(b);
        pressed_ = Button::None;
      }
      // A finger lifted leaves no pointer over the board: no hover frame or see-through
      // stone stays on the square tapped (issue 44), as when a mouse leaves the window.
      if (e.button.which == SDL_TOUCH_MOUSEID) {
        controller_.set_hover(NO_SQUARE);
        hovered_ = Button::None;
      }
      break;
    case SDL_KEYDOWN: {
      const SDL_Keycode k = e.key.keysym.sym;
      const bool ctrl = (e.key.keysym.mod & (KMOD_CTRL | KMOD_GUI)) != 0;
      const bool shift = (e.key.keysym.mod & KMOD_SHIFT) != 0;
      const bool help_key = k == SDLK_F1 || k == SDLK_QUESTION || (k == SDLK_SLASH && shift);
      // '?' also arrives as text (on layouts where it is not Shift+/): once per press.
      question_keyed_ = help_key && k != SDLK_F1;
      if (help_key) {
        set_help_open(!help_open_);
        break;
      }
      if (help_open_) {  // the overlay covers the game: only closing it
        if (k == SDLK_ESCAPE) set_help_open(false);
        break;
      }
      if (explorer_entry_) {  // a name being typed takes every key
        explorer_entry_key(k);
        break;
      }
      // X resets the practice record only when pressed twice in a row (practice_key).
      if (k != SDLK_x) practice_reset_asked_ = false;
      if (k != SDLK_ESCAPE) quit_asked_ = false;
      if (k == SDLK_x && e.key.repeat) break;  // a held key is not a second press
      return game_key(k, ctrl, shift);
    }
    case SDL_TEXTINPUT:
      if (explorer_entry_) {
        const std::string_view typed = e.text.text;
        if (std::exchange(entry_key_text_, false) && (typed == "f" || typed == "F")) break;
        if (explorer_entry_->size() + typed.size() <= 60) *explorer_entry_ += typed;
        break;
      }
      if (std::string_view(e.text.text) == "?" && !std::exchange(question_keyed_, false)) set_help_open(!help_open_);
      break;
    default: break;
  }
  return true;
}

void SdlApp::explorer_entry_key(SDL_Keycode k) {
  entry_key_text_ = false;
  if (k == SDLK_ESCAPE) {
    explorer_entry_.reset();
  } else if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
    const std::string name(trim(*explorer_entry_));
    ExplorerSearch search;
    if (name.empty()) search.here = true;
    else search.player = name;
    controller_.explorer_search(std::move(search));
    explorer_entry_.reset();
  } else if (k == SDLK_BACKSPACE && !explorer_entry_->empty()) {
    // One character: drop the UTF-8 continuation bytes with their lead byte.
    std::string& s = *explorer_entry_;
    while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0x80) s.pop_back();
    if (!s.empty()) s.pop_back();
  }
}

void SdlApp::set_help_open(bool open) {
  help_open_ = open && layout_.kind == LayoutKind::Full;
  dirty_ = true;
}

// Ctrl+V: whatever core/game_text reads (a transcript, a GGF game, a board string)
// becomes the game; Ctrl+C: the game back as a transcript, or as GGF when it starts
// from a set-up position (a transcript alone would not say from where).
void SdlApp::paste_game() {
  char* text = SDL_GetClipboardText();
  const std::string pasted = text ? text : "";
  SDL_free(text);
  if (Status st = controller_.load(pasted); !st)
    controller_.show_notice("message.load_failed", {{"detail", error_text(controller_.options().lang, st.failure())}});
  else controller_.show_notice("message.loaded");
}

void SdlApp::copy_game() {
  const bool from_start = controller_.game().start() == Position::initial();
  const auto text = controller_.export_game(from_start ? "transcript" : "ggf");
  if (text && SDL_SetClipboardText(text->c_str()) == 0) controller_.show_notice("message.copied");
}

bool SdlApp::game_key(SDL_Keycode k, bool ctrl, bool shift) {
  if (k == SDLK_TAB) {
    if (layout_.kind == LayoutKind::BoardOnly) return true;  // no buttons to walk
    // Tab walks the buttons and back to the board; Enter or Space presses.
    // In reading order of the layout; the board is the last stop.
    std::vector<Button> order = buttons_in_reading_order(layout_);
    order.push_back(Button::None);
    const int n = int(order.size());
    int i = 0;
    while (i < n - 1 && order[i] != focused_) ++i;
    focused_ = order[(i + (shift ? n - 1 : 1)) % n];
    return true;
  }
  if (focused_ != Button::None) {
    if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE) {
      press_button(focused_);
      return true;
    }
    if (k == SDLK_LEFT || k == SDLK_RIGHT || k == SDLK_UP || k == SDLK_DOWN)
      focused_ = Button::None;  // arrows go back to the board
  }
  if (!ctrl && history_key(k)) return true;
  if (!ctrl && practice_key(k)) return true;
  // While an earlier position is shown, Left and Right step through the game and
  // Escape goes back to it (rather than quitting).
  if (controller_.viewing()) {
    if (k == SDLK_LEFT || k == SDLK_RIGHT) {
      step_view(k == SDLK_LEFT ? -1 : 1);
      return true;
    }
    if (k == SDLK_ESCAPE) {
      controller_.view_live();
      return true;
    }
  }
  // Every key here is listed in the help overlay (help.* in the catalog); the
  // settings are changed with the buttons only, never by a stray letter.
  switch (k) {
    case SDLK_LEFT: controller_.move_cursor(-1, 0); break;
    case SDLK_RIGHT: controller_.move_cursor(1, 0); break;
    case SDLK_UP: controller_.move_cursor(0, -1); break;
    case SDLK_DOWN: controller_.move_cursor(0, 1); break;
    case SDLK_RETURN: case SDLK_KP_ENTER: case SDLK_SPACE:
      controller_.set_keyboard_active(true);
      controller_.play_cursor();
      break;
    case SDLK_n: press_button(Button::NewGame); break;  // undoable (Controller::new_game)
    case SDLK_u: controller_.undo(); break;
    case SDLK_r: controller_.redo(); break;
    case SDLK_z: if (ctrl && shift) controller_.redo(); else if (ctrl) controller_.undo(); break;
    case SDLK_y: if (ctrl) controller_.redo(); break;
    case SDLK_h: controller_.hint(); break;
    case SDLK_f:  // the explorer's player search
      if (controller_.explorer_session().is_open() && layout_.kind == LayoutKind::Full) {
        explorer_entry_ = std::string();
        entry_key_text_ = true;
      }
      break;
    case SDLK_a: press_button(Button::Analyse); break;
    case SDLK_v: if (ctrl) paste_game(); break;
    case SDLK_c: if (ctrl) copy_game(); break;
    // Quitting by Esc is asked first, done by a second Esc straight after (issue 44: one
    // Esc too many at the game closed the window at once); Ctrl+Q quits at once.
    case SDLK_ESCAPE:
      if (!quit_on_escape) break;
      if (std::exchange(quit_asked_, false)) return false;
      quit_asked_ = true;
      controller_.show_notice("desk.quit_confirm");
      break;
    case SDLK_q: return !ctrl;
    default: break;
  }
  return true;
}

bool SdlApp::history_shown() const {
  return history_ && history_->shown() && controller_.table_rules().players_game() && layout_.kind == LayoutKind::Full;
}

bool SdlApp::history_key(SDL_Keycode k) {
  if (!history_ || layout_.kind != LayoutKind::Full) return false;
  if (k == SDLK_g) {
    if (history_shown()) {
      history_->set_shown(false);
      return true;
    }
    if (history_panel_layout(layout_, 0, 0).list.w <= 0) {
      controller_.show_notice("desk.history.no_room");
      return true;
    }
    controller_.leave_practice();
    history_->set_shown(true);
    return true;
  }
  if (!history_shown()) return false;
  switch (k) {
    case SDLK_UP: history_->move_selection(-1); return true;
    case SDLK_DOWN: history_->move_selection(1); return true;
    case SDLK_PAGEUP: history_->move_selection(-10); return true;
    case SDLK_PAGEDOWN: history_->move_selection(10); return true;
    case SDLK_HOME: history_->select(0); return true;
    case SDLK_END: history_->select(history_->entries().size()); return true;
    case SDLK_RETURN: case SDLK_KP_ENTER: open_history_game(); return true;
    case SDLK_ESCAPE: history_->set_shown(false); return true;
    default: return false;
  }
}

void SdlApp::open_history_game() {
  const HistoryPanel::Entry* e = history_->selected_entry();
  if (!e) return;
  const Lang lang = controller_.options().lang;
  // Said before it opens: opening tells the game left, which may change the list.
  TextArgs said{{"date", history_->date_text(*e, lang)}, {"result", history_->result_text(*e, lang)}};
  if (Status st = history_->open_selected(controller_); !st)
    controller_.show_notice("desk.history.open_failed", {{"detail", error_text(lang, st.failure())}});
  else
    controller_.show_notice("desk.history.opened", std::move(said));
}

SdlApp::Motion SdlApp::motion(double now_ms) const {
  Motion m;
  // The pass banner shows for 2 s after the move's animation.
  const double pass_at = controller_.pass_shown_at();
  m.toast_from = pulse_.marks && pass_at >= 0 && now_ms < pass_at + 2100 ? pass_at - 100 : -1;
  const bool toast = m.toast_from >= 0 && now_ms >= m.toast_from;
  // A refused move's mark fades out over kRejectedMarkMs.
  m.fading = pulse_.marks && is_board_square(controller_.rejected_square()) &&
             now_ms - controller_.rejected_at() < kRejectedMarkMs + 100;
  // The thinking dots and the hint ring pulse slowly (pulse_.interval_ms).
  m.pulsing = (pulse_.thinking && controller_.thinking()) || (pulse_.marks && (is_board_square(controller_.hint_square()) || toast));
  return m;
}

bool SdlApp::frame(double now_ms, bool force) {
  update_layout();
  controller_.update(now_ms);
  // Draw only when something visible changed: an idle window then costs no CPU,
  // which leaves the cores to the engine (the software renderer is not cheap).
  // The controller's part of the picture is read only when its revision moved.
  if (const std::uint64_t revision = controller_.revision(); revision != keyed_revision_) {
    keyed_revision_ = revision;
    Controller::DrawingKey drawn = controller_.drawing_key(layout_.kind == LayoutKind::Full);
    if (drawn.state != drawn_state_) drawn_state_ = std::move(drawn.state), state_changed_ = true;
    values_waiting_ = drawn.values != last_values_ || drawn.graph != last_graph_;
    next_values_ = std::move(drawn.values);
    next_graph_ = std::move(drawn.graph);
  }
  std::string key = std::to_string(int(controller_.hover())) + ',' + std::to_string(int(controller_.cursor())) + ',' +
         std::to_string(controller_.keyboard_active()) + ',' + std::to_string(int(hovered_)) + ',' +
         std::to_string(int(pressed_)) + ',' + std::to_string(int(focused_)) + ',' + std::to_string(help_open_) + ',' +
         std::to_string(history_ ? history_->revision() : 0) + ',' + (explorer_entry_ ? "?" + *explorer_entry_ : "") + ',' +
         std::to_string(int(layout_.width)) + 'x' +
         std::to_string(int(layout_.height)) + '@' + std::to_string(layout_.scale);
  const Motion m = motion(now_ms);
  const bool values_due = values_waiting_ && (last_values_.empty() || now_ms - last_values_ms_ >= kValuesIntervalMs);
  const bool draw = force || dirty_ || controller_.animating() || state_changed_ || key != last_key_ || values_due ||
                    (m.pulsing && now_ms - last_draw_ms_ >= pulse_.interval_ms) || m.fading;
  if (!draw) return false;
  renderer_->draw(controller_, layout_, hovered_, pressed_, focused_, help_open_, history_shown() ? history_ : nullptr,
                  explorer_entry_ ? &*explorer_entry_ : nullptr);
  SDL_RenderPresent(sdl_renderer_);
  last_key_ = std::move(key);
  state_changed_ = false;
  if (values_waiting_) {
    last_values_ = next_values_;
    last_graph_ = next_graph_;
    last_values_ms_ = now_ms;
    values_waiting_ = false;
  }
  last_draw_ms_ = now_ms;
  dirty_ = false;
  return true;
}

double SdlApp::next_frame_at(double now_ms) const {
  const Motion m = motion(now_ms);
  if (dirty_ || state_changed_ || controller_.animating() || m.fading) return now_ms;
  double at = controller_.wake_at();
  if (values_waiting_) at = std::min(at, last_values_ms_ + kValuesIntervalMs);
  if (m.pulsing) at = std::min(at, last_draw_ms_ + pulse_.interval_ms);
  if (m.toast_from > now_ms) at = std::min(at, m.toast_from);
  // (a refused mark fading later: it starts with a click, an event)
  return std::max(at, now_ms);
}

}  // namespace reversi::ui
