// Where everything goes in the window, as pure functions of the drawable size in
// physical pixels and the pixel ratio (physical pixels per CSS pixel / point), so
// the board is crisp on high-DPI screens and the mapping from a pointer position
// to a square is unit-tested. Landscape windows put the status and the buttons
// to the right of the board; portrait ones put the status above the board and the
// buttons below. Usable from 320 CSS px wide.
#pragma once

#include <array>
#include <string_view>

#include "core/square.h"

namespace reversi::ui {

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
  bool contains(float px, float py) const { return px >= x && py >= y && px < x + w && py < y + h; }
};

enum class Button : int {
  NewGame, Undo, Redo, Hint, Mode, Opponent, Speed, Markers,
  Count,  // number of buttons
  None = -1,
};
inline constexpr int kButtonCount = int(Button::Count);
std::string_view button_id(Button b);  // "new", "undo", ... (stable, for tests)

// Full: the board with the status, buttons and move list (the desktop).
// BoardOnly: only the board and its coordinate frame, filling the drawable; the
// web page draws everything else in HTML around the canvas.
enum class LayoutKind { Full, BoardOnly };

struct Layout {
  LayoutKind kind = LayoutKind::Full;
  float width = 0, height = 0;  // drawable size in physical pixels
  float scale = 1;              // physical pixels per CSS pixel / point
  bool portrait = false;
  Rect board;                   // the 8x8 grid, outer edges of the outer lines
  float cell = 0;               // cell size in physical pixels
  float line = 2;               // grid line width in physical pixels
  float border = 0;             // frame around the grid holding the coordinates a-h, 1-8
  Rect status;                  // counts, whose turn, messages
  std::array<Rect, kButtonCount> buttons{};
  Rect moves;                   // the move list (landscape only; empty when no room)
  float font_px = 16;           // body text size in physical pixels

  Rect cell_rect(Square s) const;
};

// Layout for a drawable of width x height physical pixels at `scale`. BoardOnly
// leaves the status, the buttons and the move list empty (zero size).
Layout compute_layout(float width, float height, float scale, LayoutKind kind = LayoutKind::Full);

// The square under the physical pixel (x, y), or NO_SQUARE outside the grid.
Square square_at(const Layout& layout, float x, float y);
// The button under (x, y), or Button::None.
Button button_at(const Layout& layout, float x, float y);

}  // namespace reversi::ui
