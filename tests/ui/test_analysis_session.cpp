// The analysis session (ui/analysis_session.h, ui/review.h) through the controller's
// door: every move's value for the position shown, the evaluation graph and the game
// review, over the fake AI client whose analyses the test answers; and the review's
// rule (summarise) on its own.
#include <catch2/catch.hpp>

#include <array>
#include <utility>
#include <vector>

#include <algorithm>
#include <iterator>

#include "core/notation.h"
#include "fake_ai.h"

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

TEST_CASE("analysis: the position shown is analysed while the switch is on", "[ui][analysis]") {
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  CHECK(c.analysis() == nullptr);
  CHECK(f.ai.analysis_requests.empty());
  c.set_analysis(true);
  REQUIRE(f.ai.analysis_requests.size() == 1);
  CHECK(f.ai.analysis_requests.back().position == c.position());
  CHECK(c.analysis() != nullptr);
  CHECK(c.analysis()->moves.empty());  // asked, nothing known yet

  REQUIRE(deliver_analysis(f.ai, 3));
  c.update(1);
  REQUIRE(c.analysis() != nullptr);
  CHECK(c.analysis()->moves.size() == 4);
  CHECK(c.analysis()->moves.front().move == first_legal(c.position()));
  CHECK(c.state_json().find("\"analysis\":{\"on\":true,\"ply\":0,\"complete\":false,\"moves\":[{\"square\":\"d3\","
                            "\"value\":1,\"kind\":\"midgame\",\"depth\":3,\"line\":[]}") != std::string::npos);
  // The graph knows the start: black to move, its best move worth +1 for black.
  auto graph = c.graph();
  REQUIRE(graph.size() == 1);
  REQUIRE(graph[0]);
  CHECK(graph[0]->value == 1.0);
  CHECK_FALSE(graph[0]->exact);

  // A move: the new position is analysed; the old values are not shown for it.
  REQUIRE(c.play(F5).ok());
  c.update(2);
  REQUIRE(f.ai.analysis_requests.size() == 2);
  CHECK(f.ai.analysis_requests.back().position == c.position());
  CHECK(c.analysis()->moves.empty());
  REQUIRE(deliver_analysis(f.ai, 2, true));
  c.update(3);
  CHECK(c.analysis()->ply == 1);
  CHECK(c.analysis()->moves.size() == 3);
  // White to move after f5: white's best +1 is -1 for black.
  graph = c.graph();
  REQUIRE(graph.size() == 2);
  REQUIRE(graph[1]);
  CHECK(graph[1]->value == -1.0);

  // Viewing an earlier position analyses that one; back to the game, the game's again.
  REQUIRE(c.view(0).ok());
  CHECK(f.ai.analysis_requests.back().position == c.game().position_at(0));
  c.view_live();
  CHECK(f.ai.analysis_requests.back().position == c.position());

  // Off: stopped, nothing shown.
  const int stops = f.ai.analysis_stops;
  c.set_analysis(false);
  CHECK(f.ai.analysis_stops == stops + 1);
  CHECK(c.analysis() == nullptr);
  CHECK(c.state_json().find("\"analysis\":{\"on\":false,\"ply\":null,\"complete\":false,\"moves\":[]}") != std::string::npos);
}

TEST_CASE("analysis: a snapshot of a superseded position is never shown", "[ui][analysis]") {
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  c.set_analysis(true);
  const std::uint64_t first = f.ai.analysis_current->first;
  REQUIRE(c.play(F5).ok());
  // A late snapshot for the start position arrives after the move.
  AnalysisSnapshot late;
  late.id = first;
  late.moves.push_back({D3, ValueKind::Exact, 64, 60});
  late.done = true;
  f.ai.analysis_ready = late;
  c.update(1);
  CHECK(c.analysis()->moves.empty());
}

TEST_CASE("analysis: the hint is the analysis's best move when it has one", "[ui][analysis]") {
  Fixture f("color=black&opponent=first-legal&speed=instant");
  Controller& c = *f.c;
  c.set_analysis(true);
  REQUIRE(deliver_analysis(f.ai, 4));
  c.update(1);
  const std::size_t moves_asked = f.ai.requests.size();
  REQUIRE(c.hint().ok());
  CHECK(c.hint_square() == first_legal(c.position()));
  CHECK(f.ai.requests.size() == moves_asked);  // no separate search
}

