#include "engine/nboard.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <istream>
#include <ostream>
#include <sstream>

#include "core/notation.h"
#include "core/parse_number.h"
#include "engine/search.h"

namespace reversi {

namespace {

std::string move_text(Square m) {
  if (m == PASS) return "PA";
  std::string s = square_name(m);
  for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string format_double(double v, const char* fmt = "%.2f") {
  char buf[48];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

}  // namespace

NBoardEngine::NBoardEngine(std::ostream& out) : out_(out), searcher_(std::make_unique<Searcher>(32, 32)) {}
NBoardEngine::~NBoardEngine() = default;

void NBoardEngine::error(std::string_view message) {
  out_ << "status error: " << message << std::endl;
}

SearchOptions NBoardEngine::options() const {
  SearchOptions o;
  o.depth = depth_;
  // Endgame depths are the engine's choice: exact a few plies beyond the midgame depth.
  o.exact_empties = std::min(22, depth_ + 4);
  o.wld_empties = std::min(24, depth_ + 6);
  o.threads = 2;  // (the search takes 1 without REVERSI_THREADS)
  return o;
}

void NBoardEngine::go() {
  if (position_.is_game_over()) return error("the game is over");
  out_ << "status thinking" << std::endl;
  const auto start = std::chrono::steady_clock::now();
  const SearchResult r = searcher_->search(position_, options());
  last_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  last_nodes_ = r.nodes;
  out_ << "nodestats " << last_nodes_ << " " << format_double(last_seconds_) << std::endl;
  if (r.move == PASS) {
    out_ << "=== PA" << std::endl;
  } else {
    out_ << "=== " << move_text(r.move) << "/" << format_double(r.score) << "/"
         << format_double(last_seconds_, "%.3f") << std::endl;
  }
  out_ << "status" << std::endl;
}

void NBoardEngine::hint(int n) {
  if (position_.is_game_over()) return error("the game is over");
  out_ << "status analysing" << std::endl;
  const auto start = std::chrono::steady_clock::now();
  const auto ranked = searcher_->rank_moves(position_, options(), n);
  last_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const int depth = std::min(depth_, position_.empty_count());
  for (const MoveScore& m : ranked) {
    out_ << "search " << move_text(m.move) << " " << format_double(m.score) << " 0 "
         << (m.exact ? position_.empty_count() : depth)
         << std::endl;
  }
  out_ << "status" << std::endl;
}

bool NBoardEngine::handle(std::string_view raw) {
  const std::string_view line = trim(raw);
  if (line.empty()) return true;
  std::istringstream in{std::string(line)};
  std::string command;
  in >> command;
  std::string rest;
  std::getline(in, rest);
  const std::string_view args = trim(rest);

  auto parse_int = [&](std::string_view s, int lo, int hi, int& value) {
    const auto v = reversi::parse_int<int>({}, s, lo, hi);  // core/parse_number.h: strict
    if (v) value = *v;
    return v.ok();
  };

  if (command == "nboard") {
    int version;
    if (!parse_int(args, 0, 1000, version)) error("nboard needs a version number");
    else out_ << "set myname " << name_ << std::endl;
  } else if (command == "ping") {
    int n;
    if (!parse_int(args, -2147483647, 2147483647, n)) error("ping needs a number");
    else out_ << "pong " << n << std::endl;
  } else if (command == "go") {
    go();
  } else if (command == "hint") {
    int n;
    if (!parse_int(args, 1, 64, n)) error("hint needs a number of moves (1-64)");
    else hint(n);
  } else if (command == "learn") {
    out_ << "learned" << std::endl;
  } else if (command == "nodestats") {
    out_ << "nodestats " << last_nodes_ << " " << format_double(last_seconds_) << std::endl;
  } else if (command == "move") {
    const auto m = parse_move_text(args);
    Position next = position_;
    if (!m) error("bad move '" + std::string(args) + "'");
    else if (!play_move(next, *m)) error("illegal move '" + std::string(args) + "'");
    else position_ = next;
  } else if (command == "quit") {
    return false;
  } else if (command == "set") {
    std::istringstream is{std::string(args)};
    std::string what;
    is >> what;
    std::string value_text;
    std::getline(is, value_text);
    const std::string_view value = trim(value_text);
    if (what == "depth") {
      int d;
      if (!parse_int(value, 1, 60, d)) error("set depth needs a depth 1-60");
      else depth_ = d;
    } else if (what == "game") {
      auto game = parse_ggf(value);
      if (!game) error(game.error());
      else position_ = game->final;
    } else if (what == "contempt") {
      const auto c = parse_double({}, value, -1e9, 1e9);
      if (!c) error("set contempt needs a number");
      else contempt_ = *c;  // draws are scored 0 either way: accepted, not used
    } else if (what == "myname") {
      if (value.empty()) error("set myname needs a name");
      else {
        name_ = std::string(value);
        out_ << "set myname " << name_ << std::endl;
      }
    }
    // Other "set" parameters are ignored, as unknown commands are.
  }
  // Unknown commands are ignored (the protocol says so).
  return true;
}

void NBoardEngine::run(std::istream& in) {
  std::string line;
  while (std::getline(in, line))
    if (!handle(line)) break;
}

}  // namespace reversi
