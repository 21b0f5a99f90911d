// The web page's program: the SDL2 game drawn into <canvas id="canvas">, driven by
// the browser's frame loop (emscripten_set_main_loop -> requestAnimationFrame) while
// something moves and paused while nothing does (issue 44: wake_frames() below),
// with the engine in a Web Worker (WebAiClient). The page's modules in web/js/ wrap
// the C functions exported at the end of this file (program.js) and build
// window.reversi on them (api.js).
//
// Start-up arguments (Module.arguments, set by web/js/program.js):
//   argv[1]  the URL query string ("?color=white&opponent=level-3"), may be empty
//   argv[2]  the saved game from localStorage (Controller::save()), may be empty
// Options come from the defaults, then the saved game, then the URL: a link's
// options win, and reloading the same link keeps the game in progress.
#include <SDL.h>
#include <emscripten/emscripten.h>
#include <emscripten/eventloop.h>
#include <emscripten/html5.h>

#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/file.h"
#include "core/json.h"
#include "core/notation.h"
#include "core/parse_number.h"
#include "core/rating.h"
#include "engine/level.h"
#include "engine/player.h"
#include "platform/web_ai_client.h"
#include "platform/web_explorer_client.h"
#include "platform/web_page.h"
#include "ui/controller.h"
#include "ui/options.h"
#include "ui/sdl_app.h"
#include "ui/text.h"

namespace {

using namespace reversi;

// Tells the page (web/js/program.js, onProgramEvent) about something that happened: a JSON object.
EM_JS(void, notify_page, (const char* json), {
  var text = UTF8ToString(json);
  if (Module['reversiEvent']) {
    try { Module['reversiEvent'](JSON.parse(text)); } catch (e) { console.error(e); }
  }
});

struct WebGame {
  SDL_Window* window = nullptr;
  SDL_Renderer* renderer = nullptr;
  web::WebAiClient* ai = nullptr;  // owned by the controller
  std::unique_ptr<ui::Controller> controller;
  std::unique_ptr<ui::SdlApp> app;
  std::vector<PlayerInfo> players;
  std::vector<std::string> start_messages;  // bad URL options
  Error restore_problem;                    // why the saved game could not be read (message "" if it could)
  std::optional<std::string> saved_setting;  // or a setting of it not understood (its option's message)
  std::string last_saved;
  std::string last_state;  // the state_json() the page was last told about ("state" event)
  std::uint64_t told_revision = 0;  // the controller's revision() when last_state was made
  std::string last_record;  // the practice record last handed to the page (persist_record)
  // The record can have changed: a practice call or a judgement since the last frame (so
  // that the record, up to 200 ratings and the puzzles seen, is not written out every frame).
  bool record_touched = false;
  std::string reported_failure;
  double css_w = 0, css_h = 0;
  int viewport_w = 0, viewport_h = 0;  // the window's, to see a resize or a turned phone
  int redraws_owed = 0;                // frames still to draw whatever changed (after a resize)
  bool first_frame_done = false;
  // How often the browser called frame() and how often it drew (web_frame_stats).
  std::uint64_t frames = 0, draws = 0;
  double draw_ms_total = 0, draw_ms_max = 0;
  // Resting (wake_frames): the main loop is paused; a wake asked during frame() keeps it
  // running one more frame; the timer wakes it when something is due by the clock.
  bool paused = false, in_frame = false, wake_asked = false;
  long timer = 0;  // emscripten_set_timeout's id, 0: none
};

WebGame* g_game = nullptr;
std::string g_return;  // storage for strings handed back to JavaScript

using web::give;
using web::give_not_started;
using web::give_status;
using web::page_error_text;

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& line : lines) out += (out.empty() ? "" : "\n") + line;
  return out;
}

EM_JS(int, viewport_width, (), { return window.innerWidth | 0; });
EM_JS(int, viewport_height, (), { return window.innerHeight | 0; });

