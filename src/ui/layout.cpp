#include "ui/layout.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>

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
    case Button::Analyse: return "analyse";
    case Button::Review: return "review";
    case Button::Prev: return "prev";
    case Button::Next: return "next";
    case Button::Live: return "live";
    case Button::Clock: return "clock";
    default: return "none";
  }
}

Rect Layout::cell_rect(Square s) const {
  return {board.x + column_of(s) * cell + line, board.y + row_of(s) * cell + line, cell - line,
          cell - line};
}

namespace {

// The graph and the move list at their smallest, in lines of body text (the move
// list as the landscape panel's text size is chosen for: a dozen rows; it still
// shows with 70% of that).
constexpr float kGraphMinLines = 4.5f;
constexpr float kMovesMinLines = 8;
// The landscape status: the players' counts side by side, the status line and a message.
constexpr float kStatusLines = 5.8f;
// The landscape panel's width in lines of its text at most (player_card_layout's two
// cards side by side: each the stone, about three em of name and two digits).
constexpr float kCardLines = 16.2f;
// A narrower panel (at its smallest text, 14 CSS px) stacks the two cards, each on one
// line of the panel's width: the status grows by this many lines.
constexpr float kStackedCardLines = 1.7f, kStackedExtraLines = 2 * kStackedCardLines + 0.3f - 2.4f;

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
    // The panel, in lines of text: the status, four rows of buttons and the row
    // stepping through the positions (2.2 each) always; below them the graph and
    // the move list. The text shrinks to fit them all down to 14 CSS px, below
    // that only to fit what must be there.
    l.board.x = margin + l.border;
    const float px = l.board.x + l.board.w + l.border + 2 * margin;
    const float pw = std::min(l.width - px - margin, 340 * s);
    l.cards_stacked = pw < kCardLines * 14 * s;
    const float status_lines = kStatusLines + (l.cards_stacked ? kStackedExtraLines : 0);
    const float essential = status_lines + 5 * 2.2f, history = kGraphMinLines + kMovesMinLines;
    const float avail = l.height - 2 * margin;
    const float fit_essential = (avail - 6 * gap) / essential;
    const float fit_all = (avail - 8 * gap) / (essential + history);
    // As wide as the panel allows too: a player's card, half of it, holds the stone, the
    // colour's name and the count side by side (player_card_layout), about 16 lines of text.
    const float wanted = std::clamp(std::min(l.cell * 0.3f, std::floor(pw / kCardLines)), 14 * s, 22 * s);
    l.font_px = std::floor(std::min(wanted, std::max(fit_all, std::min(14 * s, fit_essential))));
    l.font_px = std::max(l.font_px, 8.0f);
    l.board.y = std::round((l.height - l.board.h) / 2);
    const float bottom = l.board.y + l.board.h + l.border;
    // The estimate above works in unrounded lines over the whole height, while the
    // panel starts at the board's frame and rounds its rows: it can miss the graph by
    // a pixel (1000x700 did). So the largest size from there down to 14 CSS px at
    // which they fit below the buttons as these are really placed (none: unchanged).
    auto panel_top = [&](float f) {
      return std::max(std::min(l.board.y - l.border, std::round((l.height - (f * essential + 6 * gap)) / 2)), 0.0f);
    };
    auto history_room = [&](float f) {
      const float row = std::round(f * 2.2f);
      const float buttons_end = panel_top(f) + std::round(f * status_lines) + gap + 4 * (row + gap) + gap;
      return bottom - buttons_end - row - gap;
    };
    for (float f = l.font_px; f >= 14 * s; f -= 1)
      if (history_room(f) >= f * history + gap) {
        l.font_px = f;
        break;
      }
    const float f = l.font_px;
    // The board and the panel as one group, centred where the window is wider than both.
    const float shift = std::floor(std::max(0.0f, l.width - (px + pw + margin)) / 2);
    l.board.x += shift;
    const float panel_x = px + shift;
    const float row = std::round(f * 2.2f);
    const float top = panel_top(f);
    l.status = {panel_x, top, pw, std::round(f * status_lines)};
    float y = l.status.y + l.status.h + gap;
    // A row of buttons sharing the panel's width.
    auto put_row = [&](std::initializer_list<Button> buttons) {
      const float n = float(buttons.size());
      const float w = std::floor((pw - (n - 1) * gap) / n);
      float x = panel_x;
      for (Button b : buttons) {
        l.buttons[int(b)] = {x, y, b == *(buttons.end() - 1) ? panel_x + pw - x : w, row};
        x += w + gap;
      }
      y += row + gap;
    };
    put_row({Button::NewGame, Button::Undo, Button::Redo});
    put_row({Button::Hint, Button::Analyse, Button::Review});
    y += gap;
    put_row({Button::Mode, Button::Opponent});
    put_row({Button::Speed, Button::Markers, Button::Clock});
    // Then, down to the bottom of the board's frame, the graph (when the move list
    // fits too), the row stepping through the positions, and the move list.
    const float room = bottom - y - row - gap;  // history_room(f)
    if (room >= f * history + gap) {
      const float graph_h = std::round(std::clamp(room * 0.35f, f * kGraphMinLines, f * 8));
      l.graph = {panel_x, y, pw, graph_h};
      y += graph_h + gap;
    }
    const float arrow = std::round(f * 3);
    l.buttons[int(Button::Prev)] = {panel_x, y, arrow, row};
    l.buttons[int(Button::Next)] = {panel_x + arrow + gap, y, arrow, row};
    l.buttons[int(Button::Live)] = {panel_x + 2 * (arrow + gap), y, pw - 2 * (arrow + gap), row};
    y += row + gap;
    if (bottom - y >= f * kMovesMinLines * 0.7f) l.moves = {panel_x, y, pw, bottom - y};
  } else {
    // Status above, board, then three rows of buttons, and the graph below them
    // when the window is tall enough.
    float font = std::round(std::clamp(l.width / 24, 13 * s, 20 * s));
    const float status_h = std::round(font * 3.4f);
    const float row = std::round(font * 2.3f);
    const float buttons_h = 3 * row + 2 * gap;
    const float avail = std::min(l.width - 2 * margin,
                                 l.height - status_h - buttons_h - 2 * margin - 2 * gap);
    size_board(l, std::max(avail, 8 * 8.0f));
    l.font_px = font;
    const float framed = l.board.w + 2 * l.border;
    float total = status_h + gap + framed + gap + buttons_h;
    const float spare = l.height - 2 * margin - total - gap;
    const float graph_h = spare >= font * kGraphMinLines ? std::min(spare, std::round(framed * 0.3f)) : 0;
    if (graph_h > 0) total += gap + graph_h;
    const float top = std::max(margin, std::round((l.height - total) / 2));
    l.board.x = std::round((l.width - l.board.w) / 2);
    const float left = l.board.x - l.border;
    // The status as wide as the board's frame, or wider (centred) where the board is
    // short of the room the players' cards want side by side (player_card_layout).
    const float status_w = std::clamp(kCardLines * font, framed, std::max(framed, l.width - 2 * margin));
    l.status = {std::round(l.board.x + l.board.w / 2 - status_w / 2), top, status_w, status_h};
    l.board.y = top + status_h + gap + l.border;
    const float y0 = l.board.y + l.board.h + l.border + gap;
    const float bw = std::floor((framed - 3 * gap) / 4);
    for (int i = 0; i <= int(Button::Markers); ++i) {
      const int r = i / 4, c = i % 4;
      l.buttons[i] = {left + c * (bw + gap), y0 + r * (row + gap), bw, row};
    }
    // The third row: Analyse and Review, then the steps through the positions
    // (the arrows narrow, Back as wide as the first two).
    const float y2 = y0 + 2 * (row + gap);
    const float arrow = std::round(row * 1.15f);
    const float wide = std::floor((framed - 2 * arrow - 5 * gap) / 4);
    float x = left;
    for (Button b : {Button::Analyse, Button::Review, Button::Clock, Button::Prev, Button::Next, Button::Live}) {
      const float w = b == Button::Prev || b == Button::Next ? arrow : b == Button::Live ? left + framed - x : wide;
      l.buttons[int(b)] = {x, y2, w, row};
      x += w + gap;
    }
    if (graph_h > 0) l.graph = {left, y2 + row + gap, framed, graph_h};
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

std::vector<Button> buttons_in_reading_order(const Layout& l) {
  std::vector<Button> order;
  for (int i = 0; i < kButtonCount; ++i)
    if (l.buttons[i].w > 0 && l.buttons[i].h > 0) order.push_back(Button(i));
  std::stable_sort(order.begin(), order.end(), [&](Button a, Button b) {
    const Rect &ra = l.buttons[int(a)], &rb = l.buttons[int(b)];
    // One row when they overlap vertically (rows may differ by a rounding pixel).
    if (ra.y + ra.h / 2 < rb.y || rb.y + rb.h / 2 < ra.y) return ra.y < rb.y;
    return ra.x < rb.x;
  });
  return order;
}

// ---- the players' cards -------------------------------------------------------------

std::array<Rect, 2> player_cards(const Layout& l) {
  const Rect& st = l.status;
  const float f = l.font_px;
  if (l.cards_stacked) {
    const float h = std::round(f * kStackedCardLines);
    return {Rect{st.x, st.y, st.w, h}, Rect{st.x, st.y + h + std::round(f * 0.3f), st.w, h}};
  }
  const float h = std::round(f * (l.portrait ? 1.9f : 2.4f));
  const float half = std::floor((st.w - f * 0.5f) / 2);
  return {Rect{st.x, st.y, half, h}, Rect{st.x + st.w - half, st.y, half, h}};
}

PlayerCardLayout player_card_layout(const Rect& r, float f) {
  PlayerCardLayout c;
  c.label_px = f;
  c.one_line = r.h < 2 * f;
  c.stone_r = r.h * 0.3f;
  c.stone_x = r.x + r.h * 0.5f;
  c.stone_y = r.y + r.h / 2 - c.stone_r * 0.08f;
  const float pad = std::round(f * 0.5f);  // after the stone, between the texts, at the right
  const float left = c.stone_x + c.stone_r + pad, right = r.x + r.w - pad;
  // The count as large as the card allows (up to 1.35 times the text) while the label
  // keeps room for "White" (2.9 em in DejaVu Sans); two digits are 1.3 em wide.
  const float label_min = 3 * f;
  c.count_px = std::round(std::clamp((right - left - label_min - pad) / 1.3f, f, f * 1.35f));
  const float count_w = std::ceil(c.count_px * 1.3f);
  c.count = {right - count_w, r.y, count_w, r.h};
  c.label = {left, r.y, std::max(0.0f, c.count.x - pad - left), r.h};
  return c;
}

// ---- the evaluation graph -----------------------------------------------------------------

Rect graph_plot(const Layout& l) {
  const Rect& g = l.graph;
  // Inset so that the dots at the ends and at +-32 are whole inside the box.
  const float pad = std::round(std::max(4 * l.scale, l.font_px * 0.45f));
  return {g.x + pad, g.y + pad, std::max(1.0f, g.w - 2 * pad), std::max(1.0f, g.h - 2 * pad)};
}

float graph_x(const Rect& plot, std::size_t ply) {
  return plot.x + plot.w * float(std::min<std::size_t>(ply, kGraphPlies)) / kGraphPlies;
}

float graph_y(const Rect& plot, double value, double range) {
  const double v = std::clamp(value, -range, range);
  return plot.y + plot.h / 2 - float(v / range) * plot.h / 2;
}

double graph_range(double most) {
  for (double r : {8.0, 16.0, 32.0})
    if (most <= r) return r;
  return 64;
}

Rect graph_mark_box(const Layout& l, const GraphMark& m, double range) {
  const Rect plot = graph_plot(l);
  const float size = graph_mark_size(m.biggest, l.scale), t = std::max(1.0f, std::round(l.scale));
  const float x = graph_x(plot, m.ply), y = m.value ? graph_y(plot, *m.value, range) : graph_y(plot, 0, range);
  return {x - size - t, y - 1.6f * size - t, 2 * (size + t), 1.6f * size + 2 * t};
}

namespace {

// How far (x, y) is from the triangle (a, b, c): 0 inside it.
float distance_to_triangle(float x, float y, const float (&t)[3][2]) {
  auto cross = [&](int i, int j) { return (t[j][0] - t[i][0]) * (y - t[i][1]) - (t[j][1] - t[i][1]) * (x - t[i][0]); };
  const float c0 = cross(0, 1), c1 = cross(1, 2), c2 = cross(2, 0);
  if ((c0 >= 0 && c1 >= 0 && c2 >= 0) || (c0 <= 0 && c1 <= 0 && c2 <= 0)) return 0;
  float best = 1e30f;
  for (int i = 0; i < 3; ++i) {
    const float ax = t[i][0], ay = t[i][1], dx = t[(i + 1) % 3][0] - ax, dy = t[(i + 1) % 3][1] - ay;
    const float len2 = dx * dx + dy * dy;
    const float u = len2 > 0 ? std::clamp(((x - ax) * dx + (y - ay) * dy) / len2, 0.0f, 1.0f) : 0;
    best = std::min(best, std::hypot(x - (ax + u * dx), y - (ay + u * dy)));
  }
  return best;
}

}  // namespace

int graph_mark_at(const Layout& l, float x, float y, const std::vector<GraphMark>& marks, double range) {
  if (l.graph.w <= 0 || l.graph.h <= 0) return -1;
  // The triangle under the point (its outline included; the one drawn last, on top,
  // where two overlap), else the nearest within a little beyond it, for a finger or a
  // shaky hand. Measured to the triangle itself, not along the x axis only: marks of
  // neighbouring moves stand a few pixels apart at different heights.
  const float slop = std::round(3 * l.scale);
  int best = -1;
  float best_d = 0;
  for (const GraphMark& m : marks) {
    if (m.ply > std::size_t(kGraphPlies)) continue;
    const Rect b = graph_mark_box(l, m, range);
    const float triangle[3][2] = {{b.x, b.y}, {b.x + b.w, b.y}, {b.x + b.w / 2, b.y + b.h}};
    const float d = distance_to_triangle(x, y, triangle);
    if (d <= slop && (best < 0 || d <= best_d)) best = int(m.ply), best_d = d;
  }
  return best;
}

int graph_ply_at(const Layout& l, float x, float y, std::size_t last_ply) {
  if (!l.graph.contains(x, y)) return -1;
  const Rect plot = graph_plot(l);
  const long ply = std::lround((x - plot.x) / plot.w * kGraphPlies);
  return int(std::clamp<long>(ply, 0, long(std::min<std::size_t>(last_ply, kGraphPlies))));
}

// ---- the move list ------------------------------------------------------------------

ExplorerBoxLayout explorer_box_layout(const Layout& l, bool opening, bool explorer, int explorer_lines,
                                      int extra_lines) {
  ExplorerBoxLayout b;
  const Rect& r = l.moves;
  b.moves = r;
  if (r.w <= 0 || r.h <= 0 || (!opening && !explorer)) return b;
  // The move list's text size (move_list_layout), so the two parts read as one.
  const float f = std::round(l.font_px * 0.85f);
  const float list_row_h = std::round(f * 1.3f);
  const float row_h = std::round(f * 1.2f);
  const float pad = std::round(f * 0.5f);
  b.px = f;
  b.row_h = row_h;
  // The opening's line while the move list keeps four rows; the explorer, when shown,
  // before the move list, which gets what is left (nothing under two rows).
  float avail = r.h - 2 * pad;
  float y = r.y + pad;
  if (opening && avail - row_h >= (explorer ? 0 : 4 * list_row_h)) {
    b.opening = {r.x + pad, y, r.w - 2 * pad, row_h};
    y += row_h;
    avail -= row_h;
  }
  const float heading_h = std::round(row_h * 1.15f);
  if (explorer && explorer_lines > 0 && avail >= heading_h + row_h) {
    b.heading = {r.x + pad, y, r.w - 2 * pad, row_h};
    y += heading_h;
    avail -= heading_h;
    b.lines = std::min(explorer_lines, int(std::floor(avail / row_h)));
    // The extra lines where the move list keeps its heading and two rows below them, two
    // of them at least (a heading and a line under it) or none.
    if (b.lines == explorer_lines && extra_lines > 0) {
      const float keep = 2 * pad + std::round(list_row_h * 1.15f) + 2 * list_row_h;
      const int extra = std::min(extra_lines, int(std::floor((avail - b.lines * row_h - keep) / row_h)));
      if (extra >= std::min(2, extra_lines)) b.lines += extra;
    }
    b.table = {r.x + pad, y, r.w - 2 * pad, b.lines * row_h};
    y += b.lines * row_h;
  }
  if (y == r.y + pad) return b;  // nothing fitted
  y += std::round(pad * 0.5f);
  b.moves = r.y + r.h - y >= pad + 2 * list_row_h ? Rect{r.x, y, r.w, r.y + r.h - y} : Rect{};
  return b;
}

Rect explorer_row(const ExplorerBoxLayout& b, int i) {
  if (i < 0 || i >= b.lines) return {};
  return {b.table.x, b.table.y + float(i) * b.row_h, b.table.w, b.row_h};
}

int explorer_line_at(const ExplorerBoxLayout& b, float x, float y) {
  for (int i = 0; i < b.lines; ++i)
    if (explorer_row(b, i).contains(x, y)) return i;
  return -1;
}

MoveListLayout move_list_layout(const Layout& l, const std::vector<Color>& movers, std::size_t focus) {
  MoveListLayout m;
  const Rect& r = l.moves;
  if (r.w <= 0 || r.h <= 0) return m;
  const float f = std::round(l.font_px * 0.85f);
  const float row_h = std::round(f * 1.3f);
  const float pad = std::round(f * 0.5f);
  m.px = f;
  float top = r.y + pad, bottom = r.y + r.h - pad;
  // Rows of moves first; the heading when two rows fit below it, the key line (up
  // to two lines of smaller text) when four do.
  const float heading_h = std::round(row_h * 1.15f);
  const float keys_h = std::ceil(2 * std::round(f * 0.8f) * 1.2f);
  const bool heading = bottom - top >= heading_h + 2 * row_h;
  if (bottom - top >= (heading ? heading_h : 0) + keys_h + pad + 4 * row_h) {
    m.keys = {r.x + pad, bottom - keys_h, r.w - 2 * pad, keys_h};
    bottom -= keys_h + pad;
  }
  if (heading) {
    m.heading = {r.x + pad, top, r.w - 2 * pad, row_h};
    top += heading_h;
  }
  // Rows of two slots, black's move and white's: black always opens a row; a pass
  // leaves its slot with "--" (index -1).
  struct Slots {
    int slot[2] = {-2, -2};  // -2: nothing (yet)
  };
  std::vector<Slots> rows;
  std::size_t focus_row = 0;
  for (std::size_t i = 0; i < movers.size(); ++i) {
    if (movers[i] == Color::Black) {
      if (!rows.empty() && rows.back().slot[1] == -2) rows.back().slot[1] = -1;  // white passed
      rows.push_back({{int(i), -2}});
    } else {
      if (rows.empty() || rows.back().slot[1] != -2) rows.push_back({{-1, -2}});  // black passed
      rows.back().slot[1] = int(i);
    }
    if (i <= focus) focus_row = rows.size() - 1;
  }
  const int per_column = std::max(1, int((bottom - top) / row_h));
  const float number_w = std::round(f * 2.0f), cell_w = std::round(f * 3.0f);
  const float column_w = number_w + 2 * cell_w + std::round(f * 0.6f);
  const int columns = std::max(1, int((r.w - 2 * pad - number_w - 2 * cell_w) / column_w) + 1);
  const int capacity = per_column * columns;
  // Centred on the focus where the list is longer, so the newest rows show while live.
  const int first = std::max(0, std::min(int(rows.size()) - capacity, int(focus_row) - capacity / 2));
  for (int k = 0; k < capacity && first + k < int(rows.size()); ++k) {
    const float x = r.x + pad + float(k / per_column) * column_w;
    const float y = top + float(k % per_column) * row_h;
    m.rows.push_back({first + k + 1, {x, y, number_w, row_h}});
    for (int side = 0; side < 2; ++side) {
      const int move = rows[first + k].slot[side];
      if (move != -2) m.cells.push_back({move, {x + number_w + side * cell_w, y, cell_w, row_h}});
    }
  }
  return m;
}

int move_at(const MoveListLayout& list, float x, float y) {
  for (const auto& cell : list.cells)
    if (cell.move >= 0 && cell.rect.contains(x, y)) return cell.move;
  return -1;
}

}  // namespace reversi::ui
