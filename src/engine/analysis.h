// Position analysis: the value of every legal move, best first, deepened step
// by step until the time runs out, the caller stops it, or every value is exact.
//
//  1. Midgame estimates at depth 1, 2, 3, ... plies (the move itself counts as
//     one): the value of move m at depth d is -search(child, d - 1) in discs,
//     from the pattern-evaluation search (Searcher) without the endgame switch.
//     Depth 1 is the child's static evaluation, a child where the mover must
//     pass is searched after the pass at the same depth (a pass costs no depth,
//     as in the search), a finished child is exact at once.
//  2. When the position has at most AnalysisOptions::solve_empties empties
//     (after midgame depth min(empties - 1, clamp(empties - 14, 4, 10))): a
//     win/loss/draw solve of every child (a draw is exact at once), then an
//     exact solve of every other child, its window narrowed by the outcome
//     (EndgameSolver). The depth of a solved value is the position's empties.
//
// Each completed value replaces the previous one of its move and is reported
// through the callback (a snapshot of the whole list, best first). A search
// that the stop flag or the deadline interrupts is thrown away: every value in
// a report or in the result is a complete search of its kind and depth.
// Depth 1 values are always computed (they are cheap), so every legal move has
// a value even if the budget is already spent. Each value carries the line of
// the search that produced it (MoveValue::pv: the best line a review shows).
//
// The Analyzer keeps a Searcher and an EndgameSolver, whose transposition
// tables are reused by the next call: analysing successive positions of one
// game with the same Analyzer is faster. (So midgame values equal a fresh
// -search(child, d - 1) exactly only on a fresh Analyzer with mpc off; after
// earlier calls a table entry of a deeper search may be used instead.) A
// reproducible analysis (AnalysisOptions::reproducible, the game review's) is
// the exception: its values and lines never depend on earlier calls.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "engine/endgame.h"
#include "engine/search.h"

