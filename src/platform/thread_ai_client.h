// The desktop AiClient: the engine runs on background threads so the window
// keeps drawing: one for moves, one for analyses, so an analysis never delays a
// move. Each thread has its own RequestRunner (engine/request.h), which keeps
// the players and the Analyzer with their tables between requests, and takes
// the request as the controller made it (engine/request.h's types, no copies
// into other types). The browser's counterpart is web_ai_client.h, beside it.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

#include "engine/request.h"
#include "ui/ai_client.h"

namespace reversi::ui {

// One background thread running one job at a time. Submitting a job sets the
// stop flag of the running one (it ends soon after) and runs the new one next.
class JobThread {
 public:
  using Job = std::function<void(const std::atomic<bool>& stop)>;
  JobThread();
  ~JobThread();  // stops the running job and joins
  JobThread(const JobThread&) = delete;
  JobThread& operator=(const JobThread&) = delete;

  void submit(Job job);
  void stop();  // stops the running job, drops a pending one

 private:
  void run();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::optional<Job> pending_;
  std::atomic<bool> stop_{false};
  bool quit_ = false;
  std::thread thread_;  // last: starts after everything it uses exists
};

class ThreadAiClient final : public AiClient {
 public:
  ThreadAiClient() = default;
  ~ThreadAiClient() override;

  std::uint64_t request(const AiRequest& request) override;
  std::optional<AiReply> poll() override;
  void cancel() override;
  bool busy() const override;

  std::uint64_t request_analysis(const AnalysisRequest& request) override;
  std::optional<AnalysisSnapshot> poll_analysis() override;
  void stop_analysis() override;

 private:
  // Publishes a snapshot of analysis `id` if it is still the current one.
  void publish(std::uint64_t id, const AnalysisSnapshot& snapshot);

  mutable std::mutex mutex_;  // guards everything below up to the runners
  std::uint64_t next_id_ = 1;
  std::uint64_t current_ = 0;           // the move request the main thread waits for (0 = none)
  std::optional<AiReply> done_;         // its reply, not yet polled
  std::uint64_t analysis_current_ = 0;  // the analysis whose snapshots are wanted (0 = none)
  std::optional<AnalysisSnapshot> analysis_latest_;  // newest snapshot, not yet polled

  RequestRunner move_runner_;      // used on move_thread_ only
  RequestRunner analysis_runner_;  // used on analysis_thread_ only
  // Last: their threads use the members above, and are joined first.
  JobThread move_thread_;
  JobThread analysis_thread_;
};

}  // namespace reversi::ui
