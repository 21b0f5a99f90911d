// Transposition table of the midgame search, SearchTable (the exact solver has
// its own, SolverTable in endgame_tt.h, with other entries): fixed size,
// allocated once, shared by the threads of a Lazy SMP search without locks.
//
// Each entry is two 64-bit words, the data and (key XOR data): a reader that
// sees a half-written entry (two threads storing at once) gets a key mismatch
// and treats it as a miss, so torn entries are harmless (Hyatt's lockless
// hashing). Entries live in buckets of four; a store replaces the same key, else
// the entry with the lowest (depth - age) value.
#pragma once

#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/bitboard.h"
#include "engine/large_table.h"

namespace reversi {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

// What the table holds for one position.
struct SearchHit {
  int score = 0;      // search score (kEvalScale units; exact results too)
  int depth = -1;     // draft the score was searched to
  Bound bound = Bound::None;
  int move = -1;      // best move found (square), SearchTable::kNoMove if none
};

class SearchTable {
 public:
  // The move of an entry without one.
  static constexpr int kNoMove = -1;

  // `megabytes` is rounded down to a power of two number of buckets (at least one).
  explicit SearchTable(std::size_t megabytes = 16);

  static std::uint64_t hash(Bitboard P, Bitboard O) {
    std::uint64_t h = P * 0x9E3779B97F4A7C15ULL;
    h ^= std::rotl(O * 0xC2B2AE3D27D4EB4FULL, 29);
    h ^= h >> 31;
    h *= 0xD6E8FEB86659FD93ULL;
    return h ^ (h >> 32);
  }

  bool probe(std::uint64_t key, SearchHit& hit) const;
  // Starts loading a key's bucket (its probe will follow soon).
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&bucket(key)); }
  // What a store did (counted by SearchStats).
  enum class Stored : std::uint8_t { Same, Empty, Replaced, Kept };
  Stored store(std::uint64_t key, int score, int depth, Bound bound, int move);
  void new_search() { age_ = std::uint8_t(age_ + 1); }
  void clear();

  std::size_t entry_count() const { return buckets_ * kWays; }
  std::size_t bytes() const { return buckets_ * sizeof(Bucket); }
  // Permille of sampled entries written in the current search (like UCI hashfull).
  int hashfull() const;

 private:
  static constexpr int kWays = 4;
  struct Entry {
    std::atomic<std::uint64_t> check;  // key ^ data
    std::atomic<std::uint64_t> data;
  };
  struct alignas(64) Bucket {
    Entry e[kWays];
  };
  static std::uint64_t pack(int score, int depth, Bound bound, int move, std::uint8_t age);
  // The bucket a key belongs to (probe, store and prefetch agree on it).
  const Bucket& bucket(std::uint64_t key) const { return table_[key & (buckets_ - 1)]; }
  Bucket& bucket(std::uint64_t key) { return table_[key & (buckets_ - 1)]; }

  LargeTable<Bucket> table_;
  std::size_t buckets_ = 0;
  std::uint8_t age_ = 0;
};
static_assert(SearchHit{}.move == SearchTable::kNoMove);

}  // namespace reversi
