// The canvas the board is drawn into: its drawing buffer kept equal to its CSS box times
// devicePixelRatio, and where the board's squares are in it (for the page's grid, the tests
// and embedders). Part of the page's program (web_game.h).
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>

#include <cmath>
#include <cstdio>

#include "core/notation.h"
#include "platform/web_game.h"

using namespace reversi;

namespace {

EM_JS(int, viewport_width, (), { return window.innerWidth | 0; });
EM_JS(int, viewport_height, (), { return window.innerHeight | 0; });

}  // namespace

namespace reversi::web {

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

}  // namespace reversi::web

// ---- window.reversi: the board's place on the canvas -------------------------------------
using namespace reversi::web;

extern "C" {

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

}  // extern "C"
