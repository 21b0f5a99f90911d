// The exact solver's insides, shared by its files (private to src/engine):
// constants, the state the threads share, split points and the Worker class.
// Each technique lives in a file of its own (src/engine/README.md):
//
//   endgame_last.cpp      n <= 7: last 1-4 empties unrolled, parity order, and
//                         the null-window search without hash table (5-7);
//   endgame_nws.cpp       n >= 8: null-window search with hash table, enhanced
//                         transposition cutoffs, stability cutoff; the stop poll;
//   endgame_ordering.cpp  move ordering (fastest first, shallow evaluation
//                         search) and the probable-outcome cuts built on it;
//   endgame_ybwc.cpp      the second thread: young brothers wait split points;
//   endgame_root.cpp      PV nodes, aspiration and the probable-outcome passes
//                         at the root, and the public EndgameSolver.
//
// Scores are final disc differences (empties to the winner) for the side to
// move; `alpha` of a null-window search is the window (alpha, alpha + 1);
// `parity` has bit q set when quadrant q holds an odd number of empties.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>
#if REVERSI_THREADS
#include <thread>
#endif

#include "core/bitboard.h"
#include "engine/endgame.h"
#include "engine/endgame_tt.h"

namespace reversi::endgame {

inline constexpr int kInf = 100;         // beyond every score
inline constexpr int kShallowMax = 7;    // endgame_last.cpp up to here, endgame_nws.cpp above
inline constexpr int kTTMinEmpties = 8;  // hash table from here on
inline constexpr int kEvalOrderEmpties = 14;
// nws_shallow sorts its moves fastest first from here on (parity and square
// class below): at 7 empties, 16% fewer nodes and 6% fewer instructions on
// FFO #40, #44, #47; from 6, fewer nodes but more instructions.
inline constexpr int kShallowSortEmpties = 7;
static_assert(kShallowSortEmpties > 5 && kShallowSortEmpties <= kShallowMax);  // its children are nws_shallow nodes
inline constexpr int kAspirationEmpties = 18;
inline constexpr int kSplitEmpties = 11;  // split points from here on

// Probable-outcome passes (see Worker::probable_cut): from kSelectiveEmpties
// on, the root runs selective searches at these levels (indexes into kProbcutT)
// before the exact one; the cuts are tried at nodes with kProbcutEmpties or
// more. Measured on FFO #45, #48, #51 (docs/benchmarks.md): passes at t = 1.1
// and 2.0 gave the fewest nodes; one pass, three passes, wider error estimates
// and cuts from 14 or 18 empties on all gave more.
inline constexpr int kSelectiveEmpties = 20;
inline constexpr int kProbcutEmpties = 12;
inline constexpr int kSelectivePasses[] = {1, 3};
// t of each selective level (the share of right cuts if errors were normal):
inline constexpr double kProbcutT[kExactLevel] = {1.0, 1.1, 1.5, 2.0, 2.6, 3.3, 4.0};

// Stability cutoff only when alpha is high enough for it to have a chance
// (Edax's thresholds, by empties).
inline constexpr int kStabilityThreshold[65] = {
    99, 99, 99, 99, 6,  8,  10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42,
    44, 46, 48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64,
    64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64};

// Quadrants: bit 0 for columns e-h, bit 1 for rows 5-8.
constexpr int quadrant(int sq) { return ((sq >> 2) & 1) | ((sq >> 4) & 2); }
inline constexpr Bitboard kQuadrantMask[4] = {0x000000000F0F0F0FULL, 0x00000000F0F0F0F0ULL,
                                              0x0F0F0F0F00000000ULL, 0xF0F0F0F000000000ULL};
constexpr std::array<Bitboard, 16> make_parity_masks() {
  std::array<Bitboard, 16> t{};
  for (int p = 0; p < 16; ++p)
    for (int q = 0; q < 4; ++q)
      if ((p >> q) & 1) t[p] |= kQuadrantMask[q];
  return t;
}
// The empties in the quadrants whose bits are set in a parity value.
inline constexpr std::array<Bitboard, 16> kParityMask = make_parity_masks();

inline int parity_of(Bitboard empties) {
  int p = 0;
  for (int q = 0; q < 4; ++q) p |= (popcount(empties & kQuadrantMask[q]) & 1) << q;
  return p;
}

// Square classes for the static order near the end: corners, then the squares
// that are neither X nor C squares, then C squares, then X squares.
inline constexpr Bitboard kXSquares = 0x0042000000004200ULL;
inline constexpr Bitboard kCSquares = 0x4281000000008142ULL;
inline constexpr Bitboard kGoodSquares = ~(kXSquares | kCSquares);

// Final score with the empties to the winner.
inline int final_score(Bitboard P, Bitboard O) {
  const int p = popcount(P), o = popcount(O);
  const int d = p - o, e = 64 - p - o;
  return d > 0 ? d + e : d < 0 ? d - e : 0;
}

// The opponent's replies after a move, corners counted twice: the key of the
// fastest-first order (fewer is better).
inline int reply_count(Bitboard P, Bitboard O) {
  const Bitboard replies = legal_moves(P, O);
  return popcount(replies) + popcount(replies & kCorners);
}

// A move with its flips and its ordering key (higher first).
struct Move {
  int sq;
  Bitboard f;
  std::int64_t key;
};

// Picks the best remaining move to position i (selection sort: a cutoff
// usually comes early, so most of the list is never sorted).
inline void pick(Move* list, int i, int count) {
  int b = i;
  for (int j = i + 1; j < count; ++j)
    if (list[j].key > list[b].key) b = j;
  if (b != i) std::swap(list[i], list[b]);
}

struct SplitPoint;

#if REVERSI_THREADS
// Test hooks at the hand-overs between the solver's threads
// (tests/engine/test_endgame_ybwc.cpp). Unset, each costs one relaxed load per
// split point given back, a rare event beside the nodes.
struct HandOverHooks {
  // A helper is about to give a split point back (Worker::release): the last
  // moment it may touch it. A test overwrites the split point's `owner` here
  // (the owner itself never reads that field), as the owner's reused frame
  // would, so that code that read it later misbehaves every time.
  void (*releasing)(SplitPoint*) = nullptr;
  // Just after the give-back, when the owner may return and reuse the frame: a
  // test pauses here to let it.
  void (*released)() = nullptr;
  // Shared::wake was given an id that is no thread's (without this hook, abort).
  void (*bad_wake)(int id) = nullptr;
};
inline std::atomic<const HandOverHooks*> g_hand_over_hooks{nullptr};
#endif

// What the threads of one solver share: the table, the switches, the stop
// flag, the level of the pass under way and (with threads) their mailboxes.
struct Shared {
  SolverTable tt;
  SolverTuning tuning;
  const Evaluator* evaluator = nullptr;
  std::atomic<bool> stop{false};  // set on a stop request, deadline or the end of a solve
  const SolveOptions* options = nullptr;
  int threads = 1;
  int level = kExactLevel;  // of the pass under way (see Worker::probable_cut)
#if REVERSI_THREADS
  // Each slot on a cache line of its own (alignas(64), like Worker and
  // SplitPoint): a slot written at every idle transition must not share a
  // line with the switches and the level every node reads.
  struct alignas(64) ThreadSlot {
    std::atomic<bool> idle{false};
    std::atomic<SplitPoint*> mailbox{nullptr};
    // Bumped (and notified) whenever there may be something for the thread to
    // do: an offer, its split point's helper finishing, the end of the solve.
    // Idle threads sleep on it (futex) instead of spinning, which matters when
    // the two cores are shared with other programs.
    std::atomic<int> signal{0};
  };
  ThreadSlot slots[2];
  void wake(int id) {
    // Only threads 0 and 1 exist: any other id was read from a split point
    // after its owner could free it (issue 36), and would write anywhere.
    // (A test's hook that lets it go on gets both threads woken, so it ends.)
    if (static_cast<unsigned>(id) >= 2) {
      bad_wake(id);
      wake(0);
      wake(1);
      return;
    }
    slots[id].signal.fetch_add(1, std::memory_order_release);
    slots[id].signal.notify_one();
  }
  static void bad_wake(int id);  // endgame_ybwc.cpp: aborts, or tells a test's hook
#endif
  explicit Shared(std::size_t mb) : tt(mb) {}
};

// Young brothers wait: a node whose first move did not cut off offers its
// remaining moves to an idle thread; both take moves until none is left.
// On a cache line of its own: it lives on its owner's stack beside hot locals.
struct alignas(64) SplitPoint {
  Bitboard P = 0, O = 0;
  int alpha = 0, n = 0, parity = 0;
  SplitPoint* parent = nullptr;  // the split point the owner was working under
  int owner = 0;                 // id of the thread that created it
  std::mutex lock;
  Move* moves = nullptr;
  int count = 0, next = 0;
  int best = -kInf, best_move = SolverTable::kNoMove;
  std::atomic<bool> cutoff{false};
  std::atomic<int> workers{0};  // helpers still searching a move here
};

// One search thread's state and the search itself; each member function is
// defined in the file of its technique (see the top of this file).
// alignas(64): the two threads' Workers are neighbours on the main thread's
// stack (endgame_root.cpp), and each writes its `nodes` at every node. Were
// they on one cache line, every write would take the line from the other core
// (false sharing): two threads then run at about 1.35x one thread's node rate
// instead of 1.95x (docs/benchmarks.md, "FFO 40-59").
class alignas(64) Worker {
 public:
  Worker(Shared& shared, int id) : sh_(shared), id_(id) {}

