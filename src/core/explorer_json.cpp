#include "core/explorer_json.h"

#include <cstdio>

#include "core/json.h"
#include "core/notation.h"

namespace reversi {

std::string explorer_percent(std::uint32_t n, std::uint32_t of) {
  char text[16];
  std::snprintf(text, sizeof text, "%.1f", of ? 100.0 * n / of : 0.0);
  return text;
}

std::string explore_json(const PositionStatistics& statistics, const Opening* opening) {
  std::string out = "{\"games\":" + std::to_string(statistics.games) + ",\"name\":";
  if (opening)
    out += "{\"en\":" + json_string(opening->name(false)) + ",\"ja\":" + json_string(opening->name(true)) + "}";
  else
    out += "null";
  out += ",\"moves\":[";
  for (std::size_t i = 0; i < statistics.moves.size(); ++i) {
    const MoveStatistics& m = statistics.moves[i];
    out += std::string(i ? "," : "") + "{\"square\":\"" + square_name(m.square) + "\",\"games\":" +
           std::to_string(m.games) + ",\"blackWins\":" + std::to_string(m.black_wins) +
           ",\"draws\":" + std::to_string(m.draws) + ",\"whiteWins\":" + std::to_string(m.white_wins) +
           ",\"averageDiff\":" + json_number(m.average_difference, 2) + ",\"percent\":{\"black\":\"" +
           explorer_percent(m.black_wins, m.games) + "\",\"draws\":\"" + explorer_percent(m.draws, m.games) +
           "\",\"white\":\"" + explorer_percent(m.white_wins, m.games) + "\"}}";
  }
  return out + "]}";
}

std::string games_json(const ExplorerGames& found) {
  std::string out = "{\"count\":" + std::to_string(found.count) + ",\"player\":";
  if (found.player) {
    out += "{\"name\":" + json_string(*found.player) + ",\"games\":" + std::to_string(found.player_games) +
           ",\"wins\":" + std::to_string(found.player_wins) + ",\"draws\":" + std::to_string(found.player_draws) +
           ",\"rating\":";
    if (const auto& r = found.rating) {
      const auto year = [](const PlayerYear& y) {
        return "{\"year\":" + std::to_string(y.year) + ",\"rating\":" + std::to_string(y.rating) +
               ",\"deviation\":" + std::to_string(y.deviation) + ",\"games\":" + std::to_string(y.games) + "}";
      };
      out += "{\"latest\":" + year(r->latest) + ",\"peak\":" + year(r->peak) + ",\"games\":" + std::to_string(r->games) + "}";
    } else {
      out += "null";
    }
    out += "}";
  } else {
    out += "null";
  }
  out += ",\"players\":[";
  for (std::size_t i = 0; i < found.players.size(); ++i) out += (i ? "," : "") + json_string(found.players[i]);
  out += "],\"games\":[";
  for (std::size_t i = 0; i < found.games.size(); ++i) {
    const DatabaseGame& g = found.games[i];
    out += std::string(i ? "," : "") + "{\"number\":" + std::to_string(g.number) + ",\"year\":" +
           std::to_string(g.year) + ",\"tournament\":" + json_string(g.tournament) + ",\"black\":" +
           json_string(g.black) + ",\"white\":" + json_string(g.white) + ",\"blackDiscs\":" +
           std::to_string(g.black_discs) + ",\"theoreticalBlack\":" + std::to_string(g.theoretical_black) +
           ",\"moves\":\"" + to_transcript(g.moves) + "\"}";
  }
  return out + "]}";
}

}  // namespace reversi
