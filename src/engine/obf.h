// OBF, the text format of endgame test positions (data/ffo/README.md):
// a board string (64 squares and the side to move), ';', then "Move:score;"
// pairs, best first, and an optional '%' comment.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/position.h"

namespace reversi {

struct ObfMove {
  Square move = NO_SQUARE;  // PASS is written "PS" or "pass"
  int score = 0;            // exact final disc difference after the move, for the side to move
};

struct ObfEntry {
  Position position;
  std::vector<ObfMove> moves;  // as listed (best first)
  std::string comment;         // text after '%', trimmed
  int line = 0;                // 1-based line number in its file

  // The position's exact value: the first listed score, if any.
  std::optional<int> best_score() const;
  // Whether `move` is listed with the best score (a tie counts).
  bool is_best_move(Square move) const;
  // The score listed for `move`, if it is listed.
  std::optional<int> score_of(Square move) const;
};

// One line. Blank and comment-only lines are not entries: the caller skips them.
// Checked: the board, each "Move:score" pair (a square or PS/pass, a score of
// -64..64 with an optional sign), the move legal here (a pass only when forced),
// no move listed twice, the scores best first.
Expected<ObfEntry> parse_obf_line(std::string_view line);

// Whether parse_obf and load_obf skip the line: blank, or a comment ('%' or '#' first).
bool obf_skipped_line(std::string_view line);

// Text of many lines (the file's contents); blank and comment lines are skipped
// and the entries' `line` numbers set. The first bad line fails it all with
// "NAME:LINE: reason" ("line LINE: reason" when `name` is empty).
Expected<std::vector<ObfEntry>> parse_obf(std::string_view text, std::string_view name = {});

// A whole file, as parse_obf with the path as the name; an unreadable file is an error.
Expected<std::vector<ObfEntry>> load_obf(const std::string& path);

}  // namespace reversi
