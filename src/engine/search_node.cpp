// The midgame search's node: principal variation search (negascout), fail-soft.
// In order at each node: the stop poll, the horizon (the evaluation), passes
// (which cost no depth), frontier nodes (depth 1: every reply evaluated at
// once, no table), the table's bound and move, multi-ProbCut (search_mpc.cpp),
// move ordering (search_ordering.cpp), then the moves: the first with the
// window, the others with a null window and a re-search at PV nodes when they
// fall inside it; the result goes to the table with its bound type.
#include "engine/search_worker.h"

namespace reversi {

using search::final_score_units;
using search::kInf;

// Stops on the main thread's end (helpers), a stop request, the deadline or
// the node budget (shared among the threads by estimate).
void Searcher::Worker::poll() {
  if (sh.done.load(std::memory_order_relaxed) ||
      (sh.opt.stop && sh.opt.stop->load(std::memory_order_relaxed)) ||
      (sh.time.limited() && search::Clock::now() >= sh.time.hard_deadline()) ||
      (sh.opt.nodes && nodes * std::max(1, sh.opt.threads) >= sh.opt.nodes))
    aborted = true;
}

// The counters of a node that searched its moves (search_stats.h).
void Searcher::Worker::count(bool pv, int depth, Bound bound, int first_sq, int searched, int best_move,
                             bool had_tt_move, SearchTable::Stored stored) {
  SearchStats::Nodes& c = stats->nodes[pv][SearchStats::depth_index(depth)];
  const bool first_best = best_move == first_sq;
  ++c.searched;
  c.with_tt_move += had_tt_move;
  if (bound == Bound::Lower) {
    ++c.fail_high;
    c.first_cut += first_best;
    c.moves_tried += searched;  // a cut ends the node at the move that made it
  } else if (bound == Bound::Exact) {
    ++c.exact;
    c.first_best += first_best;
  }
  ++stats->tt_stores;
  switch (stored) {
    case SearchTable::Stored::Same: ++stats->tt_store_same; break;
    case SearchTable::Stored::Empty: ++stats->tt_store_empty; break;
    case SearchTable::Stored::Replaced: ++stats->tt_store_replace; break;
    case SearchTable::Stored::Kept: ++stats->tt_store_kept; break;
  }
}

int Searcher::Worker::pvs(Bitboard P, Bitboard O, int alpha, int beta, int depth, bool pv) {
  if (++nodes >= next_poll) {  // nodes also grow elsewhere: compare, not mask
    next_poll = nodes + 1024;
    poll();
  }
  if (aborted) return 0;
  const pattern::Indices* ix = indexed(P, O);  // null without the pattern evaluation
  if (depth <= 0) return evaluate(ix, P, O, popcount(~(P | O)));

  const Bitboard moves = legal_moves(P, O);
  if (!moves) {
    if (!legal_moves(O, P)) return final_score_units(P, O);
    return -search_child(ix, -1, 0, O, P, -beta, -alpha, depth, pv);  // a pass costs no depth
  }
  if (depth == 1) {  // frontier node: evaluate every reply directly
    // In an order that finds a refutation early (at cut nodes the first reply at least
    // beta ends the node): the reply that last cut at this ply (a killer), corners, the
    // others, the squares next to an empty corner last. Measured on the search's suite:
    // x0.86 nodes to depth 13 against square order (docs/benchmarks.md "Frontier order").
    int best = -kInf;
    const int child_empties = popcount(~(P | O)) - 1;
    Bitboard groups[4] = {0, moves, 0, 0};
    int& killer = frontier_killer[child_empties];
    if (sh.opt.frontier_order) {
      const Bitboard risky = neighbours(~(P | O) & kCorners);  // the C and X squares of the empty corners
      const Bitboard first = killer ? moves & bit(killer - 1) : 0;
      groups[0] = first;
      groups[1] = moves & kCorners & ~first;
      groups[2] = moves & ~kCorners & ~risky & ~first;
      groups[3] = moves & risky & ~first;
    }
    for (const Bitboard group : groups)
      for (Bitboard m = group; m; m &= m - 1) {
        const int sq = lowest_square(m);
        const Bitboard f = flips(sq, P, O);
        ++nodes;
        const Bitboard cp = O & ~f, co = P | f | bit(sq);
        int v;
        if (!legal_moves(cp, co) && !legal_moves(co, cp)) v = -final_score_units(cp, co);
        else if (ix) v = -sh.pattern_eval->evaluate_after(*ix, sq, f, child_empties);
        else v = -sh.eval.evaluate(cp, co);
        if (v > best) {
          best = v;
          if (v >= beta) {
            killer = sq + 1;
            return best;
          }
        }
      }
    return best;
  }

  const std::uint64_t key = SearchTable::hash(P, O);
  SearchHit hit;
  int tt_move = SearchTable::kNoMove;
  if (stats) ++stats->tt_probes;
  if (sh.tt.probe(key, hit)) {
    if (sh.opt.tt_move && hit.move != SearchTable::kNoMove && (moves >> hit.move & 1))
      tt_move = hit.move;
    if (stats) {
      ++stats->tt_hits;
      stats->tt_moves += tt_move != SearchTable::kNoMove;
    }
    if (!pv && hit.depth >= depth &&
        (hit.bound == Bound::Exact || (hit.bound == Bound::Lower && hit.score >= beta) ||
         (hit.bound == Bound::Upper && hit.score <= alpha))) {
      if (stats) ++stats->tt_cuts;
      return hit.score;
    }
  }

  // Enhanced transposition cutoffs: a child whose table bound already refutes
  // it (its value at most -beta) proves the node fails high.
  if (sh.opt.etc_depth && !pv && depth >= sh.opt.etc_depth) {
    for (Bitboard m = moves; m; m &= m - 1) {
      const int sq = lowest_square(m);
      const Bitboard f = flips(sq, P, O);
      SearchHit child;
      if (sh.tt.probe(SearchTable::hash(O & ~f, P | f | bit(sq)), child) && child.depth >= depth - 1 &&
          (child.bound == Bound::Upper || child.bound == Bound::Exact) && -child.score >= beta) {
        if (stats) ++stats->etc_cuts;
        return -child.score;
      }
    }
  }

  // Multi-ProbCut, at null-window nodes (PV nodes too with mpc_pv) that do not
  // reach the end of the game.
  const int empties = popcount(~(P | O));
  if (sh.opt.mpc && (!pv || sh.opt.mpc_pv) && depth >= sh.opt.mpc_min_depth && depth < empties) {
    int cut;
    if (mpc_cut(P, O, alpha, beta, depth, empties, cut)) return cut;
  }

  int best = -kInf, best_move = SearchTable::kNoMove, a = alpha;
  int searched = 0, first_sq = -1;  // moves searched, the first of them
  // One move: the first with the window, the others with a null window and a re-search at
  // PV nodes when they fall inside it. True when the node is done (a cut, or aborted).
  auto visit = [&](int sq, Bitboard f) {
    const Bitboard cp = O & ~f, co = P | f | bit(sq);
    int v;
    if (searched++ == 0) {
      first_sq = sq;
      v = -search_child(ix, sq, f, cp, co, -beta, -a, depth - 1, pv);
    } else {
      v = -search_child(ix, sq, f, cp, co, -a - 1, -a, depth - 1, false);
      if (pv && v > a && v < beta) v = -search_child(ix, sq, f, cp, co, -beta, -a, depth - 1, true);
    }
    if (aborted) return true;
    if (v > best) {
      best = v;
      best_move = sq;
      if (v > a) {
        a = v;
        if (a >= beta) {
          if (sh.opt.ordering.history) note_cut(sq, depth);
          return true;
        }
      }
    }
    return false;
  };
  // Searches at this ply (multi-ProbCut's, the ordering's) may have left another position
  // in its entry: check it again before each use.
  ix = indexed(P, O);
  // The table's move first, before the others are even generated: most of the time it
  // cuts, and their flips and the ordering's scores (the child's evaluation among them)
  // would be wasted. The others then come in the order they would have had with it: in
  // square order into the ordering's stable sort.
  bool done = false;
  Bitboard rest = moves;
  if (sh.opt.lazy_order && tt_move != SearchTable::kNoMove) {
    done = visit(tt_move, flips(tt_move, P, O));
    rest &= ~bit(tt_move);
  }
  if (!done && rest) {
    Move list[kMaxMoves];
    int n = 0;
    for (Bitboard m = rest; m; m &= m - 1) {
      const int sq = lowest_square(m);
      list[n++] = {sq, flips(sq, P, O), 0};
    }
    if (n > 1) order(list, n, P, O, depth, tt_move);
    ix = indexed(P, O);
    for (int i = 0; i < n; ++i)
      if (visit(list[i].sq, list[i].flips)) break;
  }
  if (aborted) return 0;
  const Bound bound = best >= beta ? Bound::Lower : best > alpha ? Bound::Exact : Bound::Upper;
  const SearchTable::Stored stored = sh.tt.store(key, best, depth, bound, best_move);
  if (stats) count(pv, depth, bound, first_sq, searched, best_move, tt_move != SearchTable::kNoMove, stored);
  return best;
}

}  // namespace reversi
