// The SDL2 front end shared by the desktop and the web builds: turns SDL events
// (mouse, touch, keyboard, window size) into Controller calls and draws the
// Controller's state with an SDL_Renderer. The platform mains create the window,
// the renderer and the Controller (with their own AiClient) and call
// handle_event() for every event and frame() once per displayed frame.
#pragma once

#include <SDL.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ui/controller.h"
#include "ui/history_panel.h"
#include "ui/layout.h"

namespace reversi::ui {

class Renderer;

class SdlApp {
 public:
  // `font_ttf` is the bytes of a TrueType font (assets/fonts/DejaVuSans.ttf),
  // `fallback_ttf` one for the characters it lacks (the Japanese subset,
  // assets/fonts/JaGothicSubset.ttf; empty: none).
  // The window should have SDL_WINDOW_ALLOW_HIGHDPI: drawing uses the renderer's
  // output size in physical pixels, pointer positions are scaled to match.
  SdlApp(SDL_Window* window, SDL_Renderer* renderer, Controller& controller,
         std::vector<unsigned char> font_ttf, std::vector<unsigned char> fallback_ttf = {});
  ~SdlApp();
  SdlApp(const SdlApp&) = delete;
  SdlApp& operator=(const SdlApp&) = delete;

  // Handles one event; returns false for SDL_QUIT (or a second Escape in a row on the
  // desktop when quit_on_escape is set and neither the help nor an earlier position is shown).
  bool handle_event(const SDL_Event& event);
  // Advances the controller to now_ms, then draws and presents a frame if
  // anything visible changed (or `force`). Returns whether it drew. This is the one
  // place a frame decides whether to redraw, for the desktop and the web alike.
  bool frame(double now_ms, bool force = false);
  // When the next frame() is wanted if no event comes (an SDL event, a reply of the AI or
  // the explorer, a call from the page): `now_ms` while something moves (an animation, the
  // desktop's fading mark, a change not drawn yet), the clock time of the next thing that
  // happens by itself (the computer's pause ends, values held back by kValuesIntervalMs are
  // due, the next pulse of the thinking dots, the hint ring or the pass banner), or infinity:
  // nothing moves, and the front end sleeps until an event (issue 44: the desktop in
  // SDL_WaitEventTimeout, the page with its frame loop paused).
  double next_frame_at(double now_ms) const;
  // What redraws the picture when only the clock moved. The desktop follows the
  // pulsing thinking dots and hint ring, the pass banner and a refused move's fading
  // mark at about 15 frames a second. The web page draws the board alone, where a
  // redraw can take 50-500 ms with software WebGL (GPU-less or headless browsers) and
  // an idle page should cost nothing. Its board-only layout draws no thinking dots
  // (they are in the Full layout's panel), so nothing pulses there ({200, false, false}):
  // it redraws only when the state, the pointer, the size or an animation changes.
  struct Pulse {
    double interval_ms = 66;
    bool marks = true;     // the hint ring, the pass banner and the fading mark count too
    bool thinking = true;  // the thinking dots (drawn by the Full layout only)
  };
  void set_pulse(Pulse pulse) { pulse_ = pulse; }
  // A deepening analysis changes a value on the board several times a second; the board
  // shows the newest at most this often (the first values of a position at once, and
  // anything else that changes at once with them). A draw is cheap where the browser
  // composites on the GPU, but costs about 80 ms of the page's thread where it reads the
  // WebGL canvas back (software compositing: docs/benchmarks.md, "Threads in the browser").
  static constexpr double kValuesIntervalMs = 500;
  // Presses a button as if clicked (keyboard shortcuts and the web page's own
  // HTML controls use this too).
  void press_button(Button b);

