// core/random.h and core/bitboard.h's helpers: the streams that seeds, the
// classic players, the book's choices and datagen's games depend on are pinned.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "core/bitboard.h"
#include "core/random.h"

using namespace reversi;

TEST_CASE("SplitMix64 is the reference splitmix64 stream", "[core][random]") {
  SplitMix64 g(0);  // the reference implementation's outputs for seed 0
  CHECK(g.next() == 0xE220A8397B1DCDAFULL);
  CHECK(g.next() == 0x6E789E6AA1B965F4ULL);
  CHECK(g.next() == 0x06C45D188009454FULL);
  CHECK(SplitMix64::mix(0x9E3779B97F4A7C15ULL) == 0xE220A8397B1DCDAFULL);
  SplitMix64 a(5), b(5);
  CHECK(a.below(7) == int(b.next() % 7));
  const double u = a.uniform();
  CHECK((u >= 0 && u < 1));
}

TEST_CASE("Random is xoshiro256** seeded through SplitMix64, the stream the engine's seeds give",
          "[core][random]") {
  // Values of the generator as engine/classic_rng.h had it (commit 955cd28).
  Random r(1);
  CHECK(r.next() == 0xB3F2AF6D0FC710C5ULL);
  CHECK(r.next() == 0x853B559647364CEAULL);
  CHECK(r.next() == 0x92F89756082A4514ULL);
  Random r2(2026);
  std::vector<std::uint32_t> below;
  for (int i = 0; i < 8; ++i) below.push_back(r2.below(10));
  CHECK(below == std::vector<std::uint32_t>{5, 2, 8, 8, 8, 7, 8, 8});
  Random r3(7);
  std::vector<int> picks;
  for (int i = 0; i < 8; ++i) picks.push_back(r3.pick_square(0x8100001818000081ULL));
  CHECK(picks == std::vector<int>{36, 27, 56, 63, 63, 56, 0, 0});
  Random a(9), b(3);
  b.reseed(9);
  CHECK(a.next() == b.next());
}

TEST_CASE("file_byte, nth_square and neighbours against square-by-square loops", "[core][bitboard]") {
  SplitMix64 g(42);
  for (int i = 0; i < 2000; ++i) {
    const Bitboard b = g.next() & g.next();
    for (int file = 0; file < 8; ++file) {
      unsigned expected = 0;
      for (int row = 0; row < 8; ++row)
        if ((b >> (row * 8 + file)) & 1) expected |= 1u << row;
      CHECK(file_byte(b, file) == expected);
    }
    int n = 0;
    for (int sq = 0; sq < 64; ++sq)
      if ((b >> sq) & 1) CHECK(nth_square(b, n++) == sq);
    Bitboard near = 0;
    for (int sq = 0; sq < 64; ++sq) {
      if (!((b >> sq) & 1)) continue;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          const int r = sq / 8 + dr, c = sq % 8 + dc;
          if ((dr || dc) && r >= 0 && r < 8 && c >= 0 && c < 8) near |= bit(r * 8 + c);
        }
    }
    CHECK(neighbours(b) == (near & ~b));
  }
}
