// The page's C functions for the player's games kept (web/js/history.js, core/game_archive.h),
// beside web_main.cpp: ids, reading a collection, what the panel shows of them, opening a kept game.
#include <emscripten/emscripten.h>

#include <string>
#include <string_view>
#include <vector>

#include "core/game_archive.h"
#include "core/json.h"
#include "core/notation.h"
#include "platform/web_page.h"
#include "ui/history_panel.h"

using namespace reversi;
using namespace reversi::web;

extern "C" {

// Where the history's ids start (the page's clock in ms times 1000: ids of visits differ).
EMSCRIPTEN_KEEPALIVE void web_history_ids(double next) {
  if (ui::Controller* c = page_controller(); c && next >= 1 && next < 9.0e15) c->set_history_ids(std::uint64_t(next));
}
// A collection (GGF games or transcripts) read: {"games":[entry...],"rejected":[{"index","message"}]}.
EMSCRIPTEN_KEEPALIVE const char* web_history_read(const char* text) {
  const Collection c = read_collection(text ? text : "");
  std::string out = "{\"games\":[";
  for (std::size_t i = 0; i < c.games.size(); ++i) out += (i ? "," : "") + archived_json(c.games[i]);
  out += "],\"rejected\":[";
  for (std::size_t i = 0; i < c.rejected.size(); ++i)
    out += std::string(i ? "," : "") + "{\"index\":" + std::to_string(c.rejected[i].index) +
           ",\"message\":" + json_string(page_error_text(c.rejected[i].error)) + "}";
  return give(out + "]}");
}
// What "Your games" shows of the kept games (their GGF lines, newest first, one a line):
// each one's opponent and result, the results against each computer player, the advice
// and the playing rating (ui/history_panel.h history_summary_json), in the page's language.
EMSCRIPTEN_KEEPALIVE const char* web_history_summary(const char* lines) {
  ui::Controller* c = page_controller();
  if (!c) return give_not_started();
  static ui::HistoryLineCache cache;  // the kept games as read at the last call
  return give(ui::history_summary_json(lines ? lines : "", c->options().lang, c->players(), &cache));
}

// A kept game (its GGF line) on the board again under its id; "" or why not (nothing changed).
EMSCRIPTEN_KEEPALIVE const char* web_history_open(const char* line, double id) {
  ui::Controller* c = page_controller();
  if (!c) return give_not_started();
  if (!(id >= 1 && id < 9.0e15)) return give("not a history id");
  Status status = c->open_archived(line ? line : "", std::uint64_t(id));
  return give_status(status);
}

}  // extern "C"
