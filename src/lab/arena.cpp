#include "lab/arena.h"

#include <chrono>
#include <fstream>

#include "core/notation.h"

namespace reversi {

Expected<GameRecord> play_game(Player& black, Player& white, std::span<const Square> opening,
                               const SearchLimits& limits, const Position& start, const ArenaClock& arena_clock) {
  GameRecord record;
  record.start = start;
  record.moves.reserve(64);
  Position pos = start.settled();
  for (std::size_t i = 0; i < opening.size(); ++i) {
    if (pos.is_game_over() || !pos.is_legal(opening[i]))
      return Error{"opening move " + std::to_string(i + 1) + " '" + square_name(opening[i]) +
                   "' is not legal in that position"};
    pos = pos.play(opening[i]).settled();
    record.moves.push_back(opening[i]);
  }
  record.opening_length = record.moves.size();

  GameClock clock(arena_clock.control);
  const auto t0 = std::chrono::steady_clock::now();
  // The clocks' time: the wall's, plus the time persons would have taken beyond it (a human
  // player's think_ms is charged, not waited).
  double thought_ms = 0;
  const auto now_ms = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() + thought_ms;
  };
  clock.start(pos.to_move, now_ms());
  while (!pos.is_game_over()) {
    const int side = pos.to_move == Color::Black ? 0 : 1;
    Player& player = side == 0 ? black : white;
    SearchLimits move_limits = limits;
    if (clock.timed()) {
      const double left = clock.remaining_ms(pos.to_move, now_ms());
      if (arena_clock.fixed_ms[side] > 0) {
        move_limits.time_ms = std::min(arena_clock.fixed_ms[side], left * 0.5);
      } else {
        move_limits.clock_ms = std::max(1.0, left);
        move_limits.increment_ms = arena_clock.control.increment_s * 1000.0;
      }
    }
    const double asked_ms = now_ms();
    const auto chosen = choose_checked(player, pos, move_limits);
    if (!chosen)
      return Error{chosen.error() + " after " +
                   (record.moves.empty() ? std::string("the start")
                                         : to_transcript(record.moves))};
    const SearchResult& result = *chosen;
    thought_ms += std::max(0.0, result.think_ms - (now_ms() - asked_ms));
    record.time_ms[side] += std::max(result.time_ms, result.think_ms);
    record.nodes[side] += result.nodes;
    ++record.player_moves[side];
    const Position next = pos.play(result.move).settled();
    if (clock.timed()) {
      clock.press(now_ms(), next.is_game_over() ? std::nullopt : std::optional<Color>(next.to_move));
      if (clock.flag()) {  // the move came after its time ran out: lost on time
        record.flag = clock.flag();
        break;
      }
    }
    pos = next;
    record.moves.push_back(result.move);
  }
  record.clock_left_ms[0] = clock.remaining_ms(Color::Black, now_ms());
  record.clock_left_ms[1] = clock.remaining_ms(Color::White, now_ms());
  record.final_position = pos;
  record.black_discs = pos.disc_count(Color::Black);
  record.white_discs = pos.disc_count(Color::White);
  return record;
}

Expected<std::vector<Square>> parse_opening_line(std::string_view line) {
  line = trim(line.substr(0, line.find('%')));
  if (line.empty() || line[0] == '#') return std::vector<Square>{};
  return parse_transcript(line);
}

Expected<std::vector<std::vector<Square>>> load_openings(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error{"cannot read openings file '" + path + "'"};
  std::vector<std::vector<Square>> openings;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    auto moves = parse_opening_line(line);
    if (!moves) return Error{path + ":" + std::to_string(number) + ": " + moves.error()};
    if (!moves->empty()) openings.push_back(std::move(*moves));
  }
  if (openings.empty()) return Error{"openings file '" + path + "' has no transcripts"};
  return openings;
}

std::vector<Square> random_opening(int count, Random& rng, const Position& start) {
  std::vector<Square> moves;
  Position pos = start.settled();
  for (int i = 0; i < count && !pos.is_game_over(); ++i) {
    const Square sq = Square(rng.pick_square(pos.legal_moves()));
    moves.push_back(sq);
    pos = pos.play(sq).settled();
  }
  return moves;
}

}  // namespace reversi
