#include "engine/search_tt.h"

#include <algorithm>
#include <bit>

namespace reversi {

// data layout: score int16 (bits 0-15), depth uint8 (16-23), bound (24-25),
// move+1 uint8 (32-39, 0 = none), age uint8 (40-47).
std::uint64_t SearchTable::pack(int score, int depth, Bound bound, int move, std::uint8_t age) {
  return std::uint64_t(std::uint16_t(std::int16_t(score))) |
         std::uint64_t(std::uint8_t(depth)) << 16 | std::uint64_t(bound) << 24 |
         std::uint64_t(std::uint8_t(move + 1)) << 32 | std::uint64_t(age) << 40;
}

SearchTable::SearchTable(std::size_t megabytes) {
  const std::size_t want = std::max<std::size_t>(1, megabytes * 1024 * 1024 / sizeof(Bucket));
  buckets_ = std::bit_floor(want);
  table_ = allocate_large_table<Bucket>(buckets_);
  clear();
}

void SearchTable::clear() {
  for (std::size_t i = 0; i < buckets_; ++i)
    for (auto& e : table_[i].e) {
      e.check.store(0, std::memory_order_relaxed);
      e.data.store(0, std::memory_order_relaxed);
    }
  age_ = 0;
}

bool SearchTable::probe(std::uint64_t key, SearchHit& hit) const {
  const Bucket& b = bucket(key);
  for (const auto& e : b.e) {
    const std::uint64_t data = e.data.load(std::memory_order_relaxed);
    if ((e.check.load(std::memory_order_relaxed) ^ data) != key || data == 0) continue;
    hit.score = std::int16_t(data & 0xFFFF);
    hit.depth = int(data >> 16 & 0xFF);
    hit.bound = Bound(data >> 24 & 3);
    hit.move = int(data >> 32 & 0xFF) - 1;
    return true;
  }
  return false;
}

SearchTable::Stored SearchTable::store(std::uint64_t key, int score, int depth, Bound bound, int move) {
  Bucket& b = bucket(key);
  Entry* victim = nullptr;
  int victim_value = 1 << 30;
  bool same = false;
  for (auto& e : b.e) {
    const std::uint64_t data = e.data.load(std::memory_order_relaxed);
    if ((e.check.load(std::memory_order_relaxed) ^ data) == key && data != 0) {
      // Same position: keep the old best move if this search found none, and do
      // not let a shallow bound overwrite a deeper result of this search.
      const int old_depth = int(data >> 16 & 0xFF);
      const bool same_age = std::uint8_t(data >> 40) == age_;
      if (same_age && old_depth > depth + 2 && bound != Bound::Exact) return Stored::Kept;
      if (move == kNoMove) move = int(data >> 32 & 0xFF) - 1;
      victim = &e;
      same = true;
      break;
    }
    const int age_penalty = std::uint8_t(age_ - std::uint8_t(data >> 40)) * 8;
    const int value = (data == 0) ? -1000 : int(data >> 16 & 0xFF) - age_penalty;
    if (value < victim_value) {
      victim_value = value;
      victim = &e;
    }
  }
  const Stored what = same ? Stored::Same : victim_value == -1000 ? Stored::Empty : Stored::Replaced;
  const std::uint64_t data = pack(score, depth, bound, move, age_);
  victim->data.store(data, std::memory_order_relaxed);
  victim->check.store(key ^ data, std::memory_order_relaxed);
  return what;
}

int SearchTable::hashfull() const {
  int used = 0;
  const std::size_t n = std::min<std::size_t>(buckets_, 250);
  for (std::size_t i = 0; i < n; ++i)
    for (const auto& e : table_[i].e) {
      const std::uint64_t data = e.data.load(std::memory_order_relaxed);
      if (data != 0 && std::uint8_t(data >> 40) == age_) ++used;
    }
  return int(used * 1000 / (n * kWays));
}

}  // namespace reversi
