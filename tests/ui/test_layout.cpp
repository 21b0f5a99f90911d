#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "ui/layout.h"

using namespace reversi;
using namespace reversi::ui;

namespace {

// The centre of a square's cell in physical pixels.
void center(const Layout& l, Square s, float& x, float& y) {
  const Rect r = l.cell_rect(s);
  x = r.x + r.w / 2;
  y = r.y + r.h / 2;
}

bool overlaps(const Rect& a, const Rect& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

}  // namespace

TEST_CASE("layout: every cell centre maps back to its square at many sizes and ratios", "[ui][layout]") {
  struct Case { float w, h, scale; };
  const Case cases[] = {{960, 640, 1}, {1920, 1280, 2}, {320, 480, 1}, {640, 960, 2},
                        {960, 1440, 3}, {375 * 3, 667 * 3, 3}, {2560, 1440, 1.5f},
                        {500, 500, 1}, {1200, 300, 1}, {300, 1200, 1.25f}};
  for (const Case& c : cases) {
    INFO("size " << c.w << "x" << c.h << " ratio " << c.scale);
    const Layout l = compute_layout(c.w, c.h, c.scale);
    // The board fits in the drawable and is square with whole-pixel cells.
    CHECK(l.board.x >= 0);
    CHECK(l.board.y >= 0);
    CHECK(l.board.x + l.board.w <= c.w);
    CHECK(l.board.y + l.board.h <= c.h);
    CHECK(l.board.w == l.board.h);
    CHECK(l.cell == float(int(l.cell)));
    CHECK(l.board.w == 8 * l.cell + l.line);
    for (int s = 0; s < 64; ++s) {
      float x, y;
      center(l, Square(s), x, y);
      CHECK(square_at(l, x, y) == Square(s));
    }
    // Buttons never overlap the board or each other, and stay on screen.
    for (int i = 0; i < kButtonCount; ++i) {
      const Rect& b = l.buttons[i];
      CHECK(b.w > 0);
      CHECK(b.x >= 0);
      CHECK(b.y >= 0);
      CHECK(b.x + b.w <= c.w);
      CHECK(b.y + b.h <= c.h);
      CHECK_FALSE(overlaps(b, l.board));
      for (int j = i + 1; j < kButtonCount; ++j) CHECK_FALSE(overlaps(b, l.buttons[j]));
    }
  }
}

TEST_CASE("layout: corners, edges and outside points", "[ui][layout]") {
  const Layout l = compute_layout(960, 640, 1);
  const Rect& b = l.board;
  CHECK(square_at(l, b.x, b.y) == A1);
  CHECK(square_at(l, b.x + b.w - 0.5f, b.y) == H1);
  CHECK(square_at(l, b.x, b.y + b.h - 0.5f) == A8);
  CHECK(square_at(l, b.x + b.w - 0.5f, b.y + b.h - 0.5f) == H8);
  CHECK(square_at(l, b.x - 1, b.y + 10) == NO_SQUARE);
  CHECK(square_at(l, b.x + 10, b.y - 1) == NO_SQUARE);
  CHECK(square_at(l, b.x + b.w, b.y + 10) == NO_SQUARE);
  CHECK(square_at(l, b.x + 10, b.y + b.h) == NO_SQUARE);
  CHECK(square_at(l, -5, -5) == NO_SQUARE);
  CHECK(square_at(l, 5000, 5000) == NO_SQUARE);
  // One cell to the right of a1's centre is b1; one down is a2.
  float x, y;
  center(l, A1, x, y);
  CHECK(square_at(l, x + l.cell, y) == B1);
  CHECK(square_at(l, x, y + l.cell) == A2);
  // The button rectangles are found by button_at; the board is not a button.
  for (int i = 0; i < kButtonCount; ++i) {
    const Rect& r = l.buttons[i];
    CHECK(button_at(l, r.x + r.w / 2, r.y + r.h / 2) == Button(i));
  }
  CHECK(button_at(l, b.x + b.w / 2, b.y + b.h / 2) == Button::None);
}

TEST_CASE("layout: high-DPI doubles the physical size of the same CSS layout", "[ui][layout]") {
  const Layout one = compute_layout(800, 600, 1);
  const Layout two = compute_layout(1600, 1200, 2);
  CHECK(one.portrait == two.portrait);
  // Cells are whole pixels, so allow for rounding in each.
  CHECK(two.cell == Approx(2 * one.cell).margin(2));
  CHECK(two.line == 2 * one.line);
  // The same CSS point lands on the same square at both ratios.
  for (int s : {0, 9, 27, 36, 54, 63}) {
    const Rect r1 = one.cell_rect(Square(s));
    const float cx = r1.x + r1.w / 2, cy = r1.y + r1.h / 2;
    CHECK(square_at(two, cx * 2, cy * 2) == Square(s));
  }
}

TEST_CASE("layout: portrait phones put the status above and the buttons below the board", "[ui][layout]") {
  for (float scale : {1.0f, 2.0f, 3.0f}) {
    const Layout l = compute_layout(320 * scale, 568 * scale, scale);
    INFO("scale " << scale);
    CHECK(l.portrait);
    CHECK(l.status.y + l.status.h <= l.board.y);
    for (const Rect& b : l.buttons) CHECK(b.y >= l.board.y + l.board.h);
    // A 320 px wide phone still gets cells of at least 34 CSS px.
    CHECK(l.cell / scale >= 34);
    CHECK(l.buttons[int(Button::Markers)].y + l.buttons[int(Button::Markers)].h <= l.height);
  }
  const Layout wide = compute_layout(1280, 720, 1);
  CHECK_FALSE(wide.portrait);
  CHECK(wide.status.x >= wide.board.x + wide.board.w);
}

TEST_CASE("layout: board only fills the drawable with the board and its frame", "[ui][layout]") {
  const float sizes[][2] = {{320, 320}, {320, 480}, {480, 320}, {640, 640}, {1000, 700},
                            {1200, 2000}, {2000, 1200}, {333, 517}};
  for (const auto& size : sizes)
    for (float scale : {1.0f, 2.0f}) {
      const float w = size[0], h = size[1];
      INFO("size " << w << "x" << h << " ratio " << scale);
      const Layout l = compute_layout(w, h, scale, LayoutKind::BoardOnly);
      CHECK(l.kind == LayoutKind::BoardOnly);
      CHECK(l.board.w == l.board.h);
      CHECK(l.board.w == 8 * l.cell + l.line);
      // The frame holding the coordinates is inside the drawable...
      const Rect framed{l.board.x - l.border, l.board.y - l.border, l.board.w + 2 * l.border,
                        l.board.h + 2 * l.border};
      CHECK(framed.x >= 0);
      CHECK(framed.y >= 0);
      CHECK(framed.x + framed.w <= w);
      CHECK(framed.y + framed.h <= h);
      // ...fills it along the shorter side (less than a cell's rounding short)...
      CHECK(framed.w >= std::min(w, h) - 8);
      // ...and is centred.
      CHECK(std::abs((framed.x + framed.w / 2) - w / 2) <= 1);
      CHECK(std::abs((framed.y + framed.h / 2) - h / 2) <= 1);
      // Nothing else: no status, buttons, graph or move list.
      CHECK(l.status.w == 0);
      CHECK(l.moves.w == 0);
      CHECK(l.graph.w == 0);
      for (const Rect& b : l.buttons) CHECK(b.w * b.h == 0);
      CHECK(button_at(l, w / 2, h / 2) == Button::None);
      for (int s = 0; s < 64; ++s) {
        float x, y;
        center(l, Square(s), x, y);
        CHECK(square_at(l, x, y) == Square(s));
      }
    }
  // Full is the default, and BoardOnly gives a larger board than Full in the same window.
  CHECK(compute_layout(960, 640, 1).kind == LayoutKind::Full);
  CHECK(compute_layout(960, 640, 1, LayoutKind::BoardOnly).cell > compute_layout(960, 640, 1).cell);
}

namespace {

Rect framed_board(const Layout& l) {
  return {l.board.x - l.border, l.board.y - l.border, l.board.w + 2 * l.border, l.board.h + 2 * l.border};
}

bool inside(const Rect& a, const Rect& outer) {
  return a.x >= outer.x && a.y >= outer.y && a.x + a.w <= outer.x + outer.w && a.y + a.h <= outer.y + outer.h;
}

}  // namespace

TEST_CASE("layout: the graph and the move list beside or below the board, overlapping nothing", "[ui][layout]") {
  struct Case { float w, h, scale; bool graph, moves; };
  const Case cases[] = {
      {960, 640, 1, true, true},     {1920, 1280, 2, true, true}, {1280, 720, 1, true, true},
      {2560, 1440, 1.5f, true, true}, {1024, 768, 1, true, true}, {800, 600, 1, true, true},
      {320, 568, 1, true, false},    {375 * 3, 667 * 3, 3, true, false}, {1080, 1920, 3, true, false},
      {400, 900, 1, true, false},
      // Where the panel's rounded rows once missed the graph by a pixel.
      {1000, 700, 1, true, true},    {1280, 800, 1, true, true},
      // Where the board takes all the height the graph goes (the board comes first).
      {640, 960, 2, false, false},   {600, 800, 1, false, false},
      {1200, 300, 1, false, false},  {500, 500, 1, false, false}};
  for (const Case& c : cases) {
    INFO("size " << c.w << "x" << c.h << " ratio " << c.scale);
    const Layout l = compute_layout(c.w, c.h, c.scale);
    const Rect screen{0, 0, c.w, c.h};
    CHECK((l.graph.w > 0) == c.graph);
    CHECK((l.moves.w > 0) == c.moves);
    std::vector<Rect> parts{framed_board(l), l.status};
    for (const Rect& b : l.buttons) parts.push_back(b);
    for (const Rect& r : {l.graph, l.moves}) {
      if (r.w <= 0) continue;
      CHECK(inside(r, screen));
      for (const Rect& other : parts) CHECK_FALSE(overlaps(r, other));
      parts.push_back(r);
    }
    if (c.graph) {
      // Tall enough to read a value from, and its plot inside it.
      CHECK(l.graph.h >= 4 * l.font_px);
      CHECK(inside(graph_plot(l), l.graph));
    }
    if (c.moves) {
      CHECK(l.moves.h >= 3 * l.font_px);
      CHECK(l.font_px >= 14 * c.scale);  // the panel's text stays readable with all of it
    }
  }
}

TEST_CASE("layout: a player's card gives its label and its count room of their own", "[ui][layout]") {
  struct Case { float w, h, scale; };
  const Case cases[] = {{1000, 700, 1}, {1280, 800, 1}, {800, 600, 1}, {960, 640, 1}, {1000, 700, 2},
                        {1920, 1080, 1}, {320, 568, 1}, {360, 640, 3}, {500, 500, 1}, {640, 360, 1}};
  for (const Case& c : cases) {
    INFO("size " << c.w << "x" << c.h << " ratio " << c.scale);
    const Layout l = compute_layout(c.w * c.scale, c.h * c.scale, c.scale);
    const auto cards = player_cards(l);
    CHECK(inside(cards[0], l.status));
    CHECK(inside(cards[1], l.status));
    CHECK_FALSE(overlaps(cards[0], cards[1]));
    for (const Rect& r : cards) {
      const PlayerCardLayout card = player_card_layout(r, l.font_px);
      CHECK(inside(card.label, r));
      CHECK(inside(card.count, r));
      // Side by side with a gap, the stone before both.
      CHECK(card.label.x + card.label.w + l.font_px * 0.4f <= card.count.x);
      CHECK(card.stone_x + card.stone_r <= card.label.x);
      CHECK(card.stone_x - card.stone_r >= r.x);
      // Room for "White" (2.9 em) at the panel's text size, and two digits at least as large.
      CHECK(card.label_px == l.font_px);
      CHECK(card.label.w >= 3 * l.font_px - 1);
      CHECK(card.count_px >= l.font_px);
      CHECK(card.count.w >= 1.3f * card.count_px);
    }
  }
}

TEST_CASE("layout: graph points map values and plies, and a click back to the ply", "[ui][layout]") {
  const Layout l = compute_layout(960, 640, 1);
  REQUIRE(l.graph.w > 0);
  const Rect p = graph_plot(l);
  CHECK(graph_x(p, 0) == p.x);
  CHECK(graph_x(p, kGraphPlies) == p.x + p.w);
  CHECK(graph_x(p, 30) == Approx(p.x + p.w / 2));
  CHECK(graph_y(p, 0) == Approx(p.y + p.h / 2));
  CHECK(graph_y(p, 32) == Approx(p.y));           // black ahead: up
  CHECK(graph_y(p, -32) == Approx(p.y + p.h));
  CHECK(graph_y(p, 64) == graph_y(p, 32));         // clamped to +-32
  CHECK(graph_y(p, -50) == graph_y(p, -32));
  CHECK(graph_y(p, 8) < graph_y(p, 4));
  const float mid_y = p.y + p.h / 2;
  for (std::size_t ply = 0; ply <= 40; ++ply) CHECK(graph_ply_at(l, graph_x(p, ply), mid_y, 40) == int(ply));
  // Halfway between two plies goes to the nearer; past the game's last position to it.
  CHECK(graph_ply_at(l, (graph_x(p, 6) * 0.7f + graph_x(p, 7) * 0.3f), mid_y, 40) == 6);
  CHECK(graph_ply_at(l, graph_x(p, 50), mid_y, 40) == 40);
  CHECK(graph_ply_at(l, l.graph.x + 1, l.graph.y + 1, 40) == 0);
  // Outside the graph's box: none.
  CHECK(graph_ply_at(l, l.graph.x - 1, mid_y, 40) == -1);
  CHECK(graph_ply_at(l, graph_x(p, 3), l.graph.y + l.graph.h, 40) == -1);
  CHECK(graph_ply_at(compute_layout(960, 640, 1, LayoutKind::BoardOnly), 5, 5, 40) == -1);
}

TEST_CASE("layout: a click on a mistake's mark goes to that mark, not to the nearest ply", "[ui][layout]") {
  for (const float scale : {1.0f, 2.0f}) {
    INFO("scale " << scale);
    const Layout l = compute_layout(1000 * scale, 700 * scale, scale);
    REQUIRE(l.graph.w > 0);
    const Rect p = graph_plot(l);
    const double range = graph_range(20);
    CHECK(range == 32);
    CHECK(graph_range(8) == 8);
    CHECK(graph_range(8.5) == 16);
    CHECK(graph_range(70) == 64);
    const std::vector<GraphMark> marks{{10, 12.0, false}, {25, -20.0, true}, {40, std::nullopt, false}};
    for (const GraphMark& m : marks) {
      INFO("mark at ply " << m.ply);
      const Rect box = graph_mark_box(l, m, range);
      // The triangle's right corner, near its top: nearer the next ply on the x axis.
      const float x = box.x + box.w - 1, y = box.y + 1;
      REQUIRE(graph_ply_at(l, x, y, 60) == int(m.ply) + 1);
      CHECK(graph_mark_at(l, x, y, marks, range) == int(m.ply));
      CHECK(graph_mark_at(l, box.x + box.w / 2, box.y + box.h / 2, marks, range) == int(m.ply));
    }
    // The box is where the value is: above the even line for black's lead, below for white's.
    CHECK(graph_mark_box(l, marks[0], range).y < graph_y(p, 0, range));
    CHECK(graph_mark_box(l, marks[1], range).y > graph_y(p, 0, range));
    // Away from every mark (the even line at ply 30), or outside the graph: none.
    CHECK(graph_mark_at(l, graph_x(p, 30), graph_y(p, 0, range), marks, range) == -1);
    CHECK(graph_mark_at(l, l.graph.x - 1, l.graph.y + 1, marks, range) == -1);
    CHECK(graph_mark_at(l, graph_x(p, 10), graph_y(p, 12, range), {}, range) == -1);
  }
}

TEST_CASE("layout: neighbouring mistakes: a click on one's mark views that one, not the mark nearest along x",
          "[ui][layout]") {
  for (const float scale : {1.0f, 2.0f}) {
    for (const auto& size : {std::pair{1000.0f, 700.0f}, std::pair{1280.0f, 800.0f}}) {
      INFO("size " << size.first << "x" << size.second << " scale " << scale);
      const Layout l = compute_layout(size.first * scale, size.second * scale, scale);
      REQUIRE(l.graph.w > 0);
      const Rect p = graph_plot(l);
      const double range = 16;
      // Moves 20 and 21 both mistakes (as happens: a mistake answered by one), their
      // values a disc apart: the marks stand a few pixels apart and overlap.
      const GraphMark a_mark{20, 10.0, false}, b_mark{21, 9.0, false};
      const std::vector<GraphMark> marks{a_mark, b_mark};
      const Rect a = graph_mark_box(l, a_mark, range), b = graph_mark_box(l, b_mark, range);
      REQUIRE(a.x + a.w > b.x);  // they overlap along x
      REQUIRE(a.y < b.y);        // move 21's is lower (white gained)
      // In move 20's triangle, just below its top edge, but nearer move 21's mark along x
      // (and 21 on the axis), and within the few pixels around move 21's mark.
      const float xa = a.x + a.w / 2, xb = b.x + b.w / 2;
      const float x = xa + 0.6f * (xb - xa), y = a.y + scale;
      REQUIRE(std::abs(x - xb) < std::abs(x - xa));
      REQUIRE(y < b.y);  // above move 21's triangle
      REQUIRE(graph_mark_at(l, x, y, {b_mark}, range) == 21);
      CHECK(graph_ply_at(l, x, y, 60) == 21);
      CHECK(graph_mark_at(l, x, y, marks, range) == 20);
      // In move 21's triangle, at its tip: 21; where both triangles are, the one drawn
      // last (on top, the later move).
      CHECK(graph_mark_at(l, graph_x(p, 21), graph_y(p, 9, range) - 1, marks, range) == 21);
      const float both_x = (a.x + a.w + b.x) / 2, both_y = b.y + 1.5f * scale;
      REQUIRE(graph_mark_at(l, both_x, both_y, {a_mark}, range) == 20);
      CHECK(graph_mark_at(l, both_x, both_y, marks, range) == 21);
      // Just outside move 20's left corner (within 3 CSS px): still 20; well beyond: none.
      CHECK(graph_mark_at(l, a.x - 2 * scale, a.y + scale, marks, range) == 20);
      CHECK(graph_mark_at(l, a.x - 6 * scale, a.y + scale, marks, range) == -1);
      // A mark at the top of the scale reaches above the graph's box: its top still counts.
      const std::vector<GraphMark> top{{30, 16.0, true}};
      const Rect t = graph_mark_box(l, top[0], range);
      if (t.y < l.graph.y) CHECK(graph_mark_at(l, t.x + t.w / 2, t.y + 1, top, range) == 30);
    }
  }
}

TEST_CASE("layout: the move list numbers rows, leaves passes as --, and scrolls to the move shown", "[ui][layout]") {
  const Layout l = compute_layout(1280, 900, 1);
  REQUIRE(l.moves.w > 0);
  using C = Color;
  // Black, white, black, black (white passed), white, white (black passed), black.
  const std::vector<Color> movers{C::Black, C::White, C::Black, C::Black, C::White, C::White, C::Black};
  const MoveListLayout m = move_list_layout(l, movers, movers.size() - 1);
  CHECK(m.px == std::round(l.font_px * 0.85f));
  CHECK(m.heading.w > 0);
  CHECK(m.keys.w > 0);
  REQUIRE(m.rows.size() == 5);
  for (int i = 0; i < 5; ++i) CHECK(m.rows[i].number == i + 1);
  // Each row's cells: 1. 0 1 / 2. 2 -- / 3. 3 4 / 4. -- 5 / 5. 6
  std::vector<int> cells;
  for (const auto& cell : m.cells) cells.push_back(cell.move);
  CHECK(cells == std::vector<int>{0, 1, 2, -1, 3, 4, -1, 5, 6});
  // Every move is found at its cell's centre; nothing overlaps; all inside the box.
  for (std::size_t i = 0; i < m.cells.size(); ++i) {
    const Rect& r = m.cells[i].rect;
    CHECK(inside(r, l.moves));
    CHECK(move_at(m, r.x + r.w / 2, r.y + r.h / 2) == m.cells[i].move);
    CHECK_FALSE(overlaps(r, m.heading));
    CHECK_FALSE(overlaps(r, m.keys));
    for (std::size_t j = i + 1; j < m.cells.size(); ++j) CHECK_FALSE(overlaps(r, m.cells[j].rect));
  }
  CHECK(move_at(m, m.heading.x + 2, m.heading.y + 2) == -1);
  CHECK(move_at(m, m.rows[0].number_rect.x + 2, m.rows[0].number_rect.y + 2) == -1);
  // Black's moves in one column of cells, white's in the next, the same on every row.
  CHECK(m.cells[0].rect.x == m.cells[2].rect.x);
  CHECK(m.cells[1].rect.x == m.cells[3].rect.x);  // the "--" of white's pass
  CHECK(m.cells[1].rect.x > m.cells[0].rect.x);

  // A whole game in a short box: the rows around the move shown are in view.
  const Layout small = compute_layout(960, 640, 1);
  REQUIRE(small.moves.w > 0);
  std::vector<Color> game;
  for (int i = 0; i < 60; ++i) game.push_back(i % 2 ? C::White : C::Black);
  auto shows = [&](std::size_t focus) {
    const MoveListLayout list = move_list_layout(small, game, focus);
    for (const auto& cell : list.cells)
      if (cell.move == int(focus)) return true;
    return false;
  };
  const MoveListLayout live = move_list_layout(small, game, 59);
  REQUIRE(live.rows.size() < 30);  // it does scroll
  CHECK(live.heading.w > 0);
  CHECK(live.rows.back().number == 30);  // live: the newest rows
  for (std::size_t focus = 0; focus < 60; ++focus) CHECK(shows(focus));
  CHECK(move_list_layout(small, game, 0).rows.front().number == 1);
  CHECK(move_list_layout(small, {}, 0).cells.empty());
  // The rows of moves come before the key line: it shows only with four rows a column.
  bool without_keys = false;
  for (float h = 480; h <= 760; h += 10) {
    INFO("height " << h);
    const Layout hl = compute_layout(960, h, 1);
    const MoveListLayout list = move_list_layout(hl, game, 59);
    if (list.rows.empty()) continue;
    int per_column = 0;
    for (const auto& row : list.rows) per_column += row.number_rect.x == list.rows.front().number_rect.x;
    if (list.keys.w > 0) CHECK(per_column >= 4);
    else without_keys = true;
  }
  CHECK(without_keys);
  CHECK(move_list_layout(compute_layout(960, 640, 1, LayoutKind::BoardOnly), game, 0).cells.empty());
}

TEST_CASE("layout: Tab's reading order follows the rows of buttons", "[ui][layout]") {
  using B = Button;
  const std::vector<B> landscape{B::NewGame, B::Undo,    B::Redo,  B::Hint, B::Analyse, B::Review, B::Mode,
                                 B::Opponent, B::Speed, B::Markers, B::Clock, B::Prev, B::Next, B::Live};
  CHECK(buttons_in_reading_order(compute_layout(960, 640, 1)) == landscape);
  const std::vector<B> portrait{B::NewGame, B::Undo,    B::Redo,   B::Hint, B::Mode, B::Opponent, B::Speed,
                                B::Markers, B::Analyse, B::Review, B::Clock, B::Prev, B::Next, B::Live};
  CHECK(buttons_in_reading_order(compute_layout(320, 568, 1)) == portrait);
  CHECK(buttons_in_reading_order(compute_layout(960, 640, 1, LayoutKind::BoardOnly)).empty());
}

TEST_CASE("layout: the opening's name and the explorer share the move list's box, overlapping nothing",
          "[ui][layout][explorer]") {
  struct Case { float w, h, scale; };
  const Case cases[] = {{960, 640, 1},   {1920, 1280, 2}, {1280, 720, 1}, {2560, 1440, 1.5f},
                        {1024, 768, 1},  {800, 600, 1},   {320, 568, 1},  {500, 500, 1}};
  for (const Case& c : cases) {
    INFO("size " << c.w << "x" << c.h << " ratio " << c.scale);
    const Layout l = compute_layout(c.w, c.h, c.scale);
    // Nothing asked for: the move list keeps its box.
    const ExplorerBoxLayout none = explorer_box_layout(l, false, false, 0);
    CHECK(none.moves.w == l.moves.w);
    CHECK(none.moves.h == l.moves.h);
    for (int lines : {1, 3, 6}) {
      for (bool opening : {false, true}) {
        INFO("lines " << lines << " opening " << opening);
        const ExplorerBoxLayout b = explorer_box_layout(l, opening, true, lines);
        if (l.moves.w <= 0) {  // portrait: no box, nothing shown here
          CHECK(b.heading.w == 0);
          CHECK(b.opening.w == 0);
          continue;
        }
        std::vector<Rect> parts;
        for (const Rect& r : {b.opening, b.heading, b.table, b.moves})
          if (r.w > 0 && r.h > 0) {
            CHECK(inside(r, l.moves));
            for (const Rect& other : parts) CHECK_FALSE(overlaps(r, other));
            parts.push_back(r);
          }
        CHECK(b.lines <= lines);
        // Readable: the move list's text size, and at the window sizes of the desktop
        // the opening, the heading and at least the column heads and three moves fit.
        CHECK(b.px >= std::round(l.font_px * 0.85f));
        if (!opening) CHECK(b.opening.w == 0);
        if (c.h >= 600) {
          CHECK(b.heading.w > 0);
          CHECK(b.lines >= std::min(lines, 4));
          if (opening) CHECK(b.opening.w > 0);
        }
        // The move list keeps two rows or goes (hidden with the explorer: key E).
        if (b.moves.w > 0) CHECK(b.moves.h >= 2 * std::round(std::round(l.font_px * 0.85f) * 1.3f));
      }
    }
    // The opening's line alone leaves the move list four rows.
    const ExplorerBoxLayout only = explorer_box_layout(l, true, false, 0);
    if (only.opening.w > 0) CHECK(only.moves.h >= 4 * std::round(l.font_px * 0.85f) * 1.3f);
  }
}

TEST_CASE("layout: a click on a line of the explorer's table finds that line", "[ui][layout][explorer]") {
  for (const float scale : {1.0f, 2.0f})
    for (const auto& size : {std::pair{1000.0f, 700.0f}, std::pair{1280.0f, 800.0f}, std::pair{800.0f, 600.0f}}) {
      INFO("size " << size.first << "x" << size.second << " scale " << scale);
      const Layout l = compute_layout(size.first * scale, size.second * scale, scale);
      const ExplorerBoxLayout b = explorer_box_layout(l, true, true, 6);  // the heads and five moves
      REQUIRE(b.lines >= 4);
      // Each line, from its left to its right end, is that line; one under the other.
      CHECK(explorer_row(b, 0).y == b.table.y);
      for (int i = 0; i < b.lines; ++i) {
        const Rect row = explorer_row(b, i);
        REQUIRE(row.w > 0);
        CHECK(inside(row, b.table));
        CHECK(explorer_line_at(b, row.x + 1, row.y + row.h / 2) == i);
        CHECK(explorer_line_at(b, row.x + row.w - 1, row.y + 1) == i);
        if (i > 0) CHECK(row.y == explorer_row(b, i - 1).y + b.row_h);
      }
      // Below the last line, left of the table, the heading, no explorer: none.
      CHECK(explorer_row(b, b.lines).w == 0);
      CHECK(explorer_row(b, -1).w == 0);
      const Rect last = explorer_row(b, b.lines - 1);
      CHECK(explorer_line_at(b, last.x + 2, last.y + last.h + 1) == -1);
      CHECK(explorer_line_at(b, b.table.x - 2, last.y + 2) == -1);
      CHECK(explorer_line_at(b, b.heading.x + 2, b.heading.y + 2) == -1);
      CHECK(explorer_line_at(explorer_box_layout(l, true, false, 0), last.x + 2, last.y + 2) == -1);
    }
}

TEST_CASE("layout: the explorer's extra lines (its games) only where the move list keeps two rows",
          "[ui][layout][explorer]") {
  bool some_shown = false, some_left_out = false;
  for (float h = 560; h <= 1000; h += 20) {
    INFO("height " << h);
    const Layout l = compute_layout(h * 1.45f, h, 1);
    const ExplorerBoxLayout plain = explorer_box_layout(l, true, true, 6);
    const ExplorerBoxLayout b = explorer_box_layout(l, true, true, 6, 4);
    REQUIRE(plain.lines == 6);
    CHECK(b.lines >= 6);
    CHECK(b.lines <= 10);
    CHECK(b.lines != 7);  // a heading alone, without a game under it: no
    if (b.lines > 6) {
      some_shown = true;
      // The move list below them keeps its heading and two rows of moves.
      Layout rest = l;
      rest.moves = b.moves;
      std::vector<Color> game(60);
      for (std::size_t i = 0; i < game.size(); ++i) game[i] = i % 2 ? Color::White : Color::Black;
      const MoveListLayout list = move_list_layout(rest, game, 59);
      CHECK(list.heading.w > 0);
      int per_column = 0;
      for (const auto& row : list.rows) per_column += row.number_rect.x == list.rows.front().number_rect.x;
      CHECK(per_column >= 2);
    } else {
      some_left_out = true;
    }
  }
  CHECK(some_shown);
  CHECK(some_left_out);
}
