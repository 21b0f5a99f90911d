#include "core/human_model.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/bitboard.h"
#include "core/bytes.h"
#include "core/file.h"
#include "core/movegen.h"

namespace reversi {

namespace {

constexpr char kModelMagic[8] = {'R', 'V', 'H', 'U', 'M', 'M', 'D', 'L'};
constexpr std::size_t kBandBytes = 2 + 2 + 4 + 8 * kHumanFeatures;
constexpr double kMaxWeight = 1000;

// The squares next to a corner, and which corner each one is next to.
constexpr Bitboard kXSquares = bit(B2) | bit(G2) | bit(B7) | bit(G7);
constexpr Bitboard kCSquares = bit(B1) | bit(A2) | bit(G1) | bit(H2) | bit(A7) | bit(B8) | bit(H7) | bit(G8);
constexpr Bitboard kEdges = kFileA | kFileH | 0xFFULL | (0xFFULL << 56);

Square corner_of(Square s) {
  return make_square(column_of(s) < 4 ? 0 : 7, row_of(s) < 4 ? 0 : 7);
}

Bitboard quadrant_of(Square s) {
  const Bitboard left_top = 0x0F0F0F0FULL;
  return left_top << ((column_of(s) < 4 ? 0 : 4) + (row_of(s) < 4 ? 0 : 32));
}

}  // namespace

const char* human_feature_name(int k) {
  static constexpr const char* kNames[kHumanFeatures] = {
      "loss (discs against the best move)",
      "loss, when the values are exact",
      "log(1 + loss)",
      "loss x the position's difficulty (log(1 + the median move's loss))",
      "loss, in the opening (46 empties or more)",
      "a corner",
      "an X-square (next to an empty corner, diagonally)",
      "a C-square (next to an empty corner, on the edge)",
      "another edge square",
      "the opponent's legal moves after it",
      "the mover's legal moves after it (were it to move again)",
      "discs flipped",
      "into a quadrant with an odd number of empties (20 empties or fewer)",
      "new frontier discs (the move's and flipped discs next to an empty square)",
  };
  return k >= 0 && k < kHumanFeatures ? kNames[k] : "?";
}

std::vector<HumanFeatures> human_move_features(const Position& position, std::span<const HumanMoveValue> moves) {
  std::vector<HumanFeatures> out(moves.size());
  if (moves.empty()) return out;
  double best = moves[0].value;
  for (const HumanMoveValue& m : moves) best = std::max(best, m.value);
  std::vector<double> losses;
  for (const HumanMoveValue& m : moves) losses.push_back(best - m.value);
  std::sort(losses.begin(), losses.end());
  const double difficulty = std::log1p(losses[losses.size() / 2]);
  const Bitboard empty = position.empties();
  const int empties = popcount(empty);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Square s = moves[i].square;
    const double loss = best - moves[i].value;
    const Bitboard flipped = position.flips(s);
    const Bitboard mover = position.player | flipped | bit(s);
    const Bitboard other = position.opponent & ~flipped;
    const Bitboard empty_after = empty & ~bit(s);
    const bool corner_empty = (empty >> corner_of(s)) & 1;
    HumanFeatures& f = out[i];
    f[0] = loss;
    f[1] = moves[i].exact ? loss : 0;
    f[2] = std::log1p(loss);
    f[3] = loss * difficulty;
    f[4] = empties >= 46 ? loss : 0;
    f[5] = (kCorners >> s) & 1;
    f[6] = ((kXSquares >> s) & 1) && corner_empty;
    f[7] = ((kCSquares >> s) & 1) && corner_empty;
    f[8] = ((kEdges & ~kCorners & ~kCSquares) >> s) & 1;
    f[9] = popcount(legal_moves(other, mover));
    f[10] = popcount(legal_moves(mover, other));
    f[11] = popcount(flipped);
    f[12] = empties <= 20 && (popcount(empty & quadrant_of(s)) & 1);
    f[13] = popcount((flipped | bit(s)) & neighbours(empty_after));
  }
  return out;
}

std::size_t HumanModel::band_of(int rating) const {
  std::size_t b = 0;
  while (b + 1 < bands.size() && rating >= bands[b + 1].lowest) ++b;
  return b;
}

HumanFeatures HumanModel::weights_at(int rating) const {
  if (bands.empty()) return {};
  if (rating <= bands.front().centre) return bands.front().weights;
  if (rating >= bands.back().centre) return bands.back().weights;
  std::size_t b = 0;
  while (rating >= bands[b + 1].centre) ++b;
  const HumanBand &lo = bands[b], &hi = bands[b + 1];
  const double t = double(rating - lo.centre) / double(hi.centre - lo.centre);
  HumanFeatures w;
  for (int k = 0; k < kHumanFeatures; ++k) w[k] = lo.weights[k] + t * (hi.weights[k] - lo.weights[k]);
  return w;
}

std::vector<double> HumanModel::probabilities(const HumanFeatures& w, std::span<const HumanFeatures> features) {
  std::vector<double> p(features.size());
  double top = -HUGE_VAL;
  for (std::size_t i = 0; i < features.size(); ++i) {
    double u = 0;
    for (int k = 0; k < kHumanFeatures; ++k) u += w[k] * features[i][k];
    p[i] = u;
    top = std::max(top, u);
  }
  double sum = 0;
  for (double& v : p) sum += (v = std::exp(v - top));
  for (double& v : p) v /= sum;
  return p;
}

