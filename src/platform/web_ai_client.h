// ui::AiClient for the browser (the desktop's is thread_ai_client.h, beside it):
// the engine runs in a Web Worker built as its own Emscripten program
// (ai_worker.cpp, -sBUILD_AS_WORKER=1). The controller's request goes out
// encoded as it is (web_ai_protocol.h) with emscripten_call_worker; the reply
// arrives as a callback on the main thread, is decoded and handed to the
// controller by poll(); the controller checks the move's legality before
// playing it (Controller::handle_reply, the one check of a reply).
//
// A worker cannot be interrupted, so superseding or cancelling a running search
// terminates the worker and starts a fresh one (the browser caches its files, so
// this costs a few milliseconds). A worker that fails to load (404, a script that
// does not compile), throws (a wasm trap), or stays silent past its watchdog puts
// the client into failure(), which the page shows with Retry (restart()) and
// "continue as two players"; it is never left hanging silently.
//
// The watchdog: a worker must answer its start-up hello within kLoadTimeoutMs
// (30 s: downloading the engine on a slow connection), and a search within its
// time budget plus 5 s (kReplyGraceMs), counted from when the worker is up. The
// budget is the level's own time per move in the browser (level-1 0.1 s ..
// level-12 2.5 s, level_time_budget_ms), an explicit time limit if the request
// has one, or 5 s for the classic players (no time budget; they answer in
// milliseconds). So level-1 is declared stuck after 5.1 s, level-12 after 7.5 s.
// A move request may wait behind one analysis slice: its watchdog adds a slice.
//
// Analyses run in slices (SlicedAnalysis, sliced_analysis.h): the client sends
// "analyse this position for up to 250 ms more" only while no move is being
// searched, the worker continues its last analysis of the position (its tables
// kept) and answers with provisional improvements and a last reply, and the
// next slice goes out after it. So a move request waits at most one slice, and
// an analysis never terminates the worker. A slice has the same watchdog (its
// 250 ms + kReplyGraceMs).
//
// While the page is hidden (a background tab, a minimised window, a page left for
// another, kept in the back/forward cache) no worker runs: suspend() ends the
// worker and its threads, and resume() starts a fresh one that takes up the move
// or the analysis where the controller left them (a move is asked again, an
// analysis goes on with its next slice). The page's frames stop while it is
// hidden, so a reply would wait unplayed anyway; and a phone keeps a background
// tab longer that does not hold the worker's memory.
//
// The human players' openings (engine/human_player.h) are not in the worker's program: a
// request for a human player waits until the page has given their file's bytes
// (give_human_openings; the client asks for them through its need hook), which every worker
// gets before any request and reads with the one reader (core/human_openings). The first
// reading says whether the file is good (the read hook: "" or why not); a file that cannot
// be downloaded or read fails the waiting request, which the page shows as any failure.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/player.h"
#include "platform/sliced_analysis.h"
#include "ui/ai_client.h"

namespace reversi::web {

class WebAiClient final : public ui::AiClient {
 public:
  explicit WebAiClient(std::string worker_url);
  ~WebAiClient() override;
  WebAiClient(const WebAiClient&) = delete;
  WebAiClient& operator=(const WebAiClient&) = delete;

  std::uint64_t request(const ui::AiRequest& request) override;
  std::optional<ui::AiReply> poll() override;
  void cancel() override;
  bool busy() const override { return current_id_ != 0; }
  std::uint64_t request_analysis(const ui::AnalysisRequest& request) override;
  std::optional<ui::AnalysisSnapshot> poll_analysis() override;
  void stop_analysis() override;
  std::string failure() const override { return failure_; }

