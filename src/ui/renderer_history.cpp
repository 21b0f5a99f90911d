// The desktop's "Your games" panel (Full layout, key G; ui/history_panel.h): in the graph's
// box the results against each computer player (and what to play next), in the move list's box the kept games,
// newest first, two lines each (the result, whom against and when; the opening and the
// accuracy), the selected one framed in orange as the move list frames the move shown,
// and the keys at the bottom. Every text is fitted to its box (font_.fit).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "ui/renderer.h"
#include "ui/renderer_style.h"

namespace reversi::ui {

using namespace paint;

void Renderer::draw_history(const Controller& c, const Layout& l, const HistoryPanel& h) {
  const auto& entries = h.entries();
  const std::size_t selected = h.selected().value_or(0);
  const HistoryPanelLayout p = history_panel_layout(l, entries.size(), selected);
  if (p.list.w <= 0) return;
  const Lang lang = c.options().lang;
  const float f = p.px, pad = std::round(f * 0.5f), line_h = std::round(f * 1.3f);
  const float corner = std::round(6 * l.scale);
  auto text_y = [&](float top, float height, float px) { return top + (height - font_.line_height(px)) / 2; };
  // A text at the left of `r`, fitted to `width` (default: the box's).
  auto left = [&](const std::string& s, const Rect& r, float px, SDL_Color ink, float width = -1) {
    const float fit = font_.fit(s, px, width < 0 ? r.w : width);
    return text(s, r.x, text_y(r.y, r.h, fit), fit, ink);
  };

  if (p.results.w > 0) {
    const Rect& r = p.results;
    rounded_rect(r, corner, rgba(255, 255, 255, 8));
    const Rect inner{r.x + pad, r.y + pad * 0.6f, r.w - 2 * pad, r.h - 1.2f * pad};
    left(tr(lang, "desk.history.results"), {inner.x, inner.y, inner.w, line_h}, std::round(f * 0.9f), kTextDim);
    const float top = inner.y + std::round(line_h * 1.15f);
    int rows = std::max(0, int(std::floor((inner.y + inner.h - top) / line_h)));
    const auto results = h.results();
    // The advice (what to play next) on the box's last line, when there is one and room.
    if (const std::string advice = h.suggestion_text(lang, c.players()); !advice.empty() && rows >= 2) {
      --rows;
      left(advice, {inner.x, top + float(rows) * line_h, inner.w, line_h}, f, kText);
    }
    if (results.empty() && rows > 0) {
      float px = f;
      const auto lines = fit_lines(tr(lang, "desk.history.results_empty"), px, inner.w, std::size_t(rows));
      for (std::size_t i = 0; i < lines.size(); ++i)
        left(lines[i], {inner.x, top + float(i) * line_h, inner.w, line_h}, px, kTextDim);
    } else if (rows > 0) {
      // In columns where they are more than the lines (the levels, then the others).
      const int n = int(results.size());
      const int cols = std::min(3, (n + rows - 1) / rows);
      const int per = (n + cols - 1) / cols;
      const float cw = inner.w / float(cols);
      for (int i = 0; i < n; ++i) {
        const Rect cell{inner.x + float(i / per) * cw, top + float(i % per) * line_h, cw - pad, line_h};
        if (i / per >= cols) break;
        left(h.results_line(results[std::size_t(i)], lang, c.players()), cell, f, kText);
      }
    }
  }

  rounded_rect(p.list, corner, rgba(255, 255, 255, 8));
  left(tr(lang, "desk.history.heading", {{"n", grouped(static_cast<long long>(entries.size()))}}), p.heading, f, kTextDim);
  if (p.keys.w > 0) left(tr(lang, "desk.history.keys"), p.keys, std::round(f * 0.85f), kTextDim);
  if (entries.empty()) {
    const float top = p.heading.y + std::round(line_h * 1.15f);
    const float bottom = p.keys.w > 0 ? p.keys.y : p.list.y + p.list.h - pad;
    float px = f;
    const auto lines = fit_lines(tr(lang, "desk.history.empty"), px, p.heading.w,
                                 std::size_t(std::max(1.0f, std::floor((bottom - top) / line_h))));
    for (std::size_t i = 0; i < lines.size(); ++i)
      left(lines[i], {p.heading.x, top + float(i) * line_h, p.heading.w, line_h}, px, kTextDim);
    return;
  }
  for (const auto& row : p.rows) {
    const HistoryPanel::Entry& e = entries[row.index];
    const Rect& r = row.rect;
    if (row.index == selected) {
      const Rect back{r.x, r.y + 1, r.w, r.h - 2};
      rounded_rect(back, std::round(4 * l.scale), rgba(255, 255, 255, 30));
      frame_rect(back, std::max(1.0f, std::round(l.scale)), kOrange);
    }
    const float x = r.x + pad * 0.5f, w = r.w - pad;
    const float y0 = r.y + std::round(f * 0.15f), y1 = y0 + line_h;
    // The first line: the result (coloured as practice colours right and wrong) and whom
    // against, one size for both, shortened rather than unreadably small.
    const std::string result = h.result_text(e, lang);
    const SDL_Color ink = e.result == HistoryResult::Won ? kRight : e.result == HistoryResult::Lost ? kWrong : kText;
    float px = f;
    const std::string line = fit_or_shorten(result + " \u00b7 " + h.opponent_text(e, lang, c.players()), px, w);
    const std::size_t split = std::min(result.size(), line.size());
    const float rw = text(line.substr(0, split), x, text_y(y0, line_h, px), px, ink);
    text(line.substr(split), x + rw, text_y(y0, line_h, px), px, kText);
    // The second line: the date at the right (two fifths of the width at most), the opening
    // and the accuracy before it.
    const std::string date = h.date_text(e, lang);
    const float dpx = font_.fit(date, std::round(f * 0.85f), w * 0.4f);
    const float dw = font_.width(date, dpx);
    text(date, x + w - dw, text_y(y1, line_h, dpx), dpx, kTextDim);
    if (const std::string detail = h.detail_text(e, lang); !detail.empty()) {
      float dpx2 = std::round(f * 0.9f);
      const std::string shown = fit_or_shorten(detail, dpx2, w - dw - pad);
      text(shown, x, text_y(y1, line_h, dpx2), dpx2, kTextDim);
    }
  }
}

}  // namespace reversi::ui
