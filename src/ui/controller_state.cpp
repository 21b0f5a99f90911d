// What the controller reports of the game on the board: the status line, the message,
// the opening's name and state_json() (the page's getState(), the canvas's redraw key).
// Part of Controller (ui/controller.h).
#include <algorithm>
#include <bit>
#include <cmath>

#include "core/json.h"
#include "core/notation.h"
#include "ui/controller.h"

namespace reversi::ui {

std::string Controller::status_line() const {
  const Position& p = position();
  const Lang lang = table().options.lang;
  // An earlier position is shown: the line says so, not what the live game is doing
  // (its counts are the cards'); back at the game the live line returns.
  if (const LinePreview* line = preview())
    return tr(lang, "status.preview", {{"step", std::to_string(line->step)}, {"total", std::to_string(line->line.size())}});
  if (table().view) {
    const std::string ply = std::to_string(*table().view), total = std::to_string(table().game.ply());
    return *table().view == 0 ? tr(lang, "status.viewing_start", {{"total", total}})
                       : tr(lang, "status.viewing", {{"ply", ply}, {"total", total}});
  }
  // The result as soon as the game is over, while the last stones still turn: the
  // line is never blank, and a listener of the game's end reads the whole result.
  if (const auto flag = table().clock.flag()) return tr(lang, "result.lost_on_time", {{"color", color_word(lang, *flag)}});
  if (table().game.over()) {
    const int b = p.disc_count(Color::Black), w = p.disc_count(Color::White);
    // The winner's count first ("White wins 52\u201312"), as a result is read out.
    const std::string first = std::to_string(std::max(b, w)), second = std::to_string(std::min(b, w));
    switch (p.outcome()) {
      case Outcome::BlackWins: return tr(lang, "result.black_wins", {{"winner", first}, {"loser", second}});
      case Outcome::WhiteWins: return tr(lang, "result.white_wins", {{"winner", first}, {"loser", second}});
      default: return tr(lang, "result.draw", {{"count", first}});
    }
  }
  const Color side = p.to_move;
  if (computer_to_move())
    return tr(lang, thinking() ? "status.thinking" : "status.to_move", {{"color", color_word(lang, side)}});
  const bool vs_computer = !table().options.black.human || !table().options.white.human;
  if (vs_computer) return tr(lang, "status.your_move", {{"side", side_word(lang, side)}});
  return tr(lang, "status.to_move", {{"color", color_word(lang, side)}});
}

std::string Controller::message() const {
  if (message_.kind == MessageKind::None) return "";
  if (!message_.passer) return tr(table().options.lang, message_.key, message_.args);
  TextArgs args = message_.args;
  args.emplace_back("color", color_word(table().options.lang, *message_.passer));
  return tr(table().options.lang, message_.key, args);
}

void Controller::set_message(MessageKind kind, std::string key, TextArgs args) {
  touch();
  message_ = Message{kind, std::move(key), std::move(args), std::nullopt};
}

const Opening* Controller::opening() const {
  if (!(table().game.start() == Position::initial())) return nullptr;  // a set-up board: no opening
  const auto match = OpeningNames::standard().name_of(table().game.moves().first(shown_ply()));
  return match ? match->opening : nullptr;
}

std::string Controller::opening_name() const {
  const Opening* o = opening();
  return o ? o->name(table().options.lang == Lang::Ja) : std::string();
}

std::string Controller::state_json() const { return state_text(nullptr, true); }

Controller::DrawingKey Controller::drawing_key(bool graph) const {
  DrawingKey key;
  key.state = state_text(&key, graph);
  return key;
}

std::string Controller::state_text(DrawingKey* key, bool graph) const {
  const Position& p = position();
  std::string board = to_board_string(p).substr(0, 64);
  std::string s = "{\"board\":\"" + board + "\"";
  s += ",\"toMove\":";
  s += table().ended() ? "null" : std::string("\"") + color_name(p.to_move) + "\"";
  s += ",\"transcript\":\"" + table().game.transcript() + "\"";
  s += ",\"black\":" + std::to_string(p.disc_count(Color::Black));
  s += ",\"white\":" + std::to_string(p.disc_count(Color::White));
  s += std::string(",\"over\":") + (table().ended() ? "true" : "false");
  s += std::string(",\"thinking\":") + (thinking() ? "true" : "false");
  s += std::string(",\"computerToMove\":") + (computer_to_move() ? "true" : "false");
  s += std::string(",\"humanToMove\":") + (human_to_move() ? "true" : "false");
  s += std::string(",\"animating\":") + (animating() ? "true" : "false");
  s += std::string(",\"canUndo\":") + (can_undo() ? "true" : "false");
  s += std::string(",\"canRedo\":") + (can_redo() ? "true" : "false");
  s += std::string(",\"canAnalyse\":") + (can_analyse() ? "true" : "false");
  s += ",\"lastMove\":";
  s += table().game.last_move() == NO_SQUARE ? "null" : "\"" + square_name(table().game.last_move()) + "\"";
  s += ",\"hint\":";
  s += hint_square_ == NO_SQUARE ? "null" : "\"" + square_name(hint_square_) + "\"";
  s += ",\"status\":" + json_string(status_line());
  s += ",\"message\":" + json_string(message());
  s += ",\"options\":" + json_string(to_query_string(player_.options));
  s += ",\"view\":" + (table().view ? std::to_string(*table().view) : std::string("null"));
  // The counts of the position shown (the viewed one while reviewing, the stones
  // turned so far mid-animation), for the cards.
  // "board" is the position shown as `board` is the live one (for the page's grid).
  s += ",\"shown\":{\"black\":" + std::to_string(shown_count(Color::Black)) +
       ",\"white\":" + std::to_string(shown_count(Color::White)) + ",\"board\":\"" +
       (preview()       ? to_board_string(preview()->position()).substr(0, 64)
        : table().view ? to_board_string(table().game.position_at(*table().view)).substr(0, 64)
                       : board) +
       "\"}";
  // A line shown over the view: its moves and how many are played on the board shown.
  s += ",\"preview\":" + (preview() ? preview()->json() : std::string("null"));
  s += ",\"opening\":";
  if (const Opening* o = opening())
    s += "{\"en\":" + json_string(o->name(false)) + ",\"ja\":" + json_string(o->name(true)) + "}";
  else
    s += "null";
  s += ",\"moves\":" + moves_json();
  s += std::string(",\"undoReturns\":") + (undo_returns_to_previous_game() ? "true" : "false");
  s += ",\"replay\":";
  if (table().replay)
    s += "{\"black\":" + json_string(expert_name(table().options.lang, table().replay->black)) +
         ",\"white\":" + json_string(expert_name(table().options.lang, table().replay->white)) +
         ",\"tournament\":" + json_string(table().replay->tournament) + ",\"year\":" + std::to_string(table().replay->year) + "}";
  else
    s += "null";
  // A kept game opened again: who played it ({"computer":true,"name":"level-6"}; a person's name "" here).
  s += ",\"kept\":";
  if (kept_side(Color::Black) && kept_side(Color::White)) {
    auto side = [](const ArchivedSide& a) {
      return std::string("{\"computer\":") + (a.computer ? "true" : "false") + ",\"name\":" + json_string(a.name) + "}";
    };
    s += "{\"black\":" + side(*kept_side(Color::Black)) + ",\"white\":" + side(*kept_side(Color::White)) + "}";
  } else {
    s += "null";
  }
  // The game's clocks (null: untimed).
  s += ",\"clock\":" + clock_json();
  if (key) analysis_.drawn_key(real_game(), real_shown_ply(), table().options.lang, s, key->values, graph ? &key->graph : nullptr);
  else s += analysis_.json(real_game(), real_shown_ply());
  s += practice_.json(table().options.lang);
  // The explorer: whole for the page's state, its revision in the drawing key (the desktop draws it).
  s += key ? ",\"explorer\":" + std::to_string(explorer_.revision()) : explorer_.json(table().options.lang);
  // Why the computer player cannot work (its worker or thread failed), or null.
  const std::string failure = ai_->failure();
  s += ",\"error\":" + (failure.empty() ? std::string("null") : json_string(failure));
  // The squares a person may play now (the page's board grid names them).
  s += ",\"legal\":[";
  if (can_play_now())
    for (Bitboard m = position().legal_moves(); m; m &= m - 1)
      s.append(s.back() == '[' ? "\"" : ",\"").append(square_name(Square(std::countr_zero(m)))).append("\"");
  s += "]";
  // Last, so that a test can compare everything before it.
  s += ",\"rejected\":";
  if (rejected_square_ == NO_SQUARE) s += "null";
  else
    s.append("{\"square\":\"").append(square_name(rejected_square_)).append("\",\"reason\":\"")
        .append(reject_reason_name(rejected_reason_)).append("\"}");
  return s + "}";
}

std::string Controller::clock_json() const {
  // The game's clocks as the cards show them (null: untimed); the texts are the program's.
  const GameClock& c = player_.clock;
  if (!c.timed()) return "null";
  // Only what is shown (it changes once a second, with revision()), not the milliseconds.
  const auto side = [&](Color color) {
    return std::string("{\"text\":\"") + clock_text(c.remaining_ms(color, now_)) + "\",\"low\":" +
           (c.low(color, now_) ? "true" : "false") + "}";
  };
  std::string s = "{\"control\":\"" + time_control_name(c.control()) + "\"";
  s += ",\"black\":" + side(Color::Black) + ",\"white\":" + side(Color::White);
  s += ",\"running\":" + (c.running() ? "\"" + std::string(color_name(*c.running())) + "\"" : std::string("null"));
  s += ",\"flag\":" + (c.flag() ? "\"" + std::string(color_name(*c.flag())) + "\"" : std::string("null"));
  s += ",\"notice\":{\"id\":" + std::to_string(clock_notice_id_) + ",\"text\":" + json_string(clock_notice_) + "}";
  s += ",\"summary\":" + json_string(clock_summary());
  return s + "}";
}

std::string Controller::clock_summary() const {
  const GameClock& c = player_.clock;
  const Lang lang = table().options.lang;
  if (!c.timed()) return tr(lang, "clock.none");
  return tr(lang, "clock.summary", {{"black", clock_text(c.remaining_ms(Color::Black, now_))},
                                    {"white", clock_text(c.remaining_ms(Color::White, now_))}});
}

std::string Controller::moves_json() const {
  // Each move with its mover, so the page lists them without replaying the rules.
  std::string s = "[";
  const auto moves = table().game.moves();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i) s += ',';
    s.append("{\"color\":\"").append(color_name(table().game.position_at(i).to_move))
        .append("\",\"square\":\"").append(square_name(moves[i])).append("\"}");
  }
  return s + "]";
}

}  // namespace reversi::ui
