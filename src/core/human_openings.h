// What people play in the opening (issue 45, part 3; docs/human.md "Human players"): for
// each position of the expert games' first plies seen often enough, the moves played there
// and how often, by the rating band of the player who moved. The human players
// (engine/human_player.h) choose among these moves while their position is in the file.
// Built by `reversi-cli human openings` (lab/human_model_fit.h).
//
// The file (data/human-openings.bin), version 1, little-endian:
//   header, 40 bytes (core/bytes.h's checked header):
//     0  magic "RVHUMOPN"        8  version (u16) = 1       10 header size (u16) = 40
//     12 positions (u32)        16  bands (u8, 1..16)       17 plies (u8)   18 minimum games (u16)
//     20 the expert-game database's checksum (u32)          24 zero (u32)
//     28 body size (u32)        32  FNV-1a of the body     36 of bytes 0..35
//   body: the bands' lowest ratings after the first (i16 each, bands - 1 of them, increasing),
//   then position after position in increasing key (position_key of core/game_database.h
//   with its symmetry bits cleared: a hash of the canonical image): the key (u64), the moves
//   (u8, >= 1), and each move in increasing square of the canonical image: the square (u8),
//   then its count in each band (LEB128 varints).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/position.h"

namespace reversi {

inline constexpr std::uint16_t kHumanOpeningsVersion = 1;

struct HumanOpeningMove {
  Square square = NO_SQUARE;          // in the canonical image's orientation
  std::vector<std::uint32_t> counts;  // by band
  friend bool operator==(const HumanOpeningMove&, const HumanOpeningMove&) = default;
};

struct HumanOpeningPosition {
  std::uint64_t key = 0;
  std::vector<HumanOpeningMove> moves;
  friend bool operator==(const HumanOpeningPosition&, const HumanOpeningPosition&) = default;
};

struct HumanOpenings {
  std::uint32_t database_checksum = 0;
  int plies = 0, min_games = 0;
  std::vector<int> band_edges;  // the lowest ratings of bands 2, 3, ...
  std::vector<HumanOpeningPosition> positions;  // increasing key

  static std::uint64_t key_of(const Position& position);  // position_key without the symmetry
  std::size_t band_of(int rating) const;
  // The moves people played in `position` (squares in its own orientation) with weights:
  // each band's count times 2^-(its distance in bands from `rating`'s band), so that the
  // players of the rating count most where there are games and the others fill in. Empty
  // when the position is not in the file.
  struct Choice {
    Square square = NO_SQUARE;
    double weight = 0;
    std::uint32_t games = 0;  // in all bands
  };
  std::vector<Choice> choices(const Position& position, int rating) const;

  static Expected<HumanOpenings> parse(std::span<const std::uint8_t> bytes, std::string_view name = {});
  static Expected<HumanOpenings> load(const std::string& path);
  friend bool operator==(const HumanOpenings&, const HumanOpenings&) = default;
};

Expected<std::vector<std::uint8_t>> encode_human_openings(const HumanOpenings& openings);

}  // namespace reversi
