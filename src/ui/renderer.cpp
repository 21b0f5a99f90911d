#include "ui/renderer.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace reversi::ui {

namespace {

constexpr float kPi = 3.14159265358979f;
constexpr double kPassToastMs = 2000;

SDL_Color rgba(int r, int g, int b, int a = 255) {
  return SDL_Color{Uint8(r), Uint8(g), Uint8(b), Uint8(std::clamp(a, 0, 255))};
}
SDL_Color with_alpha(SDL_Color c, int a) { return rgba(c.r, c.g, c.b, a); }

// Palette.
const SDL_Color kBackgroundTop = rgba(30, 40, 36), kBackgroundBottom = rgba(14, 20, 18);
const SDL_Color kFeltTop = rgba(0, 116, 28), kFeltBottom = rgba(0, 92, 16);  // dark green
const SDL_Color kLine = rgba(0, 0, 0);
const SDL_Color kOrange = rgba(255, 140, 0);
const SDL_Color kText = rgba(236, 242, 236), kTextDim = rgba(150, 165, 156);
const SDL_Color kMessage = rgba(255, 206, 96);
const SDL_Color kButton = rgba(46, 66, 56), kButtonHover = rgba(62, 90, 74),
                kButtonPressed = rgba(30, 44, 38);
const SDL_Color kGold = rgba(255, 212, 64);          // the best move, a switch that is on
// The review's marks: a mistake's move and loss in orange; each side's biggest light on red.
const SDL_Color kMistake = rgba(255, 170, 80), kBlunder = rgba(255, 214, 200), kBlunderBack = rgba(210, 50, 36, 150);

// The speed as the Speed button says it: a name for the four steps, else ms.
std::string speed_word(Lang lang, int flip_ms) {
  switch (flip_ms) {
    case kSpeedInstantMs: return tr(lang, "speed.instant");
    case kSpeedFastMs: return tr(lang, "speed.fast");
    case kSpeedNormalMs: return tr(lang, "speed.normal");
    case kSpeedSlowMs: return tr(lang, "speed.slow");
    default: return tr(lang, "speed.ms", {{"ms", std::to_string(flip_ms)}});
  }
}

// The full or the compact form of a button's text.
std::string label(Lang lang, bool compact, std::string_view full, std::string_view short_form,
                  std::initializer_list<std::pair<std::string_view, std::string>> args = {}) {
  return tr(lang, compact ? short_form : full, args);
}

}  // namespace

std::string button_label(Button b, const Controller& c, bool compact) {
  const Options& o = c.options();
  const Lang lang = o.lang;
  switch (b) {
    case Button::NewGame: return label(lang, compact, "button.new", "button.new.short");
    case Button::Undo: return tr(lang, "button.undo");
    case Button::Redo: return tr(lang, "button.redo");
    case Button::Hint: return tr(lang, "button.hint");
    case Button::Mode: {
      const std::string m = o.color_mode();
      if (m == "black") return label(lang, compact, "button.mode.black", "button.mode.black.short");
      if (m == "white") return label(lang, compact, "button.mode.white", "button.mode.white.short");
      if (m == "both") return label(lang, compact, "button.mode.both", "button.mode.both.short");
      return label(lang, compact, "button.mode.none", "button.mode.none.short");
    }
    case Button::Opponent:
      if (o.opponent().empty()) return label(lang, compact, "button.no_opponent", "button.no_opponent.short");
      return label(lang, compact, "button.opponent", "button.opponent.short", {{"player", o.opponent()}});
    case Button::Speed:
      return label(lang, compact, "button.speed", "button.speed.short", {{"speed", speed_word(lang, o.flip_ms)}});
    case Button::Markers:
      if (o.legal_markers) return label(lang, compact, "button.markers.on", "button.markers.on.short");
      return label(lang, compact, "button.markers.off", "button.markers.off.short");
    case Button::Analyse: return tr(lang, "button.analyse");
    case Button::Review:
      if (!c.review().running) return tr(lang, "button.review");
      return tr(lang, "button.review.running",
                {{"done", std::to_string(c.review().done)}, {"total", std::to_string(c.review().total)}});
    case Button::Live: return label(lang, compact, "button.live", "button.live.short");
    default: return "";  // Prev and Next are drawn as arrows
  }
}

