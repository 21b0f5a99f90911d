// What the page keeps: the game (Controller::save, in localStorage) whenever it changed,
// the practice record when it may have, and the start-up's problems with the saved game
// and the link's options. Part of the page's program (web_game.h).
#include <emscripten/emscripten.h>

#include <string>

#include "core/json.h"
#include "platform/web_game.h"

using namespace reversi;

namespace reversi::web {

void persist(WebGame& g) {
  std::string saved = g.controller->save();
  if (saved == g.last_saved) return;
  g.last_saved = saved;
  tell_page("{\"type\":\"save\",\"data\":" + json_string(saved) + "}");
}

// The practice record (rating, history, streaks, seen puzzles) goes to the page's storage
// whenever it changes: an answer, a reset, a restore (web/js/practice.js keeps it).
void persist_record(WebGame& g) {
  if (!g.record_touched) return;
  g.record_touched = false;
  std::string record = g.controller->practice_record();
  if (record == g.last_record) return;
  g.last_record = record;
  tell_page("{\"type\":\"practice-record\",\"data\":" + json_string(record) + "}");
}

void touch_practice_record() {
  if (g_game) g_game->record_touched = true;
}

}  // namespace reversi::web

// ---- window.reversi: saves -----------------------------------------------------------------
using namespace reversi::web;

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* web_save() { return give(g_game && g_game->controller ? g_game->controller->save() : ""); }

EMSCRIPTEN_KEEPALIVE const char* web_restore(const char* text) {
  if (!g_game || !g_game->controller) return give_not_started();
  Status status = g_game->controller->restore(text ? text : "");
  return give_status(status);
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

}  // extern "C"
