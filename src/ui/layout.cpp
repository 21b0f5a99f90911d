#include "ui/layout.h"

#include <algorithm>
#include <cmath>

namespace reversi::ui {

std::string_view button_id(Button b) {
  switch (b) {
    case Button::NewGame: return "new";
    case Button::Undo: return "undo";
    case Button::Redo: return "redo";
    case Button::Hint: return "hint";
    case Button::Mode: return "mode";
    case Button::Opponent: return "opponent";
    case Button::Speed: return "speed";
    case Button::Markers: return "markers";
    default: return "none";
  }
}

Rect Layout::cell_rect(Square s) const {
  return {board.x + column_of(s) * cell + line, board.y + row_of(s) * cell + line, cell - line,
          cell - line};
}

namespace {

// Sizes the 8x8 grid and its frame to fit a square of `avail` pixels: whole-pixel
// cells and lines so every line is equally sharp.
void size_board(Layout& l, float avail) {
  l.border = std::round(std::clamp(avail / 8 * 0.34f, 6 * l.scale, 22 * l.scale));
  avail -= 2 * l.border;
  l.line = std::max(1.0f, std::round(2 * l.scale * std::min(1.0f, avail / (8 * 40 * l.scale))));
  l.cell = std::max(4.0f, std::floor((avail - l.line) / 8));
  l.board.w = l.board.h = 8 * l.cell + l.line;
}

// The board and its frame as large as the drawable allows, centred.
void board_only(Layout& l) {
  size_board(l, std::min(l.width, l.height));
  l.font_px = std::round(std::clamp(l.cell * 0.3f, 8.0f, 22 * l.scale));
  l.board.x = std::round((l.width - l.board.w) / 2);
  l.board.y = std::round((l.height - l.board.h) / 2);
}

}  // namespace

Layout compute_layout(float width, float height, float scale, LayoutKind kind) {
  Layout l;
  l.kind = kind;
  l.width = std::max(1.0f, width);
  l.height = std::max(1.0f, height);
  l.scale = scale > 0 ? scale : 1;
  if (kind == LayoutKind::BoardOnly) {
    board_only(l);
    return l;
  }
  const float s = l.scale;
  const float margin = std::round(10 * s);
  const float gap = std::round(8 * s);

  // Landscape needs room for a side panel of at least 190 CSS px next to the board.
  const float panel_min = 190 * s;
  const float board_if_landscape = std::min(l.height - 2 * margin, l.width - panel_min - 3 * margin);
  const float board_if_portrait_w = l.width - 2 * margin;
  l.portrait = board_if_landscape < 0.8f * std::min(board_if_portrait_w, l.height - 2 * margin) ||
               l.width < l.height;

  if (!l.portrait) {
    size_board(l, board_if_landscape);
    // The panel holds the status (8.6 lines) and five rows of buttons (2.2 lines
    // each): shrink the text if a short window cannot fit them.
    const float fit_font = (l.height - 2 * margin - 7 * gap) / (8.6f + 5 * 2.2f);
    l.font_px = std::floor(std::min(std::clamp(l.cell * 0.3f, 14 * s, 22 * s), fit_font));
    l.font_px = std::max(l.font_px, 8.0f);
    const float panel_h = l.font_px * (8.6f + 5 * 2.2f) + 7 * gap;
    l.board.x = margin + l.border;
    l.board.y = std::round((l.height - l.board.h) / 2);
    const float px = l.board.x + l.board.w + l.border + 2 * margin;
    const float pw = std::min(l.width - px - margin, 340 * s);
    const float row = std::round(l.font_px * 2.2f);
    const float top = std::max(std::min(l.board.y - l.border, std::round((l.height - panel_h) / 2)), 0.0f);
    l.status = {px, top, pw, std::round(l.font_px * 8.6f)};
    float y = l.status.y + l.status.h + gap;
    const float half = std::floor((pw - gap) / 2);
    auto pair = [&](Button a, Button b) {
      l.buttons[int(a)] = {px, y, half, row};
      l.buttons[int(b)] = {px + half + gap, y, pw - half - gap, row};
      y += row + gap;
    };
    auto full = [&](Button a) {
      l.buttons[int(a)] = {px, y, pw, row};
      y += row + gap;
    };
    pair(Button::NewGame, Button::Hint);
    pair(Button::Undo, Button::Redo);
    y += gap;
    full(Button::Mode);
    full(Button::Opponent);
    pair(Button::Speed, Button::Markers);
    // Whatever height is left below the buttons shows the moves played.
    const float bottom = l.board.y + l.board.h + l.border;
    if (bottom - y >= 3 * l.font_px * 1.3f) l.moves = {px, y + gap, pw, bottom - y - gap};
  } else {
    // Status above, board, then two rows of four buttons.
    float font = std::round(std::clamp(l.width / 24, 13 * s, 20 * s));
    const float status_h = std::round(font * 3.4f);
    const float row = std::round(font * 2.3f);
    const float buttons_h = 2 * row + gap;
    const float avail = std::min(l.width - 2 * margin,
                                 l.height - status_h - buttons_h - 2 * margin - 2 * gap);
    size_board(l, std::max(avail, 8 * 8.0f));
    l.font_px = font;
    const float framed = l.board.w + 2 * l.border;
    const float total = status_h + gap + framed + gap + buttons_h;
    const float top = std::max(margin, std::round((l.height - total) / 2));
    l.board.x = std::round((l.width - l.board.w) / 2);
    const float left = l.board.x - l.border;
    l.status = {left, top, framed, status_h};
    l.board.y = top + status_h + gap + l.border;
    const float y0 = l.board.y + l.board.h + l.border + gap;
    const float bw = std::floor((framed - 3 * gap) / 4);
    for (int i = 0; i < kButtonCount; ++i) {
      const int r = i / 4, c = i % 4;
      l.buttons[i] = {left + c * (bw + gap), y0 + r * (row + gap), bw, row};
    }
  }
  return l;
}

Square square_at(const Layout& l, float x, float y) {
  const float gx = x - l.board.x, gy = y - l.board.y;
  if (gx < 0 || gy < 0 || gx >= l.board.w || gy >= l.board.h || l.cell <= 0) return NO_SQUARE;
  const int c = std::min(7, int(gx / l.cell)), r = std::min(7, int(gy / l.cell));
  return make_square(c, r);
}

Button button_at(const Layout& l, float x, float y) {
  for (int i = 0; i < kButtonCount; ++i)
    if (l.buttons[i].contains(x, y)) return Button(i);
  return Button::None;
}

}  // namespace reversi::ui
