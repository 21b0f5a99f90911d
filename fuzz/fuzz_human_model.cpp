// The model of human move choice's reader (core/human_model): HumanModel::parse on any
// bytes, each input also tried "repaired" (seal_checked_header: the body size and both
// checksums set to match) so that the fuzzer reaches the bands and the weights.
// Properties: a rejected input gives an error message; an accepted one has bands in
// increasing order with finite weights, each band found by its own ratings, probabilities
// that are finite and sum to 1 for any rating, and encoding then parsing gives it back.
#include <cmath>
#include <vector>

#include "core/bytes.h"
#include "core/human_model.h"
#include "fuzz_check.h"

using namespace reversi;

namespace {

void check(const std::vector<std::uint8_t>& bytes) {
  const auto model = HumanModel::parse(bytes);
  if (!model) {
    FUZZ_CHECK(!model.error().empty());
    return;
  }
  FUZZ_CHECK(!model->bands.empty());
  const Position start = Position::initial();
  const std::vector<HumanMoveValue> moves = {{D3, 0.5, false}, {C4, 0.0, false}, {F5, -3.0, false}, {E6, 1.0, false}};
  for (std::size_t b = 0; b < model->bands.size(); ++b) {
    const HumanBand& band = model->bands[b];
    if (b) FUZZ_CHECK(band.lowest > model->bands[b - 1].lowest && band.centre > model->bands[b - 1].centre);
    FUZZ_CHECK(model->band_of(band.centre) == b);
    for (const int rating : {band.lowest, band.centre, band.centre + 1}) {
      const std::vector<double> p = model->probabilities(rating, start, moves);
      double sum = 0;
      for (const double v : p) {
        FUZZ_CHECK(std::isfinite(v) && v >= 0);
        sum += v;
      }
      FUZZ_CHECK(std::abs(sum - 1) < 1e-9);
    }
  }
  const auto again = encode_human_model(*model);
  FUZZ_CHECK(again.ok());
  const auto back = HumanModel::parse(*again);
  FUZZ_CHECK(back.ok() && *back == *model);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::raw_and_sealed(data, size, check);
  return 0;
}
