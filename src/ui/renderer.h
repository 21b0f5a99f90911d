// Draws the Controller's state with an SDL_Renderer at physical-pixel resolution:
// the dark-green board with its nine black lines each way, stones with the
// classic offset rim of the other colour plus a soft shadow and a gradient, the
// turning animation, markers, the analysis's values, the orange frame, the status
// panel, the buttons, the evaluation graph and the move list with the review's
// mistakes. It only reads the controller: all game state lives there.
#pragma once

#include <SDL.h>

#include <cstddef>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ui/controller.h"
#include "ui/font.h"
#include "ui/history_panel.h"
#include "ui/layout.h"

namespace reversi::ui {

// How long the mark on a refused square takes to fade out.
inline constexpr double kRejectedMarkMs = 900;

// What the buttons say, from the controller's settings (short forms in portrait).
std::string button_label(Button b, const Controller& c, bool compact);
// The best line of the position shown when the review marks the move played from it a
// mistake: "Best line: e2 f1 g1 ..." (the review's best move there and what follows; the
// move list's last line); empty otherwise.
std::string selected_best_line(const Controller& c);
// The position a click on move `ply` (the move list, a mark of the graph) shows: after it,
// or, for a mistake of the review, before it, where its best line starts (as the page's
// list of mistakes opens it; issue 44).
std::size_t chosen_view_ply(const Controller& c, std::size_t ply);
// The result's banner over the board's centre: the game over, its last flip turned, the
// end shown and no review running.
bool result_banner_shown(const Controller& c);

// The position shown: the one viewed, else the game's.
std::size_t shown_ply(const Controller& c);
// The opening's line and the explorer at the top of the move list's box, for the
// controller's position shown and explorer panel.
// What the lines of the explorer's table hold (drawn by draw_explorer, clicked in SdlApp):
// the column heads, a line per move (at most kMoves), then, with games to show, their
// heading and a line per game (at most kGames; or per player, when a search's name
// matched several: ExplorerPanel::players). No move: one line of message. (A search's
// outcome is the explorer's heading, which every size with the explorer shows.)
struct ExplorerLines {
  static constexpr int kMoves = 5, kGames = int(ExplorerPanel::kRecentGames);
  int moves = 0, games = 0;
  int note = 0;  // 1: a line under the moves saying the start's four moves are one (ExplorerPanel::start)
  int move_line(int i) const { return 1 + i; }
  int note_line() const { return note ? 1 + moves : -1; }
  int games_heading_line() const { return games > 0 ? 1 + moves + note : -1; }
  int game_line(int k) const { return 2 + moves + note + k; }
  // The move (0..moves-1) or the game on `line` of the table, else -1.
  int move_on(int line) const { return line >= 1 && line <= moves ? line - 1 : -1; }
  int game_on(int line) const {
    const int first = 2 + moves + note;
    return games > 0 && line >= first && line < first + games ? line - first : -1;
  }
};
ExplorerLines explorer_lines_of(const ExplorerPanel& e);
ExplorerBoxLayout explorer_box_of(const Controller& c, const Layout& l);
// The move list's rows and cells for the controller's game, scrolled to the
// position shown (what is drawn and what a click hits).
MoveListLayout move_list_of(const Controller& c, const Layout& l);
// The evaluation graph's scale for these points (graph_range) and the review's
// mistake marks on it (what is drawn and what a click hits).
double graph_range_of(const std::vector<std::optional<GraphPoint>>& points);
std::vector<GraphMark> graph_marks_of(const Controller& c, const std::vector<std::optional<GraphPoint>>& points);

// `s` in lines of at most `width` at `px` (renderer_practice.cpp): broken after a
// space (English), else between characters (Japanese) but not inside "g8" or "-20",
// before closing punctuation or after an opening bracket. Each line is a prefix of
// what is left (the spaces at the breaks dropped).
std::vector<std::string> wrap_text(Font& font, const std::string& s, float px, float width);

// While practising, what the status line says in portrait (no panel there): the
// judgement once judged, the goal while solving, else nothing.
std::string practice_line(const Controller& c);

class Renderer {
 public:
  // `fallback_ttf` draws the characters `font_ttf` lacks (Japanese); may be empty.
  Renderer(SDL_Renderer* renderer, std::vector<unsigned char> font_ttf,
           std::vector<unsigned char> fallback_ttf = {});
  ~Renderer();
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;
  bool font_ok() const { return font_.ok(); }
  // Forgets the cached stone textures (after SDL_RENDER_TARGETS_RESET).
  void reset_cache();
  // `hovered` is the button under the pointer, `pressed` the one held down,
  // `focused` the one the keyboard's Tab selected (drawn with an orange ring).
  // `help`: the overlay listing every key, over everything else (Full layout).
  // `history`: the player's games, drawn in the graph's and the move list's place while
  // shown (not while practising).
  void draw(const Controller& c, const Layout& l, Button hovered, Button pressed,
            Button focused = Button::None, bool help = false, const HistoryPanel* history = nullptr,
            const std::string* explorer_entry = nullptr);

