// Named openings (the Tiger 虎定石, the Rose ローズ, the Buffalo バッファロー定石 ...):
// data/opening-names.txt, compiled into the program, with its sources. Each opening
// is the position after its moves; a game is in an opening when it reaches that
// position, up to the board's 8 symmetries and whatever the order of its moves.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/expected.h"
#include "core/position.h"

namespace reversi {

struct Opening {
  std::vector<Square> moves;  // from the standard start
  std::string english;        // empty where the list gives none
  std::string japanese;       // empty where the list gives none
  // The name in one language, the other one where that is missing.
  const std::string& name(bool in_japanese) const {
    return (in_japanese ? japanese : english).empty() ? (in_japanese ? english : japanese)
                                                      : (in_japanese ? japanese : english);
  }
};

struct OpeningMatch {
  const Opening* opening = nullptr;
  int ply = 0;  // moves played when the game reached it
};

class OpeningNames {
 public:
  // Lines "moves<TAB>English<TAB>Japanese" ("-" for none), '#' comments and blank
  // lines skipped. Errors name the line: an illegal move, a missing field, a
  // position named twice.
  static Expected<OpeningNames> parse(std::string_view text);
  // data/opening-names.txt as compiled in.
  static const OpeningNames& standard();

  const std::vector<Opening>& openings() const { return openings_; }

  // The deepest named position the game reaches in its first `moves` (played from
  // the standard start, passes implied; an illegal move ends the look).
  std::optional<OpeningMatch> name_of(std::span<const Square> moves) const;
  // The opening whose position this is (up to symmetry), if any.
  const Opening* at(const Position& position) const;

 private:
  std::vector<Opening> openings_;
  std::unordered_map<std::uint64_t, std::size_t> by_key_;  // position_key without its symmetry bits
};

}  // namespace reversi
