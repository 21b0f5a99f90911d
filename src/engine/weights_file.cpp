// The pattern weights' file format: see weights_file.h.
#include "engine/weights_file.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <memory>
#include <numeric>

#include "core/bytes.h"
#include "core/file.h"
#include "engine/evaluate.h"
#include "engine/pattern.h"

namespace reversi::pattern {

namespace {

constexpr char kWeightsMagic[4] = {'R', 'V', 'P', 'W'};
constexpr std::uint16_t kVersion = 2;
constexpr std::size_t kHeaderSizeV1 = 24;  // magic .. checksum
constexpr std::size_t kHeaderSize = 26;    // + the step
constexpr std::size_t kChecksummedFrom = 24;  // version 2: the step and the payload

// Identifies the pattern set and staging, so a file trained for another one is refused.
std::uint32_t fingerprint() {
  std::vector<std::uint8_t> bytes;
  for (const Kind& k : kinds())
    put_le(bytes, k.mask, 8);
  for (const Placement& p : placements()) {
    bytes.push_back(static_cast<std::uint8_t>(p.kind));
    bytes.push_back(static_cast<std::uint8_t>(p.image));
  }
  bytes.push_back(kNumStages);
  bytes.push_back(kStagePlies);
  return fnv1a(bytes);
}


void put_varint(std::vector<std::uint8_t>& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<std::uint8_t>(v | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<std::uint8_t>(v));
}
bool get_varint(const std::uint8_t*& p, const std::uint8_t* end, std::uint64_t& v) {
  v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (p == end) return false;
    const std::uint8_t b = *p++;
    v |= std::uint64_t{b & 0x7Fu} << shift;
    if (!(b & 0x80)) return true;
  }
  return false;
}
std::uint64_t zigzag(std::int64_t v) {
  return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}
std::int64_t unzigzag(std::uint64_t v) {
  return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1);
}

// ---- binary range coder (LZMA style) -------------------------------------------

constexpr int kProbBits = 12;
constexpr std::uint16_t kProbInit = 1 << (kProbBits - 1);
constexpr int kAdapt = 5;  // a probability moves 1/32 of the way to each coded bit
constexpr std::uint32_t kTop = 1u << 24;

void adapt(std::uint16_t& p, int bit) {
  if (bit) p = static_cast<std::uint16_t>(p - (p >> kAdapt));
  else p = static_cast<std::uint16_t>(p + (((1 << kProbBits) - p) >> kAdapt));
}

class RangeEncoder {
 public:
  explicit RangeEncoder(std::vector<std::uint8_t>& out) : out_(out) {}
  bool overran() const { return false; }
  int bit(std::uint16_t& p, int b) {
    const std::uint32_t bound = (range_ >> kProbBits) * p;
    if (b) {
      low_ += bound;
      range_ -= bound;
    } else {
      range_ = bound;
    }
    adapt(p, b);
    while (range_ < kTop) {
      range_ <<= 8;
      shift_low();
    }
    return b;
  }
  void finish() {
    for (int i = 0; i < 5; ++i) shift_low();
  }

 private:
  void shift_low() {
    if (static_cast<std::uint32_t>(low_) < 0xFF000000u || (low_ >> 32) != 0) {
      const std::uint8_t carry = static_cast<std::uint8_t>(low_ >> 32);
      std::uint8_t byte = cache_;
      do {
        out_.push_back(static_cast<std::uint8_t>(byte + carry));
        byte = 0xFF;
      } while (--pending_ != 0);
      cache_ = static_cast<std::uint8_t>(low_ >> 24);
    }
    ++pending_;
    low_ = (low_ & 0x00FFFFFFu) << 8;
  }
  std::vector<std::uint8_t>& out_;
  std::uint64_t low_ = 0;
  std::uint32_t range_ = 0xFFFFFFFFu;
  std::uint8_t cache_ = 0;
  std::uint64_t pending_ = 1;
};

