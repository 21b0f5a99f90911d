// The messages between the page and the AI Web Worker (ai_worker.cpp), as plain
// "key value" lines. emscripten_call_worker copies bytes both ways, so text keeps
// both sides simple to read in a debugger and free of struct-layout worries.
// No Emscripten or SDL here: the encoding is plain C++ shared by both programs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/position.h"
#include "engine/player.h"
#include "engine/request.h"

namespace reversi::web {

struct WorkerRequest {
  std::uint64_t id = 0;
  std::string player;
  Position position;
  int depth = 0;
  int endgame_empties = -1;
  double time_ms = 0;
  std::uint64_t nodes = 0;
  std::uint64_t seed = 1;
};

struct WorkerReply {
  std::uint64_t id = 0;
  std::string error;  // empty on success
  SearchResult result;
};

std::string encode(const WorkerRequest& request);
Expected<WorkerRequest> decode_request(std::string_view text);
std::string encode(const WorkerReply& reply);
Expected<WorkerReply> decode_reply(std::string_view text);

// Analyses (RequestRunner::analyze) run in slices, because the page cannot stop
// a worker's call: each request asks for up to time_ms more on a position and
// the worker continues its last analysis when the position and options are the
// same. Both messages start with the line "type analysis", which is how the
// worker's one entry point (ai_choose) tells them from move requests.
//   request: type, id, board, time (this slice's budget in ms), maxdepth, solve, mpc
//   reply:   type, id, one "move SQUARE|pass KIND VALUE DEPTH" line per move (best
//            first), complete, done (0: a provisional improvement during the
//            slice, 1: the slice's last reply), nodes, time; or id and error
struct WorkerAnalysisRequest {
  std::uint64_t id = 0;
  AnalysisRequest analysis;  // `stop` is not sent
};

std::string encode(const WorkerAnalysisRequest& request);
Expected<WorkerAnalysisRequest> decode_analysis_request(std::string_view text);
// The reply is a snapshot: id, moves, complete, done, nodes, time_ms, error.
std::string encode(const AnalysisSnapshot& reply);
Expected<AnalysisSnapshot> decode_analysis_reply(std::string_view text);
// True when a message to or from the worker is an analysis (has "type analysis").
bool is_analysis_message(std::string_view text);

// The page's side of a sliced analysis (used by WebAiClient; plain C++ so it is
// tested natively): which slice to send next, and what each reply means for the
// client's snapshots. Values are merged over the replies (merge_values), so
// nothing is lost when the worker is restarted (a move superseded, a Retry).
class SlicedAnalysis {
 public:
  // Short, so a move request queued behind a slice waits at most this long.
  static constexpr double kSliceMs = 250;

  // A new analysis (forgetting the last): request.time_ms is the whole budget
  // (0: until complete or stopped).
  void start(std::uint64_t id, const AnalysisRequest& request);
  void stop();                            // nothing more is sent or delivered
  std::uint64_t id() const { return running_ ? id_ : 0; }  // 0 when none is running
  bool in_flight() const { return in_flight_ != 0; }

  struct Slice {
    std::uint64_t seq = 0;  // to hand back with its replies
    std::string message;    // encoded WorkerAnalysisRequest
  };
  // The next slice to send when one is wanted and none is in flight.
  std::optional<Slice> next_slice();
  // A reply to slice `seq` (provisional or its last): the snapshot to deliver,
  // if it brings anything new or ends the analysis (done: complete, budget
  // spent, or an error). Replies of other slices are ignored.
  std::optional<AnalysisSnapshot> on_reply(std::uint64_t seq, std::string_view text);
  // The worker went away (restarted), with any slice in flight: the slice is
  // sent again, to the new worker, which starts the counts afresh.
  void lost();
  // Ends the analysis with an error (the worker failed).
  std::optional<AnalysisSnapshot> fail(const std::string& message);

 private:
  std::uint64_t id_ = 0;
  bool running_ = false;
  AnalysisRequest request_;
  double spent_ms_ = 0;          // slices finished
  std::uint64_t next_seq_ = 1;
  std::uint64_t in_flight_ = 0;  // seq of the slice sent, 0 = none
  double in_flight_ms_ = 0;      // its budget
  AnalysisSnapshot snapshot_;    // merged
  std::uint64_t base_nodes_ = 0; // counted by workers that went away
  double base_ms_ = 0;
};

// The worker's answer to "hello": every player it can run, one "name\tdescription" a line.
std::string encode_players(const std::vector<PlayerInfo>& players);
std::vector<PlayerInfo> decode_players(std::string_view text);

}  // namespace reversi::web
