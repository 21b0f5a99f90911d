// The web worker's messages (src/platform/web_ai_protocol.cpp): every input goes
// through decode_request, decode_reply and decode_players.
// Properties: encode(decode(x)) decodes to the same message (field by field) and
// is a fixed point of encode(decode(.)); the player list survives a round trip
// (descriptions lose only their tabs).
#include <cmath>

#include "fuzz_check.h"
#include "platform/web_ai_protocol.h"

using namespace reversi;
using namespace reversi::web;

namespace {

bool same_double(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

bool same(const WorkerRequest& a, const WorkerRequest& b) {
  return a.id == b.id && a.player == b.player && a.position == b.position && a.depth == b.depth &&
         a.endgame_empties == b.endgame_empties && same_double(a.time_ms, b.time_ms) &&
         a.nodes == b.nodes && a.seed == b.seed;
}

bool same(const WorkerReply& a, const WorkerReply& b) {
  if (a.id != b.id || a.error != b.error) return false;
  if (!a.error.empty()) return true;  // an error reply carries no result
  const SearchResult &x = a.result, &y = b.result;
  return x.move == y.move && x.has_score == y.has_score && (!x.has_score || same_double(x.score, y.score)) &&
         x.exact == y.exact && x.depth == y.depth && same_double(x.probable_t, y.probable_t) &&
         x.pv == y.pv && x.nodes == y.nodes && same_double(x.time_ms, y.time_ms);
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
