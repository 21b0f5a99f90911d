#include "platform/sliced_analysis.h"

#include <algorithm>

#include "platform/web_ai_protocol.h"

namespace reversi::web {

void SlicedAnalysis::start(std::uint64_t id, const AnalysisRequest& request) {
  const std::uint64_t seq = next_seq_;  // replies to the last analysis's slices stay stale
  *this = SlicedAnalysis{};
  next_seq_ = seq;
  id_ = id;
  running_ = true;
  request_ = request;
  request_.id = id;
  request_.stop = nullptr;
  snapshot_.id = id;
}

void SlicedAnalysis::stop() {
  running_ = false;
  // A slice still running in the worker answers into the void.
  in_flight_ = 0;
}

void SlicedAnalysis::lost() {
  in_flight_ = 0;
  base_nodes_ = snapshot_.nodes;
  base_ms_ = snapshot_.time_ms;
}

std::optional<SlicedAnalysis::Slice> SlicedAnalysis::next_slice() {
  if (!running_ || in_flight_) return std::nullopt;
  AnalysisRequest slice = request_;
  slice.time_ms = kSliceMs;
  if (request_.time_ms > 0) slice.time_ms = std::min(kSliceMs, request_.time_ms - spent_ms_);
  in_flight_ = next_seq_++;
  in_flight_ms_ = slice.time_ms;
  return Slice{in_flight_, encode(slice)};
}

std::optional<AnalysisSnapshot> SlicedAnalysis::fail(const std::string& message) {
  if (!running_) return std::nullopt;
  stop();
  AnalysisSnapshot failed;
  failed.id = id_;
  failed.error = message;
  failed.done = true;
  return failed;
}

std::optional<AnalysisSnapshot> SlicedAnalysis::on_reply(std::uint64_t seq, std::string_view text) {
  if (!running_ || seq != in_flight_) return std::nullopt;
  auto reply = decode_analysis_reply(text);
  if (!reply) return fail(reply.error());
  if (!reply->ok()) return fail(reply->error);
  bool changed = merge_values(snapshot_.moves, reply->moves);
  // Counted by this worker since it began on the position, plus by workers before it.
  snapshot_.nodes = std::max(snapshot_.nodes, base_nodes_ + reply->nodes);
  snapshot_.time_ms = std::max(snapshot_.time_ms, base_ms_ + reply->time_ms);
  if (reply->done) {
    in_flight_ = 0;
    spent_ms_ += in_flight_ms_;
    snapshot_.complete = reply->complete || all_exact(snapshot_.moves);
    // Less than a millisecond left is spent: a slice of 0 would mean "no limit".
    const bool spent = request_.time_ms > 0 && request_.time_ms - spent_ms_ < 1;
    if (snapshot_.complete || spent) {
      running_ = false;
      snapshot_.done = true;
      return snapshot_;
    }
  }
  if (!changed) return std::nullopt;
  return snapshot_;
}

}  // namespace reversi::web
