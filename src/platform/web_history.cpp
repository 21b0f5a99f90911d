// The page's C functions for the player's games kept (web/js/history.js, core/game_archive.h),
// beside web_main.cpp: ids, reading a collection, the playing rating, opening a kept game.
#include <emscripten/emscripten.h>

#include <string>
#include <string_view>
#include <vector>

#include "core/game_archive.h"
#include "core/json.h"
#include "core/notation.h"
#include "core/parse_number.h"
#include "core/rating.h"
#include "engine/level.h"
#include "platform/web_page.h"

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
// The player's playing rating after each game against a rated computer player: lines
// "PLAYER SCORE" (level-6 1, level-7 0.5, ...) in the order played, others skipped ->
// {"ratings":[{"rating","deviation"}...]} (core/rating.h playing_ratings, engine/level.h level_rating).
EMSCRIPTEN_KEEPALIVE const char* web_playing_rating(const char* text) {
  std::vector<RatingOpponent> games;
  for (const std::string_view line : split(text ? text : "", '\n')) {
    const std::size_t space = line.find(' ');
    if (space == std::string_view::npos) continue;
    const auto rating = level_rating(line.substr(0, space));
    const auto score = parse_double("score", line.substr(space + 1), 0, 1);
    if (rating && score) games.push_back({*rating, kLevelDeviation, *score});
  }
  std::string out = "{\"ratings\":[";
  const auto ratings = playing_ratings(games);
  for (std::size_t i = 0; i < ratings.size(); ++i)
    out += std::string(i ? "," : "") + "{\"rating\":" + json_number(ratings[i].rating, 1) +
           ",\"deviation\":" + json_number(ratings[i].deviation, 1) + "}";
  return give(out + "]}");
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
