// Exact endgame solver (see endgame.h for the techniques).
//
// Depth layers, by the number n of empty squares:
//   n <= 4     solve_1 .. solve_small<4>: no move generation, squares tried in
//              quadrant-parity order, the last move scored by counting flips;
//   n <= 7     nws_shallow: null-window search, parity then square-class order,
//              stability cutoff, no hash table;
//   n >= 8     nws_deep: hash table, enhanced transposition cutoffs, stability
//              cutoff, fastest-first ordering, and from kEvalOrderEmpties on a
//              shallow evaluation search for ordering; split points for the
//              second thread from kSplitEmpties on;
//   PV nodes   pvs: principal variation search (first move full window, others
//              null window and a re-search when they fall inside it);
//   root       from kSelectiveEmpties on, probable-outcome passes (selective
//              searches cut by a shallow evaluation search) before the exact
//              one, each centring the next one's aspiration window and leaving
//              best moves in the table; their bounds carry their level there,
//              so the exact pass never trusts them.
#include "engine/endgame.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <mutex>
#include <vector>

#if !defined(__EMSCRIPTEN__) && !defined(REVERSI_NO_THREADS)
#define REVERSI_ENDGAME_THREADS 1
#include <thread>
#endif

#include "engine/endgame_tt.h"
#include "engine/evaluate.h"
#include "engine/stability.h"

namespace reversi {

namespace {

using endgame::TranspositionTable;
using endgame::TTData;
using endgame::kExactLevel;

constexpr int kInf = 100;           // beyond every score
constexpr int kNoMove = 65;
constexpr int kShallowMax = 7;      // nws_shallow up to here, nws_deep above
constexpr int kTTMinEmpties = 8;    // hash table from here on
constexpr int kEvalOrderEmpties = 14;
constexpr int kAspirationEmpties = 18;
[[maybe_unused]] constexpr int kSplitEmpties = 11;   // split points from here on
[[maybe_unused]] constexpr int kSpinBeforeSleep = 1000;  // pause loops before a futex wait

// Move ordering far from the end: replies that leave the mover more than
// kSortMargin discs below alpha are all bad, so the evaluation search of a
// reply needs no precision beyond that; its depth grows with the empties (an
// evaluation to depth 3-6 as in Edax measured worse here: more nodes).
constexpr int kSortMargin = 8;
constexpr int sort_depth(int n) { return n >= 24 ? 2 : n >= 20 ? 1 : 0; }

// Probable-outcome passes (see probable_cut): from kSelectiveEmpties on, the
// root runs selective searches at these levels (indexes into kProbcutT) before
// the exact one; the cuts are tried at nodes with kProbcutEmpties or more.
// Measured on FFO #45, #48, #51 (docs/benchmarks.md): passes at t = 1.1 and
// 2.0 gave the fewest nodes; one pass, three passes, wider error estimates and
// cuts from 14 or 18 empties on all gave more.
constexpr int kSelectiveEmpties = 20;
constexpr int kProbcutEmpties = 12;
constexpr int kSelectivePasses[] = {1, 3};
// t of each selective level (the share of right cuts if errors were normal):
constexpr double kProbcutT[kExactLevel] = {1.0, 1.1, 1.5, 2.0, 2.6, 3.3, 4.0};
constexpr int probcut_depth(int n) { return n >= 24 ? 4 : n >= 18 ? 3 : 2; }
// Error of the shallow search's prediction of the exact score, in discs. Set
// below what `reversi-cli bench --endcut-fit` measures on random positions
// (8-14 discs, random play makes them harder to judge than real games): the
// cuts only steer the exact pass, so aggressive ones pay.
constexpr double probcut_sigma(int n) { return 4.0 + 0.1 * n; }

// Stability cutoff only when alpha is high enough for it to have a chance
// (Edax's thresholds, by empties).
constexpr int kStabilityThreshold[65] = {
    99, 99, 99, 99, 6,  8,  10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42,
    44, 46, 48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64,
    64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64};

// Quadrants: bit 0 for columns e-h, bit 1 for rows 5-8.
constexpr int quadrant(int sq) { return ((sq >> 2) & 1) | ((sq >> 4) & 2); }
constexpr Bitboard kQuadrantMask[4] = {0x000000000F0F0F0FULL, 0x00000000F0F0F0F0ULL,
                                       0x0F0F0F0F00000000ULL, 0xF0F0F0F000000000ULL};
constexpr std::array<Bitboard, 16> make_parity_masks() {
  std::array<Bitboard, 16> t{};
  for (int p = 0; p < 16; ++p)
    for (int q = 0; q < 4; ++q)
      if ((p >> q) & 1) t[p] |= kQuadrantMask[q];
  return t;
}
constexpr std::array<Bitboard, 16> kParityMask = make_parity_masks();

int parity_of(Bitboard empties) {
  int p = 0;
  for (int q = 0; q < 4; ++q) p |= (popcount(empties & kQuadrantMask[q]) & 1) << q;
  return p;
}

// Squares adjacent to each square: a move needs an opponent disc among them.
constexpr std::array<Bitboard, 64> make_neighbours() {
  std::array<Bitboard, 64> t{};
  for (int sq = 0; sq < 64; ++sq)
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const int r = sq / 8 + dr, c = sq % 8 + dc;
        if ((dr || dc) && r >= 0 && r < 8 && c >= 0 && c < 8) t[sq] |= bit(r * 8 + c);
      }
  return t;
}
constexpr std::array<Bitboard, 64> kNeighbour = make_neighbours();

// Square classes for the static order near the end: corners, then the squares
// that are neither X nor C squares, then C squares, then X squares.
constexpr Bitboard kXSquares = 0x0042000000004200ULL;
constexpr Bitboard kCSquares = 0x4281000000008142ULL;
constexpr Bitboard kGoodSquares = ~(kXSquares | kCSquares);

inline Bitboard neighbours(Bitboard b) {
  const Bitboard h = ((b << 1) & kNotFileA) | ((b >> 1) & kNotFileH);
  const Bitboard hv = b | h;
  return h | (hv << 8) | (hv >> 8);
}

// Final score with the empties to the winner.
inline int final_score(Bitboard P, Bitboard O) {
  const int p = popcount(P), o = popcount(O);
  const int d = p - o, e = 64 - p - o;
  return d > 0 ? d + e : d < 0 ? d - e : 0;
}

struct Move {
  int sq;
  Bitboard f;
  std::int64_t key;
};

struct SplitPoint;

struct Shared {
  TranspositionTable tt;
  SolverTuning tuning;
  const Evaluator* evaluator = nullptr;
  std::atomic<bool> stop{false};  // set on a stop request, deadline or the end of a solve
  const SolveOptions* options = nullptr;
  int threads = 1;
  int level = endgame::kExactLevel;  // of the pass under way (see probable_cut)
#if REVERSI_ENDGAME_THREADS
  struct ThreadSlot {
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
    slots[id].signal.fetch_add(1, std::memory_order_release);
    slots[id].signal.notify_one();
  }
#endif
  explicit Shared(std::size_t mb) : tt(mb) {}
};

// Young brothers wait: a node whose first move did not cut off offers its
// remaining moves to an idle thread; both take moves until none is left.
struct SplitPoint {
  Bitboard P = 0, O = 0;
  int alpha = 0, n = 0, parity = 0;
  SplitPoint* parent = nullptr;  // the split point the owner was working under
  int owner = 0;                 // id of the thread that created it
  std::mutex lock;
  Move* moves = nullptr;
  int count = 0, next = 0;
  int best = -kInf, best_move = kNoMove;
  std::atomic<bool> cutoff{false};
  std::atomic<int> workers{0};  // helpers still searching a move here
};

class Worker {
 public:
  Worker(Shared& shared, int id) : sh_(shared), id_(id) {}