// True when the window changed size since the last frame (a resize, a phone turned).
// SDL's own resize handler then sets the canvas's buffer size again, even to the same
// value, which clears the canvas (HTML resets a canvas whenever its width or height is
// set); when the board's size did not change, nothing else would draw it again, and a
// turned phone showed a black board until the next move (issue 33).
bool viewport_changed(WebGame& g) {
  const int w = viewport_width(), h = viewport_height();
  if (w == g.viewport_w && h == g.viewport_h) return false;
  g.viewport_w = w;
  g.viewport_h = h;
  return true;
}

// Keeps the drawing buffer equal to the canvas's CSS box times devicePixelRatio,
// so the board stays crisp at any size and zoom. SDL (window RESIZABLE +
// ALLOW_HIGHDPI, canvas sized by CSS) sets the buffer size on SDL_SetWindowSize.
bool sync_canvas_size(WebGame& g) {
  double w = 0, h = 0;
  if (emscripten_get_element_css_size("#canvas", &w, &h) != EMSCRIPTEN_RESULT_SUCCESS) return false;
  w = std::floor(w);
  h = std::floor(h);
  if (w < 1 || h < 1) return false;
  int cw = 0, ch = 0;
  emscripten_get_canvas_element_size("#canvas", &cw, &ch);
  const double ratio = emscripten_get_device_pixel_ratio();
  const bool buffer_ok = std::abs(cw - std::floor(w * ratio)) <= 1 && std::abs(ch - std::floor(h * ratio)) <= 1;
  if (w == g.css_w && h == g.css_h && buffer_ok) return false;
  g.css_w = w;
  g.css_h = h;
  int ww = 0, wh = 0;
  SDL_GetWindowSize(g.window, &ww, &wh);
  if (ww == int(w) && wh == int(h)) SDL_SetWindowSize(g.window, int(w) + 1, int(h));  // force an update
  SDL_SetWindowSize(g.window, int(w), int(h));
  return true;
}

void persist(WebGame& g) {
  std::string saved = g.controller->save();
  if (saved == g.last_saved) return;
  g.last_saved = saved;
  notify_page(("{\"type\":\"save\",\"data\":" + json_string(saved) + "}").c_str());
}

// The practice record (rating, history, streaks, seen puzzles) goes to the page's storage
// whenever it changes: an answer, a reset, a restore (web/js/practice.js keeps it).
void persist_record(WebGame& g) {
  if (!g.record_touched) return;
  g.record_touched = false;
  std::string record = g.controller->practice_record();
  if (record == g.last_record) return;
  g.last_record = record;
  notify_page(("{\"type\":\"practice-record\",\"data\":" + json_string(record) + "}").c_str());
}

// The timer of rest(): something is due by the clock.
void on_timer(void*) {
  g_game->timer = 0;
  reversi::web::wake_frames();
}

// After a frame: the loop runs on to the next animation frame while something moves (an
// animation, a redraw owed after a resize, a change made during this frame); otherwise it
// pauses, with a timer for the next thing due by the clock (the computer's pause, values
// held back, the AI worker's watchdog), and everything else that can change the game wakes
// it (wake_frames). So a page at rest runs no frames at all.
void rest(WebGame& g, double now) {
  double at = std::min(g.app->next_frame_at(now), g.ai->next_check_at());
  if (g.redraws_owed > 0 || g.wake_asked || !g.first_frame_done) at = now;
  if (at <= now) return;
  emscripten_pause_main_loop();
  g.paused = true;
  if (g.timer) emscripten_clear_timeout(g.timer), g.timer = 0;
  if (at < std::numeric_limits<double>::infinity()) g.timer = emscripten_set_timeout(on_timer, at - now, nullptr);
}

// The page's size: a window resized or a phone turned, and the canvas's own box (the page's
// panels around it) wake the loop, which then reads the sizes (viewport_changed,
// sync_canvas_size).
EM_JS(void, watch_page_size, (), {
  var wake = function () { Module['_web_wake'](); };
  window.addEventListener('resize', wake);
  var canvas = document.querySelector('#canvas');
  if (canvas && typeof ResizeObserver === 'function') new ResizeObserver(wake).observe(canvas);
});

