// Analyzer (engine/analysis.h): every move's value, deepened step by step.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <map>
#include <optional>
#include <set>
#include <thread>

#include "core/game.h"
#include "core/notation.h"
#include "core/random_positions.h"
#include "engine/analysis.h"
#include "engine/evaluate.h"
#include "engine/obf.h"

using namespace reversi;

namespace {

std::set<Square> legal_set(const Position& p) {
  std::set<Square> s;
  for (Bitboard m = p.legal_moves(); m; m &= m - 1) s.insert(Square(lowest_square(m)));
  return s;
}

bool is_best_first(const std::vector<MoveValue>& list) {
  for (std::size_t i = 1; i < list.size(); ++i)
    if (list[i - 1].value < list[i].value) return false;
  return true;
}

std::set<Square> moves_of(const std::vector<MoveValue>& list) {
  std::set<Square> s;
  for (const MoveValue& m : list) s.insert(m.move);
  return s;
}

// The final disc difference for `p`'s mover after `line` played from it (passes
// implicit, as a transcript), or nothing when a move is illegal or the game is not
// over at the line's end.
std::optional<int> played_out(const Position& p, const std::vector<Square>& line) {
  Game game(p);
  for (Square s : line)
    if (!is_board_square(s) || !game.play(s)) return std::nullopt;
  const Position& end = game.position();
  if (!end.is_game_over()) return std::nullopt;
  return end.to_move == p.to_move ? end.final_score() : -end.final_score();
}

double ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

TEST_CASE("Analyzer: exact values of every move on FFO 1-19 match solving each child",
          "[analysis][ffo]") {
  auto entries = load_obf(REVERSI_FFO_DIR "/fforum-1-19.obf");
  REQUIRE(entries.ok());
  REQUIRE(entries->size() == 19);
  Analyzer analyzer;
  EndgameSolver reference(16);
  int listed_checked = 0;
  for (const ObfEntry& entry : *entries) {
    INFO("FFO line " << entry.line);
    const Position& pos = entry.position;
    const AnalysisResult r = analyzer.analyze(pos);
    REQUIRE(r.complete);
    CHECK_FALSE(r.stopped);
    REQUIRE(moves_of(r.moves) == legal_set(pos));
    CHECK(is_best_first(r.moves));
    for (const MoveValue& mv : r.moves) {
      INFO("move " << square_name(mv.move));
      REQUIRE(mv.kind == ValueKind::Exact);
      CHECK(mv.depth == pos.empty_count());
      const Position child = pos.play(mv.move);
      const int expected =
          child.is_game_over() ? -child.final_score() : -reference.solve(child).score;
      CHECK(mv.value == expected);
      if (auto listed = entry.score_of(mv.move)) {
        CHECK(mv.value == *listed);
        ++listed_checked;
      }
    }
    // The best value is the position's value.
    CHECK(r.moves.front().value == *entry.best_score());
  }
  CHECK(listed_checked > 19);
}

TEST_CASE("Analyzer: reports improve monotonically, each a full best-first list",
          "[analysis]") {
  auto entries = load_obf(REVERSI_FFO_DIR "/fforum-1-19.obf");
  REQUIRE(entries.ok());
  const Position pos = (*entries)[2].position;
  Analyzer analyzer;
  std::map<Square, std::pair<int, int>> last;  // move -> (depth, precision)
  int reports = 0, improvements = 0;
  std::vector<MoveValue> last_report;
  const AnalysisResult r =
      analyzer.analyze(pos, {}, [&](const std::vector<MoveValue>& list) {
        ++reports;
        CHECK(moves_of(list) == legal_set(pos));
        CHECK(is_best_first(list));
        for (const MoveValue& mv : list) {
          const std::pair<int, int> now{mv.depth, value_precision(mv.kind)};
          auto it = last.find(mv.move);
          if (it != last.end()) {
            CHECK(it->second <= now);
            if (it->second < now) ++improvements;
          }
          last[mv.move] = now;
          if (mv.kind == ValueKind::Win) CHECK(mv.value >= 2);
          if (mv.kind == ValueKind::Loss) CHECK(mv.value <= -2);
        }
        last_report = list;
      });
  REQUIRE(r.complete);
  // At least: depth 1, midgame depths 2..4 and win/loss/draw for each move, then
  // exact for each move not drawn.
  CHECK(reports >= 1 + 4 * int(r.moves.size()));
  CHECK(improvements >= 4 * int(r.moves.size()));
  REQUIRE(last_report.size() == r.moves.size());
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    CHECK(last_report[i].move == r.moves[i].move);
    CHECK(last_report[i].value == r.moves[i].value);
  }
}

