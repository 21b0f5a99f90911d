// Pattern features and the evaluator (the weight file: engine/weights_file.cpp).
#include "engine/pattern.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>

#include "core/board_symmetry.h"

namespace reversi::pattern {

namespace {

// Diagonal masks: squares (r, r + d) for the diagonal of length 8 - d.
constexpr Bitboard diagonal_mask(int d) {
  Bitboard m = 0;
  for (int r = 0; r + d < 8; ++r) m |= bit(9 * r + d);
  return m;
}

constexpr int pow3(int n) { return n == 0 ? 1 : 3 * pow3(n - 1); }

// Kind numbers, in the order of kinds().
enum KindId {
  kEdge2X, kCorner3x3, kCorner2x5, kDiag8, kDiag7, kDiag6, kDiag5, kDiag4, kLine2, kLine3, kLine4
};

constexpr Bitboard kMasks[kNumKinds] = {
    0x42FFULL,       0x070707ULL,      0x1F1FULL,        diagonal_mask(0),
    diagonal_mask(1), diagonal_mask(2), diagonal_mask(3), diagonal_mask(4),
    0xFF00ULL,       0xFF0000ULL,      0xFF000000ULL};

// The gather of the canonical placement of kind K: a few shifts and masks, or
// one multiply for a diagonal. Not PEXT, even where BMI2 is there: AMD's Zen 1
// and Zen 2 run PEXT in microcode (tens of cycles for these masks), and the
// midgame search ran 8.4x slower with it on such a host. Where PEXT is fast
// (Intel), it saves only the 4% more instructions the whole search runs with
// the shifts (callgrind; docs/evaluation.md, "Cost").
template <int K>
inline std::uint32_t gather_kind(Bitboard b) {
  if constexpr (K == kEdge2X) {
    return static_cast<std::uint32_t>((b & 0xFF) | ((b >> 1) & 0x100) | ((b >> 5) & 0x200));
  } else if constexpr (K == kCorner3x3) {
    return static_cast<std::uint32_t>((b & 7) | ((b >> 5) & 0x38) | ((b >> 10) & 0x1C0));
  } else if constexpr (K == kCorner2x5) {
    return static_cast<std::uint32_t>((b & 0x1F) | ((b >> 3) & 0x3E0));
  } else if constexpr (K >= kDiag8 && K <= kDiag4) {
    // The diagonal's squares sit in distinct files; one multiply stacks them into
    // the top byte, in file order (no two partial products collide).
    constexpr int d = K - kDiag8;
    return static_cast<std::uint32_t>(((b & kMasks[K]) * 0x0101010101010101ULL) >> (56 + d));
  } else {
    constexpr int row = K - kLine2 + 1;
    return static_cast<std::uint32_t>((b >> (8 * row)) & 0xFF);
  }
}

// Which symmetric images hold the placements of each kind (one per distinct
// square set; tests check that the set is closed under the symmetries).
constexpr Placement kPlacements[kNumPlacements] = {
    {kEdge2X, 0},    {kEdge2X, 2},    {kEdge2X, 4},    {kEdge2X, 6},
    {kCorner3x3, 0}, {kCorner3x3, 1}, {kCorner3x3, 2}, {kCorner3x3, 3},
    {kCorner2x5, 0}, {kCorner2x5, 1}, {kCorner2x5, 2}, {kCorner2x5, 3},
    {kCorner2x5, 4}, {kCorner2x5, 5}, {kCorner2x5, 6}, {kCorner2x5, 7},
    {kDiag8, 0},     {kDiag8, 1},
    {kDiag7, 0},     {kDiag7, 1},     {kDiag7, 2},     {kDiag7, 4},
    {kDiag6, 0},     {kDiag6, 1},     {kDiag6, 2},     {kDiag6, 4},
    {kDiag5, 0},     {kDiag5, 1},     {kDiag5, 2},     {kDiag5, 4},
    {kDiag4, 0},     {kDiag4, 1},     {kDiag4, 2},     {kDiag4, 4},
    {kLine2, 0},     {kLine2, 2},     {kLine2, 4},     {kLine2, 6},
    {kLine3, 0},     {kLine3, 2},     {kLine3, 4},     {kLine3, 6},
    {kLine4, 0},     {kLine4, 2},     {kLine4, 4},     {kLine4, 6},
};

// Binary (one bit per square) to ternary (one digit per square): 10 squares at most.
struct Ternary {
  std::array<std::uint32_t, 1024> v{};
  constexpr Ternary() {
    for (int b = 0; b < 1024; ++b) {
      std::uint32_t t = 0, p = 1;
      for (int i = 0; i < 10; ++i, p *= 3)
        if (b >> i & 1) t += p;
      v[b] = t;
    }
  }
};
constexpr Ternary kTernary;

template <int K>
inline std::uint32_t index_of(Bitboard p, Bitboard o) {
  return kTernary.v[gather_kind<K>(p)] + 2 * kTernary.v[gather_kind<K>(o)];
}

// Per-kind tables built once: mirror-reduced (canonical) and dense numbering.
struct Tables {
  std::array<std::vector<std::uint32_t>, kNumKinds> canonical;  // idx -> canonical idx
  std::array<std::vector<std::int32_t>, kNumKinds> dense;       // canonical idx -> dense
  std::array<int, kNumKinds> count{};
  std::array<int, kNumKinds> offset{};
  int total = 0;

