// The game's settings, read from key=value pairs: the URL query string on the web
// (?color=white&opponent=level-5&speed=fast&markers=off) and --key=value flags on
// the desktop. A bad value is reported in one line and the default kept, so a
// typo in a link never stops the game from starting.
//
// Keys (see options_help()):
//   color     black | white | both (two players) | none (computer vs computer)
//   opponent  a player name from player_list() (the computer's side or sides)
//   black, white   human | <player name>: who plays that colour (overrides color/opponent)
//   speed     instant | fast | normal | slow | <ms per flipped stone, 0..2000>
//   markers   on | off     legal-move markers
//   lastmove  on | off     last-move marker
//   pause     <ms, 0..10000> before the computer moves
//   hint      <player name> that answers hints (default: the strongest level)
//   lang      en | ja  the language of the game's texts (ja-JP etc. read as ja)
//   clock     none | M+S  a game clock: M minutes a side, S seconds added a move
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game_clock.h"
#include "core/position.h"
#include "engine/player.h"
#include "ui/text.h"

namespace reversi::ui {

// Who plays one colour: a person at this screen or a computer player by name.
struct Seat {
  bool human = true;
  std::string player;  // when !human: a name accepted by make_player()
  friend bool operator==(const Seat&, const Seat&) = default;
};

// The named speeds, in milliseconds per flipped stone.
inline constexpr int kSpeedInstantMs = 0;
inline constexpr int kSpeedFastMs = 110;
inline constexpr int kSpeedNormalMs = 200;
inline constexpr int kSpeedSlowMs = 400;

struct Options {
  Seat black;                       // default: human
  Seat white{false, ""};            // default: the default opponent (filled by resolve)
  int flip_ms = kSpeedNormalMs;     // per flipped stone; 0 = instant
  bool legal_markers = true;
  bool last_move_marker = true;
  int pause_ms = 500;               // before the computer moves
  std::string hint_player;          // empty: default_hint_player()
  Lang lang = Lang::En;             // the texts' language
  TimeControl clock;                // the game clock of a new game (none: untimed)

  const Seat& seat(Color c) const { return c == Color::Black ? black : white; }
  Seat& seat(Color c) { return c == Color::Black ? black : white; }
  bool human(Color c) const { return seat(c).human; }
  // "black", "white", "both" or "none": which colours the people here play.
  std::string color_mode() const;
  // The computer's player name (white's if both are computers); "" if none.
  std::string opponent() const;
  friend bool operator==(const Options&, const Options&) = default;
};

// The default computer opponent among `players`: a middle searcher level if there
// are levels, else "weighted", else the last player; "" if the list is empty.
std::string default_opponent(const std::vector<PlayerInfo>& players);
// The default hint player: the strongest level, else the default opponent.
std::string default_hint_player(const std::vector<PlayerInfo>& players);

// Options with any empty computer player names filled with the defaults.
Options resolve(Options options, const std::vector<PlayerInfo>& players);

struct ParsedOptions {
  Options options;
  std::vector<std::string> messages;  // one line per bad value or unknown key
};

// Applies key=value pairs on top of `base`, checking player names against `players`.
ParsedOptions parse_options(const std::vector<std::pair<std::string, std::string>>& pairs,
                            const std::vector<PlayerInfo>& players, Options base = {});
// "color=white&opponent=level-5" (a leading '?' is skipped; %XX and '+' decoded).
ParsedOptions parse_query_string(std::string_view query, const std::vector<PlayerInfo>& players,
                                 Options base = {});
// Desktop flags "--color=white" (also "--color white"); arguments that are not
// options ("--frames", ...) must be removed by the caller first.
ParsedOptions parse_flags(const std::vector<std::string>& args,
                          const std::vector<PlayerInfo>& players, Options base = {});

// The options as a query string that parse_query_string reads back unchanged.
std::string to_query_string(const Options& options);
// Multi-line help for the keys, listing `players` for opponent.
std::string options_help(const std::vector<PlayerInfo>& players);

// Speed names: "instant", "fast", "normal", "slow", else "<n>ms".
std::string speed_name(int flip_ms);

}  // namespace reversi::ui
