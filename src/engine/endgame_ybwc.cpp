// The exact solver's second thread (Edax's and Egaroucid's "ybwc"): young
// brothers wait. A null-window node whose eldest move did not cut off offers
// the others to the idle thread (try_split); both take moves from the split
// point until none is left or one cuts off. The offering thread, while the
// helper finishes its move, may itself be enlisted below (a "helpful master").
// Threads sleep on a futex when idle: the cores are often shared.
//
// Without REVERSI_THREADS (the web build) only HelperThread remains, empty.
#include "engine/endgame_worker.h"

#include <cstdio>
#include <cstdlib>

namespace reversi::endgame {

#if REVERSI_THREADS

namespace {

constexpr int kSpinBeforeSleep = 1000;  // pause loops before a futex wait

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

}  // namespace

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
  release(mail);
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
  if (SplitPoint* late = me.mailbox.exchange(nullptr, std::memory_order_acq_rel)) release(late);
}

// Gives a split point back to its owner: the one place a helper lets go of one.
// Everything it needs is read before the count goes down: from that moment the
// owner may see its split point done, return, and reuse the frame the split
// point lived in. (Reading `owner` after it woke the thread of whatever the
// reused frame held there: a wild write, issue 36.)
void Worker::release(SplitPoint* sp) {
  const HandOverHooks* hooks = g_hand_over_hooks.load(std::memory_order_relaxed);
  const int owner = sp->owner;
  if (hooks && hooks->releasing) hooks->releasing(sp);
  sp->workers.fetch_sub(1, std::memory_order_acq_rel);
  // From here on `sp` may be gone.
  if (hooks && hooks->released) hooks->released();
  sh_.wake(owner);
}

void Shared::bad_wake(int id) {
  if (const HandOverHooks* h = g_hand_over_hooks.load(std::memory_order_relaxed); h && h->bad_wake)
    return h->bad_wake(id);
  std::fprintf(stderr, "reversi: the exact solver woke thread %d, which does not exist\n", id);
  std::abort();
}

HelperThread::HelperThread(Shared& shared, int empties) : sh_(shared), worker_(shared, 1) {
  if (sh_.threads > 1 && empties > kSplitEmpties) {
    sh_.slots[0].idle.store(false);
    sh_.slots[1].idle.store(false);
    sh_.slots[0].mailbox.store(nullptr);
    sh_.slots[1].mailbox.store(nullptr);
    thread_ = std::thread([this] { worker_.helper_loop(); });
  }
}

std::uint64_t HelperThread::join() {
  if (thread_.joinable()) {
    sh_.stop.store(true);
    sh_.wake(1);
    thread_.join();
  }
  return worker_.nodes;
}

#else

HelperThread::HelperThread(Shared&, int) {}
std::uint64_t HelperThread::join() { return 0; }

#endif

}  // namespace reversi::endgame
