#include "engine/obf.h"

#include <cctype>
#include <fstream>
#include <sstream>

#include "core/notation.h"
#include "core/parse_number.h"

namespace reversi {

bool obf_skipped_line(std::string_view line) {
  line = trim(line);
  return line.empty() || line.front() == '%' || line.front() == '#';
}

std::optional<int> ObfEntry::best_score() const {
  if (moves.empty()) return std::nullopt;
  return moves.front().score;
}

bool ObfEntry::is_best_move(Square move) const {
  const auto best = best_score();
  const auto score = score_of(move);
  return best && score && *score == *best;
}

std::optional<int> ObfEntry::score_of(Square move) const {
  for (const ObfMove& m : moves)
    if (m.move == move) return m.score;
  return std::nullopt;
}

Expected<ObfEntry> parse_obf_line(std::string_view line) {
  ObfEntry entry;
  if (const auto percent = line.find('%'); percent != std::string_view::npos) {
    entry.comment = std::string(trim(line.substr(percent + 1)));
    line = line.substr(0, percent);
  }
  const auto semicolon = line.find(';');
  auto position = parse_board_string(line.substr(0, semicolon));
  if (!position) return Error{position.error()};
  entry.position = *position;
  if (semicolon == std::string_view::npos) return entry;  // a bare board: no expected scores

  std::string_view rest = line.substr(semicolon + 1);
  while (true) {
    const auto end = rest.find(';');
    const std::string_view pair = trim(rest.substr(0, end));
    if (!pair.empty()) {
      const auto colon = pair.find(':');
      if (colon == std::string_view::npos)
        return Error{quote(pair) + " should be Move:score"};
      const std::string_view name = trim(pair.substr(0, colon));
      const std::string_view number = trim(pair.substr(colon + 1));
      ObfMove m;
      if (name == "PS" || name == "ps" || name == "pass" || name == "PASS") {
        m.move = PASS;
      } else if (const auto sq = parse_square(name)) {
        m.move = *sq;
      } else {
        return Error{quote(name) + " is not a square (a1..h8)"};
      }
      const auto score = parse_int<int>("score", number, -64, 64);
      if (!score) return Error{quote(pair) + ": " + score.error()};
      m.score = *score;
      if (m.move == PASS ? !entry.position.must_pass() : !entry.position.is_legal(m.move))
        return Error{quote(name) + (m.move == PASS ? " (a pass) is not forced in this position"
                                                   : " is not a legal move in this position")};
      if (entry.score_of(m.move))
        return Error{quote(name) + " is listed twice"};
      if (!entry.moves.empty() && m.score > entry.moves.back().score)
        return Error{quote(pair) + " scores more than the move before it: moves are listed best first"};
      entry.moves.push_back(m);
    }
    if (end == std::string_view::npos) break;
    rest = rest.substr(end + 1);
  }
  return entry;
}

Expected<std::vector<ObfEntry>> parse_obf(std::string_view text, std::string_view name) {
  std::vector<ObfEntry> entries;
  for (int number = 1; !text.empty(); ++number) {
    const std::size_t newline = text.find('\n');
    const std::string_view line = text.substr(0, newline);
    text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
    if (obf_skipped_line(line)) continue;
    auto entry = parse_obf_line(line);
    if (!entry) {
      const std::string where = name.empty() ? "line " + std::to_string(number)
                                             : std::string(name) + ":" + std::to_string(number);
      return Error{where + ": " + entry.error()};
    }
    entry->line = number;
    entries.push_back(std::move(*entry));
  }
  return entries;
}

Expected<std::vector<ObfEntry>> load_obf(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot read '" + path + "'"};
  std::ostringstream text;
  text << in.rdbuf();
  return parse_obf(text.str(), path);
}

}  // namespace reversi
