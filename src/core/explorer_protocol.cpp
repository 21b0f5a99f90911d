#include "core/explorer_protocol.h"

#include <vector>

#include "core/line_codec.h"
#include "core/notation.h"
#include "core/square.h"

namespace reversi {
namespace {

constexpr char kTab = '\t';

void line(std::string& out, std::string_view key, std::initializer_list<std::string_view> fields) {
  write_protocol_line(out, key, fields, kTab);
}

std::string_view ask_name(ExplorerAsk ask) { return ask == ExplorerAsk::Moves ? "moves" : "games"; }

// Reads every line of `text` (core/line_codec.h): `take(fields)` for each (fields[0] the
// key), which returns what is wrong with a malformed line ("" when it is fine).
Status read_lines(std::string_view what, std::string_view text,
                  FnRef<std::string(const std::vector<std::string_view>&)> take) {
  return read_protocol_lines(what, text, kTab, [&](const ProtocolLine& l) {
    std::vector<std::string_view> f = l.fields(kTab);
    f.insert(f.begin(), l.key);
    return take(f);
  });
}

template <class T>
std::string number(std::string_view text, T& out, T min, T max) {
  return read_number_field<T>("", text, out, min, max);
}
std::string ask_of(std::string_view text, ExplorerAsk& out, bool& seen) {
  seen = true;
  if (text == "moves") out = ExplorerAsk::Moves;
  else if (text == "games") out = ExplorerAsk::Games;
  else return quote(text.substr(0, 20)) + " is not moves or games";
  return {};
}
bool arity(const std::vector<std::string_view>& f, std::size_t n) { return f.size() == n; }
constexpr std::string_view kFields = "the wrong number of fields";

}  // namespace

std::string encode(const ExplorerRequest& r) {
  std::string out;
  line(out, "ask", {std::string(ask_name(r.ask))});
  line(out, "id", {std::to_string(r.id)});
  const std::optional<Position>& where = r.ask == ExplorerAsk::Moves ? std::optional<Position>(r.position)
                                                                     : r.filter.position;
  if (where) line(out, "position", {to_board_string(*where)});
  if (r.filter.player) line(out, "player", {protocol_field(*r.filter.player)});
  if (r.filter.tournament) line(out, "tournament", {protocol_field(*r.filter.tournament)});
  if (r.filter.year) line(out, "year", {std::to_string(*r.filter.year)});
  line(out, "limit", {std::to_string(r.limit)});
  if (r.newest_first) line(out, "newest", {"1"});
  return out;
}

Expected<ExplorerRequest> decode_explorer_request(std::string_view text) {
  ExplorerRequest r;
  bool have_ask = false, have_id = false;
  std::optional<Position> position;
  const Status read = read_lines("explorer request", text, [&](const std::vector<std::string_view>& f) -> std::string {
    const std::string_view key = f[0];
    const bool two = arity(f, 2);
    if (key == "ask") return two ? ask_of(f[1], r.ask, have_ask) : std::string(kFields);
    if (key == "id") return have_id = true, two ? number<std::uint64_t>(f[1], r.id, 1, ~0ULL) : std::string(kFields);
    if (key == "position") {
      if (!two) return std::string(kFields);
      Position p;
      if (std::string e = read_board_field(f[1], p); !e.empty()) return e;
      position = p;
      return {};
    }
    if (key == "player") return two ? (r.filter.player = std::string(f[1]), "") : std::string(kFields);
    if (key == "tournament") return two ? (r.filter.tournament = std::string(f[1]), "") : std::string(kFields);
    if (key == "year") {
      int y = 0;
      if (!two) return std::string(kFields);
      if (std::string e = number<int>(f[1], y, 1, 9999); !e.empty()) return e;
      r.filter.year = y;
      return {};
    }
    if (key == "limit") return two ? number<std::size_t>(f[1], r.limit, 0, 100000) : std::string(kFields);
    if (key == "newest") return two ? (r.newest_first = f[1] == "1", "") : std::string(kFields);
    return {};  // a key of a later build
  });
  if (!read) return Error{read.error()};
  if (!have_ask || !have_id) return Error{"explorer request: no ask or no id"};
  if (r.ask == ExplorerAsk::Moves) {
    if (!position) return Error{"explorer request: no position to explore"};
    r.position = *position;
  } else {
    r.filter.position = position;
  }
  return r;
}

std::string encode(const ExplorerReply& r) {
  std::string out;
  line(out, "ask", {std::string(ask_name(r.ask))});
  line(out, "id", {std::to_string(r.id)});
  if (!r.error.message.empty()) {
    // The English first (all a reader of an older build takes), then its key and arguments.
    line(out, "error", {protocol_field(r.error.message)});
    if (!r.error.key.empty()) line(out, "error_key", {protocol_field(r.error.key)});
    for (const auto& [name, value] : r.error.args) line(out, "error_arg", {protocol_field(name), protocol_field(value)});
    return out;
  }
  if (r.ask == ExplorerAsk::Moves) {
    line(out, "games", {std::to_string(r.statistics.games)});
    for (const MoveStatistics& m : r.statistics.moves) {
      line(out, "move", {square_name(m.square), std::to_string(m.games), std::to_string(m.black_wins),
                         std::to_string(m.draws), std::to_string(m.white_wins), protocol_number(m.average_difference)});
    }
    return out;
  }
  const ExplorerGames& g = r.games;
  line(out, "count", {std::to_string(g.count)});
  if (g.player)
    line(out, "player", {protocol_field(*g.player), std::to_string(g.player_games), std::to_string(g.player_wins),
                         std::to_string(g.player_draws)});
  if (g.rating) {
    const auto year = [](const PlayerYear& y) {
      return std::to_string(y.year) + '\t' + std::to_string(y.rating) + '\t' + std::to_string(y.deviation) + '\t' +
             std::to_string(y.games);
    };
    line(out, "rating", {year(g.rating->latest), year(g.rating->peak), std::to_string(g.rating->games)});
  }
  for (const std::string& name : g.players) line(out, "match", {protocol_field(name)});
  for (const DatabaseGame& d : g.games)
    line(out, "game", {std::to_string(d.number), std::to_string(d.year), std::to_string(d.black_discs),
                       std::to_string(d.theoretical_black), to_transcript(d.moves), protocol_field(d.black), protocol_field(d.white),
                       protocol_field(d.tournament)});
  return out;
}

Expected<ExplorerReply> decode_explorer_reply(std::string_view text) {
  ExplorerReply r;
  bool have_ask = false, have_id = false;
  const Status read = read_lines("the explorer's answer", text, [&](const std::vector<std::string_view>& f) -> std::string {
    const std::string_view key = f[0];
    const bool two = arity(f, 2);
    if (key == "ask") return two ? ask_of(f[1], r.ask, have_ask) : std::string(kFields);
    if (key == "id") return have_id = true, two ? number<std::uint64_t>(f[1], r.id, 1, ~0ULL) : std::string(kFields);
    if (key == "error") return two ? (r.error.message = std::string(f[1]), "") : std::string(kFields);
    if (key == "error_key") return two ? (r.error.key = std::string(f[1]), "") : std::string(kFields);
    if (key == "error_arg")
      return arity(f, 3) ? (r.error.args.emplace_back(f[1], f[2]), "") : std::string(kFields);
    if (key == "games") return two ? number<std::uint32_t>(f[1], r.statistics.games, 0, ~0U) : std::string(kFields);
    if (key == "move") {
      if (!arity(f, 7)) return std::string(kFields);
      MoveStatistics m;
      if (std::string e = read_square_field(f[1], m.square); !e.empty()) return e;
      for (auto [i, out] : {std::pair{2, &m.games}, {3, &m.black_wins}, {4, &m.draws}, {5, &m.white_wins}})
        if (std::string e = number<std::uint32_t>(f[std::size_t(i)], *out, 0, ~0U); !e.empty()) return e;
      if (std::string e = number<double>(f[6], m.average_difference, -64, 64); !e.empty()) return e;
      r.statistics.moves.push_back(m);
      return {};
    }
    ExplorerGames& g = r.games;
    if (key == "count") return two ? number<std::uint32_t>(f[1], g.count, 0, ~0U) : std::string(kFields);
    if (key == "match") return two ? (g.players.emplace_back(f[1]), "") : std::string(kFields);
    if (key == "player") {
      if (!arity(f, 5)) return std::string(kFields);
      g.player = std::string(f[1]);
      for (auto [i, out] : {std::pair{2, &g.player_games}, {3, &g.player_wins}, {4, &g.player_draws}})
        if (std::string e = number<std::uint32_t>(f[std::size_t(i)], *out, 0, ~0U); !e.empty()) return e;
      return {};
    }
    if (key == "rating") {
      if (!arity(f, 10) || !g.player) return std::string(kFields);
      PlayerRatingSummary s;
      s.name = *g.player;
      std::size_t i = 1;
      for (PlayerYear* y : {&s.latest, &s.peak})
        for (auto [out, max] : {std::pair{&y->year, 9999}, {&y->rating, 0xFFFF}, {&y->deviation, 0xFFFF}, {&y->games, 0xFFFF}})
          if (std::string e = number<int>(f[i++], *out, 0, max); !e.empty()) return e;
      if (std::string e = number<int>(f[9], s.games, 0, 0x7FFFFFFF); !e.empty()) return e;
      g.rating = std::move(s);
      return {};
    }
    if (key == "game") {
      if (!arity(f, 9)) return std::string(kFields);
      DatabaseGame d;
      if (std::string e = number<std::uint32_t>(f[1], d.number, 1, ~0U); !e.empty()) return e;
      if (std::string e = number<int>(f[2], d.year, 0, 9999); !e.empty()) return e;
      if (std::string e = number<int>(f[3], d.black_discs, 0, 64); !e.empty()) return e;
      if (std::string e = number<int>(f[4], d.theoretical_black, 0, 64); !e.empty()) return e;
      const auto moves = parse_transcript(f[5]);
      if (!moves) return moves.error();
      d.moves = *moves;
      d.black = std::string(f[6]);
      d.white = std::string(f[7]);
      d.tournament = std::string(f[8]);
      g.games.push_back(std::move(d));
      return {};
    }
    return {};  // a key of a later build
  });
  if (!read) return Error{read.error()};
  if (!have_ask || !have_id) return Error{"the explorer's answer: no ask or no id"};
  return r;
}

}  // namespace reversi