TEST_CASE("Analyzer: midgame values at depth d equal -search(child, d - 1)", "[analysis]") {
  RandomPositions random(20261123);
  for (int n = 0; n < 2; ++n) {
    const Position pos = random.with_empties(40);
    INFO("position " << to_board_string(pos));
    AnalysisOptions options;
    options.max_depth = 6;  // search depth 5: aspiration windows at the root from depth 4
    options.solve_empties = 0;
    std::map<std::pair<Square, int>, double> seen;  // (move, depth) -> value
    Analyzer analyzer;
    const AnalysisResult r = analyzer.analyze(pos, options, [&](const std::vector<MoveValue>& l) {
      for (const MoveValue& mv : l)
        if (mv.kind == ValueKind::Midgame) seen[{mv.move, mv.depth}] = mv.value;
    });
    REQUIRE(r.complete);
    for (const MoveValue& mv : r.moves) CHECK(mv.depth == 6);
    for (Square sq : legal_set(pos)) {
      const Position child = pos.play(sq);
      if (child.is_game_over()) continue;
      INFO("move " << square_name(sq));
      REQUIRE(seen.count({sq, 1}));
      CHECK(seen[{sq, 1}] ==
            -double(default_evaluator().evaluate(child.player, child.opponent)) / kEvalScale);
      for (int d = 2; d <= 6; ++d) {
        INFO("depth " << d);
        REQUIRE(seen.count({sq, d}));
        Searcher fresh(16, 1);
        SearchOptions so;
        so.depth = d - 1;
        so.mpc = false;
        const bool pass = child.must_pass();
        const SearchResult sr = fresh.search(pass ? child.pass() : child, so);
        REQUIRE(sr.has_score);
        CHECK(seen[{sq, d}] == (pass ? sr.score : -sr.score));
      }
    }
  }
}

TEST_CASE("Analyzer: a stop flag set from another thread ends it quickly", "[analysis]") {
  const Position pos = RandomPositions(7).with_empties(36);
  Analyzer analyzer;
  std::atomic<bool> stop{false};
  AnalysisOptions options;
  options.stop = &stop;
  std::vector<MoveValue> last_report;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    stop.store(true);
  });
  const auto start = std::chrono::steady_clock::now();
  const AnalysisResult r =
      analyzer.analyze(pos, options, [&](const std::vector<MoveValue>& l) { last_report = l; });
  const double ms = ms_since(start);
  stopper.join();
  CHECK(ms < 300 + 1000);
  CHECK(r.stopped);
  CHECK_FALSE(r.complete);
  // The result is the last complete value of each move: the last report.
  REQUIRE(moves_of(r.moves) == legal_set(pos));
  REQUIRE(last_report.size() == r.moves.size());
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    CHECK(r.moves[i].move == last_report[i].move);
    CHECK(r.moves[i].value == last_report[i].value);
    CHECK(r.moves[i].depth == last_report[i].depth);
    CHECK(r.moves[i].depth >= 2);  // 300 ms is plenty for depth 2
    CHECK(r.moves[i].kind == ValueKind::Midgame);
  }
}

TEST_CASE("Analyzer: a time budget is kept, values are never half-searched", "[analysis]") {
  const Position pos = RandomPositions(11).with_empties(24);
  Analyzer analyzer;
  AnalysisOptions options;
  options.time_ms = 150;
  const auto start = std::chrono::steady_clock::now();
  const AnalysisResult r = analyzer.analyze(pos, options);
  CHECK(ms_since(start) < 150 + 500);
  REQUIRE(moves_of(r.moves) == legal_set(pos));
  if (!r.complete) CHECK(r.stopped);
  // Every solved value agrees with an independent solve of its child.
  EndgameSolver reference(16);
  for (const MoveValue& mv : r.moves) {
    if (mv.kind == ValueKind::Midgame) continue;
    const Position child = pos.play(mv.move);
    const int v = child.is_game_over() ? -child.final_score() : -reference.solve(child).score;
    if (mv.kind == ValueKind::Exact) CHECK(mv.value == v);
    if (mv.kind == ValueKind::Win) CHECK(v > 0);
    if (mv.kind == ValueKind::Loss) CHECK(v < 0);
  }
}

TEST_CASE("Analyzer: boards with more than 32 legal moves", "[analysis]") {
  auto parsed = parse_board_string(
      "--X------OOXO-O---OXXXO----O-OX--OX-X-O--OXO-XO--OO-OXO-----X--- X");
  REQUIRE(parsed.ok());
  REQUIRE(legal_set(*parsed).size() == 35);
  Analyzer analyzer;
  AnalysisOptions options;
  options.max_depth = 3;
  options.solve_empties = 0;
  const AnalysisResult r = analyzer.analyze(*parsed, options);
  REQUIRE(r.complete);
  CHECK(r.moves.size() == 35);
  CHECK(moves_of(r.moves) == legal_set(*parsed));
  CHECK(is_best_first(r.moves));
  for (const MoveValue& mv : r.moves) CHECK(mv.depth == 3);
}

