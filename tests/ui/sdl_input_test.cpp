// The SDL front end's input mapping, run headless (SDL's dummy video driver and
// software renderer): clicks on cells and buttons, keys, resizing. The engine is
// the test's FakeAi, so nothing here depends on engine timing.
#include <catch2/catch.hpp>

#include <SDL.h>

#include <cstdlib>
#include <string>

#include "fake_ai.h"
#include "ui/controller.h"
#include "ui/sdl_app.h"

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

namespace {

struct Window {
  SDL_Window* window = nullptr;
  SDL_Renderer* renderer = nullptr;
  Window(int w, int h) {
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    REQUIRE(SDL_Init(SDL_INIT_VIDEO) == 0);
    window = SDL_CreateWindow("test", 0, 0, w, h, SDL_WINDOW_RESIZABLE);
    REQUIRE(window);
    renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE);
    REQUIRE(renderer);
  }
  ~Window() {
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
  }
};

void click(SdlApp& app, float x, float y) {
  SDL_Event e{};
  e.type = SDL_MOUSEBUTTONDOWN;
  e.button.button = SDL_BUTTON_LEFT;
  e.button.x = int(x);
  e.button.y = int(y);
  app.handle_event(e);
  e.type = SDL_MOUSEBUTTONUP;
  app.handle_event(e);
}

void click_square(SdlApp& app, Square s) {
  const Rect r = app.layout().cell_rect(s);
  click(app, r.x + r.w / 2, r.y + r.h / 2);
}

void click_button(SdlApp& app, Button b) {
  const Rect r = app.layout().buttons[int(b)];
  click(app, r.x + r.w / 2, r.y + r.h / 2);
}

bool key(SdlApp& app, SDL_Keycode k, Uint16 mod = KMOD_NONE) {
  SDL_Event e{};
  e.type = SDL_KEYDOWN;
  e.key.keysym.sym = k;
  e.key.keysym.mod = mod;
  return app.handle_event(e);
}

void text_input(SdlApp& app, const char* text) {
  SDL_Event e{};
  e.type = SDL_TEXTINPUT;
  SDL_strlcpy(e.text.text, text, sizeof e.text.text);
  app.handle_event(e);
}

std::vector<unsigned char> font() {
  return read_file_bytes(REVERSI_FONT_FILE);
}

// A window, a controller over the FakeAi with these options, and the app on them.
struct Session {
  Window w;
  FakeAiState ai;
  Controller c;
  SdlApp app;
  Session(int width, int height, const std::string& query)
      : w(width, height),
        c(std::make_unique<FakeAi>(ai), test_players(), parse_query_string(query, test_players()).options),
        app(w.window, w.renderer, c, font()) {}
};

}  // namespace

TEST_CASE("sdl: clicks on cells play, clicks on buttons act", "[ui][sdl]") {
  Window w(900, 600);
  FakeAiState ai;
  Controller c(std::make_unique<FakeAi>(ai), test_players(),
               parse_query_string("color=black&speed=instant&pause=0", test_players()).options);
  auto ttf = font();
  REQUIRE_FALSE(ttf.empty());
  SdlApp app(w.window, w.renderer, c, ttf);
  CHECK(app.frame(0, true));

  click_square(app, A1);  // illegal: nothing happens
  CHECK(c.game().ply() == 0);
  click_square(app, F5);
  CHECK(c.game().transcript() == "f5");
  app.frame(1);
  REQUIRE(c.thinking());
  click_square(app, F6);  // the computer's turn: ignored
  CHECK(c.game().transcript() == "f5");
  REQUIRE(deliver(ai));    // white plays its first legal move
  app.frame(2);
  CHECK(c.game().ply() == 2);

  click_button(app, Button::Undo);
  CHECK(c.game().ply() == 0);
  click_button(app, Button::Redo);
  CHECK(c.game().ply() == 2);
  click_button(app, Button::Hint);
  CHECK(c.hint_pending());
  click_button(app, Button::NewGame);
  CHECK(c.game().ply() == 0);

  // Mode cycles black -> white -> two players -> computer vs computer.
  click_button(app, Button::Mode);
  CHECK(c.options().color_mode() == "white");
  click_button(app, Button::Mode);
  CHECK(c.options().color_mode() == "both");
  click_button(app, Button::Mode);
  CHECK(c.options().color_mode() == "none");
  CHECK(c.options().black.player == "level-2");  // the opponent chosen before comes back
  click_button(app, Button::Mode);
  CHECK(c.options().color_mode() == "black");
  click_button(app, Button::Opponent);
  CHECK(c.options().opponent() == "level-3");  // next in the list
  click_button(app, Button::Speed);
  CHECK(c.options().flip_ms == kSpeedFastMs);
  click_button(app, Button::Markers);
  CHECK_FALSE(c.options().legal_markers);
  app.frame(3, true);
}

