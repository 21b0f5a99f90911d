// The evaluation's weight files (engine/weights_file): decode_weights on the bytes
// of a file. The header's checksum would stop almost every mutation at the header,
// so an input not starting with the magic "RVPW" is taken as a payload after its
// first byte and gets a valid version-2 header (this build's sizes, step 1 or the
// first byte's step, the payload's length and checksum): the fuzzer then reaches
// the range decoder of the tables.
// Property: decoded weights encode to a file that decodes to the same weights.
#include <cstring>
#include <vector>

#include "engine/pattern.h"
#include "fuzz_check.h"

using namespace reversi;

namespace {

std::uint32_t fnv1a(const std::uint8_t* p, std::size_t n) {
  std::uint32_t h = 2166136261u;
  for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 16777619u;
  return h;
}

void put_u32(std::uint8_t* p, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

// magic, version, kinds, stages, fingerprint, size, length, checksum (of the rest), step
constexpr std::size_t kHeaderSize = 26;
constexpr std::size_t kChecksummedFrom = 24;

std::vector<std::uint8_t> with_header(const std::uint8_t* payload, std::size_t n, std::uint8_t step) {
  static const std::vector<std::uint8_t> reference = pattern::encode_weights(pattern::Weights{});
  std::vector<std::uint8_t> file(reference.begin(), reference.begin() + kHeaderSize);
  file[24] = step;
  file[25] = 0;
  file.insert(file.end(), payload, payload + n);
  put_u32(file.data() + 16, static_cast<std::uint32_t>(n));
  put_u32(file.data() + 20, fnv1a(file.data() + kChecksummedFrom, file.size() - kChecksummedFrom));
  return file;
}

bool same(const pattern::Weights& a, const pattern::Weights& b) {
  return a.values == b.values && a.bias == b.bias;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool header_ok = [] {
    // The header this target writes is the encoder's own.
    const auto zero = pattern::encode_weights(pattern::Weights{});
    return zero.size() >= kHeaderSize &&
           with_header(zero.data() + kHeaderSize, zero.size() - kHeaderSize, 1) == zero;
  }();
  FUZZ_CHECK(header_ok);

  std::vector<std::uint8_t> file;
  if (size >= 4 && std::memcmp(data, "RVPW", 4) == 0) {
    file.assign(data, data + size);
  } else if (size >= 1) {
    // Steps 1..4 mostly (the weights then fit int16), sometimes larger.
    const std::uint8_t step = (data[0] & 0x80) ? data[0] : (data[0] & 3) + 1;
    file = with_header(data + 1, size - 1, step);
  } else {
    return 0;
  }

  const auto w = pattern::decode_weights(file);
  if (!w) {
    FUZZ_CHECK(!w.error().empty());
    return 0;
  }
  static const std::size_t values = pattern::Weights{}.values.size();
  FUZZ_CHECK(w->values.size() == values);
  const std::vector<std::uint8_t> encoded = pattern::encode_weights(*w);
  const auto again = pattern::decode_weights(encoded);
  FUZZ_CHECK(again.ok());
  FUZZ_CHECK(same(*w, *again));
  return 0;
}
