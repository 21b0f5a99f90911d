// A small seeded pseudo-random generator (xoshiro256**, seeded through
// splitmix64) for the randomised classic players and random openings. Our own
// code rather than <random>'s distributions, whose results differ between
// standard libraries: the same seed must give the same moves natively and in
// the browser.
#pragma once

#include <cstdint>

#include "core/bitboard.h"

namespace reversi {

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 1) { reseed(seed); }

  void reseed(std::uint64_t seed) {
    for (auto& word : s_) {
      seed += 0x9E3779B97F4A7C15ULL;  // splitmix64: spreads any seed, even 0, over the state
      std::uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      word = z ^ (z >> 31);
    }
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n) for n < 2^32 (multiply-shift on the high 32 bits).
  std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>(((next() >> 32) * n) >> 32);
  }

  // A uniformly chosen set bit of a non-empty bitboard, as a square index.
  int pick_square(Bitboard b) {
    for (std::uint32_t k = below(static_cast<std::uint32_t>(popcount(b))); k; --k) b &= b - 1;
    return lowest_square(b);
  }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

}  // namespace reversi
