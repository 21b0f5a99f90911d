// A position: the mover's and the opponent's discs as two bitboards, plus which
// colour is to move (needed to show the board and name the winner).
#pragma once

#include <cstdint>

#include "core/bitboard.h"
#include "core/movegen.h"
#include "core/square.h"

namespace reversi {

enum class Color : std::uint8_t { Black, White };
constexpr Color opposite(Color c) { return c == Color::Black ? Color::White : Color::Black; }
const char* color_name(Color c);  // "black" / "white"

enum class Cell : std::uint8_t { Empty, Black, White };
enum class Outcome : std::uint8_t { BlackWins, WhiteWins, Draw };

struct Position {
  Bitboard player = 0;    // discs of the side to move
  Bitboard opponent = 0;  // discs of the other side
  Color to_move = Color::Black;

  // Standard start: d5 and e4 black, d4 and e5 white, black to move.
  static Position initial();
  // From colour bitboards (black, white) and the side to move.
  static Position from_colors(Bitboard black, Bitboard white, Color to_move);

  Bitboard black() const { return to_move == Color::Black ? player : opponent; }
  Bitboard white() const { return to_move == Color::Black ? opponent : player; }
  Bitboard occupied() const { return player | opponent; }
  Bitboard empties() const { return ~occupied(); }
  int empty_count() const { return popcount(empties()); }
  int disc_count(Color c) const { return popcount(c == Color::Black ? black() : white()); }
  Cell at(Square s) const;

  Bitboard legal_moves() const { return reversi::legal_moves(player, opponent); }
  bool has_legal_move() const { return legal_moves() != 0; }
  bool is_legal(Square s) const { return is_board_square(s) && ((legal_moves() >> s) & 1); }
  Bitboard flips(Square s) const { return reversi::flips(s, player, opponent); }
  // The side to move has no legal move but the opponent has: it must pass.
  bool must_pass() const;
  // Neither side can move (covers a full board and a wiped-out colour).
  bool is_game_over() const;

  // The position after the mover plays a legal square (precondition: is_legal).
  Position play(Square s) const;
  // The position after the mover passes.
  Position pass() const { return {opponent, player, opposite(to_move)}; }
  // This position with a forced pass applied, if the mover must pass (as WTHOR records
  // games and as a game continues): the mover is then the side that can move.
  Position settled() const { return must_pass() ? pass() : *this; }

  // Only meaningful once the game is over: who has more discs.
  Outcome outcome() const;
  // Final disc difference for the side to move with empty squares given to the
  // winner (the convention of exact endgame scores, e.g. the FFO test suite).
  int final_score() const;

  friend bool operator==(const Position&, const Position&) = default;
};

}  // namespace reversi
