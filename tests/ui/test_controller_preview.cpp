// The best line (issue 35): each review entry's best line and each analysed move's line
// in the state JSON, cut where a move of it stops being legal (a line comes from the
// worker), and a line shown on the board step by step (Controller::preview_line) that
// leaves the game, its record and its save alone.
#include <catch2/catch.hpp>

#include <bit>
#include <string>
#include <vector>

#include "core/notation.h"
#include "fake_ai.h"
#include "ui/controller.h"

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

namespace {

// The running analysis gets every legal move of its position, the first in reading order
// best (+2, the others -2), each with `line_of(move)` as its line; done.
template <class LineOf>
void give_lines(Fixture& f, LineOf line_of) {
  REQUIRE(f.ai.analysis_current);
  AnalysisSnapshot snapshot;
  snapshot.id = f.ai.analysis_current->first;
  const Position& p = f.ai.analysis_current->second.position;
  for (Bitboard m = p.legal_moves(); m; m &= m - 1) {
    const Square s = Square(lowest_square(m));
    snapshot.moves.push_back({s, ValueKind::Exact, snapshot.moves.empty() ? 2.0 : -2.0, 60, line_of(p, s)});
  }
  snapshot.done = true;
  f.ai.analysis_ready = snapshot;
}

// `n` moves from `p`, starting with `first`, each the first legal one after it (passes
// implicit), as far as the game goes.
std::vector<Square> first_legal_line(const Position& p, Square first, int n) {
  Game g(p);
  std::vector<Square> line;
  for (Square s = first; int(line.size()) < n && g.play(s); s = Square(lowest_square(g.position().legal_moves()))) {
    line.push_back(s);
    if (g.over()) break;
  }
  return line;
}

std::string json_of(const std::vector<Square>& line) { return squares_json(line); }

}  // namespace

TEST_CASE("best line: each review entry carries the best move's line, in the state JSON",
          "[ui][review][pv]") {
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  // Three moves, none the first legal one (which the analysis below calls best): each
  // loses 4 discs, a mistake.
  for (Square s : {F5, F6, E6}) REQUIRE(c.play(s).ok());
  REQUIRE(c.start_review().ok());
  for (int n = 0; n < 3; ++n) {
    // The best move's line: four moves, then an illegal one (a1 is never legal this early)
    // that is cut off; the other moves' lines are their own move alone.
    give_lines(f, [](const Position& p, Square s) {
      std::vector<Square> line{s};
      if (s == first_legal(p)) {
        line = first_legal_line(p, s, 4);
        line.push_back(A1);
      }
      return line;
    });
    c.update(double(n + 1));
  }
  const ReviewState& r = c.review();
  REQUIRE_FALSE(r.running);
  REQUIRE(r.entries.size() == 3);
  const std::string json = c.state_json();
  for (const ReviewEntry& e : r.entries) {
    INFO("move " << e.ply);
    const Position before = c.game().position_at(e.ply - 1);
    CHECK(e.mistake);
    CHECK(e.best == first_legal(before));
    // The line as far as it plays from the position before the move: the a1 cut off.
    CHECK(e.best_line == first_legal_line(before, e.best, 4));
    CHECK(e.best_line.size() == 4);
    CHECK(json.find("\"best\":\"" + square_name(e.best) + "\",\"best_line\":" + json_of(e.best_line) + ",\"loss\":4,") !=
          std::string::npos);
  }
}

TEST_CASE("best line: each analysed move's line in the state JSON, from the position shown",
          "[ui][analysis][pv]") {
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  for (Square s : {F5, D6}) REQUIRE(c.play(s).ok());
  c.set_analysis(true);
  // Lines of three moves; the last move's has garbage after its first move (another
  // square than its own first, then a move that is not legal) and is cut there.
  const Square last = Square(63 - std::countl_zero(c.position().legal_moves()));
  give_lines(f, [&](const Position& p, Square s) {
    if (s == last) return std::vector<Square>{s, s, NO_SQUARE};
    return first_legal_line(p, s, 3);
  });
  c.update(1);
  REQUIRE(c.analysis());
  const std::string json = c.state_json();
  for (const MoveValue& m : c.analysis()->moves) {
    INFO("move " << square_name(m.move));
    const std::vector<Square> expected =
        m.move == last ? std::vector<Square>{m.move} : first_legal_line(c.position(), m.move, 3);
    CHECK(m.pv == expected);
    CHECK(json.find("{\"square\":\"" + square_name(m.move) + "\",\"value\":" + (m.value > 0 ? "2" : "-2") +
                    ",\"kind\":\"exact\",\"depth\":60,\"line\":" + json_of(expected) + "}") != std::string::npos);
  }
}

