#include "platform/web_ai_client.h"

#include <emscripten/emscripten.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string_view>

#include "engine/human_player.h"
#include "engine/level.h"
#include "platform/web_ai_protocol.h"

namespace reversi::web {
namespace {

// One client per page; the C callbacks find it here.
WebAiClient* g_client = nullptr;

// How long a worker may take to load and answer "hello" before the page says so.
constexpr double kLoadTimeoutMs = 30000;
// Grace on top of a search's own time budget before silence counts as a hang
// (the levels keep to their budgets within a few percent, tools/budget-check.cpp),
// and the budget assumed for players without one (the classic players: depth
// bounded, a few milliseconds in WebAssembly).
constexpr double kReplyGraceMs = 5000;
constexpr double kClassicBudgetMs = 5000;

std::string seconds(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", ms / 1000);
  return text;
}

// Packs (generation) into the callback's void* argument.
void* as_arg(std::uint64_t value) { return reinterpret_cast<void*>(static_cast<std::uintptr_t>(value)); }
std::uint64_t from_arg(void* arg) { return static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(arg)); }

void hello_callback(char* data, int size, void* arg) {
  if (g_client) g_client->on_hello(int(from_arg(arg)), data, size);
}

void choose_callback(char* data, int size, void* arg) {
  if (g_client) g_client->on_reply(from_arg(arg), data, size);
}

void openings_callback(char* data, int size, void* arg) {
  if (g_client) g_client->on_openings(int(from_arg(arg)), data, size);
}

// Called for each provisional reply of a slice and for its last one.
void analysis_callback(char* data, int size, void* arg) {
  if (g_client) g_client->on_analysis_reply(from_arg(arg), data, size);
}

}  // namespace
}  // namespace reversi::web

// Errors raised by the Worker object itself (script missing, uncaught exception or
// wasm trap inside the worker). emscripten_create_worker sets only onmessage.
extern "C" EMSCRIPTEN_KEEPALIVE void web_ai_worker_error(int generation, char* message) {
  if (reversi::web::g_client) reversi::web::g_client->on_worker_error(generation, message ? message : "");
  std::free(message);
}

EM_JS(void, watch_worker_errors, (int handle, int generation), {
  var info = Browser.workers[handle];
  if (!info) return;
  // The threaded worker shares its searches' stop flag (ai_worker.cpp); signal_worker_stop sets it.
  info.worker.addEventListener('message', function(event) {
    if (event.data && event.data['reversiStop']) info.reversiStop = event.data['reversiStop'];
  });
  info.worker.onerror = function(event) {
    if (event && event.preventDefault) event.preventDefault();
    var text = (event && event.message) ? event.message : 'the AI worker failed to load or stopped';
    if (event && event.filename) text += ' (' + event.filename.split('/').pop() + ':' + (event.lineno || 0) + ')';
    var length = lengthBytesUTF8(text) + 1;
    var buffer = _malloc(length);
    stringToUTF8(text, buffer, length);
    _web_ai_worker_error(generation, buffer);
  };
});

// The worker the page chose (web/js/ai-build.js: the threaded one on a cross-origin
// isolated page, with ?threads=N), read at each start so that a new choice in Settings
// takes effect with the next worker; null: the one the game was made with.
EM_JS(char*, page_ai_worker_url, (), {
  var url = Module['reversiAiUrl'];
  if (!url) return 0;
  var length = lengthBytesUTF8(url) + 1;
  var buffer = _malloc(length);
  stringToUTF8(url, buffer, length);
  return buffer;
});

// Stops the threaded worker's search at once (its threads end within milliseconds, and the
// termination that follows finds the worker idle); nothing for the single-thread worker.
EM_JS(void, signal_worker_stop, (int handle), {
  var info = Browser.workers[handle];
  var stop = info && info.reversiStop;
  if (stop) Atomics.store(new Uint8Array(stop['memory'].buffer), stop['address'], 1);
});

