// The web worker's messages (src/platform/web_ai_protocol.cpp): every input goes
// through decode_request, decode_reply, decode_analysis_request,
// decode_analysis_reply and decode_players.
// Properties: encode(decode(x)) decodes to the same message (field by field) and
// is a fixed point of encode(decode(.)); a message is a move message or an
// analysis, never both; an analysis reply lists each move once, best first;
// the player list survives a round trip (descriptions lose only their tabs).
// The same input also goes through the explorer's codec (core/explorer_protocol.h, the
// game and its explorer worker): a message read is written back to a fixed point, and
// what that text reads back to is the same message field by field.
#include <cmath>

#include "fuzz_check.h"
#include "core/explorer_protocol.h"
#include "platform/web_ai_protocol.h"

using namespace reversi;
using namespace reversi::web;

namespace {

bool same_double(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

bool same(const MoveRequest& a, const MoveRequest& b) {
  const SearchLimits &x = a.limits, &y = b.limits;
  return a.id == b.id && a.player == b.player && a.position == b.position && x.depth == y.depth &&
         x.endgame_empties == y.endgame_empties && same_double(x.time_ms, y.time_ms) &&
         x.nodes == y.nodes && same_double(x.clock_ms, y.clock_ms) &&
         same_double(x.increment_ms, y.increment_ms) && a.seed == b.seed && a.game == b.game;
}

bool same(const MoveReply& a, const MoveReply& b) {
  if (a.id != b.id || a.error != b.error) return false;
  if (!a.error.empty()) return true;  // an error reply carries no result
  const SearchResult &x = a.result, &y = b.result;
  return x.move == y.move && x.has_score == y.has_score && (!x.has_score || same_double(x.score, y.score)) &&
         x.exact == y.exact && x.depth == y.depth && same_double(x.probable_t, y.probable_t) &&
         x.pv == y.pv && x.nodes == y.nodes && same_double(x.time_ms, y.time_ms) &&
         same_double(x.think_ms, y.think_ms);
}

bool same(const AnalysisRequest& x, const AnalysisRequest& y) {
  return x.id == y.id && x.position == y.position && same_double(x.time_ms, y.time_ms) &&
         x.max_depth == y.max_depth && x.solve_empties == y.solve_empties && x.mpc == y.mpc;
}

bool same(const AnalysisSnapshot& a, const AnalysisSnapshot& b) {
  return a.id == b.id && a.error == b.error && a.moves == b.moves && a.complete == b.complete &&
         a.done == b.done && a.nodes == b.nodes && same_double(a.time_ms, b.time_ms);
}

bool same(const ExplorerRequest& a, const ExplorerRequest& b) { return a == b; }

// An explorer reply's error: its English, catalog key and arguments (no cause crosses).
bool same(const Error& a, const Error& b) { return a.message == b.message && a.key == b.key && a.args == b.args; }

bool same(const ExplorerReply& a, const ExplorerReply& b) {
  const ExplorerGames &x = a.games, &y = b.games;
  if (x.games.size() != y.games.size()) return false;
  for (std::size_t i = 0; i < x.games.size(); ++i) {
    const DatabaseGame &g = x.games[i], &h = y.games[i];
    if (g.number != h.number || g.year != h.year || g.black != h.black || g.white != h.white ||
        g.tournament != h.tournament || g.black_discs != h.black_discs ||
        g.theoretical_black != h.theoretical_black || g.moves != h.moves)
      return false;
  }
  return a.id == b.id && a.ask == b.ask && same(a.error, b.error) && a.statistics.games == b.statistics.games &&
         a.statistics.moves == b.statistics.moves && x.count == y.count && x.player == y.player &&
         x.player_games == y.player_games && x.player_wins == y.player_wins && x.player_draws == y.player_draws &&
         x.players == y.players;
}

// decode, encode, decode: the same message, and encoding again gives the same text.
// `same_as_input` false (the explorer's codec: names lose their line breaks on the first
// writing): the message read from the input is not compared, and what it writes must
// pass the whole round trip (read back the same, a fixed point).
template <class Decode>
void round_trip(std::string_view input, Decode decode, bool same_as_input = true) {
  const auto message = decode(input);
  if (!message) {
    FUZZ_CHECK(!message.error().empty());
    return;
  }
  const std::string encoded = encode(*message);
  const auto again = decode(encoded);
  FUZZ_CHECK(again.ok());
  if (same_as_input) FUZZ_CHECK(same(*message, *again));
  FUZZ_CHECK(encode(*again) == encoded);
  if (!same_as_input) round_trip(encoded, decode);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input = fuzz::text(data, size);

  if (const auto request = decode_request(input)) {
    FUZZ_CHECK(!request->player.empty());
    const std::string encoded = encode(*request);
    const auto again = decode_request(encoded);
    FUZZ_CHECK(again.ok());
    FUZZ_CHECK(same(*request, *again));
    FUZZ_CHECK(encode(*again) == encoded);
  } else {
    FUZZ_CHECK(!request.error().empty());
  }

  if (const auto reply = decode_reply(input)) {
    const std::string encoded = encode(*reply);
    const auto again = decode_reply(encoded);
    FUZZ_CHECK(again.ok());
    FUZZ_CHECK(same(*reply, *again));
    FUZZ_CHECK(encode(*again) == encoded);
  } else {
    FUZZ_CHECK(!reply.error().empty());
  }

  round_trip(input, decode_analysis_request);
  round_trip(input, decode_analysis_reply);
  if (is_analysis_message(input)) {
    FUZZ_CHECK(!decode_request(input).ok());
    FUZZ_CHECK(!decode_reply(input).ok());
  } else {
    FUZZ_CHECK(!decode_analysis_request(input).ok());
    FUZZ_CHECK(!decode_analysis_reply(input).ok());
  }
  if (const auto reply = decode_analysis_reply(input); reply && reply->ok()) {
    for (std::size_t i = 0; i < reply->moves.size(); ++i) {
      if (i > 0) FUZZ_CHECK(reply->moves[i - 1].value >= reply->moves[i].value);
      for (std::size_t j = 0; j < i; ++j) FUZZ_CHECK(reply->moves[j].move != reply->moves[i].move);
    }
  }

  round_trip(input, decode_explorer_request, false);
  round_trip(input, decode_explorer_reply, false);

  const std::vector<PlayerInfo> players = decode_players(input);
  const std::vector<PlayerInfo> again = decode_players(encode_players(players));
  FUZZ_CHECK(again.size() == players.size());
  for (std::size_t i = 0; i < players.size(); ++i) {
    FUZZ_CHECK(again[i].name == players[i].name);
    std::string description = players[i].description;
    for (char& c : description) if (c == '\t') c = ' ';
    FUZZ_CHECK(again[i].description == description);
  }
  return 0;
}
