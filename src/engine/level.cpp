// The searcher's playing levels. One table defines them all (docs/benchmarks.md
// and the README quote it): midgame depth, exact and win/loss/draw endgame
// depths (in empty squares), and the time per move with threads and in a
// single-threaded build (REVERSI_THREADS=0: the browser's worker).
// Depth-limited levels also get a time cap so that they can never hang.
// In the opening the levels from kBookFromLevel up play from the opening book
// (engine/book.h) while the position is in it; the beginner levels below play
// their own shallow search, as a beginner's opponent should.
#include "engine/level.h"

#include <atomic>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "core/parse_number.h"
#include "core/random.h"
#include "engine/book.h"
#include "engine/pattern.h"
#include "engine/search.h"
#include "engine/timeman.h"

#if REVERSI_THREADS
#include <thread>
#endif

namespace reversi {

namespace {

struct Level {
  int depth;          // midgame plies (60: as deep as time allows)
  int exact;          // exact solve from this many empties
  int wld;            // win/loss/draw solve from this many empties
  double threads_ms;  // time per move with threads (a cap for depth-limited levels)
  double single_ms;   // the same in a single-threaded build (the browser's worker)
  std::size_t tt_mb;  // transposition table size
};

// level-1 .. level-12.
constexpr Level kLevels[] = {
    {1, 4, 4, 100, 100, 1},          // 1: one ply, near-instant
    {2, 6, 6, 200, 200, 1},          // 2
    {3, 8, 8, 300, 300, 1},          // 3
    {4, 10, 10, 400, 400, 2},        // 4
    {5, 12, 12, 500, 500, 4},        // 5
    {6, 12, 14, 700, 700, 8},        // 6
    {8, 14, 16, 1000, 1000, 8},      // 7
    {10, 16, 18, 1500, 1500, 16},    // 8
    {12, 18, 20, 1500, 1500, 16},    // 9
    {14, 20, 22, 2000, 2000, 16},    // 10
    {16, 22, 24, 2500, 2500, 32},    // 11
    {60, 24, 26, 3000, 2500, 32},    // 12: deepest the time allows
};
constexpr int kLevelCount = int(sizeof(kLevels) / sizeof(kLevels[0]));
// The weakest level that opens from the book: levels 1-4 ("looks 1-4 moves ahead")
// would otherwise play tournament openings far above their strength.
constexpr int kBookFromLevel = 5;
// On a game clock a level spends at most this many times its own time per move on an
// ordinary move (twice that on a hard one).
constexpr double kClockLevelCap = 5;


// A level's time per move in this build: single-threaded builds (the web's)
// get their own budget.
double time_per_move_ms(const Level& level) {
  return REVERSI_THREADS ? level.threads_ms : level.single_ms;
}

// set_search_threads' choice; 0: the machine's.
std::atomic<int> g_search_threads{0};

int native_threads() {
#if REVERSI_THREADS
  if (const int chosen = g_search_threads.load(std::memory_order_relaxed); chosen > 0) return chosen;
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : int(std::min(n, 4u));
#else
  return 1;
#endif
}

// The pattern evaluation with the weights of a file, loaded once per path and
// kept for the process (players may be created many times in a match).
Expected<const Evaluator*> weights_evaluator(const std::string& path) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<PatternEvaluator>> loaded;
  std::lock_guard<std::mutex> lock(mutex);
  if (const auto it = loaded.find(path); it != loaded.end()) return it->second.get();
  Expected<pattern::Weights> w = pattern::load_weights_file(path);
  if (!w) return Error{w.error()};
  auto& e = loaded[path];
  e = std::make_unique<PatternEvaluator>(*w);
  return e.get();
}

// Variants for experiments (not listed): "level-N+opt+opt..." with options
// nobook (no opening book: search from the first move), nompc, noaspiration,
// probable (a timed-out solve plays its probable-outcome pass's move, as before session 32;
// noprobable: the default), nottmove, shallow, eval=NAME, weights=FILE (the pattern
// evaluation with another weight file), depth=D (another midgame depth), mpc-t=X,
// mpc-model=NAME (the sigma fitted with another evaluator, or "fit"), mpc-shallow=R
// (the shallow search's depth rule, SearchOptions::mpc_shallow), mpc-pv (multi-ProbCut at PV nodes too),
// mpc-guard=X (SearchOptions::mpc_guard), mpc-deep=gap|ratio (SearchOptions::mpc_deep), threads=T,
// endgame=E (exact and win/loss/draw solves from E empties instead of the level's),
// time=MS (another time per move, for matches at time odds: what a faster
// engine would gain), next=X (SearchOptions::next_iteration_share), endcut=X
// (SearchOptions::endcut_scale), midshare=X (SearchOptions::solve_midgame_share), verbose (each finished
// iteration to stderr: depth, score, move, nodes, time),
// e.g. "level-8+nompc" or "level-8+eval=pattern" for matches at equal depth.
struct Variant {
  bool mpc = true, aspiration = true, tt_move = true, shallow = false, probable = false, book = true;
  bool verbose = false;  // each finished iteration to stderr (SearchOptions::verbose)
  // eval=NAME and weights=FILE as written: resolved into an evaluator only when
  // a player is made (make_level_player), so that level_time_budget_ms (linked
  // into the page's main thread) does not pull the evaluators and their
  // weights into game.wasm.
  std::string eval_name, weights_path;
  double mpc_t = 0;
  std::string mpc_model;
  int mpc_shallow = -1;  // -1: the search's default
  bool mpc_pv = false;
  double mpc_guard = 0;
  std::optional<MpcDeep> mpc_deep;
  int threads = 0;
  int depth = 0;  // midgame depth instead of the level's (0: the level's)
  int endgame = -1;  // exact and win/loss/draw solves from this many empties (-1: the level's)
  double time_ms = 0;  // time per move instead of the level's (0: the level's)
  double next_share = 0;  // SearchOptions::next_iteration_share (0: the search's default)
  double endcut = 0;      // SearchOptions::endcut_scale (0: the search's default)
  double midshare = 0;    // SearchOptions::solve_midgame_share (0: the search's default)
  std::string suffix;
};

// The time per move of a level with its variant's options.
double variant_time_ms(const Level& level, const Variant& variant) {
  return variant.time_ms > 0 ? variant.time_ms : time_per_move_ms(level);
}

class LevelPlayer final : public Player {
 public:
  // evaluator: the variant's eval=/weights= resolved, or nullptr for the default.
  LevelPlayer(int number, const Level& level, Variant variant, const Evaluator* evaluator,
              std::uint64_t seed)
      : number_(number), level_(level), variant_(std::move(variant)), evaluator_(evaluator),
        searcher_(level.tt_mb, level.tt_mb), rng_(seed) {}