namespace reversi::web {

WebAiClient::WebAiClient(std::string worker_url) : url_(std::move(worker_url)) {
  g_client = this;
  start_worker();
}

WebAiClient::~WebAiClient() {
  stop_worker();
  if (g_client == this) g_client = nullptr;
}

void WebAiClient::start_worker() {
  ++generation_;
  loaded_ = false;
  created_ms_ = emscripten_get_now();
  if (char* url = page_ai_worker_url()) {
    url_ = url;
    std::free(url);
  }
  handle_ = emscripten_create_worker(url_.c_str());
  watch_worker_errors(handle_, generation_);
  emscripten_call_worker(handle_, "ai_hello", nullptr, 0, hello_callback, as_arg(std::uint64_t(generation_)));
  send_openings();  // before any request
}

void WebAiClient::send_openings() {
  if (handle_ < 0 || openings_ == Openings::None) return;
  emscripten_call_worker(handle_, "ai_human_openings", reinterpret_cast<char*>(openings_bytes_.data()),
                         int(openings_bytes_.size()), openings_callback, as_arg(std::uint64_t(generation_)));
}

void WebAiClient::give_human_openings(std::vector<std::uint8_t> bytes) {
  if (openings_ != Openings::None) return;  // in, or being read
  openings_bytes_ = std::move(bytes);
  openings_ = Openings::Checking;
  send_openings();  // without a worker (hidden page, failure): the next one gets them
}

void WebAiClient::human_openings_failed(const std::string& why) {
  if (!waiting_openings_) return;
  // As a worker that failed: the page shows why, with Retry (restart(): asked again, downloaded again).
  fail(why);
}

void WebAiClient::on_openings(int generation, const char* data, int size) {
  // Every worker reads them; the first reading decides (a later worker's is the same).
  if (generation != generation_ || openings_ != Openings::Checking) return;
  const std::string error(data ? data : "", data ? std::size_t(size) : 0);
  if (error.empty()) {
    openings_ = Openings::Ready;
    if (waiting_openings_) {
      waiting_openings_ = false;
      if (!suspended_ && current_id_ != 0 && !ready_) post_request();
    }
  } else {
    openings_ = Openings::None;
    openings_bytes_.clear();
    openings_bytes_.shrink_to_fit();
    // A waiting request stays until the page says why, in its language (human_openings_failed).
  }
  wake();
  if (openings_read_) openings_read_(error);
}

void WebAiClient::stop_worker() {
  if (handle_ >= 0) {
    signal_worker_stop(handle_);
    emscripten_destroy_worker(handle_);
  }
  handle_ = -1;
  in_flight_ = false;
  analysis_.lost();  // its slice goes again, to the next worker
}

void WebAiClient::fail(const std::string& message) {
  if (!failure_.empty()) return;
  failure_ = message;
  waiting_openings_ = false;
  stop_worker();
  if (current_id_ != 0) {
    // The controller hears about it through the reply to its request.
    ready_ = ui::AiReply{current_id_, message, {}};
  }
  if (auto snapshot = analysis_.fail(message)) analysis_ready_ = std::move(snapshot);
  wake();
}

void WebAiClient::simulate_crash(const std::string& why) { fail(why); }

void WebAiClient::restart() {
  stop_worker();
  failure_.clear();
  current_id_ = 0;
  waiting_openings_ = false;
  ready_.reset();
  if (suspended_) return;  // resume() starts the worker
  start_worker();
  send_slice();  // an analysis that was running goes on in the new worker
}

double WebAiClient::watchdog_ms(const std::string& player, double time_ms) {
  double budget = time_ms > 0 ? time_ms : level_time_budget_ms(player);
  if (budget <= 0) budget = kClassicBudgetMs;
  return budget + kReplyGraceMs;
}

void WebAiClient::on_hello(int generation, const char* data, int size) {
  if (generation != generation_) return;
  wake();  // the watchdog's next deadline changed
  loaded_ = true;
  load_ms_ = emscripten_get_now() - created_ms_;
  worker_players_ = decode_players(std::string_view(data ? data : "", data ? std::size_t(size) : 0));
}

void WebAiClient::on_worker_error(int generation, const std::string& message) {
  if (generation != generation_) return;
  fail(message);
}

std::uint64_t WebAiClient::request(const ui::AiRequest& request) {
  const std::uint64_t id = next_id_++;
  if (!failure_.empty()) {
    // No worker to ask: answer at once with the failure so the controller shows it.
    current_id_ = id;
    ready_ = ui::AiReply{id, failure_, {}};
    wake();  // there for poll(): a resting front end takes it
    return id;
  }
  if (in_flight_) {
    // The worker is busy with a search nobody wants any more: replace it.
    stop_worker();
    start_worker();
  }
  current_id_ = id;
  ready_.reset();
  ui::AiRequest message = request;
  message.id = id;
  request_text_ = encode(message);
  request_time_ms_ = watchdog_ms(request.player, request.limits.time_ms);
  waiting_openings_ = is_human_player_name(request.player) && openings_ != Openings::Ready;
  if (waiting_openings_) {
    // It goes out once a worker has read them (on_openings); the page downloads them.
    if (openings_ == Openings::None && need_openings_) need_openings_();
    return id;
  }
  if (!suspended_) post_request();  // else resume() sends it
  return id;
}

void WebAiClient::post_request() {
  emscripten_call_worker(handle_, "ai_choose", request_text_.data(), int(request_text_.size()), choose_callback,
                         as_arg(current_id_));
  in_flight_ = true;
  // The worker answers in order: the move may wait for the analysis slice it is running.
  budget_ms_ = request_time_ms_ + (analysis_.in_flight() ? SlicedAnalysis::kSliceMs : 0);
  sent_ms_ = emscripten_get_now();
}

void WebAiClient::suspend() {
  if (suspended_) return;
  suspended_ = true;
  if (handle_ >= 0) stop_worker();  // the request stays current; the analysis' slice is lost and goes again
  loaded_ = false;
}

void WebAiClient::resume() {
  if (!suspended_) return;
  suspended_ = false;
  if (!failure_.empty()) return;  // the page shows the failure and its Retry, as before
  start_worker();
  if (current_id_ != 0 && !ready_ && !waiting_openings_) post_request();
  send_slice();
}

void WebAiClient::on_reply(std::uint64_t id, const char* data, int size) {
  wake();
  in_flight_ = false;
  send_slice();  // the analysis waited for the move
  if (id != current_id_) return;  // stale: superseded or cancelled
  // The reply as the worker sent it (the move is checked where it is played:
  // Controller::handle_reply), or why it could not be read.
  auto reply = decode_reply(std::string_view(data ? data : "", data ? std::size_t(size) : 0));
  if (reply) {
    reply->id = id;
    ready_ = std::move(*reply);
  } else {
    ready_ = ui::AiReply{id, reply.error(), {}};
  }
}

WebAiClient::Deadline WebAiClient::deadline() const {
  constexpr double none = std::numeric_limits<double>::infinity();
  if (!failure_.empty() || suspended_) return {none, 0};
  if (!loaded_) return {created_ms_ + kLoadTimeoutMs, 0};
  // The clock for a hang starts once the worker is up (loading has its own limit).
  const double up = created_ms_ + load_ms_;
  Deadline d{none, 0};
  if (in_flight_) d = {std::max(sent_ms_, up) + budget_ms_, budget_ms_};
  if (analysis_.in_flight()) {
    const double slice_at = std::max(slice_sent_ms_, up) + SlicedAnalysis::kSliceMs + kReplyGraceMs;
    if (slice_at < d.at) d = {slice_at, SlicedAnalysis::kSliceMs + kReplyGraceMs};
  }
  return d;
}

std::optional<ui::AiReply> WebAiClient::poll() {
  if (const Deadline d = deadline(); emscripten_get_now() > d.at) {
    if (!loaded_) fail("it did not start within " + seconds(kLoadTimeoutMs) + " (" + url_ + ")");
    else fail("it did not answer within " + seconds(d.silence_ms));
  }
  if (!ready_ || ready_->id != current_id_) return std::nullopt;
  std::optional<ui::AiReply> out = std::move(ready_);
  ready_.reset();
  current_id_ = 0;
  return out;
}

void WebAiClient::cancel() {
  if (in_flight_ && failure_.empty()) {
    stop_worker();
    start_worker();
  }
  current_id_ = 0;
  waiting_openings_ = false;
  ready_.reset();
  send_slice();
}

std::uint64_t WebAiClient::request_analysis(const ui::AnalysisRequest& request) {
  const std::uint64_t id = next_id_++;
  analysis_ready_.reset();
  analysis_.start(id, request);
  if (!failure_.empty()) {
    analysis_ready_ = analysis_.fail(failure_);  // no worker to ask
    wake();
    return id;
  }
  send_slice();
  return id;
}

void WebAiClient::send_slice() {
  if (!failure_.empty() || suspended_ || handle_ < 0 || in_flight_) return;  // a move goes first
  auto slice = analysis_.next_slice();
  if (!slice) return;
  emscripten_call_worker(handle_, "ai_choose", slice->message.data(), int(slice->message.size()),
                         analysis_callback, as_arg(slice->seq));
  slice_sent_ms_ = emscripten_get_now();
}

void WebAiClient::on_analysis_reply(std::uint64_t seq, const char* data, int size) {
  auto snapshot = analysis_.on_reply(seq, std::string_view(data ? data : "", data ? std::size_t(size) : 0));
  if (snapshot) analysis_ready_ = std::move(snapshot), wake();
  send_slice();  // after a slice's last reply: the next one, unless a move waits
}

std::optional<ui::AnalysisSnapshot> WebAiClient::poll_analysis() {
  std::optional<ui::AnalysisSnapshot> out = std::move(analysis_ready_);
  analysis_ready_.reset();
  return out;
}

void WebAiClient::stop_analysis() {
  analysis_.stop();
  analysis_ready_.reset();
}

}  // namespace reversi::web
