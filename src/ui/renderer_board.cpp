// The board: its edge with the coordinates, the felt and lines, the legal-move
// markers, the stones (turning over during a move's animation), the last move, the
// hint, the frame under the pointer or the keyboard, the analysis's values, a refused
// move's mark, and the result and pass banners over it.
#include <algorithm>
#include <cmath>
#include <string>

#include "ui/renderer.h"
#include "ui/renderer_style.h"

namespace reversi::ui {

using namespace paint;

namespace {

// The centre of a square, where its stone, marker or ring goes.
void center_of(const Layout& l, Square sq, float& x, float& y) {
  const Rect cr = l.cell_rect(sq);
  x = cr.x + cr.w / 2;
  y = cr.y + cr.h / 2;
}

}  // namespace

float Renderer::stone_radius(const Layout& l) {
  const float inner = l.cell - l.line;
  return inner / 2 - std::max(2 * l.scale, inner * 0.07f);
}

void Renderer::draw_board(const Controller& c, const Layout& l) {
  draw_board_edge(l);
  draw_felt(l);
  // The analysis's values take the place of the legal-move markers on their squares
  // (after the move's animation, like the markers).
  const ShownAnalysis* analysis = c.animating() ? nullptr : c.analysis();
  Bitboard valued = 0;
  if (analysis)
    for (const MoveValue& m : analysis->moves)
      if (is_board_square(m.move)) valued |= bit(m.move);
  draw_markers(l, c.marked_moves() & ~valued);
  const float radius = stone_radius(l);
  draw_practice_hint(c, l, radius, true);  // the region's shade under the stones
  draw_stones(c, l, radius);
  draw_last_move(c, l);
  draw_hint(c, l, radius);
  draw_practice_hint(c, l, radius, false);
  draw_frame(c, l, radius);
  // Over the frame's see-through stone, so a value stays readable under the pointer.
  if (analysis) draw_analysis(c, l, *analysis);
}

void Renderer::draw_board_edge(const Layout& l) {
  const Rect& b = l.board;
  const float s = l.scale;
  // Drop shadow, then a dark frame around the playing surface with the coordinates.
  const float e0 = l.border;
  for (int i = 6; i >= 1; --i) {
    const float e = e0 + i * 2 * s;
    fill_rect({b.x - e + 2 * s, b.y - e + 4 * s, b.w + 2 * e, b.h + 2 * e}, rgba(0, 0, 0, 14));
  }
  const Rect frame{b.x - e0, b.y - e0, b.w + 2 * e0, b.h + 2 * e0};
  rounded_rect(frame, std::round(5 * s), rgba(10, 46, 20));
  gradient_rect({frame.x, frame.y, frame.w, frame.h * 0.5f}, rgba(255, 255, 255, 12), rgba(255, 255, 255, 0));
  if (e0 >= 9 * s) {
    const float px = std::round(std::min(e0 * 0.62f, l.cell * 0.3f));
    for (int i = 0; i < 8; ++i) {
      const std::string col(1, char('a' + i)), row(1, char('1' + i));
      const float mid = i * l.cell + l.line + (l.cell - l.line) / 2;
      const float cw = font_.width(col, px), rw = font_.width(row, px);
      const float lh = font_.line_height(px);
      text(col, b.x + mid - cw / 2, b.y - e0 + (e0 - lh) / 2, px, rgba(190, 220, 195));
      text(row, b.x - e0 + (e0 - rw) / 2, b.y + mid - lh / 2, px, rgba(190, 220, 195));
    }
  }
}

void Renderer::draw_felt(const Layout& l) {
  const Rect& b = l.board;
  gradient_rect(b, kFeltTop, kFeltBottom);
  // All nine lines each way, whole pixels wide.
  for (int i = 0; i <= 8; ++i) {
    fill_rect({b.x + i * l.cell, b.y, l.line, b.h}, kLine);
    fill_rect({b.x, b.y + i * l.cell, b.w, l.line}, kLine);
  }
  // The four dots of a real board, at the corners of the centre 4x4.
  for (int i : {2, 6})
    for (int j : {2, 6}) {
      const float r = std::max(1.5f * l.line, l.cell * 0.05f);
      disc(b.x + i * l.cell + l.line / 2, b.y + j * l.cell + l.line / 2, r, r, kLine, kLine);
    }
}

void Renderer::draw_markers(const Layout& l, Bitboard squares) {
  // Legal-move markers: a light dot with a dark rim, which stands out on the green
  // whoever is to move (a dark dot on dark green did not).
  const float s = l.scale;
  const float inner = l.cell - l.line;
  for (Bitboard m = squares; m; m &= m - 1) {
    float x, y;
    center_of(l, Square(lowest_square(m)), x, y);
    const float r = std::max(3 * s, inner * 0.12f);
    disc(x, y, r, r, rgba(0, 0, 0, 150), rgba(0, 0, 0, 150));
    const float core = r - std::max(1.0f, std::round(1.5f * s));
    disc(x, y, core, core, rgba(250, 255, 245, 215), rgba(225, 240, 225, 200));
  }
}

void Renderer::draw_stones(const Controller& c, const Layout& l, float radius) {
  const double now = c.now();
  const MoveAnimation* anim = c.animation();
  const Bitboard black = c.shown_black(), white = c.shown_white();
  for (int sq = 0; sq < 64; ++sq) {
    const bool is_black = (black >> sq) & 1, is_white = (white >> sq) & 1;
    if (!is_black && !is_white) continue;
    float x, y;
    center_of(l, Square(sq), x, y);
    Color color = is_black ? Color::Black : Color::White;
    float squash = 1, lift = 0, r = radius;
    if (anim) {
      if (Square(sq) == anim->placed && anim->per_stone_ms > 0) {
        // The new stone drops in: slightly large and lifted, settling in 120 ms.
        const double t = std::clamp((now - anim->start_ms) / 120.0, 0.0, 1.0);
        const float ease = float(1 - (1 - t) * (1 - t));
        r = radius * (1.12f - 0.12f * ease);
        lift = radius * 0.25f * (1 - ease);
      }
      for (int k = 0; k < int(anim->flips.size()); ++k) {
        if (anim->flips[k] != sq) continue;
        const double p = anim->progress(k, now);
        if (p > 0 && p < 1) {
          // Turning over: the disc narrows to its edge, shows the other face and
          // widens again, rising a little at the middle of the turn.
          squash = float(std::abs(std::cos(kPi * p)));
          lift = radius * 0.35f * float(std::sin(kPi * p));
        }
      }
    }
    draw_stone(x, y, r, squash, color, 150, lift, l);
  }
}

void Renderer::draw_last_move(const Controller& c, const Layout& l) {
  // Last-move marker: a small red dot on the stone just played.
  const Square last = c.shown_last_move();
  if (!c.options().last_move_marker || !is_board_square(last)) return;
  const float inner = l.cell - l.line;
  float x, y;
  center_of(l, last, x, y);
  const float r = std::max(2.5f * l.scale, inner * 0.07f);
  disc(x, y, r, r, rgba(240, 70, 50), rgba(200, 30, 20));
}

void Renderer::draw_hint(const Controller& c, const Layout& l, float radius) {
  // Hint: a pulsing gold ring.
  if (!is_board_square(c.hint_square()) || c.viewing()) return;
  float x, y;
  center_of(l, c.hint_square(), x, y);
  const float pulse = float(0.5 + 0.5 * std::sin(c.now() / 180.0));
  ring(x, y, radius * (0.72f + 0.08f * pulse), std::max(2.0f, 3.5f * l.scale), rgba(255, 220, 60, 200 + int(55 * pulse)));
}

void Renderer::draw_practice_hint(const Controller& c, const Layout& l, float radius, bool under) {
  // A puzzle's hint while it is being solved: step 1 shades the quarter of the board
  // holding the answer (under the stones) and frames it (over them); step 2 rings the
  // answer's square as the game's hint does (unless the game's hint ring is already there).
  const PracticePuzzle* p = c.practice_session().current();
  if (!p || p->phase != PracticePhase::Solving || p->hint_step <= 0 || c.viewing() || p->puzzle.moves.empty()) return;
  const Square answer = p->puzzle.answer();
  if (p->hint_step == 1) {
    const Bitboard quarter = board_quarter(answer);
    float x0 = l.width, y0 = l.height, x1 = 0, y1 = 0;
    for (Bitboard b = quarter; b; b &= b - 1) {
      const Rect cr = l.cell_rect(Square(lowest_square(b)));
      if (under) fill_rect(cr, rgba(255, 212, 64, 46));
      x0 = std::min(x0, cr.x), y0 = std::min(y0, cr.y);
      x1 = std::max(x1, cr.x + cr.w), y1 = std::max(y1, cr.y + cr.h);
    }
    if (quarter && !under) frame_rect({x0, y0, x1 - x0, y1 - y0}, std::max(2.0f, std::round(3 * l.scale)), with_alpha(kGold, 220));
    return;
  }
  if (under || c.hint_square() == answer) return;
  float x, y;
  center_of(l, answer, x, y);
  const float pulse = float(0.5 + 0.5 * std::sin(c.now() / 180.0));
  ring(x, y, radius * (0.72f + 0.08f * pulse), std::max(2.0f, 3.5f * l.scale), rgba(255, 220, 60, 200 + int(55 * pulse)));
}

void Renderer::draw_analysis(const Controller& c, const Layout& l, const ShownAnalysis& a) {
  // Each legal move's value on its square, for the side to move: the best ones
  // (equal to the first) in gold with a gold frame, exact values underlined,
  // estimates a little dimmer. A dark copy one pixel down keeps the digits sharp
  // on the green.
  if (a.moves.empty()) return;
  const Lang lang = c.options().lang;
  const float s = l.scale;
  for (const MoveValue& m : a.moves) {
    if (!is_board_square(m.move)) continue;
    const Rect cr = l.cell_rect(m.move);
    const bool top = a.among_best(m);
    const bool exact = m.kind == ValueKind::Exact;
    if (top) {
      const float inset = std::round(std::max(2 * s, cr.w * 0.06f));
      frame_rect({cr.x + inset, cr.y + inset, cr.w - 2 * inset, cr.h - 2 * inset},
                 std::max(2.0f, std::round(cr.w * 0.05f)), kGold);
    }
    const std::string value = analysis_value_text(m, lang);
    const float px = font_.fit(value, std::round(cr.w * 0.36f), cr.w * 0.8f);
    const float w = font_.width(value, px), lh = font_.line_height(px);
    const float x = std::round(cr.x + (cr.w - w) / 2), y = std::round(cr.y + (cr.h - lh) / 2);
    const SDL_Color color = top ? kGold : exact ? rgba(255, 255, 255) : rgba(214, 236, 218);
    const float shadow = std::max(1.0f, std::round(s));
    text(value, x + shadow, y + shadow, px, rgba(0, 0, 0, 150));
    text(value, x, y, px, color);
    if (exact) {
      // The underline of an exact value, just under the digits' baseline.
      const float t = std::max(1.0f, std::round(px * 0.09f));
      const Rect bar{x, std::round(y + lh * 0.86f), w, t};
      fill_rect({bar.x + shadow, bar.y + shadow, bar.w, bar.h}, rgba(0, 0, 0, 150));
      fill_rect(bar, color);
    }
  }
}

void Renderer::draw_frame(const Controller& c, const Layout& l, float radius) {
  // The frame on the hovered cell or the keyboard cursor says whether a click or
  // Enter there would play: on a legal move the orange frame and a see-through
  // stone of the mover's colour; elsewhere only a thin grey frame.
  const bool keyboard = c.keyboard_active();
  const Square framed = keyboard ? c.cursor() : c.hover();
  if (!is_board_square(framed)) return;
  // The keyboard's frame always shows where the focus is; the pointer's only
  // when a person may play.
  if (!c.can_play_now() && !keyboard) return;
  const Rect cr = l.cell_rect(framed);
  const float s = l.scale;
  if (c.can_play_now() && c.position().is_legal(framed)) {
    const float x = cr.x + cr.w / 2, y = cr.y + cr.h / 2;
    const bool black = c.position().to_move == Color::Black;
    disc(x, y, radius, radius, black ? rgba(10, 10, 12, 120) : rgba(255, 255, 255, 140),
         black ? rgba(10, 10, 12, 120) : rgba(230, 230, 225, 140));
    frame_rect(cr, std::max(2.0f, std::round(3 * s)), kOrange);
    return;
  }
  const float t = std::max(1.0f, std::round((keyboard ? 2.0f : 1.0f) * s));
  frame_rect(cr, t, keyboard ? rgba(205, 210, 205, 200) : rgba(170, 180, 172, 150));
}

void Renderer::draw_rejected(const Controller& c, const Layout& l) {
  // A refused move: a red cross on its square, fading out, so a click that did
  // nothing is seen to have been refused.
  const Square sq = c.rejected_square();
  const double age = c.now() - c.rejected_at();
  if (!is_board_square(sq) || age < 0 || age >= kRejectedMarkMs) return;
  const float fade = float(1 - age / kRejectedMarkMs);
  const Rect cr = l.cell_rect(sq);
  const float cx = cr.x + cr.w / 2, cy = cr.y + cr.h / 2, arm = cr.w * 0.28f;
  const float t = std::max(2.0f, cr.w * 0.09f);
  for (const float d : {1.0f, -1.0f}) {
    // A dark outline first, so the cross shows on a black stone as on the green.
    line(cx - arm, cy - d * arm, cx + arm, cy + d * arm, t + 2 * l.scale, rgba(0, 0, 0, int(120 * fade)));
  }
  for (const float d : {1.0f, -1.0f})
    line(cx - arm, cy - d * arm, cx + arm, cy + d * arm, t, rgba(235, 40, 30, int(255 * fade)));
}

bool result_banner_shown(const Controller& c) {
  // Not while a review runs (issue 44: it covered the board's centre the whole review; the
  // status line says the result meanwhile).
  return c.over() && !c.animating() && !c.viewing() && !c.review().running;
}

void Renderer::draw_board_texts(const Controller& c, const Layout& l) {
  const Rect& b = l.board;
  const float s = l.scale;
  const double now = c.now();
  // The result across the middle of the board once the last flip has turned.
  if (result_banner_shown(c)) {
    const std::string result = c.status_line();
    const float px = std::round(l.cell * 0.42f);
    const float w = std::min(b.w - 2 * l.cell * 0.3f, font_.width(result, px) + px * 2);
    const float h = std::round(px * 2.2f);
    const Rect banner{std::round(b.x + (b.w - w) / 2), std::round(b.y + (b.h - h) / 2), w, h};
    rounded_rect({banner.x + 2 * s, banner.y + 4 * s, banner.w, banner.h}, std::round(8 * s), rgba(0, 0, 0, 90));
    rounded_rect(banner, std::round(8 * s), rgba(18, 26, 22, 225));
    text_centered(result, banner, px, kOrange);
  }

  // A pass is easy to miss: show it over the board for two seconds.
  if (c.pass_shown_at() >= 0 && !c.over()) {
    const double age = now - c.pass_shown_at();
    if (age >= 0 && age < kPassToastMs) {
      const float fade = float(std::min({1.0, age / 150.0, (kPassToastMs - age) / 300.0}));
      const float px = std::round(l.cell * 0.3f);
      const std::string message = c.message();
      const float w = std::min(b.w - l.cell * 0.5f, font_.width(message, px) + px * 2);
      const float h = std::round(px * 2.1f);
      const Rect toast{std::round(b.x + (b.w - w) / 2), std::round(b.y + l.cell * 0.5f), w, h};
      rounded_rect(toast, std::round(8 * s), rgba(18, 26, 22, int(220 * fade)));
      text_centered(message, toast, px, rgba(255, 206, 96, int(255 * fade)));
    }
  }
}

}  // namespace reversi::ui