  std::uint64_t nodes = 0;
  bool aborted = false;

  int pvs(Bitboard P, Bitboard O, int alpha, int beta, int n, int parity, int* best_move);
  int nws(Bitboard P, Bitboard O, int alpha, int n, int parity);
  int eval_search(Bitboard P, Bitboard O, int alpha, int beta, int depth);
  bool probable_cut(Bitboard P, Bitboard O, int alpha, int n, int& cut);
#if REVERSI_ENDGAME_THREADS
  void helper_loop();
#endif

 private:
  Shared& sh_;
  int id_;
  SplitPoint* current_sp_ = nullptr;
  std::uint32_t polls_ = 0;  // deep nodes visited, to poll for a stop every 256

  int solve_1(Bitboard P, Bitboard O, int x);
  int solve_2(Bitboard P, Bitboard O, int alpha, int x1, int x2);
  template <int N>
  int solve_small(Bitboard P, Bitboard O, int alpha, const int* sq, bool passed);
  int solve_4_entry(Bitboard P, Bitboard O, int alpha, int parity);
  int nws_shallow(Bitboard P, Bitboard O, int alpha, int n, int parity, bool passed);
  int nws_deep(Bitboard P, Bitboard O, int alpha, int n, int parity, bool passed);
  int order_moves(Bitboard P, Bitboard O, Bitboard moves, int n, int parity, int tt_move,
                  int alpha, Move* list);
  void poll();
  bool chain_cut(const SplitPoint* sp) const {
    for (; sp; sp = sp->parent)
      if (sp->cutoff.load(std::memory_order_relaxed)) return true;
    return false;
  }
#if REVERSI_ENDGAME_THREADS
  bool try_split(Bitboard P, Bitboard O, int alpha, int n, int parity, Move* list, int count,
                 int next, int& best, int& best_move);
  void work_at(SplitPoint* sp);
  bool take_mail();
#endif
};

void Worker::poll() {
  if (sh_.stop.load(std::memory_order_relaxed)) {
    aborted = true;
    return;
  }
  if (id_ == 0) {
    const SolveOptions* o = sh_.options;
    if ((o->stop && o->stop->load(std::memory_order_relaxed)) ||
        std::chrono::steady_clock::now() > o->deadline) {
      sh_.stop.store(true, std::memory_order_relaxed);
      aborted = true;
      return;
    }
  }
  if (current_sp_ && chain_cut(current_sp_)) aborted = true;
}

// One empty square: score the last move by its flips without playing it.
inline int Worker::solve_1(Bitboard P, Bitboard O, int x) {
  ++nodes;
  const int p = popcount(P);
  Bitboard f = flips(x, P, O);
  if (f) return 2 * (p + popcount(f)) - 62;
  f = flips(x, O, P);
  if (f) return 2 * (p - popcount(f)) - 64;
  return p >= 32 ? 2 * p - 62 : 2 * p - 64;  // nobody can play: 2p - 63 +/- the empty
}

inline int Worker::solve_2(Bitboard P, Bitboard O, int alpha, int x1, int x2) {
  ++nodes;
  int best = -kInf;
  Bitboard f;
  if ((O & kNeighbour[x1]) && (f = flips(x1, P, O))) {
    best = -solve_1(O & ~f, P | f | bit(x1), x2);
    if (best > alpha) return best;
  }
  if ((O & kNeighbour[x2]) && (f = flips(x2, P, O)))
    return std::max(best, -solve_1(O & ~f, P | f | bit(x2), x1));
  if (best > -kInf) return best;
  // Pass: the opponent moves, P's score is the minimum.
  ++nodes;
  best = kInf;
  if ((P & kNeighbour[x1]) && (f = flips(x1, O, P))) {
    best = solve_1(P & ~f, O | f | bit(x1), x2);
    if (best <= alpha) return best;
  }
  if ((P & kNeighbour[x2]) && (f = flips(x2, O, P)))
    return std::min(best, solve_1(P & ~f, O | f | bit(x2), x1));
  if (best < kInf) return best;
  return final_score(P, O);
}

template <int N>
int Worker::solve_small(Bitboard P, Bitboard O, int alpha, const int* sq, bool passed) {
  ++nodes;
  int best = -kInf;
  for (int i = 0; i < N; ++i) {
    const int x = sq[i];
    if (!(O & kNeighbour[x])) continue;
    const Bitboard f = flips(x, P, O);
    if (!f) continue;
    int rest[N - 1];
    for (int j = 0, k = 0; j < N; ++j)
      if (j != i) rest[k++] = sq[j];
    int v;
    if constexpr (N == 3)
      v = -solve_2(O & ~f, P | f | bit(x), -(alpha + 1), rest[0], rest[1]);
    else
      v = -solve_small<N - 1>(O & ~f, P | f | bit(x), -(alpha + 1), rest, false);
    if (v > best) {
      best = v;
      if (v > alpha) return v;
    }
  }
  if (best > -kInf) return best;
  if (passed) return final_score(P, O);
  return -solve_small<N>(O, P, -(alpha + 1), sq, true);
}

// Four empties: squares in odd quadrants first (the parity rule: aim to play
// last in each region).
int Worker::solve_4_entry(Bitboard P, Bitboard O, int alpha, int parity) {
  const Bitboard E = ~(P | O);
  int sq[4], k = 0;
  const Bitboard odd = sh_.tuning.parity ? kParityMask[parity] : 0;
  for (Bitboard m = E & odd; m; m &= m - 1) sq[k++] = lowest_square(m);
  for (Bitboard m = E & ~odd; m; m &= m - 1) sq[k++] = lowest_square(m);
  return solve_small<4>(P, O, alpha, sq, false);
}

int Worker::nws_shallow(Bitboard P, Bitboard O, int alpha, int n, int parity, bool passed) {
  ++nodes;
  const Bitboard moves = legal_moves(P, O);
  if (!moves) {
    // (After a pass the mover always has a move: `passed` only documents that.)
    if (passed || !legal_moves(O, P)) return final_score(P, O);
    return -nws_shallow(O, P, -(alpha + 1), n, parity, true);
  }
  if (sh_.tuning.stability_cutoff && alpha >= kStabilityThreshold[n]) {
    const int ub = stability_upper_bound(P, O);
    if (ub <= alpha) return ub;
  }
  int best = -kInf;
  const Bitboard odd = sh_.tuning.parity ? kParityMask[parity] : 0;
  const Bitboard classes[4] = {moves & odd & kGoodSquares, moves & ~odd & kGoodSquares,
                               moves & odd & ~kGoodSquares, moves & ~odd & ~kGoodSquares};
  for (Bitboard cls : classes) {
    for (Bitboard m = cls; m; m &= m - 1) {
      const int x = lowest_square(m);
      const Bitboard f = flips(x, P, O);
      const Bitboard nP = O & ~f, nO = P | f | bit(x);
      const int np = parity ^ (1 << quadrant(x));
      const int v = n == 5 ? -solve_4_entry(nP, nO, -(alpha + 1), np)
                           : -nws_shallow(nP, nO, -(alpha + 1), n - 1, np, false);
      if (v > best) {
        best = v;
        if (v > alpha) return v;
      }
    }
  }
  return best;
}

// Shallow evaluation search (units of the evaluator, fail-soft alpha-beta, no
// hash table) used to order moves far from the end, for the aspiration guess
// and for the probable-outcome cuts of the selective passes. From two plies up
// the moves are tried fastest first (fewest replies), which is most of what a
// good order buys at these depths.
int Worker::eval_search(Bitboard P, Bitboard O, int alpha, int beta, int depth) {
  if (depth == 0) return sh_.evaluator->evaluate(P, O);
  const Bitboard moves = legal_moves(P, O);
  if (!moves) {
    if (!legal_moves(O, P)) return final_score(P, O) * kEvalScale;
    return -eval_search(O, P, -beta, -alpha, depth - 1);
  }
  int best = -kEvalMax - 64 * kEvalScale;
  if (depth == 1) {
    for (Bitboard m = moves; m; m &= m - 1) {
      const int x = lowest_square(m);
      const Bitboard f = flips(x, P, O);
      const Bitboard nP = O & ~f, nO = P | f | bit(x);
      const int v = (nP | nO) == ~Bitboard{0} || !(nP && nO)
                        ? -final_score(nP, nO) * kEvalScale
                        : -sh_.evaluator->evaluate(nP, nO);
      if (v > best) {
        best = v;
        if (v >= beta) break;
      }
    }
    return best;
  }
  struct Child {
    Bitboard P, O;
    int key;
  } list[kMaxMoves];
  int count = 0;
  for (Bitboard m = moves; m; m &= m - 1) {
    const int x = lowest_square(m);
    const Bitboard f = flips(x, P, O);
    Child& c = list[count++];
    c.P = O & ~f;
    c.O = P | f | bit(x);
    const Bitboard replies = legal_moves(c.P, c.O);
    c.key = popcount(replies) + popcount(replies & kCorners) - 2 * int((kCorners >> x) & 1);
  }
  for (int i = 0; i < count; ++i) {
    int b = i;
    for (int j = i + 1; j < count; ++j)
      if (list[j].key < list[b].key) b = j;
    std::swap(list[i], list[b]);
    const int v = -eval_search(list[i].P, list[i].O, -beta, -std::max(alpha, best), depth - 1);
    if (v > best) {
      best = v;
      if (v >= beta) break;
    }
  }
  return best;
}

// Probable-outcome cut (multi-ProbCut on the exact score): a shallow
// evaluation search predicts the final score with an error of about
// probcut_sigma discs; when the prediction is beyond the null window by t of
// those, the node is cut as if the deep search had failed that way. Only the
// selective passes use it, and their bounds carry their level in the table.
bool Worker::probable_cut(Bitboard P, Bitboard O, int alpha, int n, int& cut) {
  if (!sh_.evaluator) return false;
  const int d = probcut_depth(n);
  const int margin = int(kProbcutT[sh_.level] * probcut_sigma(n) * kEvalScale);
  const int hi = (alpha + 1) * kEvalScale + margin;
  ++nodes;
  if (alpha + 1 < 64 && eval_search(P, O, hi - 1, hi, d) >= hi) {
    cut = alpha + 1;
    return true;
  }
  const int lo = alpha * kEvalScale - margin;
  if (alpha > -64 && eval_search(P, O, lo, lo + 1, d) <= lo) {
    cut = alpha;
    return true;
  }
  return false;
}

// Fills `list` with the moves, keyed for sorting (higher first), and returns
// the count. Fastest first: few replies for the opponent (corners count
// double), few potential replies, and the parity of the square's quadrant;
// far from the end a shallow evaluation search of each reply dominates.
int Worker::order_moves(Bitboard P, Bitboard O, Bitboard moves, int n, int parity, int tt_move,
                        int alpha, Move* list) {
  int count = 0;
  const SolverTuning& t = sh_.tuning;
  const bool use_eval = t.eval_ordering && sh_.evaluator && n >= kEvalOrderEmpties;
  const int eval_depth = sort_depth(n);
  const int child_beta = std::min(kEvalMax, (kSortMargin - alpha) * kEvalScale);
  const Bitboard odd = t.parity ? kParityMask[parity] : 0;
  for (Bitboard m = moves; m; m &= m - 1) {
    const int x = lowest_square(m);
    Move& mv = list[count++];
    mv.sq = x;
    mv.f = flips(x, P, O);
    if (x == tt_move) {
      mv.key = std::int64_t{1} << 40;
      continue;
    }
    const Bitboard nP = O & ~mv.f, nO = P | mv.f | bit(x);
    std::int64_t key = 0;
    if (t.fastest_first) {
      const Bitboard replies = legal_moves(nP, nO);
      const int mob = popcount(replies) + popcount(replies & kCorners);
      const int pot = popcount(neighbours(nO) & ~(nP | nO));
      key = -(std::int64_t(mob) << 16) - (std::int64_t(pot) << 6);
      if (use_eval) {
        ++nodes;
        const int e = eval_search(nP, nO, -kEvalMax - 64 * kEvalScale, child_beta, eval_depth);
        // An evaluation of one disc weighs as much as one reply less.
        key -= (std::int64_t(e) << 16) / kEvalScale;
      }
    }
    if ((odd >> x) & 1) key += 1 << 4;
    if ((kCorners >> x) & 1) key += 1 << 5;
    if ((kXSquares >> x) & 1) key -= 1 << 5;
    mv.key = key;
  }
  return count;
}

// Picks the best remaining move to position i (selection sort: a cutoff
// usually comes early, so most of the list is never sorted).
inline void pick(Move* list, int i, int count) {
  int b = i;
  for (int j = i + 1; j < count; ++j)
    if (list[j].key > list[b].key) b = j;
  if (b != i) std::swap(list[i], list[b]);
}

int Worker::nws(Bitboard P, Bitboard O, int alpha, int n, int parity) {
  if (n <= 4) {
    const Bitboard E = ~(P | O);
    if (n == 4) return solve_4_entry(P, O, alpha, parity);
    int sq[4], k = 0;
    for (Bitboard m = E; m; m &= m - 1) sq[k++] = lowest_square(m);
    if (n == 3) return solve_small<3>(P, O, alpha, sq, false);
    if (n == 2) return solve_2(P, O, alpha, sq[0], sq[1]);
    if (n == 1) return solve_1(P, O, sq[0]);
    ++nodes;
    return final_score(P, O);
  }
  if (n <= kShallowMax) return nws_shallow(P, O, alpha, n, parity, false);
  return nws_deep(P, O, alpha, n, parity, false);
}

int Worker::nws_deep(Bitboard P, Bitboard O, int alpha, int n, int parity, bool passed) {
  ++nodes;
  if ((++polls_ & 255) == 0) poll();  // each such node stands for hundreds of leaves
  if (aborted) return 0;
  const Bitboard moves = legal_moves(P, O);
  if (!moves) {
    if (passed || !legal_moves(O, P)) return final_score(P, O);
    return -nws_deep(O, P, -(alpha + 1), n, parity, true);
  }
  const SolverTuning& t = sh_.tuning;
  if (t.stability_cutoff && alpha >= kStabilityThreshold[n]) {
    const int ub = stability_upper_bound(P, O);
    if (ub <= alpha) return ub;
  }
  TTData hit;
  int tt_move = kNoMove;
  if (sh_.tt.probe(P, O, hit)) {
    if (hit.level >= sh_.level) {
      if (hit.lower > alpha) return hit.lower;
      if (hit.upper <= alpha) return hit.upper;
    }
    tt_move = hit.move;
  }
  if (sh_.level < kExactLevel && n >= kProbcutEmpties) {
    int cut;
    if (probable_cut(P, O, alpha, n, cut)) return cut;
  }
  Move list[kMaxMoves];
  const int count = order_moves(P, O, moves, n, parity, tt_move, alpha, list);

  // Enhanced transposition cutoff: a reply already known to be refuted.
  if (t.etc && n >= kTTMinEmpties + 1) {
    for (int i = 0; i < count; ++i) {
      const Move& mv = list[i];
      TTData child;
      if (sh_.tt.probe(O & ~mv.f, P | mv.f | bit(mv.sq), child) && child.level >= sh_.level &&
          -child.upper > alpha) {
        sh_.tt.store(P, O, -child.upper, 64, mv.sq, n, sh_.level);
        return -child.upper;
      }
    }
  }

  int best = -kInf, best_move = kNoMove;
  for (int i = 0; i < count; ++i) {
    pick(list, i, count);
    const Move& mv = list[i];
    const int v = -nws(O & ~mv.f, P | mv.f | bit(mv.sq), -(alpha + 1), n - 1,
                       parity ^ (1 << quadrant(mv.sq)));
    if (aborted) return 0;
    if (v > best) {
      best = v;
      best_move = mv.sq;
      if (v > alpha) break;
    }
#if REVERSI_ENDGAME_THREADS
    if (i == 0 && i + 1 < count && n >= kSplitEmpties && sh_.threads > 1) {
      for (int j = 1; j < count; ++j) pick(list, j, count);  // helpers take them in order
      if (try_split(P, O, alpha, n, parity, list, count, 1, best, best_move)) {
        if (aborted) return 0;
        break;
      }
    }
#endif
  }
  if (best > alpha)
    sh_.tt.store(P, O, best, 64, best_move, n, sh_.level);
  else
    sh_.tt.store(P, O, -64, best, best_move, n, sh_.level);
  return best;
}

#if REVERSI_ENDGAME_THREADS
// Waits for a signal: spins a little first (an offer usually comes within
// microseconds, sooner than a futex wake-up), then sleeps.
void idle_wait(Shared::ThreadSlot& me, int seen) {
  for (int spin = 0; spin < kSpinBeforeSleep; ++spin) {
    if (me.signal.load(std::memory_order_acquire) != seen) return;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }
  me.signal.wait(seen, std::memory_order_acquire);
}

// Offers the moves from `next` on to the other thread if it is idle, then works
// on them too; returns false (nothing done) when the other thread is busy.
bool Worker::try_split(Bitboard P, Bitboard O, int alpha, int n, int parity, Move* list,
                       int count, int next, int& best, int& best_move) {
  Shared::ThreadSlot& other = sh_.slots[1 - id_];
  if (!other.idle.load(std::memory_order_acquire)) return false;
  SplitPoint sp;
  sp.P = P;
  sp.O = O;
  sp.alpha = alpha;
  sp.n = n;
  sp.parity = parity;
  sp.parent = current_sp_;
  sp.owner = id_;
  sp.moves = list;
  sp.count = count;
  sp.next = next;
  sp.best = best;
  sp.best_move = best_move;
  sp.workers.store(1, std::memory_order_relaxed);
  SplitPoint* expected = nullptr;
  if (!other.mailbox.compare_exchange_strong(expected, &sp, std::memory_order_acq_rel)) return false;
  sh_.wake(1 - id_);
  work_at(&sp);
  // Wait for the helper's move to finish; meanwhile it may split below and
  // enlist this thread (a "helpful master").
  Shared::ThreadSlot& me = sh_.slots[id_];
  for (;;) {
    const int seen = me.signal.load(std::memory_order_acquire);
    if (sp.workers.load(std::memory_order_acquire) == 0) break;
    // An offer the other thread never picked up (it was busy after all) is
    // withdrawn: either it takes the mail or this exchange does, never both.
    SplitPoint* offered = &sp;
    if (other.mailbox.compare_exchange_strong(offered, nullptr, std::memory_order_acq_rel)) {
      sp.workers.fetch_sub(1, std::memory_order_acq_rel);
      break;
    }
    me.idle.store(true, std::memory_order_release);
    if (!take_mail()) idle_wait(me, seen);
  }
  me.idle.store(false, std::memory_order_release);
  take_mail();  // an offer that raced with the end of the wait
  best = sp.best;
  best_move = sp.best_move;
  aborted = sh_.stop.load(std::memory_order_relaxed) || chain_cut(current_sp_);
  return true;
}

// Works on a split point offered by the other thread, if there is one. Every
// offer is either worked on or declined, so its owner never waits forever.
bool Worker::take_mail() {
  Shared::ThreadSlot& me = sh_.slots[id_];
  SplitPoint* mail = me.mailbox.exchange(nullptr, std::memory_order_acq_rel);
  if (!mail) return false;
  me.idle.store(false, std::memory_order_release);
  const bool saved_aborted = aborted;
  aborted = false;
  work_at(mail);
  mail->workers.fetch_sub(1, std::memory_order_acq_rel);
  sh_.wake(mail->owner);
  aborted = saved_aborted;
  return true;
}

// Takes moves from a split point until none is left or it is cut off.
void Worker::work_at(SplitPoint* sp) {
  SplitPoint* saved = current_sp_;
  current_sp_ = sp;
  for (;;) {
    int i;
    {
      std::lock_guard<std::mutex> g(sp->lock);
      if (sp->cutoff.load(std::memory_order_relaxed) || sp->next >= sp->count) break;
      i = sp->next++;
    }
    const Move mv = sp->moves[i];
    const int v = -nws(sp->O & ~mv.f, sp->P | mv.f | bit(mv.sq), -(sp->alpha + 1), sp->n - 1,
                       sp->parity ^ (1 << quadrant(mv.sq)));
    if (aborted) break;
    std::lock_guard<std::mutex> g(sp->lock);
    if (v > sp->best) {
      sp->best = v;
      sp->best_move = mv.sq;
      if (v > sp->alpha) sp->cutoff.store(true, std::memory_order_relaxed);
    }
  }
  current_sp_ = saved;
}

// The helper thread: idle until offered a split point, until the solve ends.
void Worker::helper_loop() {
  Shared::ThreadSlot& me = sh_.slots[id_];
  for (;;) {
    const int seen = me.signal.load(std::memory_order_acquire);
    if (sh_.stop.load(std::memory_order_acquire)) break;
    me.idle.store(true, std::memory_order_release);
    if (!take_mail()) idle_wait(me, seen);
  }
  me.idle.store(false, std::memory_order_release);
  // Decline an offer that came too late.
  if (SplitPoint* late = me.mailbox.exchange(nullptr, std::memory_order_acq_rel)) {
    late->workers.fetch_sub(1, std::memory_order_acq_rel);
    sh_.wake(late->owner);
  }
}
#endif

// Principal variation search at PV nodes (full window).
int Worker::pvs(Bitboard P, Bitboard O, int alpha, int beta, int n, int parity, int* best_out) {
  ++nodes;
  if (n == 0) return final_score(P, O);
  if ((++polls_ & 255) == 0) poll();
  if (aborted) return 0;
  const Bitboard moves = legal_moves(P, O);
  if (!moves) {
    if (!legal_moves(O, P)) return final_score(P, O);
    if (best_out) *best_out = PASS;
    return -pvs(O, P, -beta, -alpha, n, parity, nullptr);
  }
  TTData hit;
  int tt_move = kNoMove;
  if (n >= kTTMinEmpties && sh_.tt.probe(P, O, hit)) tt_move = hit.move;
  Move list[kMaxMoves];
  const int count = order_moves(P, O, moves, n, parity, tt_move, alpha, list);
  const int alpha0 = alpha;
  int best = -kInf, best_move = kNoMove;
  for (int i = 0; i < count; ++i) {
    pick(list, i, count);
    const Move& mv = list[i];
    const Bitboard nP = O & ~mv.f, nO = P | mv.f | bit(mv.sq);
    const int np = parity ^ (1 << quadrant(mv.sq));
    int v;
    if (i == 0) {
      v = -pvs(nP, nO, -beta, -alpha, n - 1, np, nullptr);
    } else {
      v = -nws(nP, nO, -(alpha + 1), n - 1, np);
      if (!aborted && v > alpha && v < beta) v = -pvs(nP, nO, -beta, -v, n - 1, np, nullptr);
    }
    if (aborted) return 0;
    if (v > best) {
      best = v;
      best_move = mv.sq;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) break;
      }
    }
  }
  if (n >= kTTMinEmpties) {
    const int lower = best > alpha0 ? best : -64;
    const int upper = best < beta ? best : 64;
    sh_.tt.store(P, O, lower, upper, best_move, n, sh_.level);
  }
  if (best_out) *best_out = best_move;
  return best;
}

}  // namespace