// Every SDL event (the pointer, a touch, a key, the window) as it is queued: the frame
// reads it. Not SDL's own marker of the end of a poll (SDL 2.0.18+ queues one at every
// SDL_PollEvent loop): that would keep the loop running for ever.
int wake_on_event(void*, SDL_Event* event) {
#if SDL_VERSION_ATLEAST(2, 0, 18)
  if (event->type == SDL_POLLSENTINEL) return 0;
#endif
  reversi::web::wake_frames();
  return 0;
}

// Called by the browser before each repaint while the loop runs (see rest()). The game
// state advances (AI replies, the computer's pause); SdlApp::frame decides whether the
// picture can have changed and redraws only then (its pulse is set in main for the page).
void frame() {
  WebGame& g = *g_game;
  const double now = emscripten_get_now();
  g.in_frame = true;
  g.wake_asked = false;
  ++g.frames;
  g.controller->set_clock(now);  // the events below happen now
  SDL_Event event;
  while (SDL_PollEvent(&event)) g.app->handle_event(event);
  // A new canvas size reaches SdlApp as a new output size, which it redraws for. After
  // a window resize the board is drawn again anyway, on this frame and the next (SDL's
  // handler may run before or after this frame's).
  if (viewport_changed(g)) g.redraws_owed = 2;
  sync_canvas_size(g);
  const bool owed = g.redraws_owed > 0;
  if (owed) --g.redraws_owed;
  if (g.app->frame(now, owed)) {
    const double spent = emscripten_get_now() - now;
    ++g.draws;
    g.draw_ms_total += spent;
    if (spent > g.draw_ms_max) g.draw_ms_max = spent;
  }
  persist_record(g);
  web::tell_explorer_answers(*g.controller);
  // The page follows the program through this event rather than asking on a timer (issue
  // 33). The controller says when its state may have changed (revision(), issue 44): only
  // then is the game saved and the state the page would read compared with the last one told.
  if (const std::uint64_t revision = g.controller->revision(); revision != g.told_revision) {
    g.told_revision = revision;
    persist(g);
    std::string state = g.controller->state_json();
    if (state != g.last_state) {
      g.last_state = std::move(state);
      notify_page("{\"type\":\"state\"}");
    }
  }
  const std::string failure = g.ai->failure();
  if (!failure.empty() && failure != g.reported_failure) {
    g.reported_failure = failure;
    notify_page(("{\"type\":\"error\",\"message\":" + json_string(failure) + "}").c_str());
  }
  if (!g.first_frame_done && g.draws > 0) {
    g.first_frame_done = true;
    notify_page("{\"type\":\"ready\"}");
  }
  g.in_frame = false;
  rest(g, now);
}

