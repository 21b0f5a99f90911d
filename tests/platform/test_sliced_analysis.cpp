// The page's side of a sliced analysis (platform/sliced_analysis.h), natively:
// SlicedAnalysis driven against the worker's runner as the worker runs it,
// through the worker's messages (platform/web_ai_protocol.h).
#include <catch2/catch.hpp>

#if __has_include("platform/sliced_analysis.h")
#include <map>

#include "core/notation.h"
#include "engine/obf.h"
#include "engine/request.h"
#include "platform/sliced_analysis.h"
#include "platform/web_ai_protocol.h"

using namespace reversi;
using namespace reversi::web;

namespace {

const Position kOpening = Position::initial().play(F5).play(D6).play(C3);

Position ffo(std::size_t index) {
  auto entries = load_obf(REVERSI_FFO_DIR "/fforum-1-19.obf");
  REQUIRE(entries.ok());
  return (*entries)[index].position;
}

// What the worker's ai_choose does with an analysis slice, provisional replies
// included (every improvement, not only one each 100 ms).
std::vector<std::string> run_slice(RequestRunner& runner, const std::string& message) {
  std::vector<std::string> replies;
  const auto request = decode_analysis_request(message);
  REQUIRE(request.ok());
  auto result = runner.analyze(*request, [&](const AnalysisSnapshot& s) {
    AnalysisSnapshot provisional = s;
    provisional.id = request->id;
    replies.push_back(encode(provisional));
  });
  AnalysisSnapshot last;
  if (result) last = *result;
  else last.error = result.error();
  last.id = request->id;
  last.done = true;
  replies.push_back(encode(last));
  return replies;
}

}  // namespace

TEST_CASE("sliced analysis: slices continue to the exact values, a move can go between",
          "[protocol][analysis]") {
  RequestRunner worker;
  SlicedAnalysis page;
  AnalysisRequest request{ffo(17)};  // 16 empties
  page.start(5, request);
  CHECK(page.id() == 5);
  std::vector<AnalysisSnapshot> delivered;
  int slices = 0;
  while (page.id() != 0 && slices < 1000) {
    const auto slice = page.next_slice();
    REQUIRE(slice);
    CHECK_FALSE(page.next_slice());  // one at a time
    CHECK(decode_analysis_request(slice->message)->time_ms == SlicedAnalysis::kSliceMs);
    ++slices;
    for (const std::string& reply : run_slice(worker, slice->message)) {
      if (auto s = page.on_reply(slice->seq, reply)) {
        CHECK(s->id == 5);
        if (!delivered.empty()) {
          std::map<Square, MoveValue> before;
          for (const MoveValue& m : delivered.back().moves) before[m.move] = m;
          for (const MoveValue& m : s->moves)
            CHECK(std::pair(value_precision(m.kind), m.depth) >=
                  std::pair(value_precision(before[m.move].kind), before[m.move].depth));
          CHECK(s->nodes >= delivered.back().nodes);
        }
        delivered.push_back(*s);
      }
    }
    // Between slices a move request runs on the same worker (its own player).
    REQUIRE(worker.choose({request.position, "level-1", {}, 1}).ok());
  }
  REQUIRE_FALSE(delivered.empty());
  const AnalysisSnapshot& last = delivered.back();
  CHECK(last.done);
  CHECK(last.complete);
  CHECK_FALSE(page.next_slice());
  Analyzer fresh;
  std::map<Square, double> exact;
  for (const MoveValue& m : fresh.analyze(request.position).moves) exact[m.move] = m.value;
  for (const MoveValue& m : last.moves) {
    CHECK(m.kind == ValueKind::Exact);
    CHECK(m.value == exact.at(m.move));
  }
}

TEST_CASE("sliced analysis: budget, restarts, stale replies and errors", "[protocol][analysis]") {
  SlicedAnalysis page;
  AnalysisRequest request{kOpening};  // far from the end: never complete in this budget
  request.time_ms = 600;
  page.start(1, request);
  RequestRunner worker;
  std::vector<double> budgets;
  std::optional<AnalysisSnapshot> last;
  while (page.id() != 0) {
    const auto slice = page.next_slice();
    REQUIRE(slice);
    budgets.push_back(decode_analysis_request(slice->message)->time_ms);
    for (const std::string& reply : run_slice(worker, slice->message))
      if (auto s = page.on_reply(slice->seq, reply)) last = s;
  }
  CHECK(budgets == std::vector<double>{250, 250, 100});
  REQUIRE(last);
  CHECK(last->done);
  CHECK_FALSE(last->complete);

  // The worker restarted with a slice in flight: the slice goes again, to a
  // fresh worker; what was known stays, the counts go on.
  request.time_ms = 0;
  request.max_depth = 5;
  page.start(2, request);
  auto first = page.next_slice();
  REQUIRE(first);
  std::optional<AnalysisSnapshot> before;
  request.max_depth = 5;
  RequestRunner old_worker;
  for (const std::string& reply : run_slice(old_worker, first->message))
    if (auto s = page.on_reply(first->seq, reply)) before = s;
  REQUIRE(before);
  CHECK(before->done);  // max depth 5: complete in one slice
  page.start(3, request);
  const auto sent = page.next_slice();
  REQUIRE(sent);
  page.lost();
  const auto again = page.next_slice();
  REQUIRE(again);
  CHECK(again->seq != sent->seq);
  // A late reply of the lost slice is ignored; the new one is taken.
  CHECK_FALSE(page.on_reply(sent->seq, run_slice(old_worker, sent->message).back()));
  RequestRunner new_worker;
  std::optional<AnalysisSnapshot> after;
  for (const std::string& reply : run_slice(new_worker, again->message))
    if (auto s = page.on_reply(again->seq, reply)) after = s;
  REQUIRE(after);
  CHECK(after->id == 3);
  CHECK(after->done);
  CHECK(after->complete);

  // A reply that does not decode, or an error, ends the analysis with it.
  page.start(4, request);
  auto slice = page.next_slice();
  REQUIRE(slice);
  const auto bad = page.on_reply(slice->seq, "type analysis\nmove z9 exact 1 1\n");
  REQUIRE(bad);
  CHECK(bad->done);
  CHECK(bad->error == "the AI's analysis: line 2 'move z9 exact 1 1': 'z9' is not a square or pass");
  CHECK(page.id() == 0);
  page.start(6, request);
  slice = page.next_slice();
  const auto failed = page.fail("the AI worker stopped");
  REQUIRE(failed);
  CHECK(failed->id == 6);
  CHECK(failed->error == "the AI worker stopped");
  CHECK_FALSE(page.fail("twice"));
  // Stopped: nothing more is sent or delivered.
  page.start(7, request);
  slice = page.next_slice();
  page.stop();
  CHECK_FALSE(page.next_slice());
  CHECK_FALSE(page.on_reply(slice->seq, run_slice(new_worker, slice->message).back()));
}
#endif