TEST_CASE("review: every move's loss against the best, from the last position back", "[ui][analysis][review]") {
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  CHECK_FALSE(c.start_review().ok());  // nothing to review
  // f5 and d6 are not the first legal moves (d3, c3); c3 is.
  for (Square s : {F5, D6, C3}) REQUIRE(c.play(s).ok());
  c.set_analysis(true);
  REQUIRE(c.start_review().ok());
  CHECK(c.review().running);
  CHECK(c.review().total == 3);
  for (std::size_t expect_ply : {2u, 1u, 0u}) {
    REQUIRE(f.ai.analysis_current);
    CHECK(f.ai.analysis_current->second.position == c.game().position_at(expect_ply));
    REQUIRE(deliver_analysis(f.ai, 5, true));
    c.update(double(10 - expect_ply));
  }
  const auto& r = c.review();
  CHECK_FALSE(r.running);
  CHECK(r.done == 3);
  REQUIRE(r.entries.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) {
    const auto& e = r.entries[i];
    CHECK(e.ply == i + 1);
    CHECK(e.square == c.game().moves()[i]);
    CHECK(e.color == c.game().position_at(i).to_move);
    CHECK(e.best == first_legal(c.game().position_at(i)));
    CHECK(e.loss == (e.square == e.best ? 0.0 : 1.0));
    CHECK_FALSE(e.exact);
  }
  // Every position before a move is on the graph now.
  const auto graph = c.graph();
  for (std::size_t i = 0; i < 3; ++i) CHECK(graph[i].has_value());
  // The live analysis comes back after the review.
  CHECK(f.ai.analysis_current->second.position == c.position());
  CHECK(c.state_json().find("\"review\":{\"running\":false,\"done\":3,\"total\":3,\"entries\":[{\"ply\":1,\"color\":"
                            "\"black\",\"square\":\"f5\",\"best\":\"d3\",\"best_line\":[],\"loss\":1,\"exact\":false,\"class\":\"inaccuracy\","
                            "\"mistake\":false,\"biggest\":false}") != std::string::npos);
  // Black: 1 and 0 discs (84.1 and 100 per cent), white: 1 disc.
  CHECK(c.state_json().find("\"black\":{\"loss\":1,\"mistakes\":0,\"accuracy\":92,\"classes\":{\"best\":1,\"good\":0,"
                            "\"inaccuracy\":1,\"mistake\":0,\"blunder\":0}},\"white\":{\"loss\":1,\"mistakes\":0,"
                            "\"accuracy\":84.1,\"classes\":{\"best\":0,\"good\":0,\"inaccuracy\":1,\"mistake\":0,"
                            "\"blunder\":0}}}") != std::string::npos);
}

TEST_CASE("review: each side's total, its mistakes (2 discs or more) and its biggest, for page and desktop alike",
          "[ui][analysis][review]") {
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  // Four moves, each the last legal one in reading order (never the first, which the
  // analysis below calls best); the loss of the move at each ply is chosen here.
  for (int i = 0; i < 4; ++i) {
    Bitboard m = c.position().legal_moves();
    int last = 0;
    for (; m; m &= m - 1) last = lowest_square(m);
    REQUIRE(c.play(Square(last)).ok());
  }
  const double loss[4] = {4.6, 2.4, 5.2, 1.0};  // black, white, black, white
  REQUIRE(c.start_review().ok());
  for (int n = 0; n < 4; ++n) {
    REQUIRE(f.ai.analysis_current);
    const Position& p = f.ai.analysis_current->second.position;
    std::size_t ply = 0;
    while (!(c.game().position_at(ply) == p)) ++ply;
    AnalysisSnapshot snapshot;
    snapshot.id = f.ai.analysis_current->first;
    for (Bitboard m = p.legal_moves(); m; m &= m - 1)
      snapshot.moves.push_back({Square(lowest_square(m)), ValueKind::Exact, snapshot.moves.empty() ? 0.0 : -loss[ply], 60});
    snapshot.done = true;
    f.ai.analysis_ready = snapshot;
    c.update(double(n + 1));
  }
  const auto& r = c.review();
  REQUIRE_FALSE(r.running);
  REQUIRE(r.entries.size() == 4);
  const bool mistake[4] = {true, true, true, false};
  const bool biggest[4] = {true, true, true, false};  // 4.6 and 5.2 both read 5 discs
  for (int i = 0; i < 4; ++i) {
    CHECK(r.entries[i].loss == Approx(loss[i]));
    CHECK(r.entries[i].mistake == mistake[i]);
    CHECK(r.entries[i].biggest == biggest[i]);
  }
  CHECK(r.black.loss == Approx(9.8));
  CHECK(r.black.mistakes == 2);
  CHECK(r.white.loss == Approx(3.4));
  CHECK(r.white.mistakes == 1);
  CHECK(&r.side(Color::White) == &r.white);
  // Accuracy: black (2^-1.15 + 2^-1.3) / 2 = 42.8%, white (2^-0.6 + 2^-0.25) / 2 = 75.0%.
  CHECK(c.state_json().find("\"black\":{\"loss\":9.8,\"mistakes\":2,\"accuracy\":42.8,\"classes\":{\"best\":0,"
                            "\"good\":0,\"inaccuracy\":0,\"mistake\":2,\"blunder\":0}},\"white\":{\"loss\":3.4,"
                            "\"mistakes\":1,\"accuracy\":75,\"classes\":{\"best\":0,\"good\":0,\"inaccuracy\":1,"
                            "\"mistake\":1,\"blunder\":0}}}") != std::string::npos);
}

