// The computer player's Web Worker (WebAiClient) as the page handles it: a fresh worker
// after a failure, none while the page is hidden, and its state. Part of the page's
// program (web_game.h).
#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

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

// The human players' openings (data/human-openings.bin) as the page downloaded them: `size`
// bytes at `bytes` (the page's _malloc, copied here). The worker reads them; the page hears
// the outcome as the event {"type":"human-openings","error":""|why}. Nothing when they are in.
EMSCRIPTEN_KEEPALIVE void web_human_openings(const std::uint8_t* bytes, int size) {
  if (!g_game || !g_game->ai) return;
  g_game->ai->give_human_openings(std::vector<std::uint8_t>(bytes, bytes + (bytes && size > 0 ? size : 0)));
}
// The page could not download them: a request for a human player waiting for them fails
// with `why` (the page's words, in its language), shown as the computer player's failure.
EMSCRIPTEN_KEEPALIVE void web_human_openings_failed(const char* why) {
  if (g_game && g_game->ai) g_game->ai->human_openings_failed(why ? why : "");
}
// 2: they are in; 1: a request for a human player waits for them; 0: neither.
EMSCRIPTEN_KEEPALIVE int web_human_openings_state() {
  if (!g_game || !g_game->ai) return 0;
  return g_game->ai->human_openings_ready() ? 2 : g_game->ai->human_openings_wanted() ? 1 : 0;
}

}  // extern "C"
