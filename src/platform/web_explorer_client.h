// ui::ExplorerClient for the page (the desktop's is thread_explorer_client.h, beside it):
// the expert-game database lives in its own Web Worker (explorer-worker.js/.wasm,
// explorer_worker.cpp), started the first time the explorer is opened or asked, never
// part of the first visit. The worker fetches the 9.8 MB file with progress and parses
// it; each question then goes to it as text (core/explorer_protocol.h) and its answer
// comes back on the main thread (web_explorer_answer), to be taken by poll().
//
// Questions asked while the database loads wait here and go out once it is in. A worker
// that cannot start, a file that cannot be fetched or read, or a worker that stops puts
// the client into Failed: every waiting question is answered with the reason, the worker
// ends, and start() (the explorer opened again) begins afresh.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ui/explorer_client.h"

namespace reversi::web {

class WebExplorerClient final : public ui::ExplorerClient {
 public:
  WebExplorerClient();
  ~WebExplorerClient() override;
  WebExplorerClient(const WebExplorerClient&) = delete;
  WebExplorerClient& operator=(const WebExplorerClient&) = delete;

  void start() override;
  ui::ExplorerLoad load() const override { return load_; }
  std::uint64_t request(ExplorerRequest request) override;
  std::vector<ExplorerReply> poll() override;

  // From the worker, through the exported functions below.
  void progress(double loaded, double total);
  void loaded(std::uint32_t games);
  void failed(const std::string& why);
  void answer(std::string_view text);

 private:
  void fail_waiting(const std::vector<ExplorerRequest>& questions, const std::string& why);

  ui::ExplorerLoad load_;
  std::vector<ExplorerRequest> waiting_;  // until the database is in
  std::vector<ExplorerRequest> sent_;     // out to the worker, unanswered
  std::vector<ExplorerReply> answers_;
  std::uint64_t next_id_ = 1;
};

}  // namespace reversi::web