TEST_CASE("best line: shown on the board move by move, the game untouched", "[ui][review][pv]") {
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  for (Square s : {F5, D6, C3, D3, C4}) REQUIRE(c.play(s).ok());
  const std::string saved = c.save();
  const std::string transcript = c.game().transcript();
  REQUIRE(c.view(2).ok());
  const Position from = c.game().position_at(2);
  const std::vector<Square> line = first_legal_line(from, first_legal(from), 5);
  REQUIRE(line.size() == 5);
  CHECK(c.preview() == nullptr);
  CHECK(c.state_json().find("\"preview\":null") != std::string::npos);

  Game played(from);
  for (std::size_t step = 0; step <= line.size(); ++step) {
    INFO("step " << step);
    REQUIRE(c.preview_line(line, step).ok());
    REQUIRE(c.preview());
    CHECK(c.viewing() == std::size_t(2));
    CHECK(c.shown_black() == played.position().black());
    CHECK(c.shown_white() == played.position().white());
    CHECK(c.shown_last_move() == (step ? line[step - 1] : NO_SQUARE));
    const std::string json = c.state_json();
    CHECK(json.find("\"preview\":{\"ply\":2,\"line\":" + json_of(line) + ",\"step\":" + std::to_string(step) + "}") !=
          std::string::npos);
    CHECK(json.find("\"shown\":{\"black\":" + std::to_string(played.position().disc_count(Color::Black)) +
                    ",\"white\":" + std::to_string(played.position().disc_count(Color::White)) + ",\"board\":\"" +
                    to_board_string(played.position()).substr(0, 64) + "\"}") != std::string::npos);
    CHECK(c.status_line() == "Best line: " + std::to_string(step) + " of 5 moves shown");
    // The game, its record and its save stay as they were; nothing can be played.
    CHECK(c.game().transcript() == transcript);
    CHECK(c.save() == saved);
    CHECK_FALSE(c.can_play_now());
    CHECK(c.marked_moves() == 0);
    if (step < line.size()) played.play(line[step]);
  }
  // A move on the board is refused (the line's position is not the game's).
  CHECK_FALSE(c.play(first_legal(c.position())).ok());
  CHECK(c.rejected_reason() == RejectReason::Reviewing);
  CHECK(c.game().transcript() == transcript);

  // Bad lines and steps: refused with a reason, nothing changes.
  const std::string before = c.state_json();
  const std::vector<Square> illegal{line[0], line[0]};
  const std::pair<std::vector<Square>, std::size_t> bad[] = {
      {{}, 0}, {line, 6}, {illegal, 1}, {{PASS}, 0}, {{NO_SQUARE}, 1}, {{Square(99)}, 0}, {std::vector<Square>(61, line[0]), 0}};
  for (const auto& [l, step] : bad) {
    INFO(to_transcript(l) << " step " << step);
    const Status st = c.preview_line(l, step);
    CHECK_FALSE(st.ok());
    CHECK(c.state_json() == before);
  }
  CHECK(c.preview_line(illegal, 1).error() == "move 2 of the line (" + square_name(line[0]) + ") is not legal where it is played");

  // Back to the line's start, the position viewed; another view, the same view chosen
  // again, and the live game each end it.
  c.end_preview();
  CHECK(c.preview() == nullptr);
  CHECK(c.viewing() == std::size_t(2));
  CHECK(c.shown_black() == from.black());
  REQUIRE(c.preview_line(line, 3).ok());
  REQUIRE(c.view(2).ok());
  CHECK(c.preview() == nullptr);
  CHECK(c.shown_black() == from.black());
  REQUIRE(c.preview_line(line, 3).ok());
  REQUIRE(c.view(3).ok());
  CHECK(c.preview() == nullptr);
  REQUIRE(c.preview_line(first_legal_line(c.game().position_at(3), first_legal(c.game().position_at(3)), 2), 2).ok());
  c.view_live();
  CHECK(c.preview() == nullptr);
  CHECK(c.state_json().find("\"preview\":null") != std::string::npos);
  CHECK(c.game().transcript() == transcript);
  CHECK(c.save() == saved);
}

TEST_CASE("best line: from the live position it views it, the analysis' values are not drawn on the line",
          "[ui][analysis][pv]") {
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  REQUIRE(c.play(F5).ok());
  c.set_analysis(true);
  give_lines(f, [](const Position& p, Square s) { return first_legal_line(p, s, 3); });
  c.update(1);
  REQUIRE(c.analysis());
  const std::vector<Square> line = c.analysis()->moves.front().pv;
  REQUIRE(line.size() == 3);
  REQUIRE(c.preview_line(line, 1).ok());
  CHECK(c.viewing() == std::size_t(1));  // the position it starts from, viewed
  CHECK(c.analysis() == nullptr);        // its values are that position's, not the line's
  CHECK(c.hint_square() == NO_SQUARE);
  // A new game on the board ends it.
  c.new_game();
  CHECK(c.preview() == nullptr);
  CHECK(c.viewing() == std::nullopt);
}
