// What a client of the controller's (AiClient, ExplorerClient) shares with the front end that
// sleeps between events (issue 44: the desktop in SDL_WaitEventTimeout, the page with its frame
// loop paused): a hook the client calls, on any thread, whenever something is there for its
// poll() (a reply, a snapshot, an answer, a failure, a change of what it reports), so that the
// front end wakes up to take it. Set before the first request; no hook, no call.
#pragma once

#include <functional>
#include <utility>

namespace reversi::ui {

class Wakeable {
 public:
  void set_wake(std::function<void()> wake) { wake_ = std::move(wake); }

 protected:
  ~Wakeable() = default;
  void wake() const {
    if (wake_) wake_();
  }

 private:
  std::function<void()> wake_;
};

}  // namespace reversi::ui