  std::uint64_t nodes = 0;
  bool aborted = false;

  // endgame_root.cpp: principal variation search at PV nodes (full window).
  int pvs(Bitboard P, Bitboard O, int alpha, int beta, int n, int parity, int* best_move);
  // endgame_root.cpp: a line keeping the mover's proven score in [lo, hi] (SolveResult::pv).
  std::vector<Square> proven_line(Bitboard P, Bitboard O, int lo, int hi, bool square_order);
  // endgame_nws.cpp: null-window search of any node, by its number of empties.
  int nws(Bitboard P, Bitboard O, int alpha, int n, int parity);
  // endgame_last.cpp: the same for n <= kShallowMax empties.
  int nws_last(Bitboard P, Bitboard O, int alpha, int n, int parity);
  // endgame_ordering.cpp
  int eval_search(Bitboard P, Bitboard O, int alpha, int beta, int depth);
  bool probable_cut(Bitboard P, Bitboard O, int alpha, int n, int& cut);
#if REVERSI_THREADS
  // endgame_ybwc.cpp: the helper thread's loop, until the solve ends.
  void helper_loop();
#endif

 private:
  Shared& sh_;
  int id_;
  SplitPoint* current_sp_ = nullptr;
  std::uint32_t polls_ = 0;  // deep nodes visited, to poll for a stop every 256