TEST_CASE("sdl: keyboard play and shortcuts", "[ui][sdl]") {
  Session session(600, 800, "color=both&speed=instant");  // portrait
  SdlApp& app = session.app;
  Controller& c = session.c;
  app.frame(0, true);
  CHECK(app.layout().portrait);
  // The cursor starts on d3, a legal opening move.
  CHECK(key(app, SDLK_RETURN));
  CHECK(c.game().transcript() == "d3");
  key(app, SDLK_LEFT);  // c3: legal for white after d3
  key(app, SDLK_SPACE);
  CHECK(c.game().transcript() == "d3c3");
  key(app, SDLK_u);
  CHECK(c.game().transcript() == "d3");
  key(app, SDLK_r);
  CHECK(c.game().transcript() == "d3c3");
  key(app, SDLK_n);
  CHECK(c.game().ply() == 0);
  key(app, SDLK_u);  // a new game is undone
  CHECK(c.game().transcript() == "d3c3");
  key(app, SDLK_z, KMOD_CTRL);
  CHECK(c.game().transcript() == "d3");
  key(app, SDLK_y, KMOD_CTRL);
  CHECK(c.game().transcript() == "d3c3");
  key(app, SDLK_n);
  // The letters that once changed settings unseen (mode, opponent, speed, markers,
  // last move) do nothing now: only the buttons change settings.
  const Options before = c.options();
  for (SDL_Keycode k : {SDLK_m, SDLK_o, SDLK_s, SDLK_k, SDLK_l, SDLK_z, SDLK_y, SDLK_BACKSPACE}) CHECK(key(app, k));
  CHECK(c.options() == before);
  CHECK(c.game().ply() == 0);
  // Tab walks the buttons in reading order (portrait: New, Undo, ...); Enter
  // presses the focused one.
  key(app, SDLK_RETURN);  // d3 again, from the cursor
  REQUIRE(c.game().transcript() == "d3");
  key(app, SDLK_TAB);
  key(app, SDLK_TAB);     // Undo
  key(app, SDLK_RETURN);
  CHECK(c.game().ply() == 0);
  key(app, SDLK_LEFT);    // arrows return to the board...
  key(app, SDLK_RIGHT);
  key(app, SDLK_SPACE);   // ...where Space plays d3
  CHECK(c.game().transcript() == "d3");
  app.frame(1, true);
  app.quit_on_escape = true;
  CHECK_FALSE(key(app, SDLK_ESCAPE));
}

TEST_CASE("sdl: the layout follows the window size", "[ui][sdl]") {
  Window w(900, 600);
  FakeAiState ai;
  Controller c(std::make_unique<FakeAi>(ai), test_players(), {});
  SdlApp app(w.window, w.renderer, c, font());
  app.frame(0, true);
  CHECK_FALSE(app.layout().portrait);
  SDL_SetWindowSize(w.window, 400, 700);
  SDL_Event e{};
  e.type = SDL_WINDOWEVENT;
  e.window.event = SDL_WINDOWEVENT_SIZE_CHANGED;
  app.handle_event(e);
  app.frame(1, true);
  CHECK(app.layout().portrait);
  CHECK(app.layout().width == 400);
  // A pointer over a cell puts the frame there.
  const Rect r = app.layout().cell_rect(E6);
  SDL_Event m{};
  m.type = SDL_MOUSEMOTION;
  m.motion.x = int(r.x + r.w / 2);
  m.motion.y = int(r.y + r.h / 2);
  app.handle_event(m);
  CHECK(c.hover() == E6);
}

TEST_CASE("sdl: F1 or ? shows every key; Escape closes it before quitting", "[ui][sdl]") {
  Session session(960, 640, "color=both&speed=instant&lang=ja");
  SdlApp& app = session.app;
  Controller& c = session.c;
  app.quit_on_escape = true;
  CHECK_FALSE(app.help_open());
  CHECK(key(app, SDLK_F1));
  CHECK(app.help_open());
  CHECK(app.frame(0, true));  // drawn in Japanese (the glyphs it lacks show as '?')
  // The overlay covers the game: Enter does not play, Escape closes it and does not quit.
  CHECK(key(app, SDLK_RETURN));
  CHECK(c.game().ply() == 0);
  CHECK(key(app, SDLK_ESCAPE));
  CHECK_FALSE(app.help_open());
  // '?' as Shift+/ and its text: one toggle, not two.
  key(app, SDLK_SLASH, KMOD_SHIFT);
  text_input(app, "?");
  CHECK(app.help_open());
  // '?' as text alone (another keyboard layout), and a click anywhere, close it.
  text_input(app, "?");
  CHECK_FALSE(app.help_open());
  key(app, SDLK_F1);
  click_square(app, F5);
  CHECK_FALSE(app.help_open());
  CHECK(c.game().ply() == 0);  // the click only closed the help
  click_square(app, F5);
  CHECK(c.game().transcript() == "f5");
  // Without the overlay Escape quits, as before.
  CHECK_FALSE(key(app, SDLK_ESCAPE));
}

TEST_CASE("sdl: the board-only layout has no buttons, no help and draws", "[ui][sdl]") {
  Session session(500, 400, "color=both&speed=instant");
  SdlApp& app = session.app;
  Controller& c = session.c;
  app.set_layout_kind(LayoutKind::BoardOnly);
  CHECK(app.frame(0, true));
  CHECK(app.layout().kind == LayoutKind::BoardOnly);
  CHECK(app.layout().board.w > 300);
  key(app, SDLK_F1);
  CHECK_FALSE(app.help_open());
  key(app, SDLK_TAB);
  key(app, SDLK_RETURN);  // no button took the focus: Enter plays at the cursor (d3)
  CHECK(c.game().transcript() == "d3");
  click_square(app, A1);  // refused, and marked
  CHECK(c.rejected_square() == A1);
  CHECK(app.frame(100));  // the mark fades: frames keep coming
  app.set_layout_kind(LayoutKind::Full);
  app.frame(2000, true);
  CHECK(app.layout().kind == LayoutKind::Full);
}
