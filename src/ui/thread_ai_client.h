// The desktop AiClient: the engine runs on one background thread so the window
// keeps drawing. Players are created once per name and reused, so a searcher
// keeps its tables between moves.
#pragma once

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "ui/ai_client.h"

namespace reversi::ui {

class ThreadAiClient final : public AiClient {
 public:
  ThreadAiClient();
  ~ThreadAiClient() override;

  std::uint64_t request(const AiRequest& request) override;
  std::optional<AiReply> poll() override;
  void cancel() override;
  bool busy() const override;

 private:
  void run();

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::optional<std::pair<std::uint64_t, AiRequest>> pending_;  // not yet started
  std::optional<AiReply> done_;                                 // finished, not polled
  std::uint64_t next_id_ = 1;
  std::uint64_t current_ = 0;     // the id the main thread waits for (0 = none)
  std::atomic<bool> stop_{false}; // stops the running search early
  bool quit_ = false;
  std::map<std::string, std::unique_ptr<Player>> players_;  // worker thread only
  std::thread thread_;  // last: starts after everything it uses exists
};

}  // namespace reversi::ui
