// Move ordering in the midgame search's interior nodes (the root keeps its
// own order from iteration to iteration, search_root.cpp).
#include "engine/search_worker.h"
#include "engine/stability.h"

namespace reversi {

// Orders moves best first: the table's move, then a score of the child in
// OrderingWeights (search.h): few replies for the opponent (its corners
// counted again), little potential mobility for it, corners and edge-stable
// discs, from depth 5 on the child's evaluation, and with shallow_ordering a
// 1- or 2-ply search of the child in place of its evaluation at depth 12+.
// Measured on the search's suite (docs/benchmarks.md "The search, measured"):
// the evaluation from depth 5 saves 7-10% of the nodes to depth 14, the
// searches nothing more.
void Searcher::Worker::order(Move* list, int n, Bitboard P, Bitboard O, int depth, int tt_move) {
  using search::kInf;
  const int sort_depth = !sh.opt.shallow_ordering ? -1 : depth >= 16 ? 3 : depth >= 12 ? 2 : -1;
  const OrderingWeights& w = sh.opt.ordering;
  const bool by_eval = w.eval != 0 && depth >= w.eval_depth && sort_depth < 0;
  // The pattern evaluation from this node's incremental indices (search_worker.h).
  const pattern::Indices* ix = by_eval || sort_depth > 1 ? indexed(P, O) : nullptr;
  const int child_empties = popcount(~(P | O)) - 1;
  for (int i = 0; i < n; ++i) {
    Move& m = list[i];
    if (m.sq == tt_move) {
      m.score = 1 << 30;
      continue;
    }
    const Bitboard cp = O & ~m.flips, co = P | m.flips | bit(m.sq);
    if (depth >= 3) sh.tt.prefetch(SearchTable::hash(cp, co));  // the child probes it
    const Bitboard replies = legal_moves(cp, co);
    int s = -popcount(replies) * w.mobility - popcount(replies & kCorners) * w.corner_mobility;
    s -= popcount(potential_moves(cp, co)) * w.potential;
    if (bit(m.sq) & kCorners) s += w.corner;
    s += (edge_stable_count(co, cp) + popcount(co & kCorners)) * w.stable;
    if (w.history && history_max) s += int(std::int64_t(w.history) * history[m.sq] / history_max);
    if (by_eval) {  // (the evaluation is for games not over: a move that ends the game gets its result)
      const bool over = !replies && !legal_moves(co, cp);
      s -= (over  ? search::final_score_units(cp, co)
            : ix  ? sh.pattern_eval->evaluate_after(*ix, m.sq, m.flips, child_empties)
                  : sh.eval.evaluate(cp, co)) *
           w.eval / 16;
      ++nodes;
      if (stats) ++stats->ordering_nodes;
    }
    if (sort_depth > 1) {
      const std::uint64_t before = nodes;
      s -= search_child(ix, m.sq, m.flips, cp, co, -kInf, kInf, sort_depth - 1, false);
      if (stats) stats->ordering_nodes += nodes - before;
    }
    m.score = s;
  }
  // Insertion sort: few moves, and the same order on every standard library
  // (std::sort orders ties differently in libstdc++ and libc++), so node
  // counts match between the native and the WebAssembly builds.
  for (int i = 1; i < n; ++i) {
    const Move m = list[i];
    int j = i;
    for (; j > 0 && list[j - 1].score < m.score; --j) list[j] = list[j - 1];
    list[j] = m;
  }
}

// History hints: a move that cut at `depth` gains depth squared; all halve
// when one passes 2^24 (kept in range, recent cuts weigh more).
void Searcher::Worker::note_cut(int sq, int depth) {
  int& h = history[sq];
  h += depth * depth;
  if (h > history_max) history_max = h;
  if (history_max > 1 << 24) {
    for (int& x : history) x /= 2;
    history_max /= 2;
  }
}

}  // namespace reversi