TEST_CASE("Analyzer: a forced pass is one PASS entry, a finished game is an empty list",
          "[analysis]") {
  // A finished game.
  Analyzer analyzer;
  const Position full{~Bitboard(0), 0, Color::Black};
  REQUIRE(full.is_game_over());
  const AnalysisResult over = analyzer.analyze(full);
  CHECK(over.moves.empty());
  CHECK(over.complete);

  // A position whose side to move must pass, near the end (solved exactly).
  std::optional<Position> pass_position;
  for (std::uint64_t seed = 1; seed < 400 && !pass_position; ++seed) {
    for (const Position& p : RandomPositions(seed).game())
      if (p.must_pass() && p.empty_count() <= 12 && p.empty_count() >= 3) {
        pass_position = p;
        break;
      }
  }
  REQUIRE(pass_position);
  INFO(to_board_string(*pass_position));
  const AnalysisResult r = analyzer.analyze(*pass_position);
  REQUIRE(r.complete);
  REQUIRE(r.moves.size() == 1);
  CHECK(r.moves[0].move == PASS);
  CHECK(r.moves[0].kind == ValueKind::Exact);
  EndgameSolver reference(16);
  CHECK(r.moves[0].value == -reference.solve(pass_position->pass()).score);
  // Its line is the opponent's, after the implicit pass, and plays out to the value.
  CHECK(r.moves[0].pv.size() >= 1);
  CHECK(played_out(*pass_position, r.moves[0].pv) == int(r.moves[0].value));
}

TEST_CASE("Analyzer: every value's line starts with its move and plays from the position",
          "[analysis][pv]") {
  Analyzer analyzer;
  // Midgame estimates: the search's line, as deep as it looked.
  const auto game = Game::from_transcript("f5d6c3d3c4f4f6f3e6e7");
  REQUIRE(game);
  const Position mid = game->position();
  AnalysisOptions options;
  options.max_depth = 6;
  options.solve_empties = 0;
  const AnalysisResult r = analyzer.analyze(mid, options);
  REQUIRE(r.complete);
  REQUIRE(moves_of(r.moves) == legal_set(mid));
  for (const MoveValue& mv : r.moves) {
    INFO("move " << square_name(mv.move) << " line " << to_transcript(mv.pv));
    CHECK(mv.depth == 6);
    REQUIRE_FALSE(mv.pv.empty());
    CHECK(mv.pv.front() == mv.move);
    CHECK(playable_line(mid, mv.pv) == mv.pv);  // every move legal where it is played
    CHECK(mv.pv.size() <= std::size_t(mv.depth));
    CHECK(mv.pv.size() >= 2);  // the child's search gave its best reply at least
  }
  // The lines of the reports too (each value as it improved).
  bool reported = false;
  analyzer.analyze(mid, options, [&](const std::vector<MoveValue>& list) {
    for (const MoveValue& mv : list) {
      reported = true;
      CHECK((!mv.pv.empty() && mv.pv.front() == mv.move && playable_line(mid, mv.pv) == mv.pv &&
             mv.pv.size() <= std::size_t(mv.depth)));
    }
  });
  CHECK(reported);
}

TEST_CASE("Analyzer: an exact value's line, played out, ends at that final disc difference",
          "[analysis][pv]") {
  // This is the solver's proven line (SolveResult::pv): both sides keep the value to
  // the last move, so the end of the game is the value itself.
  auto entries = load_obf(REVERSI_FFO_DIR "/fforum-1-19.obf");
  REQUIRE(entries.ok());
  Analyzer analyzer;
  int lines = 0;
  for (std::size_t i = 0; i < 6; ++i) {
    const Position& pos = (*entries)[i].position;
    INFO("FFO line " << (*entries)[i].line << ": " << to_board_string(pos));
    const AnalysisResult r = analyzer.analyze(pos);
    REQUIRE(r.complete);
    for (const MoveValue& mv : r.moves) {
      INFO("move " << square_name(mv.move) << " value " << mv.value << " line " << to_transcript(mv.pv));
      REQUIRE(mv.kind == ValueKind::Exact);
      REQUIRE_FALSE(mv.pv.empty());
      CHECK(mv.pv.front() == mv.move);
      CHECK(played_out(pos, mv.pv) == int(mv.value));
      ++lines;
    }
  }
  CHECK(lines > 30);
}

