#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

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
      // Nothing else: no status, buttons or move list.
      CHECK(l.status.w == 0);
      CHECK(l.moves.w == 0);
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
