// The SDL front end's input mapping, run headless (SDL's dummy video driver and
// software renderer): clicks on cells, buttons, the move list and the graph, keys,
// resizing; and what the analysis draws on the board. The engine is
// the test's FakeAi, so nothing here depends on engine timing.
#include <catch2/catch.hpp>

#include <SDL.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>

#include "fake_ai.h"
#include "core/file.h"
#include "engine/puzzles.h"
#include "ui/controller.h"
#include "ui/font.h"
#include "ui/text.h"
#include "ui/renderer.h"
#include "ui/sdl_app.h"
#include "fake_explorer_client.h"

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

void move_to_square(SdlApp& app, Square s) {
  const Rect r = app.layout().cell_rect(s);
  SDL_Event m{};
  m.type = SDL_MOUSEMOTION;
  m.motion.x = int(r.x + r.w / 2);
  m.motion.y = int(r.y + r.h / 2);
  app.handle_event(m);
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
  return reversi::read_file_bytes(REVERSI_FONT_FILE).value_or({});
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
  CHECK(key(app, SDLK_ESCAPE));
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

TEST_CASE("sdl: F1 or ? shows every key, Escape closes it before quitting", "[ui][sdl]") {
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
  // Without the overlay Escape quits, asked first.
  CHECK(key(app, SDLK_ESCAPE));  // asked first (issue 44: it quit at once)...
  CHECK(c.message() == "Esc をもう一回押すと終了します（ちがうキーで続けます）");
  CHECK(key(app, SDLK_RIGHT));  // ... another key plays on: the next Esc asks again
  CHECK(key(app, SDLK_ESCAPE));
  CHECK_FALSE(key(app, SDLK_ESCAPE));  // ... and a second one straight after quits
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

TEST_CASE("sdl: one redraw decision a frame: the clock alone redraws what pulses, at the pulse's rate", "[ui][sdl]") {
  // The desktop's pulse (the default): a refused move's mark fades frame by frame,
  // the thinking dots every 66 ms.
  {
    Session session(500, 400, "color=white&speed=instant&pause=0");
    SdlApp& app = session.app;
    Controller& c = session.c;
    CHECK(app.frame(0, true));  // the computer (black) asks for its move
    REQUIRE(c.thinking());
    CHECK_FALSE(app.frame(30));  // nothing changed, too soon for a pulse
    CHECK(app.next_frame_at(30) == 66);  // the front end sleeps until the next pulse (issue 44)
    CHECK(app.frame(70));        // the dots move
    REQUIRE(deliver(session.ai));
    CHECK(app.frame(80));        // the reply is played
    REQUIRE_FALSE(c.thinking());
    CHECK_FALSE(app.frame(90));
    CHECK(app.next_frame_at(90) == std::numeric_limits<double>::infinity());  // at rest: until an event
    click_square(app, A1);  // refused: the event redraws, then the mark fades
    CHECK(app.frame(100));
    CHECK(app.next_frame_at(100) == 100);  // fading: every frame
    CHECK(app.frame(101));
    CHECK_FALSE(app.frame(100 + kRejectedMarkMs + 200));  // faded out
    CHECK(app.next_frame_at(100 + kRejectedMarkMs + 200) == std::numeric_limits<double>::infinity());
  }
  // The web page's pulse: its board-only layout draws no thinking dots, so the
  // computer's thinking redraws nothing; nor does the fading mark frame by frame.
  {
    Session session(500, 400, "color=white&speed=instant&pause=0");
    SdlApp& app = session.app;
    Controller& c = session.c;
    app.set_layout_kind(LayoutKind::BoardOnly);
    app.set_pulse({200, false, false});
    CHECK(app.frame(0, true));
    REQUIRE(c.thinking());
    CHECK_FALSE(app.frame(70));
    // Nothing moves on the page's board while the computer thinks: no frame until its reply.
    CHECK(app.next_frame_at(70) == std::numeric_limits<double>::infinity());
    CHECK_FALSE(app.frame(150));
    CHECK_FALSE(app.frame(200));
    CHECK_FALSE(app.frame(1000));  // still thinking, the board unchanged
    REQUIRE(deliver(session.ai));
    CHECK(app.frame(210));
    click_square(app, A1);
    CHECK(app.frame(220));        // the event
    CHECK_FALSE(app.frame(221));  // but no frame-by-frame fade
  }
  // A deepening analysis: its first values at once, newer ones at most every
  // kValuesIntervalMs; anything else that changes is drawn at once, with them.
  for (LayoutKind kind : {LayoutKind::BoardOnly, LayoutKind::Full}) {
    Session session(500, 400, "color=both&speed=instant&pause=0");
    SdlApp& app = session.app;
    Controller& c = session.c;
    app.set_layout_kind(kind);
    app.set_pulse({200, false, false});
    c.set_analysis(true);
    // The first legal move worth `best`, the others 0.
    auto give = [&](double best, int depth) {
      REQUIRE(session.ai.analysis_current);
      AnalysisSnapshot snapshot;
      snapshot.id = session.ai.analysis_current->first;
      for (Bitboard m = session.ai.analysis_current->second.position.legal_moves(); m; m &= m - 1)
        snapshot.moves.push_back({Square(lowest_square(m)), ValueKind::Midgame, snapshot.moves.empty() ? best : 0.0, depth});
      session.ai.analysis_ready = snapshot;
    };
    CHECK(app.frame(0, true));
    give(1.0, 4);
    CHECK(app.frame(10));  // the first values: at once
    give(1.5, 5);
    CHECK_FALSE(app.frame(100));  // newer values wait
    CHECK(app.next_frame_at(100) == 510);  // until they are due
    give(1.5, 6);
    CHECK_FALSE(app.frame(300));  // a deeper search, the same digits: nothing new either
    CHECK_FALSE(app.frame(509));
    CHECK(app.frame(510));  // half a second after the last values drawn
    CHECK_FALSE(app.frame(520));
    give(2.0, 7);
    CHECK_FALSE(app.frame(600));
    move_to_square(app, A1);  // the pointer moves: drawn at once, with the newest values
    CHECK(app.frame(610));
    CHECK_FALSE(app.frame(1200));  // nothing left to show
    CHECK(app.next_frame_at(1200) == std::numeric_limits<double>::infinity());
    c.set_analysis(false);
    CHECK(app.frame(1210));  // the switch: at once
  }
}

namespace {

// The colour drawn at (x, y) by the last frame (the software renderer keeps it).
SDL_Color pixel_at(SDL_Renderer* renderer, float x, float y) {
  Uint32 p = 0;
  const SDL_Rect rect{int(x), int(y), 1, 1};
  REQUIRE(SDL_RenderReadPixels(renderer, &rect, SDL_PIXELFORMAT_ARGB8888, &p, 4) == 0);
  return {Uint8(p >> 16), Uint8(p >> 8), Uint8(p), 255};
}
bool gold(SDL_Color c) { return c.r > 200 && c.g > 160 && c.b < 120; }
bool felt(SDL_Color c) { return c.g > 60 && c.r < 60 && c.b < 70; }

// A point on the left edge of the gold frame the best move gets (renderer_board.cpp).
void gold_frame_point(const Layout& l, Square s, float& x, float& y) {
  const Rect r = l.cell_rect(s);
  const float inset = std::round(std::max(2 * l.scale, r.w * 0.06f));
  x = r.x + inset + 0.5f;
  y = r.y + r.h / 2;
}

}  // namespace

TEST_CASE("sdl: A shows every move's value, the best framed in gold, in both layouts", "[ui][sdl]") {
  for (LayoutKind kind : {LayoutKind::Full, LayoutKind::BoardOnly}) {
    INFO((kind == LayoutKind::Full ? "full" : "board only"));
    Session session(kind == LayoutKind::Full ? 960 : 320, kind == LayoutKind::Full ? 640 : 320,
                    "color=both&speed=instant");
    SdlApp& app = session.app;
    Controller& c = session.c;
    app.set_layout_kind(kind);
    app.frame(0, true);
    float x, y, x2, y2;
    gold_frame_point(app.layout(), D3, x, y);  // the fake analysis makes d3 (the first legal move) best
    gold_frame_point(app.layout(), C4, x2, y2);
    CHECK(felt(pixel_at(session.w.renderer, x, y)));
    CHECK(key(app, SDLK_a));
    CHECK(c.analysis_on());
    REQUIRE(deliver_analysis(session.ai, 3));
    CHECK(app.frame(10));
    REQUIRE(c.analysis());
    CHECK(gold(pixel_at(session.w.renderer, x, y)));
    CHECK(felt(pixel_at(session.w.renderer, x2, y2)));  // c4 is not the best: no frame
    key(app, SDLK_a);  // off again: the frame goes
    CHECK_FALSE(c.analysis_on());
    CHECK(app.frame(20));
    CHECK(felt(pixel_at(session.w.renderer, x, y)));
  }
}

TEST_CASE("sdl: the value texts on the board", "[ui][sdl]") {
  CHECK(signed_discs(4, 0) == "+4");
  CHECK(signed_discs(-6, 0) == "\u22126");
  CHECK(signed_discs(0, 0) == "0");
  CHECK(signed_discs(-0.04, 1) == "0.0");  // never "-0.0"
  CHECK(signed_discs(2.34, 1) == "+2.3");
  CHECK(signed_discs(-2.36, 1) == "\u22122.4");
  CHECK(analysis_value_text({F5, ValueKind::Exact, 4, 20}, Lang::En) == "+4");
  CHECK(analysis_value_text({F5, ValueKind::Midgame, -2.34, 8}, Lang::En) == "\u22122.3");
  CHECK(analysis_value_text({F5, ValueKind::Midgame, 13.6, 8}, Lang::En) == "+14");  // whole discs from 10
  CHECK(analysis_value_text({F5, ValueKind::Midgame, 9.96, 8}, Lang::En) == "+10");
  CHECK(analysis_value_text({F5, ValueKind::Win, 6, 20}, Lang::En) == "W");
  CHECK(analysis_value_text({F5, ValueKind::Loss, -6, 20}, Lang::En) == "L");
  CHECK(analysis_value_text({F5, ValueKind::Win, 6, 20}, Lang::Ja) == "勝");
  CHECK(analysis_value_text({F5, ValueKind::Loss, -2, 20}, Lang::Ja) == "負");
}

TEST_CASE("sdl: the move list and the graph show earlier positions, arrows step, Esc goes back", "[ui][sdl]") {
  Session session(960, 640, "color=both&speed=instant");
  SdlApp& app = session.app;
  Controller& c = session.c;
  app.quit_on_escape = true;
  for (Square s : {F5, D6, C3, D3}) REQUIRE(c.play(s).ok());
  app.frame(0, true);
  const Layout& l = app.layout();
  REQUIRE(l.moves.w > 0);
  REQUIRE(l.graph.w > 0);
  // A click on d6, the second move, shows the position after it.
  const MoveListLayout list = move_list_of(c, l);
  const auto d6 = std::find_if(list.cells.begin(), list.cells.end(), [](const auto& cell) { return cell.move == 1; });
  REQUIRE(d6 != list.cells.end());
  click(app, d6->rect.x + d6->rect.w / 2, d6->rect.y + d6->rect.h / 2);
  CHECK(c.viewing() == std::optional<std::size_t>(2));
  CHECK(app.frame(1));
  // Left and Right step; stepping onto the last position is the live game again.
  CHECK(key(app, SDLK_LEFT));
  CHECK(c.viewing() == std::optional<std::size_t>(1));
  key(app, SDLK_RIGHT);
  key(app, SDLK_RIGHT);
  CHECK(c.viewing() == std::optional<std::size_t>(3));
  key(app, SDLK_RIGHT);
  CHECK_FALSE(c.viewing());
  const Square cursor = c.cursor();
  key(app, SDLK_LEFT);  // live: the arrows move the keyboard's frame as before
  CHECK_FALSE(c.viewing());
  CHECK(c.cursor() != cursor);
  // The buttons: Prev from the live game, Next, Back to game.
  click_button(app, Button::Prev);
  CHECK(c.viewing() == std::optional<std::size_t>(3));
  click_button(app, Button::Prev);
  click_button(app, Button::Next);
  CHECK(c.viewing() == std::optional<std::size_t>(3));
  click_button(app, Button::Live);
  CHECK_FALSE(c.viewing());
  click_button(app, Button::Next);  // nothing to step to
  CHECK_FALSE(c.viewing());
  // A point of the graph: the position after that many moves (0 = the start).
  const Rect plot = graph_plot(l);
  click(app, graph_x(plot, 1), plot.y + plot.h / 2);
  CHECK(c.viewing() == std::optional<std::size_t>(1));
  click(app, graph_x(plot, 0) + 1, plot.y + 2);
  CHECK(c.viewing() == std::optional<std::size_t>(0));
  CHECK(app.frame(2));
  // Esc goes back to the game first, and quits only from there.
  CHECK(key(app, SDLK_ESCAPE));
  CHECK_FALSE(c.viewing());
  CHECK(c.game().ply() == 4);
  CHECK(key(app, SDLK_ESCAPE));  // asked first
  CHECK_FALSE(key(app, SDLK_ESCAPE));
}

TEST_CASE("sdl: a click on an explorer move's line plays it on a person's turn, else says its figures",
          "[ui][sdl][explorer]") {
  // Tall enough for the games below the moves (1000x700 has room for the moves only).
  Session session(1300, 1000, "color=black&speed=instant&pause=0");
  SdlApp& app = session.app;
  Controller& c = session.c;
  const auto script = script_explorer(c);
  auto panel = [](std::initializer_list<Square> squares) {
    PositionStatistics p;
    std::uint32_t games = 400;
    for (Square s : squares) {
      MoveStatistics m;
      m.square = s;
      m.games = games;
      m.black_wins = games / 2;
      m.white_wins = games / 4;
      p.games += games;
      p.moves.push_back(m);
      games /= 2;
    }
    return p;
  };
  auto click_line = [&](int line) {
    app.frame(c.now() + 1, true);
    const Rect row = explorer_row(explorer_box_of(c, app.layout()), line);
    REQUIRE(row.w > 0);
    click(app, row.x + row.w * 0.7f, row.y + row.h / 2);  // on its figures, not only its square
  };
  script->moves = panel({F5, D3, C4, E6});
  c.explorer_open();
  c.update(c.now());
  REQUIRE(explorer_lines_of(c.explorer_session().panel()).move_line(2) == 3);
  // At the start a line under the moves says the four are one: neither a move nor a game.
  c.update(c.now() + 1);  // the answers in
  const ExplorerLines at_start = explorer_lines_of(c.explorer_session().panel());
  CHECK(at_start.note == 1);
  CHECK(at_start.note_line() == 5);
  CHECK(at_start.move_on(at_start.note_line()) == -1);
  CHECK(at_start.game_on(at_start.note_line()) == -1);
  // What the database answers for the position after c4.
  script->moves = panel({C5, E3, C3});
  // A game that reached the position after c4 (1984, black 37-27), below the moves.
  DatabaseGame g;
  g.number = 1000;
  g.year = 1984;
  g.black = "Haecky Valerie";
  g.white = "Lazard Emmanuel";
  g.black_discs = 37;
  const Game replay = Game::from_transcript("c4e3f6e6f5c5c3").value();
  g.moves.assign(replay.moves().begin(), replay.moves().end());
  script->games.count = 1;
  script->games.games.push_back(g);
  click_line(3);  // c4, black's (the person's) turn
  CHECK(c.game().transcript() == "c4");
  c.update(c.now() + 1);  // asks for the new position
  c.update(c.now() + 2);  // takes the answers
  REQUIRE(c.thinking());
  const ExplorerLines lines = explorer_lines_of(c.explorer_session().panel());
  REQUIRE(lines.moves == 3);
  REQUIRE(lines.games == 1);
  CHECK(lines.note == 0);  // after c4: no note, the games' heading right under the moves
  CHECK(lines.games_heading_line() == 4);
  click_line(lines.move_line(1));  // the computer's turn: e3's figures, nothing played
  CHECK(c.game().transcript() == "c4");
  CHECK(c.message() == "Experts' move e3: 200 games, black wins 50.0%, white wins 25.0%");
  // The column heads, the games' heading and the explorer's heading are neither move nor game.
  const ExplorerBoxLayout box = explorer_box_of(c, app.layout());
  for (const Rect& r : {explorer_row(box, 0), explorer_row(box, lines.games_heading_line()), box.heading}) {
    REQUIRE(r.w > 0);
    click(app, r.x + 2, r.y + 2);
  }
  CHECK(c.game().transcript() == "c4");
  CHECK_FALSE(c.viewing());
  // The game: replayed (people on both sides), shown where it reached the position (after
  // one move), its players and result said; Undo brings the game back.
  click_line(lines.game_line(0));
  CHECK(c.game().transcript() == "c4e3f6e6f5c5c3");
  CHECK(c.viewing() == std::optional<std::size_t>(1));
  CHECK(c.message() == "Game 1000: Haecky Valerie 37\u201327 Lazard Emmanuel (1984)");
  CHECK(c.options().black.human);
  CHECK(c.options().white.human);
  CHECK(c.undo());
  CHECK(c.game().transcript() == "c4");
}

TEST_CASE("sdl: F in the explorer types a player's name, Enter searches, Esc cancels, keys do not leak",
          "[ui][sdl][explorer]") {
  Session session(1300, 1000, "color=both&speed=instant&pause=0");
  SdlApp& app = session.app;
  Controller& c = session.c;
  const auto script = script_explorer(c);
  MoveStatistics m;
  m.square = F5;
  m.games = 10;
  script->moves.games = 10;
  script->moves.moves = {m};
  key(app, SDLK_f);  // the explorer closed: F does nothing
  CHECK_FALSE(app.explorer_entry());
  c.explorer_open();
  app.frame(c.now() + 1, true);
  app.frame(c.now() + 2, true);
  key(app, SDLK_f);
  text_input(app, "f");  // the F that opened it, as text: not part of the name
  REQUIRE(app.explorer_entry());
  CHECK(app.explorer_entry()->empty());
  text_input(app, "Tamenori");
  text_input(app, "\xe3\x81\x82");  // a Japanese character, removed whole by one Backspace
  key(app, SDLK_n);  // typing: not a new game
  key(app, SDLK_u);
  key(app, SDLK_BACKSPACE);
  CHECK(*app.explorer_entry() == "Tamenori");
  key(app, SDLK_BACKSPACE);
  CHECK(*app.explorer_entry() == "Tamenor");
  text_input(app, "i");
  const std::size_t asked = script->asked.size();
  key(app, SDLK_RETURN);
  CHECK_FALSE(app.explorer_entry());
  REQUIRE(script->asked.size() == asked + 1);
  const ExplorerRequest& r = script->asked.back();
  CHECK(r.ask == ExplorerAsk::Games);
  CHECK(r.filter.player == std::optional<std::string>("Tamenori"));
  CHECK_FALSE(r.filter.position.has_value());
  CHECK(c.explorer_session().panel().searched);
  app.frame(c.now() + 3, true);  // its outcome is drawn in the explorer's heading
  CHECK(c.game().transcript().empty());  // N and U went to the entry
  // Esc cancels: nothing asked; an empty name searches the position's games again.
  key(app, SDLK_f);
  text_input(app, "x");
  key(app, SDLK_ESCAPE);
  CHECK_FALSE(app.explorer_entry());
  CHECK(script->asked.size() == asked + 1);
  key(app, SDLK_f);
  key(app, SDLK_RETURN);
  CHECK(script->asked.back().filter.position.has_value());
  CHECK(c.explorer_session().current_search().here);
  // A name several players' names contain: they are listed instead of the games, and a
  // click on one searches that player (the page's buttons).
  script->games = {};
  script->games.count = 2;
  script->games.players = {"Tamenori Hideshi", "Tamenori Masaru"};
  script->games.games.resize(2);
  key(app, SDLK_f);
  text_input(app, "Tamenori");
  key(app, SDLK_RETURN);
  app.frame(c.now() + 4, true);
  const ExplorerPanel e = c.explorer_session().panel();
  REQUIRE(e.players == std::vector<std::string>{"Tamenori Hideshi", "Tamenori Masaru"});
  CHECK(e.recent.empty());
  const ExplorerLines lines = explorer_lines_of(e);
  REQUIRE(lines.games == 2);
  const Rect row = explorer_row(explorer_box_of(c, app.layout()), lines.game_line(1));
  REQUIRE(row.w > 0);
  const std::size_t before = script->asked.size();
  click(app, row.x + row.w / 2, row.y + row.h / 2);
  REQUIRE(script->asked.size() == before + 1);
  CHECK(script->asked.back().filter.player == std::optional<std::string>("Tamenori Masaru"));
  CHECK(c.explorer_session().current_search().player == std::optional<std::string>("Tamenori Masaru"));
  CHECK(c.game().transcript().empty());  // nothing replayed
}

TEST_CASE("sdl: the players' cards give the name, who plays it and the count room, in English and Japanese",
          "[ui][sdl]") {
  Window w(400, 300);
  auto ja = reversi::read_file_bytes(std::string(REVERSI_SOURCE_DIR) + "/assets/fonts/JaGothicSubset.ttf").value_or({});
  REQUIRE_FALSE(ja.empty());
  Font text_font(w.renderer, {font(), ja});
  REQUIRE(text_font.ok());
  struct Case { float w, h, scale; };
  for (const Case& c : {Case{1000, 700, 1}, Case{1280, 800, 1}, Case{800, 600, 1}, Case{960, 640, 1},
                        Case{1024, 768, 1}, Case{1000, 700, 2}, Case{320, 568, 1}, Case{360, 640, 2}}) {
    const Layout l = compute_layout(c.w * c.scale, c.h * c.scale, c.scale);
    for (Lang lang : kAllLangs)
      for (Color color : {Color::Black, Color::White}) {
        INFO("size " << c.w << "x" << c.h << " ratio " << c.scale << " " << lang_code(lang));
        const PlayerCardLayout card = player_card_layout(player_cards(l)[color == Color::White], l.font_px);
        const std::string name = color_word(lang, color);
        const float px = card.label_px;
        // The name at its full size, the count's two digits too, and who plays it at least 90%.
        CHECK(text_font.fit(name, px, card.label.w) == px);
        CHECK(text_font.width("64", card.count_px) <= card.count.w);
        const float room =
            card.one_line ? card.label.w - text_font.width(name, px) - std::round(px * 0.5f) : card.label.w;
        for (const std::string& who : {tr(lang, "panel.you"), std::string("level-6")})
          CHECK(text_font.fit(who, px * 0.8f, room) >= px * 0.8f * 0.9f);
      }
  }
}

TEST_CASE("sdl: Review starts and cancels the review, its progress on the button", "[ui][sdl]") {
  for (const char* size : {"landscape", "portrait"}) {
    INFO(size);
    const bool portrait = std::string(size) == "portrait";
    Session session(portrait ? 400 : 960, portrait ? 800 : 640, "color=both&speed=instant");
    SdlApp& app = session.app;
    Controller& c = session.c;
    app.frame(0, true);
    CHECK(app.layout().portrait == portrait);
    click_button(app, Button::Review);  // no moves yet: nothing to review
    CHECK_FALSE(c.review().running);
    for (Square s : {F5, D6, C3}) REQUIRE(c.play(s).ok());
    click_button(app, Button::Review);
    REQUIRE(c.review().running);
    CHECK(button_label(Button::Review, c, portrait) == "Review 0/3");
    REQUIRE(deliver_analysis(session.ai, 1, true));  // the last position first
    CHECK(app.frame(1));
    CHECK(c.review().done == 1);
    CHECK(button_label(Button::Review, c, portrait) == "Review 1/3");
    click_button(app, Button::Review);  // a press while it runs cancels it
    CHECK_FALSE(c.review().running);
    CHECK(button_label(Button::Review, c, portrait) == "Review");
    click_button(app, Button::Analyse);
    CHECK(c.analysis_on());
    CHECK(app.frame(2));
  }
}

TEST_CASE("sdl: Tab walks every button in the rows' order, then the board", "[ui][sdl]") {
  Session session(960, 640, "color=both&speed=instant");
  SdlApp& app = session.app;
  Controller& c = session.c;
  app.frame(0, true);
  // Hint, Analyse: the fifth stop is Analyse (New, Undo, Redo, Hint, Analyse).
  for (int i = 0; i < 5; ++i) key(app, SDLK_TAB);
  key(app, SDLK_RETURN);
  CHECK(c.analysis_on());
  // Shift+Tab back to Hint, then once round the whole ring (13 buttons and the board).
  key(app, SDLK_TAB, KMOD_SHIFT);
  for (int i = 0; i < kButtonCount + 1; ++i) key(app, SDLK_TAB);
  key(app, SDLK_RETURN);
  CHECK(c.hint_pending());
}

namespace {

// The practice hooks as the desktop sets them: data/puzzles.bin of the source tree, a fixed day.
SdlApp::PracticeHooks practice_hooks(Controller& c, int& loads) {
  return {[&c, &loads] {
            ++loads;
            if (c.puzzles_loaded()) return true;
            const auto bytes = read_file_bytes(std::string(REVERSI_SOURCE_DIR) + "/data/puzzles.bin");
            return bytes && c.set_puzzles(*bytes).ok();
          },
          [] { return std::string("2026-11-26"); }};
}

// A point inside a square, off its centre (clear of a value's digits and a hint's ring).
SDL_Color corner_pixel(Session& s, Square sq) {
  const Rect r = s.app.layout().cell_rect(sq);
  return pixel_at(s.w.renderer, r.x + r.w * 0.12f, r.y + r.h * 0.12f);
}

}  // namespace

TEST_CASE("sdl: practice keys: P opens a puzzle, H hints in two steps, a click is judged, Esc goes back",
          "[ui][sdl][practice]") {
  for (const int width : {1000, 1280}) {
    INFO("width " << width);
    Session session(width, width == 1000 ? 700 : 800, "color=both&speed=instant");
    SdlApp& app = session.app;
    Controller& c = session.c;
    app.quit_on_escape = true;
    for (Square s : {F5, D6}) REQUIRE(c.play(s).ok());
    app.frame(0, true);
    REQUIRE(app.layout().graph.w > 0);  // the rating graph has its place at both sizes
    // Without the hooks (the web page) the letters do nothing.
    key(app, SDLK_p);
    CHECK_FALSE(c.practicing());
    int loads = 0;
    app.set_practice_hooks(practice_hooks(c, loads));

    key(app, SDLK_p);
    REQUIRE(c.practicing());
    CHECK(loads == 1);
    const PracticePuzzle* p = c.practice_session().current();
    REQUIRE(p);
    CHECK(p->kind == PracticeKind::Rated);
    CHECK(p->phase == PracticePhase::Solving);
    CHECK(c.position() == p->puzzle.position);
    CHECK(app.frame(1));
    CHECK(practice_line(c) == c.practice_session().goal(Lang::En));
    // Step 1: the answer's quarter of the board is shaded gold; the other squares stay green.
    const Square answer = p->puzzle.answer();
    const Bitboard quarter = board_quarter(answer);
    Square inside = NO_SQUARE, outside = NO_SQUARE;
    for (Square s = A1; s <= H8; s = Square(s + 1)) {
      if (p->puzzle.position.at(s) != Cell::Empty || s == answer) continue;
      if ((quarter & bit(s)) && inside == NO_SQUARE) inside = s;
      if (!(quarter & bit(s)) && outside == NO_SQUARE) outside = s;
    }
    REQUIRE(is_board_square(inside));
    REQUIRE(is_board_square(outside));
    const SDL_Color before = corner_pixel(session, inside);
    key(app, SDLK_h);
    CHECK(p->hint_step == 1);
    CHECK(app.frame(2));
    const SDL_Color shaded = corner_pixel(session, inside);
    CHECK(shaded.r > before.r + 15);  // gold over the green
    CHECK(felt(corner_pixel(session, outside)));
    key(app, SDLK_h);
    CHECK(p->hint_step == 2);
    CHECK(c.hint_square() == answer);
    // A wrong answer (the second best move) is judged: the loss, the values on the board.
    const PuzzleMove second = p->puzzle.moves[1];
    click_square(app, second.square);
    REQUIRE(p->judgement);
    CHECK_FALSE(p->judgement->right);
    CHECK(p->judgement->loss == p->puzzle.best_value() - second.value);
    CHECK(p->phase == PracticePhase::Judged);
    CHECK(practice_line(c) == p->judgement->message);
    // The judgement follows the language chosen after it.
    Options ja = c.options();
    ja.lang = Lang::Ja;
    c.set_options(ja);
    CHECK(practice_line(c) == c.practice_session().judgement_text(Lang::Ja));
    CHECK(practice_line(c) != p->judgement->message);
    CHECK(app.frame(2.5));
    ja.lang = Lang::En;
    c.set_options(ja);
    REQUIRE(c.analysis());
    CHECK(c.analysis()->moves.size() == p->puzzle.moves.size());
    CHECK(app.frame(3));
    float gx, gy;
    gold_frame_point(app.layout(), answer, gx, gy);  // the best move's value framed in gold
    CHECK(gold(pixel_at(session.w.renderer, gx, gy)));
    CHECK(c.practice_session().record().attempts() == 1);
    CHECK(c.practice_session().record().history.size() == 1);
    // X asks first; any other key in between keeps the record; a second X straight after resets it.
    key(app, SDLK_x);
    CHECK(c.message().find("Press X again") == 0);
    CHECK(c.practice_session().record().attempts() == 1);
    key(app, SDLK_h);  // (refused: the puzzle is answered)
    key(app, SDLK_x);
    CHECK(c.message().find("Press X again") == 0);
    CHECK(c.practice_session().record().attempts() == 1);
    key(app, SDLK_x);
    CHECK(c.message().find("Your practice record was reset") == 0);
    CHECK(c.practice_session().record().attempts() == 0);
    CHECK(c.practice_session().record().history.empty());
    CHECK(c.practice_session().record().rating.rating == 1500);
    CHECK(c.practicing());  // the puzzle stays on the board
    // A click on the rating graph or the panel does not step through a game.
    const Rect g = app.layout().graph;
    click(app, g.x + g.w / 2, g.y + g.h / 2);
    CHECK_FALSE(c.viewing());
    CHECK(c.practicing());

    // Esc: back to the game exactly as it was.
    CHECK(key(app, SDLK_ESCAPE));
    CHECK_FALSE(c.practicing());
    CHECK(c.game().ply() == 2);
    CHECK(app.frame(4));

    // Y: today's daily puzzle; S gives it up (the answer and the values shown).
    key(app, SDLK_y);
    REQUIRE(c.practicing());
    CHECK(loads >= 2);
    p = c.practice_session().current();
    CHECK(p->kind == PracticeKind::Daily);
    CHECK(p->date == "2026-11-26");
    CHECK(p->id == *daily_puzzle("2026-11-26", c.practice_session().puzzles().puzzles.size()));
    key(app, SDLK_s);
    REQUIRE(p->judgement);
    CHECK_FALSE(p->judgement->right);
    CHECK(c.analysis());
    CHECK(app.frame(5));
    // O plays it out against perfect play: the computer's side is the perfect player.
    key(app, SDLK_o);
    CHECK(p->phase == PracticePhase::Playing);
    key(app, SDLK_ESCAPE);
    CHECK_FALSE(c.practicing());

    // Refusals are said in the panel and change nothing: the trainer from the opening
    // (60 empties), the mistakes before a review; O and S outside practice are nothing.
    key(app, SDLK_t);
    CHECK_FALSE(c.practicing());
    CHECK(c.message().find("Practice: ") == 0);
    key(app, SDLK_m);
    CHECK_FALSE(c.practicing());
    CHECK(c.message().find("Practice: ") == 0);
    key(app, SDLK_o);
    key(app, SDLK_s);
    key(app, SDLK_x);
    key(app, SDLK_x);
    CHECK(c.message().find("Press X again") == std::string::npos);  // X is nothing outside practice
    CHECK_FALSE(c.practicing());
    CHECK(c.game().ply() == 2);
    CHECK(key(app, SDLK_ESCAPE));  // out of practice, Esc asks to quit, as at the game
    CHECK_FALSE(key(app, SDLK_ESCAPE));
  }
}

TEST_CASE("sdl: practice keys: a puzzle file that cannot be read leaves the game as it was", "[ui][sdl][practice]") {
  Session session(1000, 700, "color=both&speed=instant");
  SdlApp& app = session.app;
  Controller& c = session.c;
  REQUIRE(c.play(F5).ok());
  int loads = 0;
  app.set_practice_hooks({[&] { return ++loads, false; }, [] { return std::string("2026-11-26"); }});
  key(app, SDLK_p);
  key(app, SDLK_y);
  CHECK(loads == 2);
  CHECK_FALSE(c.practicing());
  CHECK(c.game().ply() == 1);
  CHECK(app.frame(0, true));
}

TEST_CASE("sdl: practice texts wrap at spaces, or between Japanese characters but not inside g8 or (-20)",
          "[ui][sdl][practice]") {
  Window w(400, 300);
  const auto ja = read_file_bytes(std::string(REVERSI_SOURCE_DIR) + "/assets/fonts/JaGothicSubset.ttf");
  REQUIRE(ja);
  Font text_font(w.renderer, {font(), std::vector<unsigned char>(ja->begin(), ja->end())});
  REQUIRE(text_font.ok());
  Font& font = text_font;
  const float px = 16;
  auto joined = [](const std::vector<std::string>& lines, const char* sep) {
    std::string s;
    for (const auto& l : lines) s += (s.empty() ? "" : sep) + l;
    return s;
  };
  const std::string en = "c7 loses 6 discs: the best was b2 (+4) and nothing else comes near it";
  for (const float width : {120.0f, 200.0f, 300.0f}) {
    INFO("width " << width);
    const auto lines = wrap_text(font, en, px, width);
    CHECK(lines.size() >= 2);
    CHECK(joined(lines, " ") == en);  // broken at spaces only
    for (const auto& l : lines) CHECK(font.width(l, px) <= width);
  }
  // The values' minus sign (U+2212, as the board writes them) stays with its digits too.
  for (const std::string jp : {"b2は2石損です：最善手はg8（-20）でした", "b2は2石損です：最善手はg8（\u221220）でした"})
  for (float width = 60; width <= 320; width += 7) {
    INFO("width " << width);
    const auto lines = wrap_text(font, jp, px, width);
    CHECK(joined(lines, "") == jp);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      INFO("line " << i << ": " << lines[i]);
      const std::string& l = lines[i];
      if (i + 1 < lines.size()) {
        const std::string& next = lines[i + 1];
        // Not inside an ASCII run, not after an opening bracket, not before a closing one.
        const bool minus_end = l.size() >= 3 && l.substr(l.size() - 3) == "\u2212";
        const bool inside_run = (std::isalnum(static_cast<unsigned char>(l.back())) || l.back() == '-' || minus_end) &&
                                (std::isalnum(static_cast<unsigned char>(next.front())) || next.front() == '-' ||
                                 next.rfind("\u2212", 0) == 0);
        CHECK_FALSE(inside_run);
        CHECK(l.substr(l.size() >= 3 ? l.size() - 3 : 0) != "\uff08");
        CHECK(next.rfind("\uff09", 0) != 0);
      }
    }
  }
  CHECK(wrap_text(font, "", px, 100).empty());
  CHECK(wrap_text(font, "short", px, 1000) == std::vector<std::string>{"short"});
}

TEST_CASE("sdl: G shows your games, Up, Down and Enter open one, a click selects, a second opens", "[ui][sdl][history]") {
  for (const Lang lang : kAllLangs) {
    Session session(1000, 700, std::string("color=black&opponent=level-1&speed=instant&pause=0&lang=") +
                                   std::string(lang_code(lang)));
    SdlApp& app = session.app;
    Controller& c = session.c;
    HistoryPanel history;
    c.on_history([&](std::uint64_t id, const ArchivedGame& g) { history.put(id, g); });
    // Without a panel set (the web page), G is no key of the app's.
    CHECK(key(app, SDLK_g));
    CHECK_FALSE(history.shown());
    app.set_history(&history);
    // Two kept games: a finished one (first legal moves to the end) and an unfinished one, newer.
    ArchivedGame finished;
    finished.date = "2026-11-02T10:00:00Z";
    finished.white = {true, "level-1"};
    for (Position p = Position::initial(); !p.is_game_over();) {
      if (p.must_pass()) { p = p.pass(); continue; }
      finished.moves.push_back(first_legal(p));
      p = p.play(finished.moves.back());
    }
    ArchivedGame unfinished;
    unfinished.date = "2026-11-03T10:00:00Z";
    unfinished.white = {true, "level-1"};
    unfinished.moves = {F5, F6};
    history.set_games({{5, finished}, {6, unfinished}});
    app.frame(0, true);
    CHECK(key(app, SDLK_g));
    REQUIRE(history.shown());
    CHECK(app.history_shown());
    CHECK(history.selected() == 0u);
    CHECK(app.frame(1));  // drawn
    // Up and Down choose (the board's frame stays where it was), Enter opens.
    const Square cursor = c.cursor();
    key(app, SDLK_DOWN);
    CHECK(history.selected_entry()->id == 5);
    CHECK(c.cursor() == cursor);
    CHECK(app.frame(2));
    CHECK(key(app, SDLK_RETURN));
    CHECK_FALSE(history.shown());
    CHECK(c.archived_id() == 5);
    CHECK(c.game().ply() == finished.moves.size());
    CHECK(c.viewing() == std::optional<std::size_t>(0));  // from its start, to step through
    CHECK(c.message().find(lang == Lang::En ? "Opened your game" : "\u958b\u304d\u307e\u3057\u305f") != std::string::npos);
    CHECK(app.frame(3));
    // Esc closes the panel before anything else (not quitting, not leaving the view).
    key(app, SDLK_g);
    REQUIRE(history.shown());
    CHECK(key(app, SDLK_ESCAPE));
    CHECK_FALSE(history.shown());
    CHECK(c.viewing() == std::optional<std::size_t>(0));
    // A click on a line selects it, a second click opens it: the unfinished game, taken up
    // against level-1 with the person to move.
    key(app, SDLK_g);
    history.select(1);
    const HistoryPanelLayout panel = history_panel_layout(app.layout(), history.entries().size(), 1);
    const auto row = std::find_if(panel.rows.begin(), panel.rows.end(), [](const auto& r) { return r.index == 0; });
    REQUIRE(row != panel.rows.end());
    click(app, row->rect.x + row->rect.w / 2, row->rect.y + row->rect.h / 2);
    CHECK(history.selected() == 0u);
    CHECK(history.shown());
    click(app, row->rect.x + row->rect.w / 2, row->rect.y + row->rect.h / 2);
    CHECK_FALSE(history.shown());
    CHECK(c.archived_id() == 6);
    CHECK(c.game().ply() == 2);
    CHECK_FALSE(c.viewing());
    CHECK(c.human_to_move());
    CHECK(c.options().opponent() == "level-1");
  }
}

TEST_CASE("sdl: the buttons say what the page says: the level by its name, Analyse and Review in one word each",
          "[ui][sdl]") {
  // Issue 44: the desktop said "相手: level-6" where the page says レベル6, and 評価値表示 /
  // 棋譜解析 where the page says 解析 / 検討.
  std::vector<PlayerInfo> players = test_players();
  players.push_back({"level-6", "test", 6});
  FakeAiState ai;
  Controller c(std::make_unique<FakeAi>(ai), players,
               parse_query_string("color=black&opponent=level-6&lang=ja", players).options);
  CHECK(button_label(Button::Opponent, c, false) == "相手: レベル6");
  CHECK(button_label(Button::Opponent, c, true) == "レベル6");
  CHECK(button_label(Button::Analyse, c, false) == "解析");
  CHECK(button_label(Button::Review, c, false) == "検討");
  CHECK(button_label(Button::Live, c, false) == "対局に戻る");  // the page's page.back_to_game
  c.set_options(parse_query_string("color=black&opponent=level-6&lang=en", players).options);
  CHECK(button_label(Button::Opponent, c, false) == "Opponent: Lv 6");
}

TEST_CASE("sdl: during a puzzle the seat buttons show and change the player's game, not the puzzle's seats",
          "[ui][sdl][practice]") {
  // Issue 44: they read "Two players / No comp." during a puzzle (its seats), and a press set them.
  Session session(1000, 700, "color=black&opponent=level-1&speed=instant");
  SdlApp& app = session.app;
  Controller& c = session.c;
  int loads = 0;
  app.set_practice_hooks(practice_hooks(c, loads));
  app.frame(0, true);
  const std::string mode = button_label(Button::Mode, c, false), opponent = button_label(Button::Opponent, c, false);
  CHECK(mode == "You play black");
  key(app, SDLK_p);
  REQUIRE(c.practicing());
  CHECK(c.options().black.human);
  CHECK(c.options().white.human);  // the puzzle's seats: both people while solving
  CHECK(button_label(Button::Mode, c, false) == mode);
  CHECK(button_label(Button::Opponent, c, false) == opponent);
  click_button(app, Button::Mode);  // black -> white, for the player's game
  CHECK(c.practicing());
  CHECK(c.game_options().white.human);
  CHECK_FALSE(c.game_options().black.human);
  CHECK(c.game_options().black.player == "level-1");
  CHECK(button_label(Button::Mode, c, false) == "You play white");
}

TEST_CASE("sdl: a mistake chosen in the move list or the graph shows the position before it, with its best line",
          "[ui][sdl][review]") {
  // Issue 44: the desktop showed the position after the mistake beside the best line of the
  // position before it; the page's list of mistakes opens the position before.
  Session session(1280, 800, "color=both&speed=instant");
  SdlApp& app = session.app;
  Controller& c = session.c;
  for (int i = 0; i < 6; ++i) REQUIRE(c.play(first_legal(c.position())).ok());
  // A review where each position's first legal move (the one played) loses 4 discs against
  // the others; the best move's line is that move and the first legal reply after it.
  REQUIRE(c.start_review().ok());
  for (int n = 0; n < 100 && c.review().running; ++n) {
    REQUIRE(session.ai.analysis_current);
    const Position& p = session.ai.analysis_current->second.position;
    AnalysisSnapshot snapshot;
    snapshot.id = session.ai.analysis_current->first;
    for (Bitboard m = p.legal_moves(); m; m &= m - 1) {
      const Square s = Square(lowest_square(m));
      MoveValue v{s, ValueKind::Exact, snapshot.moves.empty() ? -4.0 : 0.0, 60};
      v.pv = {s};
      snapshot.moves.push_back(v);
    }
    std::stable_sort(snapshot.moves.begin(), snapshot.moves.end(),
                     [](const MoveValue& a, const MoveValue& b) { return a.value > b.value; });
    snapshot.done = true;
    session.ai.analysis_ready = snapshot;
    c.update(c.now() + 1);
  }
  REQUIRE_FALSE(c.review().running);
  const ReviewEntry* mistake = nullptr;
  for (const ReviewEntry& e : c.review().entries)
    if (e.mistake && !e.best_line.empty() && (!mistake || e.ply > mistake->ply)) mistake = &e;
  REQUIRE(mistake);
  const std::size_t ply = mistake->ply;
  app.frame(0, true);
  // The move list: a click on the mistake's move shows the position before it and the best line.
  const MoveListLayout list = move_list_of(c, app.layout());
  const auto cell = std::find_if(list.cells.begin(), list.cells.end(),
                                 [&](const MoveListLayout::Cell& k) { return k.move == int(ply) - 1; });
  REQUIRE(cell != list.cells.end());
  click(app, cell->rect.x + cell->rect.w / 2, cell->rect.y + cell->rect.h / 2);
  CHECK(c.viewing() == std::optional<std::size_t>(ply - 1));
  CHECK(selected_best_line(c) == "Best line: " + square_name(mistake->best_line.front()));
  // Right steps to the position after it: the best line (of the position before) goes.
  key(app, SDLK_RIGHT);
  CHECK(shown_ply(c) == ply);
  CHECK(selected_best_line(c).empty());
  // The graph's mark of the mistake: the same.
  c.view_live();
  CHECK(chosen_view_ply(c, ply) == ply - 1);
  CHECK(chosen_view_ply(c, 0) == 0);
}

TEST_CASE("sdl: the result's banner leaves the board's centre while a review runs", "[ui][sdl][review]") {
  Session session(1280, 800, "color=both&speed=instant");
  Controller& c = session.c;
  for (int i = 0; i < 80 && !c.over(); ++i) REQUIRE(c.play(first_legal(c.position())).ok());
  REQUIRE(c.over());
  c.update(c.now() + 100000);  // the last flip turned
  CHECK(result_banner_shown(c));
  REQUIRE(c.start_review().ok());
  CHECK_FALSE(result_banner_shown(c));  // the whole review long
  c.cancel_review();
  CHECK(result_banner_shown(c));
}

TEST_CASE("sdl: a tap leaves no hover on the square tapped, a mouse's hover stays", "[ui][sdl]") {
  // Issue 44: on a phone a tapped square kept a grey frame (a see-through stone where legal).
  Session session(400, 800, "color=both&speed=instant");
  SdlApp& app = session.app;
  Controller& c = session.c;
  app.frame(0, true);
  for (const Uint32 which : {Uint32(SDL_TOUCH_MOUSEID), Uint32(0)}) {
    const bool touch = which == SDL_TOUCH_MOUSEID;
    INFO((touch ? "touch" : "mouse"));
    const Square target = touch ? A1 : H8;  // not legal: refused, nothing played
    const Rect r = app.layout().cell_rect(target);
    SDL_Event e{};
    e.type = SDL_MOUSEMOTION;  // as SDL synthesizes a finger's, before its press
    e.motion.which = which;
    e.motion.x = int(r.x + r.w / 2);
    e.motion.y = int(r.y + r.h / 2);
    app.handle_event(e);
    CHECK(c.hover() == target);
    SDL_Event b{};
    b.type = SDL_MOUSEBUTTONDOWN;
    b.button.which = which;
    b.button.button = SDL_BUTTON_LEFT;
    b.button.x = e.motion.x;
    b.button.y = e.motion.y;
    app.handle_event(b);
    b.type = SDL_MOUSEBUTTONUP;
    app.handle_event(b);
    CHECK(c.hover() == (touch ? NO_SQUARE : target));
  }
}
