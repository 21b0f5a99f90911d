// The AI worker's messages (platform/web_ai_protocol.h), natively: every
// message round-trips, every malformed line is refused with a message naming
// it, and a line with a key the decoder does not know is ignored (the one
// decoding rule). The page's sliced analysis is tested in test_sliced_analysis.cpp.
#include <catch2/catch.hpp>

#if __has_include("platform/web_ai_protocol.h")
#include <map>

#include "core/notation.h"
#include "engine/request.h"
#include "platform/web_ai_protocol.h"

using namespace reversi;
// In the namespace, not `using namespace`: no name of it reaches the next file of a unit.
namespace reversi::web {

namespace {

const Position kOpening = Position::initial().play(F5).play(D6).play(C3);
const std::string kBoard = to_board_string(kOpening);

}  // namespace

TEST_CASE("worker protocol: move messages round-trip", "[protocol]") {
  MoveRequest request{kOpening, "level-6", {4, 12, 250.5, 1000}, 42, 7};
  const auto r = decode_request(encode(request));
  REQUIRE(r.ok());
  CHECK(r->id == 7);
  CHECK(r->player == "level-6");
  CHECK(r->position == kOpening);
  CHECK(r->limits.depth == 4);
  CHECK(r->limits.endgame_empties == 12);
  CHECK(r->limits.time_ms == 250.5);
  CHECK(r->limits.nodes == 1000);
  CHECK(r->seed == 42);
  CHECK(r->game == 0);  // none: no line
  CHECK(encode(request).find("game") == std::string::npos);
  request.game = 0xFFFFFFFFFFFFFFF1ULL;  // the game's seed, as the controller sends it
  const auto g = decode_request(encode(request));
  REQUIRE(g.ok());
  CHECK(g->game == 0xFFFFFFFFFFFFFFF1ULL);
  CHECK(g->seed == 42);
  // A game clock: the time left and the increment, each written when set (an increment
  // alone is kept too, as it was read).
  request.limits.clock_ms = 61234.5;
  request.limits.increment_ms = 2000;
  const auto c = decode_request(encode(request));
  REQUIRE(c.ok());
  CHECK(c->limits.clock_ms == 61234.5);
  CHECK(c->limits.increment_ms == 2000);
  request.limits.clock_ms = 0;
  const auto i = decode_request(encode(request));
  REQUIRE(i.ok());
  CHECK(i->limits.clock_ms == 0);
  CHECK(i->limits.increment_ms == 2000);

  MoveReply reply;
  reply.id = 9;
  reply.result.move = C4;
  reply.result.has_score = true;
  reply.result.score = -1.25;
  reply.result.depth = 6;
  reply.result.pv = {C4, PASS, E3};
  reply.result.think_ms = 1750;
  const auto back = decode_reply(encode(reply));
  REQUIRE(back.ok());
  CHECK(back->result.think_ms == 1750);
  CHECK(back->result.move == C4);
  CHECK(back->result.score == -1.25);
  CHECK(back->result.pv == reply.result.pv);
}

TEST_CASE("worker protocol: analysis messages round-trip", "[protocol][analysis]") {
  AnalysisRequest request{kOpening};
  request.id = 12;
  request.time_ms = 250;
  request.max_depth = 20;
  request.solve_empties = 22;
  request.mpc = true;
  request.reproducible = true;  // the review's (issue 44)
  const std::string text = encode(request);
  CHECK(text.rfind("type analysis\n", 0) == 0);
  CHECK(is_analysis_message(text));
  const auto r = decode_analysis_request(text);
  REQUIRE(r.ok());
  CHECK(r->id == 12);
  CHECK(r->position == kOpening);
  CHECK(r->time_ms == 250);
  CHECK(r->max_depth == 20);
  CHECK(r->solve_empties == 22);
  CHECK(r->mpc);
  CHECK(r->reproducible);
  CHECK(encode(*r) == text);

  AnalysisSnapshot reply;
  reply.id = 12;
  // With their lines (MoveValue::pv) or without.
  reply.moves = {{C4, ValueKind::Exact, 4, 20, {C4, D3, E6}}, {E3, ValueKind::Win, 2.5, 20},
                 {B4, ValueKind::Midgame, 0.1 + 0.2, 7, {B4}}, {A1, ValueKind::Loss, -3, 20}};
  reply.complete = false;
  reply.done = true;
  reply.nodes = 123456789012345ULL;
  reply.time_ms = 250.125;
  const std::string reply_text = encode(reply);
  const auto back = decode_analysis_reply(reply_text);
  REQUIRE(back.ok());
  CHECK(back->id == 12);
  CHECK(back->moves == reply.moves);  // doubles exactly (0.1 + 0.2 too), and the lines
  CHECK(reply_text.find("move c4 exact 4 20 c4d3e6\n") != std::string::npos);
  CHECK(back->done);
  CHECK_FALSE(back->complete);
  CHECK(back->nodes == reply.nodes);
  CHECK(back->time_ms == reply.time_ms);
  CHECK(encode(*back) == reply_text);

  // A position that must pass: one PASS entry. An error: id and message only.
  AnalysisSnapshot pass;
  pass.moves = {{PASS, ValueKind::Midgame, -6, 3, {F5, D6}}};
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
  const std::string move = encode(MoveRequest{kOpening, "level-1", {}, 1, 1});
  const std::string analysis = encode(AnalysisRequest{kOpening});
  CHECK_FALSE(is_analysis_message(move));
  CHECK(decode_request(analysis).error() == "an analysis request is not a move request");
  CHECK(decode_reply(encode(AnalysisSnapshot{})).error() == "the AI sent an analysis, not a move");
  // A move request is no analysis: its keys are not an analysis's, and it has no type line.
  CHECK(decode_analysis_request(move).error() == "analysis request: no 'type analysis' line");
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
      {head + board + "reproducible 2\n", "analysis request: line 4 'reproducible 2': reproducible '2' must be 0 or 1"},
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
      {head + "move c4 exact 4\n", "the AI's analysis: line 3 'move c4 exact 4': a move needs SQUARE KIND VALUE DEPTH [LINE]"},
      {head + "move c4 exact 4 20 c4 d3\n", "the AI's analysis: line 3 'move c4 exact 4 20 c4 d3': a move needs SQUARE KIND VALUE DEPTH [LINE]"},
      {head + "move c4 exact 4 20 x\n", "the AI's analysis: line 3 'move c4 exact 4 20 x': line: 'x' is not a square or pass"},
      {head + "move c4 exact 4 20 c4z9\n", "the AI's analysis: line 3 'move c4 exact 4 20 c4z9': line: 'z9' is not a square or pass"},
      {head + "move c4 exact 4 20 " + std::string(122, 'a') + "\n",
       "the AI's analysis: line 3 'move c4 exact 4 20 " + std::string(61, 'a') + "': the line is longer than 60 moves"},
      {head + "move c4 exact 4 20\nmove C4 win 2 20\n",
       "the AI's analysis: line 4 'move C4 win 2 20': c4 is listed twice"},
      {head + "move c4 exact 4 20\nmove pass exact 2 20\n",
       "the AI's analysis: line 4 'move pass exact 2 20': a pass is the only entry of a position that must pass"},
      {head + "complete yes\n", "the AI's analysis: line 3 'complete yes': complete 'yes' must be 0 or 1"},
      {head + "done 2\n", "the AI's analysis: line 3 'done 2': done '2' must be 0 or 1"},
      {head + "nodes 1e3\n", "the AI's analysis: line 3 'nodes 1e3': nodes '1e3' is not a whole number"},
      {head + "time 1s\n", "the AI's analysis: line 3 'time 1s': time '1s' is not a number"},
  };
  for (const auto& [text, error] : replies) {
    INFO(text);
    const auto r = decode_analysis_reply(text);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == error);
  }
}

