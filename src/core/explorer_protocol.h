// The explorer's requests and answers as text (core/explorer_query.h), for the page's
// game and its explorer worker (src/platform/web_explorer_client.cpp and
// explorer_worker.cpp): the worker is a separate program, so the two sides share this
// codec rather than a struct layout. Plain C++, tested natively and fuzzed.
//
// A message is lines (read and written by core/line_codec.h, as the AI worker's are); a
// line is fields separated by tabs, the first field its key:
//   request: ask (moves|games), id, position (a board string with the side to move),
//            player, tournament, year, limit, newest (1: the newest games first)
//   reply:   ask, id, error (its English), error_key and error_arg (name, value; one line
//            each) when the error has a catalog key (core/expected.h Error), games (the position's), move (square, games, black wins,
//            draws, white wins, black's average disc difference), count, player (name,
//            games, wins, draws), match (a name a part of a name matched), game (number,
//            year, black's discs, theoretical, moves, black, white, tournament)
// Names never hold a tab or a line break (the encoder turns them into spaces). A line
// whose key is unknown is skipped, so a page and a worker of different builds still
// understand each other; a known key with a malformed value, or a missing id or ask, is
// refused with the message, the line and what is wrong.
#pragma once

#include <string>
#include <string_view>

#include "core/expected.h"
#include "core/explorer_query.h"

namespace reversi {

std::string encode(const ExplorerRequest& request);
Expected<ExplorerRequest> decode_explorer_request(std::string_view text);
std::string encode(const ExplorerReply& reply);
Expected<ExplorerReply> decode_explorer_reply(std::string_view text);

}  // namespace reversi
