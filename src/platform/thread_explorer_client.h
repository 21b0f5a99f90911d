// ExplorerClient for the desktop (the page's is web_explorer_client.h, beside it):
// one background thread loads the expert-game database the first time it is wanted and
// then answers the session's questions in order (answer_explorer, core/explorer_query.h:
// the same function the page's worker calls), so the window goes on drawing meanwhile.
#pragma once

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/game_database.h"
#include "core/player_ratings.h"
#include "ui/explorer_client.h"

namespace reversi::ui {

class ThreadExplorerClient final : public ExplorerClient {
 public:
  // `ratings_path`: the players' ratings (core/player_ratings.h) loaded with the database
  // and given with a player's search; empty: none. Either file failing fails the load.
  explicit ThreadExplorerClient(std::string path, std::string ratings_path = {})
      : path_(std::move(path)), ratings_path_(std::move(ratings_path)) {}
  ~ThreadExplorerClient() override;  // stops and joins the thread
  ThreadExplorerClient(const ThreadExplorerClient&) = delete;
  ThreadExplorerClient& operator=(const ThreadExplorerClient&) = delete;

  void start() override;
  ExplorerLoad load() const override;
  std::uint64_t request(ExplorerRequest request) override;
  std::vector<ExplorerReply> poll() override;

  // Loads now, waiting for it (the desktop's --game): the database, or null with
  // load().error saying why. The database is never changed once loaded.
  const GameDatabase* wait();

 private:
  void run();

  std::string path_, ratings_path_;
  mutable std::mutex mutex_;
  std::condition_variable wake_, loaded_;
  std::thread thread_;
  bool stop_ = false;
  ExplorerLoad load_;
  std::unique_ptr<GameDatabase> database_;
  std::unique_ptr<PlayerRatings> ratings_;
  std::deque<ExplorerRequest> questions_;
  std::vector<ExplorerReply> answers_;
  std::uint64_t next_id_ = 1;
};

}  // namespace reversi::ui
