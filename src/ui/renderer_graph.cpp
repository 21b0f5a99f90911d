// The evaluation graph of the side panel (Full layout).
#include <algorithm>
#include <cmath>

#include "ui/renderer.h"
#include "ui/renderer_style.h"

namespace reversi::ui {

using namespace paint;

double graph_range_of(const std::vector<std::optional<GraphPoint>>& points) {
  double most = 0;
  for (const auto& point : points)
    if (point) most = std::max(most, std::abs(point->value));
  return graph_range(most);
}

std::vector<GraphMark> graph_marks_of(const Controller& c, const std::vector<std::optional<GraphPoint>>& points) {
  std::vector<GraphMark> marks;
  for (const ReviewEntry& e : c.review().entries) {
    if (!e.mistake) continue;
    GraphMark m{e.ply, std::nullopt, e.biggest};
    if (e.ply < points.size() && points[e.ply]) m.value = points[e.ply]->value;
    marks.push_back(m);
  }
  return marks;
}

void Renderer::draw_graph(const Controller& c, const Layout& l) {
  // The value for black after each move: black's advantage shaded dark above the
  // even line, white's light below it; the scale the smallest of +-8, 16, 32, 64 that
  // holds every value (labelled at the right); solved (exact) values gold and dotted,
  // estimates a thinner, paler line; the review's mistakes red marks (the biggest
  // larger); the position shown marked in orange.
  const Rect& g = l.graph;
  const float s = l.scale;
  const float t = std::max(1.0f, std::round(s));
  const Lang lang = c.options().lang;
  const auto points = c.graph();
  const bool empty = std::none_of(points.begin(), points.end(), [](const auto& point) { return point.has_value(); });
  if (!graph_ground(l, empty ? tr(lang, "graph.empty") : "")) return;
  const Rect p = graph_plot(l);
  const double range = graph_range_of(points);
  auto graph_y = [range](const Rect& plot, double value) { return ui::graph_y(plot, value, range); };
  for (double v : {range / 2, -range / 2})
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
      const bool exact = points[i]->exact && points[i + 1]->exact;
      line(a.x, a.y, b.x, b.y, exact ? std::max(1.5f, 2 * s) : std::max(1.0f, 1.3f * s),
           exact ? kGold : rgba(236, 242, 236, 220));
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
  // The review's mistakes: a red triangle pointing at the value after each.
  for (const GraphMark& m : graph_marks_of(c, points)) {
    if (m.ply >= kGraphPlies + 1) continue;
    const float mx = graph_x(p, m.ply);
    const float my = m.value ? graph_y(p, *m.value) : zero;
    const float size = graph_mark_size(m.biggest, s);
    const SDL_Color red = m.biggest ? rgba(200, 0, 24) : rgba(230, 50, 50);
    polygon({{mx - size - t, my - 1.6f * size - t}, {mx + size + t, my - 1.6f * size - t}, {mx, my + t}},
            {rgba(255, 255, 255, 220)});
    polygon({{mx - size, my - 1.6f * size}, {mx + size, my - 1.6f * size}, {mx, my}}, {red});
  }
  const std::size_t shown = shown_ply(c);
  const float xs = std::round(graph_x(p, shown));
  fill_rect({xs - std::floor(t / 2), g.y + t, t, g.h - 2 * t}, with_alpha(kOrange, 210));
  if (shown < points.size() && points[shown]) {
    const SDL_FPoint q = at(shown);
    ring(q.x, q.y, 4.5f * s, std::max(1.5f, 2 * s), kOrange);
  }
  // Who is ahead at the left, the scale's top and bottom values at the right.
  graph_labels(l, tr(lang, "graph.black_ahead"), tr(lang, "graph.white_ahead"), "+" + std::to_string(int(range)),
               "\u2212" + std::to_string(int(range)));
}

bool Renderer::graph_ground(const Layout& l, const std::string& empty) {
  const Rect& g = l.graph;
  if (g.w <= 0 || g.h <= 0) return false;
  // A lighter ground than the panel's, so that black's dark shade shows on it too.
  rounded_rect(g, std::round(6 * l.scale), rgba(120, 140, 128, 90));
  if (empty.empty()) return true;
  text_centered(empty, g, font_.fit(empty, std::round(l.font_px * 0.75f), g.w * 0.92f), kTextDim);
  return false;
}

void Renderer::graph_labels(const Layout& l, const std::string& top_left, const std::string& bottom_left,
                            const std::string& top_right, const std::string& bottom_right) {
  const Rect& g = l.graph;
  const float lpx = std::round(std::max(8 * l.scale, l.font_px * 0.62f));
  const float inset = std::round(4 * l.scale);
  const SDL_Color ink = with_alpha(kTextDim, 210);
  const float top = g.y + inset * 0.5f, bottom = g.y + g.h - font_.line_height(lpx) - inset * 0.5f;
  text(top_left, g.x + inset * 1.5f, top, lpx, ink);
  text(bottom_left, g.x + inset * 1.5f, bottom, lpx, ink);
  text(top_right, g.x + g.w - font_.width(top_right, lpx) - inset * 1.5f, top, lpx, ink);
  text(bottom_right, g.x + g.w - font_.width(bottom_right, lpx) - inset * 1.5f, bottom, lpx, ink);
}

}  // namespace reversi::ui
