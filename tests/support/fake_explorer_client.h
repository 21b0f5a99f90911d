// A stand-in for the expert-game database in the controller's tests: answers every
// question at once (or holds them until released) from a script the test can change
// after handing the client to the controller. The real clients: src/platform.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ui/controller.h"
#include "ui/explorer_client.h"

namespace reversi::ui {

class FakeExplorerClient final : public ExplorerClient {
 public:
  struct Script {
    PositionStatistics moves;      // the answer to every Moves question
    ExplorerGames games;           // the answer to every Games question
    std::string fail;              // loading fails with this, when not empty
    bool hold = false;             // keep the answers until release()
    std::vector<ExplorerRequest> asked;
    std::vector<ExplorerReply> held;
    void release() { hold = false; }
  };
  explicit FakeExplorerClient(std::shared_ptr<Script> script) : script_(std::move(script)) {}

  void start() override {
    if (load_.state == ExplorerLoad::State::Ready) return;
    load_ = {};
    load_.state = script_->fail.empty() ? ExplorerLoad::State::Ready : ExplorerLoad::State::Failed;
    load_.error = script_->fail;
  }
  ExplorerLoad load() const override { return load_; }
  std::uint64_t request(ExplorerRequest r) override {
    start();
    r.id = next_id_++;
    script_->asked.push_back(r);
    ExplorerReply a;
    a.id = r.id;
    a.ask = r.ask;
    if (!script_->fail.empty()) a.error = script_->fail;
    else if (r.ask == ExplorerAsk::Moves) a.statistics = script_->moves;
    else a.games = script_->games;
    script_->held.push_back(std::move(a));
    return r.id;
  }
  std::vector<ExplorerReply> poll() override {
    if (script_->hold) return {};
    return std::exchange(script_->held, {});
  }

 private:
  std::shared_ptr<Script> script_;
  ExplorerLoad load_;
  std::uint64_t next_id_ = 1;
};

// Hands `c` a scripted client; the script it answers from, which the test changes as it goes.
inline std::shared_ptr<FakeExplorerClient::Script> script_explorer(Controller& c) {
  auto script = std::make_shared<FakeExplorerClient::Script>();
  c.set_explorer_client(std::make_unique<FakeExplorerClient>(script));
  return script;
}

}  // namespace reversi::ui
