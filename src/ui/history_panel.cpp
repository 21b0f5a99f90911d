#include "ui/history_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <utility>

#include "core/json.h"
#include "core/notation.h"
#include "engine/level.h"
#include "ui/controller.h"

namespace reversi::ui {

namespace {

// "level-6" -> 6; 0 for any other player (the classic programs).
int level_of(std::string_view name) {
  constexpr std::string_view prefix = "level-";
  if (name.substr(0, prefix.size()) != prefix || name.size() == prefix.size()) return 0;
  int n = 0;
  for (char ch : name.substr(prefix.size())) {
    if (ch < '0' || ch > '9' || n > 1000) return 0;
    n = n * 10 + (ch - '0');
  }
  return n;
}

// The computer players in the panel's order: the levels up, then the others by name.
bool opponent_before(std::string_view a, std::string_view b) {
  const int la = level_of(a), lb = level_of(b);
  if ((la ? la : 1 << 20) != (lb ? lb : 1 << 20)) return (la ? la : 1 << 20) < (lb ? lb : 1 << 20);
  return a < b;
}

// history_result of a game whose final position is `final` and opponent `o` (below).
HistoryResult result_of(const Position& final, const HistoryOpponent& o, std::optional<Color> lost_on_time);

std::string two_digits(int n) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%02d", n);
  return buf;
}

}  // namespace

HistoryPanel::Entry HistoryPanel::make_entry(std::uint64_t id, ArchivedGame game) {
  Entry e;
  e.id = id;
  e.game = std::move(game);
  const Position final = e.game.final_position();
  e.over = final.is_game_over();
  e.black_discs = final.disc_count(Color::Black);
  e.white_discs = final.disc_count(Color::White);
  e.opponent = history_opponent(e.game);
  e.result = result_of(final, e.opponent, e.game.lost_on_time);  // the moves replayed once
  if (e.game.start == Position::initial())
    if (const auto match = OpeningNames::standard().name_of(e.game.moves)) e.opening = match->opening;
  return e;
}

std::string player_short_name(Lang lang, const std::vector<PlayerInfo>& players, std::string_view player) {
  for (const PlayerInfo& p : players) {
    if (p.name != player) continue;
    if (p.level > 0) return tr(lang, "panel.level", {{"n", std::to_string(p.level)}});
    // The human players (engine/human_player.h): "human-2100" plays like a 2100-rated person.
    if (player.rfind("human-", 0) == 0) return tr(lang, "panel.human", {{"rating", std::string(player.substr(6))}});
  }
  return std::string(player);
}

HistoryOpponent history_opponent(const ArchivedGame& g) {
  if (g.black.computer && !g.white.computer) return {HistoryOpponent::Kind::Computer, g.black.name, Color::White};
  if (g.white.computer && !g.black.computer) return {HistoryOpponent::Kind::Computer, g.white.name, Color::Black};
  if (!g.black.computer) return {HistoryOpponent::Kind::People, "", Color::Black};
  return {HistoryOpponent::Kind::Computers, "", Color::Black};
}

namespace {
// history_result of a game whose final position is `final` and opponent `o`.
HistoryResult result_of(const Position& final, const HistoryOpponent& o, std::optional<Color> lost_on_time) {
  // A flag fall decides the game whatever the discs.
  if (lost_on_time) {
    if (o.kind == HistoryOpponent::Kind::Computer) return *lost_on_time == o.person ? HistoryResult::Lost : HistoryResult::Won;
    return *lost_on_time == Color::White ? HistoryResult::BlackWon : HistoryResult::WhiteWon;
  }
  if (!final.is_game_over()) return HistoryResult::Unfinished;
  const int black = final.disc_count(Color::Black), white = final.disc_count(Color::White);
  if (o.kind == HistoryOpponent::Kind::Computer) {
    const int mine = o.person == Color::Black ? black : white, theirs = o.person == Color::Black ? white : black;
    return mine > theirs ? HistoryResult::Won : mine < theirs ? HistoryResult::Lost : HistoryResult::Drawn;
  }
  return black > white ? HistoryResult::BlackWon : black < white ? HistoryResult::WhiteWon : HistoryResult::Draw;
}
}  // namespace

