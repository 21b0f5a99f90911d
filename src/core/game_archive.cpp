#include "core/game_archive.h"

#include <algorithm>

#include <cstdio>
#include <ctime>
#include <set>
#include <utility>

#include "core/game_text.h"
#include "core/json.h"
#include "core/notation.h"
#include "core/opening_names.h"
#include "core/parse_number.h"

namespace reversi {

namespace {

constexpr std::string_view kPerson = "Player";
constexpr std::string_view kProgram = "Reversi ";


// A name or a date as kept: control characters (a line break in an imported name) become
// spaces, so a kept game's line is always one line (the desktop's store is line by line).
std::string one_line(std::string_view text) {
  std::string out(trim(text));
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  return std::string(trim(out));
}

ArchivedSide read_side(std::string_view raw) {
  const std::string flat = one_line(raw);
  std::string_view written = flat;
  if (written.empty() || written == kPerson) return {};
  if (written.size() > kProgram.size() && written.substr(0, kProgram.size()) == kProgram)
    return {true, std::string(written.substr(kProgram.size()))};
  return {false, std::string(written)};
}

std::string accuracy_text(double a) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", a);
  return buf;
}

// An accuracy as written (XB/XW); a value that is not one 0..100 is left out, not an error:
// it is ours to write, and the game itself is still good.
std::optional<double> read_accuracy(const std::string& text) {
  if (text.empty()) return std::nullopt;
  auto v = parse_double("accuracy", text, 0, 100);
  if (!v) return std::nullopt;
  return *v;
}

std::string mistakes_text(const std::vector<ArchivedMistake>& mistakes) {
  std::string out;
  for (const ArchivedMistake& m : mistakes) {
    if (!out.empty()) out += ';';
    out += std::to_string(m.ply) + (m.exact ? "!:" : ":");
    for (std::size_t i = 0; i < m.values.size(); ++i)
      out += (i ? "," : "") + square_name(m.values[i].first) + "=" + std::to_string(m.values[i].second);
  }
  return out;
}

// XD as written, each mistake checked against the game: its position is one before a move of
// the game, not over, and lists every legal move there once. One that is not is left out (the
// game is still good).
std::vector<ArchivedMistake> read_mistakes(std::string_view text, const Game& game) {
  std::vector<ArchivedMistake> out;
  for (const std::string_view item : split(text, ';')) {
    const std::size_t colon = item.find(':');
    if (colon == std::string_view::npos) continue;
    std::string_view head = trim(item.substr(0, colon));
    ArchivedMistake m;
    m.exact = !head.empty() && head.back() == '!';
    if (m.exact) head.remove_suffix(1);
    const auto ply = parse_int<std::size_t>("ply", head, 1, game.ply());
    if (!ply) continue;
    m.ply = *ply;
    const Position& p = game.position_at(m.ply - 1);
    Bitboard listed = 0;
    bool ok = !p.is_game_over();
    std::string_view rest = item.substr(colon + 1);
    while (ok && !rest.empty()) {
      const std::size_t comma = rest.find(',');
      const std::string_view pair = rest.substr(0, comma);
      rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
      const std::size_t eq = pair.find('=');
      if (eq == std::string_view::npos) { ok = false; break; }
      const std::optional<Square> sq = parse_square(trim(pair.substr(0, eq)));
      const auto v = parse_int<int>("value", trim(pair.substr(eq + 1)), -64, 64);
      if (!sq || !p.is_legal(*sq) || ((listed >> *sq) & 1) || !v) { ok = false; break; }
      listed |= Bitboard{1} << *sq;
      m.values.emplace_back(*sq, *v);
    }
    if (ok && listed == p.legal_moves() && m.values.size() >= 2 && (out.empty() || out.back().ply < m.ply))
      out.push_back(std::move(m));
  }
  return out;
}

}  // namespace

Game ArchivedGame::game() const {
  Game g(start);
  for (Square m : moves)
    if (!g.play(m)) break;  // read_archived never keeps such a move
  return g;
}