void listen(WebGame& g) {
  ui::Controller& c = *g.controller;
  c.on_move([&c](Color mover, Square move) {
    const Position& p = c.position();
    // The stones this move turned: the mover's after it that were the other colour before.
    const Game& record = c.game();
    const Position& before = record.position_at(record.ply() - 1);
    const Bitboard was_other = mover == Color::Black ? before.white() : before.black();
    const Bitboard now_mover = mover == Color::Black ? p.black() : p.white();
    const int flips = popcount(was_other & now_mover);
    // Forced passes are applied with the move: the mover moves again.
    const bool passed = !c.over() && p.to_move == mover;
    std::string json = "{\"type\":\"move\",\"color\":\"" + std::string(color_name(mover)) +
                       "\",\"square\":\"" + square_name(move) + "\",\"flips\":" + std::to_string(flips) +
                       ",\"black\":" +
                       std::to_string(p.disc_count(Color::Black)) +
                       ",\"white\":" + std::to_string(p.disc_count(Color::White)) +
                       ",\"pass\":" + (passed ? "\"" + std::string(color_name(opposite(mover))) + "\"" : "null") +
                       ",\"transcript\":\"" + c.game().transcript() + "\"}";
    notify_page(json.c_str());
  });
  // A move the controller refused (a click or Enter on an illegal square, out of turn,
  // after the end, while reviewing): the page says why and shows it.
  c.on_rejected([](Square square, ui::RejectReason reason) {
    notify_page(("{\"type\":\"rejected\",\"square\":\"" + square_name(square) + "\",\"reason\":\"" +
                 std::string(ui::reject_reason_name(reason)) + "\"}").c_str());
  });
  // A game of the player's history told (ended, left unfinished, reviewed): the page keeps it
  // in IndexedDB under its id (web/js/history.js), replacing the entry of the same id.
  c.set_date_source([] {
    return utc_date_text(std::chrono::duration_cast<std::chrono::seconds>(
                             std::chrono::system_clock::now().time_since_epoch()).count());
  });
  c.on_history([](std::uint64_t id, const ArchivedGame& game) {
    notify_page(("{\"type\":\"history\",\"id\":" + std::to_string(id) + ",\"entry\":" + archived_json(game) + "}").c_str());
  });
  // A puzzle's answer judged (or skipped): the page announces it and emits 'puzzle'.
  c.on_puzzle([](const ui::PuzzleEvent& event) {
    g_game->record_touched = true;
    notify_page(("{\"type\":\"puzzle\",\"event\":" + ui::puzzle_event_json(event) + "}").c_str());
  });
  c.on_game_over([](Outcome outcome, int black, int white) {
    const char* result = outcome == Outcome::BlackWins ? "black" : outcome == Outcome::WhiteWins ? "white" : "draw";
    std::string json = "{\"type\":\"gameover\",\"result\":\"" + std::string(result) +
                       "\",\"black\":" + std::to_string(black) + ",\"white\":" + std::to_string(white) + "}";
    notify_page(json.c_str());
  });
}

}  // namespace

namespace reversi::web {
ui::Controller* page_controller() { return g_game ? g_game->controller.get() : nullptr; }
const char* give(std::string text) {
  g_return = std::move(text);
  return g_return.c_str();
}
std::string page_error_text(const Error& error) {
  const ui::Controller* c = page_controller();
  return c ? ui::error_text(c->options().lang, error) : error.message;
}
const char* give_status(const Status& status) { return give(status ? "" : page_error_text(status.failure())); }
const char* give_not_started() {
  return give_status(Error::text("error.page.not_started", "the game has not started yet"));
}
void tell_page(const std::string& json) { notify_page(json.c_str()); }
void wake_frames() {
  if (!g_game) return;
  WebGame& g = *g_game;
  if (g.in_frame) {
    g.wake_asked = true;
    return;
  }
  if (!g.paused) return;
  g.paused = false;
  // The clock stood still while the loop rested: what is about to happen happens now.
  g.controller->set_clock(emscripten_get_now());
  if (g.timer) emscripten_clear_timeout(g.timer), g.timer = 0;
  emscripten_resume_main_loop();
}
void touch_practice_record() {
  if (g_game) g_game->record_touched = true;
}
// Asking for a computer player again after its worker failed starts a fresh worker
// (if it fails again, the page hears of it again).
void restart_failed_ai() {
  if (!g_game || g_game->ai->failure().empty()) return;
  g_game->ai->restart();
  g_game->reported_failure.clear();
}
}  // namespace reversi::web

extern "C" void web_retry_ai();