TEST_CASE("worker protocol: every malformed move line is refused, naming it", "[protocol]") {
  const std::string board = "board " + kBoard + "\n";
  const std::pair<std::string, std::string> requests[] = {
      {"id 1\nplayer level-1\n", "move request: no board"},
      {"id 1\n" + board, "move request: no player"},
      {"id 1\nplayer level-1\n" + board + "depth x\n", "move request: line 4 'depth x': depth 'x' is not a whole number"},
      {"id 1\nplayer level-1\n" + board + "time 1s\n", "move request: line 4 'time 1s': time '1s' is not a number"},
      {"id -1\nplayer level-1\n" + board, "move request: line 1 'id -1': id '-1' must be 0-18446744073709551615, without a sign"},
  };
  for (const auto& [text, error] : requests) {
    INFO(text);
    const auto r = decode_request(text);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == error);
  }
  const std::pair<std::string, std::string> replies[] = {
      {"id 1\n", "the AI's reply: no move"},
      {"id 1\nmove z9\n", "the AI's reply: line 2 'move z9': 'z9' is not a square or pass"},
      {"id 1\nmove c4\nexact 2\n", "the AI's reply: line 3 'exact 2': exact '2' must be 0 or 1"},
      {"id 1\nmove c4\nprobable 0\n", "the AI's reply: line 3 'probable 0': probable must be above 0"},
      {"id 1\nmove c4\npv c4z9\n", "the AI's reply: line 3 'pv c4z9': 'z9' is not a square or pass"},
  };
  for (const auto& [text, error] : replies) {
    INFO(text);
    const auto r = decode_reply(text);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == error);
  }
}

// The one decoding rule (web_ai_protocol.h): a key a decoder does not know is
// ignored, in every message, so a page and a worker of different builds still
// understand each other when one side adds a key.
TEST_CASE("worker protocol: unknown keys are ignored in every message", "[protocol][analysis]") {
  const std::string board = "board " + kBoard + "\n";
  const auto move = decode_request("id 3\nplayer level-2\n" + board + "colour blue\ndepth 5\n");
  REQUIRE(move.ok());
  CHECK(move->id == 3);
  CHECK(move->player == "level-2");
  CHECK(move->limits.depth == 5);
  const auto reply = decode_reply("id 3\nmove c4\nponder e3\n");
  REQUIRE(reply.ok());
  CHECK(reply->result.move == C4);
  const auto analysis = decode_analysis_request("type analysis\nid 4\n" + board + "depth 3\nmaxdepth 7\n");
  REQUIRE(analysis.ok());
  CHECK(analysis->id == 4);
  CHECK(analysis->position == kOpening);
  CHECK(analysis->max_depth == 7);
  const auto snapshot = decode_analysis_reply("type analysis\nid 4\nmove c4 exact 4 20\npv c4\ndone 1\n");
  REQUIRE(snapshot.ok());
  CHECK(snapshot->moves.size() == 1);
  CHECK(snapshot->done);
  // The type line still tells the kinds apart, and a known key's bad value is refused.
  CHECK_FALSE(decode_request("type analysis\nplayer level-1\n" + board).ok());
  CHECK(decode_analysis_request("type analysis\n" + board + "mpc 2\n").error() ==
        "analysis request: line 3 'mpc 2': mpc '2' must be 0 or 1");
}
#endif

}  // namespace reversi::web