std::string archived_side_name(const ArchivedSide& side) {
  if (side.computer) return std::string(kProgram) + side.name;
  return side.name.empty() ? std::string(kPerson) : side.name;
}

std::string archive_line(const ArchivedGame& game) {
  std::vector<std::pair<std::string, std::string>> tags{{"PC", "Reversi"}};
  if (!game.date.empty()) tags.emplace_back("DT", game.date);
  tags.emplace_back("PB", archived_side_name(game.black));
  tags.emplace_back("PW", archived_side_name(game.white));
  if (game.black_accuracy) tags.emplace_back("XB", accuracy_text(*game.black_accuracy));
  if (game.white_accuracy) tags.emplace_back("XW", accuracy_text(*game.white_accuracy));
  if (!game.mistakes.empty()) tags.emplace_back("XD", mistakes_text(game.mistakes));
  if (game.time_control.timed()) tags.emplace_back("TI", ggf_time_control(game.time_control));
  // A game lost on time: the winner gets the whole board, ":t" says why (GGS's way).
  if (game.lost_on_time) tags.emplace_back("RE", *game.lost_on_time == Color::Black ? "-64:t" : "+64:t");
  return to_ggf(game.start, game.moves, {}, tags, game.move_times_ms);
}

Expected<ArchivedGame> read_archived(std::string_view ggf) {
  auto parsed = parse_ggf(ggf);
  if (!parsed) return parsed.failure();
  ArchivedGame game;
  game.start = Game(parsed->start).start();  // a side that must pass has passed
  for (Square m : parsed->moves)
    if (m != PASS) game.moves.push_back(m);
  game.date = one_line(parsed->tag("DT"));
  game.black = read_side(parsed->tag("PB"));
  game.white = read_side(parsed->tag("PW"));
  game.black_accuracy = read_accuracy(parsed->tag("XB"));
  game.white_accuracy = read_accuracy(parsed->tag("XW"));
  game.mistakes = read_mistakes(parsed->tag("XD"), game.game());
  game.time_control = parsed->time_control;
  for (std::size_t i = 0; i < parsed->moves.size(); ++i)
    if (parsed->moves[i] != PASS) game.move_times_ms.push_back(parsed->move_times_ms[i]);
  // No time written for any move: none kept.
  if (std::all_of(game.move_times_ms.begin(), game.move_times_ms.end(), [](double t) { return t < 0; }))
    game.move_times_ms.clear();
  const std::string result = parsed->tag("RE");
  if (result.size() > 2 && result.ends_with(":t") && !game.over())
    game.lost_on_time = result[0] == '-' ? Color::Black : Color::White;
  return game;
}

Collection read_collection(std::string_view text) {
  Collection out;
  std::size_t index = 0;
  auto reject = [&](Error error) { out.rejected.push_back({index, std::move(error)}); };
  if (text.find("(;") != std::string_view::npos) {
    // A game that cannot be read is named and the reading goes on at the next "(;" after its
    // own: a game cut short (no ";)", a value left open) costs only itself.
    std::size_t at = text.find("(;");
    while (at != std::string_view::npos) {
      ++index;
      const std::size_t end = ggf_game_end(text, at);
      const std::size_t next_open = text.find("(;", at + 2);
      if (end == std::string_view::npos) {
        reject(Error::text("error.ggf.no_close", "GGF: no closing ';)'"));  // as parse_ggf says it
        at = next_open;
        continue;
      }
      auto game = read_archived(text.substr(at, end - at));
      if (game) {
        out.games.push_back(std::move(*game));
        out.numbers.push_back(index);
        at = text.find("(;", end);
      } else {
        reject(game.failure());
        at = next_open;
      }
    }
    return out;
  }
  for (std::string_view line : split(text, '\n')) {
    line = trim(line);
    if (line.empty() || line.front() == '#') continue;
    ++index;
    auto moves = parse_transcript(line);
    if (!moves) {
      reject(moves.failure());
      continue;
    }
    ArchivedGame game;
    game.moves = std::move(*moves);
    out.games.push_back(std::move(game));
    out.numbers.push_back(index);
  }
  return out;
}

