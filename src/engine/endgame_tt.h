// Transposition table of the exact solver, SolverTable (the midgame search has
// its own, SearchTable in search_tt.h, with other entries): fixed size (chosen
// at construction, never grows), shared by the search threads without locks.
//
// Each entry is three 64-bit words written and read with relaxed atomics,
// padded to 32 bytes so that the two entries a position may use share one
// cache line (the table is cache-line aligned: engine/large_table.h); children's
// buckets are prefetched while the moves are ordered (endgame_ordering.cpp). The
// position words are stored XOR-ed with the data word, so an entry torn by two
// threads writing at once fails the check on reading and is simply a miss
// (Hyatt's lockless hashing); a hit always holds bounds proven for that position.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "core/bitboard.h"
#include "engine/large_table.h"

namespace reversi::endgame {

inline constexpr int kExactLevel = 7;

// What the table holds for one position.
struct SolverEntry {
  int lower = -64;  // proven: score >= lower
  int upper = 64;   // proven: score <= upper
  int move = 65;    // best or refutation move found (SolverTable::kNoMove = none)
  int empties = 0;  // subtree size proxy, for replacement
  // How selective the search that proved the bounds was: 0 .. kExactLevel-1
  // for probable-outcome passes (cuts that are right with a probability),
  // kExactLevel for exact ones. A search trusts only bounds at least as exact
  // as itself; the move is a good first try either way.
  int level = 0;
};

class SolverTable {
 public:
  // The move of an entry without one (a square index fits a byte beside it).
  static constexpr int kNoMove = 65;

  explicit SolverTable(std::size_t megabytes) {
    std::size_t entries = 2;
    const std::size_t budget = megabytes * (std::size_t{1} << 20) / sizeof(Entry);
    while (entries * 2 <= budget) entries *= 2;
    table_ = allocate_large_table<Entry>(entries);
    mask_ = entries - 1;
  }

  void clear() {
    for (std::size_t i = 0; i <= mask_; ++i) {
      table_[i].k1.store(0, std::memory_order_relaxed);
      table_[i].k2.store(0, std::memory_order_relaxed);
      table_[i].data.store(0, std::memory_order_relaxed);
    }
  }

  bool probe(Bitboard P, Bitboard O, SolverEntry& out) const {
    const std::size_t i = index(P, O);
    for (std::size_t j = i; j < i + 2; ++j) {
      const Entry& e = table_[j];
      const std::uint64_t d = e.data.load(std::memory_order_relaxed);
      if ((e.k1.load(std::memory_order_relaxed) ^ d) == P &&
          (e.k2.load(std::memory_order_relaxed) ^ d) == O && d != 0) {
        out = unpack(d);
        return true;
      }
    }
    return false;
  }

  // Stores new bounds, tightened by what the entry already held for the position
  // if that was proven at the same level. Bounds proven more exactly are kept
  // (a selective pass does not overwrite them), less exact ones replaced.
  void store(Bitboard P, Bitboard O, int lower, int upper, int move, int empties, int level) {
    const std::size_t i = index(P, O);
    std::size_t slot = i;
    int weakest = 1 << 30;
    for (std::size_t j = i; j < i + 2; ++j) {
      Entry& e = table_[j];
      const std::uint64_t d = e.data.load(std::memory_order_relaxed);
      if ((e.k1.load(std::memory_order_relaxed) ^ d) == P &&
          (e.k2.load(std::memory_order_relaxed) ^ d) == O && d != 0) {
        const SolverEntry old = unpack(d);
        if (old.level > level) {
          lower = old.lower;
          upper = old.upper;
          level = old.level;
          empties = old.empties;
        } else if (old.level == level) {
          if (old.lower > lower) lower = old.lower;
          if (old.upper < upper) upper = old.upper;
        }
        if (move == kNoMove) move = old.move;
        slot = j;
        break;
      }
      // Replace the entry with the smallest subtree (empty slots first).
      const int w = d == 0 ? -1 : unpack(d).empties;
      if (w < weakest) {
        weakest = w;
        slot = j;
      }
    }
    if (lower > upper) lower = upper;  // only after a torn read; keep the entry sane
    const std::uint64_t d = pack(lower, upper, move, empties, level);
    Entry& e = table_[slot];
    e.data.store(d, std::memory_order_relaxed);
    e.k1.store(P ^ d, std::memory_order_relaxed);
    e.k2.store(O ^ d, std::memory_order_relaxed);
  }

  // Starts loading a position's bucket (its probe will follow soon).
  void prefetch(Bitboard P, Bitboard O) const { __builtin_prefetch(&table_[index(P, O)]); }

  std::size_t entries() const { return mask_ + 1; }

 private:
  struct alignas(32) Entry {  // a pair fills one 64-byte cache line
    std::atomic<std::uint64_t> k1{0}, k2{0}, data{0};
  };

  std::size_t index(Bitboard P, Bitboard O) const {
    std::uint64_t h = P * 0x9E3779B97F4A7C15ULL ^ (O + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 31;
    return static_cast<std::size_t>(h) & (mask_ & ~std::size_t{1});
  }

  // Bounds are offset by 64 into bytes; bit 32 marks a used entry (data != 0);
  // the level sits in bits 40-47.
  static std::uint64_t pack(int lower, int upper, int move, int empties, int level) {
    return std::uint64_t(lower + 64) | std::uint64_t(upper + 64) << 8 | std::uint64_t(move) << 16 |
           std::uint64_t(empties) << 24 | std::uint64_t{1} << 32 | std::uint64_t(level) << 40;
  }
  static SolverEntry unpack(std::uint64_t d) {
    return {int(d & 0xFF) - 64, int((d >> 8) & 0xFF) - 64, int((d >> 16) & 0xFF),
            int((d >> 24) & 0xFF), int((d >> 40) & 0xFF)};
  }

  LargeTable<Entry> table_;
  std::size_t mask_ = 0;
};
static_assert(SolverEntry{}.move == SolverTable::kNoMove);

}  // namespace reversi::endgame
