// Games as text, in and out: whatever a person pastes (a transcript, a GGF game
// or a board string) read by one parser, and the game written back in each of
// those forms. The page's load/export, its links and reversi-cli use these.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "core/game_clock.h"
#include "core/position.h"

namespace reversi {

// ---- GGF (Generic Game Format) -------------------------------------------------
// A game (;GM[Othello]...;) on an 8x8 board: the start position BO[8 <64 squares>
// <side>] (any board string marks; without BO the initial position), then moves
// B[f5] / W[d6] (also "F5", "f5/eval/time", and "PA" or "pass" where a side must
// pass; an unwritten forced pass is understood from the colours). A move's time
// (seconds, also m:s) is kept in move_times_ms; the time control TI[05:00/00:02]
// in time_control (and in tags); either malformed is an error. Other
// properties are skipped; values may escape ']' as "\]".
struct GgfGame {
  Position start;             // as written (its side may have to pass)
  std::vector<Square> moves;  // with PASS where a side passed
  // Each of `moves`' time in ms as written (B[f5//12.3]); -1 where none is written.
  std::vector<double> move_times_ms;
  TimeControl time_control;   // TI's (untimed without one, or with a main time of 0)
  Position final;             // the position after all moves
  std::string comment;        // the game's comment C[...], unescaped (the first one; empty if none)
  // The other properties as written (PC, DT, PB, PW, RE, TI, ...): name and unescaped value,
  // in order.
  std::vector<std::pair<std::string, std::string>> tags;
  // The first value of a tag, or "" when the game has none.
  std::string tag(std::string_view name) const;
};
// The first game of `text` (anything before its "(;" is skipped; a ";)" inside a
// property's value does not end it).
Expected<GgfGame> parse_ggf(std::string_view text);
// Where the game that opens with "(;" at `open` ends: the index just past its ";)", or
// npos when it is not closed. Property values are skipped whole ("C[;)]" ends nothing).
std::size_t ggf_game_end(std::string_view text, std::size_t open);
// (;GM[Othello]TY[8]BO[..]B[f5]W[d6]...RE[..];) from `start`, with BO only when the
// start is not the initial position, every pass before a move written as PA
// (`moves` may leave them out; a pass after the last move is written only if
// `moves` has it), RE (black's disc difference) when the game is over, and the
// comment C[...] (after TY and BO; '\\' and ']' escaped) when `comment` is not empty.
// `tags` (PC, DT, PB, PW, TI, ... escaped the same way) come right after GM.
// `move_times_ms`, when given, is each square move's time (passes not counted; a
// negative one is not written), written as B[f5//12.3] (seconds, one decimal).
std::string to_ggf(const Position& start, std::span<const Square> moves, std::string_view comment = {},
                   std::span<const std::pair<std::string, std::string>> tags = {},
                   std::span<const double> move_times_ms = {});

// A move as NBoard and GGF write it: "f5", "F5", "f5/1.5/0.2" (eval and time
// ignored), "pa", "PA", "pass", "ps" -> the square or PASS.
std::optional<Square> parse_move_text(std::string_view text);
// Plays a square, or PASS only when the side to move has to; false (position
// untouched) if that is not legal.
bool play_move(Position& position, Square move);

// ---- any of them -----------------------------------------------------------------
enum class GameTextFormat { Transcript, Ggf, Board };

struct GameText {
  GameTextFormat format = GameTextFormat::Transcript;
  // Where play starts: a side that has to pass has passed (as in Game), so it is
  // the side that moves unless the game is over.
  Position start = Position::initial();
  std::vector<Square> moves;  // squares played from start, passes left out
};

// Reads (a) a GGF game: any text with "(;" or '['; (b) a board string: text
// without digits (64 squares, whitespace anywhere, then the side to move, black
// if left out), any arrangement allowed, finished ones too; (c) otherwise a
// transcript from the initial position (parse_transcript's forms). The error
// names the problem: "move 7 'h9' is not a square (a1..h8)", "move 12 'a1' is
// not legal (black to move)", "board string has 63 squares; ...", "GGF: no
// closing ';)'", or says the text is empty.
Expected<GameText> parse_game_text(std::string_view text);

// The game in one of the forms: a transcript (the moves only: it reads back as
// the same game when the start is the initial position), GGF (start and moves),
// or the board string of the position after the moves.
std::string to_game_text(const Position& start, std::span<const Square> moves, GameTextFormat format);

// The game record of a text's game (its moves replayed from its start).
Game make_game(const GameText& text);

}  // namespace reversi
