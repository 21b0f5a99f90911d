// The page's C functions for the analysis session (the Analyse switch, the review): the
// controller's commands, as web_explorer.cpp and web_practice.cpp are the explorer's and
// practice's. Part of the page's program (web_game.h).
#include <emscripten/emscripten.h>

#include "platform/web_game.h"

using namespace reversi;
using namespace reversi::web;

extern "C" {

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

// Stops the review (the live analysis goes on).
EMSCRIPTEN_KEEPALIVE void web_cancel_review() {
  if (g_game && g_game->controller) g_game->controller->cancel_review();
}

}  // extern "C"
