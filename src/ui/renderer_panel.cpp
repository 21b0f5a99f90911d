// The desktop's side panel (Full layout): the players' counts and the status, the
// buttons, the move list with the review's marks, and the help overlay over them.
#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ui/explorer_move.h"
#include "ui/renderer.h"
#include "ui/renderer_style.h"

namespace reversi::ui {

using namespace paint;

namespace {

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

std::string selected_best_line(const Controller& c) {
  if (!c.table_rules().players_game()) return "";  // the board is a puzzle's, the review the game's
  const std::size_t shown = shown_ply(c);
  for (const ReviewEntry& e : c.review().entries)
    if (e.ply == shown + 1 && e.mistake && !e.best_line.empty())
      return tr(c.options().lang, "review.best_line", {{"line", line_text(e.best_line)}});
  return "";
}

std::size_t chosen_view_ply(const Controller& c, std::size_t ply) {
  if (ply == 0 || !c.table_rules().players_game()) return ply;
  for (const ReviewEntry& e : c.review().entries)
    if (e.ply == ply && e.mistake) return ply - 1;
  return ply;
}

std::string button_label(Button b, const Controller& c, bool compact) {
  // The seats of the player's game, also during a puzzle (issue 44: "Two players / No comp.").
  const Options& o = c.game_options();
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
      // "Level 6" (レベル6) as the page says it, not the player's id "level-6".
      return label(lang, compact, "button.opponent", "button.opponent.short",
                   {{"player", player_short_name(lang, c.players(), o.opponent())}});
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
    case Button::Clock:
      if (!o.clock.timed()) return label(lang, compact, "button.clock.none", "button.clock.none.short");
      return label(lang, compact, "button.clock", "button.clock.short", {{"clock", time_control_name(o.clock)}});
    default: return "";  // Prev and Next are drawn as arrows
  }
}

ExplorerLines explorer_lines_of(const ExplorerPanel& e) {
  ExplorerLines lines;
  if (e.state != ExplorerPanel::State::Ready || e.moves.empty()) return lines;  // one line of message
  lines.moves = std::min<int>(ExplorerLines::kMoves, int(e.moves.size()));
  lines.games = std::min<int>(ExplorerLines::kGames, int(e.players.empty() ? e.recent.size() : e.players.size()));
  lines.note = e.start ? 1 : 0;
  return lines;
}

ExplorerBoxLayout explorer_box_of(const Controller& c, const Layout& l) {
  // The opening's line is kept for every game from the start position (so the move
  // list does not jump when a game enters or leaves a named opening).
  const bool opening = c.game().start() == Position::initial();
  const ExplorerPanel e = c.explorer_session().panel();
  const ExplorerLines lines = explorer_lines_of(e);
  return explorer_box_layout(l, opening, e.state != ExplorerPanel::State::Hidden, 1 + lines.moves + lines.note,
                             lines.games ? 1 + lines.games : 0);
}

MoveListLayout move_list_of(const Controller& c, const Layout& l) {
  std::vector<Color> movers;
  for (std::size_t i = 0; i < c.game().ply(); ++i) movers.push_back(c.game().position_at(i).to_move);
  const std::size_t ply = shown_ply(c);
  Layout rest = l;
  rest.moves = explorer_box_of(c, l).moves;
  return move_list_layout(rest, movers, ply > 0 ? ply - 1 : 0);
}

// A search's outcome, the explorer's heading while a search lists the games (the games
// themselves only fit tall windows): the player's record, the names a part of a name matched,
// why nothing was found, or how many games were found.
static std::string explorer_search_title(const ExplorerSession& x, Lang lang) {
  // The database's "no player's name contains 'X'" (or a year out of range) in the window's language.
  if (!x.list_error().message.empty()) return error_text(lang, x.list_error());
  const ExplorerGames* found = x.list();
  if (!found) return tr(lang, "explorer.loading");
  if (found->player && found->rating)  // the player's rating beside the record (core/player_ratings.h)
    return tr(lang, "explorer.found_rated", {{"name", *found->player}, {"games", grouped(found->player_games)},
                                             {"wins", grouped(found->player_wins)},
                                             {"rating", std::to_string(found->rating->latest.rating)},
                                             {"year", std::to_string(found->rating->latest.year)}});
  if (found->player)
    return tr(lang, "explorer.found", {{"name", *found->player}, {"games", grouped(found->player_games)},
                                       {"wins", grouped(found->player_wins)}});
  if (found->players.size() > 1) {
    std::string names;
    for (std::size_t i = 0; i < found->players.size() && i < 4; ++i) names += (i ? ", " : "") + found->players[i];
    if (found->players.size() > 4) names += ", …";
    return tr(lang, "explorer.players", {{"names", names}});
  }
  return tr(lang, "explorer.found_games", {{"count", grouped(found->count)}});
}

void Renderer::draw_explorer(const Controller& c, const Layout& l, const std::string* entry) {
  const ExplorerBoxLayout box = explorer_box_of(c, l);
  const float f = box.px;
  if (f <= 0) return;
  const Lang lang = c.options().lang;
  auto text_y = [&](const Rect& cell, float px) { return cell.y + (cell.h - font_.line_height(px)) / 2; };
  if (box.opening.w > 0) {
    const std::string name = c.opening_name();
    if (!name.empty()) {
      const std::string line = tr(lang, "panel.opening", {{"name", name}});
      const float px = font_.fit(line, f, box.opening.w);
      text(line, box.opening.x, text_y(box.opening, px), px, kGold);
    }
  }
  if (box.heading.w <= 0) return;
  const ExplorerPanel e = c.explorer_session().panel();
  const bool ready = e.state == ExplorerPanel::State::Ready;
  // While a player's name is typed (F), the heading is the entry; after a search, its outcome.
  const std::string heading = entry                ? tr(lang, "explorer.search_prompt", {{"name", *entry + "_"}})
                              : ready && e.searched ? explorer_search_title(c.explorer_session(), lang)
                              : ready               ? tr(lang, "explorer.heading", {{"games", grouped(e.games)}})
                                                    : tr(lang, "explorer.title");
  text(heading, box.heading.x, text_y(box.heading, f), font_.fit(heading, f, box.heading.w),
       entry || (ready && e.searched) ? kGold : kTextDim);
  if (box.lines <= 0) return;
  const Rect first = explorer_row(box, 0);
  if (!ready || e.moves.empty()) {
    const std::string line = e.state == ExplorerPanel::State::Loading ? tr(lang, "explorer.loading")
                             : e.state == ExplorerPanel::State::Failed ? tr(lang, "explorer.failed", {{"error", e.error}})
                                                                       : tr(lang, "explorer.none");
    text(line, first.x, text_y(first, f), font_.fit(line, f, first.w),
         e.state == ExplorerPanel::State::Failed ? kMessage : kTextDim);
    return;
  }
  // Three columns: the move, the games, black's wins in per cent (draws as half a win
  // are not mixed in: wins only, as the experts' tables give them).
  const float cx[3] = {first.x, first.x + first.w * 0.28f, first.x + first.w * 0.58f};
  const float cw[3] = {first.w * 0.26f, first.w * 0.28f, first.w * 0.42f};
  const std::string heads[3] = {tr(lang, "explorer.col.move"), tr(lang, "explorer.col.games"), tr(lang, "explorer.col.black")};
  const float hpx = std::round(f * 0.85f);
  for (int k = 0; k < 3; ++k) text(heads[k], cx[k], text_y(first, hpx), font_.fit(heads[k], hpx, cw[k]), kTextDim);
  const Position& shown = c.shown_position();
  const ExplorerLines lines = explorer_lines_of(e);
  for (int i = 0; i < lines.moves; ++i) {
    const Rect row = explorer_row(box, lines.move_line(i));
    if (row.w <= 0) break;
    const MoveStatistics& m = e.moves[std::size_t(i)];
    const std::string cells[3] = {square_name(m.square), grouped(m.games),
                                  explorer_percent(m.black_wins, m.games) + "%"};
    // A move legal here is the experts' (the explorer answers in the orientation shown).
    const SDL_Color ink = shown.is_legal(m.square) ? kText : kTextDim;
    for (int k = 0; k < 3; ++k) text(cells[k], cx[k], text_y(row, f), font_.fit(cells[k], f, cw[k]), ink);
  }
  if (const Rect note = explorer_row(box, lines.note_line()); note.w > 0) {
    const std::string line = tr(lang, "explorer.symmetry");
    text(line, note.x, text_y(note, hpx), font_.fit(line, hpx, note.w), kTextDim);
  }
  // The newest games of the list (the position's, or a search's): a click replays one.
  if (const Rect head = explorer_row(box, lines.games_heading_line()); head.w > 0) {
    const ExplorerGames* found = c.explorer_session().list();
    const std::string title = !e.players.empty()    ? tr(lang, "explorer.pick_player")
                              : e.searched && found ? tr(lang, "explorer.found_games", {{"count", grouped(found->count)}})
                                                    : tr(lang, "explorer.recent");
    text(title, head.x, text_y(head, hpx), font_.fit(title, hpx, head.w), kTextDim);
  }
  for (int k = 0; k < lines.games; ++k) {
    const Rect row = explorer_row(box, lines.game_line(k));
    if (row.w <= 0) break;
    if (!e.players.empty()) {
      const std::string& name = e.players[std::size_t(k)];
      text(name, row.x, text_y(row, f), font_.fit(name, f, row.w), kText);
      continue;
    }
    const DatabaseGame& g = e.recent[std::size_t(k)];
    const std::string line = tr(lang, "explorer.game", {{"black", expert_name(lang, g.black)}, {"white", expert_name(lang, g.white)},
                                                        {"black_discs", std::to_string(g.black_discs)},
                                                        {"white_discs", std::to_string(64 - g.black_discs)},
                                                        {"year", std::to_string(g.year)}});
    text(line, row.x, text_y(row, f), font_.fit(line, f, row.w), kText);
  }
}

// A computer's name on its card: "Lv 6" for the searcher's levels (as the page's cards
// say), a classic program's own name.
static std::string seat_short_name(const Controller& c, const std::string& player) {
  return player_short_name(c.options().lang, c.players(), player);
}

// A kept game opened again: the computer player's name, "you" facing it, a person's name as
// a file gave it, else nothing (two people here).
static std::string kept_side_name(const Controller& c, Color color) {
  const ArchivedSide& side = *c.kept_side(color);
  if (side.computer) return seat_short_name(c, side.name);
  if (!side.name.empty()) return side.name;
  const ArchivedSide* other = c.kept_side(opposite(color));
  return other && other->computer ? tr(c.options().lang, "panel.you") : "";
}

void Renderer::draw_status(const Controller& c, const Layout& l) {
  const Rect& st = l.status;
  const float f = l.font_px;
  const bool over = c.over() && !c.animating();
  const Color to_move = c.position().to_move;
  auto count_pill = [&](Color color, const Rect& r) {
    const bool active = !over && to_move == color;
    rounded_rect(r, r.h * 0.25f, active ? rgba(255, 255, 255, 34) : rgba(255, 255, 255, 10));
    if (active) frame_rect({r.x, r.y + r.h * 0.2f, std::max(2.0f, 3 * l.scale), r.h * 0.6f}, 3 * l.scale, kOrange);
    const PlayerCardLayout card = player_card_layout(r, f);
    draw_stone(card.stone_x, card.stone_y, card.stone_r, 1, color, 90, 0, l);
    const Options& o = c.options();
    const std::string name = color_word(o.lang, color);
    const Seat& seat = o.seat(color);
    // An expert game replayed from the explorer: its players' names (WTHOR's "???" said as such).
    const auto& replay = c.replay_info();
    const std::string who = replay        ? expert_name(o.lang, color == Color::Black ? replay->black : replay->white)
                            : c.kept_side(color) ? kept_side_name(c, color)
                            : seat.human   ? (o.black.human && o.white.human ? "" : tr(o.lang, "panel.you"))
                                           : seat_short_name(c, seat.player);
    Rect lb = card.label;
    const float mid = lb.y + lb.h / 2, npx = card.label_px;
    // A timed game: the clock at the right of the label (the running one orange, low time
    // and a fallen flag red), the name and who plays it in what is left.
    const bool timed = c.clock().timed();
    std::string shown;
    SDL_Color clock_colour = kTextDim;
    if (timed) {
      shown = clock_text(c.clock_left_ms(color));
      const bool ran_out = c.clock().flag() == color, low = c.clock().low(color, c.now());
      clock_colour = ran_out || low ? rgba(255, 110, 110, 255) : c.clock().running() == color ? kOrange : kTextDim;
    }
    if (card.one_line) {
      if (timed) {
        const float cpx = npx * 0.9f, cw = font_.width(shown, cpx);
        text(shown, lb.x + lb.w - cw, mid - font_.line_height(cpx) / 2, cpx, clock_colour);
        lb.w = std::max(0.0f, lb.w - cw - std::round(npx * 0.5f));
      }
      const float w = text(name, lb.x, mid - font_.line_height(npx) / 2, font_.fit(name, npx, lb.w), kText);
      const float gap = std::round(npx * 0.5f), wpx = font_.fit(who, npx * 0.8f, lb.w - w - gap);
      if (!who.empty()) text(who, lb.x + w + gap, mid - font_.line_height(npx) / 2 + (npx - wpx) * 0.8f, wpx, kTextDim);
    } else {
      // Two lines, the colour above and who plays it below. The clock keeps its width on
      // whichever line leaves both texts the larger: beside a short colour name (黒, 白)
      // rather than squeezing 「あなた」 or "Lv 1" to a few pixels on the second line.
      const float top_y = mid - npx * 1.2f * (who.empty() && !timed ? 0.5f : 0.9f), low_y = mid + npx * 0.05f;
      float name_w = lb.w, who_w = lb.w;
      if (timed) {
        const float cw = font_.width(shown, npx) + std::round(npx * 0.4f), room = std::max(0.0f, lb.w - cw);
        auto share = [&](float name_room, float who_room) {  // the smaller text's share of its full size
          const float n = font_.fit(name, npx, name_room) / npx;
          return who.empty() ? n : std::min(n, font_.fit(who, npx * 0.8f, who_room) / (npx * 0.8f));
        };
        const bool above = share(room, lb.w) > share(lb.w, room);
        (above ? name_w : who_w) = room;
        text(shown, lb.x + lb.w - font_.width(shown, npx), above ? top_y : low_y, npx, clock_colour);
      }
      text(name, lb.x, top_y, font_.fit(name, npx, name_w), kText);
      // Who plays it, unless the clock leaves it too little room to be read (the narrowest
      // English cards, 1000x700: "you" would be 6 px; the status line and the Opponent
      // button say it too).
      const float wpx = font_.fit(who, npx * 0.8f, who_w);
      if (!who.empty() && (!timed || wpx >= npx * 0.8f * 0.6f)) text(who, lb.x, low_y, wpx, kTextDim);
    }
    const std::string count = std::to_string(c.shown_count(color));
    const float cpx = font_.fit(count, card.count_px, card.count.w);
    text(count, card.count.x + card.count.w - font_.width(count, cpx),
         card.count.y + (card.count.h - font_.line_height(cpx)) / 2, cpx, kText);
  };

  std::string status = c.status_line();  // while an earlier position is shown, which one
  const bool result = over && !c.viewing();  // the status line is the game's result: large, orange
  // The message, else a reviewed mistake's best line (in gold) when the move list shows it.
  std::string message = c.message();
  const bool best_line = message.empty() && !(message = selected_best_line(c)).empty();
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
  const auto cards = player_cards(l);
  const float ph = cards[1].y + cards[1].h - st.y;  // below the cards
  count_pill(Color::Black, cards[0]);
  count_pill(Color::White, cards[1]);
  if (!l.portrait) {
    float y = st.y + ph + f * 0.5f;
    // In practice the goal or the judgement take the status's lines (two at most).
    if (const std::string practice = practice_line(c); !practice.empty()) {
      draw_practice_status(c, {st.x + f * 0.2f, y, st.w - f * 0.4f, st.y + st.h - y}, f, practice, message);
      return;
    }
    const float px = result ? std::round(f * 1.3f) : f;
    const float spx = font_.fit(status, px, st.w - f * 1.8f);
    const float w = text(status, st.x + f * 0.2f, y, spx, result ? kOrange : kText);
    if (c.thinking()) thinking_dots(st.x + f * 0.2f + w + f * 0.5f, y + font_.line_height(spx) * 0.55f, f * 1.2f);
    y += font_.line_height(px) + f * 0.2f;
    // The message on two lines rather than small ('Experts' move f6: 10,905 games, ...'),
    // sized to end above the buttons.
    const float mw = st.w - f * 0.4f;
    float mpx = std::round(f * 0.9f);
    std::vector<std::string> parts{message};
    if (const float one = font_.fit(message, mpx, mw); !message.empty() && one < mpx * 0.85f) {
      const float two = std::min(mpx, std::floor((l.buttons[int(Button::NewGame)].y - 1 - y) / (2 * font_.line_height(1))));
      if (one >= two) mpx = one;  // one line is as large as two would be
      else mpx = two, parts = fit_lines(message, mpx, mw, 2);
    }
    for (const auto& part : parts) {
      text(part, st.x + f * 0.2f, y, font_.fit(part, mpx, mw), best_line ? kGold : kMessage);
      y += font_.line_height(mpx);
    }
  } else {
    std::string line = status;
    // In practice the goal or the judgement.
    if (const std::string practice = practice_line(c); !practice.empty()) line = practice;
    if (!message.empty()) line = line.empty() ? message : line + " \u00b7 " + message;
    // No move list in portrait: the opening's name goes on the status line while nothing else is said.
    else if (const std::string opening = c.opening_name(); !opening.empty())
      line = line.empty() ? opening : line + " \u00b7 " + opening;
    const float y = st.y + ph + f * 0.35f;
    const float lpx = font_.fit(line, result && message.empty() ? std::round(f * 1.15f) : f, st.w - f * 1.5f);
    const float w = font_.width(line, lpx);
    const float x = st.x + (st.w - w) / 2;
    text(line, x, y, lpx, !message.empty() ? kMessage : result ? kOrange : kText);
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
  if (b == Button::Analyse) enabled = c.can_analyse();
  if (b == Button::Hint) enabled = c.human_to_move() && !c.hint_pending();
  if (b == Button::Opponent) enabled = !c.options().opponent().empty();
  if (b == Button::Review) enabled = c.review().running || c.game().ply() > 0;
  if (b == Button::Prev) enabled = shown_ply(c) > 0;
  if (b == Button::Next || b == Button::Live) enabled = c.viewing().has_value();
  const bool on = b == Button::Analyse && enabled && c.analysis_on();  // a switch that is on: gold
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

void Renderer::draw_moves(const Controller& c, const Layout& l) {
  if (l.moves.w <= 0 || l.moves.h <= 0) return;
  rounded_rect(l.moves, std::round(6 * l.scale), rgba(255, 255, 255, 8));
  const Rect r = explorer_box_of(c, l).moves;  // below the opening's name and the explorer
  if (r.w <= 0 || r.h <= 0) return;
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
  // The review's losses by move (ui/review.h marks the mistakes and the biggest).
  const auto& entries = c.review().entries;
  std::vector<const ReviewEntry*> by_move(c.game().ply(), nullptr);
  for (const auto& e : entries)
    if (e.ply >= 1 && e.ply <= by_move.size()) by_move[e.ply - 1] = &e;
  auto row_text_y = [&](const Rect& cell, float px) { return cell.y + (cell.h - font_.line_height(px)) / 2; };
  if (list.heading.w > 0) {
    const Rect& h = list.heading;
    text(tr(lang, "moves.heading"), h.x, row_text_y(h, f), f, kTextDim);
    if (!entries.empty()) {
      // Each side's total loss, right-aligned after the heading; once the review is done,
      // each side's accuracy before it (engine/move_quality.h).
      const ReviewState& rv = c.review();
      TextArgs args{{"black", std::to_string(std::lround(rv.black.loss))}, {"white", std::to_string(std::lround(rv.white.loss))}};
      if (!rv.running) {
        args.emplace_back("black_accuracy", std::to_string(std::lround(rv.black.accuracy)));
        args.emplace_back("white_accuracy", std::to_string(std::lround(rv.white.accuracy)));
      }
      const std::string sums = tr(lang, rv.running ? "moves.loss_total" : "moves.review_total", args);
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
      // Whole discs (a mistake is kMistakeDiscs or more, ui/review.h): a tenth says nothing more.
      const std::string loss = signed_discs(-e->loss, 0);
      const float px = font_.fit(loss, tag_px, cr.w - w - f * 0.35f);
      text(loss, cr.x + w + f * 0.12f, row_text_y(cr, px) + (f - px) * 0.35f, px, biggest ? kBlunder : kMistake);
    }
  }
}

void Renderer::draw_help(const Controller& c, const Layout& l) {
  // Every key the desktop knows, from the catalog, on a panel over the dimmed game.
  static constexpr std::string_view kLines[] = {
      "help.mouse", "help.arrows",  "help.enter", "help.new",  "help.undo",        "help.redo", "help.hint",
      "help.analyse", "help.explorer", "help.history", "help.view", "help.paste", "help.practice", "help.practice_more",
      "help.practice_keys", "help.tab", "help.help", "help.escape_view", "help.quit"};
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

}  // namespace reversi::ui
