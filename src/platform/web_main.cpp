// The web page's program: the SDL2 game drawn into <canvas id="canvas">, driven by
// the browser's frame loop (emscripten_set_main_loop -> requestAnimationFrame) while
// something moves and paused while nothing does (issue 44: wake_frames() below),
// with the engine in a Web Worker (WebAiClient). The page's modules in web/js/ wrap
// the C functions the program exports (program.js) and build window.reversi on them
// (api.js). This file starts it; its parts are named in platform/web_game.h.
//
// Start-up arguments (Module.arguments, set by web/js/program.js):
//   argv[1]  the URL query string ("?color=white&opponent=level-3"), may be empty
//   argv[2]  the saved game from localStorage (Controller::save()), may be empty
// Options come from the defaults, then the saved game, then the URL: a link's
// options win, and reloading the same link keeps the game in progress.
#include <SDL.h>
#include <chrono>
#include <emscripten/emscripten.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "core/file.h"
#include "core/json.h"
#include "platform/web_explorer_client.h"
#include "platform/web_game.h"
#include "ui/options.h"

using namespace reversi;
using reversi::web::g_game;
using reversi::web::WebGame;


int main(int argc, char** argv) {
  const std::string query = argc > 1 ? argv[1] : "";
  const std::string saved = argc > 2 ? argv[2] : "";

  // Keys go to the canvas only when it has focus, so the page's own controls
  // (selects, buttons, Tab) keep working normally.
  SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER | SDL_INIT_EVENTS) != 0) {
    std::fprintf(stderr, "SDL_Init failed: %s\n", SDL_GetError());
    web::tell_page("{\"type\":\"fatal\",\"message\":" + json_string(std::string("SDL could not start: ") + SDL_GetError()) + "}");
    return 1;
  }
  static WebGame game;
  g_game = &game;
  game.window = SDL_CreateWindow("Reversi", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, 640, 480,
                                 SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (game.window) game.renderer = SDL_CreateRenderer(game.window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
  if (game.window && !game.renderer) game.renderer = SDL_CreateRenderer(game.window, -1, SDL_RENDERER_SOFTWARE);
  if (!game.renderer) {
    web::tell_page("{\"type\":\"fatal\",\"message\":" + json_string(std::string("Could not create the drawing surface: ") + SDL_GetError()) + "}");
    return 1;
  }

  game.players = player_list();
  auto ai = std::make_unique<web::WebAiClient>("ai-worker.js");
  ai->set_wake(web::wake_frames);
  // The human players' openings: the page downloads them when a request for a human player
  // waits (web/js/players.js), and hears whether the worker could read them.
  ai->set_openings_hooks([] { web::tell_page("{\"type\":\"human-openings\",\"need\":true}"); },
                         [](const std::string& error) {
                           web::tell_page("{\"type\":\"human-openings\",\"error\":" + json_string(error) + "}");
                         });
  game.ai = ai.get();
  game.controller = std::make_unique<ui::Controller>(std::move(ai), game.players, ui::Options{});
  ui::Controller& c = *game.controller;
  // The expert-game database: the explorer's worker, started when first wanted.
  auto explorer = std::make_unique<web::WebExplorerClient>();
  explorer->set_wake(web::wake_frames);
  c.set_explorer_client(std::move(explorer));
  // The game's clocks (a timed game): the program's time from now, and the wall clock, so that
  // a reload charges the side whose clock ran the time the page was away.
  c.set_clock(emscripten_get_now());
  c.set_wall_clock([] {
    return std::chrono::duration<double, std::milli>(std::chrono::system_clock::now().time_since_epoch()).count();
  });
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
    // A link with other players or another clock starts its own game: the saved one is not "back".
    if (c.open_with(parsed.options)) game.saved_setting.reset();
  }
  // An unreadable save is replaced by the fresh game at once (one message, not one a reload).
  game.last_saved = game.restore_problem.message.empty() && !game.saved_setting ? c.save() : std::string();
  // The fresh record is not worth storing: the page restores the stored one after start.
  game.last_record = c.practice_record();
  web::listen(game);

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
    web::tell_page("{\"type\":\"options\"}");
  };
  web::run_frames();  // never returns
}