TEST_CASE("review: stopped, or ended by another line of play", "[ui][analysis][review]") {
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  for (Square s : {F5, D6, C3, D3}) REQUIRE(c.play(s).ok());
  REQUIRE(c.start_review().ok());
  REQUIRE(deliver_analysis(f.ai, 5, true));
  c.update(1);
  CHECK(c.review().done == 1);
  const int stops = f.ai.analysis_stops;
  c.cancel_review();
  CHECK_FALSE(c.review().running);
  CHECK(f.ai.analysis_stops == stops + 1);
  CHECK(c.review().done == 1);  // what it found stays

  // A review goes on while moves are added to its game, and ends with another line.
  REQUIRE(c.start_review().ok());
  REQUIRE(c.undo());
  CHECK(c.review().total == 0);
  CHECK_FALSE(c.review().running);
  CHECK(c.state_json().find("\"review\":null") != std::string::npos);
}

TEST_CASE("review: the rule on its own: kMistakeDiscs or more is a mistake, each side's biggest in whole discs",
          "[ui][analysis][review]") {
  ReviewState r;
  const double loss[] = {kMistakeDiscs - 0.01, kMistakeDiscs, 4.6, 5.4, 0.5, 3.0};
  for (std::size_t i = 0; i < std::size(loss); ++i)
    r.entries.push_back({i + 1, i % 2 ? Color::White : Color::Black, F5, D6, loss[i], false, MoveClass::Best, false, false, {}});
  summarise(r);
  // black: 1.99, 4.6, 0.5; white: 2.0, 5.4, 3.0
  const bool mistake[] = {false, true, true, true, false, true};
  const bool biggest[] = {false, false, true, true, false, false};  // 4.6 reads 5; 5.4 reads 5 too, white's alone
  for (std::size_t i = 0; i < std::size(loss); ++i) {
    INFO(i);
    CHECK(r.entries[i].mistake == mistake[i]);
    CHECK(r.entries[i].biggest == biggest[i]);
  }
  CHECK(r.black.mistakes == 1);
  CHECK(r.white.mistakes == 3);
  CHECK(r.black.loss == Approx(loss[0] + loss[2] + loss[4]));
  // Summarised again (as each new entry arrives): the same, not counted twice.
  summarise(r);
  CHECK(r.white.mistakes == 3);
  CHECK(r.white.loss == Approx(loss[1] + loss[3] + loss[5]));
  // Each move's class and each side's accuracy: the mean of 100 * 2^(-loss/4).
  CHECK(r.entries[0].quality == MoveClass::Inaccuracy);
  CHECK(r.entries[2].quality == MoveClass::Mistake);
  CHECK(r.entries[4].quality == MoveClass::Good);
  CHECK(r.black.classes == std::array<int, kMoveClasses>{0, 1, 1, 1, 0});
  CHECK(r.black.accuracy == Approx((move_accuracy(1.99) + move_accuracy(4.6) + move_accuracy(0.5)) / 3));
  CHECK(r.white.accuracy < r.black.accuracy);
  CHECK(r.white.accuracy == Approx(accuracy(std::vector<double>{2.0, 5.4, 3.0})));
}

TEST_CASE("move quality: the classes' thresholds and the accuracy figure", "[ui][review]") {
  // The documented thresholds (README, "Review"), at and around each.
  const std::pair<double, MoveClass> cases[] = {
      {0, MoveClass::Best},         {0.04, MoveClass::Best},    {0.05, MoveClass::Good},
      {0.99, MoveClass::Good},      {1, MoveClass::Inaccuracy}, {1.99, MoveClass::Inaccuracy},
      {2, MoveClass::Mistake},      {5.99, MoveClass::Mistake}, {6, MoveClass::Blunder},
      {64, MoveClass::Blunder},     {-1, MoveClass::Best}};
  for (const auto& [loss, want] : cases) {
    INFO(loss);
    CHECK(classify_move(loss) == want);
  }
  CHECK_FALSE(marked_mistake(MoveClass::Inaccuracy));
  CHECK(marked_mistake(MoveClass::Mistake));
  CHECK(marked_mistake(MoveClass::Blunder));
  CHECK(move_class_name(MoveClass::Inaccuracy) == "inaccuracy");
  CHECK(move_accuracy(0) == Approx(100));
  CHECK(move_accuracy(4) == Approx(50));
  CHECK(move_accuracy(8) == Approx(25));
  CHECK(move_accuracy(-3) == Approx(100));
  CHECK(accuracy(std::vector<double>{}) == Approx(100));
  CHECK(accuracy(std::vector<double>{0, 4}) == Approx(75));
  // Falls as a loss grows, never below 0.
  for (double l = 0; l < 64; l += 0.5) CHECK(move_accuracy(l + 0.5) < move_accuracy(l));
  CHECK(move_accuracy(64) > 0);
}

