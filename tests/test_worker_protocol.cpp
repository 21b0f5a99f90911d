// The AI worker's messages (platform/web_ai_protocol.h), natively: every
// message round-trips, every malformed line is refused with a message naming
// it, and the page's sliced analysis (SlicedAnalysis) driven against the
// worker's runner as the worker runs it.
#include <catch2/catch.hpp>

#if __has_include("platform/web_ai_protocol.h")
#include <map>

#include "core/notation.h"
#include "engine/obf.h"
#include "engine/request.h"
#include "platform/web_ai_protocol.h"

using namespace reversi;
using namespace reversi::web;

namespace {

const Position kOpening = Position::initial().play(F5).play(D6).play(C3);
const std::string kBoard = to_board_string(kOpening);

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
  auto result = runner.analyze(request->analysis, [&](const AnalysisSnapshot& s) {
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

TEST_CASE("worker protocol: move messages round-trip", "[protocol]") {
  WorkerRequest request{7, "level-6", kOpening, 4, 12, 250.5, 1000, 42};
  const auto r = decode_request(encode(request));
  REQUIRE(r.ok());
  CHECK(r->id == 7);
  CHECK(r->player == "level-6");
  CHECK(r->position == kOpening);
  CHECK(r->depth == 4);
  CHECK(r->endgame_empties == 12);
  CHECK(r->time_ms == 250.5);
  CHECK(r->nodes == 1000);
  CHECK(r->seed == 42);

  WorkerReply reply;
  reply.id = 9;
  reply.result.move = C4;
  reply.result.has_score = true;
  reply.result.score = -1.25;
  reply.result.depth = 6;
  reply.result.pv = {C4, PASS, E3};
  const auto back = decode_reply(encode(reply));
  REQUIRE(back.ok());
  CHECK(back->result.move == C4);
  CHECK(back->result.score == -1.25);
  CHECK(back->result.pv == reply.result.pv);
}

TEST_CASE("worker protocol: analysis messages round-trip", "[protocol][analysis]") {
  WorkerAnalysisRequest request;
  request.id = 12;
  request.analysis.position = kOpening;
  request.analysis.time_ms = 250;
  request.analysis.max_depth = 20;
  request.analysis.solve_empties = 22;
  request.analysis.mpc = true;
  const std::string text = encode(request);
  CHECK(text.rfind("type analysis\n", 0) == 0);
  CHECK(is_analysis_message(text));
  const auto r = decode_analysis_request(text);
  REQUIRE(r.ok());
  CHECK(r->id == 12);
  CHECK(r->analysis.position == kOpening);
  CHECK(r->analysis.time_ms == 250);
  CHECK(r->analysis.max_depth == 20);
  CHECK(r->analysis.solve_empties == 22);
  CHECK(r->analysis.mpc);
  CHECK(encode(*r) == text);

  AnalysisSnapshot reply;
  reply.id = 12;
  reply.moves = {{C4, ValueKind::Exact, 4, 20}, {E3, ValueKind::Win, 2.5, 20},
                 {B4, ValueKind::Midgame, 0.1 + 0.2, 7}, {A1, ValueKind::Loss, -3, 20}};
  reply.complete = false;
  reply.done = true;
  reply.nodes = 123456789012345ULL;
  reply.time_ms = 250.125;
  const std::string reply_text = encode(reply);
  const auto back = decode_analysis_reply(reply_text);
  REQUIRE(back.ok());
  CHECK(back->id == 12);
  CHECK(back->moves == reply.moves);  // doubles exactly (0.1 + 0.2 too)
  CHECK(back->done);
  CHECK_FALSE(back->complete);
  CHECK(back->nodes == reply.nodes);
  CHECK(back->time_ms == reply.time_ms);
  CHECK(encode(*back) == reply_text);

  // A position that must pass: one PASS entry. An error: id and message only.
  AnalysisSnapshot pass;
  pass.moves = {{PASS, ValueKind::Midgame, -6, 3}};
  const auto pass_back = decode_analysis_reply(encode(pass));
  REQUIRE(pass_back.ok());
  CHECK(pass_back->moves == pass.moves);
  AnalysisSnapshot failed;
  failed.id = 3;
  failed.error = "analysis: max depth 0\nis not in 1..60";
  const auto failed_back = decode_analysis_reply(encode(failed));
  REQUIRE(failed_back.ok());
  CHECK(failed_back->error == "analysis: max depth 0 is not in 1..60");
  CHECK(failed_back->done);
  CHECK(failed_back->moves.empty());
}

TEST_CASE("worker protocol: move and analysis messages are told apart", "[protocol][analysis]") {
  const std::string move = encode(WorkerRequest{1, "level-1", kOpening});
  WorkerAnalysisRequest a;
  a.analysis.position = kOpening;
  const std::string analysis = encode(a);
  CHECK_FALSE(is_analysis_message(move));
  CHECK(decode_request(analysis).error() == "an analysis request is not a move request");
  CHECK(decode_reply(encode(AnalysisSnapshot{})).error() == "the AI sent an analysis, not a move");
  CHECK(decode_analysis_request(move).error() == "analysis request: line 2 'player level-1': unknown key 'player'");
  CHECK(decode_analysis_reply("id 1\ndone 1\n").error() == "the AI's analysis: no 'type analysis' line");
}

TEST_CASE("worker protocol: every malformed analysis line is refused, naming it", "[protocol][analysis]") {
  const std::string head = "type analysis\nid 4\n";
  const std::string board = "board " + kBoard + "\n";
  const std::pair<std::string, std::string> requests[] = {
      {head, "analysis request: no board"},
      {head + board + "time x\n", "analysis request: line 4 'time x': time 'x' is not a number"},
      {head + board + "maxdepth 3.5\n", "analysis request: line 4 'maxdepth 3.5': maxdepth '3.5' is not a whole number"},
      {head + board + "solve\n", "analysis request: line 4 'solve': solve '' is not a whole number"},
      {head + board + "mpc yes\n", "analysis request: line 4 'mpc yes': mpc 'yes' must be 0 or 1"},
      {head + board + "depth 3\n", "analysis request: line 4 'depth 3': unknown key 'depth'"},
      {"type move\n" + board, "analysis request: line 1 'type move': this decoder reads analyses only"},
      {"id 4\nboard " + kBoard.substr(0, 60) + "\ntype analysis\n",
       "analysis request: line 2 'board " + kBoard.substr(0, 60) +
           "': board string has 60 squares; it needs 64 (a1..h8) then the side to move"},
      {"id -1\ntype analysis\n" + board, "analysis request: line 1 'id -1': id '-1' must be 0-18446744073709551615, without a sign"},
  };
  for (const auto& [text, error] : requests) {
    INFO(text);
    const auto r = decode_analysis_request(text);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == error);
  }
  const std::pair<std::string, std::string> replies[] = {
      {head + "move z9 exact 4 20\n", "the AI's analysis: line 3 'move z9 exact 4 20': 'z9' is not a square or pass"},
      {head + "move c4 sure 4 20\n", "the AI's analysis: line 3 'move c4 sure 4 20': 'sure' is not midgame, win, loss or exact"},
      {head + "move c4 exact 65 20\n", "the AI's analysis: line 3 'move c4 exact 65 20': value '65' must be from -64 to 64"},
      {head + "move c4 exact nan 20\n", "the AI's analysis: line 3 'move c4 exact nan 20': value 'nan' is not a number"},
      {head + "move c4 exact 4 61\n", "the AI's analysis: line 3 'move c4 exact 4 61': depth '61' must be 0-60"},
      {head + "move c4 exact 4\n", "the AI's analysis: line 3 'move c4 exact 4': a move needs SQUARE KIND VALUE DEPTH"},
      {head + "move c4 exact 4 20 x\n", "the AI's analysis: line 3 'move c4 exact 4 20 x': a move needs SQUARE KIND VALUE DEPTH"},
      {head + "move c4 exact 4 20\nmove C4 win 2 20\n",
       "the AI's analysis: line 4 'move C4 win 2 20': c4 is listed twice"},
      {head + "move c4 exact 4 20\nmove pass exact 2 20\n",
       "the AI's analysis: line 4 'move pass exact 2 20': a pass is the only entry of a position that must pass"},
      {head + "complete yes\n", "the AI's analysis: line 3 'complete yes': complete 'yes' must be 0 or 1"},
      {head + "done 2\n", "the AI's analysis: line 3 'done 2': done '2' must be 0 or 1"},
      {head + "nodes 1e3\n", "the AI's analysis: line 3 'nodes 1e3': nodes '1e3' is not a whole number"},
      {head + "time 1s\n", "the AI's analysis: line 3 'time 1s': time '1s' is not a number"},
      {head + "pv c4\n", "the AI's analysis: line 3 'pv c4': unknown key 'pv'"},
  };
  for (const auto& [text, error] : replies) {
    INFO(text);
    const auto r = decode_analysis_reply(text);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == error);
  }
}

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
    CHECK(decode_analysis_request(slice->message)->analysis.time_ms == SlicedAnalysis::kSliceMs);
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
    budgets.push_back(decode_analysis_request(slice->message)->analysis.time_ms);
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
