// The page's C functions for practice (web/js/practice.js; the controller's practice door),
// beside web_main.cpp.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <span>
#include <string>

#include "platform/web_page.h"

using namespace reversi;
using namespace reversi::web;

extern "C" {

// Each returns "" when done, otherwise why not (nothing changed): give_status.
// Every practice call may change the record (a puzzle seen, a reset, a restore).
#define REVERSI_NEED_GAME \
  ui::Controller* const c = page_controller(); \
  if (!c) return give_not_started(); \
  touch_practice_record()

// The puzzle set (data/puzzles.bin, fetched by the page the first time Practice opens):
// `size` bytes at `bytes` (the page's _malloc). A corrupt or foreign file: why, nothing changed.
EMSCRIPTEN_KEEPALIVE const char* web_practice_load(const std::uint8_t* bytes, int size) {
  REVERSI_NEED_GAME;
  if (!bytes || size <= 0) return give("the puzzle file is empty");
  return give_status(c->set_puzzles(std::span<const std::uint8_t>(bytes, std::size_t(size))));
}
EMSCRIPTEN_KEEPALIVE const char* web_practice_next() {
  REVERSI_NEED_GAME;
  restart_failed_ai();
  return give_status(c->practice_next());
}
EMSCRIPTEN_KEEPALIVE const char* web_practice_daily(const char* date) {
  REVERSI_NEED_GAME;
  restart_failed_ai();
  return give_status(c->practice_daily(date ? date : ""));
}
EMSCRIPTEN_KEEPALIVE const char* web_practice_mistakes() {
  REVERSI_NEED_GAME;
  restart_failed_ai();
  return give_status(c->practice_mistakes());
}
// The mistakes kept by the reviews of the player's games (their lines, newest first).
EMSCRIPTEN_KEEPALIVE const char* web_practice_kept_mistakes(const char* collection) {
  REVERSI_NEED_GAME;
  restart_failed_ai();
  return give_status(c->practice_kept_mistakes(collection ? collection : ""));
}
EMSCRIPTEN_KEEPALIVE const char* web_practice_trainer() {
  REVERSI_NEED_GAME;
  restart_failed_ai();
  return give_status(c->practice_trainer());
}
EMSCRIPTEN_KEEPALIVE const char* web_practice_hint() {
  REVERSI_NEED_GAME;
  return give_status(c->practice_hint());
}
EMSCRIPTEN_KEEPALIVE const char* web_practice_play_out() {
  REVERSI_NEED_GAME;
  restart_failed_ai();
  return give_status(c->practice_play_out());
}
EMSCRIPTEN_KEEPALIVE const char* web_practice_skip() {
  REVERSI_NEED_GAME;
  return give_status(c->practice_skip());
}
EMSCRIPTEN_KEEPALIVE void web_practice_leave() {
  if (ui::Controller* c = page_controller()) c->leave_practice();
}
// The player's record as one line (the page stores it in localStorage).
EMSCRIPTEN_KEEPALIVE const char* web_practice_record() {
  ui::Controller* c = page_controller();
  return give(c ? c->practice_record() : "");
}
// A stored record; corrupt: why, and the record starts fresh.
EMSCRIPTEN_KEEPALIVE const char* web_practice_restore(const char* text) {
  REVERSI_NEED_GAME;
  return give_status(c->restore_practice_record(text ? text : ""));
}
EMSCRIPTEN_KEEPALIVE void web_practice_reset() {
  ui::Controller* c = page_controller();
  if (!c) return;
  touch_practice_record();
  c->reset_practice_record();
}
#undef REVERSI_NEED_GAME

}  // extern "C"