  std::string name() const override { return "level-" + std::to_string(number_) + variant_.suffix; }
  // The book's choices come from rng_ alone: reseeded, the player answers as a fresh one.
  void reseed(std::uint64_t seed) override { rng_.reseed(seed); }

  SearchResult choose(const Position& position, const SearchLimits& limits) override {
    if (variant_.book && number_ >= kBookFromLevel) {
      const std::vector<BookMove> moves = default_book().lookup(position);
      if (!moves.empty()) {
        SearchResult r;
        r.move = pick_book_move(moves, kBookMargin, rng_);
        for (const BookMove& m : moves)
          if (m.move == r.move) r.score = double(m.value) / kEvalScale;
        r.has_score = true;
        r.depth = default_book().info().depth;
        r.pv = {r.move};
        return r;
      }
    }
    SearchOptions opt;
    opt.depth = limits.depth > 0 ? limits.depth : variant_.depth > 0 ? variant_.depth : level_.depth;
    const int endgame = limits.endgame_empties >= 0 ? limits.endgame_empties : variant_.endgame;
    opt.exact_empties = endgame >= 0 ? endgame : level_.exact;
    opt.wld_empties = endgame >= 0 ? endgame : level_.wld;
    opt.time_ms = limits.time_ms > 0 ? limits.time_ms : variant_time_ms(level_, variant_);
    // On a game clock: the clock's share (at most kClockLevelCap times the level's own time,
    // so that a long clock does not make a level much stronger than it is; the depth and
    // solve limits stay the level's), stretched toward the maximum when the position is hard.
    ClockAllocation clock;
    if (limits.clock_ms > 0 && limits.time_ms <= 0) {
      const int legal = popcount(position.legal_moves());
      clock = clock_allocation(limits.clock_ms, limits.increment_ms, position.empty_count(), legal,
                               std::max(opt.exact_empties, opt.wld_empties));
      const double cap = kClockLevelCap * variant_time_ms(level_, variant_);
      clock.target_ms = std::min(clock.target_ms, cap);
      clock.max_ms = std::min(clock.max_ms, 2 * cap);
      opt.time_ms = clock.target_ms;
    }
    opt.nodes = limits.nodes;
    opt.stop = limits.stop;
    // Threads only where they pay: deep levels (shallow ones answer at once).
    opt.threads = number_ >= 8 ? native_threads() : 1;
    opt.mpc = variant_.mpc;
    opt.aspiration = variant_.aspiration;
    opt.probable = variant_.probable;
    opt.tt_move = variant_.tt_move;
    opt.shallow_ordering = variant_.shallow;
    if (evaluator_) opt.evaluator = evaluator_;
    if (variant_.mpc_t > 0) opt.mpc_t = variant_.mpc_t;
    if (!variant_.mpc_model.empty()) opt.mpc_model = variant_.mpc_model;
    if (variant_.mpc_shallow >= 0) opt.mpc_shallow = variant_.mpc_shallow;
    if (variant_.mpc_pv) opt.mpc_pv = true;
    if (variant_.mpc_guard > 0) opt.mpc_guard = variant_.mpc_guard;
    if (variant_.mpc_deep) opt.mpc_deep = *variant_.mpc_deep;
    if (variant_.threads > 0) opt.threads = variant_.threads;
    if (variant_.next_share > 0) opt.next_iteration_share = variant_.next_share;
    if (variant_.endcut > 0) opt.endcut_scale = variant_.endcut;
    if (variant_.midshare > 0) opt.solve_midgame_share = variant_.midshare;
    opt.verbose = variant_.verbose;
    SearchResult result = searcher_.search(position, opt);
    if (clock.max_ms > clock.target_ms && hard(result)) {
      // A hard position: search on (the table keeps what was found) with what the
      // maximum leaves.
      const double left = clock.max_ms - result.time_ms;
      if (left > clock.target_ms * 0.25) {
        opt.time_ms = left;
        SearchResult more = searcher_.search(position, opt);
        more.time_ms += result.time_ms;
        more.nodes += result.nodes;
        result = std::move(more);
      }
    }
    return result;
  }

