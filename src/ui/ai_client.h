// The game's view of a computer player running somewhere else: on background
// threads on the desktop (ThreadAiClient), in a Web Worker in the browser
// (WebAiClient); both implementations live side by side in src/platform/, this
// interface here, where the controller includes it. The controller asks for a
// move or an analysis, then polls once a frame from the main thread; it never blocks, so the window keeps
// drawing while the engine thinks. One move request at a time: a new request or
// cancel() supersedes the old one, and a late reply to a superseded request is
// never delivered. Independently, one analysis at a time (the value of every
// move, engine/request.h): it never delays a move request, and its snapshots
// arrive as the values improve.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/position.h"
#include "engine/player.h"
#include "engine/request.h"
#include "ui/wake.h"

namespace reversi::ui {

// The request and reply types are the engine's (engine/request.h), the same
// types the desktop's runner and the web worker's codec take: no copies.
// position, player, limits (`limits.stop` is ignored: the client has its own
// stop flag), seed; `id` is set by the client.
using AiRequest = MoveRequest;
// id, error (empty on success), result.
using AiReply = MoveReply;
// position and the Analyzer's options: time_ms (0: until complete or
// stop_analysis()), max_depth, solve_empties, mpc (`stop` is ignored); `id` is
// set by the client.
using reversi::AnalysisRequest;
// id, moves best first, complete, done, nodes, time_ms, error.
using reversi::AnalysisSnapshot;

// Wakeable (ui/wake.h): set_wake(), called when something is there for poll() or
// poll_analysis(), or the client failed.
class AiClient : public Wakeable {
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
  // Starts analysing a position (stopping any running analysis) and returns its
  // id. Runs beside a move request, never delaying it. Every real client
  // (desktop, web) analyses; the defaults, for test doubles that only play,
  // return 0 (no analysis) and never deliver anything.
  virtual std::uint64_t request_analysis(const AnalysisRequest&) { return 0; }
  // Called from the main thread. The newest snapshot of the current analysis
  // when it changed since the last poll (values improved, or it ended: done),
  // nothing otherwise. Snapshots of an analysis that was superseded or stopped
  // are never delivered. Values never lose depth or precision from one snapshot
  // to the next.
  virtual std::optional<AnalysisSnapshot> poll_analysis() { return std::nullopt; }
  // Stops the current analysis; nothing more of it is delivered.
  virtual void stop_analysis() {}

  // Set when the client can no longer work at all (the worker failed to load or
  // crashed); the message is shown to the player. Empty while healthy.
  virtual std::string failure() const { return {}; }
};

// Runs a request synchronously with a fresh player (a RequestRunner of its own) in this thread:
// for tests. Errors as every client's (engine/request.h).
AiReply run_request(const AiRequest& request, std::uint64_t id);

}  // namespace reversi::ui
