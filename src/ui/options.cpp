#include "ui/options.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "core/parse_number.h"

namespace reversi::ui {

namespace {

bool has_player(const std::vector<PlayerInfo>& players, std::string_view name) {
  return std::any_of(players.begin(), players.end(),
                     [&](const PlayerInfo& p) { return p.name == name; });
}

// The searcher's levels in list order ("level-1" .. "level-N").
std::vector<std::string> levels(const std::vector<PlayerInfo>& players) {
  std::vector<std::string> out;
  for (const auto& p : players)
    if (p.name.rfind("level-", 0) == 0) out.push_back(p.name);
  return out;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Milliseconds: a whole number in [lo, hi], optionally followed by "ms".
Expected<int> parse_ms(std::string_view key, std::string_view s, int lo, int hi) {
  if (s.size() > 2 && lower(s.substr(s.size() - 2)) == "ms") s.remove_suffix(2);
  return parse_int<int>(key, s, lo, hi);
}

std::optional<bool> parse_switch(std::string_view s) {
  const std::string v = lower(s);
  if (v == "on" || v == "true" || v == "yes" || v == "1") return true;
  if (v == "off" || v == "false" || v == "no" || v == "0") return false;
  return std::nullopt;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string url_decode(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%' && i + 2 < s.size() &&
               hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
      out += char(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::string player_names(const std::vector<PlayerInfo>& players) {
  std::string s;
  for (const auto& p : players) {
    if (!s.empty()) s += ", ";
    s += p.name;
  }
  return s.empty() ? "(none available)" : s;
}

}  // namespace

std::string Options::color_mode() const {
  if (black.human && white.human) return "both";
  if (black.human) return "black";
  if (white.human) return "white";
  return "none";
}

std::string Options::opponent() const {
  if (!white.human) return white.player;
  if (!black.human) return black.player;
  return "";
}

std::string default_opponent(const std::vector<PlayerInfo>& players) {
  const auto lv = levels(players);
  // A middle level: a fair game for a casual player, and quick in a browser.
  if (!lv.empty()) return lv[(lv.size() - 1) / 2];
  if (has_player(players, "weighted")) return "weighted";
  return players.empty() ? "" : players.back().name;
}

std::string default_hint_player(const std::vector<PlayerInfo>& players) {
  const auto lv = levels(players);
  if (!lv.empty()) return lv.back();
  return default_opponent(players);
}

Options resolve(Options options, const std::vector<PlayerInfo>& players) {
  const std::string fallback = default_opponent(players);
  for (Color c : {Color::Black, Color::White}) {
    Seat& seat = options.seat(c);
    if (seat.human) seat.player.clear();
    else if (seat.player.empty() || !has_player(players, seat.player)) seat.player = fallback;
  }
  if (options.hint_player.empty() || !has_player(players, options.hint_player))
    options.hint_player = default_hint_player(players);
  return options;
}

ParsedOptions parse_options(const std::vector<std::pair<std::string, std::string>>& pairs,
                            const std::vector<PlayerInfo>& players, Options base) {
  ParsedOptions out{resolve(std::move(base), players), {}};
  Options& o = out.options;
  auto& msgs = out.messages;
  const std::string fallback = default_opponent(players);
  auto check_player = [&](const std::string& key, const std::string& value) -> std::string {
    if (has_player(players, value)) return value;
    msgs.push_back(key + " '" + value + "' is not a player; using " +
                   (fallback.empty() ? std::string("none") : fallback) +
                   " (players: " + player_names(players) + ")");
    return fallback;
  };

  // color and opponent first, then black/white, whatever the order given, so
  // "?white=level-3&color=black" means the same as the other way round.
  std::optional<std::string> color, opponent;
  std::vector<std::pair<std::string, std::string>> seats;
  for (const auto& [raw_key, value] : pairs) {
    const std::string key = lower(raw_key);
    if (key == "color" || key == "colour") {
      color = lower(value);
    } else if (key == "opponent") {
      opponent = value;
    } else if (key == "black" || key == "white") {
      seats.emplace_back(key, value);
    } else if (key == "speed") {
      const std::string v = lower(value);
      if (v == "instant") o.flip_ms = kSpeedInstantMs;
      else if (v == "fast") o.flip_ms = kSpeedFastMs;
      else if (v == "normal") o.flip_ms = kSpeedNormalMs;
      else if (v == "slow") o.flip_ms = kSpeedSlowMs;
      else if (auto ms = parse_ms("speed", value, 0, 2000)) o.flip_ms = *ms;
      else
        msgs.push_back(ms.error() + " (instant, fast, normal, slow or 0-2000 ms); using " +
                       speed_name(o.flip_ms));
    } else if (key == "markers" || key == "lastmove") {
      bool& target = key == "markers" ? o.legal_markers : o.last_move_marker;
      if (auto on = parse_switch(value)) target = *on;
      else msgs.push_back(key + " '" + value + "' is not on or off; using " + (target ? "on" : "off"));
    } else if (key == "pause") {
      if (auto ms = parse_ms("pause", value, 0, 10000)) o.pause_ms = *ms;
      else
        msgs.push_back(ms.error() + " (ms); using " + std::to_string(o.pause_ms));
    } else if (key == "hint") {
      if (has_player(players, value)) o.hint_player = value;
      else
        msgs.push_back("hint '" + value + "' is not a player; using " +
                       (o.hint_player.empty() ? std::string("none") : o.hint_player));
    } else if (key == "lang") {
      if (auto lang = parse_lang(value)) o.lang = *lang;
      else msgs.push_back("lang '" + value + "' is not en or ja; using " + std::string(lang_code(o.lang)));
    } else if (key == "clock") {
      if (auto control = parse_time_control(value)) o.clock = *control;
      else msgs.push_back(control.error() + "; using " + time_control_name(o.clock));
    } else {
      msgs.push_back("unknown option '" + raw_key +
                     "' (known: color, opponent, black, white, speed, markers, lastmove, "
                     "pause, hint, lang, clock)");
    }
  }

  std::string computer = o.opponent().empty() ? fallback : o.opponent();
  if (opponent) computer = check_player("opponent", *opponent);
  if (color) {
    const std::string& c = *color;
    if (c == "black") o.black = {true, ""}, o.white = {false, computer};
    else if (c == "white") o.black = {false, computer}, o.white = {true, ""};
    else if (c == "both") o.black = {true, ""}, o.white = {true, ""};
    else if (c == "none") o.black = {false, computer}, o.white = {false, computer};
    else
      msgs.push_back("color '" + c + "' is not black, white, both or none; using " +
                     o.color_mode());
  }
  if (opponent) {  // a new opponent replaces the computer on whichever side it plays
    for (Color side : {Color::Black, Color::White})
      if (!o.human(side)) o.seat(side).player = computer;
  }
  for (const auto& [key, value] : seats) {
    Seat& seat = key == "black" ? o.black : o.white;
    if (lower(value) == "human") seat = {true, ""};
    else seat = {false, check_player(key, value)};
  }
  o = resolve(std::move(o), players);
  return out;
}

ParsedOptions parse_query_string(std::string_view query, const std::vector<PlayerInfo>& players,
                                 Options base) {
  if (!query.empty() && query.front() == '?') query.remove_prefix(1);
  std::vector<std::pair<std::string, std::string>> pairs;
  std::vector<std::string> bad;
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view item = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    if (item.empty()) continue;
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos) {
      bad.push_back("option '" + url_decode(item) + "' has no value (write key=value)");
      continue;
    }
    pairs.emplace_back(url_decode(item.substr(0, eq)), url_decode(item.substr(eq + 1)));
  }
  ParsedOptions out = parse_options(pairs, players, std::move(base));
  out.messages.insert(out.messages.begin(), bad.begin(), bad.end());
  return out;
}

ParsedOptions parse_flags(const std::vector<std::string>& args,
                          const std::vector<PlayerInfo>& players, Options base) {
  std::vector<std::pair<std::string, std::string>> pairs;
  std::vector<std::string> bad;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view a = args[i];
    if (a.rfind("--", 0) != 0) {
      bad.push_back("argument '" + args[i] + "' is not an option (write --key=value)");
      continue;
    }
    a.remove_prefix(2);
    const std::size_t eq = a.find('=');
    if (eq != std::string_view::npos) {
      pairs.emplace_back(std::string(a.substr(0, eq)), std::string(a.substr(eq + 1)));
    } else if (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) {
      pairs.emplace_back(std::string(a), args[++i]);
    } else {
      bad.push_back("option '--" + std::string(a) + "' needs a value");
    }
  }
  ParsedOptions out = parse_options(pairs, players, std::move(base));
  out.messages.insert(out.messages.begin(), bad.begin(), bad.end());
  return out;
}

std::string speed_name(int flip_ms) {
  switch (flip_ms) {
    case kSpeedInstantMs: return "instant";
    case kSpeedFastMs: return "fast";
    case kSpeedNormalMs: return "normal";
    case kSpeedSlowMs: return "slow";
    default: return std::to_string(flip_ms) + "ms";
  }
}

std::string to_query_string(const Options& o) {
  // Player names are [a-z0-9-], so nothing needs escaping.
  std::string s = "black=" + (o.black.human ? std::string("human") : o.black.player);
  s += "&white=" + (o.white.human ? std::string("human") : o.white.player);
  s += "&speed=" + std::to_string(o.flip_ms);
  s += std::string("&markers=") + (o.legal_markers ? "on" : "off");
  s += std::string("&lastmove=") + (o.last_move_marker ? "on" : "off");
  s += "&pause=" + std::to_string(o.pause_ms);
  if (!o.hint_player.empty()) s += "&hint=" + o.hint_player;
  s += "&lang=";
  s += lang_code(o.lang);
  // '+' written %2B: a query string reads '+' as a space (parse_time_control takes either).
  if (o.clock.timed()) {
    const std::string name = time_control_name(o.clock);
    const std::size_t plus = name.find('+');
    s += "&clock=" + name.substr(0, plus) + "%2B" + name.substr(plus + 1);
  }
  return s;
}

std::string options_help(const std::vector<PlayerInfo>& players) {
  std::string s =
      "  color=black|white|both|none  your colour; both = two players, none = computer vs computer\n"
      "  opponent=NAME                 the computer player (default " +
      default_opponent(players) +
      ")\n"
      "  black=human|NAME, white=human|NAME   who plays each colour (overrides color/opponent)\n"
      "  speed=instant|fast|normal|slow|MS    time per flipped stone (default normal = 200 ms)\n"
      "  markers=on|off                legal-move markers (default on)\n"
      "  lastmove=on|off               last-move marker (default on)\n"
      "  pause=MS                      pause before the computer moves (default 500)\n"
      "  hint=NAME                     the player that answers hints (default " +
      default_hint_player(players) +
      ")\n"
      "  lang=en|ja                    the language of the texts (default en)\n"
      "  clock=none|M+S                a game clock: M minutes a side (1, 3, 5, 10, 20, ...), S\n"
      "                                seconds added a move (default none)\n"
      "  players:\n";
  for (const auto& p : players) s += "    " + p.name + std::string(p.name.size() < 16 ? 16 - p.name.size() : 1, ' ') + p.description + "\n";
  if (players.empty()) s += "    (none available in this build)\n";
  return s;
}

}  // namespace reversi::ui