  // The last iterations disagree: the best move changed or the value moved by more than
  // two discs. A solved position is never hard.
  bool hard(const SearchResult& result) const {
    if (result.exact) return false;
    const auto& it = searcher_.iterations();
    if (it.size() < 2) return false;
    const IterationInfo& last = it[it.size() - 1];
    const IterationInfo& before = it[it.size() - 2];
    return last.best != before.best || std::abs(last.score - before.score) > 2 * kEvalScale;
  }

 private:
  int number_;
  Level level_;
  Variant variant_;
  const Evaluator* evaluator_;
  Searcher searcher_;
  Random rng_;
};

std::string describe(int number, const Level& l) {
  char text[160];
  char depth[32];
  if (l.depth >= 60) std::snprintf(depth, sizeof depth, "as deep as time allows");
  else std::snprintf(depth, sizeof depth, "depth %d", l.depth);
  std::snprintf(text, sizeof text, "%s%s, exact endgame from %d empties (win/loss from %d), at most %.1f s a move",
                number == 1 ? "instant: " : number == kLevelCount ? "strongest: " : "", depth, l.exact,
                l.wld, time_per_move_ms(l) / 1000.0);
  return text;
}

}  // namespace

std::vector<PlayerInfo> level_player_list() {
  std::vector<PlayerInfo> list;
  for (int i = 0; i < kLevelCount; ++i)
    list.push_back({"level-" + std::to_string(i + 1), describe(i + 1, kLevels[i]), i + 1, kLevels[i].depth,
                    kLevels[i].exact, time_per_move_ms(kLevels[i])});
  return list;
}