  // The worker has answered its start-up "hello" (it loaded and runs).
  bool loaded() const { return loaded_; }
  // Players the worker reported in its hello (empty until loaded).
  const std::vector<PlayerInfo>& worker_players() const { return worker_players_; }
  // Milliseconds the worker took from creation to its hello reply (-1 until then).
  double load_ms() const { return load_ms_; }
  // Forces a failure as if the worker had crashed (used by the page's self-test).
  void simulate_crash(const std::string& why);
  // After a failure: forgets it and starts a fresh worker (the page's Retry). Any
  // request in flight is dropped; the controller asks again.
  void restart();
  // The page is hidden: the worker and its threads end, the request in flight waits.
  void suspend();
  // The page is shown again: a fresh worker takes up the waiting request and analysis.
  void resume();
  bool suspended() const { return suspended_; }
  // The human players' openings file (data/human-openings.bin) as the page downloaded it;
  // nothing when they are already in.
  void give_human_openings(std::vector<std::uint8_t> bytes);
  // The page could not download or read them: a request waiting for them fails with `why`, as a
  // failed worker does (failure(), the page's Retry).
  void human_openings_failed(const std::string& why);
  // Whether a worker has read them (a human player's request then goes out at once).
  bool human_openings_ready() const { return openings_ == Openings::Ready; }
  // Whether a request waits for them and none were given (the need hook was called, perhaps
  // before the page listened: the page asks once it runs).
  bool human_openings_wanted() const { return waiting_openings_ && openings_ == Openings::None; }
  // `need`: a request for a human player waits for the openings (the page downloads them);
  // `read`: the worker has read the file given ("") or could not (why).
  void set_openings_hooks(std::function<void()> need, std::function<void(const std::string&)> read) {
    need_openings_ = std::move(need);
    openings_read_ = std::move(read);
  }
  // Milliseconds of silence after which a search by `player` counts as a hang
  // (its budget + kReplyGraceMs), `time_ms` being the request's own limit or 0.
  static double watchdog_ms(const std::string& player, double time_ms);
  // When the watchdog's next limit passes (emscripten_get_now's clock), or infinity while
  // nothing is awaited (no worker starting, no search, no slice): the page's frame loop,
  // paused while nothing moves, wakes then to run poll(), which declares the hang.
  double next_check_at() const { return deadline().at; }

  // Callbacks from emscripten_call_worker / the worker's onerror (C linkage glue).
  void on_hello(int generation, const char* data, int size);
  void on_reply(std::uint64_t id, const char* data, int size);
  void on_analysis_reply(std::uint64_t seq, const char* data, int size);
  void on_worker_error(int generation, const std::string& message);
  void on_openings(int generation, const char* data, int size);

 private:
  // The watchdog's earliest limit and the silence it allows (the message's figure).
  struct Deadline {
    double at;
    double silence_ms;
  };
  Deadline deadline() const;
  void start_worker();
  void stop_worker();
  void fail(const std::string& message);
  void send_slice();  // the next analysis slice, when no move is being searched
  void post_request();  // sends request_text_ (the current request) to the live worker
  void send_openings();  // the openings given, to the live worker

  std::string url_;
  int handle_ = -1;          // emscripten worker handle, -1 when none
  int generation_ = 0;       // bumped per worker, so late callbacks of a dead one are ignored
  double created_ms_ = 0;
  bool loaded_ = false;
  double load_ms_ = -1;
  std::vector<PlayerInfo> worker_players_;

  std::uint64_t next_id_ = 1;
  bool suspended_ = false;  // the page is hidden: no worker (suspend())

  std::uint64_t current_id_ = 0;   // request awaiting its reply (0 = none)
  std::string request_text_;       // its encoded message, sent again by resume()
  double request_time_ms_ = 0;     // its watchdog budget before any wait for a slice
  bool in_flight_ = false;         // current request was posted to the live worker
  double sent_ms_ = 0;             // when the current request was posted
  double budget_ms_ = 0;           // its watchdog: silence this long after the worker is up is a hang
  std::optional<ui::AiReply> ready_;
  std::string failure_;

  enum class Openings { None, Checking, Ready };  // none given; given, not yet read; read
  Openings openings_ = Openings::None;
  std::vector<std::uint8_t> openings_bytes_;  // the file given (sent to each new worker)
  bool waiting_openings_ = false;             // the current request waits for them
  std::function<void()> need_openings_;
  std::function<void(const std::string&)> openings_read_;

  SlicedAnalysis analysis_;
  double slice_sent_ms_ = 0;                          // when the slice in flight was posted
  std::optional<ui::AnalysisSnapshot> analysis_ready_;  // newest, not yet polled
};

}  // namespace reversi::web
