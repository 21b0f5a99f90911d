// Where everything goes in the window, as pure functions of the drawable size in
// physical pixels and the pixel ratio (physical pixels per CSS pixel / point), so
// the board is crisp on high-DPI screens and the mapping from a pointer position
// to a square, a move of the list or a point of the graph is unit-tested.
// Landscape windows put the status, the buttons, the evaluation graph and the
// move list to the right of the board; portrait ones put the status above the
// board and the buttons (and the graph, when there is room) below. Usable from
// 320 CSS px wide.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "core/square.h"

namespace reversi::ui {

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
  bool contains(float px, float py) const { return px >= x && py >= y && px < x + w && py < y + h; }
};

enum class Button : int {
  NewGame, Undo, Redo, Hint, Mode, Opponent, Speed, Markers,
  Analyse,          // the values of every move on the board, on or off
  Review,           // starts or cancels the game review
  Prev, Next, Live, // step through the positions shown; back to the game
  Clock,            // the time control of the next new game (core/game_clock.h)
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
  bool cards_stacked = false;   // the players' cards one above the other (a narrow panel)
  std::array<Rect, kButtonCount> buttons{};
  Rect graph;                   // the evaluation graph (empty when no room)
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
// The buttons in reading order (top to bottom, left to right), for Tab.
std::vector<Button> buttons_in_reading_order(const Layout& layout);

// ---- the players' cards -------------------------------------------------------------
// A card of the status (layout.status holds two side by side): the stone at the left,
// the colour's name over who plays it, and the stone count at the right, in boxes that
// never overlap ("Black" and "21" at 1000x700 once ran together); the texts are fitted
// to their box's width.
struct PlayerCardLayout {
  float stone_x = 0, stone_y = 0, stone_r = 0;  // the stone's centre and radius
  Rect label;            // the colour's name and, below it, who plays it
  Rect count;            // the count, right-aligned in it (room for "64")
  float label_px = 0;    // the name's text size (who plays it: 0.8 of it)
  float count_px = 0;
  bool one_line = false; // a card under two lines tall: who plays it after the name, not below
};
PlayerCardLayout player_card_layout(const Rect& card, float font_px);
// The two cards at the top of layout.status: black's at the left, white's at the right,
// or (cards_stacked) black's above white's, each one line with who plays it after the name.
std::array<Rect, 2> player_cards(const Layout& layout);

// ---- the evaluation graph -----------------------------------------------------------
// The x axis holds a whole game (60 moves, so a game fills it as it is played), the y
// axis the value for black in discs, clamped to +-kGraphRange, black's advantage up.
inline constexpr int kGraphPlies = 60;
inline constexpr double kGraphRange = 32;
// Where the points go inside layout.graph (room left for the labels).
Rect graph_plot(const Layout& layout);
float graph_x(const Rect& plot, std::size_t ply);
// On the fixed scale of +-kGraphRange, or on `range` (the drawn graph's own scale).
float graph_y(const Rect& plot, double value, double range = kGraphRange);
// The drawn graph's scale: the smallest of +-8, 16, 32, 64 that holds `most` (the
// largest value's size).
double graph_range(double most);
// The review's mistakes: a red triangle pointing down at the value after the move
// (the biggest of a side larger). A click on one shows that position, even where the
// nearest ply on the x axis is another (the triangle is wider than a ply).
struct GraphMark {
  std::size_t ply = 0;          // the position after the mistake
  std::optional<double> value;  // the graph's value there (none: on the even line)
  bool biggest = false;
};
inline float graph_mark_size(bool biggest, float scale) { return (biggest ? 5.0f : 3.6f) * scale; }
// The triangle's bounding box (its outline included) on the graph drawn at `range`.
Rect graph_mark_box(const Layout& layout, const GraphMark& mark, double range);
// The ply of the mark under (x, y): the triangle there (the one drawn last, on top, where
// two overlap), else the nearest one within 3 CSS px of it, measured to the triangle;
// -1 when none.
int graph_mark_at(const Layout& layout, float x, float y, const std::vector<GraphMark>& marks, double range);
// The position (0 .. last_ply) nearest to x on the plot, or -1 when (x, y) is not
// in layout.graph.
int graph_ply_at(const Layout& layout, float x, float y, std::size_t last_ply);

// ---- the opening's name and the explorer ------------------------------------------------
// The top of the move list's box (landscape) holds the name of the opening shown (a
// line, while the move list keeps four rows) and, when shown, the explorer (its
// heading, then `explorer_lines` lines: the column heads and a line per move, or a
// message; then `extra_lines`, the games that reached the position, only where the move
// list keeps its heading and two rows below them, and two of them at least) as far as the
// box allows; the move list gets the rest (`moves`, empty when under two rows are left).
struct ExplorerBoxLayout {
  float px = 0;     // text size
  float row_h = 0;  // height of a line
  Rect opening;     // the opening's name; zero when none or no room
  Rect heading;     // the explorer's heading; zero when hidden or no room
  Rect table;       // below the heading: `lines` lines
  int lines = 0;    // lines of the table that fit (at most explorer_lines + extra_lines)
  Rect moves;       // what is left of layout.moves for the move list (may be empty)
};
ExplorerBoxLayout explorer_box_layout(const Layout& layout, bool opening, bool explorer, int explorer_lines,
                                      int extra_lines = 0);
// The table's line `i` (0 the first, the column heads), zero when it is not in view.
Rect explorer_row(const ExplorerBoxLayout& box, int i);
// The line of the table that holds (x, y), or -1.
int explorer_line_at(const ExplorerBoxLayout& box, float x, float y);

// ---- the move list ------------------------------------------------------------------
// Numbered rows of black's and white's move ("12. c4 e3"; a pass leaves its slot
// with "--"), in as many columns as fit, scrolled so that the move of the position
// shown is in view (the newest ones while the game is live).
struct MoveListLayout {
  float px = 0;          // text size of the moves
  Rect heading;          // "Moves" (and the loss per side); zero when there is no room
  Rect keys;             // the key line at the bottom; zero when there is no room
  struct Row {
    int number = 0;      // 1-based
    Rect number_rect;
  };
  struct Cell {
    int move = -1;       // index of the move in the game (0-based); -1 for a pass's "--"
    Rect rect;           // the square's name, then the review's loss
  };
  std::vector<Row> rows;    // the rows in view
  std::vector<Cell> cells;  // their moves and passes
};
// `movers` is the colour of each move played; `focus` the index of the move to keep
// in view (the last one while live).
MoveListLayout move_list_layout(const Layout& layout, const std::vector<Color>& movers, std::size_t focus);
// The move (0-based index) whose cell holds (x, y), or -1.
int move_at(const MoveListLayout& list, float x, float y);

}  // namespace reversi::ui
