// The players' ratings reader (core/player_ratings): PlayerRatings::parse on any bytes.
// The checksums stop almost every mutation at the header, so each input is also tried
// "repaired": the body size and both checksums set to match (seal_checked_header), so
// that the fuzzer reaches the fit's fields, the names and the years.
// Properties: a rejected input gives an error message; an accepted one has its players
// in strictly ascending name-key order, each with years strictly ascending within the
// fit's years and games in each, every player found by name and rated at any year, and
// encoding then parsing gives the same ratings.
#include <vector>

#include "core/bytes.h"
#include "core/game_database.h"
#include "core/player_ratings.h"
#include "fuzz_check.h"

using namespace reversi;

namespace {

void check(const std::vector<std::uint8_t>& bytes) {
  const auto ratings = PlayerRatings::parse(bytes);
  if (!ratings) {
    FUZZ_CHECK(!ratings.error().empty());
    return;
  }
  for (std::size_t i = 0; i < ratings->players.size(); ++i) {
    const PlayerHistory& p = ratings->players[i];
    FUZZ_CHECK(!p.years.empty());
    if (i) FUZZ_CHECK(name_key(ratings->players[i - 1].name) < name_key(p.name));
    for (std::size_t k = 0; k < p.years.size(); ++k) {
      FUZZ_CHECK(p.years[k].games > 0 && p.years[k].year >= ratings->first_year && p.years[k].year <= ratings->last_year);
      if (k) FUZZ_CHECK(p.years[k - 1].year < p.years[k].year);
    }
    FUZZ_CHECK(ratings->find(p.name) == &p);
    FUZZ_CHECK(ratings->at(p.name, ratings->first_year - 1).has_value());
    FUZZ_CHECK(ratings->at(p.name, ratings->last_year + 1).has_value());
  }
  const auto again = encode_player_ratings(*ratings);
  FUZZ_CHECK(again.ok());
  const auto back = PlayerRatings::parse(*again);
  FUZZ_CHECK(back.ok() && *back == *ratings);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::raw_and_sealed(data, size, check);
  return 0;
}