 private:
  void draw_background(const Layout& l);
  // The board, in the order its layers are drawn (renderer_board.cpp).
  void draw_board(const Controller& c, const Layout& l);
  void draw_board_edge(const Layout& l);  // shadow, dark frame, coordinates
  void draw_felt(const Layout& l);        // green, lines, the four dots
  void draw_markers(const Layout& l, Bitboard squares);
  void draw_stones(const Controller& c, const Layout& l, float radius);
  void draw_last_move(const Controller& c, const Layout& l);
  void draw_hint(const Controller& c, const Layout& l, float radius);
  static float stone_radius(const Layout& l);
  void draw_frame(const Controller& c, const Layout& l, float radius);
  void draw_rejected(const Controller& c, const Layout& l);
  void draw_board_texts(const Controller& c, const Layout& l);  // result and pass banners
  void draw_analysis(const Controller& c, const Layout& l, const ShownAnalysis& a);
  void draw_graph(const Controller& c, const Layout& l);  // renderer_graph.cpp
  // A graph's ground in layout.graph; with `empty` that text instead of a graph (false:
  // nothing more to draw, also when there is no graph box).
  bool graph_ground(const Layout& l, const std::string& empty);
  // The small texts in the graph's corners.
  void graph_labels(const Layout& l, const std::string& top_left, const std::string& bottom_left,
                    const std::string& top_right, const std::string& bottom_right);
  // While practising (renderer_practice.cpp): the puzzle's panel in the move list's
  // box, the rating graph in the graph's; on the board the hint (renderer_board.cpp).
  void draw_practice(const Controller& c, const Layout& l);
  void draw_rating_graph(const Controller& c, const Layout& l);
  void draw_practice_hint(const Controller& c, const Layout& l, float radius, bool under);
  // The goal or the judgement (`line`, practice_line) in the landscape status's lines,
  // then any `message`, in `area` at `px` (smaller when it would need more lines).
  void draw_practice_status(const Controller& c, const Rect& area, float px, const std::string& line,
                            const std::string& message);
  std::vector<std::string> wrap(const std::string& s, float px, float width);  // wrap_text with font_
  // `s` in at most `most` lines of `width`: wrapped at `px`, made smaller (down to 3/4 of
  // it; `px` says the size chosen) when needed, and past that the last line takes the rest
  // (each line is then drawn with font_.fit).
  std::vector<std::string> fit_lines(const std::string& s, float& px, float width, std::size_t most);
  // A stone (renderer.cpp).
  void draw_stone(float cx, float cy, float radius, float squash, Color color, float shadow_alpha,
                  float lift, const Layout& l);
  // Draws a stone with triangles (draw_stone caches it as a texture).
  void paint_stone(float cx, float cy, float radius, float squash, Color color, float shadow_alpha,
                   float lift, const Layout& l);
  // The side panel (renderer_panel.cpp).
  void draw_status(const Controller& c, const Layout& l);
  void draw_help(const Controller& c, const Layout& l);
  void draw_moves(const Controller& c, const Layout& l);
  // `entry`: the player's name being typed for the explorer's search (SdlApp), or null.
  void draw_explorer(const Controller& c, const Layout& l, const std::string* entry);  // the opening's name and the explorer
  void draw_history(const Controller& c, const Layout& l, const HistoryPanel& h);  // renderer_history.cpp
  void draw_button(const Controller& c, const Layout& l, Button b, Button hovered, Button pressed,
                   Button focused);

  // Primitives (renderer.cpp).
  void fill_rect(const Rect& r, SDL_Color c);
  void frame_rect(const Rect& r, float thickness, SDL_Color c);
  void gradient_rect(const Rect& r, SDL_Color top, SDL_Color bottom);
  // Filled ellipse with a radial gradient from `center_color` at (cx+hx, cy+hy) to
  // `edge_color` at the rim, and a one-pixel feathered edge so it looks smooth.
  void disc(float cx, float cy, float rx, float ry, SDL_Color center_color, SDL_Color edge_color,
            float hx = 0, float hy = 0, float feather = 1);
  void line(float x0, float y0, float x1, float y1, float thickness, SDL_Color c);
  // A filled convex polygon (a triangle fan), one colour per corner.
  void polygon(std::initializer_list<SDL_FPoint> points, std::initializer_list<SDL_Color> colors);
  void ring(float cx, float cy, float r, float thickness, SDL_Color c);
  void soft_shadow(float cx, float cy, float r, float blur, SDL_Color c);
  void rounded_rect(const Rect& r, float radius, SDL_Color fill);
  float text(const std::string& s, float x, float y, float px, SDL_Color c);
  void text_centered(const std::string& s, const Rect& r, float px, SDL_Color c);
  // `s` as it fits in `room`: at `px` or smaller down to 3/4 of it, past that shortened with
  // an ellipsis at 3/4 (`px` says the size chosen).
  std::string fit_or_shorten(const std::string& s, float& px, float room);

  SDL_Renderer* sdl_;
  Font font_;
  struct Sprite {
    Color color;
    int radius2;   // radius in half pixels
    int shadow;
    float scale;
    SDL_Texture* texture;
    int size;
  };
  std::vector<Sprite> sprites_;
  std::vector<SDL_Vertex> vertices_;
  std::vector<int> indices_;
};

}  // namespace reversi::ui
