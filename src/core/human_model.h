// A model of human move choice (issue 45, part 3; docs/human.md "A model of human move
// choice"): the probability that a person of a given rating plays each legal move of a
// position, from each move's loss against the best (the engine's values), the position's
// difficulty and what people respond to (corners and the squares next to them, mobility,
// discs flipped, parity). A conditional logit: P(move) = exp(w . f(move)) / sum over the
// legal moves, one weight vector per rating band, fitted on the expert games of the years
// before the held-out ones (lab/human_model_fit.h; `reversi-cli human fit`).
//
// The file (data/human-model.bin), version 1, little-endian:
//   header, 40 bytes (core/bytes.h's checked header):
//     0  magic "RVHUMMDL"        8  version (u16) = 1       10 header size (u16) = 40
//     12 bands (u16)            14  features (u16) = kHumanFeatures
//     16 the expert-game database's checksum (u32)         20 the first held-out year (u16)
//     22 depth D of the values fitted (u8)   23 exact empties E (u8)
//     24 zero (u32)             28  body size (u32)   32 FNV-1a of the body   36 of bytes 0..35
//   body, band after band in increasing rating:
//     lowest rating (i16; the first band: -32768, no bound), centre (i16: the mean rating
//     of the moves fitted), positions fitted (u32), then kHumanFeatures weights (f64 bits).
// The reader checks all of it (bands in order, centres within their band, finite weights
// of a sane size) and refuses a damaged file as a whole with one message.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/position.h"

namespace reversi {

inline constexpr std::uint16_t kHumanModelVersion = 1;
inline constexpr int kHumanFeatures = 14;

// One legal move and the engine's value of it (discs for the side to move).
struct HumanMoveValue {
  Square square = NO_SQUARE;
  double value = 0;
  bool exact = false;
};

using HumanFeatures = std::array<double, kHumanFeatures>;

// Each legal move's features (in the order of `moves`, which must be the legal moves of
// `position`, each once); the names below say what each is.
std::vector<HumanFeatures> human_move_features(const Position& position, std::span<const HumanMoveValue> moves);
const char* human_feature_name(int k);

struct HumanBand {
  int lowest = 0;  // the band holds ratings from this one to the next band's lowest
  int centre = 0;  // the mean rating of the moves it was fitted on
  std::uint32_t positions = 0;
  HumanFeatures weights{};
  friend bool operator==(const HumanBand&, const HumanBand&) = default;
};

inline constexpr int kNoLowerBound = -32768;

struct HumanModel {
  std::uint32_t database_checksum = 0;
  int test_from = 0;  // the first held-out year: no game from it on was fitted
  int depth = 0, exact_empties = 0;  // the values the model was fitted on
  std::vector<HumanBand> bands;      // increasing; the first one's lowest is kNoLowerBound

  std::size_t band_of(int rating) const;  // the band holding `rating`
  // The weights for `rating`: straight-line between the centres of the two bands around
  // it, the nearest band's beyond the first and the last centre.
  HumanFeatures weights_at(int rating) const;
  // Each move's probability (in the order of `moves`) under weights `w`.
  static std::vector<double> probabilities(const HumanFeatures& w, std::span<const HumanFeatures> features);
  std::vector<double> probabilities(int rating, const Position& position, std::span<const HumanMoveValue> moves) const;

  static Expected<HumanModel> parse(std::span<const std::uint8_t> bytes, std::string_view name = {});
  static Expected<HumanModel> load(const std::string& path);
  friend bool operator==(const HumanModel&, const HumanModel&) = default;
};

// The file of `model`; fails on a field the format cannot hold. Deterministic.
Expected<std::vector<std::uint8_t>> encode_human_model(const HumanModel& model);

}  // namespace reversi