namespace reversi {

class Evaluator;

enum class ValueKind {
  Midgame,  // estimate in discs from a depth-limited search
  Loss,     // solved: the move loses (value <= -2)
  Win,      // solved: the move wins (value >= 2)
  Exact,    // solved: the exact final disc difference with perfect play
};

std::string_view value_kind_name(ValueKind kind);  // "midgame", "loss", "win", "exact"
std::optional<ValueKind> parse_value_kind(std::string_view name);  // the names above
// 0 midgame, 1 win/loss, 2 exact: reports only ever raise (depth, precision).
int value_precision(ValueKind kind);

struct MoveValue {
  Square move = NO_SQUARE;  // PASS for the one entry of a position that must pass
  ValueKind kind = ValueKind::Midgame;
  // Discs, for the side to move of the analysed position. Midgame: the estimate.
  // Exact: the final disc difference. Win/loss: the last midgame estimate moved
  // to the bound's side (at least +2 / at most -2). A draw is exact (0).
  double value = 0;
  int depth = 0;  // midgame plies, or the empties solved (win/loss and exact)
  // The principal variation of the search that produced the value: the move, then
  // the best replies as that search saw them; passes implicit (never in the line),
  // so it plays from the position as a transcript does. Midgame: at most `depth`
  // moves (the table's best moves after the search, each checked legal). Win/loss
  // and exact: the solver's proven line to the end of the game
  // (SolveResult::pv: an exact value played out along it is the final disc
  // difference). A PASS entry: the opponent's line, after the implicit pass.
  std::vector<Square> pv = {};
  friend bool operator==(const MoveValue&, const MoveValue&) = default;
};

struct AnalysisOptions {
  double time_ms = 0;  // budget from the call; 0 = none
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  const std::atomic<bool>* stop = nullptr;  // polled; set from another thread
  // Node budget of the call, every search and solve together (their own node counts:
  // SearchOptions::nodes and SolveOptions::nodes, each given what is left); 0 = none. Out of
  // it the call stops as at its deadline (a search or solve it interrupts is thrown away). A
  // search may overrun what it was given by the nodes between two of its stop polls. Depth 1
  // values are static evaluations, not counted.
  std::uint64_t nodes = 0;
  int max_depth = 60;       // midgame depth limit (plies)
  int solve_empties = 30;   // solve (win/loss/draw, then exact) from this many empties
  bool mpc = false;         // ProbCut in the midgame searches (faster, values less exact)
  const Evaluator* evaluator = nullptr;  // null: default_evaluator()
  // Threads of each search and solve (Lazy SMP; the solver takes at most 2): 1 on the
  // desktop, whose analysis shares the cores with the AI's; the browser's threaded
  // worker gives its own (ai_worker.cpp). Always 1 without REVERSI_THREADS.
  int threads = 1;
  // Reproducible (the game review's, review_options()): the values, kinds and lines are
  // a function of the position and the options above alone, whatever the machine's load,
  // the threads, the slicing of the budget or what the tables held. Every midgame value
  // is one search of depth min(max_depth, empties - 1) - 1 of its child, on one thread
  // with a table cleared for it (no shallower steps first); a position to solve goes
  // straight to the solver (exact values whatever its table and threads), whose lines
  // take the first move in square order that keeps the proven value
  // (SolveOptions::pv_square_order). The time budget and the deadline are checked between
  // moves only (a search or solve once begun runs to its end, unless stopped), and a
  // call begins one move's at least, so a call may overrun its budget by one move's
  // search and always makes progress; a call on the same position and options
  // continues from the moves already valued. A node budget interrupts a search (one thread:
  // the same nodes whatever the load, so a node-limited call is reproducible too).
  // Complete = every value final.
  bool reproducible = false;
};

// The game review's analysis of one position, the same on the page, the desktop and
// `reversi-cli review` (ui/review.h, cli/review.cpp): reproducible, every midgame move
// searched kReviewDepth plies deep, the position solved exactly from kReviewSolveEmpties
// empties, no time limit (docs/benchmarks.md, "Review": about as long as the 300 ms a
// position it replaced).
inline constexpr int kReviewDepth = 10;
inline constexpr int kReviewSolveEmpties = 20;
AnalysisOptions review_options();

struct AnalysisResult {
  std::vector<MoveValue> moves;  // best first; empty for a finished game
  bool complete = false;  // every value exact, or max_depth reached: nothing left to do
  bool stopped = false;   // ended by the stop flag, the time budget or the node budget
  double time_ms = 0;
  std::uint64_t nodes = 0;  // searched by every search and solve of the call
};

// Called with the whole list (best first) after every improvement of a value.
using AnalysisCallback = std::function<void(const std::vector<MoveValue>&)>;

class Analyzer {
 public:
  explicit Analyzer(std::size_t tt_megabytes = 16, std::size_t endgame_megabytes = 32);
  Analyzer(const Analyzer&) = delete;
  Analyzer& operator=(const Analyzer&) = delete;

  // A position whose side to move must pass: one entry, PASS, whose value,
  // kind and depth are those of the opponent's best move with the sign turned
  // (a win of the opponent is a loss). A finished game: an empty list,
  // complete = true. Not thread-safe: one call at a time per Analyzer.
  AnalysisResult analyze(const Position& position, const AnalysisOptions& options = {},
                         const AnalysisCallback& on_update = {});

  void clear();  // forget the transposition tables (a new game)

  // Nodes searched so far by the running analyze() call: read from its callback
  // (same thread), which gets only the values.
  std::uint64_t nodes_in_call() const { return nodes_in_call_; }

 private:
  std::uint64_t nodes_in_call_ = 0;
  Searcher searcher_;
  EndgameSolver solver_;
  // A reproducible analysis' midgame searches: a small table, cleared before each one.
  Searcher fresh_searcher_;
  // The last reproducible analysis' values, which the next call on the same position
  // and options continues from (each is a function of its move alone).
  struct Continued {
    bool valid = false;
    Position position;
    int max_depth = 0, solve_empties = 0;
    bool mpc = false;
    const Evaluator* evaluator = nullptr;
    std::vector<MoveValue> values;
  };
  Continued continued_;
};

// Orders best first: higher value, then more precise kind, then square order.
void sort_best_first(std::vector<MoveValue>& moves);

// The longest start of `line` that plays from `position` (passes implicit, as a
// Game plays a transcript): what a front end keeps of a line it was sent.
std::vector<Square> playable_line(const Position& position, std::span<const Square> line);
// A line as people read it: "e2 f1 g1" (reversi-cli, the desktop's review).
std::string line_text(std::span<const Square> line);

}  // namespace reversi