struct EndgameSolver::Impl {
  Shared shared;
  explicit Impl(std::size_t mb) : shared(std::max<std::size_t>(mb, 1)) {
    shared.evaluator = &default_evaluator();
  }
};

EndgameSolver::EndgameSolver(std::size_t hash_megabytes)
    : impl_(std::make_unique<Impl>(hash_megabytes)) {}
EndgameSolver::~EndgameSolver() = default;
void EndgameSolver::clear() { impl_->shared.tt.clear(); }

void EndgameSolver::set_threads(int threads) {
#if REVERSI_ENDGAME_THREADS
  impl_->shared.threads = std::clamp(threads, 1, 2);
#else
  (void)threads;
#endif
}
int EndgameSolver::threads() const { return impl_->shared.threads; }
void EndgameSolver::set_evaluator(const Evaluator* evaluator) { impl_->shared.evaluator = evaluator; }
void EndgameSolver::set_tuning(const SolverTuning& tuning) { impl_->shared.tuning = tuning; }

SolveResult EndgameSolver::solve(const Position& position, const SolveOptions& options) {
  Shared& sh = impl_->shared;
  sh.options = &options;
  sh.stop.store(false);
  const Bitboard P = position.player, O = position.opponent;
  const int n = popcount(~(P | O));
  const int parity = parity_of(~(P | O));
  const int alpha = std::clamp(options.alpha, -65, 64), beta = std::clamp(options.beta, -64, 65);

  Worker main(sh, 0);
  SolveResult result;
  int best_move = kNoMove;
#if REVERSI_ENDGAME_THREADS
  std::thread helper_thread;
  Worker helper(sh, 1);
  if (sh.threads > 1 && n > kSplitEmpties) {
    sh.slots[0].idle.store(false);
    sh.slots[1].idle.store(false);
    sh.slots[0].mailbox.store(nullptr);
    sh.slots[1].mailbox.store(nullptr);
    helper_thread = std::thread([&helper] { helper.helper_loop(); });
  }
#endif
  // Aspiration: from far enough from the end, search a narrow window around a
  // guess first; a failure re-searches only the side the score lies on (from
  // the bound found), reusing the hash table. The guess comes from the
  // evaluation, then from each pass.
  //
  // Probable-outcome passes: far from the end, selective searches (see
  // probable_cut) with fewer and fewer cuts come before the exact one. They
  // cost a fraction of it and leave in the table, at nearly every node the
  // exact search visits, the best move and a score to centre its window on.
  const bool aspiration = sh.tuning.aspiration && sh.evaluator && n >= kAspirationEmpties &&
                          beta - alpha > 6 && position.has_legal_move();
  int guess = 0;
  if (aspiration) {
    const int depth = n >= 22 ? 4 : 3;
    guess = main.eval_search(P, O, -kEvalMax, kEvalMax, depth) / kEvalScale;
  }
  std::vector<int> levels;
  if (sh.tuning.selective && sh.evaluator && n >= kSelectiveEmpties && position.has_legal_move())
    levels.assign(std::begin(kSelectivePasses), std::end(kSelectivePasses));
  if (!options.probable_only || levels.empty()) levels.push_back(kExactLevel);
  for (const int level : levels) {
    sh.level = level;
    int lo = alpha, hi = beta;
    if (aspiration) {
      const int g = std::clamp(guess & ~1, -62, 62);  // scores of full boards are even
      lo = std::max(alpha, g - 3);
      hi = std::min(beta, g + 3);
    }
    for (;;) {
      result.score = main.pvs(P, O, lo, hi, n, parity, &best_move);
      if (main.aborted) break;
      if (result.score <= lo && lo > alpha) {
        hi = result.score + 1;  // the score is at most result.score
        lo = alpha;
      } else if (result.score >= hi && hi < beta) {
        lo = result.score - 1;
        hi = beta;
      } else {
        break;
      }
    }
    if (main.aborted) break;
    guess = result.score;
    // A finished selective pass whose score beat alpha has a sound best move
    // (it proved a probable score > alpha for it): what the caller can play
    // if the exact pass runs out of time.
    if (level != kExactLevel && result.score > alpha && best_move != kNoMove) {
      result.probable_best = Square(best_move);
      result.probable_score = result.score;
      result.probable_t = kProbcutT[level];
    }
  }
  sh.level = kExactLevel;
  const bool aborted = main.aborted;
  sh.stop.store(true);
#if REVERSI_ENDGAME_THREADS
  if (helper_thread.joinable()) {
    sh.wake(1);
    helper_thread.join();
  }
  result.nodes = main.nodes + helper.nodes;
#else
  result.nodes = main.nodes;
#endif
  result.complete = !aborted && levels.back() == kExactLevel;
  result.best = !position.has_legal_move() ? PASS : best_move == kNoMove ? NO_SQUARE : Square(best_move);
  if (!result.complete) result.score = 0;
  return result;
}

int EndgameSolver::shallow_score(const Position& position, int depth) {
  Worker w(impl_->shared, 0);
  return w.eval_search(position.player, position.opponent, -kEvalMax - 64 * kEvalScale,
                       kEvalMax + 64 * kEvalScale, depth);
}

SolveResult solve_wld(EndgameSolver& solver, const Position& position,
                      const std::atomic<bool>* stop) {
  SolveOptions o;
  o.alpha = -1;
  o.beta = 1;
  o.stop = stop;
  SolveResult r = solver.solve(position, o);
  r.score = (r.score > 0) - (r.score < 0);
  return r;
}

}  // namespace reversi
