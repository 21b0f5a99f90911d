#include "ui/thread_ai_client.h"

#include <exception>

namespace reversi::ui {

ThreadAiClient::ThreadAiClient() { thread_ = std::thread([this] { run(); }); }

ThreadAiClient::~ThreadAiClient() {
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

std::uint64_t ThreadAiClient::request(const AiRequest& request) {
  std::uint64_t id;
  {
    std::lock_guard lock(mutex_);
    id = next_id_++;
    current_ = id;
    pending_.emplace(id, request);
    done_.reset();
    stop_ = true;  // a search still running belongs to an older request
  }
  wake_.notify_all();
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
  std::lock_guard lock(mutex_);
  current_ = 0;
  pending_.reset();
  done_.reset();
  stop_ = true;
}

bool ThreadAiClient::busy() const {
  std::lock_guard lock(mutex_);
  return current_ != 0;
}

void ThreadAiClient::run() {
  while (true) {
    std::pair<std::uint64_t, AiRequest> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return quit_ || pending_.has_value(); });
      if (quit_) return;
      job = std::move(*pending_);
      pending_.reset();
      stop_ = false;
    }
    AiReply reply;
    reply.id = job.first;
    const AiRequest& req = job.second;
    auto it = players_.find(req.player);
    if (it == players_.end()) {
      auto made = make_player(req.player, req.seed);
      if (made) it = players_.emplace(req.player, std::move(*made)).first;
      else reply.error = made.error();
    }
    if (it != players_.end()) {
      SearchLimits limits = req.limits;
      limits.stop = &stop_;
      Expected<SearchResult> result = Error{""};
#if defined(__cpp_exceptions)
      try {
        result = choose_checked(*it->second, req.position, limits);
      } catch (const std::exception& e) {
        result = Error{std::string("the engine failed: ") + e.what()};
        players_.erase(it);
      }
#else
      result = choose_checked(*it->second, req.position, limits);
#endif
      if (result) reply.result = std::move(*result);
      else reply.error = result.error();
    }
    std::lock_guard lock(mutex_);
    if (reply.id == current_) done_ = std::move(reply);
  }
}

}  // namespace reversi::ui
