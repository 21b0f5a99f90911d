#include "platform/web_ai_protocol.h"

#include <algorithm>
#include <cstdio>
#include <type_traits>

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

// "" when `text` is a whole-text number of the field's type (core/parse_number.h:
// nothing after it), else why not.
template <class T>
std::string read_number(std::string_view key, std::string_view text, T& out) {
  if constexpr (std::is_floating_point_v<T>) {
    const auto value = parse_double(key, text, -1e300, 1e300);
    if (value) out = static_cast<T>(*value);
    return value ? "" : value.error();
  } else {
    const auto value = parse_int<T>(key, text);
    if (value) out = *value;
    return value ? "" : value.error();
  }
}

template <class T>
bool parse_number(std::string_view text, T& out) {
  return read_number({}, text, out).empty();
}

std::string number(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", x);
  return buffer;
}

// An error message as one line of a message.
std::string one_line(std::string text) {
  for (char& c : text) if (c == '\n') c = ' ';
  return text;
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
  if (is_analysis_message(text)) return Error{"an analysis request is not a move request"};
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
    return out + "error " + one_line(r.error) + "\n";
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
  if (is_analysis_message(text)) return Error{"the AI sent an analysis, not a move"};
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

namespace {

constexpr std::string_view kAnalysisType = "analysis";

// Reads "key value" lines with their numbers, for the analysis messages, which
// reject any line they do not understand: fn(key, value) returns "" or why the
// value is wrong; the error names the message, the line and its text.
template <class Fn>
Status read_lines(std::string_view what, std::string_view text, Fn fn) {
  int number = 0;
  bool typed = false;
  while (!text.empty()) {
    const auto end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    ++number;
    if (line.empty()) continue;
    const auto space = line.find(' ');
    const std::string_view key = line.substr(0, space);
    const std::string_view value = space == std::string_view::npos ? std::string_view{} : line.substr(space + 1);
    std::string why;
    if (key == "type") {
      if (value != kAnalysisType) why = "this decoder reads analyses only";
      typed = true;
    } else {
      why = fn(key, value);
    }
    if (!why.empty())
      return Error{std::string(what) + ": line " + std::to_string(number) + " " + quote(line.substr(0, 80)) +
                   ": " + why};
  }
  if (!typed) return Error{std::string(what) + ": no 'type analysis' line"};
  return {};
}

std::string read_flag(std::string_view key, std::string_view text, bool& out) {
  if (text != "0" && text != "1") return std::string(key) + " " + quote(text) + " must be 0 or 1";
  out = text == "1";
  return "";
}

// "move f5 exact 4 20": square or pass, kind, value (discs, -64..64), depth (0..60).
std::string read_move_value(std::string_view text, std::vector<MoveValue>& moves) {
  std::string_view fields[4];
  for (auto& field : fields) {
    const auto space = text.find(' ');
    field = text.substr(0, space);
    text = space == std::string_view::npos ? std::string_view{} : text.substr(space + 1);
  }
  if (!text.empty() || fields[3].empty()) return "a move needs SQUARE KIND VALUE DEPTH";
  MoveValue mv;
  mv.move = parse_move(fields[0]);
  if (mv.move == NO_SQUARE) return quote(fields[0]) + " is not a square or pass";
  const auto kind = parse_value_kind(fields[1]);
  if (!kind) return quote(fields[1]) + " is not midgame, win, loss or exact";
  mv.kind = *kind;
  const auto value = parse_double("value", fields[2], -64, 64);
  if (!value) return value.error();
  mv.value = *value;
  const auto depth = parse_int<int>("depth", fields[3], 0, 60);
  if (!depth) return depth.error();
  mv.depth = *depth;
  for (const MoveValue& other : moves)
    if (other.move == mv.move) return square_name(mv.move) + " is listed twice";
  if (!moves.empty() && (mv.move == PASS || moves.front().move == PASS))
    return "a pass is the only entry of a position that must pass";
  moves.push_back(mv);
  return "";
}

}  // namespace

bool is_analysis_message(std::string_view text) {
  bool found = false;
  for_each_line(text, [&](std::string_view key, std::string_view value) {
    found = found || (key == "type" && value == kAnalysisType);
  });
  return found;
}

std::string encode(const WorkerAnalysisRequest& r) {
  const AnalysisRequest& a = r.analysis;
  std::string out = "type analysis\n";
  out += "id " + std::to_string(r.id) + "\n";
  out += "board " + to_board_string(a.position) + "\n";
  out += "time " + number(a.time_ms) + "\n";
  out += "maxdepth " + std::to_string(a.max_depth) + "\n";
  out += "solve " + std::to_string(a.solve_empties) + "\n";
  out += std::string("mpc ") + (a.mpc ? "1" : "0") + "\n";
  return out;
}

Expected<WorkerAnalysisRequest> decode_analysis_request(std::string_view text) {
  WorkerAnalysisRequest r;
  AnalysisRequest& a = r.analysis;
  bool have_board = false;
  const Status read = read_lines("analysis request", text, [&](std::string_view key, std::string_view value) -> std::string {
    if (key == "id") return read_number(key, value, r.id);
    if (key == "board") {
      auto p = parse_board_string(value);
      if (!p) return p.error();
      a.position = *p;
      have_board = true;
      return "";
    }
    if (key == "time") return read_number(key, value, a.time_ms);
    if (key == "maxdepth") return read_number(key, value, a.max_depth);
    if (key == "solve") return read_number(key, value, a.solve_empties);
    if (key == "mpc") return read_flag(key, value, a.mpc);
    return "unknown key " + quote(key);
  });
  if (!read) return Error{read.error()};
  if (!have_board) return Error{"analysis request: no board"};
  return r;
}

std::string encode(const AnalysisSnapshot& r) {
  std::string out = "type analysis\n";
  out += "id " + std::to_string(r.id) + "\n";
  if (!r.error.empty()) {
    return out + "error " + one_line(r.error) + "\n";
  }
  for (const MoveValue& mv : r.moves)
    out += "move " + square_name(mv.move) + " " + std::string(value_kind_name(mv.kind)) + " " +
           number(mv.value) + " " + std::to_string(mv.depth) + "\n";
  out += std::string("complete ") + (r.complete ? "1" : "0") + "\n";
  out += std::string("done ") + (r.done ? "1" : "0") + "\n";
  out += "nodes " + std::to_string(r.nodes) + "\n";
  out += "time " + number(r.time_ms) + "\n";
  return out;
}

Expected<AnalysisSnapshot> decode_analysis_reply(std::string_view text) {
  AnalysisSnapshot r;
  const Status read = read_lines("the AI's analysis", text, [&](std::string_view key, std::string_view value) -> std::string {
    if (key == "id") return read_number(key, value, r.id);
    if (key == "error") {
      r.error = value.empty() ? "unknown error" : std::string(value);
      return "";
    }
    if (key == "move") return read_move_value(value, r.moves);
    if (key == "complete") return read_flag(key, value, r.complete);
    if (key == "done") return read_flag(key, value, r.done);
    if (key == "nodes") return read_number(key, value, r.nodes);
    if (key == "time") return read_number(key, value, r.time_ms);
    return "unknown key " + quote(key);
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

void SlicedAnalysis::start(std::uint64_t id, const AnalysisRequest& request) {
  const std::uint64_t seq = next_seq_;  // replies to the last analysis's slices stay stale
  *this = SlicedAnalysis{};
  next_seq_ = seq;
  id_ = id;
  running_ = true;
  request_ = request;
  request_.stop = nullptr;
  snapshot_.id = id;
}

void SlicedAnalysis::stop() {
  running_ = false;
  // A slice still running in the worker answers into the void.
  in_flight_ = 0;
}

void SlicedAnalysis::lost() {
  in_flight_ = 0;
  base_nodes_ = snapshot_.nodes;
  base_ms_ = snapshot_.time_ms;
}

std::optional<SlicedAnalysis::Slice> SlicedAnalysis::next_slice() {
  if (!running_ || in_flight_) return std::nullopt;
  WorkerAnalysisRequest r{id_, request_};
  r.analysis.time_ms = kSliceMs;
  if (request_.time_ms > 0) r.analysis.time_ms = std::min(kSliceMs, request_.time_ms - spent_ms_);
  in_flight_ = next_seq_++;
  in_flight_ms_ = r.analysis.time_ms;
  return Slice{in_flight_, encode(r)};
}

std::optional<AnalysisSnapshot> SlicedAnalysis::fail(const std::string& message) {
  if (!running_) return std::nullopt;
  stop();
  AnalysisSnapshot failed;
  failed.id = id_;
  failed.error = message;
  failed.done = true;
  return failed;
}

std::optional<AnalysisSnapshot> SlicedAnalysis::on_reply(std::uint64_t seq, std::string_view text) {
  if (!running_ || seq != in_flight_) return std::nullopt;
  auto reply = decode_analysis_reply(text);
  if (!reply) return fail(reply.error());
  if (!reply->ok()) return fail(reply->error);
  bool changed = merge_values(snapshot_.moves, reply->moves);
  // Counted by this worker since it began on the position, plus by workers before it.
  snapshot_.nodes = std::max(snapshot_.nodes, base_nodes_ + reply->nodes);
  snapshot_.time_ms = std::max(snapshot_.time_ms, base_ms_ + reply->time_ms);
  if (reply->done) {
    in_flight_ = 0;
    spent_ms_ += in_flight_ms_;
    snapshot_.complete = reply->complete || all_exact(snapshot_.moves);
    // Less than a millisecond left is spent: a slice of 0 would mean "no limit".
    const bool spent = request_.time_ms > 0 && request_.time_ms - spent_ms_ < 1;
    if (snapshot_.complete || spent) {
      running_ = false;
      snapshot_.done = true;
      return snapshot_;
    }
  }
  if (!changed) return std::nullopt;
  return snapshot_;
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