std::string archive_store_put(std::string_view store, std::uint64_t id, const ArchivedGame& game) {
  const std::string prefix = std::to_string(id) + " ";
  const std::string line = prefix + archive_line(game);
  std::string out;
  bool put = false;
  std::vector<std::string_view> lines = split(store, '\n');
  if (lines.back().empty()) lines.pop_back();  // the store ends with its last line's '\n'
  for (const std::string_view l : lines) {
    if (!put && l.substr(0, prefix.size()) == prefix) {
      out += line;
      put = true;
    } else {
      out += l;
    }
    out += '\n';
  }
  if (!put) out += line + '\n';
  return out;
}

Store read_store(std::string_view store) {
  Store out;
  std::set<std::uint64_t> seen;
  std::size_t number = 0;
  for (std::string_view line : split(store, '\n')) {
    line = trim(line);
    ++number;
    if (line.empty()) continue;
    const std::size_t space = line.find(' ');
    auto id = space == std::string_view::npos ? Expected<std::uint64_t>(Error{"no id before the game"})
                                              : parse_int<std::uint64_t>("the id", line.substr(0, space), 1);
    if (!id) {
      out.rejected.push_back({number, id.error()});
      continue;
    }
    if (!seen.insert(*id).second) {
      out.rejected.push_back({number, "the id " + std::to_string(*id) + " of an earlier line"});
      continue;
    }
    auto game = read_archived(line.substr(space + 1));
    if (!game) {
      out.rejected.push_back({number, game.error()});
      continue;
    }
    out.games.push_back({*id, std::move(*game)});
  }
  return out;
}

std::string utc_date_text(std::int64_t seconds) {
  const std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  if (!gmtime_r(&t, &tm)) return {};
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                tm.tm_hour, tm.tm_min, tm.tm_sec);
  return buf;
}

std::string archived_json(const ArchivedGame& game) {
  auto side = [](const ArchivedSide& s) {
    return std::string("{\"computer\":") + (s.computer ? "true" : "false") + ",\"name\":" + json_string(s.name) + "}";
  };
  auto accuracy = [](const std::optional<double>& a) { return a ? json_number(*a, 1) : std::string("null"); };
  const Position final = game.final_position();
  std::string s = "{\"date\":" + json_string(game.date);
  s += ",\"black\":" + side(game.black) + ",\"white\":" + side(game.white);
  s += ",\"start\":";
  s += game.start == Position::initial() ? std::string("null") : json_string(to_board_string(game.start));
  s += ",\"moves\":" + json_string(to_transcript(game.moves));
  s += std::string(",\"over\":") + (final.is_game_over() ? "true" : "false");
  s += ",\"mistakes\":" + std::to_string(game.mistakes.size());
  s += ",\"blackDiscs\":" + std::to_string(final.disc_count(Color::Black));
  s += ",\"whiteDiscs\":" + std::to_string(final.disc_count(Color::White));
  s += ",\"opening\":";
  const auto match = game.start == Position::initial() ? OpeningNames::standard().name_of(game.moves) : std::nullopt;
  if (match && match->opening)
    s += "{\"en\":" + json_string(match->opening->name(false)) + ",\"ja\":" + json_string(match->opening->name(true)) + "}";
  else
    s += "null";
  // A game on the clock: its time control ("5+2") and who lost on time, if anyone.
  s += ",\"clock\":" + (game.time_control.timed() ? json_string(time_control_name(game.time_control)) : std::string("null"));
  s += ",\"lostOnTime\":" + (game.lost_on_time ? json_string(color_name(*game.lost_on_time)) : std::string("null"));
  s += ",\"accuracy\":{\"black\":" + accuracy(game.black_accuracy) + ",\"white\":" + accuracy(game.white_accuracy) + "}";
  s += ",\"ggf\":" + json_string(archive_line(game)) + "}";
  return s;
}

}  // namespace reversi
