#include "platform/web_ai_protocol.h"

#include <algorithm>

#include "core/line_codec.h"
#include "core/notation.h"

namespace reversi::web {
namespace {

constexpr std::string_view kAnalysisType = "analysis";

// The one decoding rule (web_ai_protocol.h) on the line codec (core/line_codec.h: "key
// value" lines): fn(key, value) reads the keys it knows and returns "" or why the value is
// wrong, and "" for any other key (it is ignored). An analysis message must have the line
// "type analysis" (any other type is refused); a move message has no type line (the
// decoders refuse an analysis before reading it). The error names the message, the line
// and its text.
constexpr char kSpace = ' ';
using KeyReader = FnRef<std::string(std::string_view key, std::string_view value)>;
Status read_message(std::string_view what, bool analysis, std::string_view text, KeyReader fn) {
  bool typed = false;
  const Status read = read_protocol_lines(what, text, kSpace, [&](const ProtocolLine& line) -> std::string {
    if (analysis && line.key == "type") {
      typed = true;
      return line.value != kAnalysisType ? "this decoder reads analyses only" : "";
    }
    return fn(line.key, line.value);
  });
  if (!read) return read;
  if (analysis && !typed) return Error{std::string(what) + ": no 'type analysis' line"};
  return {};
}

// A board (core/line_codec.h), `have` set once one was read.
std::string read_board(std::string_view text, Position& out, bool& have) {
  std::string why = read_board_field(text, out);
  have = have || why.empty();
  return why;
}

// A line as read_pv reads it: the squares' names run together.
std::string write_pv(const std::vector<Square>& pv) {
  std::string out;
  for (Square sq : pv) out += square_name(sq);
  return out;
}

// "c4passe3": square names are two characters, "pass" four.
std::string read_pv(std::string_view text, std::vector<Square>& out) {
  out.clear();
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t len = text.substr(i, 4) == "pass" ? 4 : 2;
    Square sq = NO_SQUARE;
    if (std::string why = read_square_field(text.substr(i, len), sq, true); !why.empty()) return why;
    out.push_back(sq);
    i += len;
  }
  return "";
}

}  // namespace

bool is_analysis_message(std::string_view text) {
  bool found = false;
  for_each_protocol_line(text, kSpace, [&](const ProtocolLine& line) {
    found = line.key == "type" && line.value == kAnalysisType;
    return !found;
  });
  return found;
}

std::string encode(const MoveRequest& r) {
  const SearchLimits& l = r.limits;
  std::string out;
  out += "id " + std::to_string(r.id) + "\n";
  out += "player " + r.player + "\n";
  out += "board " + to_board_string(r.position) + "\n";
  out += "depth " + std::to_string(l.depth) + "\n";
  out += "empties " + std::to_string(l.endgame_empties) + "\n";
  out += "time " + protocol_number(l.time_ms) + "\n";
  out += "nodes " + std::to_string(l.nodes) + "\n";
  // Each written when it is set, so that what is read is written back whole.
  if (l.clock_ms > 0) out += "clock " + protocol_number(l.clock_ms) + "\n";
  if (l.increment_ms > 0) out += "increment " + protocol_number(l.increment_ms) + "\n";
  out += "seed " + std::to_string(r.seed) + "\n";
  if (r.game) out += "game " + std::to_string(r.game) + "\n";
  return out;
}

Expected<MoveRequest> decode_request(std::string_view text) {
  if (is_analysis_message(text)) return Error{"an analysis request is not a move request"};
  MoveRequest r;
  SearchLimits& l = r.limits;
  bool have_board = false;
  const Status read = read_message("move request", false, text, [&](std::string_view key, std::string_view value) -> std::string {
    if (key == "id") return read_number_field(key, value, r.id);
    if (key == "player") { r.player = std::string(value); return ""; }
    if (key == "board") return read_board(value, r.position, have_board);
    if (key == "depth") return read_number_field(key, value, l.depth);
    if (key == "empties") return read_number_field(key, value, l.endgame_empties);
    if (key == "time") return read_number_field(key, value, l.time_ms);
    if (key == "nodes") return read_number_field(key, value, l.nodes);
    if (key == "clock") return read_number_field(key, value, l.clock_ms, 0.0, 1e10);
    if (key == "increment") return read_number_field(key, value, l.increment_ms, 0.0, 1e8);
    if (key == "seed") return read_number_field(key, value, r.seed);
    if (key == "game") return read_number_field(key, value, r.game);
    return "";
  });
  if (!read) return Error{read.error()};
  if (!have_board) return Error{"move request: no board"};
  if (r.player.empty()) return Error{"move request: no player"};
  return r;
}