  // Pixel ratio override (the web passes devicePixelRatio when the canvas size is
  // set by the page); 0 = derive it from output size / window size.
  void set_pixel_ratio(float ratio) { forced_ratio_ = ratio; }
  // Full (the desktop: status, buttons, move list) or BoardOnly (the web page,
  // which shows everything else in HTML). Takes effect at the next frame.
  void set_layout_kind(LayoutKind kind) {
    layout_kind_ = kind;
    dirty_ = true;
  }
  // Draws the next frame even if the controller's state is unchanged (the front end
  // changed something drawn beside it, such as the explorer's panel).
  void redraw() { dirty_ = true; }
  bool quit_on_escape = true;
  // The help overlay listing every key (F1 or ?; Escape, F1 or ? or a click
  // closes it). Full layout only: the web page has its own help.
  bool help_open() const { return help_open_; }
  // The explorer's player search (F while the explorer is open): the name being typed, or
  // nothing. While it is open every key goes to it: Enter searches (an empty name: the games of
  // the position shown), Esc cancels, Backspace deletes.
  const std::optional<std::string>& explorer_entry() const { return explorer_entry_; }
  void set_help_open(bool open);
  const Layout& layout() const { return layout_; }
  // Called when the person changes a setting from the window's own buttons, so
  // the platform can store it (desktop: config file; web: localStorage).
  std::function<void()> on_settings_changed;
  // The desktop's practice keys, on once these are set (the web page has its own
  // Practice controls): P the next rated puzzle (in a drill its next position), Y the
  // daily puzzle, M practise the reviewed game's mistakes, T the endgame trainer;
  // while practising H the hint (the controller's), S the answer, O play it out and
  // Esc back to the game. `load_puzzles` reads the puzzle set the first time (false:
  // it could not, and said so in the panel); `today` is the date of the daily puzzle.
  struct PracticeHooks {
    std::function<bool()> load_puzzles;
    std::function<std::string()> today;
  };
  void set_practice_hooks(PracticeHooks hooks) { practice_hooks_ = std::move(hooks); }
  // The desktop's "Your games" (the web page has its own panel): G shows or hides `panel`
  // in the graph's and the move list's place (leaving practice first); while shown, Up and
  // Down (or a click) select a game, Enter (or a click on the selected one) opens it
  // (HistoryPanel::open_selected, which hides the panel) and Esc hides it. The panel
  // outlives the app; the front end fills it.
  void set_history(HistoryPanel* panel) { history_ = panel; }
  bool history_shown() const;

 private:
  void update_layout();
  void paste_game();
  void copy_game();
  void pointer_moved(float x, float y);
  void pointer_pressed(float x, float y);
  // A key for the game (not the help overlay); false to quit.
  bool game_key(SDL_Keycode k, bool ctrl, bool shift);
  // A practice key (PracticeHooks); false when `k` is none here and now.
  bool practice_key(SDL_Keycode k);
  // A key for the history panel (set_history); false when `k` is none here and now.
  bool history_key(SDL_Keycode k);
  void explorer_entry_key(SDL_Keycode k);
  void open_history_game();  // the selected one, said in the status's message
  // A practice action's refusal, said in the panel.
  void practice_result(const Status& st);
  // Shows the position after `ply` moves; the last one is the live game.
  void show_ply(std::size_t ply);
  // One position back (-1) or on (+1) from the one shown.
  void step_view(int delta);

  SDL_Window* window_;
  SDL_Renderer* sdl_renderer_;
  Controller& controller_;
  std::unique_ptr<Renderer> renderer_;
  Layout layout_;
  float forced_ratio_ = 0;
  LayoutKind layout_kind_ = LayoutKind::Full;
  float pointer_scale_ = 1;  // output pixels per window unit
  Button hovered_ = Button::None;
  Button pressed_ = Button::None;
  Button focused_ = Button::None;  // keyboard focus (Tab); None = the board
  bool help_open_ = false;
  std::optional<std::string> explorer_entry_;
  bool entry_key_text_ = false;  // the F that opened the entry also arrives as text: dropped
  bool question_keyed_ = false;  // the last key was '?': its SDL_TEXTINPUT is not a second press
  // What moves with the clock alone (the desktop's pulses and marks; frame(), next_frame_at()).
  struct Motion {
    bool pulsing = false;    // the thinking dots, the hint ring or the pass banner
    bool fading = false;     // a refused move's mark
    double toast_from = -1;  // when the pass banner shows (-1: none to come or showing)
  };
  Motion motion(double now_ms) const;
  std::string last_key_;        // what the last drawn frame showed beside the controller's state
  std::string drawn_state_;     // the controller's drawing_key().state as last read
  std::uint64_t keyed_revision_ = 0;  // the controller's revision() then
  bool state_changed_ = true;   // drawn_state_ changed since the last draw
  std::string last_values_, last_graph_;  // the analysis' values and graph it showed (drawing_key())
  std::string next_values_, next_graph_;  // the newest ones read, waiting when values_waiting_
  bool values_waiting_ = false;
  double last_draw_ms_ = -1e9;
  double last_values_ms_ = -1e9;  // when it last showed new values
  bool dirty_ = true;
  Pulse pulse_;
  std::string last_opponent_;  // the computer chosen last, kept through two-player games
  PracticeHooks practice_hooks_;
  bool practice_reset_asked_ = false;  // X pressed once: a second X resets the record
  bool quit_asked_ = false;            // Esc pressed once at the game: a second Esc quits
  HistoryPanel* history_ = nullptr;
};

}  // namespace reversi::ui
