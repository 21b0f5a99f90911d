// The game's view of a computer player running somewhere else: on a background
// thread on the desktop (ThreadAiClient), in a Web Worker in the browser
// (web_ai_client.cpp). The controller asks for a move, then polls once a frame
// from the main thread; it never blocks, so the window keeps drawing while the
// engine thinks. One request at a time: a new request or cancel() supersedes the
// old one, and a late reply to a superseded request is never delivered.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/position.h"
#include "engine/player.h"

namespace reversi::ui {

struct AiRequest {
  Position position;        // must not be a finished game
  std::string player;       // a name from player_list(), e.g. "corner-first", "level-5"
  SearchLimits limits;      // `stop` is ignored: the client has its own stop flag
  std::uint64_t seed = 1;   // for randomised players
};

struct AiReply {
  std::uint64_t id = 0;     // the id request() returned
  // Empty on success. Otherwise why no move came: an unknown player, a crashed or
  // unloadable worker, an illegal move returned by the engine, ...
  std::string error;
  SearchResult result;      // meaningful only when error is empty
  bool ok() const { return error.empty(); }
};

class AiClient {
 public:
  virtual ~AiClient() = default;

  // Starts a search (cancelling any running one) and returns its id (never 0).
  virtual std::uint64_t request(const AiRequest& request) = 0;
  // Called from the main thread, typically once a frame. Returns the reply to the
  // latest request once it is ready (exactly once), nothing otherwise.
  virtual std::optional<AiReply> poll() = 0;
  // Forgets the current request; its reply will not be delivered.
  virtual void cancel() = 0;
  // True between request() and the poll() that delivers its reply (or cancel()).
  virtual bool busy() const = 0;
  // Set when the client can no longer work at all (the worker failed to load or
  // crashed); the message is shown to the player. Empty while healthy.
  virtual std::string failure() const { return {}; }
};

// Runs a request synchronously with make_player() in this thread: used by the
// thread client and the web worker, and by tests. Checks that the player exists
// and that the move it returns is legal, so a buggy engine is reported, not played.
AiReply run_request(const AiRequest& request, std::uint64_t id);

}  // namespace reversi::ui