std::string encode(const MoveReply& r) {
  std::string out;
  out += "id " + std::to_string(r.id) + "\n";
  if (!r.error.empty()) {
    return out + "error " + protocol_value(r.error) + "\n";
  }
  const SearchResult& s = r.result;
  out += "move " + square_name(s.move) + "\n";
  if (s.has_score) out += "score " + protocol_number(s.score) + "\n";
  out += "exact " + std::string(s.exact ? "1" : "0") + "\n";
  out += "depth " + std::to_string(s.depth) + "\n";
  if (s.probable_t > 0) out += "probable " + protocol_number(s.probable_t) + "\n";
  out += "nodes " + std::to_string(s.nodes) + "\n";
  out += "time " + protocol_number(s.time_ms) + "\n";
  if (s.think_ms > 0) out += "think " + protocol_number(s.think_ms) + "\n";
  if (!s.pv.empty()) out += "pv " + write_pv(s.pv) + "\n";
  return out;
}

Expected<MoveReply> decode_reply(std::string_view text) {
  if (is_analysis_message(text)) return Error{"the AI sent an analysis, not a move"};
  MoveReply r;
  SearchResult& s = r.result;
  const Status read = read_message("the AI's reply", false, text, [&](std::string_view key, std::string_view value) -> std::string {
    if (key == "id") return read_number_field(key, value, r.id);
    if (key == "error") {
      r.error = value.empty() ? "unknown error" : std::string(value);
      return "";
    }
    if (key == "move") return read_square_field(value, s.move, true);
    if (key == "score") {
      std::string why = read_number_field(key, value, s.score);
      s.has_score = why.empty();
      return why;
    }
    if (key == "exact") return read_flag_field(key, value, s.exact);
    if (key == "depth") return read_number_field(key, value, s.depth);
    if (key == "probable") {
      std::string why = read_number_field(key, value, s.probable_t);
      return why.empty() && !(s.probable_t > 0) ? "probable must be above 0" : why;
    }
    if (key == "nodes") return read_number_field(key, value, s.nodes);
    if (key == "time") return read_number_field(key, value, s.time_ms);
    if (key == "think") {
      std::string why = read_number_field(key, value, s.think_ms);
      return why.empty() && !(s.think_ms >= 0 && s.think_ms <= 3.6e6) ? "think must be 0-3600000 ms" : why;
    }
    if (key == "pv") return read_pv(value, s.pv);
    return "";
  });
  if (!read) return Error{read.error()};
  if (r.error.empty() && s.move == NO_SQUARE) return Error{"the AI's reply: no move"};
  return r;
}

namespace {

// "move f5 exact 4 20 f5d6c3": square or pass, kind, value (discs, -64..64), depth
// (0..60), and the line (MoveValue::pv) run together, when there is one.
std::string read_move_value(std::string_view text, std::vector<MoveValue>& moves) {
  std::vector<std::string_view> fields = split(text, kSpace);
  if (fields.size() < 4 || fields.size() > 5 || fields[3].empty()) return "a move needs SQUARE KIND VALUE DEPTH [LINE]";
  fields.resize(5);  // no line: ""
  MoveValue mv;
  if (std::string why = read_square_field(fields[0], mv.move, true); !why.empty()) return why;
  const auto kind = parse_value_kind(fields[1]);
  if (!kind) return quote(fields[1]) + " is not midgame, win, loss or exact";
  mv.kind = *kind;
  if (std::string why = read_number_field<double>("value", fields[2], mv.value, -64, 64); !why.empty()) return why;
  if (std::string why = read_number_field<int>("depth", fields[3], mv.depth, 0, 60); !why.empty()) return why;
  if (fields[4].size() > 2 * 60) return "the line is longer than 60 moves";
  if (std::string why = read_pv(fields[4], mv.pv); !why.empty()) return "line: " + why;
  for (const MoveValue& other : moves)
    if (other.move == mv.move) return square_name(mv.move) + " is listed twice";
  if (!moves.empty() && (mv.move == PASS || moves.front().move == PASS))
    return "a pass is the only entry of a position that must pass";
  moves.push_back(mv);
  return "";
}

}  // namespace

