// The controller's games in and out as text: a game loaded from a transcript, GGF or
// board (load), an expert game replayed (replay), the game exported, and the save line
// (save, restore). Part of Controller (ui/controller.h).
#include "core/game_text.h"
#include "core/json.h"
#include "core/notation.h"
#include "core/parse_number.h"
#include "ui/controller.h"

namespace reversi::ui {

namespace {

constexpr std::string_view kSaveMagic = "reversi-save-1";

// A kept game's side in the save's history part: "computer:NAME" or "person:NAME", the name
// with '%', ',' and '|' (the part's separators) written as %XX.
std::string side_text(const ArchivedSide& side) {
  std::string out = side.computer ? "computer:" : "person:";
  for (char ch : side.name) {
    if (ch == '%' || ch == ',' || ch == '|') {
      static constexpr char kHex[] = "0123456789ABCDEF";
      out += '%';
      out += kHex[(static_cast<unsigned char>(ch) >> 4) & 15];
      out += kHex[static_cast<unsigned char>(ch) & 15];
    } else {
      out += ch;
    }
  }
  return out;
}

std::optional<ArchivedSide> side_from(std::string_view text) {
  ArchivedSide side;
  if (text.starts_with("computer:")) {
    side.computer = true;
    text.remove_prefix(9);
  } else if (text.starts_with("person:")) {
    text.remove_prefix(7);
  } else {
    return std::nullopt;
  }
  const auto hex = [](char ch) {
    return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      side.name += text[i];
      continue;
    }
    if (i + 2 >= text.size() || hex(text[i + 1]) < 0 || hex(text[i + 2]) < 0) return std::nullopt;
    side.name += static_cast<char>(hex(text[i + 1]) * 16 + hex(text[i + 2]));
    i += 2;
  }
  return side;
}

}  // namespace

Status Controller::load(std::string_view text) {
  touch();
  auto parsed = parse_game_text(text);
  if (!parsed) return parsed.failure();
  take_loaded(make_game(*parsed), false);
  return {};
}

Status Controller::replay(std::string_view text, ReplayInfo info) {
  touch();
  auto parsed = parse_game_text(text);
  if (!parsed) return parsed.failure();
  // The game left is kept even if nobody has moved in it: undo is the way back to it (and
  // to its players), from however many replays.
  take_loaded(make_game(*parsed), true);
  table().replay = std::move(info);
  if (table().game.ply() > 0) set_view(0);  // the game is there to be stepped through from its start
  return {};
}

void Controller::take_loaded(Game game, bool keep_always) {
  touch();
  leave_practice();
  set_view(std::nullopt);
  cancel_search();
  finish_animation();
  record_left_game();
  const Game& left = table().game;
  if (!table().previous &&
      (keep_always || left.ply() > 0 || left.can_redo() || !(left.start() == Position::initial())))
    table().previous = table().kept();
  table().undone_new.reset();
  table().replay.reset();
  table().record = {};
  table().clock = GameClock();  // a loaded game is untimed (its GGF's times stay in the text)
  Options people = table().options;
  people.black = {true, ""};
  people.white = {true, ""};
  table().options = resolve(people, players_);
  table().game = std::move(game);
  table().cursor = D3;
  after_position_change();
}

Expected<std::string> Controller::export_game(std::string_view kind) const {
  const auto moves = table().game.moves();
  if (kind == "transcript") return table().game.transcript();
  if (kind == "ggf") {
    // The opening's name as the game's comment, in both languages.
    std::string comment;
    if (table().game.start() == Position::initial())
      if (const auto m = OpeningNames::standard().name_of(moves)) {
        comment = "Opening: " + m->opening->name(false);
        if (!m->opening->japanese.empty() && m->opening->japanese != m->opening->english)
          comment += " / " + m->opening->japanese;
      }
    // A game against the clock: its time control (TI) and each move's time.
    const GameClock& clock = table().clock;
    std::vector<std::pair<std::string, std::string>> tags;
    if (clock.timed()) tags.emplace_back("TI", ggf_time_control(clock.control()));
    return to_ggf(table().game.start(), moves, comment, tags, clock.move_times());
  }
  if (kind == "board") return to_game_text(table().game.start(), moves, GameTextFormat::Board);
  if (kind == "start") return to_board_string(table().game.start());
  return Error::text("error.export.kind", "'{kind}' is not one of transcript, ggf, board, start", {{"kind", std::string(kind)}});
}

std::string Controller::save() const {
  // One line, readable and hand-editable: magic|options|moves played|moves to redo.
  // While practising: the real game (a reload returns to it, not to the puzzle).
  const Game& game = real_game();
  Game full = game;
  std::string redo;
  while (full.redo()) redo += square_name(full.last_move());
  std::string line = std::string(kSaveMagic) + "|" + to_query_string(player_.options) + "|" +
                     game.transcript() + "|" + redo;
  // A game set up from another position: that position too (older saves have four parts).
  const bool set_up = !(game.start() == Position::initial());
  // A game of the player's history: its id there, and whether a person has moved in it, so
  // that after a reload it is still kept, and under the same id (the start part is then
  // written even when empty); a game opened from the history, who played it (the cards name
  // them: "You", "Level 6", not "Player" after a reload).
  const GameRecord& record = player_.record;
  if (set_up || record.id || record.played) line += "|" + (set_up ? to_board_string(game.start()) : std::string());
  if (record.id || record.played) {
    line += "|history=" + std::to_string(record.id) + (record.played ? ",played" : "");
    if (record.black && record.white) line += ",black=" + side_text(*record.black) + ",white=" + side_text(*record.white);
  }
  // A game against the clock: its clocks as of now (the one stopped while a puzzle is open
  // as running), last, with the wall clock's time of the save when there is one.
  if (player_.clock.timed()) {
    GameClock clock = player_.clock;
    if (clock_paused_) clock.start(*clock_paused_, now_);
    line += "|clock=" + clock.to_text(now_);
    if (wall_now_) line += " at=" + std::to_string(static_cast<long long>(wall_now_()));
  }
  return line;
}

