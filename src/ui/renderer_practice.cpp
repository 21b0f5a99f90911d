// The desktop's practice panel (Full layout, while a puzzle is open): in the move
// list's box the puzzle (what it is, where it comes from, the goal), the hint, the
// judgement, the trainer's moves beside the best ones, the player's rating and streak
// and the keys of the moment; in the graph's box the rating after each rated answer,
// drawn as the evaluation graph is. The board itself (the hint's region and square,
// every move's value once judged) is renderer_board.cpp's.
#include <algorithm>
#include <initializer_list>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ui/renderer.h"
#include "ui/renderer_style.h"

namespace reversi::ui {

using namespace paint;

namespace {

std::string number(double v) { return std::to_string(std::lround(v)); }

// The bytes of the UTF-8 character starting at s[i].
std::size_t char_length(std::string_view s, std::size_t i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  const std::size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  return std::min(n, s.size() - i);
}

}  // namespace

std::vector<std::string> wrap_text(Font& font_, const std::string& s, float px, float width) {
  // Greedy: as many characters as fit, broken after the last space when the line is
  // then still well filled (English), else between characters (Japanese, which has no
  // spaces), but never inside a run of ASCII or a number's minus sign ("g8", "\u221220"),
  // never before closing punctuation and never after an opening bracket.
  auto ascii = [](std::string_view t, std::size_t i) {  // i: any byte of the character
    while (i > 0 && (static_cast<unsigned char>(t[i]) & 0xC0) == 0x80) --i;
    const unsigned char ch = static_cast<unsigned char>(t[i]);
    return (ch < 0x80 && ch != ' ') || t.substr(i, 3) == "\u2212";
  };
  auto previous = [](std::string_view t, std::size_t i) {  // the start of the character before i
    do --i;
    while (i > 0 && (static_cast<unsigned char>(t[i]) & 0xC0) == 0x80);
    return i;
  };
  auto is_one_of = [](std::string_view c, std::initializer_list<std::string_view> set) {
    return std::find(set.begin(), set.end(), c) != set.end();
  };
  std::vector<std::string> lines;
  std::string_view rest = s;
  while (!rest.empty()) {
    if (font_.width(rest, px) <= width) {
      lines.emplace_back(rest);
      break;
    }
    std::size_t end = 0, space = std::string_view::npos;
    for (std::size_t i = 0; i < rest.size();) {
      const std::size_t next = i + char_length(rest, i);
      if (font_.width(rest.substr(0, next), px) > width) break;
      if (rest[i] == ' ') space = i;
      end = i = next;
    }
    if (end == 0) end = char_length(rest, 0);  // not even one character fits: one a line
    std::size_t cut = end;
    if (space != std::string_view::npos && space > 0 && font_.width(rest.substr(0, space), px) >= width * 0.6f) {
      cut = space;
    } else if (end < rest.size()) {
      // In this order: a closing mark takes the character before it down, which may
      // be the end of an ASCII run, which goes down whole.
      if (is_one_of(rest.substr(cut, char_length(rest, cut)), {")", "\uff09", "\u3001", "\u3002", "\u300d"}))
        if (const std::size_t b = previous(rest, cut); b > 0) cut = b;
      if (ascii(rest, cut) && ascii(rest, cut - 1)) {
        std::size_t b = cut;
        while (b > 0 && ascii(rest, b - 1)) --b;
        if (b > 0) cut = b;
      }
      if (cut > 0) {
        const std::size_t b = previous(rest, cut);
        if (b > 0 && is_one_of(rest.substr(b, cut - b), {"(", "\uff08", "\u300c"})) cut = b;
      }
    }
    lines.emplace_back(rest.substr(0, cut));
    rest.remove_prefix(cut);
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  }
  return lines;
}

std::vector<std::string> Renderer::wrap(const std::string& s, float px, float width) {
  return wrap_text(font_, s, px, width);
}

std::vector<std::string> Renderer::fit_lines(const std::string& s, float& px, float width, std::size_t most) {
  const float min_px = std::round(px * 0.75f);
  std::vector<std::string> lines = wrap(s, px, width);
  // A little too long for one line (the second would be a stub): a little smaller.
  if (lines.size() == 2 && font_.fit(s, px, width) >= px * 0.85f) lines = {s};
  while (lines.size() > most && px > min_px) lines = wrap(s, --px, width);
  if (lines.size() > most) {
    // Still too long: the last line takes the rest (each line is a prefix of what is
    // left, the spaces at the breaks dropped), shrunk to fit.
    std::string_view rest = s;
    lines.resize(most - 1);
    for (const auto& kept : lines) {
      rest.remove_prefix(std::min(kept.size(), rest.size()));
      while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    }
    lines.emplace_back(rest);
  }
  return lines;
}

std::string practice_line(const Controller& c) {
  const PracticePuzzle* p = c.practice_session().current();
  if (!p) return "";
  if (p->judgement && p->phase == PracticePhase::Judged) return c.practice_session().judgement_text(c.options().lang);  // in the language of now
  if (p->phase == PracticePhase::Solving) return c.practice_session().goal(c.options().lang);
  return "";
}

void Renderer::draw_practice_status(const Controller& c, const Rect& area, float px, const std::string& line,
                                    const std::string& message) {
  const PracticePuzzle* p = c.practice_session().current();
  const bool judged = p && p->judgement && p->phase == PracticePhase::Judged;
  const SDL_Color ink = !judged ? kText : p->judgement->right ? kRight : kWrong;
  // Two lines at most (one with a message under it), at a smaller size when needed.
  std::vector<std::string> lines = fit_lines(line, px, area.w, message.empty() ? 2 : 1);
  float y = area.y;
  for (const auto& part : lines) {
    text(part, area.x, y, font_.fit(part, px, area.w), ink);
    y += font_.line_height(px);
  }
  if (!message.empty()) text(message, area.x, y, font_.fit(message, px * 0.9f, area.w), kMessage);
}

void Renderer::draw_practice(const Controller& c, const Layout& l) {
  const Rect& box = l.moves;
  const PracticePuzzle* p = c.practice_session().current();
  if (box.w <= 0 || box.h <= 0 || !p) return;
  rounded_rect(box, std::round(6 * l.scale), rgba(255, 255, 255, 8));
  const Lang lang = c.options().lang;
  const float f = std::round(l.font_px * 0.85f);
  const float pad = std::round(f * 0.5f);
  const float x = box.x + pad, w = box.w - 2 * pad;
  const float lh = font_.line_height(f);
  const PracticeRecord& record = c.practice_session().record();

  // The foot: the rating, the count of answers and the keys of the moment, from the bottom up.
  const std::string rating = tr(lang, "desk.practice.rating",
                                {{"rating", number(record.rating.rating)},
                                 {"deviation", number(record.rating.deviation)},
                                 {"streak", std::to_string(record.rating.streak)},
                                 {"best", std::to_string(record.best_streak)}});
  const std::string solved = tr(lang, "desk.practice.solved", {{"solved", std::to_string(record.solved)},
                                                               {"attempts", std::to_string(record.attempts())}});
  const std::string_view keys_key = p->phase == PracticePhase::Solving  ? "desk.practice.keys.solving"
                                    : p->phase == PracticePhase::Judged ? "desk.practice.keys.judged"
                                                                        : "desk.practice.keys.playing";
  const std::string keys = tr(lang, keys_key);
  const float small = std::round(f * 0.8f);
  float foot = box.y + box.h - pad;
  auto foot_line = [&](const std::string& s, float px, SDL_Color ink) {
    const float fit = font_.fit(s, px, w);
    foot -= font_.line_height(px);
    text(s, x, foot + (font_.line_height(px) - font_.line_height(fit)) / 2, fit, ink);
  };
  foot_line(keys, small, kTextDim);
  foot -= std::round(pad * 0.5f);
  foot_line(solved, f, kTextDim);
  foot_line(rating, f, kText);
  foot -= std::round(pad * 0.5f);

  // The rest from the top, while it fits above the foot.
  float y = box.y + pad;
  auto line = [&](const std::string& s, float px, SDL_Color ink) {
    for (const auto& part : wrap(s, px, w)) {
      if (y + font_.line_height(px) > foot) return false;
      text(part, x, y, px, ink);
      y += font_.line_height(px);
    }
    return true;
  };
  auto gap = [&] { y += std::round(lh * 0.35f); };
  const Puzzle& puzzle = p->puzzle;
  std::string title;
  switch (p->kind) {
    case PracticeKind::Rated: title = tr(lang, "desk.practice.title.rated", {{"rating", std::to_string(puzzle.rating)}}); break;
    case PracticeKind::Daily: title = tr(lang, "desk.practice.title.daily", {{"date", p->date}}); break;
    case PracticeKind::Drill:
      title = tr(lang, "desk.practice.title.drill",
                 {{"n", std::to_string(p->id + 1)}, {"count", std::to_string(c.practice_session().drill_size())}});
      break;
    case PracticeKind::Trainer:
      title = tr(lang, "desk.practice.title.trainer", {{"empties", std::to_string(puzzle.empties())}});
      break;
  }
  const float title_px = std::round(f * 1.1f);
  text(title, x, y, font_.fit(title, title_px, w), kGold);
  y += font_.line_height(title_px);
  if (puzzle.game > 0 && !puzzle.black.empty()) {  // one line, smaller when long
    const std::string source = tr(lang, "desk.practice.source",
                                  {{"black", puzzle.black}, {"white", puzzle.white}, {"year", std::to_string(puzzle.year)}});
    text(source, x, y, font_.fit(source, small, w), kTextDim);
    y += font_.line_height(small);
  }
  // The goal and the judgement are the status's (draw_practice_status).
  if (p->phase == PracticePhase::Solving && p->hint_step > 0) {
    gap();
    // On a rated puzzle, what the hint costs (answer_score).
    const bool first = p->hint_step == 1;
    std::string hint = tr(lang, first ? "desk.practice.hint.region" : "desk.practice.hint.square");
    if (p->rated) hint += " \u00b7 " + tr(lang, first ? "desk.practice.hint.half" : "desk.practice.hint.miss");
    if (!line(hint, f, kMessage)) return;
  }
  if (p->judgement) {
    gap();
    // While the position is played on the status says whose move it is: the judgement here.
    if (p->phase != PracticePhase::Judged && !line(c.practice_session().judgement_text(lang), f, p->judgement->right ? kRight : kWrong))
      return;
    // What this answer did to the rating (a rated puzzle always moves it; the history
    // holds the rating after each rated answer).
    if (p->kind == PracticeKind::Rated && !record.history.empty()) {
      const double before = record.history.size() >= 2 ? record.history[record.history.size() - 2] : 1500.0;
      const long change = std::lround(record.history.back() - before);
      const std::string sign = change > 0 ? "+" : change < 0 ? "\u2212" : "\u00b10";
      const std::string amount = change == 0 ? "" : std::to_string(std::labs(change));
      if (!line(tr(lang, "desk.practice.change", {{"change", sign + amount}}), f, kTextDim)) return;
    }
  }
  if (p->kind == PracticeKind::Trainer) {
    // The trainer starts in play, so the status says whose move it is: the goal here.
    if (!line(c.practice_session().goal(lang), small, kText)) return;
    gap();
    const auto value_text = [](const std::optional<int>& v) { return v ? signed_discs(*v, 0) : std::string("\u2026"); };
    if (p->trainer_result) {
      if (!line(tr(lang, "desk.practice.trainer.result",
                   {{"result", signed_discs(*p->trainer_result, 0)}, {"best", value_text(p->trainer_best)}}),
                f, *p->trainer_result >= p->trainer_best.value_or(*p->trainer_result) ? kRight : kWrong))
        return;
    } else if (!line(tr(lang, "desk.practice.trainer.best", {{"best", value_text(p->trainer_best)}}), f, kText)) {
      return;
    }
    // The person's moves, the latest ones when not all fit.
    const auto& steps = p->trainer_steps;
    const int room = std::max(0, int((foot - y) / font_.line_height(small)));
    for (std::size_t i = steps.size() > std::size_t(room) ? steps.size() - room : 0; i < steps.size(); ++i) {
      const TrainerStep& s = steps[i];
      const bool lost = s.value && s.best_value && *s.value < *s.best_value;
      if (!line(tr(lang, "desk.practice.trainer.step",
                   {{"n", std::to_string(i + 1)}, {"move", square_name(s.square)}, {"value", value_text(s.value)},
                    {"best", is_board_square(s.best) ? square_name(s.best) : std::string("\u2026")},
                    {"best_value", value_text(s.best_value)}}),
                small, lost ? kWrong : kText))
        return;
    }
  }
}

void Renderer::draw_rating_graph(const Controller& c, const Layout& l) {
  // The rating after each rated answer (the last kPracticeHistory), on a scale of whole
  // hundreds holding them all, the latest point gold; as the evaluation graph is drawn.
  const float s = l.scale;
  const float t = std::max(1.0f, std::round(s));
  const Lang lang = c.options().lang;
  const std::vector<double>& history = c.practice_session().record().history;
  if (!graph_ground(l, history.empty() ? tr(lang, "desk.practice.graph.empty") : "")) return;
  const Rect p = graph_plot(l);
  const auto [lo_it, hi_it] = std::minmax_element(history.begin(), history.end());
  double lo = std::floor(*lo_it / 100) * 100, hi = std::ceil(*hi_it / 100) * 100;
  if (hi - lo < 200) lo = std::floor(((lo + hi) / 2 - 100) / 100) * 100, hi = lo + 200;
  auto at = [&](std::size_t i) {
    const float x = history.size() == 1 ? p.x + p.w / 2 : p.x + p.w * float(i) / float(history.size() - 1);
    return SDL_FPoint{x, p.y + p.h - float((history[i] - lo) / (hi - lo)) * p.h};
  };
  for (double v = lo + 100; v < hi; v += 100)
    fill_rect({p.x, std::round(p.y + p.h - float((v - lo) / (hi - lo)) * p.h), p.w, t}, rgba(255, 255, 255, 16));
  for (std::size_t i = 0; i + 1 < history.size(); ++i) {
    const SDL_FPoint a = at(i), b = at(i + 1);
    line(a.x, a.y, b.x, b.y, std::max(1.5f, 2 * s), rgba(236, 242, 236, 220));
  }
  const SDL_FPoint last = at(history.size() - 1);
  const float r = 2.6f * s;
  disc(last.x, last.y, r + t, r + t, rgba(0, 0, 0, 170), rgba(0, 0, 0, 170));
  disc(last.x, last.y, r, r, kGold, kGold);
  graph_labels(l, tr(lang, "desk.practice.graph.title"), "", number(hi), number(lo));
}

}  // namespace reversi::ui