namespace {

struct ParsedLevel {
  int number = 0;  // 1..kLevelCount
  Variant variant;
};

// "level-N[+opt...]" into the level's number and its variant's options; the one
// parser behind make_level_player and level_time_budget_ms.
Expected<ParsedLevel> parse_level(std::string_view full_name) {
  const std::string unknown = "unknown player '" + std::string(full_name) +
                              "' (levels are level-1 .. level-" + std::to_string(kLevelCount) + ")";
  const std::size_t plus = full_name.find('+');
  const std::string_view name = full_name.substr(0, plus);
  constexpr std::string_view prefix = "level-";
  if (name.substr(0, prefix.size()) != prefix) return Error{unknown};
  const std::string_view digits = name.substr(prefix.size());
  int n = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (ec != std::errc() || end != digits.data() + digits.size() || n < 1 || n > kLevelCount)
    return Error{unknown};

  Variant v;
  // "player 'level-3+depth=12abc': depth '12abc' is not a whole number"
  auto bad_value = [&](const std::string& why) {
    return Error{"player '" + std::string(full_name) + "': " + why};
  };
  if (plus != std::string_view::npos) {
    v.suffix = std::string(full_name.substr(plus));
    std::string_view rest = full_name.substr(plus + 1);
    while (!rest.empty()) {
      const std::size_t next = rest.find('+');
      const std::string_view opt = rest.substr(0, next);
      rest = next == std::string_view::npos ? std::string_view{} : rest.substr(next + 1);
      const std::size_t eq = opt.find('=');
      const std::string_view key = opt.substr(0, eq);
      const std::string value = eq == std::string_view::npos ? "" : std::string(opt.substr(eq + 1));
      if (key == "nobook") v.book = false;
      else if (key == "nompc") v.mpc = false;
      else if (key == "noaspiration") v.aspiration = false;
      else if (key == "noprobable") v.probable = false;
      else if (key == "probable") v.probable = true;
      else if (key == "nottmove") v.tt_move = false;
      else if (key == "verbose") v.verbose = true;
      else if (key == "shallow") v.shallow = true;
      else if (key == "eval" && is_evaluator_name(value)) v.eval_name = value;
      else if (key == "mpc-model" && (is_evaluator_name(value) || value == "fit")) v.mpc_model = value;
      else if (key == "mpc-pv") v.mpc_pv = true;
      else if (key == "mpc-deep" && (value == "gap" || value == "ratio"))
        v.mpc_deep = value == "gap" ? MpcDeep::SameGap : MpcDeep::SameRatio;
      else if (key == "mpc-guard") {
        const auto g = parse_double("mpc-guard", value, 0.01, 10);
        if (!g) return bad_value(g.error());
        v.mpc_guard = *g;
      }
      else if (key == "mpc-shallow") {
        const auto g = parse_int<int>("mpc-shallow", value, 0, 20);
        if (!g) return bad_value(g.error());
        v.mpc_shallow = *g;
      }
      else if (key == "mpc-t") {
        const auto t = parse_double("mpc-t", value, 0.01, 10);
        if (!t) return bad_value(t.error());
        v.mpc_t = *t;
      } else if (key == "threads") {
        const auto t = parse_int<int>("threads", value, 1, 64);
        if (!t) return bad_value(t.error());
        v.threads = *t;
      } else if (key == "time") {
        const auto t = parse_double("time", value, 1, 600000);
        if (!t) return bad_value(t.error());
        v.time_ms = *t;
      } else if (key == "next") {
        const auto t = parse_double("next", value, 0.01, 1);
        if (!t) return bad_value(t.error());
        v.next_share = *t;
      } else if (key == "endcut") {
        const auto t = parse_double("endcut", value, 0.1, 10);
        if (!t) return bad_value(t.error());
        v.endcut = *t;
      } else if (key == "midshare") {
        const auto t = parse_double("midshare", value, 0.05, 1);
        if (!t) return bad_value(t.error());
        v.midshare = *t;
      } else if (key == "endgame") {
        const auto e = parse_int<int>("endgame", value, 0, 60);
        if (!e) return bad_value(e.error());
        v.endgame = *e;
      } else if (key == "depth") {
        const auto d = parse_int<int>("depth", value, 1, 60);
        if (!d) return bad_value(d.error());
        v.depth = *d;
      }
      else if (key == "weights" && !value.empty()) v.weights_path = value;
      else return Error{"unknown option '" + std::string(opt) + "' in player '" + std::string(full_name) + "'"};
    }
  }
  return ParsedLevel{n, std::move(v)};
}

}  // namespace

