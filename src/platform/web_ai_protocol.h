// The messages between the page and the AI Web Worker (ai_worker.cpp), as plain
// "key value" lines. emscripten_call_worker copies bytes both ways, so text keeps
// both sides simple to read in a debugger and free of struct-layout worries.
// No Emscripten or SDL here: the encoding is plain C++ shared by both programs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/position.h"
#include "engine/player.h"

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

// The worker's answer to "hello": every player it can run, one "name\tdescription" a line.
std::string encode_players(const std::vector<PlayerInfo>& players);
std::vector<PlayerInfo> decode_players(std::string_view text);

}  // namespace reversi::web