HistoryResult history_result(const ArchivedGame& g) { return result_of(g.final_position(), history_opponent(g), g.lost_on_time); }

// ---- where the panel's lines go ------------------------------------------------------------

HistoryPanelLayout history_panel_layout(const Layout& l, std::size_t count, std::size_t selected) {
  HistoryPanelLayout p;
  auto there = [](const Rect& r) { return r.w > 0 && r.h > 0; };
  p.list = there(l.moves) ? l.moves : l.graph;
  if (!there(p.list)) return {};
  if (there(l.moves) && there(l.graph)) p.results = l.graph;
  // The move list's text size (move_list_layout), so the panel reads as the rest of it.
  const float f = std::round(l.font_px * 0.85f);
  const float pad = std::round(f * 0.5f);
  const float line_h = std::round(f * 1.3f);
  const float row_h = 2 * line_h + std::round(f * 0.3f);
  p.px = f;
  const Rect& r = p.list;
  float y = r.y + pad, bottom = r.y + r.h - pad;
  p.heading = {r.x + pad, y, r.w - 2 * pad, line_h};
  y += std::round(line_h * 1.15f);
  if (bottom - y >= row_h + line_h * 1.2f) {
    p.keys = {r.x + pad, bottom - line_h, r.w - 2 * pad, line_h};
    bottom -= std::round(line_h * 1.2f);
  }
  const std::size_t fit = bottom > y ? std::size_t(std::floor((bottom - y) / row_h)) : 0;
  const std::size_t n = std::min(fit, count);
  if (n == 0) return p;
  selected = std::min(selected, count - 1);
  const std::size_t first = std::min(selected >= n / 2 ? selected - n / 2 : 0, count - n);
  for (std::size_t i = 0; i < n; ++i)
    p.rows.push_back({first + i, {r.x + pad * 0.5f, y + float(i) * row_h, r.w - pad, row_h}});
  return p;
}

int history_row_at(const HistoryPanelLayout& panel, float x, float y) {
  for (const auto& row : panel.rows)
    if (row.rect.contains(x, y)) return int(row.index);
  return -1;
}

// ---- the list ----------------------------------------------------------------------------

void HistoryPanel::sort() {
  std::stable_sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
    if (a.game.date != b.game.date) return a.game.date > b.game.date;
    return a.id > b.id;
  });
  ++revision_;
}

void HistoryPanel::set_games(std::vector<StoredGame> games) {
  entries_.clear();
  for (StoredGame& g : games) entries_.push_back(make_entry(g.id, std::move(g.game)));
  sort();
}

void HistoryPanel::put(std::uint64_t id, const ArchivedGame& game) {
  auto it = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.id == id; });
  if (it != entries_.end()) *it = make_entry(id, game);
  else entries_.push_back(make_entry(id, game));
  sort();
}

void HistoryPanel::set_shown(bool shown) {
  shown_ = shown;
  if (shown && !selected() && !entries_.empty()) selected_id_ = entries_.front().id;
  ++revision_;
}

std::optional<std::size_t> HistoryPanel::selected() const {
  for (std::size_t i = 0; i < entries_.size(); ++i)
    if (entries_[i].id == selected_id_) return i;
  return std::nullopt;
}

const HistoryPanel::Entry* HistoryPanel::selected_entry() const {
  const auto i = selected();
  return i ? &entries_[*i] : nullptr;
}

void HistoryPanel::select(std::size_t index) {
  if (entries_.empty()) return;
  selected_id_ = entries_[std::min(index, entries_.size() - 1)].id;
  ++revision_;
}

void HistoryPanel::move_selection(int delta) {
  if (entries_.empty()) return;
  const auto i = selected();
  if (!i) return select(0);
  const long next = std::clamp(long(*i) + delta, 0L, long(entries_.size()) - 1);
  select(std::size_t(next));
}

Status HistoryPanel::open_selected(Controller& controller) {
  const Entry* e = selected_entry();
  if (!e) return Error::text("error.history.none_selected", "no game is selected");
  if (Status st = controller.open_archived(archive_line(e->game), e->id); !st) return st;
  set_shown(false);
  return {};
}