std::string signed_discs(double value, int decimals) {
  const double scale = decimals > 0 ? 10 : 1;
  const long units = std::lround(value * scale);  // the sign of what is shown, never "-0"
  std::string digits = std::to_string(std::labs(units) / long(scale));
  if (decimals > 0) digits.append(".").append(std::to_string(std::labs(units) % 10));
  if (units == 0) return digits;
  std::string out = units > 0 ? "+" : "\u2212";
  return out += digits;
}

std::string analysis_value_text(const MoveValue& m, Lang lang) {
  switch (m.kind) {
    case ValueKind::Win: return tr(lang, "analysis.win");
    case ValueKind::Loss: return tr(lang, "analysis.loss");
    case ValueKind::Exact: return signed_discs(m.value, 0);
    case ValueKind::Midgame: break;
  }
  return signed_discs(m.value, std::abs(m.value) < 9.95 ? 1 : 0);
}

std::size_t shown_ply(const Controller& c) { return c.viewing().value_or(c.game().ply()); }

MoveListLayout move_list_of(const Controller& c, const Layout& l) {
  std::vector<Color> movers;
  for (std::size_t i = 0; i < c.game().ply(); ++i) movers.push_back(c.game().position_at(i).to_move);
  const std::size_t ply = shown_ply(c);
  return move_list_layout(l, movers, ply > 0 ? ply - 1 : 0);
}

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

void Renderer::text_centered(const std::string& s, const Rect& r, float px, SDL_Color c) {
  const float room = r.w - px * 0.6f;
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
  const float w = font_.width(shown, px);
  text(shown, r.x + (r.w - w) / 2, r.y + (r.h - font_.line_height(px)) / 2, px, c);
}

// ---- the picture --------------------------------------------------------------------

void Renderer::draw(const Controller& c, const Layout& l, Button hovered, Button pressed,
                    Button focused, bool help) {
  SDL_SetRenderDrawBlendMode(sdl_, SDL_BLENDMODE_BLEND);
  draw_background(l);
  draw_board(c, l);
  draw_rejected(c, l);
  // The web page shows the status, passes and results in HTML around the board.
  if (l.kind == LayoutKind::BoardOnly) return;
  draw_board_texts(c, l);
  draw_status(c, l);
  for (int i = 0; i < kButtonCount; ++i) draw_button(c, l, Button(i), hovered, pressed, focused);
  draw_graph(c, l);
  draw_moves(c, l);
  if (help) draw_help(c, l);
}

void Renderer::draw_help(const Controller& c, const Layout& l) {
  // Every key the desktop knows, from the catalog, on a panel over the dimmed game.
  static constexpr std::string_view kLines[] = {
      "help.mouse", "help.arrows",  "help.enter", "help.new",  "help.undo",        "help.redo", "help.hint",
      "help.analyse", "help.view", "help.paste", "help.tab", "help.help", "help.escape_view", "help.quit"};
  const Lang lang = c.options().lang;
  const float s = l.scale;
  fill_rect({0, 0, l.width, l.height}, rgba(0, 0, 0, 150));
  const float margin = std::round(16 * s);
  const float w = std::min(l.width - 2 * margin, std::round(620 * s));
  const int rows = int(std::size(kLines)) + 3;  // the title (two rows) and the closing line
  // One size for every line: the largest at which the longest fits, and all fit in height.
  float px = std::min(l.font_px, std::floor((l.height - 2 * margin) / (rows * 1.35f + 1.2f)));
  const float pad = std::round(px * 1.1f);
  for (std::string_view key : kLines) px = std::min(px, font_.fit(tr(lang, key), px, w - 2 * pad));
  const float lh = std::round(px * 1.35f);
  const float h = rows * lh + 2 * pad;
  const Rect panel{std::round((l.width - w) / 2), std::round((l.height - h) / 2), w, h};
  rounded_rect(panel, std::round(10 * s), rgba(24, 34, 30, 245));
  float y = panel.y + pad;
  text(tr(lang, "help.title"), panel.x + pad, y, std::round(px * 1.25f), kOrange);
  y += 2 * lh;
  for (std::string_view key : kLines) {
    text(tr(lang, key), panel.x + pad, y, px, kText);
    y += lh;
  }
  text(tr(lang, "help.close"), panel.x + pad, y, px, kTextDim);
}

