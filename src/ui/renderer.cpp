// The renderer's frame (draw), its primitives and the stones' texture cache. What it
// draws is in renderer_board.cpp (the board), renderer_panel.cpp (the desktop's side
// panel and help) and renderer_graph.cpp (the evaluation graph).
#include "ui/renderer.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "ui/renderer_style.h"

namespace reversi::ui {

using namespace paint;

std::size_t shown_ply(const Controller& c) { return c.viewing().value_or(c.game().ply()); }

Renderer::Renderer(SDL_Renderer* renderer, std::vector<unsigned char> font_ttf,
                   std::vector<unsigned char> fallback_ttf)
    : sdl_(renderer), font_(renderer, {std::move(font_ttf), std::move(fallback_ttf)}) {
  SDL_SetRenderDrawBlendMode(sdl_, SDL_BLENDMODE_BLEND);
}

// ---- primitives -------------------------------------------------------------------------

void Renderer::fill_rect(const Rect& r, SDL_Color c) {
  SDL_SetRenderDrawColor(sdl_, c.r, c.g, c.b, c.a);
  const SDL_FRect fr{r.x, r.y, r.w, r.h};
  SDL_RenderFillRectF(sdl_, &fr);
}

void Renderer::frame_rect(const Rect& r, float t, SDL_Color c) {
  fill_rect({r.x, r.y, r.w, t}, c);
  fill_rect({r.x, r.y + r.h - t, r.w, t}, c);
  fill_rect({r.x, r.y + t, t, r.h - 2 * t}, c);
  fill_rect({r.x + r.w - t, r.y + t, t, r.h - 2 * t}, c);
}

void Renderer::gradient_rect(const Rect& r, SDL_Color top, SDL_Color bottom) {
  // Horizontal bands: as smooth as the colours allow (a few levels apart each),
  // and plain rectangle fills are fast in every renderer, software included.
  const int levels = std::max({std::abs(top.r - bottom.r), std::abs(top.g - bottom.g),
                               std::abs(top.b - bottom.b), std::abs(top.a - bottom.a), 1});
  const int bands = std::clamp(levels, 1, std::max(1, int(r.h / 2)));
  for (int i = 0; i < bands; ++i) {
    const float t = bands > 1 ? float(i) / float(bands - 1) : 0;
    auto mix = [t](Uint8 a, Uint8 b) { return int(std::lround(a + (b - a) * t)); };
    const float y0 = std::round(r.y + r.h * i / bands), y1 = std::round(r.y + r.h * (i + 1) / bands);
    fill_rect({r.x, y0, r.w, y1 - y0},
              rgba(mix(top.r, bottom.r), mix(top.g, bottom.g), mix(top.b, bottom.b), mix(top.a, bottom.a)));
  }
}

void Renderer::disc(float cx, float cy, float rx, float ry, SDL_Color center_color,
                    SDL_Color edge_color, float hx, float hy, float feather) {
  if (rx <= 0 || ry <= 0) return;
  const int n = std::clamp(int(std::max(rx, ry) * 1.5f), 24, 160);
  vertices_.clear();
  indices_.clear();
  vertices_.push_back({{cx + hx, cy + hy}, center_color, {0, 0}});
  const SDL_Color clear = with_alpha(edge_color, 0);
  for (int i = 0; i < n; ++i) {
    const float a = 2 * kPi * float(i) / float(n);
    const float ca = std::cos(a), sa = std::sin(a);
    vertices_.push_back({{cx + rx * ca, cy + ry * sa}, edge_color, {0, 0}});
    vertices_.push_back({{cx + (rx + feather) * ca, cy + (ry + feather) * sa}, clear, {0, 0}});
  }
  for (int i = 0; i < n; ++i) {
    const int a = 1 + 2 * i, b = 1 + 2 * ((i + 1) % n);
    indices_.insert(indices_.end(), {0, a, b});             // the body
    indices_.insert(indices_.end(), {a, a + 1, b + 1, a, b + 1, b});  // feathered edge
  }
  SDL_RenderGeometry(sdl_, nullptr, vertices_.data(), int(vertices_.size()), indices_.data(),
                     int(indices_.size()));
}

void Renderer::ring(float cx, float cy, float r, float t, SDL_Color c) {
  const int n = std::clamp(int(r * 2.0f), 24, 180);
  vertices_.clear();
  indices_.clear();
  const SDL_Color clear = with_alpha(c, 0);
  for (int i = 0; i < n; ++i) {
    const float a = 2 * kPi * float(i) / float(n);
    const float ca = std::cos(a), sa = std::sin(a);
    for (float rr : {r - t / 2 - 1, r - t / 2, r + t / 2, r + t / 2 + 1})
      vertices_.push_back({{cx + rr * ca, cy + rr * sa}, c, {0, 0}});
    vertices_[vertices_.size() - 4].color = clear;
    vertices_.back().color = clear;
  }
  for (int i = 0; i < n; ++i) {
    const int a = 4 * i, b = 4 * ((i + 1) % n);
    for (int k = 0; k < 3; ++k)
      indices_.insert(indices_.end(), {a + k, a + k + 1, b + k + 1, a + k, b + k + 1, b + k});
  }
  SDL_RenderGeometry(sdl_, nullptr, vertices_.data(), int(vertices_.size()), indices_.data(),
                     int(indices_.size()));
}

void Renderer::line(float x0, float y0, float x1, float y1, float t, SDL_Color c) {
  const float dx = x1 - x0, dy = y1 - y0, len = std::sqrt(dx * dx + dy * dy);
  if (len <= 0) return;
  const float nx = -dy / len * t / 2, ny = dx / len * t / 2;  // half the width, across
  vertices_.clear();
  indices_ = {0, 1, 2, 0, 2, 3};
  for (const auto& [x, y] : {std::pair{x0 + nx, y0 + ny}, std::pair{x1 + nx, y1 + ny},
                             std::pair{x1 - nx, y1 - ny}, std::pair{x0 - nx, y0 - ny}})
    vertices_.push_back({{x, y}, c, {0, 0}});
  SDL_RenderGeometry(sdl_, nullptr, vertices_.data(), 4, indices_.data(), 6);
}

void Renderer::polygon(std::initializer_list<SDL_FPoint> points, std::initializer_list<SDL_Color> colors) {
  vertices_.clear();
  indices_.clear();
  auto color = colors.begin();
  for (const SDL_FPoint& p : points) {
    vertices_.push_back({p, *color, {0, 0}});
    if (color + 1 != colors.end()) ++color;  // fewer colours: the last one for the rest
  }
  for (int i = 1; i + 1 < int(vertices_.size()); ++i) indices_.insert(indices_.end(), {0, i, i + 1});
  SDL_RenderGeometry(sdl_, nullptr, vertices_.data(), int(vertices_.size()), indices_.data(),
                     int(indices_.size()));
}

void Renderer::soft_shadow(float cx, float cy, float r, float blur, SDL_Color c) {
  // A disc that fades from full alpha at r - blur to nothing at r + blur.
  disc(cx, cy, std::max(1.0f, r - blur), std::max(1.0f, r - blur), c, c, 0, 0, 2 * blur);
}

void Renderer::rounded_rect(const Rect& r, float radius, SDL_Color fill) {
  // One convex polygon (a fan from the centre), so translucent fills have no
  // overlapping seams.
  radius = std::max(0.0f, std::min({radius, r.w / 2, r.h / 2}));
  const int steps = std::clamp(int(radius * 0.6f), 3, 16);
  vertices_.clear();
  indices_.clear();
  vertices_.push_back({{r.x + r.w / 2, r.y + r.h / 2}, fill, {0, 0}});
  const float cxs[4] = {r.x + r.w - radius, r.x + radius, r.x + radius, r.x + r.w - radius};
  const float cys[4] = {r.y + r.h - radius, r.y + r.h - radius, r.y + radius, r.y + radius};
  for (int corner = 0; corner < 4; ++corner)
    for (int i = 0; i <= steps; ++i) {
      const float a = kPi / 2 * (float(corner) + float(i) / float(steps));
      vertices_.push_back({{cxs[corner] + radius * std::cos(a), cys[corner] + radius * std::sin(a)}, fill, {0, 0}});
    }
  const int n = int(vertices_.size()) - 1;
  for (int i = 0; i < n; ++i) indices_.insert(indices_.end(), {0, 1 + i, 1 + (i + 1) % n});
  SDL_RenderGeometry(sdl_, nullptr, vertices_.data(), int(vertices_.size()), indices_.data(),
                     int(indices_.size()));
}

float Renderer::text(const std::string& s, float x, float y, float px, SDL_Color c) {
  return font_.draw(s, std::round(x), std::round(y), px, c);
}

std::string Renderer::fit_or_shorten(const std::string& s, float& px, float room) {
  const float fitted = font_.fit(s, px, room);
  std::string shown = s;
  if (fitted < px * 0.75f) {
    // Shrinking further would be unreadable: shorten with an ellipsis instead.
    px = std::round(px * 0.75f);
    while (shown.size() > 1 && font_.width(shown + "\u2026", px) > room) {
      // Whole characters: a UTF-8 sequence's continuation bytes, then its lead.
      while (shown.size() > 1 && (static_cast<unsigned char>(shown.back()) & 0xC0) == 0x80) shown.pop_back();
      shown.pop_back();
    }
    shown += "\u2026";
  } else {
    px = fitted;
  }
  return shown;
}

void Renderer::text_centered(const std::string& s, const Rect& r, float px, SDL_Color c) {
  const std::string shown = fit_or_shorten(s, px, r.w - px * 0.6f);
  const float w = font_.width(shown, px);
  text(shown, r.x + (r.w - w) / 2, r.y + (r.h - font_.line_height(px)) / 2, px, c);
}

// ---- the picture --------------------------------------------------------------------

void Renderer::draw(const Controller& c, const Layout& l, Button hovered, Button pressed,
                    Button focused, bool help, const HistoryPanel* history, const std::string* explorer_entry) {
  SDL_SetRenderDrawBlendMode(sdl_, SDL_BLENDMODE_BLEND);
  draw_background(l);
  draw_board(c, l);
  draw_rejected(c, l);
  // The web page shows the status, passes and results in HTML around the board.
  if (l.kind == LayoutKind::BoardOnly) return;
  draw_board_texts(c, l);
  draw_status(c, l);
  for (int i = 0; i < kButtonCount; ++i) draw_button(c, l, Button(i), hovered, pressed, focused);
  if (!c.table_rules().players_game()) {  // a puzzle: its room in the panel
    draw_rating_graph(c, l);
    draw_practice(c, l);
  } else if (history && history->shown()) {
    draw_history(c, l, *history);
  } else {
    draw_graph(c, l);
    draw_moves(c, l);
    draw_explorer(c, l, explorer_entry);
  }
  if (help) draw_help(c, l);
}

void Renderer::draw_background(const Layout& l) {
  gradient_rect({0, 0, l.width, l.height}, kBackgroundTop, kBackgroundBottom);
}

void Renderer::reset_cache() {
  for (auto& sp : sprites_)
    if (sp.texture) SDL_DestroyTexture(sp.texture);
  sprites_.clear();
}

Renderer::~Renderer() { reset_cache(); }

void Renderer::draw_stone(float cx, float cy, float r, float squash, Color color,
                          float shadow_alpha, float lift, const Layout& l) {
  // Stones are drawn once per size into a texture and then copied: many
  // triangles per stone are cheap on a GPU but not in SDL's software renderer.
  const int key_r = int(std::lround(r * 2));
  const int alpha = int(shadow_alpha);
  Sprite* sprite = nullptr;
  for (auto& sp : sprites_)
    if (sp.color == color && sp.radius2 == key_r && sp.shadow == alpha && sp.scale == l.scale) sprite = &sp;
  if (!sprite && SDL_RenderTargetSupported(sdl_)) {
    if (sprites_.size() >= 24) {  // sizes change on resize and during the drop-in
      if (sprites_.front().texture) SDL_DestroyTexture(sprites_.front().texture);
      sprites_.erase(sprites_.begin());
    }
    Sprite sp{color, key_r, alpha, l.scale, nullptr, int(std::ceil(r * 3.4f + 8))};
    sp.texture = SDL_CreateTexture(sdl_, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, sp.size, sp.size);
    if (sp.texture) {
      SDL_Texture* old = SDL_GetRenderTarget(sdl_);
      SDL_SetRenderTarget(sdl_, sp.texture);
      SDL_SetRenderDrawColor(sdl_, 0, 0, 0, 0);
      SDL_RenderClear(sdl_);
      paint_stone(sp.size / 2.0f, sp.size / 2.0f, key_r / 2.0f, 1, color, shadow_alpha, 0, l);
      SDL_SetRenderTarget(sdl_, old);
      SDL_SetTextureBlendMode(sp.texture, SDL_BLENDMODE_BLEND);
      SDL_SetTextureScaleMode(sp.texture, SDL_ScaleModeLinear);
      sprites_.push_back(sp);
      sprite = &sprites_.back();
    }
  }
  if (!sprite) {
    paint_stone(cx, cy, r, squash, color, shadow_alpha, lift, l);
    return;
  }
  const float size = float(sprite->size);
  const float w = size * std::max(0.06f, squash);
  const SDL_FRect dst{cx - w / 2, cy - size / 2 - lift, w, size};
  SDL_RenderCopyF(sdl_, sprite->texture, nullptr, &dst);
}

void Renderer::paint_stone(float cx, float cy, float r, float squash, Color color,
                           float shadow_alpha, float lift, const Layout& l) {
  const float off = std::max(2 * l.scale, r * 0.09f);  // the classic 2 px rim, scaled
  const float rx = r * std::max(0.06f, squash);
  // A soft shadow on the felt, further away while the stone is lifted.
  soft_shadow(cx + off * 0.9f, cy + off * 1.8f + lift * 0.4f, r * (1.0f + lift / r * 0.1f),
              r * 0.2f + lift * 0.3f, rgba(0, 0, 0, int(shadow_alpha)));
  cy -= lift;
  // The other side of the stone shows as a rim below it.
  if (color == Color::Black)
    disc(cx, cy + off, rx, r, rgba(235, 235, 228), rgba(170, 170, 162), 0, r * 0.5f);
  else
    disc(cx, cy + off, rx, r, rgba(46, 46, 48), rgba(6, 6, 8), 0, r * 0.5f);
  // The face, lit from the upper left.
  const float hx = -0.32f * rx, hy = -0.36f * r;
  if (color == Color::Black)
    disc(cx, cy, rx, r, rgba(86, 88, 92), rgba(10, 10, 12), hx, hy);
  else
    disc(cx, cy, rx, r, rgba(255, 255, 255), rgba(196, 198, 192), hx, hy);
}

}  // namespace reversi::ui