std::vector<OpponentResults> HistoryPanel::results() const { return opponent_results(entries_); }

std::string HistoryPanel::suggestion_text(Lang lang, const std::vector<PlayerInfo>& players) const {
  const auto s = level_suggestion(entries_, players);
  return s ? ui::suggestion_text(*s, lang, players) : std::string();
}

// ---- the rules over a list of kept games ----------------------------------------------------

namespace {
bool finished_against_computer(const HistoryPanel::Entry& e) {
  return e.opponent.kind == HistoryOpponent::Kind::Computer && e.over;
}
}  // namespace

std::vector<OpponentResults> opponent_results(const std::vector<HistoryPanel::Entry>& entries) {
  std::vector<OpponentResults> out;
  for (const HistoryPanel::Entry& e : entries) {
    if (!finished_against_computer(e)) continue;
    auto it = std::find_if(out.begin(), out.end(), [&](const OpponentResults& r) { return r.name == e.opponent.name; });
    if (it == out.end()) {
      out.push_back({e.opponent.name});
      it = out.end() - 1;
    }
    if (e.result == HistoryResult::Won) ++it->won;
    else if (e.result == HistoryResult::Lost) ++it->lost;
    else ++it->drawn;
    if (e.game.date > it->last) it->last = e.game.date;
  }
  std::sort(out.begin(), out.end(), [](const OpponentResults& a, const OpponentResults& b) {
    return opponent_before(a.name, b.name);
  });
  return out;
}

std::optional<LevelSuggestion> level_suggestion(const std::vector<HistoryPanel::Entry>& entries,
                                                const std::vector<PlayerInfo>& players) {
  constexpr int kLast = 5, kEnough = 4;
  std::string played;
  for (const HistoryPanel::Entry& e : entries)
    if (finished_against_computer(e) && level_of(e.opponent.name) > 0) {
      played = e.opponent.name;
      break;
    }
  if (played.empty()) return std::nullopt;
  int of = 0, won = 0, lost = 0;
  for (const HistoryPanel::Entry& e : entries) {
    if (of == kLast) break;
    if (!finished_against_computer(e) || e.opponent.name != played) continue;
    ++of;
    won += e.result == HistoryResult::Won;
    lost += e.result == HistoryResult::Lost;
  }
  if (of < kLast) return std::nullopt;
  const int level = level_of(played);
  auto level_there = [&](int n) {
    const std::string name = "level-" + std::to_string(n);
    for (const PlayerInfo& p : players)
      if (p.name == name) return std::optional<std::string>(name);
    return std::optional<std::string>();
  };
  if (won >= kEnough)
    if (const auto next = level_there(level + 1)) return LevelSuggestion{true, played, *next, won, of};
  if (lost >= kEnough && level > 1)
    if (const auto next = level_there(level - 1)) return LevelSuggestion{false, played, *next, lost, of};
  return std::nullopt;
}

std::string suggestion_text(const LevelSuggestion& s, Lang lang, const std::vector<PlayerInfo>& players) {
  return tr(lang, s.up ? "advice.level_up" : "advice.level_down",
            {{"count", std::to_string(s.count)}, {"n", std::to_string(s.of)},
             {"name", player_short_name(lang, players, s.name)}, {"next", player_short_name(lang, players, s.next)}});
}

std::vector<Rating> history_ratings(const std::vector<HistoryPanel::Entry>& entries) {
  std::vector<RatingOpponent> games;
  for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
    if (!finished_against_computer(*it)) continue;
    const auto rating = level_rating(it->opponent.name);
    if (!rating) continue;
    const double score = it->result == HistoryResult::Won ? 1 : it->result == HistoryResult::Lost ? 0 : 0.5;
    games.push_back({*rating, kLevelDeviation, score});
  }
  return playing_ratings(games);
}

