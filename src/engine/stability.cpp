#include "engine/stability.h"

#include <array>
#include <bit>
#include <cstdint>

namespace reversi {

namespace {

// Discs flipped on an 8-square line when `a` plays at x against `b`.
constexpr unsigned line_flips(int x, unsigned a, unsigned b) {
  unsigned result = 0;
  for (int dir = -1; dir <= 1; dir += 2) {
    unsigned run = 0;
    int i = x + dir;
    while (i >= 0 && i < 8 && ((b >> i) & 1)) {
      run |= 1u << i;
      i += dir;
    }
    if (i >= 0 && i < 8 && ((a >> i) & 1)) result |= run;
  }
  return result;
}

// kEdgeStable[p * 256 + o]: the discs of p that stay p whatever is played on the
// line. Any empty square may be filled by either colour (a move elsewhere can be
// legal through another line), flipping along the line or not. Filled from full
// lines down, since every move fills a square.
struct EdgeTable {
  std::array<std::uint8_t, 65536> stable{};
  EdgeTable() {
    for (int filled = 8; filled >= 0; --filled)
      for (unsigned occ = 0; occ < 256; ++occ) {
        if (std::popcount(occ) != filled) continue;
        // Enumerate the splits of occ into (p, o).
        for (unsigned p = occ;; p = (p - 1) & occ) {
          const unsigned o = occ & ~p;
          unsigned s = p;
          for (int x = 0; x < 8; ++x) {
            if ((occ >> x) & 1) continue;
            const unsigned fp = line_flips(x, p, o);
            s &= stable[((p | fp | (1u << x)) << 8) | (o & ~fp)];
            const unsigned fo = line_flips(x, o, p);
            s &= stable[((p & ~fo) << 8) | (o | fo | (1u << x))];
          }
          stable[(p << 8) | o] = static_cast<std::uint8_t>(s);
          if (p == 0) break;
        }
      }
  }
};

const EdgeTable& edge_table() {
  static const EdgeTable table;
  return table;
}

constexpr Bitboard kPackFileA = 0x0102040810204080ULL;  // file A -> byte, a1 lowest

inline unsigned pack_file(Bitboard b, int file) {
  return static_cast<unsigned>((((b >> file) & kFileA) * kPackFileA) >> 56);
}

constexpr std::array<Bitboard, 256> make_unpack_file() {
  std::array<Bitboard, 256> t{};
  for (unsigned b = 0; b < 256; ++b)
    for (int r = 0; r < 8; ++r)
      if ((b >> r) & 1) t[b] |= Bitboard{1} << (8 * r);
  return t;
}
constexpr std::array<Bitboard, 256> kUnpackFileA = make_unpack_file();

Bitboard edge_stable(Bitboard P, Bitboard O) {
  const auto& t = edge_table().stable;
  Bitboard s = t[((P & 0xFF) << 8) | (O & 0xFF)];
  s |= Bitboard{t[((P >> 56) << 8) | (O >> 56)]} << 56;
  s |= kUnpackFileA[t[(pack_file(P, 0) << 8) | pack_file(O, 0)]];
  s |= kUnpackFileA[t[(pack_file(P, 7) << 8) | pack_file(O, 7)]] << 7;
  return s;
}

// Diagonals of two squares or more, in both directions.
struct DiagonalMasks {
  Bitboard d9[13]{};  // a1-h8 direction (step +9)
  Bitboard d7[13]{};  // h1-a8 direction (step +7)
  constexpr DiagonalMasks() {
    for (int k = -6; k <= 6; ++k) {  // column - row = k
      for (int r = 0; r < 8; ++r) {
        const int c9 = r + k, c7 = 7 - r - k;
        if (c9 >= 0 && c9 < 8) d9[k + 6] |= Bitboard{1} << (r * 8 + c9);
        if (c7 >= 0 && c7 < 8) d7[k + 6] |= Bitboard{1} << (r * 8 + c7);
      }
    }
  }
};
constexpr DiagonalMasks kDiagonals{};

}  // namespace

Bitboard stable_discs(Bitboard P, Bitboard O) {
  const Bitboard occ = P | O;
  Bitboard h = occ;
  h &= h >> 1;
  h &= h >> 2;
  h &= h >> 4;
  const Bitboard full_h = (h & kFileA) * 0xFF;
  Bitboard v = occ;
  v &= v >> 8;
  v &= v >> 16;
  v &= v >> 32;
  const Bitboard full_v = (v & 0xFF) * kFileA;
  // The corner squares are diagonals of one square: full when occupied.
  Bitboard full_d9 = 0x0100000000000080ULL;  // h1 and a8: one-square a1-h8 diagonals
  Bitboard full_d7 = 0x8000000000000001ULL;  // a1 and h8: one-square h1-a8 diagonals
  for (int i = 0; i < 13; ++i) {
    if ((occ & kDiagonals.d9[i]) == kDiagonals.d9[i]) full_d9 |= kDiagonals.d9[i];
    if ((occ & kDiagonals.d7[i]) == kDiagonals.d7[i]) full_d7 |= kDiagonals.d7[i];
  }
  const Bitboard full_all = full_h & full_v & full_d9 & full_d7;

  Bitboard stable = edge_stable(P, O) | (P & full_all);
  const Bitboard inner = P & 0x007E7E7E7E7E7E00ULL & ~stable;
  if (!inner) return stable;
  for (;;) {
    const Bitboard sh = (stable >> 1) | (stable << 1) | full_h;
    const Bitboard sv = (stable >> 8) | (stable << 8) | full_v;
    const Bitboard s9 = (stable >> 9) | (stable << 9) | full_d9;
    const Bitboard s7 = (stable >> 7) | (stable << 7) | full_d7;
    const Bitboard grown = stable | (inner & sh & sv & s9 & s7);
    if (grown == stable) return stable;
    stable = grown;
  }
}

}  // namespace reversi
