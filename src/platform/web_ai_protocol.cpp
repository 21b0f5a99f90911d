#include "platform/web_ai_protocol.h"

#include <cstdio>

#include "core/notation.h"
#include "core/parse_number.h"

namespace reversi::web {
namespace {

// Calls fn(key, value) for every "key value" line.
template <class Fn>
void for_each_line(std::string_view text, Fn fn) {
  while (!text.empty()) {
    const auto end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    if (line.empty()) continue;
    const auto space = line.find(' ');
    fn(line.substr(0, space), space == std::string_view::npos ? std::string_view{} : line.substr(space + 1));
  }
}

// A whole-text number of the field's type (core/parse_number.h: nothing after it).
template <class T>
bool parse_number(std::string_view text, T& out) {
  if constexpr (std::is_floating_point_v<T>) {
    const auto value = parse_double({}, text, -1e300, 1e300);
    if (value) out = static_cast<T>(*value);
    return value.ok();
  } else {
    const auto value = parse_int<T>({}, text);
    if (value) out = *value;
    return value.ok();
  }
}

std::string number(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", x);
  return buffer;
}

Square parse_move(std::string_view text) {
  if (text == "pass") return PASS;
  if (auto s = parse_square(text)) return *s;
  return NO_SQUARE;
}

}  // namespace

std::string encode(const WorkerRequest& r) {
  std::string out;
  out += "id " + std::to_string(r.id) + "\n";
  out += "player " + r.player + "\n";
  out += "board " + to_board_string(r.position) + "\n";
  out += "depth " + std::to_string(r.depth) + "\n";
  out += "empties " + std::to_string(r.endgame_empties) + "\n";
  out += "time " + number(r.time_ms) + "\n";
  out += "nodes " + std::to_string(r.nodes) + "\n";
  out += "seed " + std::to_string(r.seed) + "\n";
  return out;
}

Expected<WorkerRequest> decode_request(std::string_view text) {
  WorkerRequest r;
  std::string error;
  bool have_board = false;
  for_each_line(text, [&](std::string_view key, std::string_view value) {
    if (!error.empty()) return;
    bool ok = true;
    if (key == "id") ok = parse_number(value, r.id);
    else if (key == "player") r.player = std::string(value);
    else if (key == "board") {
      auto p = parse_board_string(value);
      if (p) { r.position = *p; have_board = true; }
      else error = "bad board: " + p.error();
    }
    else if (key == "depth") ok = parse_number(value, r.depth);
    else if (key == "empties") ok = parse_number(value, r.endgame_empties);
    else if (key == "time") ok = parse_number(value, r.time_ms);
    else if (key == "nodes") ok = parse_number(value, r.nodes);
    else if (key == "seed") ok = parse_number(value, r.seed);
    if (!ok && error.empty()) error = "bad value for '" + std::string(key) + "'";
  });
  if (error.empty() && !have_board) error = "request without a board";
  if (error.empty() && r.player.empty()) error = "request without a player";
  if (!error.empty()) return Error{error};
  return r;
}

std::string encode(const WorkerReply& r) {
  std::string out;
  out += "id " + std::to_string(r.id) + "\n";
  if (!r.error.empty()) {
    std::string message = r.error;
    for (char& c : message) if (c == '\n') c = ' ';
    out += "error " + message + "\n";
    return out;
  }
  const SearchResult& s = r.result;
  out += "move " + square_name(s.move) + "\n";
  if (s.has_score) out += "score " + number(s.score) + "\n";
  out += "exact " + std::string(s.exact ? "1" : "0") + "\n";
  out += "depth " + std::to_string(s.depth) + "\n";
  if (s.probable_t > 0) out += "probable " + number(s.probable_t) + "\n";
  out += "nodes " + std::to_string(s.nodes) + "\n";
  out += "time " + number(s.time_ms) + "\n";
  std::string pv;
  for (Square sq : s.pv) pv += square_name(sq);
  if (!pv.empty()) out += "pv " + pv + "\n";
  return out;
}

Expected<WorkerReply> decode_reply(std::string_view text) {
  WorkerReply r;
  std::string error;
  bool have_move = false;
  for_each_line(text, [&](std::string_view key, std::string_view value) {
    if (!error.empty()) return;
    bool ok = true;
    SearchResult& s = r.result;
    if (key == "id") ok = parse_number(value, r.id);
    else if (key == "error") r.error = value.empty() ? "unknown error" : std::string(value);
    else if (key == "move") { s.move = parse_move(value); ok = s.move != NO_SQUARE; have_move = ok; }
    else if (key == "score") { ok = parse_number(value, s.score); s.has_score = ok; }
    else if (key == "exact") s.exact = value == "1";
    else if (key == "depth") ok = parse_number(value, s.depth);
    else if (key == "probable") ok = parse_number(value, s.probable_t) && s.probable_t > 0;
    else if (key == "nodes") ok = parse_number(value, s.nodes);
    else if (key == "time") ok = parse_number(value, s.time_ms);
    else if (key == "pv") {
      // Square names are two characters; "pass" four.
      for (std::size_t i = 0; i < value.size();) {
        const std::size_t len = value.substr(i, 4) == "pass" ? 4 : 2;
        const Square sq = parse_move(value.substr(i, len));
        if (sq == NO_SQUARE) { ok = false; break; }
        s.pv.push_back(sq);
        i += len;
      }
    }
    if (!ok && error.empty()) error = "bad value for '" + std::string(key) + "' in the AI's reply";
  });
  if (!error.empty()) return Error{error};
  if (r.error.empty() && !have_move) return Error{"the AI's reply has no move"};
  return r;
}

std::string encode_players(const std::vector<PlayerInfo>& players) {
  std::string out;
  for (const PlayerInfo& p : players) {
    std::string description = p.description;
    for (char& c : description) if (c == '\n' || c == '\t') c = ' ';
    out += p.name + "\t" + description + "\n";
  }
  return out;
}

std::vector<PlayerInfo> decode_players(std::string_view text) {
  std::vector<PlayerInfo> players;
  while (!text.empty()) {
    const auto end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    if (line.empty()) continue;
    const auto tab = line.find('\t');
    players.push_back({std::string(line.substr(0, tab)),
                       tab == std::string_view::npos ? "" : std::string(line.substr(tab + 1))});
  }
  return players;
}

}  // namespace reversi::web
