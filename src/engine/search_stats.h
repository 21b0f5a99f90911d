// Counters of the midgame search, for measuring where it goes
// (`reversi-cli bench --suite FILE --stats`, docs/benchmarks.md "The search,
// measured"): how often the first move searched is the best, by node type and
// remaining depth; the transposition table's hits, uses and overwrites;
// multi-ProbCut's tries and cuts by depth and phase; the nodes spent in
// multi-ProbCut's and the ordering's shallow searches.
//
// Off unless SearchOptions::stats points at one: the search then tests one
// pointer per counted event (measured to cost nothing: docs/benchmarks.md).
// Only the main thread counts (benchmarks measure with one thread).
#pragma once

#include <cstdint>

namespace reversi {

struct SearchStats {
  static constexpr int kDepths = 32;  // remaining depth, clamped to kDepths - 1
  static constexpr int kPhases = 7;   // empties / 10

  // Interior nodes that searched their moves (depth >= 2, not cut by the table
  // or multi-ProbCut), by [pv][depth].
  struct Nodes {
    std::uint64_t searched = 0;
    std::uint64_t with_tt_move = 0;  // the table gave the first move
    std::uint64_t fail_high = 0;     // result >= beta (a cut node that cut)
    std::uint64_t first_cut = 0;     // ... by the first move searched
    std::uint64_t exact = 0;         // alpha < result < beta
    std::uint64_t first_best = 0;    // ... with the first move the best
    std::uint64_t moves_tried = 0;   // at fail-high nodes: moves searched up to the cut, summed
  };
  Nodes nodes[2][kDepths] = {};

  // The table, at interior nodes of depth >= 2.
  std::uint64_t tt_probes = 0;
  std::uint64_t tt_hits = 0;        // the position was there
  std::uint64_t tt_cuts = 0;        // ... and its bound ended the node
  std::uint64_t tt_moves = 0;       // ... and gave a legal first move
  std::uint64_t tt_stores = 0;
  std::uint64_t tt_store_same = 0;     // updated the position's own entry
  std::uint64_t tt_store_empty = 0;    // into an empty slot
  std::uint64_t tt_store_replace = 0;  // over another position's entry (an overwrite)
  std::uint64_t tt_store_kept = 0;     // not stored: a deeper entry of this search stays

  // Multi-ProbCut by [depth][phase].
  struct Mpc {
    std::uint64_t tries = 0;
    std::uint64_t cut_high = 0;
    std::uint64_t cut_low = 0;
    std::uint64_t nodes = 0;  // spent in its shallow searches (outside another try's)
  };
  Mpc mpc[kDepths][kPhases] = {};

  std::uint64_t ordering_nodes = 0;  // spent in the ordering's shallow searches
  std::uint64_t etc_cuts = 0;        // nodes cut by a child's table bound (enhanced transposition cutoff)

  static int depth_index(int depth) { return depth < kDepths ? depth : kDepths - 1; }
  static int phase_index(int empties) { return empties / 10 < kPhases ? empties / 10 : kPhases - 1; }
  void add(const SearchStats& other);
};

inline void SearchStats::add(const SearchStats& o) {
  for (int pv = 0; pv < 2; ++pv)
    for (int d = 0; d < kDepths; ++d) {
      Nodes& a = nodes[pv][d];
      const Nodes& b = o.nodes[pv][d];
      a.searched += b.searched;
      a.with_tt_move += b.with_tt_move;
      a.fail_high += b.fail_high;
      a.first_cut += b.first_cut;
      a.exact += b.exact;
      a.first_best += b.first_best;
      a.moves_tried += b.moves_tried;
    }
  tt_probes += o.tt_probes;
  tt_hits += o.tt_hits;
  tt_cuts += o.tt_cuts;
  tt_moves += o.tt_moves;
  tt_stores += o.tt_stores;
  tt_store_same += o.tt_store_same;
  tt_store_empty += o.tt_store_empty;
  tt_store_replace += o.tt_store_replace;
  tt_store_kept += o.tt_store_kept;
  for (int d = 0; d < kDepths; ++d)
    for (int p = 0; p < kPhases; ++p) {
      mpc[d][p].tries += o.mpc[d][p].tries;
      mpc[d][p].cut_high += o.mpc[d][p].cut_high;
      mpc[d][p].cut_low += o.mpc[d][p].cut_low;
      mpc[d][p].nodes += o.mpc[d][p].nodes;
    }
  ordering_nodes += o.ordering_nodes;
  etc_cuts += o.etc_cuts;
}

}  // namespace reversi
