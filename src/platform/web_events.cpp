// What the program tells the page (web/js/program.js, onProgramEvent): the controller's
// listeners (a move, a refusal, a game kept, a puzzle judged, a result) as events, and the
// strings window.reversi's C functions hand back. Part of the page's program (web_game.h).
#include <emscripten/emscripten.h>

#include <chrono>
#include <string>

#include "core/json.h"
#include "core/notation.h"
#include "core/rating.h"
#include "platform/web_game.h"
#include "ui/text.h"

using namespace reversi;

namespace {

// Tells the page about something that happened: a JSON object.
EM_JS(void, notify_page, (const char* json), {
  var text = UTF8ToString(json);
  if (Module['reversiEvent']) {
    try { Module['reversiEvent'](JSON.parse(text)); } catch (e) { console.error(e); }
  }
});

std::string g_return;  // storage for strings handed back to JavaScript

}  // namespace

namespace reversi::web {

WebGame* g_game = nullptr;

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
    tell_page("{\"type\":\"rejected\",\"square\":\"" + square_name(square) + "\",\"reason\":\"" +
                 std::string(ui::reject_reason_name(reason)) + "\"}");
  });
  // A game of the player's history told (ended, left unfinished, reviewed): the page keeps it
  // in IndexedDB under its id (web/js/history.js), replacing the entry of the same id.
  c.set_date_source([] {
    return utc_date_text(std::chrono::duration_cast<std::chrono::seconds>(
                             std::chrono::system_clock::now().time_since_epoch()).count());
  });
  c.on_history([](std::uint64_t id, const ArchivedGame& game) {
    tell_page("{\"type\":\"history\",\"id\":" + std::to_string(id) + ",\"entry\":" + archived_json(game) + "}");
  });
  // A puzzle's answer judged (or skipped): the page announces it and emits 'puzzle'.
  c.on_puzzle([](const ui::PuzzleEvent& event) {
    touch_practice_record();
    tell_page("{\"type\":\"puzzle\",\"event\":" + ui::puzzle_event_json(event) + "}");
  });
  c.on_game_over([](Outcome outcome, int black, int white) {
    const char* result = outcome == Outcome::BlackWins ? "black" : outcome == Outcome::WhiteWins ? "white" : "draw";
    std::string json = "{\"type\":\"gameover\",\"result\":\"" + std::string(result) +
                       "\",\"black\":" + std::to_string(black) + ",\"white\":" + std::to_string(white) + "}";
    notify_page(json.c_str());
  });
}

}  // namespace reversi::web