void Renderer::draw_moves(const Controller& c, const Layout& l) {
  const Rect& r = l.moves;
  if (r.w <= 0 || r.h <= 0) return;
  rounded_rect(r, std::round(6 * l.scale), rgba(255, 255, 255, 8));
  const MoveListLayout list = move_list_of(c, l);
  const float f = list.px;
  const Lang lang = c.options().lang;
  if (list.keys.w > 0) {
    // The keyboard shortcuts on one line, or on two (split at the middle " · ")
    // rather than unreadably small, at the bottom of their box.
    const std::string keys = tr(lang, "keys.line");
    const float want = std::round(f * 0.8f);
    std::vector<std::string> lines{keys};
    if (font_.fit(keys, want, list.keys.w) < want * 0.85f) {
      const std::size_t mid = keys.find(" \u00b7 ", keys.size() / 2);
      if (mid != std::string::npos) lines = {keys.substr(0, mid), keys.substr(mid + 4)};  // " · " is 4 bytes
    }
    float kpx = want;
    for (const auto& line : lines) kpx = std::min(kpx, font_.fit(line, want, list.keys.w));
    float y = list.keys.y + list.keys.h - lines.size() * font_.line_height(kpx);
    for (const auto& line : lines) {
      text(line, list.keys.x, y, kpx, kTextDim);
      y += font_.line_height(kpx);
    }
  }
  // The review's losses by move (the controller marks the mistakes and the biggest).
  const auto& entries = c.review().entries;
  std::vector<const Controller::ReviewEntry*> by_move(c.game().ply(), nullptr);
  for (const auto& e : entries)
    if (e.ply >= 1 && e.ply <= by_move.size()) by_move[e.ply - 1] = &e;
  auto row_text_y = [&](const Rect& cell, float px) { return cell.y + (cell.h - font_.line_height(px)) / 2; };
  if (list.heading.w > 0) {
    const Rect& h = list.heading;
    text(tr(lang, "moves.heading"), h.x, row_text_y(h, f), f, kTextDim);
    if (!entries.empty()) {
      // Each side's total loss, right-aligned after the heading.
      const std::string sums = tr(lang, "moves.loss_total", {{"black", std::to_string(std::lround(c.review().black.loss))},
                                                            {"white", std::to_string(std::lround(c.review().white.loss))}});
      const float spx = font_.fit(sums, std::round(f * 0.85f), h.w * 0.7f);
      text(sums, h.x + h.w - font_.width(sums, spx), row_text_y(h, spx), spx, kTextDim);
    }
  }
  if (c.game().ply() == 0) {
    const float y = list.heading.w > 0 ? list.heading.y + list.heading.h * 1.15f : r.y + f * 0.5f;
    text(tr(lang, "moves.none"), r.x + f * 0.5f, y, f, kTextDim);
    return;
  }
  for (const auto& row : list.rows)
    text(std::to_string(row.number) + ".", row.number_rect.x, row_text_y(row.number_rect, f), f, kTextDim);
  const std::size_t shown = shown_ply(c);
  const auto moves = c.game().moves();
  const float tag_px = std::round(f * 0.78f);
  for (const auto& cell : list.cells) {
    const Rect& cr = cell.rect;
    if (cell.move < 0) {
      text("--", cr.x, row_text_y(cr, f), f, kTextDim);
      continue;
    }
    const auto* e = by_move[std::size_t(cell.move)];
    const bool mistake = e && e->mistake;
    const bool biggest = e && e->biggest;
    const Rect back{cr.x - f * 0.2f, cr.y + 1, cr.w - f * 0.1f, cr.h - 2};
    if (biggest) rounded_rect(back, std::round(4 * l.scale), kBlunderBack);
    // The move of the position shown: framed in orange.
    if (std::size_t(cell.move) + 1 == shown) {
      rounded_rect(back, std::round(4 * l.scale), rgba(255, 255, 255, 30));
      frame_rect(back, std::max(1.0f, std::round(l.scale)), kOrange);
    }
    const float w = text(square_name(moves[std::size_t(cell.move)]), cr.x, row_text_y(cr, f), f,
                         mistake ? (biggest ? kBlunder : kMistake) : kText);
    if (mistake) {
      // Whole discs: two or more is a mistake, a tenth says nothing more.
      const std::string loss = signed_discs(-e->loss, 0);
      const float px = font_.fit(loss, tag_px, cr.w - w - f * 0.35f);
      text(loss, cr.x + w + f * 0.12f, row_text_y(cr, px) + (f - px) * 0.35f, px, biggest ? kBlunder : kMistake);
    }
  }
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

void Renderer::draw_board(const Controller& c, const Layout& l) {
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

  const double now = c.now();
  const MoveAnimation* anim = c.animation();
  const Bitboard black = c.shown_black(), white = c.shown_white();
  const float inner = l.cell - l.line;
  const float radius = inner / 2 - std::max(2 * s, inner * 0.07f);
  auto center = [&](Square sq, float& x, float& y) {
    const Rect cr = l.cell_rect(sq);
    x = cr.x + cr.w / 2;
    y = cr.y + cr.h / 2;
  };

  // The analysis's values take the place of the legal-move markers on their squares
  // (after the move's animation, like the markers).
  const Controller::ShownAnalysis* analysis = c.animating() ? nullptr : c.analysis();
  Bitboard valued = 0;
  if (analysis)
    for (const MoveValue& m : analysis->moves)
      if (is_board_square(m.move)) valued |= bit(m.move);

  // Legal-move markers: a light dot with a dark rim, which stands out on the green
  // whoever is to move (a dark dot on dark green did not).
  for (Bitboard m = c.marked_moves() & ~valued; m; m &= m - 1) {
    float x, y;
    center(Square(lowest_square(m)), x, y);
    const float r = std::max(3 * s, inner * 0.12f);
    disc(x, y, r, r, rgba(0, 0, 0, 150), rgba(0, 0, 0, 150));
    const float core = r - std::max(1.0f, std::round(1.5f * s));
    disc(x, y, core, core, rgba(250, 255, 245, 215), rgba(225, 240, 225, 200));
  }

  for (int sq = 0; sq < 64; ++sq) {
    const bool is_black = (black >> sq) & 1, is_white = (white >> sq) & 1;
    if (!is_black && !is_white) continue;
    float x, y;
    center(Square(sq), x, y);
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

  // Last-move marker: a small red dot on the stone just played.
  const Square last = c.shown_last_move();
  if (c.options().last_move_marker && is_board_square(last)) {
    float x, y;
    center(last, x, y);
    const float r = std::max(2.5f * s, inner * 0.07f);
    disc(x, y, r, r, rgba(240, 70, 50), rgba(200, 30, 20));
  }

  // Hint: a pulsing gold ring.
  if (is_board_square(c.hint_square()) && !c.viewing()) {
    float x, y;
    center(c.hint_square(), x, y);
    const float pulse = float(0.5 + 0.5 * std::sin(now / 180.0));
    ring(x, y, radius * (0.72f + 0.08f * pulse), std::max(2.0f, 3.5f * s), rgba(255, 220, 60, 200 + int(55 * pulse)));
  }

  draw_frame(c, l, radius);
  // Over the frame's see-through stone, so a value stays readable under the pointer.
  if (analysis) draw_analysis(c, l, *analysis);
}

void Renderer::draw_analysis(const Controller& c, const Layout& l, const Controller::ShownAnalysis& a) {
  // Each legal move's value on its square, for the side to move: the best ones
  // (equal to the first) in gold with a gold frame, exact values underlined,
  // estimates a little dimmer. A dark copy one pixel down keeps the digits sharp
  // on the green.
  if (a.moves.empty()) return;
  const double best = a.moves.front().value;
  const Lang lang = c.options().lang;
  const float s = l.scale;
  for (const MoveValue& m : a.moves) {
    if (!is_board_square(m.move)) continue;
    const Rect cr = l.cell_rect(m.move);
    const bool top = m.value >= best - 1e-9;
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

void Renderer::draw_board_texts(const Controller& c, const Layout& l) {
  const Rect& b = l.board;
  const float s = l.scale;
  const double now = c.now();
  // The result across the middle of the board once the last flip has turned.
  if (c.over() && !c.animating() && !c.viewing()) {
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

void Renderer::draw_status(const Controller& c, const Layout& l) {
  const Rect& st = l.status;
  const float f = l.font_px;
  const bool over = c.over() && !c.animating();
  const Color to_move = c.position().to_move;
  auto count_pill = [&](Color color, const Rect& r, bool compact) {
    const bool active = !over && to_move == color;
    rounded_rect(r, r.h * 0.25f, active ? rgba(255, 255, 255, 34) : rgba(255, 255, 255, 10));
    if (active) frame_rect({r.x, r.y + r.h * 0.2f, std::max(2.0f, 3 * l.scale), r.h * 0.6f}, 3 * l.scale, kOrange);
    const float sr = r.h * 0.3f;
    const float sx = r.x + r.h * 0.55f, sy = r.y + r.h / 2 - sr * 0.08f;
    draw_stone(sx, sy, sr, 1, color, 90, 0, l);
    const Options& o = c.options();
    const std::string name = color_word(o.lang, color);
    const Seat& seat = o.seat(color);
    std::string who = seat.human ? (o.black.human && o.white.human ? "" : tr(o.lang, "panel.you")) : seat.player;
    const float tx = sx + sr + f * 0.6f;
    const float count_px = std::round(f * 1.35f);
    const std::string count = std::to_string(c.shown_count(color));
    const float cw = font_.width(count, count_px);
    if (!compact) {
      text(name, tx, r.y + r.h / 2 - f * 1.2f * (who.empty() ? 0.5f : 0.9f), f, kText);
      if (!who.empty())
        text(who, tx, r.y + r.h / 2 + f * 0.05f, font_.fit(who, f * 0.8f, r.x + r.w - tx - cw - f), kTextDim);
    }
    text(count, r.x + r.w - cw - f * 0.6f, r.y + (r.h - font_.line_height(count_px)) / 2, count_px, kText);
  };

  std::string status = c.status_line();
  // While an earlier position is shown, which one, before any message.
  std::string message = c.message();
  if (const auto ply = c.viewing()) {
    const std::string viewing = tr(c.options().lang, "panel.viewing",
                                   {{"n", std::to_string(*ply)}, {"total", std::to_string(c.game().ply())}});
    message = message.empty() ? viewing : viewing + " \u00b7 " + message;
  }
  // The thinking indicator: three dots pulsing in turn.
  auto thinking_dots = [&](float x, float y, float size) {
    for (int i = 0; i < 3; ++i) {
      const double phase = c.now() / 300.0 - i * 0.7;
      const int a = 90 + int(165 * (0.5 + 0.5 * std::sin(phase)));
      disc(x + i * size * 0.5f, y, size * 0.13f, size * 0.13f, rgba(255, 200, 80, a), rgba(255, 200, 80, a));
    }
  };
  if (c.thinking() && status.size() >= 3 && status.compare(status.size() - 3, 3, "\u2026") == 0)
    status.resize(status.size() - 3);

  // The two players' counts side by side, then the status and any message: on
  // lines of their own in landscape, on one centred line in portrait.
  const float ph = std::round(f * (l.portrait ? 1.9f : 2.4f));
  const float half = std::floor((st.w - f * 0.5f) / 2);
  count_pill(Color::Black, {st.x, st.y, half, ph}, false);
  count_pill(Color::White, {st.x + st.w - half, st.y, half, ph}, false);
  if (!l.portrait) {
    float y = st.y + ph + f * 0.5f;
    const float px = over ? std::round(f * 1.3f) : f;
    const float spx = font_.fit(status, px, st.w - f * 1.8f);
    const float w = text(status, st.x + f * 0.2f, y, spx, over ? kOrange : kText);
    if (c.thinking()) thinking_dots(st.x + f * 0.2f + w + f * 0.5f, y + font_.line_height(spx) * 0.55f, f * 1.2f);
    y += font_.line_height(px) + f * 0.2f;
    if (!message.empty()) text(message, st.x + f * 0.2f, y, font_.fit(message, f * 0.9f, st.w - f * 0.4f), kMessage);
  } else {
    std::string line = status;
    if (!message.empty()) line = line.empty() ? message : line + " \u00b7 " + message;
    const float y = st.y + ph + f * 0.35f;
    const float lpx = font_.fit(line, over && message.empty() ? std::round(f * 1.15f) : f, st.w - f * 1.5f);
    const float w = font_.width(line, lpx);
    const float x = st.x + (st.w - w) / 2;
    text(line, x, y, lpx, !message.empty() ? kMessage : over ? kOrange : kText);
    if (c.thinking()) thinking_dots(x + w + f * 0.4f, y + font_.line_height(lpx) * 0.55f, f);
  }
}

void Renderer::draw_button(const Controller& c, const Layout& l, Button b, Button hovered,
                           Button pressed, Button focused) {
  const Rect& r = l.buttons[int(b)];
  if (r.w <= 0 || r.h <= 0) return;
  bool enabled = true;
  if (b == Button::Undo) enabled = c.can_undo();
  if (b == Button::Redo) enabled = c.can_redo();
  if (b == Button::Hint) enabled = c.human_to_move() && !c.hint_pending();
  if (b == Button::Opponent) enabled = !c.options().opponent().empty();
  if (b == Button::Review) enabled = c.review().running || c.game().ply() > 0;
  if (b == Button::Prev) enabled = shown_ply(c) > 0;
  if (b == Button::Next || b == Button::Live) enabled = c.viewing().has_value();
  const bool on = b == Button::Analyse && c.analysis_on();  // a switch that is on: gold
  const SDL_Color fill = !enabled ? rgba(38, 50, 44) : b == pressed ? kButtonPressed
                         : on ? (b == hovered ? rgba(112, 92, 30) : rgba(92, 76, 24))
                         : b == hovered ? kButtonHover : kButton;
  const float radius = std::round(6 * l.scale);
  if (b == focused) {
    const float e = std::round(3 * l.scale);
    rounded_rect({r.x - e, r.y - e, r.w + 2 * e, r.h + 2 * e}, std::round(9 * l.scale), kOrange);
  }
  rounded_rect(r, radius, fill);
  const SDL_Color ink = !enabled ? kTextDim : on ? kGold : kText;
  if (b == Button::Review && c.review().running && c.review().total > 0) {
    // The review's progress fills the button from the left.
    const float done = r.w * float(c.review().done) / float(c.review().total);
    rounded_rect({r.x, r.y, std::max(done, 2 * radius), r.h}, radius, rgba(255, 212, 64, 56));
  }
  if (b == Button::Prev || b == Button::Next) {
    const float cx = r.x + r.w / 2, cy = r.y + r.h / 2, size = std::round(r.h * 0.2f);
    const float dir = b == Button::Prev ? -1 : 1;
    polygon({{cx + dir * size, cy}, {cx - dir * size * 0.8f, cy - size}, {cx - dir * size * 0.8f, cy + size}}, {ink});
    return;
  }
  // The short form where the full text would have to shrink much (landscape rows
  // of two or three buttons; portrait always).
  const float px = std::round(l.font_px * 0.92f);
  std::string label = button_label(b, c, l.portrait);
  if (!l.portrait && font_.fit(label, px, r.w - px * 0.6f) < px * 0.8f) label = button_label(b, c, true);
  text_centered(label, r, px, ink);
}

void Renderer::draw_graph(const Controller& c, const Layout& l) {
  // The value for black after each move: black's advantage shaded dark above the
  // even line, white's light below it; solved (exact) values dotted; the position
  // shown marked in orange.
  const Rect& g = l.graph;
  if (g.w <= 0 || g.h <= 0) return;
  const float s = l.scale;
  const float t = std::max(1.0f, std::round(s));
  // A lighter ground than the panel's, so that black's dark shade shows on it too.
  rounded_rect(g, std::round(6 * s), rgba(120, 140, 128, 90));
  const Lang lang = c.options().lang;
  const auto points = c.graph();
  if (std::none_of(points.begin(), points.end(), [](const auto& point) { return point.has_value(); })) {
    text_centered(tr(lang, "graph.empty"), g, std::round(l.font_px * 0.75f), kTextDim);
    return;
  }
  const Rect p = graph_plot(l);
  for (double v : {kGraphRange / 2, -kGraphRange / 2})
    fill_rect({p.x, std::round(graph_y(p, v)), p.w, t}, rgba(255, 255, 255, 16));
  for (int ply = 10; ply < kGraphPlies; ply += 10)
    fill_rect({std::round(graph_x(p, std::size_t(ply))), p.y, t, p.h}, rgba(255, 255, 255, 12));
  const float zero = graph_y(p, 0);
  auto at = [&](std::size_t i) { return SDL_FPoint{graph_x(p, i), graph_y(p, points[i]->value)}; };
  // A segment's area down (or up) to the even line, split where it crosses it.
  auto shade = [&](SDL_FPoint a, SDL_FPoint b) {
    auto fill = [&](SDL_FPoint u, SDL_FPoint v) {
      const SDL_Color col = u.y + v.y < 2 * zero ? rgba(0, 0, 0, 150) : rgba(255, 255, 255, 90);
      polygon({{u.x, zero}, u, v, {v.x, zero}}, {col});
    };
    if ((a.y < zero && b.y > zero) || (a.y > zero && b.y < zero)) {
      const SDL_FPoint m{a.x + (b.x - a.x) * (zero - a.y) / (b.y - a.y), zero};
      fill(a, m);
      fill(m, b);
    } else {
      fill(a, b);
    }
  };
  for (std::size_t i = 0; i + 1 < points.size(); ++i)
    if (points[i] && points[i + 1]) shade(at(i), at(i + 1));
  fill_rect({p.x, std::round(zero), p.w, t}, rgba(255, 255, 255, 70));
  for (std::size_t i = 0; i + 1 < points.size(); ++i)
    if (points[i] && points[i + 1]) {
      const SDL_FPoint a = at(i), b = at(i + 1);
      line(a.x, a.y, b.x, b.y, std::max(1.5f, 2 * s), rgba(236, 242, 236));
    }
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (!points[i]) continue;
    const bool alone = (i == 0 || !points[i - 1]) && (i + 1 >= points.size() || !points[i + 1]);
    if (!points[i]->exact && !alone) continue;
    const SDL_FPoint q = at(i);
    const float r = (points[i]->exact ? 2.2f : 1.8f) * s;
    disc(q.x, q.y, r + t, r + t, rgba(0, 0, 0, 170), rgba(0, 0, 0, 170));
    disc(q.x, q.y, r, r, points[i]->exact ? kGold : kText, points[i]->exact ? kGold : kText);
  }
  const std::size_t shown = shown_ply(c);
  const float xs = std::round(graph_x(p, shown));
  fill_rect({xs - std::floor(t / 2), g.y + t, t, g.h - 2 * t}, with_alpha(kOrange, 210));
  if (shown < points.size() && points[shown]) {
    const SDL_FPoint q = at(shown);
    ring(q.x, q.y, 4.5f * s, std::max(1.5f, 2 * s), kOrange);
  }
  const float lpx = std::round(std::max(8 * s, l.font_px * 0.62f));
  const float inset = std::round(4 * s);
  text(tr(lang, "graph.black_ahead"), g.x + inset * 1.5f, g.y + inset * 0.5f, lpx, with_alpha(kTextDim, 210));
  text(tr(lang, "graph.white_ahead"), g.x + inset * 1.5f, g.y + g.h - font_.line_height(lpx) - inset * 0.5f, lpx,
       with_alpha(kTextDim, 210));
}

}  // namespace reversi::ui
