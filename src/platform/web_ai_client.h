// ui::AiClient for the browser: the engine runs in a Web Worker built as its own
// Emscripten program (ai_worker.cpp, -sBUILD_AS_WORKER=1). Requests go out with
// emscripten_call_worker; the reply arrives as a callback on the main thread and
// is handed to the controller by poll().
//
// A worker cannot be interrupted, so superseding or cancelling a running search
// terminates the worker and starts a fresh one (the browser caches its files, so
// this costs a few milliseconds). A worker that fails to load, throws, or stays
// silent far past its time budget puts the client into failure(), which the page
// shows; it is never left hanging silently.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/player.h"
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
  std::string failure() const override { return failure_; }

  // The worker has answered its start-up "hello" (it loaded and runs).
  bool loaded() const { return loaded_; }
  // Players the worker reported in its hello (empty until loaded).
  const std::vector<PlayerInfo>& worker_players() const { return worker_players_; }
  // Milliseconds the worker took from creation to its hello reply (-1 until then).
  double load_ms() const { return load_ms_; }
  // Forces a failure as if the worker had crashed (used by the page's self-test).
  void simulate_crash(const std::string& why);

  // Callbacks from emscripten_call_worker / the worker's onerror (C linkage glue).
  void on_hello(int generation, const char* data, int size);
  void on_reply(std::uint64_t id, const char* data, int size);
  void on_worker_error(int generation, const std::string& message);

 private:
  void start_worker();
  void stop_worker();
  void fail(const std::string& message);

  std::string url_;
  int handle_ = -1;          // emscripten worker handle, -1 when none
  int generation_ = 0;       // bumped per worker, so late callbacks of a dead one are ignored
  double created_ms_ = 0;
  bool loaded_ = false;
  double load_ms_ = -1;
  std::vector<PlayerInfo> worker_players_;

  std::uint64_t next_id_ = 1;
  std::uint64_t current_id_ = 0;   // request awaiting its reply (0 = none)
  bool in_flight_ = false;         // current request was posted to the live worker
  double deadline_ms_ = 0;         // when silence counts as a hang
  double budget_ms_ = 0;
  Position position_;              // of the current request, to check the reply's move
  std::optional<ui::AiReply> ready_;
  std::string failure_;
};

}  // namespace reversi::web
