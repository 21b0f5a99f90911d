// The page's frame loop: the browser calls frame() before each repaint while something
// moves, and the loop rests (paused, with a timer for what is due by the clock) while
// nothing does (issue 44); an event, a worker's reply or the page's call wakes it
// (wake_frames). A frame hands the events to SdlApp, draws when the picture changed, and
// when the controller's revision() moved, saves and tells the page its state changed.
// Part of the page's program (web_game.h).
#include <emscripten/emscripten.h>
#include <emscripten/eventloop.h>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <string>

#include "core/json.h"
#include "platform/web_game.h"

using namespace reversi;
using namespace reversi::web;

namespace {

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
      tell_page("{\"type\":\"state\"}");
    }
  }
  const std::string failure = g.ai->failure();
  if (!failure.empty() && failure != g.reported_failure) {
    g.reported_failure = failure;
    tell_page("{\"type\":\"error\",\"message\":" + json_string(failure) + "}");
  }
  if (!g.first_frame_done && g.draws > 0) {
    g.first_frame_done = true;
    tell_page("{\"type\":\"ready\"}");
  }
  g.in_frame = false;
  rest(g, now);
}

}  // namespace

namespace reversi::web {

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

void run_frames() {
  SDL_AddEventWatch(wake_on_event, nullptr);
  watch_page_size();
  // Never returns: the browser calls frame() before each repaint while the loop runs.
  emscripten_set_main_loop(frame, 0, 1);
  __builtin_unreachable();
}

}  // namespace reversi::web

// ---- window.reversi: the loop --------------------------------------------------------------
extern "C" {

// A frame soon: the page is about to call a function that may change what the program shows
// (program.js wraps every one but the reads: the clock is then current for it, see
// wake_frames), or its size changed (watch_page_size).
EMSCRIPTEN_KEEPALIVE void web_wake() { reversi::web::wake_frames(); }

// Frame statistics: {"frames":n,"draws":n,"drawMsAvg":x,"drawMsMax":x}.
EMSCRIPTEN_KEEPALIVE const char* web_frame_stats() {
  if (!g_game) return give("null");
  char out[160];
  std::snprintf(out, sizeof out, "{\"frames\":%llu,\"draws\":%llu,\"drawMsAvg\":%.2f,\"drawMsMax\":%.2f}",
                (unsigned long long)g_game->frames, (unsigned long long)g_game->draws,
                g_game->draws ? g_game->draw_ms_total / double(g_game->draws) : 0.0, g_game->draw_ms_max);
  return give(out);
}

}  // extern "C"
