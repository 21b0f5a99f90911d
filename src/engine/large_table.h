// Memory for the two transposition tables (SearchTable, endgame::SolverTable):
// value-initialised, aligned to whole cache lines and, on Linux, to 2 MB and
// offered to the kernel for huge pages.
// A probe of a table of hundreds of megabytes is a cache miss; on 4 KB pages it
// is a TLB miss too, a page walk of several more memory reads. With huge pages
// (transparent huge pages in "madvise" mode, the default on Debian) the walk
// mostly hits. Elsewhere (WebAssembly, other systems) it is plain aligned memory.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace reversi {

struct LargeTableFree {
  void operator()(void* p) const { std::free(p); }
};
template <class T>
using LargeTable = std::unique_ptr<T[], LargeTableFree>;

// `count` value-initialised T (T must be trivially destructible: no destructor runs).
template <class T>
LargeTable<T> allocate_large_table(std::size_t count) {
#if defined(__linux__)
  constexpr std::size_t kAlign = std::size_t{2} << 20;
#else
  constexpr std::size_t kAlign = 64;  // WebAssembly: no pages to ask for, no memory to waste
#endif
  const std::size_t bytes = (count * sizeof(T) + kAlign - 1) / kAlign * kAlign;
  void* p = std::aligned_alloc(kAlign, bytes);
  if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  madvise(p, bytes, MADV_HUGEPAGE);  // advice only: failure leaves normal pages
#endif
  T* t = static_cast<T*>(p);
  for (std::size_t i = 0; i < count; ++i) new (t + i) T();
  return LargeTable<T>(t);
}

}  // namespace reversi