  Tables() {
    for (int k = 0; k < kNumKinds; ++k) {
      // The squares of the canonical placement, ascending (digit i = square sq[i]).
      std::vector<int> sq;
      for (Bitboard m = kMasks[k]; m; m &= m - 1) sq.push_back(lowest_square(m));
      const int n = static_cast<int>(sq.size());
      // The symmetry that maps the placement onto itself in another order (if any)
      // gives the mirror permutation of the digits.
      std::vector<int> perm(n);
      for (int i = 0; i < n; ++i) perm[i] = i;
      for (int t = 1; t < 8; ++t) {
        if (symmetry(kMasks[k], t) != kMasks[k]) continue;
        std::vector<int> p(n);
        for (int i = 0; i < n; ++i) {
          const int img = lowest_square(symmetry(bit(sq[i]), t));
          p[i] = static_cast<int>(std::find(sq.begin(), sq.end(), img) - sq.begin());
        }
        bool identity = true;
        for (int i = 0; i < n; ++i) identity = identity && p[i] == i;
        if (!identity) perm = p;
      }
      const int size = pow3(n);
      canonical[k].resize(size);
      dense[k].assign(size, -1);
      int c = 0;
      for (int idx = 0; idx < size; ++idx) {
        std::uint32_t mirrored = 0;
        int rest = idx;
        for (int i = 0; i < n; ++i) {
          mirrored += static_cast<std::uint32_t>(rest % 3) * pow3(perm[i]);
          rest /= 3;
        }
        canonical[k][idx] = std::min<std::uint32_t>(idx, mirrored);
        if (canonical[k][idx] == static_cast<std::uint32_t>(idx)) dense[k][idx] = c++;
      }
      count[k] = c;
      offset[k] = total;
      total += c;
    }
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

}  // namespace

const std::array<Kind, kNumKinds>& kinds() {
  static const std::array<Kind, kNumKinds> k = [] {
    const char* names[kNumKinds] = {"edge+2X", "corner3x3", "corner2x5", "diag8", "diag7", "diag6",
                                    "diag5",   "diag4",     "line2",     "line3", "line4"};
    std::array<Kind, kNumKinds> r{};
    for (int i = 0; i < kNumKinds; ++i)
      r[i] = {names[i], kMasks[i], popcount(kMasks[i]), pow3(popcount(kMasks[i]))};
    return r;
  }();
  return k;
}

// The eight images in transform()'s numbering (core/board_symmetry.h), sharing
// the work: three transforms make the other five.
std::array<Bitboard, 8> symmetries(Bitboard b) {
  const Bitboard h = mirror_columns(b);
  const Bitboard t = transpose_board(b);
  const Bitboard ht = mirror_columns(t);
  return {b, h, mirror_rows(b), mirror_rows(h), t, ht, mirror_rows(t), mirror_rows(ht)};
}

Bitboard symmetry(Bitboard b, int t) { return transform(b, t); }

const std::array<Placement, kNumPlacements>& placements() {
  static const std::array<Placement, kNumPlacements> p = [] {
    std::array<Placement, kNumPlacements> r{};
    std::copy(std::begin(kPlacements), std::end(kPlacements), r.begin());
    return r;
  }();
  return p;
}

Bitboard gather(Bitboard b, Bitboard mask) {
  Bitboard r = 0;
  int i = 0;
  for (Bitboard m = mask; m; m &= m - 1, ++i)
    if (b & (m & (~m + 1))) r |= bit(i);
  return r;
}

namespace {
template <std::size_t... I>
void fill_features(const std::array<Bitboard, 8>& sp, const std::array<Bitboard, 8>& so,
                   Features& f, std::index_sequence<I...>) {
  ((f[I] = index_of<kPlacements[I].kind>(sp[kPlacements[I].image], so[kPlacements[I].image])), ...);
}

// Where each kind's full table starts in a stage's (the same in every stage:
// expand lays them out in kind order), as constants: one load per placement,
// its address the stage's table plus a constant plus the index.
constexpr std::array<std::size_t, kNumKinds + 1> kKindOffset = [] {
  std::array<std::size_t, kNumKinds + 1> r{};
  for (int k = 0; k < kNumKinds; ++k) r[k + 1] = r[k] + static_cast<std::size_t>(pow3(popcount(kMasks[k])));
  return r;
}();

template <std::size_t... I>
int sum_weights(const std::array<Bitboard, 8>& sp, const std::array<Bitboard, 8>& so,
                const std::int16_t* stage, std::index_sequence<I...>) {
  return (0 + ... +
          int{stage[kKindOffset[kPlacements[I].kind] +
                    index_of<kPlacements[I].kind>(sp[kPlacements[I].image], so[kPlacements[I].image])]});
}

// The same from indices already made (Indices::own); one copy for both callers.
template <std::size_t... I>
[[gnu::noinline]] int sum_stage(const std::uint16_t* idx, const std::int16_t* stage, std::index_sequence<I...>) {
  return (0 + ... + int{stage[kKindOffset[kPlacements[I].kind] + idx[I]]});
}
}  // namespace

namespace {
using Lanes = std::array<std::uint16_t, kIndexLanes>;

// Per square, what a disc there adds to each placement's index for the side it
// counts as 1 (3^digit where the placement holds the square, else 0).
struct SquareDigits {
  alignas(32) std::array<Lanes, 64> d{};
  SquareDigits() {
    for (int i = 0; i < kNumPlacements; ++i) {
      const Bitboard mask = kMasks[kPlacements[i].kind];
      for (int sq = 0; sq < 64; ++sq) {
        const Bitboard img = symmetry(bit(sq), kPlacements[i].image);
        if (img & mask) d[sq][i] = static_cast<std::uint16_t>(pow3(popcount(mask & (img - 1))));
      }
    }
  }
};
const SquareDigits& square_digits() {
  static const SquareDigits s;
  return s;
}

// The flipped discs' digits, summed (one vector addition per disc).
inline Lanes flipped_digits(const SquareDigits& sd, Bitboard flips) {
  Lanes f{};
  for (Bitboard b = flips; b; b &= b - 1) {
    const Lanes& d = sd.d[lowest_square(b)];
    for (int i = 0; i < kIndexLanes; ++i) f[i] = static_cast<std::uint16_t>(f[i] + d[i]);
  }
  return f;
}

// The child's `own` (its side to move is our opponent): our `other` with the
// played square 0 -> 2 (+2d) and each flipped disc 1 -> 2 (+d).
inline void child_own(const Indices& parent, const Lanes& d, const Lanes& f, Lanes& out) {
  for (int i = 0; i < kIndexLanes; ++i)
    out[i] = static_cast<std::uint16_t>(parent.other[i] + 2 * d[i] + f[i]);
}
}  // namespace

// From the squares' digits, one vector addition a disc (made at the root and
// where a search at the same ply left another position: rare; a loop, so that
// the WebAssembly worker stays small).
Indices indices(Bitboard P, Bitboard O) {
  const SquareDigits& sd = square_digits();
  Indices ix{};
  for (Bitboard b = P | O; b; b &= b - 1) {
    const int sq = lowest_square(b);
    const Lanes& d = sd.d[sq];
    const int mine = (P >> sq & 1) ? 1 : 2;  // the digit in `own`; 3 - mine in `other`
    for (int i = 0; i < kIndexLanes; ++i) {
      ix.own[i] = static_cast<std::uint16_t>(ix.own[i] + mine * d[i]);
      ix.other[i] = static_cast<std::uint16_t>(ix.other[i] + (3 - mine) * d[i]);
    }
  }
  return ix;
}

// The mover's view (own): the played square 0 -> 1 (+d), each flipped disc 2 -> 1
// (-d). The opponent's view (other): the square 0 -> 2 (+2d), each flipped disc
// 1 -> 2 (+d). The child's side to move is the opponent: its own is our other.
// Lanes wrap modulo 2^16 on the way; every result is a valid index (< 3^10).
void play(const Indices& parent, int sq, Bitboard flips, Indices& child) {
  const SquareDigits& sd = square_digits();
  const Lanes& d = sd.d[sq];
  const Lanes f = flipped_digits(sd, flips);
  child_own(parent, d, f, child.own);
  for (int i = 0; i < kIndexLanes; ++i)
    child.other[i] = static_cast<std::uint16_t>(parent.own[i] + d[i] - f[i]);
}

void pass(const Indices& parent, Indices& child) {
  child.own = parent.other;
  child.other = parent.own;
}

Features features(Bitboard P, Bitboard O) {
  Features f;
  fill_features(symmetries(P), symmetries(O), f, std::make_index_sequence<kNumPlacements>{});
  const Tables& t = tables();
  for (int i = 0; i < kNumPlacements; ++i) f[i] = t.canonical[kPlacements[i].kind][f[i]];
  return f;
}

std::uint32_t canonical_index(int kind, std::uint32_t idx) { return tables().canonical[kind][idx]; }
int canonical_count(int kind) { return tables().count[kind]; }
int dense_index(int kind, std::uint32_t canonical) { return tables().dense[kind][canonical]; }
int dense_offset(int kind) { return tables().offset[kind]; }
int dense_total() { return tables().total; }

Weights::Weights() : values(static_cast<std::size_t>(kNumStages) * dense_total(), 0) {}

}  // namespace reversi::pattern

namespace reversi {

using namespace pattern;

PatternEvaluator::PatternEvaluator() {
  // For experiments (matches of two weight files): a weight file named by the
  // environment replaces the compiled-in weights.
  const char* path = std::getenv("REVERSI_PATTERN_WEIGHTS");
  if (path && *path) {
    Expected<Weights> w = load_weights_file(path);
    if (!w) {
      status_ = w.error() + "; using the hand-made evaluation";
      return;
    }
    expand(*w);
    return;
  }
  *this = PatternEvaluator(embedded_weights());
}

PatternEvaluator::PatternEvaluator(std::span<const std::uint8_t> bytes) {
  if (bytes.empty()) {
    status_ = "pattern weights: none compiled in; using the hand-made evaluation";
    return;
  }
  Expected<Weights> w = decode_weights(bytes);
  if (!w) {
    status_ = w.error() + "; using the hand-made evaluation";
    return;
  }
  expand(*w);
}

PatternEvaluator::PatternEvaluator(const Weights& weights) { expand(weights); }

void PatternEvaluator::expand(const Weights& w) {
  const Tables& t = tables();
  per_stage_ = kKindOffset[kNumKinds];
  table_.assign(per_stage_ * kNumStages, 0);
  const std::size_t n = static_cast<std::size_t>(dense_total());
  for (int s = 0; s < kNumStages; ++s) {
    for (int k = 0; k < kNumKinds; ++k) {
      const std::size_t off = per_stage_ * s + kKindOffset[k];
      for (std::size_t idx = 0; idx < t.canonical[k].size(); ++idx) {
        const std::uint32_t c = t.canonical[k][idx];
        table_[off + idx] = w.values[s * n + t.offset[k] + t.dense[k][c]];
      }
    }
    bias_[s] = w.bias[s];
  }
  loaded_ = true;
  status_ = "pattern weights loaded";
}

int PatternEvaluator::evaluate(Bitboard P, Bitboard O) const {
  if (!loaded_) return fallback_.evaluate(P, O);
  const int stage = stage_of(64 - popcount(P | O));
  const int v = bias_[stage] + sum_weights(symmetries(P), symmetries(O), stage_table(stage),
                                           std::make_index_sequence<kNumPlacements>{});
  return std::clamp(v, -kEvalMax + 1, kEvalMax - 1);
}


int PatternEvaluator::evaluate(const Indices& ix, int empties) const {
  const int stage = stage_of(empties);
  const int v = bias_[stage] + sum_stage(ix.own.data(), stage_table(stage), std::make_index_sequence<kNumPlacements>{});
  return std::clamp(v, -kEvalMax + 1, kEvalMax - 1);
}

int PatternEvaluator::evaluate_after(const Indices& parent, int sq, Bitboard flips, int empties) const {
  const SquareDigits& sd = square_digits();
  alignas(32) Lanes own;
  child_own(parent, sd.d[sq], flipped_digits(sd, flips), own);
  const int stage = stage_of(empties);
  const int v = bias_[stage] + sum_stage(own.data(), stage_table(stage), std::make_index_sequence<kNumPlacements>{});
  return std::clamp(v, -kEvalMax + 1, kEvalMax - 1);
}

}  // namespace reversi