Expected<std::unique_ptr<Player>> make_level_player(std::string_view full_name, std::uint64_t seed) {
  Expected<ParsedLevel> p = parse_level(full_name);
  if (!p) return Error{p.error()};
  const Variant& v = p->variant;
  const Evaluator* evaluator = v.eval_name.empty() ? nullptr : find_evaluator(v.eval_name);
  if (!v.weights_path.empty()) {
    Expected<const Evaluator*> e = weights_evaluator(v.weights_path);
    if (!e) return Error{"player '" + std::string(full_name) + "': " + e.error()};
    evaluator = *e;
  }
  return std::unique_ptr<Player>(std::make_unique<LevelPlayer>(
      p->number, kLevels[p->number - 1], std::move(p->variant), evaluator, seed));
}

double level_time_budget_ms(std::string_view full_name) {
  const Expected<ParsedLevel> p = parse_level(full_name);
  return p ? variant_time_ms(kLevels[p->number - 1], p->variant) : 0;
}

std::optional<double> level_rating(std::string_view full_name) {
  // On the people's scale (docs/human.md, "Form from game to game"): levels 1-6 from their
  // matches against the human players (a human-R counted at R, playing each game at its form;
  // tools/human-ladder.py), the levels above from level-6 plus the Elo of each step's match,
  // level-(n+1) against level-n (docs/evaluation.md, "every step from level-1 to level-12 is
  // won"; for level-8 and level-10 the larger of their two runs). A variant (level-6+nobook, ...) plays another game: it has none.
  // Level-12's step adds what it gained in issue 46 against its own earlier self at the page's
  // settings (2.5 s, one thread): +58 over 60 games (docs/evaluation.md, "Session 38"); the
  // depth-limited levels 6-11 measured the same as before it.
  constexpr double kAgainstPeople[] = {2000, 2169, 2327, 2480, 2483, 2699};
  constexpr double kStepElo[] = {269, 241, 191, 117, 127, 127, 98, 114, 152, 60, 98 + 58};
  constexpr int kMeasured = sizeof(kAgainstPeople) / sizeof(kAgainstPeople[0]);
  static_assert(sizeof(kStepElo) / sizeof(kStepElo[0]) == kLevelCount - 1);
  const Expected<ParsedLevel> p = parse_level(full_name);
  if (!p || !p->variant.suffix.empty()) return std::nullopt;
  if (p->number <= kMeasured) return kAgainstPeople[p->number - 1];
  double r = kAgainstPeople[kMeasured - 1];
  for (int i = kMeasured; i < p->number; ++i) r += kStepElo[i - 1];
  return r;
}

void set_search_threads(int threads) {
  g_search_threads.store(threads >= 1 && threads <= 64 ? threads : 0, std::memory_order_relaxed);
}

int search_threads() { return native_threads(); }

}  // namespace reversi
