#include "engine/nboard.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <istream>
#include <ostream>
#include <sstream>

#include "core/parse_number.h"
#include "engine/search.h"

namespace reversi {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = char(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

// "f5", "F5", "f5/1.5/0.2", "pa", "PA", "pass" -> square or PASS.
std::optional<Square> parse_move(std::string_view text) {
  text = trim(text);
  const std::size_t slash = text.find('/');
  if (slash != std::string_view::npos) text = text.substr(0, slash);
  const std::string m = lower(trim(text));
  if (m == "pa" || m == "pass" || m == "ps") return PASS;
  return parse_square(m);
}

// Applies a move (PASS allowed only when forced). False if illegal.
bool apply_move(Position& p, Square m) {
  if (p.is_game_over()) return false;
  if (m == PASS) {
    if (!p.must_pass()) return false;
    p = p.pass();
    return true;
  }
  if (!p.is_legal(m)) return false;
  p = p.play(m);
  return true;
}

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

Expected<GgfGame> parse_ggf(std::string_view text) {
  text = trim(text);
  const std::size_t open = text.find("(;");
  const std::size_t close = text.rfind(";)");
  if (open == std::string_view::npos || close == std::string_view::npos || close < open)
    return Error{"GGF game must be enclosed in (; ... ;)"};
  std::string_view body = text.substr(open + 2, close - open - 2);

  GgfGame game;
  bool have_board = false;
  Position pos = Position::initial();
  std::size_t i = 0;
  while (i < body.size()) {
    if (std::isspace(static_cast<unsigned char>(body[i]))) {
      ++i;
      continue;
    }
    std::size_t name_end = i;
    while (name_end < body.size() && std::isalpha(static_cast<unsigned char>(body[name_end])))
      ++name_end;
    if (name_end == i || name_end >= body.size() || body[name_end] != '[')
      return Error{"GGF: expected a property NAME[value] at offset " + std::to_string(i)};
    const std::string_view name = body.substr(i, name_end - i);
    const std::size_t value_end = body.find(']', name_end);
    if (value_end == std::string_view::npos) return Error{"GGF: property " + std::string(name) + " is not closed"};
    const std::string_view value = body.substr(name_end + 1, value_end - name_end - 1);
    i = value_end + 1;

    if (name == "BO") {
      if (!game.moves.empty()) return Error{"GGF: BO after the moves"};
      std::string v(trim(value));
      if (v.rfind("8", 0) != 0 || (v.size() > 1 && !std::isspace(static_cast<unsigned char>(v[1]))))
        return Error{"GGF: only 8x8 boards are supported (BO[" + v.substr(0, 8) + "...])"};
      std::string squares;
      char side = 0;
      for (std::size_t k = 1; k < v.size(); ++k) {
        const char c = v[k];
        if (std::isspace(static_cast<unsigned char>(c))) continue;
        if (squares.size() < 64) squares.push_back(c);
        else if (side == 0) side = c;
        else return Error{"GGF: BO has extra characters"};
      }
      if (squares.size() != 64 || side == 0) return Error{"GGF: BO needs 64 squares and the side to move"};
      Bitboard black = 0, white = 0;
      for (int k = 0; k < 64; ++k) {
        const char c = squares[k];
        if (c == '*' || c == 'X' || c == 'x' || c == 'B' || c == 'b') black |= bit(k);
        else if (c == 'O' || c == 'o' || c == 'W' || c == 'w') white |= bit(k);
        else if (c != '-' && c != '.' && c != '_') return Error{std::string("GGF: bad square '") + c + "' in BO"};
      }
      Color to_move;
      if (side == '*' || side == 'X' || side == 'x' || side == 'B' || side == 'b') to_move = Color::Black;
      else if (side == 'O' || side == 'o' || side == 'W' || side == 'w') to_move = Color::White;
      else return Error{std::string("GGF: bad side to move '") + side + "' in BO"};
      pos = Position::from_colors(black, white, to_move);
      game.start = pos;
      have_board = true;
    } else if (name == "B" || name == "W") {
      if (!have_board) return Error{"GGF: a move before the board (BO)"};
      const Color who = name == "B" ? Color::Black : Color::White;
      const auto m = parse_move(value);
      if (!m) return Error{"GGF: bad move '" + std::string(value) + "'"};
      if (pos.to_move != who) {
        // The other side passed without the pass being written.
        if (!pos.must_pass()) return Error{"GGF: " + std::string(name) + "[" + std::string(value) + "] out of turn"};
        pos = pos.pass();
        game.moves.push_back(PASS);
      }
      if (!apply_move(pos, *m))
        return Error{"GGF: illegal move " + std::string(name) + "[" + std::string(value) + "]"};
      game.moves.push_back(*m);
    }
    // Other properties (GM, PC, DT, PB, PW, RE, TI, TY, ...) are irrelevant here.
  }
  if (!have_board) return Error{"GGF: no board (BO)"};
  game.final = pos;
  return game;
}

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
#if !defined(__EMSCRIPTEN__) && !defined(REVERSI_NO_THREADS)
  o.threads = 2;
#endif
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
    const auto m = parse_move(args);
    Position next = position_;
    if (!m) error("bad move '" + std::string(args) + "'");
    else if (!apply_move(next, *m)) error("illegal move '" + std::string(args) + "'");
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