  // endgame_last.cpp
  int solve_1(Bitboard P, Bitboard O, int x);
  int solve_2(Bitboard P, Bitboard O, int alpha, int x1, int x2);
  template <int N>
  int solve_small(Bitboard P, Bitboard O, int alpha, const int* sq, bool passed);
  int solve_4_entry(Bitboard P, Bitboard O, int alpha, int parity);
  int nws_shallow(Bitboard P, Bitboard O, int alpha, int n, int parity, bool passed);
  // endgame_nws.cpp
  int nws_deep(Bitboard P, Bitboard O, int alpha, int n, int parity, bool passed);
  void poll();
  // endgame_ordering.cpp
  int order_moves(Bitboard P, Bitboard O, Bitboard moves, int n, int parity, int tt_move,
                  int alpha, Move* list);
  bool chain_cut(const SplitPoint* sp) const {
    for (; sp; sp = sp->parent)
      if (sp->cutoff.load(std::memory_order_relaxed)) return true;
    return false;
  }
#if REVERSI_THREADS
  // endgame_ybwc.cpp
  bool try_split(Bitboard P, Bitboard O, int alpha, int n, int parity, Move* list, int count,
                 int next, int& best, int& best_move);
  void work_at(SplitPoint* sp);
  bool take_mail();
  void release(SplitPoint* sp);
#endif
};

// endgame_ybwc.cpp: the second thread of one solve, when the solver has two
// threads and the position enough empties to split (never without
// REVERSI_THREADS); it waits for split points until join().
class HelperThread {
 public:
  HelperThread(Shared& shared, int empties);
  ~HelperThread() { join(); }
  HelperThread(const HelperThread&) = delete;
  HelperThread& operator=(const HelperThread&) = delete;
  // Ends the thread (with the shared stop flag set: the solve is over) and
  // returns the nodes it searched; 0 when there was none.
  std::uint64_t join();

 private:
#if REVERSI_THREADS
  Shared& sh_;
  Worker worker_;
  std::thread thread_;
#endif
};

}  // namespace reversi::endgame
