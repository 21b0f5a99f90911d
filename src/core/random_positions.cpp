#include "core/random_positions.h"

#include <array>

namespace reversi {

Square RandomPositions::random_move(const Position& position) {
  const Bitboard moves = position.legal_moves();
  return Square(nth_square(moves, below(popcount(moves))));
}

Position RandomPositions::with_empties(int min_empties, int max_empties) {
  for (;;) {
    const int target = min_empties + below(max_empties - min_empties + 1);
    Position p = Position::initial();
    while (!p.is_game_over() && p.empty_count() > target)
      p = p.must_pass() ? p.pass() : p.play(random_move(p));
    if (p.is_game_over()) continue;
    return p.settled();
  }
}

Position RandomPositions::after_plies(int plies) {
  Position p = Position::initial();
  for (int i = 0; i < plies && !p.is_game_over(); ++i)
    p = p.must_pass() ? p.pass() : p.play(random_move(p));
  return p;
}

std::vector<Position> RandomPositions::game() {
  std::vector<Position> out;
  Position p = Position::initial();
  out.push_back(p);
  while (!p.is_game_over()) {
    p = p.must_pass() ? p.pass() : p.play(random_move(p));
    out.push_back(p);
  }
  return out;
}

Position RandomPositions::arbitrary_board() {
  std::array<int, 64> squares;
  for (int s = 0; s < 64; ++s) squares[s] = s;
  const int empties = below(65);
  // The first `empties` squares of a partial Fisher-Yates shuffle stay empty.
  for (int i = 0; i < empties; ++i) std::swap(squares[i], squares[i + below(64 - i)]);
  Bitboard black = 0, white = 0;
  for (int i = empties; i < 64; ++i) (below(2) ? white : black) |= bit(squares[i]);
  return Position::from_colors(black, white, below(2) ? Color::White : Color::Black);
}

std::vector<Position> random_positions(std::uint64_t seed, int count, int min_empties,
                                       int max_empties) {
  RandomPositions random(seed);
  std::vector<Position> out;
  out.reserve(count);
  while (static_cast<int>(out.size()) < count)
    out.push_back(random.with_empties(min_empties, max_empties));
  return out;
}

std::vector<Position> random_positions_after_plies(std::uint64_t seed, int count, int min_plies,
                                                   int max_plies) {
  RandomPositions random(seed);
  std::vector<Position> out;
  out.reserve(count);
  while (static_cast<int>(out.size()) < count) {
    const Position p = random.after_plies(min_plies + random.below(max_plies - min_plies + 1));
    if (!p.is_game_over()) out.push_back(p);
  }
  return out;
}

std::vector<Position> random_game_positions(std::uint64_t seed, int count, bool finished) {
  RandomPositions random(seed);
  std::vector<Position> out;
  out.reserve(count);
  while (static_cast<int>(out.size()) < count)
    for (const Position& p : random.game())
      if (static_cast<int>(out.size()) < count && (finished || !p.is_game_over())) out.push_back(p);
  return out;
}

std::vector<Position> random_boards(std::uint64_t seed, int count) {
  RandomPositions random(seed);
  std::vector<Position> out;
  out.reserve(count);
  for (int i = 0; i < count; ++i) out.push_back(random.arbitrary_board());
  return out;
}

}  // namespace reversi