// Reads past the end as zeros and counts them: the caller refuses the stream then.
class RangeDecoder {
 public:
  RangeDecoder(const std::uint8_t* p, const std::uint8_t* end) : p_(p), end_(end) {
    first_ = next();
    for (int i = 0; i < 4; ++i) code_ = (code_ << 8) | next();
  }
  int bit(std::uint16_t& p, int /*unused*/) {
    const std::uint32_t bound = (range_ >> kProbBits) * p;
    int b;
    if (code_ < bound) {
      range_ = bound;
      b = 0;
    } else {
      code_ -= bound;
      range_ -= bound;
      b = 1;
    }
    adapt(p, b);
    while (range_ < kTop) {
      range_ <<= 8;
      code_ = (code_ << 8) | next();
    }
    return b;
  }
  // The encoder's first byte is always 0 and it ends exactly where the decoder does.
  bool well_formed() const { return first_ == 0 && overrun_ == 0 && p_ == end_; }
  bool overran() const { return overrun_ != 0; }

 private:
  std::uint8_t next() {
    if (p_ != end_) return *p_++;
    ++overrun_;
    return 0;
  }
  const std::uint8_t* p_;
  const std::uint8_t* end_;
  std::uint32_t range_ = 0xFFFFFFFFu;
  std::uint32_t code_ = 0;
  std::uint8_t first_ = 0;
  std::size_t overrun_ = 0;
};

// ---- the model -----------------------------------------------------------------

constexpr int kMaxBits = 16;         // |weight / step| <= 32768
constexpr int kBucketCap = 8;        // bit lengths above share a context
constexpr int kBuckets = 2 * kBucketCap + 1;  // 0, then sign x bit length 1..cap
constexpr int kContexts = (kBuckets + 1) * kBuckets;  // previous stage (or none) x previous index
constexpr int kTreeBits = 3;         // the top mantissa bits, coded as a tree by length

int bit_length(std::uint32_t a) { return a ? 32 - __builtin_clz(a) : 0; }

int bucket(int x) {
  if (x == 0) return 0;
  const int len = std::min(kBucketCap, bit_length(static_cast<std::uint32_t>(x < 0 ? -x : x)));
  return x > 0 ? len : kBucketCap + len;
}

struct Model {
  std::uint16_t zero[kContexts];
  std::uint16_t sign[kContexts];
  std::uint16_t length[kContexts * 2][kMaxBits];
  std::uint16_t tree[kMaxBits + 1][1 << kTreeBits];
  std::uint16_t low[kMaxBits + 1][kMaxBits];
  Model() {
    std::fill_n(&zero[0], sizeof zero / 2, kProbInit);
    std::fill_n(&sign[0], sizeof sign / 2, kProbInit);
    std::fill_n(&length[0][0], sizeof length / 2, kProbInit);
    std::fill_n(&tree[0][0], sizeof tree / 2, kProbInit);
    std::fill_n(&low[0][0], sizeof low / 2, kProbInit);
  }
};

// One weight (divided by the step) through the coder: the encoder codes `x` and
// returns it, the decoder ignores `x` and returns what it reads.
template <class Coder>
int code_value(Coder& c, Model& m, int ctx, int x) {
  if (!c.bit(m.zero[ctx], x != 0)) return 0;
  const int negative = c.bit(m.sign[ctx], x < 0);
  const std::uint32_t a = static_cast<std::uint32_t>(x < 0 ? -x : x);
  const int bits = bit_length(a);
  int len = 1;
  std::uint16_t* lp = m.length[ctx * 2 + negative];
  while (len < kMaxBits && c.bit(lp[len - 1], bits > len)) ++len;
  std::uint32_t mag = 1;
  int node = 1;
  for (int i = len - 2; i >= 0; --i) {
    const int want = static_cast<int>((a >> i) & 1);
    int b;
    if (node < (1 << kTreeBits)) {
      b = c.bit(m.tree[len][node], want);
      node = node * 2 + b;
    } else {
      b = c.bit(m.low[len][i], want);
    }
    mag = mag * 2 + static_cast<std::uint32_t>(b);
  }
  return negative ? -static_cast<int>(mag) : static_cast<int>(mag);
}