int main(int argc, char** argv) {
  const std::string query = argc > 1 ? argv[1] : "";
  const std::string saved = argc > 2 ? argv[2] : "";

  // Keys go to the canvas only when it has focus, so the page's own controls
  // (selects, buttons, Tab) keep working normally.
  SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER | SDL_INIT_EVENTS) != 0) {
    std::fprintf(stderr, "SDL_Init failed: %s\n", SDL_GetError());
    notify_page(("{\"type\":\"fatal\",\"message\":" + json_string(std::string("SDL could not start: ") + SDL_GetError()) + "}").c_str());
    return 1;
  }
  static WebGame game;
  g_game = &game;
  game.window = SDL_CreateWindow("Reversi", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, 640, 480,
                                 SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (game.window) game.renderer = SDL_CreateRenderer(game.window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
  if (game.window && !game.renderer) game.renderer = SDL_CreateRenderer(game.window, -1, SDL_RENDERER_SOFTWARE);
  if (!game.renderer) {
    notify_page(("{\"type\":\"fatal\",\"message\":" + json_string(std::string("Could not create the drawing surface: ") + SDL_GetError()) + "}").c_str());
    return 1;
  }

  game.players = player_list();
  auto ai = std::make_unique<web::WebAiClient>("ai-worker.js");
  ai->set_wake(web::wake_frames);
  game.ai = ai.get();
  game.controller = std::make_unique<ui::Controller>(std::move(ai), game.players, ui::Options{});
  ui::Controller& c = *game.controller;
  // The expert-game database: the explorer's worker, started when first wanted.
  auto explorer = std::make_unique<web::WebExplorerClient>();
  explorer->set_wake(web::wake_frames);
  c.set_explorer_client(std::move(explorer));
  if (!saved.empty()) {
    // Anything unreadable (another program's data, a hand-edited or truncated save, an
    // illegal move) leaves the fresh game; the page says so (web_restore_problem).
    // (Kept whole: it is said in the page's language, known only after the options below.)
    if (Status s = c.restore(saved); !s) game.restore_problem = s.failure();
    else game.saved_setting = c.saved_settings_problem();
  }
  if (!query.empty() && query != "?") {
    ui::ParsedOptions parsed = ui::parse_query_string(query, game.players, c.options());
    for (auto& m : parsed.messages) game.start_messages.push_back(m);
    const ui::Options wanted = ui::resolve(parsed.options, game.players);
    if (!(wanted == c.options())) {
      // Different seats mean a different game; display settings alone keep it.
      const bool same_seats = wanted.black == c.options().black && wanted.white == c.options().white;
      if (same_seats) c.set_options(wanted);
      else c.new_game(wanted);
      // A link with other players starts its own game: the saved one is not "back".
      if (!same_seats) game.saved_setting.reset();
    }
  }
  // An unreadable save is replaced by the fresh game at once (one message, not one a reload).
  game.last_saved = game.restore_problem.message.empty() && !game.saved_setting ? c.save() : std::string();
  // The fresh record is not worth storing: the page restores the stored one after start.
  game.last_record = c.practice_record();
  listen(game);

  // Embedded in the program (web.cmake); an empty font draws no text rather than failing.
  std::vector<unsigned char> font = read_file_bytes("/assets/DejaVuSans.ttf").value_or({});
  std::vector<unsigned char> japanese = read_file_bytes("/assets/JaGothicSubset.ttf").value_or({});
  game.app = std::make_unique<ui::SdlApp>(game.window, game.renderer, c, std::move(font), std::move(japanese));
  game.app->quit_on_escape = false;
  // The page draws everything around the board in HTML (web/index.html).
  game.app->set_layout_kind(ui::LayoutKind::BoardOnly);
  // A redraw is the expensive part of a frame (software WebGL): the board-only layout
  // draws no thinking dots, so nothing redraws an unchanged board (SdlApp::Pulse).
  game.app->set_pulse({200, false, false});
  game.app->on_settings_changed = [] {
    // A computer chosen again on the board's own buttons after its worker failed: a fresh worker.
    const ui::Options& o = g_game->controller->options();
    if ((!o.black.human || !o.white.human) && !g_game->ai->failure().empty()) web_retry_ai();
    notify_page("{\"type\":\"options\"}");
  };
  SDL_AddEventWatch(wake_on_event, nullptr);
  watch_page_size();
  // Never returns: the browser calls frame() before each repaint while the loop runs.
  emscripten_set_main_loop(frame, 0, 1);
  return 0;
}

// ---- window.reversi (web/js/program.js, api.js) ---------------------------------------------------------
// Strings returned to JavaScript stay valid until the next call.
extern "C" {

// A frame soon: the page is about to call a function that may change what the program shows
// (program.js wraps every one but the reads: the clock is then current for it, see
// wake_frames), or its size changed (watch_page_size).
EMSCRIPTEN_KEEPALIVE void web_wake() { reversi::web::wake_frames(); }

// The controller's state (Controller::state_json); the page also hears when it changed
// (the "state" event of frame()).
EMSCRIPTEN_KEEPALIVE const char* web_state() {
  if (!g_game || !g_game->controller) return give("null");
  return give(g_game->controller->state_json());
}

// "" when played; otherwise why not (state untouched).
EMSCRIPTEN_KEEPALIVE const char* web_play(const char* square) {
  if (!g_game || !g_game->controller) return give_not_started();
  const std::string text = square ? square : "";
  const auto s = parse_square(text);
  if (!s) return give_status(Error::text("error.play.not_square", "'{square}' is not a square: use a1 .. h8", {{"square", text}}));
  Status status = g_game->controller->play(*s);
  return give_status(status);
}

// Options as a query string on top of the current ones. With `strict`, any bad
// value rejects the call (window.reversi.newGame throws); otherwise bad values are
// reported and the defaults used. Returns the messages, one a line.

static std::string apply_options(const char* query, bool new_game, bool strict) {
  ui::Controller& c = *g_game->controller;
  ui::ParsedOptions parsed = ui::parse_query_string(query ? query : "", g_game->players, c.options());
  if (strict && !parsed.messages.empty()) return join_lines(parsed.messages);
  if (!parsed.options.black.human || !parsed.options.white.human) web::restart_failed_ai();
  if (new_game) c.new_game(parsed.options);
  else c.set_options(parsed.options);
  return join_lines(parsed.messages);
}

EMSCRIPTEN_KEEPALIVE const char* web_new_game(const char* query, int strict) {
  if (!g_game || !g_game->controller) return give_not_started();
  return give(apply_options(query, true, strict != 0));
}

EMSCRIPTEN_KEEPALIVE const char* web_set_options(const char* query, int strict) {
  if (!g_game || !g_game->controller) return give_not_started();
  return give(apply_options(query, false, strict != 0));
}

EMSCRIPTEN_KEEPALIVE int web_undo() { return g_game && g_game->controller && g_game->controller->undo(); }
EMSCRIPTEN_KEEPALIVE int web_redo() { return g_game && g_game->controller && g_game->controller->redo(); }

EMSCRIPTEN_KEEPALIVE const char* web_hint() {
  if (!g_game || !g_game->controller) return give_not_started();
  web::restart_failed_ai();
  Status status = g_game->controller->hint();
  return give_status(status);
}

EMSCRIPTEN_KEEPALIVE const char* web_save() { return give(g_game && g_game->controller ? g_game->controller->save() : ""); }

EMSCRIPTEN_KEEPALIVE const char* web_restore(const char* text) {
  if (!g_game || !g_game->controller) return give_not_started();
  Status status = g_game->controller->restore(text ? text : "");
  return give_status(status);
}

// [{"name":..,"description":.., and for levels "level","depth","exact","webMs"}, ...]
// in player_list() order.
EMSCRIPTEN_KEEPALIVE const char* web_players() {
  std::string out = "[";
  if (g_game) {
    for (const PlayerInfo& p : g_game->players) {
      if (out.size() > 1) out += ",";
      out += "{\"name\":" + json_string(p.name) + ",\"description\":" + json_string(p.description);
      if (p.level > 0)
        out += ",\"level\":" + std::to_string(p.level) + ",\"depth\":" + std::to_string(p.depth) +
               ",\"exact\":" + std::to_string(p.exact_empties) + ",\"webMs\":" + std::to_string(int(p.time_ms));
      out += "}";
    }
  }
  return give(out + "]");
}

// Problems found at start-up with the URL's options, one a line.
EMSCRIPTEN_KEEPALIVE const char* web_start_messages() { return give(g_game ? join_lines(g_game->start_messages) : ""); }

// Why the saved game (argv[2]) could not be read, so a new game started:
// {"kind":"unreadable","key":the reason's catalog key,"detail":the reason in the page's
// language} (a fresh game started: the reason without its "keeping the current game"); or a
// setting in it that was not understood: {"kind":"setting","detail":the option's message};
// "" if all was well.
EMSCRIPTEN_KEEPALIVE const char* web_restore_problem() {
  if (!g_game) return give("");
  if (g_game->saved_setting)
    return give("{\"kind\":\"setting\",\"detail\":" + json_string(*g_game->saved_setting) + "}");
  const Error& e = g_game->restore_problem;
  if (e.message.empty()) return give("");
  const Error& why = e.key == "error.saved.keeping" && e.cause ? *e.cause : e;
  return give("{\"kind\":\"unreadable\",\"key\":" + json_string(why.key) +
              ",\"detail\":" + json_string(page_error_text(why)) + "}");
}

// The page's Retry after the computer player failed: a fresh worker, and the
// computer asks again if it is its turn. The game is untouched.
EMSCRIPTEN_KEEPALIVE void web_retry_ai() {
  if (!g_game || !g_game->controller) return;
  g_game->ai->restart();
  g_game->reported_failure.clear();
  g_game->controller->retry_computer();
}

// The page is hidden (0) or shown again (1): visibilitychange, pagehide and pageshow
// (program.js). No AI worker runs while nobody sees the page (WebAiClient::suspend); the
// game, the computer's turn and the analysis are untouched and go on when it is shown.
EMSCRIPTEN_KEEPALIVE void web_ai_visible(int visible) {
  if (!g_game || !g_game->ai) return;
  if (visible) g_game->ai->resume();
  else g_game->ai->suspend();
}

// The AI worker's state: {"loaded":bool,"loadMs":n,"failure":"...","suspended":bool}.
EMSCRIPTEN_KEEPALIVE const char* web_worker_status() {
  if (!g_game || !g_game->ai) return give("null");
  const auto* ai = g_game->ai;
  char ms[32];
  std::snprintf(ms, sizeof ms, "%.1f", ai->load_ms());
  return give(std::string("{\"loaded\":") + (ai->loaded() ? "true" : "false") + ",\"loadMs\":" + ms +
              ",\"failure\":" + json_string(ai->failure()) +
              ",\"suspended\":" + (ai->suspended() ? "true" : "false") + "}");
}

// Frame statistics: {"frames":n,"draws":n,"drawMsAvg":x,"drawMsMax":x}.
EMSCRIPTEN_KEEPALIVE const char* web_frame_stats() {
  if (!g_game) return give("null");
  char out[160];
  std::snprintf(out, sizeof out, "{\"frames\":%llu,\"draws\":%llu,\"drawMsAvg\":%.2f,\"drawMsMax\":%.2f}",
                (unsigned long long)g_game->frames, (unsigned long long)g_game->draws,
                g_game->draws ? g_game->draw_ms_total / double(g_game->draws) : 0.0, g_game->draw_ms_max);
  return give(out);
}

// Centre of a square in CSS pixels from the canvas's top-left corner, "x,y"
// ("" for a bad square): lets tests and embedders point at the board.
EMSCRIPTEN_KEEPALIVE const char* web_square_center(const char* square) {
  if (!g_game || !g_game->app) return give("");
  const auto s = parse_square(square ? square : "");
  if (!s) return give("");
  const ui::Layout& layout = g_game->app->layout();
  const ui::Rect r = layout.cell_rect(*s);
  const float scale = layout.scale > 0 ? layout.scale : 1;
  char out[64];
  std::snprintf(out, sizeof out, "%.2f,%.2f", (r.x + r.w / 2) / scale, (r.y + r.h / 2) / scale);
  return give(out);
}

// The squares' area (the 8x8 grid inside the coordinates) in CSS pixels from the canvas's
// top-left corner, "x,y,w,h": the page lays its board grid for keyboards and screen
// readers exactly over it.
EMSCRIPTEN_KEEPALIVE const char* web_board_rect() {
  if (!g_game || !g_game->app) return give("");
  const ui::Layout& layout = g_game->app->layout();
  const float scale = layout.scale > 0 ? layout.scale : 1;
  char out[96];
  std::snprintf(out, sizeof out, "%.2f,%.2f,%.2f,%.2f", layout.board.x / scale, layout.board.y / scale,
                layout.board.w / scale, layout.board.h / scale);
  return give(out);
}

// The page's board grid moved its focus: the canvas draws the keyboard frame there.
EMSCRIPTEN_KEEPALIVE void web_set_cursor(const char* square) {
  if (!g_game || !g_game->controller) return;
  if (const auto s = parse_square(square ? square : "")) g_game->controller->set_cursor(*s);
}

// Shows the position after `ply` moves without changing the game; "" or why not.
EMSCRIPTEN_KEEPALIVE const char* web_view(int ply) {
  if (!g_game || !g_game->controller) return give_not_started();
  if (ply < 0) return give("move " + std::to_string(ply) + " is not in the game");
  Status status = g_game->controller->view(std::size_t(ply));
  return give_status(status);
}

// Back to the game after view().
EMSCRIPTEN_KEEPALIVE void web_view_live() {
  if (g_game && g_game->controller) g_game->controller->view_live();
}

// A line ("e2f1g1", as a transcript) played from the position shown, up to `step` of its
// moves, on the board without changing the game (state "preview"); "" or why not.
EMSCRIPTEN_KEEPALIVE const char* web_preview_line(const char* line, int step) {
  if (!g_game || !g_game->controller) return give_not_started();
  if (step < 0) return give("there is no step " + std::to_string(step) + " in a line");
  ui::Controller& c = *g_game->controller;
  const auto moves = parse_transcript(line ? line : "", c.shown_position());
  if (!moves) return give_status(Error::text("error.line.text", "the line: {cause}", {}, moves.failure()));
  Status status = c.preview_line(*moves, std::size_t(step));
  return give_status(status);
}

// The position the line starts from again (still viewed).
EMSCRIPTEN_KEEPALIVE void web_end_preview() {
  if (g_game && g_game->controller) g_game->controller->end_preview();
}

// The Analyse switch: every legal move's value for the position shown (state "analysis").
EMSCRIPTEN_KEEPALIVE void web_set_analysis(int on) {
  if (!g_game || !g_game->controller) return;
  if (on) web::restart_failed_ai();
  g_game->controller->set_analysis(on != 0);
}

// Reviews the game in the background (state "review"); "" or why not.
EMSCRIPTEN_KEEPALIVE const char* web_start_review() {
  if (!g_game || !g_game->controller) return give_not_started();
  web::restart_failed_ai();
  Status status = g_game->controller->start_review();
  return give_status(status);
}

EMSCRIPTEN_KEEPALIVE void web_cancel_review() {
  if (g_game && g_game->controller) g_game->controller->cancel_review();
}

// A transcript, a GGF game or a board string becomes the game; "" or why not (nothing changed).
EMSCRIPTEN_KEEPALIVE const char* web_load(const char* text) {
  if (!g_game || !g_game->controller) return give_not_started();
  Status status = g_game->controller->load(text ? text : "");
  return give_status(status);
}

// The game as "transcript", "ggf", "board" or "start" (Controller::export_game); "" for another kind.
EMSCRIPTEN_KEEPALIVE const char* web_export(const char* kind) {
  if (!g_game || !g_game->controller) return give("");
  auto text = g_game->controller->export_game(kind ? kind : "");
  return give(text ? *text : "");
}


}  // extern "C"
