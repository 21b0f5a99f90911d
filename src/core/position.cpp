#include "core/position.h"

namespace reversi {

const char* color_name(Color c) { return c == Color::Black ? "black" : "white"; }

Position Position::initial() {
  return from_colors(bit(D5) | bit(E4), bit(D4) | bit(E5), Color::Black);
}

Position Position::from_colors(Bitboard black, Bitboard white, Color to_move) {
  return to_move == Color::Black ? Position{black, white, to_move}
                                 : Position{white, black, to_move};
}

Cell Position::at(Square s) const {
  if ((black() >> s) & 1) return Cell::Black;
  if ((white() >> s) & 1) return Cell::White;
  return Cell::Empty;
}

bool Position::must_pass() const {
  return !has_legal_move() && reversi::legal_moves(opponent, player) != 0;
}

bool Position::is_game_over() const {
  return !has_legal_move() && reversi::legal_moves(opponent, player) == 0;
}

Position Position::play(Square s) const {
  const Bitboard f = flips(s);
  return {opponent & ~f, player | f | bit(s), opposite(to_move)};
}

Outcome Position::outcome() const {
  const int b = disc_count(Color::Black), w = disc_count(Color::White);
  return b > w ? Outcome::BlackWins : w > b ? Outcome::WhiteWins : Outcome::Draw;
}

int Position::final_score() const {
  const int p = popcount(player), o = popcount(opponent), e = 64 - p - o;
  const int diff = p - o;
  return diff > 0 ? diff + e : diff < 0 ? diff - e : 0;
}

}  // namespace reversi
