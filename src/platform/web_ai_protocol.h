// The codec of the messages between the page and the AI Web Worker
// (ai_worker.cpp), as plain "key value" lines. emscripten_call_worker copies
// bytes both ways, so text keeps both sides simple to read in a debugger and
// free of struct-layout worries. No Emscripten or SDL here: the encoding is
// plain C++ shared by both programs. It serialises the engine's request and
// reply types (engine/request.h) as they are: the page's client encodes the
// MoveRequest / AnalysisRequest the controller made, the worker decodes the
// same type and hands it to its RequestRunner, and back.
//
// One decoding rule for every message, on the line codec the explorer's protocol
// uses too (core/line_codec.h): lines are read one by one ("key value", the key up
// to the first space; empty lines skipped, '\r's at a line's end dropped); a line whose key the
// decoder does not know is ignored, so a page and a worker of different builds
// (an old page from the browser's cache with a new worker, or the reverse,
// where no service worker keeps them together) still understand each other
// when one side adds a key; a known key with a malformed value, a missing
// required key, or a message of the other kind is refused, naming the message,
// the line and its text: "the AI's analysis: line 3 'done 2': done '2' must be
// 0 or 1". A key given twice: the last one counts (analysis moves: each line
// is one move).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "engine/player.h"
#include "engine/request.h"

namespace reversi::web {

// Move messages:
//   request: id, player, board, depth, empties, time, nodes, seed (the
//            MoveRequest and its SearchLimits; `stop` is not sent)
//   reply:   id, move, score (if any), exact, depth, probable (if any), nodes,
//            time, pv (if any); or id and error
std::string encode(const MoveRequest& request);
Expected<MoveRequest> decode_request(std::string_view text);
std::string encode(const MoveReply& reply);
Expected<MoveReply> decode_reply(std::string_view text);

// Analyses (RequestRunner::analyze) run in slices (SlicedAnalysis,
// sliced_analysis.h), because the page cannot stop a worker's call: each
// request asks for up to time_ms more on a position and the worker continues
// its last analysis when the position and options are the same. Both messages
// start with the line "type analysis", which is how the worker's one entry
// point (ai_choose) tells them from move requests.
//   request: type, id, board, time (this slice's budget in ms), maxdepth, solve, mpc,
//            reproducible (`stop`, `deadline` and `evaluator` are not sent)
//   reply:   type, id, one "move SQUARE|pass KIND VALUE DEPTH [LINE]" line per move
//            (best first; LINE the move's pv run together, "f5d6c3"), complete, done (0: a provisional improvement during the
//            slice, 1: the slice's last reply), nodes, time; or id and error
std::string encode(const AnalysisRequest& request);
Expected<AnalysisRequest> decode_analysis_request(std::string_view text);
// The reply is a snapshot: id, moves, complete, done, nodes, time_ms, error.
std::string encode(const AnalysisSnapshot& reply);
Expected<AnalysisSnapshot> decode_analysis_reply(std::string_view text);
// True when a message to or from the worker is an analysis (has "type analysis").
bool is_analysis_message(std::string_view text);

// The worker's answer to "hello": every player it can run, one "name\tdescription" a line.
std::string encode_players(const std::vector<PlayerInfo>& players);
std::vector<PlayerInfo> decode_players(std::string_view text);

}  // namespace reversi::web
