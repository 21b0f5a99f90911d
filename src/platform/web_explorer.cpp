// The page's C functions for the opening explorer (web/js/explorer.js), beside
// web_main.cpp: each goes through the controller's ExplorerSession (ui/explorer_session.h)
// and its buttons' rules (ui/explorer_move.h), so the page and the desktop act alike. The
// panel draws from getState().explorer; window.reversi.explore() and games() ask their
// own questions here and hear the answers as "explorer" events.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <map>
#include <string>

#include "core/explorer_json.h"
#include "core/game_text.h"
#include "core/json.h"
#include "core/notation.h"
#include "core/opening_names.h"
#include "core/square.h"
#include "platform/web_page.h"
#include "ui/explorer_move.h"

using namespace reversi;
using namespace reversi::web;

namespace {

// The opening of each position the page asked about (its answer carries the name).
std::map<std::uint64_t, const Opening*>& asked_openings() {
  static std::map<std::uint64_t, const Opening*> openings;
  return openings;
}

std::optional<std::string> text_or_none(const char* s) {
  if (!s || !*s) return std::nullopt;
  return std::string(s);
}

}  // namespace

namespace reversi::web {

void tell_explorer_answers(ui::Controller& c) {
  for (const ExplorerReply& r : c.explorer_take_answers()) {
    const Opening* opening = nullptr;
    if (auto it = asked_openings().find(r.id); it != asked_openings().end()) {
      opening = it->second;
      asked_openings().erase(it);
    }
    std::string event = "{\"type\":\"explorer\",\"id\":" + std::to_string(r.id);
    if (!r.error.message.empty()) event += ",\"error\":" + json_string(page_error_text(r.error));
    else if (r.ask == ExplorerAsk::Moves) event += ",\"result\":" + explore_json(r.statistics, opening);
    else event += ",\"result\":" + games_json(r.games);
    tell_page(event + "}");
  }
}

}  // namespace reversi::web

extern "C" {

// The panel opened (1) or closed (0): opening starts the database's worker the first time.
EMSCRIPTEN_KEEPALIVE void web_explorer_open(int on) {
  if (ui::Controller* c = page_controller()) on ? c->explorer_open() : c->explorer_close();
}

// The panel's search: "" and 0 are not filters; `here`: the games of the position shown.
EMSCRIPTEN_KEEPALIVE void web_explorer_search(const char* player, const char* tournament, int year, int here) {
  ui::Controller* c = page_controller();
  if (!c) return;
  ui::ExplorerSearch s;
  s.player = text_or_none(player);
  s.tournament = text_or_none(tournament);
  if (year > 0) s.year = year;
  s.here = here != 0;
  c->explorer_search(std::move(s));
}

// A move's button: "played", "described" (its figures said and the move highlighted), or why not.
EMSCRIPTEN_KEEPALIVE const char* web_explorer_choose(const char* square) {
  ui::Controller* c = page_controller();
  if (!c) return give_not_started();
  const auto s = parse_square(square ? square : "");
  if (!s) return give("not a square");
  const auto choice = ui::choose_explorer_square(*c, *s);
  if (!choice) return give(page_error_text(choice.failure()));
  return give(*choice == ui::ExplorerChoice::Played ? "played" : "described");
}

// A game of the list replayed (ui::replay_listed_game): "" or why not (nothing changed).
EMSCRIPTEN_KEEPALIVE const char* web_explorer_replay(double number) {
  ui::Controller* c = page_controller();
  if (!c) return give_not_started();
  if (!(number >= 1 && number <= 4294967295.0)) return give("not a game number");
  const Status st = ui::replay_listed_game(*c, std::uint32_t(number));
  return give_status(st);
}

// window.reversi.explore() and games(): a question of its own -> {"id":N}, answered by an
// "explorer" event; or {"error":"..."} at once (a position text that cannot be read).
// `position`: "" none, "*" the position shown, else a game text (transcript, board, GGF).
EMSCRIPTEN_KEEPALIVE const char* web_explorer_ask(int games, const char* player, const char* tournament, int year,
                                                  const char* position, int limit, int newest) {
  ui::Controller* c = page_controller();
  if (!c) return give("{\"error\":" + json_string(give_not_started()) + "}");  // (copied before give() reuses it)
  ExplorerRequest r;
  r.ask = games ? ExplorerAsk::Games : ExplorerAsk::Moves;
  r.filter.player = text_or_none(player);
  r.filter.tournament = text_or_none(tournament);
  if (year > 0) r.filter.year = year;
  r.limit = std::size_t(limit < 0 ? 0 : limit);
  r.newest_first = newest != 0;
  const std::string where = position ? position : "";
  const Opening* opening = nullptr;
  if (where == "*") {
    r.position = c->shown_position();
    opening = c->opening();
  } else if (!trim(where).empty()) {
    const auto text = parse_game_text(where);
    if (!text) return give("{\"error\":" + json_string("position: " + text.error()) + "}");
    const Game game = make_game(*text);
    r.position = game.position();
  }
  if (games && !where.empty()) r.filter.position = r.position;
  const std::uint64_t id = c->explorer_ask(r);
  if (!id) return give("{\"error\":\"the explorer is not available\"}");
  if (!games) asked_openings()[id] = opening;
  return give("{\"id\":" + std::to_string(id) + "}");
}

}  // extern "C"
