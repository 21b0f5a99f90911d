// The AI as a Web Worker program (-sBUILD_AS_WORKER=1): the page calls these
// exported functions with emscripten_call_worker, each runs to completion and
// answers once with emscripten_worker_respond. The search runs here, so the page
// keeps drawing while the engine thinks; there are no threads and no shared
// memory, so the page works from any static host without special headers.
//
// A search cannot be interrupted from outside (no shared stop flag): it stops at
// its own time budget, and the page abandons a search it no longer wants by
// terminating this worker and starting a fresh one (web_ai_client.cpp).
#include <emscripten/emscripten.h>

#include <chrono>
#include <string>
#include <string_view>

#include "core/square.h"
#include "engine/player.h"
#include "platform/web_ai_protocol.h"

namespace {

using namespace reversi;

void respond(const std::string& text) {
  // emscripten_worker_respond copies the bytes into the message it posts.
  emscripten_worker_respond(const_cast<char*>(text.data()), int(text.size()));
}

web::WorkerReply run(const web::WorkerRequest& request) {
  web::WorkerReply reply;
  reply.id = request.id;
  SearchLimits limits;
  limits.depth = request.depth;
  limits.endgame_empties = request.endgame_empties;
  limits.time_ms = request.time_ms;
  limits.nodes = request.nodes;
  const auto start = std::chrono::steady_clock::now();
  auto result = choose_with(request.player, request.seed, request.position, limits);
  if (!result) {
    reply.error = result.error();
    return reply;
  }
  reply.result = std::move(*result);
  if (reply.result.time_ms == 0) {
    reply.result.time_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  }
  return reply;
}

}  // namespace

extern "C" {

// Answers with the players this worker can run; the page uses it to know the
// worker has loaded.
EMSCRIPTEN_KEEPALIVE void ai_hello(char*, int) { respond(web::encode_players(player_list())); }

// Chooses a move: request and reply as in web_ai_protocol.h.
EMSCRIPTEN_KEEPALIVE void ai_choose(char* data, int size) {
  auto request = web::decode_request(std::string_view(data ? data : "", data ? size_t(size) : 0));
  if (!request) {
    web::WorkerReply reply;
    reply.error = "bad request to the AI worker: " + request.error();
    respond(web::encode(reply));
    return;
  }
  respond(web::encode(run(*request)));
}

}  // extern "C"
