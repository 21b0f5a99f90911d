// The opening names (core/opening_names): every listed opening recognised in all eight
// orientations, by its moves and by its position, and the list's reader naming the line
// at fault.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/board_symmetry.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/opening_names.h"
#include "contains.h"

using namespace reversi;

namespace {

// The position after a transcript (forced passes made), as the game records it.
Position after_moves(std::string_view transcript) {
  const auto game = Game::from_transcript(transcript);
  REQUIRE(game.ok());
  return game->position();
}

}  // namespace

TEST_CASE("opening names are recognised in all eight orientations", "[explorer]") {
  const OpeningNames& names = OpeningNames::standard();
  CHECK(names.openings().size() >= 100);
  for (const Opening& o : names.openings()) {
    INFO(to_transcript(o.moves) << " " << o.name(false));
    CHECK_FALSE(o.name(false).empty());
    for (int t = 0; t < kSymmetries; ++t) {
      std::vector<Square> turned;
      for (Square s : o.moves) turned.push_back(transform(s, t));
      // Turned moves are legal from the start only for the symmetries that keep it.
      Position p = Position::initial();
      if (transform(p, t) != p) continue;
      const auto m = names.name_of(turned);
      REQUIRE(m.has_value());
      CHECK(m->opening == &o);
      CHECK(m->ply == int(o.moves.size()));
    }
    // The four first moves are images of each other: every orientation is reached
    // by turning the whole game so that it starts with f5, d3, c4 or e6.
  }
  const auto named = [&](const char* transcript) -> std::string {
    const auto m = names.name_of(*parse_transcript(transcript));
    return m ? m->opening->name(false) + " / " + m->opening->name(true) : "";
  };
  CHECK(named("f5d6c3d3c4") == "Tiger / 虎定石");
  CHECK(named("d3c5f6f5e6") == "Tiger / 虎定石");  // the Tiger from d3
  CHECK(named("c4e3f6e6f5") == "Tiger / 虎定石");
  CHECK(named("e6f4c3c4d3") == "Tiger / 虎定石");
  CHECK(named("f5d6c3d3c4f4c5b3c2") == "Rose-Bill / 花形定石ローズビル");  // listed from c4, played from f5
  CHECK(named("c4c3d3c5d6f4f5") == "Rose-v-Toth / Rose-v-Toth");  // no Japanese name: the English one
  CHECK(named("c4e3f4c5d6f3e6c3d3e2") == "Rose / ローズ");
  CHECK(named("f5d6c5f4e3") == "兎定石 / 兎定石");  // the Rabbit: no English name in the list
  // Whatever the order of the moves: f5 d6 c4 d3 c3 f4 reaches the position of f5 d6 c3 d3 c4 f4.
  CHECK(named("f5d6c4d3c3f4") == named("f5d6c3d3c4f4"));
  CHECK_FALSE(named("f5d6c4d3c3f4").empty());
  // Past the opening, the deepest named position stays (the match says when it was reached).
  const auto past = names.name_of(*parse_transcript("f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1"));
  REQUIRE(past.has_value());
  CHECK(past->ply < 18);
  CHECK(named("").empty());
  CHECK(named("f5").empty());  // one move names nothing
  // In the other orientations, by a board (no moves): the Tiger's position turned.
  const Position tiger = after_moves("f5d6c3d3c4");
  for (int t = 0; t < kSymmetries; ++t) {
    const Opening* o = names.at(transform(tiger, t));
    REQUIRE(o != nullptr);
    CHECK(o->english == "Tiger");
  }
}

TEST_CASE("the opening list's reader names the line at fault", "[explorer]") {
  CHECK(OpeningNames::parse("# c\n\nf5d6\tDiagonal\t-\n").ok());
  CHECK(contains(OpeningNames::parse("f5d6\tDiagonal\n").error(), "line 1: not three"));
  CHECK(contains(OpeningNames::parse("f5f5\tX\tY\n").error(), "line 1: move 2 'f5' is not legal"));
  CHECK(contains(OpeningNames::parse("f5d6\tA\t-\nd3c5\tB\t-\n").error(), "line 2: the position of 'B' is named already"));
  CHECK(contains(OpeningNames::parse("f5\t-\t-\n").error(), "no name"));
}
