// The opening explorer as a Web Worker program (explorer-worker.js/.wasm, web.cmake):
// the expert-game database (core/game_database.h) held in this worker's memory, and
// the queries of the page's explorer panel and API (web/js/explorer.js) answered
// with the JSON of core/explorer_json.h. Not part of the first visit's download:
// the page starts this worker the first time the explorer is opened.
//
// The worker's JavaScript (web/explorer-worker-pre.js) fetches expert-games.bin
// with progress, copies it into this module's memory, calls explorer_load and
// frees the copy; then each message from the page is one call below, answered at
// once (a query takes about a millisecond). Every answer is JSON; a failure is
// {"error":"..."} with a message for people.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <span>
#include <string>

#include "core/explorer_json.h"
#include "core/game_database.h"
#include "core/game_text.h"
#include "core/notation.h"
#include "core/opening_names.h"

namespace {

using namespace reversi;

std::optional<GameDatabase>& database() {
  static std::optional<GameDatabase> instance;
  return instance;
}

// The last answer: valid until the next call (the JavaScript copies it at once).
std::string& answer() {
  static std::string text;
  return text;
}

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') { out += '\\'; out += c; }
    else if (u < 0x20) { char buf[8]; std::snprintf(buf, sizeof buf, "\\u%04x", u); out += buf; }
    else out += c;
  }
  return out + "\"";
}

const char* reply(std::string text) {
  answer() = std::move(text);
  return answer().c_str();
}

const char* error(const std::string& message) { return reply("{\"error\":" + json_string(message) + "}"); }

// The game of `start` (a board string with the side to move, "" the standard start)
// and `moves` (a transcript played from it), or of one game text in `moves` (a
// transcript, board string or GGF; core/game_text.h) when `start` is "".
Expected<Game> game_of(std::string_view start, std::string_view moves) {
  if (trim(start).empty()) {
    if (trim(moves).empty()) return make_game(GameText{});
    const auto parsed = parse_game_text(moves);
    if (!parsed) return Error{parsed.error()};
    return make_game(*parsed);
  }
  const auto board = parse_board_string(start);
  if (!board) return Error{"start: " + board.error()};
  GameText text;
  text.format = GameTextFormat::Board;
  text.start = *board;
  const auto squares = parse_transcript(moves, *board);
  if (!squares) return Error{squares.error()};
  text.moves = *squares;
  return make_game(text);
}

}  // namespace

extern "C" {

// Parses the database (the file's bytes at `bytes`); the caller frees them after.
EMSCRIPTEN_KEEPALIVE const char* explorer_load(const std::uint8_t* bytes, int size) {
  database().reset();
  auto db = GameDatabase::parse(std::span<const std::uint8_t>(bytes, std::size_t(size)), "expert games");
  if (!db) return error(db.error());
  database().emplace(std::move(*db));
  return reply("{\"games\":" + std::to_string(database()->size()) +
               ",\"firstYear\":" + std::to_string(database()->first_year()) +
               ",\"lastYear\":" + std::to_string(database()->last_year()) +
               ",\"memoryBytes\":" + std::to_string(database()->memory_bytes()) + "}");
}

// The experts' moves from the position after `moves` from `start` (game_of), with the opening's name.
EMSCRIPTEN_KEEPALIVE const char* explorer_explore(const char* start, const char* moves) {
  if (!database()) return error("the expert games are not loaded");
  const auto game = game_of(start, moves);
  if (!game) return error("position: " + game.error());
  const OpeningNames& names = OpeningNames::standard();
  const Opening* opening = nullptr;
  if (game->start() == Position::initial()) {
    if (const auto m = names.name_of(game->moves())) opening = m->opening;
  } else {
    opening = names.at(game->position());
  }
  return reply(explore_json(database()->statistics(game->position()), opening));
}

// The games matching the filters given ("" or year 0: not filtered), the first `limit`.
EMSCRIPTEN_KEEPALIVE const char* explorer_games(const char* player, const char* tournament, int year,
                                                const char* start, const char* position, int limit) {
  if (!database()) return error("the expert games are not loaded");
  GameFilter filter;
  if (*player) filter.player = std::string(player);
  if (*tournament) filter.tournament = std::string(tournament);
  if (year) filter.year = year;
  if (*position || *start) {
    const auto game = game_of(start, position);
    if (!game) return error("position: " + game.error());
    filter.position = game->position();
  }
  const auto found = database()->games(filter);
  if (!found) return error(found.error());
  return reply(games_json(*database(), *found, std::size_t(limit < 0 ? 0 : limit)));
}

// Game `number` (1-based): {"number":N,...,"moves":"f5d6.."}.
EMSCRIPTEN_KEEPALIVE const char* explorer_game(double number) {
  if (!database()) return error("the expert games are not loaded");
  if (!(number >= 1 && number <= 4294967295.0) || number != double(std::uint32_t(number)))
    return error("game: not a game number (1.." + std::to_string(database()->size()) + ")");
  const auto g = database()->game(std::uint32_t(number));
  if (!g) return error(g.error());
  return reply("{\"number\":" + std::to_string(g->number) + ",\"year\":" + std::to_string(g->year) +
               ",\"tournament\":" + json_string(g->tournament) + ",\"black\":" + json_string(g->black) +
               ",\"white\":" + json_string(g->white) + ",\"blackDiscs\":" + std::to_string(g->black_discs) +
               ",\"theoreticalBlack\":" + std::to_string(g->theoretical_black) +
               ",\"moves\":" + json_string(to_transcript(g->moves)) + "}");
}

}  // extern "C"
