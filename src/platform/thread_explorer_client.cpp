#include "platform/thread_explorer_client.h"

namespace reversi::ui {

ThreadExplorerClient::~ThreadExplorerClient() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void ThreadExplorerClient::start() {
  std::lock_guard lock(mutex_);
  if (load_.state == ExplorerLoad::State::Loading || load_.state == ExplorerLoad::State::Ready) return;
  load_ = {};
  load_.state = ExplorerLoad::State::Loading;
  if (thread_.joinable()) {  // after a failure the thread waits to load again
    wake_.notify_all();
    return;
  }
  thread_ = std::thread([this] { run(); });
}

ExplorerLoad ThreadExplorerClient::load() const {
  std::lock_guard lock(mutex_);
  return load_;
}

std::uint64_t ThreadExplorerClient::request(ExplorerRequest request) {
  start();
  std::lock_guard lock(mutex_);
  request.id = next_id_++;
  questions_.push_back(std::move(request));
  wake_.notify_all();
  return questions_.back().id;
}

std::vector<ExplorerReply> ThreadExplorerClient::poll() {
  std::lock_guard lock(mutex_);
  return std::exchange(answers_, {});
}

const GameDatabase* ThreadExplorerClient::wait() {
  start();
  std::unique_lock lock(mutex_);
  loaded_.wait(lock, [&] { return load_.state != ExplorerLoad::State::Loading; });
  return database_.get();
}

void ThreadExplorerClient::run() {
  std::unique_lock lock(mutex_);
  while (!stop_) {
    if (load_.state == ExplorerLoad::State::Loading) {
      lock.unlock();
      auto loaded = GameDatabase::load(path_);
      std::optional<Expected<PlayerRatings>> ratings;
      if (loaded && !ratings_path_.empty()) {
        ratings = PlayerRatings::load(ratings_path_);
        if (!*ratings) loaded = Error{ratings->error()};
      }
      lock.lock();
      if (loaded) {
        database_ = std::make_unique<GameDatabase>(std::move(*loaded));
        if (ratings) ratings_ = std::make_unique<PlayerRatings>(std::move(**ratings));
        load_.state = ExplorerLoad::State::Ready;
        load_.games = database_->size();
      } else {
        load_.state = ExplorerLoad::State::Failed;
        load_.error = loaded.error();
        // Every waiting question is answered with the failure.
        for (const ExplorerRequest& q : questions_) {
          ExplorerReply r;
          r.id = q.id;
          r.ask = q.ask;
          r.error = load_.error;
          answers_.push_back(std::move(r));
        }
        questions_.clear();
      }
      loaded_.notify_all();
      lock.unlock();
      wake();
      lock.lock();
      continue;
    }
    if (database_ && !questions_.empty()) {
      const ExplorerRequest q = std::move(questions_.front());
      questions_.pop_front();
      lock.unlock();
      ExplorerReply r = answer_explorer(*database_, q, ratings_.get());  // const: read by this thread only meanwhile
      lock.lock();
      answers_.push_back(std::move(r));
      lock.unlock();
      wake();
      lock.lock();
      continue;
    }
    wake_.wait(lock);
  }
}

}  // namespace reversi::ui