TEST_CASE("analysis: a finished position is on the graph as the solver scores it", "[ui][analysis]") {
  // A wipe-out in nine moves (13 black discs, 51 empty squares): the end is +64 for
  // black, as an exact search of the position before it says, not the bare +13.
  Fixture f("color=both");
  Controller& c = *f.c;
  REQUIRE(c.load("e6f4e3f6g5d6e7f5c5").ok());
  REQUIRE(c.over());
  REQUIRE(c.position().disc_count(Color::White) == 0);
  const auto graph = c.graph();
  REQUIRE(graph.back().has_value());
  CHECK(graph.back()->exact);
  CHECK(graph.back()->value == 64.0);
}

// The canvas draws again only when what it shows changes (SdlApp::frame compares
// drawing_key): a deeper search that changes no digit on the board is not a redraw, and
// the values are apart from the rest (the board shows new values at most twice a second).
TEST_CASE("analysis: the drawing key changes with what the board shows, not with depth", "[ui][analysis]") {
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  c.set_analysis(true);
  // Gives the running analysis these values (reading order of the legal moves).
  auto give = [&](std::vector<std::pair<double, int>> values, ValueKind kind = ValueKind::Midgame) {
    REQUIRE(f.ai.analysis_current);
    AnalysisSnapshot snapshot;
    snapshot.id = f.ai.analysis_current->first;
    Bitboard m = f.ai.analysis_current->second.position.legal_moves();
    for (auto [value, depth] : values) {
      REQUIRE(m);
      snapshot.moves.push_back({Square(lowest_square(m)), kind, value, depth});
      m &= m - 1;
    }
    std::stable_sort(snapshot.moves.begin(), snapshot.moves.end(),
                     [](const MoveValue& a, const MoveValue& b) { return a.value > b.value; });
    f.ai.analysis_ready = snapshot;
    c.update(1);
  };
  const auto none = c.drawing_key(false);
  CHECK(none.values.empty());
  give({{1.23, 8}, {0.5, 8}, {-2.0, 8}, {-2.0, 8}});
  const std::string state = c.state_json();
  const auto board = c.drawing_key(false), full = c.drawing_key(true);
  CHECK(board.values.find("+1.2") != std::string::npos);
  CHECK(board.graph.empty());
  CHECK(full.graph.find("[{\"ply\":0,") == 0);
  CHECK(board.values == full.values);
  CHECK(board.state == full.state);
  CHECK(board.state.find("+1.2") == std::string::npos);  // the values are apart

  // One ply deeper, the same digits: the page's state changes, the board's key does not.
  give({{1.24, 9}, {0.51, 9}, {-1.96, 9}, {-2.04, 9}});
  CHECK(c.state_json() != state);
  CHECK(c.drawing_key(false).values == board.values);
  CHECK(c.drawing_key(false).state == board.state);
  CHECK(c.drawing_key(true).graph != full.graph);  // the graph's point moved (the desktop draws it)

  // A digit that shows changes the values, and so does which moves are framed as the best.
  give({{1.3, 10}, {0.5, 10}, {-2.0, 10}, {-2.0, 10}});
  const auto shown = c.drawing_key(false);
  CHECK(shown.values != board.values);
  CHECK(shown.state == board.state);
  give({{1.3, 11}, {1.3, 11}, {-2.0, 11}, {-2.0, 11}});
  CHECK(c.drawing_key(false).values != shown.values);
  // Exact values; the switch turned off changes the rest at once.
  give({{2, 60}, {0, 60}, {-2, 60}, {-4, 60}}, ValueKind::Exact);
  const auto exact = c.drawing_key(false);
  CHECK(exact.values.find("exact+2") != std::string::npos);
  c.set_analysis(false);
  CHECK(c.drawing_key(false).state != exact.state);
  CHECK(c.drawing_key(false).values.empty());
  // Everything else of the state is in the key: a move is a redraw.
  const std::string before_move = c.drawing_key(false).state;
  REQUIRE(c.play(F5).ok());
  CHECK(c.drawing_key(false).state != before_move);
}