std::string history_summary_json(std::string_view lines, Lang lang, const std::vector<PlayerInfo>& players,
                                 HistoryLineCache* cache) {
  std::vector<HistoryPanel::Entry> entries;
  std::string games;
  HistoryLineCache::Map seen;
  for (const std::string_view line : split(lines, '\n')) {
    if (line.empty()) continue;
    if (!games.empty()) games += ',';
    // Read once: a line of an earlier call (the cache's) or of this one is not read again.
    std::string key(line);
    auto at = seen.find(key);
    if (at == seen.end()) {
      std::optional<HistoryPanel::Entry> read;
      if (auto old = cache ? cache->read.find(key) : HistoryLineCache::Map::iterator{}; cache && old != cache->read.end())
        read = std::move(old->second);
      else if (auto game = read_archived(line))
        read = HistoryPanel::make_entry(0, std::move(*game));
      at = seen.emplace(std::move(key), std::move(read)).first;
    }
    if (!at->second) {
      games += "null";
      continue;
    }
    HistoryPanel::Entry e = *at->second;
    e.id = entries.size() + 1;
    const HistoryOpponent& o = e.opponent;
    static constexpr const char* kResult[] = {"won", "drawn", "lost", "black", "white", "draw", "unfinished"};
    games += std::string("{\"opponent\":\"") +
             (o.kind == HistoryOpponent::Kind::Computer ? "computer" : o.kind == HistoryOpponent::Kind::People ? "people" : "computers") +
             "\",\"result\":\"" + kResult[int(e.result)] + "\"" + (e.game.lost_on_time ? ",\"onTime\":true" : "");
    if (o.kind == HistoryOpponent::Kind::Computer) {
      const bool black = o.person == Color::Black;
      games += ",\"name\":" + json_string(o.name) + ",\"color\":\"" + (black ? "black" : "white") + "\"" +
               ",\"mine\":" + std::to_string(black ? e.black_discs : e.white_discs) +
               ",\"theirs\":" + std::to_string(black ? e.white_discs : e.black_discs);
    }
    games += '}';
    entries.push_back(std::move(e));
  }
  if (cache) cache->read = std::move(seen);  // the lines gone are forgotten
  std::string out = "{\"games\":[" + games + "],\"results\":[";
  const auto results = opponent_results(entries);
  for (std::size_t i = 0; i < results.size(); ++i) {
    const OpponentResults& r = results[i];
    out += std::string(i ? "," : "") + "{\"name\":" + json_string(r.name) + ",\"won\":" + std::to_string(r.won) +
           ",\"drawn\":" + std::to_string(r.drawn) + ",\"lost\":" + std::to_string(r.lost) +
           ",\"last\":" + json_string(r.last) + "}";
  }
  const auto suggestion = level_suggestion(entries, players);
  out += "],\"suggestion\":" + json_string(suggestion ? suggestion_text(*suggestion, lang, players) : std::string());
  out += ",\"ratings\":[";
  const auto ratings = history_ratings(entries);
  for (std::size_t i = 0; i < ratings.size(); ++i)
    out += std::string(i ? "," : "") + "{\"rating\":" + json_number(ratings[i].rating, 1) +
           ",\"deviation\":" + json_number(ratings[i].deviation, 1) + "}";
  return out + "]}";
}

// ---- words ---------------------------------------------------------------------------------

std::string HistoryPanel::result_text(const Entry& e, Lang lang) const {
  const int b = e.black_discs, w = e.white_discs;
  if (e.game.lost_on_time) {  // 「時間切れ負け」
    if (e.result == HistoryResult::Won || e.result == HistoryResult::Lost)
      return tr(lang, e.result == HistoryResult::Won ? "desk.history.won_on_time" : "desk.history.lost_on_time");
    return tr(lang, "desk.history.color_lost_on_time", {{"color", color_word(lang, *e.game.lost_on_time)}});
  }
  switch (e.result) {
    case HistoryResult::Unfinished: {
      const std::size_t n = e.game.moves.size();
      return tr(lang, n == 1 ? "desk.history.unfinished_one" : "desk.history.unfinished", {{"n", std::to_string(n)}});
    }
    case HistoryResult::Won: case HistoryResult::Lost: case HistoryResult::Drawn: {
      const bool black = e.opponent.person == Color::Black;
      const TextArgs args{{"mine", std::to_string(black ? b : w)}, {"theirs", std::to_string(black ? w : b)}};
      return tr(lang, e.result == HistoryResult::Won    ? "desk.history.won"
                      : e.result == HistoryResult::Lost ? "desk.history.lost"
                                                        : "desk.history.drawn",
                args);
    }
    case HistoryResult::Draw: return tr(lang, "desk.history.draw", {{"n", std::to_string(b)}});
    case HistoryResult::BlackWon: case HistoryResult::WhiteWon:
      return tr(lang, "desk.history.color_won",
                {{"color", color_word(lang, e.result == HistoryResult::BlackWon ? Color::Black : Color::White)},
                 {"winner", std::to_string(std::max(b, w))}, {"loser", std::to_string(std::min(b, w))}});
  }
  return {};
}

