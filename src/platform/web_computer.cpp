// The computer player's Web Worker (WebAiClient) as the page handles it: a fresh worker
// after a failure, none while the page is hidden, and its state. Part of the page's
// program (web_game.h).
#include <emscripten/emscripten.h>

#include <cstdio>
#include <string>

#include "core/json.h"
#include "platform/web_game.h"

using namespace reversi;
using namespace reversi::web;

namespace reversi::web {

// Asking for a computer player again after its worker failed starts a fresh worker
// (if it fails again, the page hears of it again).
void restart_failed_ai() {
  if (!g_game || g_game->ai->failure().empty()) return;
  g_game->ai->restart();
  g_game->reported_failure.clear();
}

}  // namespace reversi::web

extern "C" {

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

}  // extern "C"
