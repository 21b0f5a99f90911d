// The explorer's view of the expert-game database, which lives somewhere else: on a
// background thread on the desktop (platform/thread_explorer_client.h), in the explorer's
// Web Worker on the page (platform/web_explorer_client.h). The interface is here, where
// the controller's ExplorerSession (ui/explorer_session.h) includes it, as AiClient's is for
// the engine. The session asks (core/explorer_query.h) and polls once a frame from the main
// thread; nothing blocks, so the board keeps drawing while the 9.8 MB database loads.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/explorer_query.h"
#include "ui/wake.h"

namespace reversi::ui {

struct ExplorerLoad {
  enum class State : std::uint8_t { Idle, Loading, Ready, Failed };
  State state = State::Idle;
  std::uint64_t loaded = 0, total = 0;  // bytes downloaded and expected (0: not known)
  std::uint32_t games = 0;              // Ready: the games in the database
  std::string error;                    // Failed: why, for people
  friend bool operator==(const ExplorerLoad&, const ExplorerLoad&) = default;
};

// Wakeable (ui/wake.h): set_wake(), called when something is there for poll() or load()
// changed.
class ExplorerClient : public Wakeable {
 public:
  virtual ~ExplorerClient() = default;
  // Starts loading the database unless it is loading or loaded (after a failure: again).
  virtual void start() = 0;
  virtual ExplorerLoad load() const = 0;
  // Sends a question (the client sets its id, never 0, and returns it). A question asked
  // before the database is there waits for it; if loading fails, each waiting question
  // is answered with the failure. Starts loading if needed.
  virtual std::uint64_t request(ExplorerRequest request) = 0;
  // The answers that arrived since the last call, in any order.
  virtual std::vector<ExplorerReply> poll() = 0;
};

}  // namespace reversi::ui