TEST_CASE("playable_line keeps the start of a line that plays, passes implicit", "[analysis][pv]") {
  const Position start = Position::initial();
  CHECK(playable_line(start, {}).empty());
  CHECK(playable_line(start, std::vector<Square>{F5, D6, C3}) == std::vector<Square>{F5, D6, C3});
  // Cut at the first move that is not legal there, or not a square at all.
  CHECK(playable_line(start, std::vector<Square>{F5, F5, C3}) == std::vector<Square>{F5});
  CHECK(playable_line(start, std::vector<Square>{F5, PASS, C3}) == std::vector<Square>{F5});
  CHECK(playable_line(start, std::vector<Square>{Square(99), F5}).empty());
  CHECK(playable_line(start, std::vector<Square>{NO_SQUARE}).empty());
  // A forced pass is implicit: the same side moves again.
  std::optional<Position> before_pass;
  std::vector<Square> through;
  for (std::uint64_t seed = 1; seed < 400 && !before_pass; ++seed) {
    const auto positions = RandomPositions(seed).game();
    for (std::size_t k = 0; k + 2 < positions.size(); ++k) {
      const Position& p = positions[k];
      if (p.must_pass() || p.is_game_over()) continue;
      // A move after which the other side must pass, then the mover's next move.
      for (Bitboard m = p.legal_moves(); m && !before_pass; m &= m - 1) {
        const Position after = p.play(Square(lowest_square(m)));
        if (!after.must_pass()) continue;
        const Bitboard again = after.pass().legal_moves();
        before_pass = p;
        through = {Square(lowest_square(m)), Square(lowest_square(again))};
      }
      if (before_pass) break;
    }
  }
  REQUIRE(before_pass);
  CHECK(playable_line(*before_pass, through) == through);
}

TEST_CASE("Analyzer: the tables carry over from one call to the next", "[analysis]") {
  auto entries = load_obf(REVERSI_FFO_DIR "/fforum-1-19.obf");
  REQUIRE(entries.ok());
  const Position pos = (*entries)[17].position;  // 16 empties
  Analyzer analyzer;
  const AnalysisResult first = analyzer.analyze(pos);
  const AnalysisResult again = analyzer.analyze(pos);
  REQUIRE(first.complete);
  REQUIRE(again.complete);
  CHECK(first.nodes > 0);
  CHECK(again.nodes * 4 < first.nodes);
  REQUIRE(again.moves.size() == first.moves.size());
  for (std::size_t i = 0; i < first.moves.size(); ++i) {
    CHECK(again.moves[i].move == first.moves[i].move);
    CHECK(again.moves[i].value == first.moves[i].value);
  }
  // clear() forgets them: as much work as the first time.
  analyzer.clear();
  const AnalysisResult cleared = analyzer.analyze(pos);
  CHECK(cleared.nodes == first.nodes);
}

TEST_CASE("Analyzer: a reproducible analysis (the review's) is a function of the position alone",
          "[analysis][review]") {
  auto entries = load_obf(REVERSI_FFO_DIR "/fforum-1-19.obf");
  REQUIRE(entries.ok());
  const auto opening = Game::from_transcript("f5d6c3d3c4f4f6f3e6e7");
  REQUIRE(opening.ok());
  AnalysisOptions options = review_options();
  CHECK(options.reproducible);
  options.max_depth = 6;  // quicker than the review's depth, the same rules
  for (const Position& pos : {opening->position(), (*entries)[17].position /* 16 empties */}) {
    const bool solved = pos.empty_count() <= options.solve_empties;
    Analyzer fresh;
    const AnalysisResult reference = fresh.analyze(pos, options);
    REQUIRE(reference.complete);
    for (const MoveValue& m : reference.moves) {
      CHECK(m.kind == (solved ? ValueKind::Exact : ValueKind::Midgame));
      CHECK(m.depth == (solved ? pos.empty_count() : options.max_depth));
      if (solved) CHECK(played_out(pos, m.pv) == int(m.value));
    }
    // After other work (the tables full of other positions and of a timed analysis of
    // this one), on two threads: the same values, depths and lines.
    Analyzer used;
    used.analyze((*entries)[16].position);
    AnalysisOptions timed;
    timed.time_ms = 200;
    used.analyze(pos, timed);
    AnalysisOptions two = options;
    two.threads = 2;
    CHECK(used.analyze(pos, two).moves == reference.moves);
    // In slices of a millisecond, each call continuing the last (as the page's worker
    // runs it): each call values one move or more, and the end is the same.
    Analyzer sliced;
    AnalysisOptions slice = options;
    slice.time_ms = 1;
    AnalysisResult r;
    int calls = 0;
    do r = sliced.analyze(pos, slice);
    while (!r.complete && ++calls < 1000);
    CHECK(calls > 1);
    CHECK(r.complete);
    CHECK(r.moves == reference.moves);
  }
}
