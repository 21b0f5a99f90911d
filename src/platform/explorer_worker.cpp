// The opening explorer's database as a Web Worker program (explorer-worker.js/.wasm,
// web.cmake): the expert-game database (core/game_database.h) held in this worker's
// memory, answering the game's questions (web_explorer_client.cpp, for the controller's
// ExplorerSession) as text (core/explorer_protocol.h) with answer_explorer, the one
// query of every front end. Not part of the first visit's download: the game starts this
// worker the first time the explorer is opened or asked.
//
// The worker's JavaScript (web/explorer-worker-pre.js) fetches expert-games.bin
// with progress, copies it into this module's memory, calls explorer_load and
// frees the copy, then the same with player-ratings.bin (core/player_ratings.h) and
// explorer_load_ratings; then each question is one call of explorer_query, answered at
// once (a query takes about a millisecond).
#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <span>
#include <string>

#include "core/explorer_protocol.h"
#include "core/explorer_query.h"
#include "core/game_database.h"
#include "core/json.h"
#include "core/player_ratings.h"

namespace {

using namespace reversi;

std::optional<GameDatabase>& database() {
  static std::optional<GameDatabase> instance;
  return instance;
}

std::optional<PlayerRatings>& ratings() {
  static std::optional<PlayerRatings> instance;
  return instance;
}

// The last answer: valid until the next call (the JavaScript copies it at once).
std::string& answer() {
  static std::string text;
  return text;
}

const char* reply(std::string text) {
  answer() = std::move(text);
  return answer().c_str();
}

const char* error(const std::string& message) { return reply("{\"error\":" + json_string(message) + "}"); }

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

// Parses the players' ratings (the file's bytes at `bytes`); the caller frees them after.
EMSCRIPTEN_KEEPALIVE const char* explorer_load_ratings(const std::uint8_t* bytes, int size) {
  ratings().reset();
  auto r = PlayerRatings::parse(std::span<const std::uint8_t>(bytes, std::size_t(size)), "player ratings");
  if (!r) return error(r.error());
  ratings().emplace(std::move(*r));
  return reply("{\"ratedPlayers\":" + std::to_string(ratings()->players.size()) + "}");
}

// One question (core/explorer_protocol.h) and its answer, as text; a question that
// cannot be read is answered with the reason under the id the page gave it.
EMSCRIPTEN_KEEPALIVE const char* explorer_query(double id, const char* text) {
  ExplorerReply r;
  auto request = decode_explorer_request(text ? text : "");
  if (!request) {
    r.id = std::uint64_t(id);
    r.error = request.failure();
  } else if (!database()) {
    r.id = request->id;
    r.ask = request->ask;
    r.error = Error{"the expert games are not loaded"};
  } else {
    r = answer_explorer(*database(), *request, ratings() ? &*ratings() : nullptr);
  }
  return reply(encode(r));
}

}  // extern "C"