std::string HistoryPanel::opponent_text(const Entry& e, Lang lang, const std::vector<PlayerInfo>& players) const {
  switch (e.opponent.kind) {
    case HistoryOpponent::Kind::Computer:
      return tr(lang, "desk.history.against", {{"name", player_short_name(lang, players, e.opponent.name)},
                                               {"color", side_word(lang, e.opponent.person)}});
    case HistoryOpponent::Kind::Computers: return tr(lang, "desk.history.computers");
    case HistoryOpponent::Kind::People:
      // Names from an imported game; at this screen nobody is named.
      if (e.game.black.name.empty() && e.game.white.name.empty()) return tr(lang, "desk.history.two_players");
      auto name = [&](const ArchivedSide& s) { return s.name.empty() ? tr(lang, "panel.you") : s.name; };
      return tr(lang, "desk.history.between", {{"black", name(e.game.black)}, {"white", name(e.game.white)}});
  }
  return {};
}

std::string HistoryPanel::date_text(const Entry& e, Lang lang) const {
  // "2026-11-28T01:02:03Z" (UTC) in the local time zone.
  std::tm utc{};
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
  if (std::sscanf(e.game.date.c_str(), "%d-%d-%dT%d:%d:%dZ", &y, &mo, &d, &h, &mi, &s) != 6)
    return tr(lang, "desk.history.no_date");
  utc.tm_year = y - 1900, utc.tm_mon = mo - 1, utc.tm_mday = d, utc.tm_hour = h, utc.tm_min = mi, utc.tm_sec = s;
  const std::time_t t = timegm(&utc);
  std::tm local{};
  if (t == std::time_t(-1) || !localtime_r(&t, &local)) return tr(lang, "desk.history.no_date");
  return tr(lang, "desk.history.date", {{"year", std::to_string(local.tm_year + 1900)},
                                        {"month", two_digits(local.tm_mon + 1)},
                                        {"day", two_digits(local.tm_mday)},
                                        {"time", two_digits(local.tm_hour) + ":" + two_digits(local.tm_min)}});
}

std::string HistoryPanel::detail_text(const Entry& e, Lang lang) const {
  std::string out = e.opening ? e.opening->name(lang == Lang::Ja) : std::string();
  const auto& a = e.game;
  std::string accuracy;
  if (a.black_accuracy && a.white_accuracy) {
    if (e.opponent.kind == HistoryOpponent::Kind::Computer) {
      const double mine = e.opponent.person == Color::Black ? *a.black_accuracy : *a.white_accuracy;
      accuracy = tr(lang, "desk.history.accuracy_you", {{"value", std::to_string(std::lround(mine))}});
    } else {
      accuracy = tr(lang, "desk.history.accuracy_both", {{"black", std::to_string(std::lround(*a.black_accuracy))},
                                                         {"white", std::to_string(std::lround(*a.white_accuracy))}});
    }
  }
  if (!accuracy.empty()) out = out.empty() ? accuracy : out + " \u00b7 " + accuracy;
  return out;
}

std::string HistoryPanel::results_line(const OpponentResults& r, Lang lang, const std::vector<PlayerInfo>& players) const {
  return tr(lang, "desk.history.results_line", {{"name", player_short_name(lang, players, r.name)},
                                                {"won", std::to_string(r.won)},
                                                {"drawn", std::to_string(r.drawn)},
                                                {"lost", std::to_string(r.lost)}});
}

}  // namespace reversi::ui
