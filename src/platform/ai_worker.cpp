// The AI as a Web Worker program (-sBUILD_AS_WORKER=1): the page calls these
// exported functions with emscripten_call_worker, each runs to completion and
// answers with emscripten_worker_respond. The search runs here, so the page
// keeps drawing while the engine thinks; there are no threads and no shared
// memory, so the page works from any static host without special headers.
//
// The threaded build of the same file (REVERSI_AI_WORKER_THREADS, ai-worker-threads.js,
// issue 28) is a -pthread program: web/ai-worker-threads-pre.js delivers the same calls
// and reversiRespond posts the same answers, and the searches run on the threads the
// page chose (?threads=N in the worker's URL). Its pool's workers are this worker's
// own: terminating it ends them too.
//
// A search cannot be interrupted from outside (no shared stop flag): it stops at
// its own time budget, and the page abandons a search it no longer wants by
// terminating this worker and starting a fresh one (web_ai_client.cpp).
// Analyses therefore run in slices of a short budget each; the one
// RequestRunner (engine/request.h) keeps the players and the Analyzer with
// their tables between calls, so each slice on the same position continues
// deeper, and a move request queued behind a slice waits at most that slice.
#include <emscripten/emscripten.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "engine/human_player.h"
#include "engine/level.h"
#include "engine/player.h"
#include "engine/request.h"
#include "platform/web_ai_protocol.h"

namespace {

using namespace reversi;

// Provisional analysis replies at most this often: each is a message the page
// decodes on its main thread.
constexpr double kProvisionalEveryMs = 100;

#if REVERSI_AI_WORKER_THREADS
// web/ai-worker-threads-pre.js: the threads from the worker's URL, and the answer posted
// as BUILD_AS_WORKER's emscripten_worker_respond(_provisionally) would post it.
EM_JS(int, url_threads, (), { return Module['reversiThreads'] || 1; });
EM_JS(void, post_answer, (const char* data, int size, int last), { reversiRespond(data, size, last); });

// The searches' stop flag, which the game sets in this worker's shared memory before it
// terminates the worker (web_ai_client.cpp): Chromium ends a worker whose thread is busy, and
// its helper workers, only after a grace of about 2 s, while the search polls this flag and
// returns within milliseconds, leaving nothing running.
std::atomic<bool> g_stop{false};
EM_JS(void, share_stop_flag, (void* address), {
  postMessage({ 'reversiStop': { 'memory': wasmMemory, 'address': address } });
});
const std::atomic<bool>* stop_flag() {
  g_stop.store(false);
  return &g_stop;
}

int threads() {
  static const int count = [] {
    set_search_threads(url_threads());
    share_stop_flag(&g_stop);
    return search_threads();
  }();
  return count;
}

void respond(const std::string& text) { post_answer(text.data(), int(text.size()), 1); }
void respond_provisionally(const std::string& text) { post_answer(text.data(), int(text.size()), 0); }
#else
int threads() { return 1; }
// The single-thread worker is simply terminated (nothing else runs in it).
const std::atomic<bool>* stop_flag() { return nullptr; }

void respond(const std::string& text) {
  // emscripten_worker_respond copies the bytes into the message it posts.
  emscripten_worker_respond(const_cast<char*>(text.data()), int(text.size()));
}

void respond_provisionally(const std::string& text) {
  emscripten_worker_respond_provisionally(const_cast<char*>(text.data()), int(text.size()));
}
#endif

RequestRunner& runner() {
  threads();  // the page's choice, before the first player is made
  static RequestRunner instance;
  return instance;
}

// The request as the page's client made it (decoded, the same MoveRequest).
MoveReply choose(const MoveRequest& request) {
  const auto start = std::chrono::steady_clock::now();
  MoveRequest stoppable = request;
  stoppable.limits.stop = stop_flag();
  MoveReply reply = make_reply(request.id, runner().choose(stoppable));
  if (reply.ok() && reply.result.time_ms == 0) {
    reply.result.time_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  }
  return reply;
}

AnalysisSnapshot analyse(AnalysisRequest request) {
  using Clock = std::chrono::steady_clock;
  Clock::time_point last_sent = Clock::now();
  request.threads = threads();
  request.stop = stop_flag();
  auto result = runner().analyze(request, [&](const AnalysisSnapshot& snapshot) {
    if (std::chrono::duration<double, std::milli>(Clock::now() - last_sent).count() < kProvisionalEveryMs)
      return;
    last_sent = Clock::now();
    AnalysisSnapshot provisional = snapshot;
    provisional.id = request.id;
    respond_provisionally(web::encode(provisional));
  });
  AnalysisSnapshot reply;
  if (result) reply = std::move(*result);
  else reply.error = result.error();
  reply.id = request.id;
  reply.done = true;
  return reply;
}

}  // namespace

extern "C" {

// Answers with the players this worker can run; the page uses it to know the
// worker has loaded.
EMSCRIPTEN_KEEPALIVE void ai_hello(char*, int) {
  runner();
  respond(web::encode_players(player_list()));
}

// Chooses a move, or runs an analysis slice (a message with "type analysis"):
// requests and replies as in web_ai_protocol.h. One entry point for both, so
// the worker's exported functions stay the ones the build lists.
EMSCRIPTEN_KEEPALIVE void ai_choose(char* data, int size) {
  const std::string_view text(data ? data : "", data ? size_t(size) : 0);
  if (web::is_analysis_message(text)) {
    auto request = web::decode_analysis_request(text);
    if (!request) {
      AnalysisSnapshot reply;
      reply.error = "bad request to the AI worker: " + request.error();
      respond(web::encode(reply));
      return;
    }
    respond(web::encode(analyse(*request)));
    return;
  }
  auto request = web::decode_request(text);
  if (!request) {
    MoveReply reply;
    reply.error = "bad request to the AI worker: " + request.error();
    respond(web::encode(reply));
    return;
  }
  respond(web::encode(choose(*request)));
}

// The human players' openings (data/human-openings.bin, which the page downloads the first
// time a human player is chosen; engine/human_player.h): the file's bytes, read here by
// the one reader (core/human_openings). Answers "" once they are in, else why not (a damaged
// file). The game's client sends them to each worker it starts, before any request.
EMSCRIPTEN_KEEPALIVE void ai_human_openings(char* data, int size) {
  const Status status = use_human_openings(
      std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(data), data ? std::size_t(size) : 0),
      "human-openings.bin");
  respond(status ? std::string() : status.error());
}

}  // extern "C"
