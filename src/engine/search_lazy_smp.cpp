// Lazy SMP, the midgame search's threads (the exact solver's second thread is
// endgame_ybwc.cpp): helpers run the same iterative deepening as the main
// thread on the shared table and only fill it; the main thread's result is the
// search's. What the helpers store depends on timing, so a search with threads
// is not repeatable (lab/book_build.cpp searches on one thread for that reason).
#include "engine/search_worker.h"

namespace reversi {

Searcher::LazySmp::LazySmp([[maybe_unused]] Shared& shared, [[maybe_unused]] Bitboard P,
                           [[maybe_unused]] Bitboard O,
                           [[maybe_unused]] const std::vector<Worker::RootMove>& moves,
                           [[maybe_unused]] int empties) {
#if REVERSI_THREADS
  for (int t = 1; t < shared.opt.threads; ++t) {
    helpers_.push_back(std::make_unique<Worker>(shared, t));
    threads_.emplace_back([w = helpers_.back().get(), P, O, moves, empties] {
      w->iterate(P, O, moves, empties, nullptr);
    });
  }
#endif
}

std::uint64_t Searcher::LazySmp::join() {
  std::uint64_t nodes = 0;
#if REVERSI_THREADS
  for (auto& t : threads_)
    if (t.joinable()) t.join();
  for (auto& h : helpers_) nodes += h->nodes;
#endif
  return nodes;
}

}  // namespace reversi
