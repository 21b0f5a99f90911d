#include "core/game_text.h"

#include <cctype>
#include <cstdio>

#include "core/json.h"
#include "core/notation.h"

namespace reversi {

namespace {

// A property's value ends at the first ']' not escaped by a backslash.
std::size_t value_end(std::string_view body, std::size_t from) {
  for (std::size_t k = from; k < body.size(); ++k) {
    if (body[k] == '\\') ++k;
    else if (body[k] == ']') return k;
  }
  return std::string_view::npos;
}

// A value as written, without its escapes.
std::string unescape(std::string_view value) {
  std::string out;
  for (std::size_t k = 0; k < value.size(); ++k) {
    if (value[k] == '\\' && k + 1 < value.size()) ++k;
    out += value[k];
  }
  return out;
}

// NAME[value] with '\\' and ']' escaped.
void write_property(std::string& out, std::string_view name, std::string_view value) {
  out += name;
  out += '[';
  for (char c : value) {
    if (c == '\\' || c == ']') out += '\\';
    out += c;
  }
  out += ']';
}

}  // namespace

std::string GgfGame::tag(std::string_view name) const {
  for (const auto& [n, v] : tags)
    if (n == name) return v;
  return {};
}

std::size_t ggf_game_end(std::string_view text, std::size_t open) {
  for (std::size_t k = open + 2; k < text.size(); ++k) {
    if (text[k] == '[') {
      k = value_end(text, k + 1);
      if (k == std::string_view::npos) return k;
    } else if (text[k] == ';' && k + 1 < text.size() && text[k + 1] == ')') {
      return k + 2;
    }
  }
  return std::string_view::npos;
}

std::optional<Square> parse_move_text(std::string_view text) {
  text = trim(text);
  text = trim(text.substr(0, text.find('/')));
  std::string m(text);
  for (char& c : m) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (m == "pa" || m == "pass" || m == "ps") return PASS;
  return parse_square(m);
}

bool play_move(Position& p, Square m) {
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

Expected<GgfGame> parse_ggf(std::string_view text) {
  const std::size_t open = text.find("(;");
  if (open == std::string_view::npos) return Error::text("error.ggf.no_open", "GGF: no opening '(;'");
  // The game ends at its ";)" outside the values; with a value left open, the first ";)"
  // (so that the error names the open property).
  const std::size_t end = ggf_game_end(text, open);
  const std::size_t close = end != std::string_view::npos ? end - 2 : text.find(";)", open + 2);
  if (close == std::string_view::npos) return Error::text("error.ggf.no_close", "GGF: no closing ';)'");
  const std::string_view body = text.substr(open + 2, close - open - 2);

  GgfGame game;
  game.start = Position::initial();
  Position pos = game.start;
  int squares = 0;  // moves played, passes not counted, for the messages
  std::size_t i = 0;
  while (i < body.size()) {
    if (std::isspace(static_cast<unsigned char>(body[i]))) {
      ++i;
      continue;
    }
    std::size_t name_end = i;
    while (name_end < body.size() && std::isalpha(static_cast<unsigned char>(body[name_end]))) ++name_end;
    if (name_end == i || name_end >= body.size() || body[name_end] != '[')
      return Error::text("error.ggf.property", "GGF: expected a property NAME[value] at '{text}'",
                         {{"text", std::string(body.substr(i, 12))}});
    const std::string_view name = body.substr(i, name_end - i);
    const std::size_t end = value_end(body, name_end + 1);
    if (end == std::string_view::npos)
      return Error::text("error.ggf.not_closed", "GGF: property {name}[ is not closed", {{"name", std::string(name)}});
    const std::string_view value = body.substr(name_end + 1, end - name_end - 1);
    i = end + 1;

    if (name == "BO") {
      if (!game.moves.empty()) return Error::text("error.ggf.board_late", "GGF: BO after the moves");
      const std::string_view v = trim(value);
      if (v.substr(0, 1) != "8" || (v.size() > 1 && !std::isspace(static_cast<unsigned char>(v[1]))))
        return Error::text("error.ggf.board_size", "GGF: only 8x8 boards are supported (BO[{board}...])",
                           {{"board", std::string(v.substr(0, 8))}});
      auto board = parse_board_string(v.substr(1));
      if (!board) return Error::text("error.ggf.board", "GGF: BO: {cause}", {}, board.failure());
      game.start = pos = *board;
    } else if (name == "B" || name == "W") {
      const Color who = name == "B" ? Color::Black : Color::White;
      const std::string written = std::string(name) + "[" + std::string(value) + "]";
      const auto m = parse_move_text(value);
      const auto args = [&](bool with_side) {
        TextArgs a{{"move", written}};
        if (with_side) a.emplace_back("color", color_name(pos.to_move));
        return a;
      };
      if (!m) return Error::text("error.ggf.not_move", "GGF: {move} is not a move (a1..h8 or PA)", args(false));
      // move/eval/time: the time, when written, in seconds (or m:s).
      double time_ms = -1;
      if (const std::size_t s1 = value.find('/'); s1 != std::string_view::npos) {
        const std::size_t s2 = value.find('/', s1 + 1);
        if (s2 != std::string_view::npos && !trim(value.substr(s2 + 1)).empty()) {
          const auto seconds = parse_clock_seconds(value.substr(s2 + 1));
          if (!seconds) return Error::text("error.ggf.move_time", "GGF: {move}: the move's time is not a number of seconds", args(false));
          time_ms = *seconds * 1000;
        }
      }
      if (pos.to_move != who && !pos.is_game_over()) {
        // The other side passed without the pass being written.
        if (!pos.must_pass())
          return Error::text("error.ggf.out_of_turn", "GGF: {move} out of turn ({color} to move)", args(true));
        pos = pos.pass();
        game.moves.push_back(PASS);
      }
      if (pos.is_game_over())
        return Error::text("error.ggf.after_end", "GGF: {move} comes after the end of the game", args(false));
      if (*m == PASS && !pos.must_pass())
        return Error::text("error.ggf.no_pass", "GGF: {move}: {color} has a move, so there is no pass", args(true));
      if (!play_move(pos, *m)) {
        TextArgs a = args(true);
        a.emplace_back("n", std::to_string(squares + 1));
        return Error::text("error.ggf.illegal", "GGF: move {n} {move} is not legal ({color} to move)", std::move(a));
      }
      if (*m != PASS) ++squares;
      game.moves.push_back(*m);
      game.move_times_ms.resize(game.moves.size() - 1, -1);
      game.move_times_ms.push_back(time_ms);
    }
    else if (name == "C") {
      if (game.comment.empty()) game.comment = unescape(value);
    } else {
      if (name == "TI") {
        auto control = parse_ggf_time_control(value);
        if (!control) return control.failure();
        game.time_control = *control;
      }
      // Other properties (GM, PC, DT, PB, PW, RE, TI, TY, ...) do not change the game.
      game.tags.emplace_back(std::string(name), unescape(value));
    }
  }
  game.final = pos;
  game.move_times_ms.resize(game.moves.size(), -1);
  return game;
}

std::string to_ggf(const Position& start, std::span<const Square> moves, std::string_view comment,
                   std::span<const std::pair<std::string, std::string>> tags,
                   std::span<const double> move_times_ms) {
  std::string out = "(;GM[Othello]";
  for (const auto& [name, value] : tags) write_property(out, name, value);
  out += "TY[8]";
  if (!(start == Position::initial())) {
    std::string board = to_board_string(start);  // 64 squares, ' ', side
    for (char& c : board)
      if (c == 'X') c = '*';
    out += "BO[8 " + board + "]";
  }
  if (!comment.empty()) write_property(out, "C", comment);
  Position p = start;
  std::size_t played = 0;  // square moves written, for their times
  auto write = [&](Square m) {
    out += p.to_move == Color::Black ? "B[" : "W[";
    out += m == PASS ? std::string("PA") : square_name(m);
    if (m != PASS && played < move_times_ms.size() && move_times_ms[played] >= 0) {
      char t[32];
      std::snprintf(t, sizeof t, "//%.1f", move_times_ms[played] / 1000);
      out += t;
    }
    if (m != PASS) ++played;
    out += "]";
  };
  for (Square m : moves) {
    // A forced pass is written, whether `moves` has it or not (another one is dropped).
    if (p.must_pass()) {
      write(PASS);
      p = p.pass();
    }
    if (m == PASS) continue;
    write(m);
    p = p.play(m);
  }
  if (p.is_game_over()) {
    const int diff = p.disc_count(Color::Black) - p.disc_count(Color::White);
    out += "RE[" + std::string(diff > 0 ? "+" : "") + std::to_string(diff) + "]";
  }
  return out + ";)";
}

Expected<GameText> parse_game_text(std::string_view text) {
  if (trim(text).empty())
    return Error::text("error.text.empty",
                       "nothing to read: paste a transcript (f5d6c3), a GGF game or a board string");
  GameText out;
  if (text.find("(;") != std::string_view::npos || text.find('[') != std::string_view::npos) {
    auto ggf = parse_ggf(text);
    if (!ggf) return ggf.failure();
    out.format = GameTextFormat::Ggf;
    out.start = ggf->start.settled();
    for (Square m : ggf->moves)
      if (m != PASS) out.moves.push_back(m);
    return out;
  }
  bool digits = false;
  for (char c : text) digits = digits || std::isdigit(static_cast<unsigned char>(c));
  if (!digits) {  // squares are named with digits; a board has none
    auto board = parse_board_string(text, BoardSide::DefaultBlack);
    if (!board && !looks_like_board_string(text)) {
      // Its first 20 characters (not bytes: a character is never cut in two).
      const std::string_view shown = trim(text);
      std::size_t cut = 0;
      for (int n = 0; n < 20 && cut < shown.size(); ++n) next_code_point(shown, cut);
      return Error::text("error.text.unknown", "not a transcript, a GGF game or a board string: '{text}'",
                         {{"text", std::string(trim(shown.substr(0, cut)))}});
    }
    if (!board) return board.failure();
    out.format = GameTextFormat::Board;
    out.start = board->settled();
    return out;
  }
  auto moves = parse_transcript(text);
  if (!moves) return moves.failure();
  out.moves = std::move(*moves);
  return out;
}

std::string to_game_text(const Position& start, std::span<const Square> moves, GameTextFormat format) {
  switch (format) {
    case GameTextFormat::Transcript: return to_transcript(moves);
    case GameTextFormat::Ggf: return to_ggf(start, moves);
    case GameTextFormat::Board: break;
  }
  Position p = start.settled();
  for (Square m : moves)
    if (m != PASS) p = p.play(m).settled();
  return to_board_string(p);
}

Game make_game(const GameText& text) {
  Game game(text.start);
  for (Square m : text.moves) game.play(m);
  return game;
}

}  // namespace reversi