// Every stage's table through the coder, in order; `values` holds the weights
// divided by the step (read by the encoder, written by the decoder). Stops early
// once the decoder has run past the end of its bytes (the stream is refused then).
template <class Coder>
void code_tables(Coder& c, std::vector<int>& values, std::size_t n) {
  auto model = std::make_unique<Model>();
  for (int s = 0; s < kNumStages; ++s) {
    int* v = values.data() + s * n;
    const int* prev = s > 0 ? v - n : nullptr;
    int left = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const int above = prev ? bucket(prev[i]) : kBuckets;
      v[i] = code_value(c, *model, above * kBuckets + bucket(left), v[i]);
      left = v[i];
      if ((i & 1023) == 0 && c.overran()) return;
    }
  }
}

Error failure(const std::string& why) { return Error{"pattern weights: " + why}; }

// A stage's bias (a zigzag varint); the reason if it is missing or out of range.
const char* read_bias(const std::uint8_t*& p, const std::uint8_t* end, std::int32_t& bias) {
  std::uint64_t token;
  if (!get_varint(p, end, token)) return "payload ends early";
  const std::int64_t b = unzigzag(token);
  if (b < -kEvalMax || b > kEvalMax) return "bias out of range";
  bias = static_cast<std::int32_t>(b);
  return nullptr;
}

// Version 1's payload: per stage, the bias then tokens (a weight v as zigzag(v) << 1,
// a run of n zeros as (n-1) << 1 | 1), all varints.
Expected<Weights> decode_v1(const std::uint8_t* p, const std::uint8_t* end) {
  Weights w;
  const std::size_t n = static_cast<std::size_t>(dense_total());
  for (int s = 0; s < kNumStages; ++s) {
    if (const char* why = read_bias(p, end, w.bias[s])) return failure(why);
    std::int16_t* v = w.values.data() + s * n;
    std::uint64_t token;
    for (std::size_t i = 0; i < n;) {
      if (!get_varint(p, end, token)) return failure("payload ends early");
      if (token & 1) {
        const std::uint64_t run = (token >> 1) + 1;
        if (run > n - i) return failure("zero run overflows the table");
        i += run;  // already zero
      } else {
        const std::int64_t x = unzigzag(token >> 1);
        if (x < INT16_MIN || x > INT16_MAX || x == 0) return failure("bad weight token");
        v[i++] = static_cast<std::int16_t>(x);
      }
    }
  }
  if (p != end) return failure("trailing bytes after the tables");
  return w;
}

Expected<Weights> decode_v2(std::uint32_t step, const std::uint8_t* p, const std::uint8_t* end) {
  if (step == 0) return failure("quantisation step 0");
  Weights w;
  for (int s = 0; s < kNumStages; ++s)
    if (const char* why = read_bias(p, end, w.bias[s])) return failure(why);
  const std::size_t n = static_cast<std::size_t>(dense_total());
  std::vector<int> q(w.values.size(), 0);
  RangeDecoder dec(p, end);
  code_tables(dec, q, n);
  if (dec.overran()) return failure("payload ends early");
  if (!dec.well_formed()) return failure("malformed coded tables");
  for (std::size_t i = 0; i < q.size(); ++i) {
    const std::int64_t v = std::int64_t{q[i]} * step;
    if (v < INT16_MIN || v > INT16_MAX) return failure("weight out of range");
    w.values[i] = static_cast<std::int16_t>(v);
  }
  return w;
}

}  // namespace

