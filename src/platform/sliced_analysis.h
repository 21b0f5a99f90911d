// The page's side of a sliced analysis (used by WebAiClient, web_ai_client.h;
// plain C++ so it is tested natively): which slice to send the AI worker next,
// and what each reply means for the client's snapshots. The worker cannot be
// interrupted, so an analysis runs as requests for up to kSliceMs more on the
// position (web_ai_protocol.h); values are merged over the replies
// (merge_values), so nothing is lost when the worker is restarted (a move
// superseded, a Retry).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/request.h"

namespace reversi::web {

class SlicedAnalysis {
 public:
  // Short, so a move request queued behind a slice waits at most this long (a review's
  // reproducible slice may run one move's search past it: AnalysisOptions::reproducible).
  static constexpr double kSliceMs = 250;

  // A new analysis (forgetting the last): request.time_ms is the whole budget
  // (0: until complete or stopped).
  void start(std::uint64_t id, const AnalysisRequest& request);
  void stop();                            // nothing more is sent or delivered
  std::uint64_t id() const { return running_ ? id_ : 0; }  // 0 when none is running
  bool in_flight() const { return in_flight_ != 0; }

  struct Slice {
    std::uint64_t seq = 0;  // to hand back with its replies
    std::string message;    // the encoded AnalysisRequest: the analysis, with this slice's budget
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

}  // namespace reversi::web