Status Controller::restore(std::string_view text) {
  touch();
  // Why the save cannot be read, and that nothing changed (the page at start-up, where a
  // fresh game starts instead, says the reason alone: web_saves.cpp).
  const auto keeping = [](Error why) {
    return Error::text("error.saved.keeping", "{cause}; keeping the current game", {}, std::move(why));
  };
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
    text.remove_suffix(1);
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t bar = text.find('|', start);
    parts.push_back(text.substr(start, bar == std::string_view::npos ? bar : bar - start));
    if (bar == std::string_view::npos) break;
    start = bar + 1;
  }
  // The clock part, last when there is one.
  std::optional<GameClock> clock;
  if (parts.size() >= 5 && parts.back().starts_with("clock=")) {
    std::string_view c = parts.back().substr(6);
    double away = 0;
    if (const std::size_t at = c.find(" at="); at != std::string_view::npos) {
      auto saved_at = parse_double("", c.substr(at + 4), 0, 1e16);
      if (!saved_at) return keeping(Error::text("error.clock.saved", "the saved clock '{text}' cannot be read", {{"text", std::string(c.substr(0, 40))}}));
      if (wall_now_) away = std::max(0.0, wall_now_() - *saved_at);
      c = c.substr(0, at);
    }
    auto read = GameClock::from_text(c, now_, away);
    if (!read) return keeping(read.failure());
    clock = std::move(*read);
    parts.pop_back();
  }
  if (parts.size() < 4 || parts.size() > 6 || parts[0] != kSaveMagic)
    return keeping(Error::text("error.saved.format", "the saved game is not in the expected format ({format})",
                               {{"format", std::string(kSaveMagic) + "|options|moves|redo[|start board[|history=id[,played]]]"}}));
  GameRecord record;
  if (parts.size() == 6) {
    const auto malformed = [&] {
      return keeping(Error::text("error.saved.history",
                                 "the saved game's history part is not history=id[,played][,black=...,white=...]"));
    };
    std::string_view h = parts[5];
    // Who played a game opened from the history (both sides, last).
    if (const std::size_t b = h.find(",black="); b != std::string_view::npos) {
      const std::size_t w = h.find(",white=", b);
      if (w == std::string_view::npos) return malformed();
      record.black = side_from(h.substr(b + 7, w - b - 7));
      record.white = side_from(h.substr(w + 7));
      if (!record.black || !record.white) return malformed();
      h = h.substr(0, b);
    }
    const bool played = h.size() > 7 && h.substr(h.size() - 7) == ",played";
    if (played) h.remove_suffix(7);
    if (h.substr(0, 8) != "history=") return malformed();
    auto id = parse_int<std::uint64_t>("history id", h.substr(8), 0, ~std::uint64_t(0) >> 1);
    // (The number's own message, parse_int's, is English only: a hand-edited save.)
    if (!id) return keeping(Error::text("error.saved.history_id", "the saved game's {cause}", {}, id.failure()));
    record.id = *id;
    record.played = played;
  }
  Position start = Position::initial();
  // The start board; left empty (the initial position) only before a history part.
  if (parts.size() == 5 || (parts.size() == 6 && !parts[4].empty())) {
    auto board = parse_board_string(parts[4]);
    if (!board)
      return keeping(Error::text("error.saved.start", "the saved game's start position is corrupt ({cause})", {},
                                 board.failure()));
    start = *board;
  }
  // Options from an older build may name a player this one lacks: use defaults for
  // those rather than refusing the whole game.
  ParsedOptions parsed = parse_query_string(parts[1], players_);
  // Read apart: joined without a space, "6" and "." would make the move number "6.".
  auto played = Game::from_transcript(std::string(parts[2]) + " " + std::string(parts[3]), start);
  if (!played)
    return keeping(Error::text("error.saved.moves", "the saved game's moves are corrupt ({cause})", {},
                               played.failure()));
  // The moves played on their own (whitespace may pad either list: count moves, not characters).
  const auto kept = parse_transcript(parts[2], start);
  if (!kept) return keeping(Error::text("error.saved.moves_played", "the saved game's moves are corrupt"));
  Game game = std::move(*played);
  while (game.ply() > kept->size()) game.undo();
  leave_practice();
  set_view(std::nullopt);
  cancel_search();
  finish_animation();
  record_left_game();
  table().options = parsed.options;
  table().game = std::move(game);
  table().previous.reset();
  table().undone_new.reset();
  table().replay.reset();
  table().record = std::move(record);
  table().clock = clock ? std::move(*clock) : GameClock();
  clock_warned_[0] = clock_warned_[1] = 0;
  clock_shown_.clear();
  // A clock saved running is the side to move's (a hand-edited save may say otherwise).
  if (const auto running = table().clock.running()) {
    if (table().game.over()) table().clock.stop(now_);
    else if (*running != position().to_move) table().clock.start(position().to_move, now_);
  }
  after_position_change();
  check_flag();  // out of time while the page was away
  if (!parsed.messages.empty())
    set_message(MessageKind::Settings, "message.saved_settings", {{"detail", parsed.messages.front()}});
  return {};
}

std::optional<std::string> Controller::saved_settings_problem() const {
  if (message_.kind != MessageKind::Settings || message_.args.empty()) return std::nullopt;
  return message_.args.front().second;
}

}  // namespace reversi::ui
