#include "platform/thread_ai_client.h"

namespace reversi::ui {

JobThread::JobThread() { thread_ = std::thread([this] { run(); }); }

JobThread::~JobThread() {
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void JobThread::submit(Job job) {
  {
    std::lock_guard lock(mutex_);
    pending_ = std::move(job);
    stop_ = true;  // a job still running is superseded
  }
  wake_.notify_all();
}

void JobThread::stop() {
  std::lock_guard lock(mutex_);
  pending_.reset();
  stop_ = true;
}

void JobThread::run() {
  while (true) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return quit_ || pending_.has_value(); });
      if (quit_) return;
      job = std::move(*pending_);
      pending_.reset();
      stop_ = false;
    }
    job(stop_);
  }
}

ThreadAiClient::~ThreadAiClient() {
  // Stop both at once; the threads' destructors then join them.
  move_thread_.stop();
  analysis_thread_.stop();
}

std::uint64_t ThreadAiClient::request(const AiRequest& request) {
  std::uint64_t id;
  {
    std::lock_guard lock(mutex_);
    id = next_id_++;
    current_ = id;
    done_.reset();
  }
  move_thread_.submit([this, id, request](const std::atomic<bool>& stop) {
    AiRequest r = request;
    r.id = id;
    r.limits.stop = &stop;
    AiReply reply = make_reply(id, move_runner_.choose(r));
    {
      std::lock_guard lock(mutex_);
      if (id != current_) return;
      done_ = std::move(reply);
    }
    wake();
  });
  return id;
}

std::optional<AiReply> ThreadAiClient::poll() {
  std::lock_guard lock(mutex_);
  if (!done_ || done_->id != current_) return std::nullopt;
  std::optional<AiReply> out = std::move(done_);
  done_.reset();
  current_ = 0;
  return out;
}

void ThreadAiClient::cancel() {
  {
    std::lock_guard lock(mutex_);
    current_ = 0;
    done_.reset();
  }
  move_thread_.stop();
}

bool ThreadAiClient::busy() const {
  std::lock_guard lock(mutex_);
  return current_ != 0;
}

void ThreadAiClient::publish(std::uint64_t id, const AnalysisSnapshot& snapshot) {
  {
    std::lock_guard lock(mutex_);
    if (id != analysis_current_) return;  // superseded or stopped: never shown for another position
    analysis_latest_ = snapshot;
    analysis_latest_->id = id;
  }
  wake();
}

std::uint64_t ThreadAiClient::request_analysis(const AnalysisRequest& request) {
  std::uint64_t id;
  {
    std::lock_guard lock(mutex_);
    id = next_id_++;
    analysis_current_ = id;
    analysis_latest_.reset();
  }
  analysis_thread_.submit([this, id, request](const std::atomic<bool>& stop) {
    AnalysisRequest r = request;
    r.id = id;
    r.stop = &stop;
    auto result = analysis_runner_.analyze(r, [&](const AnalysisSnapshot& s) { publish(id, s); });
    if (result) {
      publish(id, *result);
    } else {
      AnalysisSnapshot failed;
      failed.error = result.error();
      failed.done = true;
      publish(id, failed);
    }
  });
  return id;
}

std::optional<AnalysisSnapshot> ThreadAiClient::poll_analysis() {
  std::lock_guard lock(mutex_);
  if (!analysis_latest_ || analysis_latest_->id != analysis_current_) return std::nullopt;
  std::optional<AnalysisSnapshot> out = std::move(analysis_latest_);
  analysis_latest_.reset();
  if (out->done) analysis_current_ = 0;
  return out;
}

void ThreadAiClient::stop_analysis() {
  {
    std::lock_guard lock(mutex_);
    analysis_current_ = 0;
    analysis_latest_.reset();
  }
  analysis_thread_.stop();
}

}  // namespace reversi::ui