std::string encode(const AnalysisRequest& a) {
  std::string out = "type analysis\n";
  out += "id " + std::to_string(a.id) + "\n";
  out += "board " + to_board_string(a.position) + "\n";
  out += "time " + protocol_number(a.time_ms) + "\n";
  out += "maxdepth " + std::to_string(a.max_depth) + "\n";
  out += "solve " + std::to_string(a.solve_empties) + "\n";
  out += std::string("mpc ") + (a.mpc ? "1" : "0") + "\n";
  out += std::string("reproducible ") + (a.reproducible ? "1" : "0") + "\n";
  return out;
}

Expected<AnalysisRequest> decode_analysis_request(std::string_view text) {
  AnalysisRequest a;
  bool have_board = false;
  const Status read = read_message("analysis request", true, text, [&](std::string_view key, std::string_view value) -> std::string {
    if (key == "id") return read_number_field(key, value, a.id);
    if (key == "board") return read_board(value, a.position, have_board);
    if (key == "time") return read_number_field(key, value, a.time_ms);
    if (key == "maxdepth") return read_number_field(key, value, a.max_depth);
    if (key == "solve") return read_number_field(key, value, a.solve_empties);
    if (key == "mpc") return read_flag_field(key, value, a.mpc);
    if (key == "reproducible") return read_flag_field(key, value, a.reproducible);
    return "";
  });
  if (!read) return Error{read.error()};
  if (!have_board) return Error{"analysis request: no board"};
  return a;
}

std::string encode(const AnalysisSnapshot& r) {
  std::string out = "type analysis\n";
  out += "id " + std::to_string(r.id) + "\n";
  if (!r.error.empty()) {
    return out + "error " + protocol_value(r.error) + "\n";
  }
  for (const MoveValue& mv : r.moves) {
    out += "move " + square_name(mv.move) + " " + std::string(value_kind_name(mv.kind)) + " " +
           protocol_number(mv.value) + " " + std::to_string(mv.depth);
    if (!mv.pv.empty()) {
      out += ' ';
      out += write_pv(mv.pv);
    }
    out += "\n";
  }
  out += std::string("complete ") + (r.complete ? "1" : "0") + "\n";
  out += std::string("done ") + (r.done ? "1" : "0") + "\n";
  out += "nodes " + std::to_string(r.nodes) + "\n";
  out += "time " + protocol_number(r.time_ms) + "\n";
  return out;
}

Expected<AnalysisSnapshot> decode_analysis_reply(std::string_view text) {
  AnalysisSnapshot r;
  const Status read = read_message("the AI's analysis", true, text, [&](std::string_view key, std::string_view value) -> std::string {
    if (key == "id") return read_number_field(key, value, r.id);
    if (key == "error") {
      r.error = value.empty() ? "unknown error" : std::string(value);
      return "";
    }
    if (key == "move") return read_move_value(value, r.moves);
    if (key == "complete") return read_flag_field(key, value, r.complete);
    if (key == "done") return read_flag_field(key, value, r.done);
    if (key == "nodes") return read_number_field(key, value, r.nodes);
    if (key == "time") return read_number_field(key, value, r.time_ms);
    return "";
  });
  if (!read) return Error{read.error()};
  sort_best_first(r.moves);
  if (!r.error.empty()) {
    // An error reply carries nothing else: the slice is over.
    AnalysisSnapshot failed;
    failed.id = r.id;
    failed.error = r.error;
    failed.done = true;
    return failed;
  }
  return r;
}

std::string encode_players(const std::vector<PlayerInfo>& players) {
  std::string out;
  for (const PlayerInfo& p : players) write_protocol_line(out, p.name, {protocol_field(p.description)}, '\t');
  return out;
}

std::vector<PlayerInfo> decode_players(std::string_view text) {
  std::vector<PlayerInfo> players;
  for_each_protocol_line(text, '\t', [&](const ProtocolLine& line) {
    players.push_back({std::string(line.key), std::string(line.value)});
    return true;
  });
  return players;
}

}  // namespace reversi::web
