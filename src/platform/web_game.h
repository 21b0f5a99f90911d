// The page's program as its files share it (web_main.cpp starts it, web_frame.cpp runs its
// frames, web_canvas.cpp sizes its canvas, web_saves.cpp keeps the game and the record,
// web_events.cpp tells the page, web_game_api.cpp, web_analysis.cpp and web_computer.cpp
// are window.reversi's C functions); the files of the other sessions (web_explorer.cpp,
// web_history.cpp, web_practice.cpp) need only platform/web_page.h.
#pragma once

#include <SDL.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/player.h"
#include "platform/web_ai_client.h"
#include "platform/web_page.h"
#include "ui/controller.h"
#include "ui/sdl_app.h"

namespace reversi::web {

struct WebGame {
  SDL_Window* window = nullptr;
  SDL_Renderer* renderer = nullptr;
  WebAiClient* ai = nullptr;  // owned by the controller
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


// The program once main() made it; null before (a call that early).
extern WebGame* g_game;

// The canvas (web_canvas.cpp): the window's size changed since the last frame; the
// drawing buffer set to the canvas's CSS box times devicePixelRatio (true when it changed).
bool viewport_changed(WebGame& g);
bool sync_canvas_size(WebGame& g);
// What the page keeps (web_saves.cpp), after a frame: the game when it changed, the practice
// record when it may have.
void persist(WebGame& g);
void persist_record(WebGame& g);
// The controller's listeners, which tell the page each move, refusal, game kept, judgement
// and result (web_events.cpp).
void listen(WebGame& g);
// The frame loop (web_frame.cpp): starts it, never returns.
[[noreturn]] void run_frames();

// Messages, one a line.
inline std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& line : lines) out += (out.empty() ? "" : "\n") + line;
  return out;
}

}  // namespace reversi::web

// A fresh AI worker and the computer asks again (web_computer.cpp).
extern "C" void web_retry_ai();
