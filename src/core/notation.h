// Text forms of positions and games.
//  - Board string: 64 characters for a1, b1, .., h1, a2, .., h8 (X black, O white,
//    - empty), then the side to move (X or O), as in data/ffo/*.obf.
//  - Transcript: the moves as square names run together, "f5d6c3d3c4"; passes
//    are implicit; upper or lower case accepted on input, lower case on output.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/position.h"

namespace reversi {

std::string to_board_string(const Position& position);
// Accepts X/x/* for black, O/o for white, -/. for empty; whitespace between the
// squares and the side to move. Errors name the offending character's place.
Expected<Position> parse_board_string(std::string_view text);

// Writes the squares (passes skipped) as a lower-case transcript.
std::string to_transcript(std::span<const Square> moves);
// Reads and checks a transcript played from `start`. Whitespace is ignored. The
// error names the move number and text ("move 7 'h9' is not a square", "move 12
// 'a1' is not legal in that position"). Returns the squares played (no passes).
Expected<std::vector<Square>> parse_transcript(std::string_view text,
                                               const Position& start = Position::initial());

// Human-readable 8x8 diagram with coordinates (for the CLI and test failures).
std::string to_diagram(const Position& position);

}  // namespace reversi