std::vector<double> HumanModel::probabilities(int rating, const Position& position,
                                              std::span<const HumanMoveValue> moves) const {
  return probabilities(weights_at(rating), human_move_features(position, moves));
}

Expected<std::vector<std::uint8_t>> encode_human_model(const HumanModel& model) {
  const auto fits_i16 = [](int v) { return v >= -32768 && v <= 32767; };
  if (model.bands.empty() || model.bands.size() > 0xFFFF) return Error{"a model needs 1 to 65535 bands"};
  if (model.test_from < 0 || model.test_from > 0xFFFF || model.depth < 0 || model.depth > 255 ||
      model.exact_empties < 0 || model.exact_empties > 255)
    return Error{"the model's held-out year, depth or exact empties do not fit the format"};
  std::vector<std::uint8_t> out(kCheckedHeaderSize, 0);
  std::memcpy(out.data(), kModelMagic, 8);
  set_le(out.data() + 8, kHumanModelVersion, 2);
  set_le(out.data() + 10, kCheckedHeaderSize, 2);
  set_le(out.data() + 12, model.bands.size(), 2);
  set_le(out.data() + 14, kHumanFeatures, 2);
  set_le(out.data() + 16, model.database_checksum, 4);
  set_le(out.data() + 20, std::uint64_t(model.test_from), 2);
  out[22] = std::uint8_t(model.depth);
  out[23] = std::uint8_t(model.exact_empties);
  for (const HumanBand& b : model.bands) {
    if (!fits_i16(b.lowest) || !fits_i16(b.centre)) return Error{"a band's rating does not fit the format"};
    put_le(out, std::uint16_t(std::int16_t(b.lowest)), 2);
    put_le(out, std::uint16_t(std::int16_t(b.centre)), 2);
    put_le(out, b.positions, 4);
    for (const double w : b.weights) {
      std::uint64_t bits = 0;  // std::memcpy: Emscripten's library has no std::bit_cast
      std::memcpy(&bits, &w, 8);
      put_le(out, bits, 8);
    }
  }
  seal_checked_header(out);
  return out;
}

Expected<HumanModel> HumanModel::load(const std::string& path) {
  auto bytes = read_file_bytes(path);
  if (!bytes) return Error{bytes.error()};
  return parse(*bytes, path);
}

Expected<HumanModel> HumanModel::parse(std::span<const std::uint8_t> bytes, std::string_view name) {
  const std::string at = (name.empty() ? std::string("human-move model") : std::string(name)) + ": ";
  const auto fail = [&](const std::string& what) { return Error{at + what}; };
  const auto checked = checked_body(bytes, kModelMagic, kHumanModelVersion, "a human-move model", "model", "the model");
  if (!checked) return fail(checked.error());
  const std::span<const std::uint8_t> body = *checked;
  const std::uint8_t* h = bytes.data();
  const std::uint32_t bands = get_u16(h + 12), features = get_u16(h + 14);
  if (features != kHumanFeatures)
    return fail("a model of " + std::to_string(features) + " features, this program's has " +
                std::to_string(kHumanFeatures));
  if (bands == 0 || std::uint64_t(bands) * kBandBytes != body.size() || get_u32(h + 24) != 0)
    return fail("damaged (its counts do not fit its size)");
  HumanModel m;
  m.database_checksum = get_u32(h + 16);
  m.test_from = int(get_u16(h + 20));
  m.depth = h[22];
  m.exact_empties = h[23];
  if (m.test_from < 1900 || m.test_from > 2200 || m.depth < 1 || m.depth > 60 || m.exact_empties > 60)
    return fail("damaged (held-out year " + std::to_string(m.test_from) + ", depth " + std::to_string(m.depth) +
                ", exact from " + std::to_string(m.exact_empties) + " empties)");
  const std::uint8_t* p = body.data();
  for (std::uint32_t b = 0; b < bands; ++b, p += kBandBytes) {
    HumanBand band;
    band.lowest = std::int16_t(get_u16(p));
    band.centre = std::int16_t(get_u16(p + 2));
    band.positions = get_u32(p + 4);
    for (int k = 0; k < kHumanFeatures; ++k) {
      const std::uint64_t bits = get_le(p + 8 + 8 * k, 8);
      std::memcpy(&band.weights[k], &bits, 8);
      if (!std::isfinite(band.weights[k]) || std::abs(band.weights[k]) > kMaxWeight)
        return fail("damaged (band " + std::to_string(b + 1) + "'s weight " + std::to_string(k + 1) +
                    " is not a number of a sane size)");
    }
    if (b == 0 ? band.lowest != kNoLowerBound : band.lowest <= m.bands.back().lowest)
      return fail("damaged (band " + std::to_string(b + 1) + "'s lowest rating is out of order)");
    if (band.centre < band.lowest || (b > 0 && band.centre <= m.bands.back().centre))
      return fail("damaged (band " + std::to_string(b + 1) + "'s centre is outside it or out of order)");
    if (b > 0 && m.bands.back().centre >= band.lowest)
      return fail("damaged (band " + std::to_string(b) + "'s centre is past its band)");
    m.bands.push_back(band);
  }
  return m;
}

}  // namespace reversi