std::vector<std::uint8_t> encode_weights(const Weights& w) {
  std::uint32_t step = 0;
  for (std::int16_t v : w.values) step = std::gcd(step, static_cast<std::uint32_t>(v < 0 ? -v : v));
  if (step == 0 || step > 0xFFFF) step = 1;
  const std::size_t n = static_cast<std::size_t>(dense_total());

  std::vector<std::uint8_t> payload;
  for (int s = 0; s < kNumStages; ++s) put_varint(payload, zigzag(w.bias[s]));
  std::vector<int> q(w.values.size());
  for (std::size_t i = 0; i < q.size(); ++i) q[i] = w.values[i] / static_cast<int>(step);
  RangeEncoder enc(payload);
  code_tables(enc, q, n);
  enc.finish();

  std::vector<std::uint8_t> out(kWeightsMagic, kWeightsMagic + 4);
  put_le(out, kVersion, 2);
  out.push_back(kNumKinds);
  out.push_back(kNumStages);
  put_le(out, fingerprint(), 4);
  put_le(out, static_cast<std::uint32_t>(n), 4);
  put_le(out, static_cast<std::uint32_t>(payload.size()), 4);
  put_le(out, 0, 4);  // the checksum, below
  put_le(out, step, 2);
  out.insert(out.end(), payload.begin(), payload.end());
  const std::uint32_t sum = fnv1a(std::span(out).subspan(kChecksummedFrom));
  set_le(out.data() + 20, sum, 4);
  return out;
}

Expected<Weights> decode_weights(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < kHeaderSizeV1)
    return failure("file too short for a header (" + std::to_string(bytes.size()) + " bytes)");
  const std::uint8_t* h = bytes.data();
  if (std::memcmp(h, kWeightsMagic, 4) != 0) return failure("bad magic (not a RVPW weight file)");
  const std::uint32_t version = get_u16(h + 4);
  if (version != 1 && version != kVersion)
    return failure("unsupported version " + std::to_string(version));
  const std::size_t header = version == 1 ? kHeaderSizeV1 : kHeaderSize;
  if (bytes.size() < header)
    return failure("file too short for a header (" + std::to_string(bytes.size()) + " bytes)");
  if (h[6] != kNumKinds || h[7] != kNumStages || get_u32(h + 8) != fingerprint())
    return failure("trained for another pattern set or staging");
  if (get_u32(h + 12) != static_cast<std::uint32_t>(dense_total()))
    return failure("table size mismatch");
  const std::uint32_t length = get_u32(h + 16);
  if (bytes.size() - header != length)
    return failure("payload is " + std::to_string(bytes.size() - header) + " bytes, header says " +
                   std::to_string(length) + " (truncated or padded)");
  const std::uint8_t* p = h + header;
  const std::uint8_t* end = p + length;
  const std::size_t from = version == 1 ? kHeaderSizeV1 : kChecksummedFrom;
  if (fnv1a(bytes.subspan(from)) != get_u32(h + 20))
    return failure("checksum mismatch (corrupt file)");
  if (version == 1) return decode_v1(p, end);
  return decode_v2(get_u16(h + 24), p, end);
}

Expected<Weights> load_weights_file(const std::string& path) {
  Expected<std::vector<std::uint8_t>> bytes = read_file_bytes(path);
  if (!bytes) return failure(bytes.error());
  return decode_weights(*bytes);
}

Status save_weights_file(const Weights& w, const std::string& path) {
  const std::vector<std::uint8_t> bytes = encode_weights(w);
  std::ofstream out(path, std::ios::binary);
  if (!out) return Error{"cannot write '" + path + "'"};
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!out) return Error{"write to '" + path + "' failed"};
  return {};
}

Weights quantise_weights(const Weights& w, int step) {
  step = std::clamp(step, 1, 4096);
  Weights q = w;
  for (std::int16_t& v : q.values) {
    const int a = v < 0 ? -v : v;
    int r = (a + step / 2) / step * step;
    while (r > INT16_MAX) r -= step;
    v = static_cast<std::int16_t>(v < 0 ? -r : r);
  }
  return q;
}

}  // namespace reversi::pattern
