// The game's options (src/ui/options.cpp, no SDL): URL query strings
// (parse_query_string, with %XX and '+' decoding) and desktop flags (parse_flags).
// An input starting with '-' is a list of flags, one argument a line; anything else
// is a query string.
// Properties: the result names only players of the list and values in range; it
// prints (to_query_string) to a query that parses back to the same options without
// a message, as flags too; resolve() leaves it unchanged.
#include "engine/player.h"
#include "fuzz_check.h"
#include "ui/options.h"

using namespace reversi;
using namespace reversi::ui;

namespace {

bool known(const std::vector<PlayerInfo>& players, const std::string& name) {
  for (const auto& p : players)
    if (p.name == name) return true;
  return false;
}

void check_seat(const std::vector<PlayerInfo>& players, const Seat& seat) {
  if (seat.human) FUZZ_CHECK(seat.player.empty());
  else FUZZ_CHECK(known(players, seat.player));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<PlayerInfo> players = player_list();
  const std::string_view input = fuzz::text(data, size);

  ParsedOptions parsed;
  if (!input.empty() && input.front() == '-') {
    std::vector<std::string> args;
    std::string_view rest = input;
    while (!rest.empty()) {
      const std::size_t newline = rest.find('\n');
      args.emplace_back(rest.substr(0, newline));
      rest = newline == std::string_view::npos ? std::string_view{} : rest.substr(newline + 1);
    }
    parsed = parse_flags(args, players);
  } else {
    parsed = parse_query_string(input, players);
  }
  const Options& o = parsed.options;
  check_seat(players, o.black);
  check_seat(players, o.white);
  FUZZ_CHECK(known(players, o.hint_player));
  FUZZ_CHECK(o.flip_ms >= 0 && o.flip_ms <= 2000);
  FUZZ_CHECK(o.pause_ms >= 0 && o.pause_ms <= 10000);
  FUZZ_CHECK(resolve(o, players) == o);

  const std::string query = to_query_string(o);
  const ParsedOptions again = parse_query_string(query, players);
  FUZZ_CHECK(again.messages.empty());
  FUZZ_CHECK(again.options == o);
  FUZZ_CHECK(to_query_string(again.options) == query);

  // The same as desktop flags: --key=value. A flag's value is not URL-encoded: the one
  // escape to_query_string writes, the clock's '+' as %2B, is undone.
  std::vector<std::string> flags;
  std::string_view q = query;
  while (!q.empty()) {
    const std::size_t amp = q.find('&');
    std::string flag = "--" + std::string(q.substr(0, amp));
    for (std::size_t at; (at = flag.find("%2B")) != std::string::npos;) flag.replace(at, 3, "+");
    flags.push_back(std::move(flag));
    q = amp == std::string_view::npos ? std::string_view{} : q.substr(amp + 1);
  }
  const ParsedOptions from_flags = parse_flags(flags, players);
  FUZZ_CHECK(from_flags.messages.empty());
  FUZZ_CHECK(from_flags.options == o);
  return 0;
}
