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

// The cheap edge rule on one 8-square line (bit i = cell i, either direction):
// p's runs from an end it owns, or all of p when the line is full. A disc in such
// a run cannot be flipped along the edge (nothing can get beyond the corner), and
// along its other lines an edge disc has no square on one side.
constexpr unsigned anchored_line(unsigned p, unsigned o) {
  if ((p | o) == 0xFF) return p;
  unsigned s = 0;
  for (int i = 0; i < 8 && ((p >> i) & 1); ++i) s |= 1u << i;
  for (int i = 7; i >= 0 && ((p >> i) & 1); --i) s |= 1u << i;
  return s;
}

// Both edge rules for every 8-square line, indexed by p * 256 + o: the discs of
// p that the rule proves stable.
//
// exact: the discs of p that stay p whatever is played on the line. Any empty
// square may be filled by either colour (a move elsewhere can be legal through
// another line), flipping along the line or not. Filled from full lines down,
// since every move fills a square.
struct EdgeTables {
  std::array<std::uint8_t, 65536> exact{};
  std::array<std::uint8_t, 65536> anchored{};
  EdgeTables() {
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
            s &= exact[((p | fp | (1u << x)) << 8) | (o & ~fp)];
            const unsigned fo = line_flips(x, o, p);
            s &= exact[((p & ~fo) << 8) | (o | fo | (1u << x))];
          }
          exact[(p << 8) | o] = static_cast<std::uint8_t>(s);
          if (p == 0) break;
        }
      }
    for (unsigned p = 0; p < 256; ++p)
      for (unsigned o = 0; o < 256; ++o)
        anchored[(p << 8) | o] = (p & o) ? 0 : static_cast<std::uint8_t>(anchored_line(p, o));
  }
};

const EdgeTables& edge_tables() {
  static const EdgeTables tables;
  return tables;
}

using EdgeTable = std::array<std::uint8_t, 65536>;

// The table's entries for the four edges: rows 1 and 8 as bytes (a lowest),
// files a and h as file_byte (row 1 lowest).
inline unsigned row1_entry(const EdgeTable& t, Bitboard P, Bitboard O) {
  return t[((P & 0xFF) << 8) | (O & 0xFF)];
}
inline unsigned row8_entry(const EdgeTable& t, Bitboard P, Bitboard O) {
  return t[((P >> 56) << 8) | (O >> 56)];
}
inline unsigned file_entry(const EdgeTable& t, Bitboard P, Bitboard O, int file) {
  return t[(file_byte(P, file) << 8) | file_byte(O, file)];
}

constexpr std::array<Bitboard, 256> make_unpack_file() {
  std::array<Bitboard, 256> t{};
  for (unsigned b = 0; b < 256; ++b)
    for (int r = 0; r < 8; ++r)
      if ((b >> r) & 1) t[b] |= Bitboard{1} << (8 * r);
  return t;
}
constexpr std::array<Bitboard, 256> kUnpackFileA = make_unpack_file();  // file_byte's inverse

// The discs of P that the table proves stable on the four edges.
Bitboard edge_discs(const EdgeTable& t, Bitboard P, Bitboard O) {
  Bitboard s = row1_entry(t, P, O);
  s |= Bitboard{row8_entry(t, P, O)} << 56;
  s |= kUnpackFileA[file_entry(t, P, O, 0)];
  s |= kUnpackFileA[file_entry(t, P, O, 7)] << 7;
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

// The squares on full lines, one mask per direction.
struct FullLines {
  Bitboard h, v, d9, d7;
  Bitboard all() const { return h & v & d9 & d7; }
};

FullLines full_lines(Bitboard occ) {
  FullLines f;
  Bitboard h = occ;
  h &= h >> 1;
  h &= h >> 2;
  h &= h >> 4;
  f.h = (h & kFileA) * 0xFF;
  Bitboard v = occ;
  v &= v >> 8;
  v &= v >> 16;
  v &= v >> 32;
  f.v = (v & 0xFF) * kFileA;
  // The corner squares are diagonals of one square: full when occupied.
  f.d9 = 0x0100000000000080ULL;  // h1 and a8: one-square a1-h8 diagonals
  f.d7 = 0x8000000000000001ULL;  // a1 and h8: one-square h1-a8 diagonals
  for (int i = 0; i < 13; ++i) {
    if ((occ & kDiagonals.d9[i]) == kDiagonals.d9[i]) f.d9 |= kDiagonals.d9[i];
    if ((occ & kDiagonals.d7[i]) == kDiagonals.d7[i]) f.d7 |= kDiagonals.d7[i];
  }
  return f;
}

constexpr Bitboard kInner = 0x007E7E7E7E7E7E00ULL;

// `stable` (discs of one colour known to be stable) grown over the inner discs
// of `own`: an inner disc is stable when each of its four lines is full or holds
// a stable neighbour of its colour (then no move can flank it on that line).
// Edge discs are not grown: on its edge a disc's neighbours are edge discs, which
// the edge rules have judged already. The result is the least set closed under
// the rule, whatever order the discs are found in.
Bitboard grow_inner(Bitboard stable, Bitboard own, const FullLines& full) {
  const Bitboard inner = own & kInner & ~stable;
  if (!inner) return stable;
  for (;;) {
    // Inner squares only: their neighbours never wrap round the board's sides.
    const Bitboard sh = (stable >> 1) | (stable << 1) | full.h;
    const Bitboard sv = (stable >> 8) | (stable << 8) | full.v;
    const Bitboard s9 = (stable >> 9) | (stable << 9) | full.d9;
    const Bitboard s7 = (stable >> 7) | (stable << 7) | full.d7;
    const Bitboard grown = stable | (inner & sh & sv & s9 & s7);
    if (grown == stable) return stable;
    stable = grown;
  }
}

}  // namespace

Bitboard stable_discs(Bitboard P, Bitboard O) {
  const FullLines full = full_lines(P | O);
  return grow_inner(edge_discs(edge_tables().exact, P, O) | (P & full.all()), P, full);
}

Bitboard edge_stable_discs(Bitboard P, Bitboard O) {
  return edge_discs(edge_tables().anchored, P, O);
}

int edge_stable_count(Bitboard P, Bitboard O) {
  const EdgeTable& t = edge_tables().anchored;
  constexpr unsigned kNoCorners = 0x7E;
  return std::popcount(row1_entry(t, P, O) & kNoCorners) +
         std::popcount(row8_entry(t, P, O) & kNoCorners) +
         std::popcount(file_entry(t, P, O, 0) & kNoCorners) +
         std::popcount(file_entry(t, P, O, 7) & kNoCorners);
}

Bitboard classic_stable_discs(Bitboard P, Bitboard O) {
  const FullLines full = full_lines(P | O);
  return grow_inner(edge_stable_discs(P, O), P, full) | grow_inner(edge_stable_discs(O, P), O, full);
}

}  // namespace reversi
