#include "platform/web_ai_protocol.h"

#include <algorithm>
#include <cstdio>
#include <type_traits>

#include "core/notation.h"
#include "core/parse_number.h"

namespace reversi::web {
namespace {

constexpr std::string_view kAnalysisType = "analysis";

struct Line {
  int number = 0;          // from 1, counting empty lines too
  std::string_view text;   // the whole line
  std::string_view key;    // up to the first space
  std::string_view value;  // after it ("" without a space)
};

// A callable passed down without a copy or an allocation: the reader and the
// decoding rule below are compiled once, not once per message kind (the
// download stays small).
template <class Sig>
class FnRef;
template <class R, class... Args>
class FnRef<R(Args...)> {
 public:
  template <class F>
  FnRef(F&& f)  // NOLINT: binds any callable for the duration of the call
      : object_(const_cast<void*>(static_cast<const void*>(&f))),
        call_([](void* o, Args... args) -> R { return (*static_cast<std::remove_reference_t<F>*>(o))(args...); }) {}
  R operator()(Args... args) const { return call_(object_, args...); }

 private:
  void* object_;
  R (*call_)(void*, Args...);
};

// The one line reader of every message: calls fn(line) for every non-empty
// line, in order, until fn returns false.
void for_each_line(std::string_view text, FnRef<bool(const Line&)> fn) {
  int number = 0;
  while (!text.empty()) {
    const auto end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    ++number;
    if (line.empty()) continue;
    const auto space = line.find(' ');
    if (!fn(Line{number, line, line.substr(0, space),
                 space == std::string_view::npos ? std::string_view{} : line.substr(space + 1)}))
      return;
  }
}

// The one decoding rule (web_ai_protocol.h): fn(key, value) reads the keys it
// knows and returns "" or why the value is wrong, and "" for any other key (it
// is ignored). An analysis message must have the line "type analysis" (any
// other type is refused); a move message has no type line (the decoders refuse
// an analysis before reading it). The error names the message, the line and
// its text.
using KeyReader = FnRef<std::string(std::string_view key, std::string_view value)>;
Status read_message(std::string_view what, bool analysis, std::string_view text, KeyReader fn) {
  std::string error;
  bool typed = false;
  for_each_line(text, [&](const Line& line) {
    std::string why;
    if (analysis && line.key == "type") {
      if (line.value != kAnalysisType) why = "this decoder reads analyses only";
      typed = true;
    } else {
      why = fn(line.key, line.value);
    }
    if (!why.empty())
      error = std::string(what) + ": line " + std::to_string(line.number) + " " + quote(line.text.substr(0, 80)) +
              ": " + why;
    return error.empty();
  });
  if (!error.empty()) return Error{error};
  if (analysis && !typed) return Error{std::string(what) + ": no 'type analysis' line"};
  return {};
}

// "" when `text` is a whole-text number of the field's type (core/parse_number.h:
// nothing after it), else why not.
// (Not inlined: one copy of each is shared by every decoder, a smaller download.)
template <class T>
[[gnu::noinline]] std::string read_number(std::string_view key, std::string_view text, T& out) {
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

[[gnu::noinline]] std::string read_flag(std::string_view key, std::string_view text, bool& out) {
  if (text != "0" && text != "1") return std::string(key) + " " + quote(text) + " must be 0 or 1";
  out = text == "1";
  return "";
}

[[gnu::noinline]] std::string read_board(std::string_view text, Position& out, bool& have) {
  auto p = parse_board_string(text);
  if (!p) return p.error();
  out = *p;
  have = true;
  return "";
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
    const Square sq = parse_move(text.substr(i, len));
    if (sq == NO_SQUARE) return quote(text.substr(i, len)) + " is not a square or pass";
    out.push_back(sq);
    i += len;
  }
  return "";
}

}  // namespace

bool is_analysis_message(std::string_view text) {
  bool found = false;
  for_each_line(text, [&](const Line& line) {
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
  out += "time " + number(l.time_ms) + "\n";
  out += "nodes " + std::to_string(l.nodes) + "\n";
  out += "seed " + std::to_string(r.seed) + "\n";
  return out;
}

Expected<MoveRequest> decode_request(std::string_view text) {
  if (is_analysis_message(text)) return Error{"an analysis request is not a move request"};
  MoveRequest r;
  SearchLimits& l = r.limits;
  bool have_board = false;
  const Status read = read_message("move request", false, text, [&](std::string_view key, std::string_view value) -> std::string {
    if (key == "id") return read_number(key, value, r.id);
    if (key == "player") { r.player = std::string(value); return ""; }
    if (key == "board") return read_board(value, r.position, have_board);
    if (key == "depth") return read_number(key, value, l.depth);
    if (key == "empties") return read_number(key, value, l.endgame_empties);
    if (key == "time") return read_number(key, value, l.time_ms);
    if (key == "nodes") return read_number(key, value, l.nodes);
    if (key == "seed") return read_number(key, value, r.seed);
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
  if (!s.pv.empty()) out += "pv " + write_pv(s.pv) + "\n";
  return out;
}

Expected<MoveReply> decode_reply(std::string_view text) {
  if (is_analysis_message(text)) return Error{"the AI sent an analysis, not a move"};
  MoveReply r;
  SearchResult& s = r.result;
  const Status read = read_message("the AI's reply", false, text, [&](std::string_view key, std::string_view value) -> std::string {
    if (key == "id") return read_number(key, value, r.id);
    if (key == "error") {
      r.error = value.empty() ? "unknown error" : std::string(value);
      return "";
    }
    if (key == "move") {
      s.move = parse_move(value);
      return s.move == NO_SQUARE ? quote(value) + " is not a square or pass" : "";
    }
    if (key == "score") {
      std::string why = read_number(key, value, s.score);
      s.has_score = why.empty();
      return why;
    }
    if (key == "exact") return read_flag(key, value, s.exact);
    if (key == "depth") return read_number(key, value, s.depth);
    if (key == "probable") {
      std::string why = read_number(key, value, s.probable_t);
      return why.empty() && !(s.probable_t > 0) ? "probable must be above 0" : why;
    }
    if (key == "nodes") return read_number(key, value, s.nodes);
    if (key == "time") return read_number(key, value, s.time_ms);
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
  std::string_view fields[5];
  for (auto& field : fields) {
    const auto space = text.find(' ');
    field = text.substr(0, space);
    text = space == std::string_view::npos ? std::string_view{} : text.substr(space + 1);
  }
  if (!text.empty() || fields[3].empty()) return "a move needs SQUARE KIND VALUE DEPTH [LINE]";
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
  out += "time " + number(a.time_ms) + "\n";
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
    if (key == "id") return read_number(key, value, a.id);
    if (key == "board") return read_board(value, a.position, have_board);
    if (key == "time") return read_number(key, value, a.time_ms);
    if (key == "maxdepth") return read_number(key, value, a.max_depth);
    if (key == "solve") return read_number(key, value, a.solve_empties);
    if (key == "mpc") return read_flag(key, value, a.mpc);
    if (key == "reproducible") return read_flag(key, value, a.reproducible);
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
    return out + "error " + one_line(r.error) + "\n";
  }
  for (const MoveValue& mv : r.moves) {
    out += "move " + square_name(mv.move) + " " + std::string(value_kind_name(mv.kind)) + " " +
           number(mv.value) + " " + std::to_string(mv.depth);
    if (!mv.pv.empty()) {
      out += ' ';
      out += write_pv(mv.pv);
    }
    out += "\n";
  }
  out += std::string("complete ") + (r.complete ? "1" : "0") + "\n";
  out += std::string("done ") + (r.done ? "1" : "0") + "\n";
  out += "nodes " + std::to_string(r.nodes) + "\n";
  out += "time " + number(r.time_ms) + "\n";
  return out;
}

Expected<AnalysisSnapshot> decode_analysis_reply(std::string_view text) {
  AnalysisSnapshot r;
  const Status read = read_message("the AI's analysis", true, text, [&](std::string_view key, std::string_view value) -> std::string {
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
  for (const PlayerInfo& p : players) {
    std::string description = p.description;
    for (char& c : description) if (c == '\n' || c == '\t') c = ' ';
    out += p.name + "\t" + description + "\n";
  }
  return out;
}

std::vector<PlayerInfo> decode_players(std::string_view text) {
  std::vector<PlayerInfo> players;
  for_each_line(text, [&](const Line& line) {
    const auto tab = line.text.find('\t');
    players.push_back({std::string(line.text.substr(0, tab)),
                       tab == std::string_view::npos ? "" : std::string(line.text.substr(tab + 1))});
    return true;
  });
  return players;
}

}  // namespace reversi::web
