// window.reversi's C functions for the game on the board (web/js/program.js, api.js): its
// state, a move, new game and options, undo and redo, a hint, the view of an earlier
// position and a line previewed, load and export, the players. Each is a controller's
// command or read; strings returned stay valid until the next call. Part of the page's
// program (web_game.h); the sessions' are web_analysis.cpp, web_explorer.cpp,
// web_history.cpp and web_practice.cpp.
#include <emscripten/emscripten.h>

#include <string>

#include "core/game_text.h"
#include "core/json.h"
#include "core/notation.h"
#include "engine/human_player.h"
#include "platform/web_game.h"

using namespace reversi;
using namespace reversi::web;

namespace {

// Options as a query string on top of the current ones. With `strict`, any bad
// value rejects the call (window.reversi.newGame throws); otherwise bad values are
// reported and the defaults used. Returns the messages, one a line.
std::string apply_options(const char* query, bool new_game, bool strict) {
  ui::Controller& c = *g_game->controller;
  ui::ParsedOptions parsed = ui::parse_query_string(query ? query : "", g_game->players, c.options());
  if (strict && !parsed.messages.empty()) return join_lines(parsed.messages);
  if (!parsed.options.black.human || !parsed.options.white.human) web::restart_failed_ai();
  if (new_game) c.new_game(parsed.options);
  else c.set_options(parsed.options);
  return join_lines(parsed.messages);
}

}  // namespace

extern "C" {

// The controller's state (Controller::state_json); the page also hears when it changed
// (the "state" event of frame()).
EMSCRIPTEN_KEEPALIVE const char* web_state() {
  if (!g_game || !g_game->controller) return give("null");
  return give(g_game->controller->state_json());
}

// "" when played; otherwise why not (state untouched).
EMSCRIPTEN_KEEPALIVE const char* web_play(const char* square) {
  if (!g_game || !g_game->controller) return give_not_started();
  const std::string text = square ? square : "";
  const auto s = parse_square(text);
  if (!s) return give_status(Error::text("error.play.not_square", "'{square}' is not a square: use a1 .. h8", {{"square", text}}));
  Status status = g_game->controller->play(*s);
  return give_status(status);
}

EMSCRIPTEN_KEEPALIVE const char* web_new_game(const char* query, int strict) {
  if (!g_game || !g_game->controller) return give_not_started();
  return give(apply_options(query, true, strict != 0));
}

EMSCRIPTEN_KEEPALIVE const char* web_set_options(const char* query, int strict) {
  if (!g_game || !g_game->controller) return give_not_started();
  return give(apply_options(query, false, strict != 0));
}

EMSCRIPTEN_KEEPALIVE int web_undo() { return g_game && g_game->controller && g_game->controller->undo(); }
EMSCRIPTEN_KEEPALIVE int web_redo() { return g_game && g_game->controller && g_game->controller->redo(); }

EMSCRIPTEN_KEEPALIVE const char* web_hint() {
  if (!g_game || !g_game->controller) return give_not_started();
  web::restart_failed_ai();
  Status status = g_game->controller->hint();
  return give_status(status);
}

// [{"name":..,"description":.., and for levels "level","depth","exact","webMs", for human
// players "rating","data"}, ...]
// in player_list() order.
EMSCRIPTEN_KEEPALIVE const char* web_players() {
  std::string out = "[";
  if (g_game) {
    for (const PlayerInfo& p : g_game->players) {
      if (out.size() > 1) out += ",";
      out += "{\"name\":" + json_string(p.name) + ",\"description\":" + json_string(p.description);
      if (p.level > 0)
        out += ",\"level\":" + std::to_string(p.level) + ",\"depth\":" + std::to_string(p.depth) +
               ",\"exact\":" + std::to_string(p.exact_empties) + ",\"webMs\":" + std::to_string(int(p.time_ms));
      // A human player's rating, and the file it needs first (downloaded when first chosen).
      if (is_human_player_name(p.name))
        out += ",\"rating\":" + p.name.substr(6) + ",\"data\":\"human-openings.bin\"";
      out += "}";
    }
  }
  return give(out + "]");
}

// Shows the position after `ply` moves without changing the game; "" or why not.
EMSCRIPTEN_KEEPALIVE const char* web_view(int ply) {
  if (!g_game || !g_game->controller) return give_not_started();
  if (ply < 0) return give("move " + std::to_string(ply) + " is not in the game");
  Status status = g_game->controller->view(std::size_t(ply));
  return give_status(status);
}

// Back to the game after view().
EMSCRIPTEN_KEEPALIVE void web_view_live() {
  if (g_game && g_game->controller) g_game->controller->view_live();
}

// A line ("e2f1g1", as a transcript) played from the position shown, up to `step` of its
// moves, on the board without changing the game (state "preview"); "" or why not.
EMSCRIPTEN_KEEPALIVE const char* web_preview_line(const char* line, int step) {
  if (!g_game || !g_game->controller) return give_not_started();
  if (step < 0) return give("there is no step " + std::to_string(step) + " in a line");
  ui::Controller& c = *g_game->controller;
  const auto moves = parse_transcript(line ? line : "", c.shown_position());
  if (!moves) return give_status(Error::text("error.line.text", "the line: {cause}", {}, moves.failure()));
  Status status = c.preview_line(*moves, std::size_t(step));
  return give_status(status);
}

// The position the line starts from again (still viewed).
EMSCRIPTEN_KEEPALIVE void web_end_preview() {
  if (g_game && g_game->controller) g_game->controller->end_preview();
}

// A transcript, a GGF game or a board string becomes the game; "" or why not (nothing changed).
EMSCRIPTEN_KEEPALIVE const char* web_load(const char* text) {
  if (!g_game || !g_game->controller) return give_not_started();
  Status status = g_game->controller->load(text ? text : "");
  return give_status(status);
}

// The game as "transcript", "ggf", "board" or "start" (Controller::export_game); "" for another kind.
EMSCRIPTEN_KEEPALIVE const char* web_export(const char* kind) {
  if (!g_game || !g_game->controller) return give("");
  auto text = g_game->controller->export_game(kind ? kind : "");
  return give(text ? *text : "");
}

}  // extern "C"
