// Text forms of positions and games.
//  - Board string: 64 characters for a1, b1, .., h1, a2, .., h8 (X black, O white,
//    - empty), then the side to move (X or O), as in data/ffo/*.obf.
//  - Transcript: the moves as square names run together, "f5d6c3d3c4"; passes
//    are implicit; upper or lower case, spaces, move numbers and written passes
//    accepted on input, lower case on output.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/position.h"

namespace reversi {

std::string to_board_string(const Position& position);
// Accepts X x * B b ● for black, O o W w ○ for white, - . _ for empty, whitespace
// anywhere (rows on lines of their own), then the side to move: one of those
// black or white marks, or the word black or white (any case); with
// BoardSide::DefaultBlack it may be left out (black moves). Errors name the
// offending character's place (counted in characters, not bytes).
enum class BoardSide { Required, DefaultBlack };
Expected<Position> parse_board_string(std::string_view text, BoardSide side = BoardSide::Required);
// Whether a text that is not a valid board string was still meant as one: at
// least three quarters of its characters other than whitespace are square marks
// (X, O, -, and their other spellings). A reader of anything a person pastes uses
// it to name the problem ("character 11 'Q' is not X, O or -") only when the
// text is a board with a slip, and otherwise to say it is none of the forms.
bool looks_like_board_string(std::string_view text);

// Writes the squares (passes skipped) as a lower-case transcript.
std::string to_transcript(std::span<const Square> moves);
// Reads and checks a transcript played from `start`, as people write them:
// upper or lower case, whitespace anywhere, move numbers ("1. f5 2. d6",
// "1.F5 D6") skipped, and "pass" or "pa" where a side had to pass (and only
// there). The error names the move number and text ("move 7 'h9' is not a
// square (a1..h8)", "move 12 'a1' is not legal (black to move)"). Returns the
// squares played (no passes).
Expected<std::vector<Square>> parse_transcript(std::string_view text,
                                               const Position& start = Position::initial());

// `s` without the whitespace at either end (for the readers of outside text).
std::string_view trim(std::string_view s);

// The pieces of `text` between the separators: n separators give n + 1 pieces, empty ones
// included ("a\tb\t" -> "a", "b", ""; "" -> ""). The one splitter of the readers of lines,
// fields and lists (a reader of lines skips the empty last piece of a text that ends in '\n').
std::vector<std::string_view> split(std::string_view text, char separator);

// Human-readable 8x8 diagram with coordinates (for the CLI and test failures).
std::string to_diagram(const Position& position);

}  // namespace reversi
