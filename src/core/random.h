// Seeded pseudo-random numbers for the engine and the lab: our own code rather
// than <random>'s distributions, whose results differ between standard
// libraries, so that a seed gives the same numbers natively and in the browser.
//
//   Random      xoshiro256** seeded through SplitMix64: the generator to use.
//               The randomised classic players, the levels' book choices and
//               the random openings of matches draw from it.
//   SplitMix64  the seeder of Random, and the self-play games of
//               `reversi-cli datagen` (lab/pattern_train.cpp) draw from it
//               directly: the training data made so far is reproducible from
//               its seeds only with this stream.
//
// RandomPositions (core/random_positions.h) draws from std::mt19937_64, which
// the standard specifies exactly: the benchmark's positions and the tests' are
// fixed by that stream. Each stream keeps its own way of reducing to a range
// (below()), since changing one would change what the seeds give.
#pragma once

#include <bit>
#include <cstdint>

#include "core/bitboard.h"

namespace reversi {

class SplitMix64 {
 public:
  explicit constexpr SplitMix64(std::uint64_t seed = 0) : state_(seed) {}

  constexpr std::uint64_t next() { return mix(state_ += 0x9E3779B97F4A7C15ULL); }

  // In [0, n) for n > 0 (next() % n).
  constexpr int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
  // Uniform in [0, 1), 53 bits.
  constexpr double uniform() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }

  // The output function: a bijective 64-bit mix in which every input bit
  // changes about half the output bits (also a good hash of one word).
  static constexpr std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t state_;
};

class Random {
 public:
  explicit constexpr Random(std::uint64_t seed = 1) { reseed(seed); }

  // SplitMix64 spreads any seed, even 0, over the state.
  constexpr void reseed(std::uint64_t seed) {
    SplitMix64 seeder(seed);
    for (auto& word : s_) word = seeder.next();
  }

  constexpr std::uint64_t next() {
    const std::uint64_t result = std::rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = std::rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n) for n < 2^32 (multiply-shift on the high 32 bits).
  constexpr std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>(((next() >> 32) * n) >> 32);
  }

  // A uniformly chosen set bit of a non-empty bitboard, as a square index.
  constexpr int pick_square(Bitboard b) {
    return nth_square(b, static_cast<int>(below(static_cast<std::uint32_t>(popcount(b)))));
  }

 private:
  std::uint64_t s_[4]{};
};

}  // namespace reversi
