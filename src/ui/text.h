// Every text the game shows, in English or Japanese, from one catalog per
// language: assets/i18n/<lang>.json (a flat JSON object of dotted ASCII keys and
// UTF-8 texts with {name} placeholders), built into the game at compile time and
// read by the web page too. The model (status line, messages) and the SDL
// renderer (buttons, panel, help) ask tr() for their words.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "core/position.h"
#include "engine/analysis.h"

namespace reversi::ui {

enum class Lang { En, Ja };
inline constexpr Lang kAllLangs[] = {Lang::En, Lang::Ja};

// "en" or "ja" (the option's value, the catalog's file name).
std::string_view lang_code(Lang lang);
// A language tag as written in a URL, a flag or a browser: "en", "ja", "ja-JP",
// "EN_us", ... (the primary subtag decides); nullopt for anything else.
std::optional<Lang> parse_lang(std::string_view tag);

// The catalog's text for `key` with each {name} replaced by its argument; a
// placeholder without an argument stays as written. An unknown key gives the key
// itself, so a missing text shows up as "status.to_move" rather than nothing.
std::string tr(Lang lang, std::string_view key,
               std::initializer_list<std::pair<std::string_view, std::string>> args = {});
std::string tr(Lang lang, std::string_view key, const TextArgs& args);

// "Black" / "White" (a sentence's subject) and "black" / "white" (within one).
std::string color_word(Lang lang, Color c);
std::string side_word(Lang lang, Color c);
// An error in the player's language: its catalog text (Error::key) with its arguments,
// the cause's text translated too; its English text when it has no key or the catalog
// lacks it.
std::string error_text(Lang lang, const Error& error);
// A player's name from the expert games as shown: WTHOR writes "???" (or nothing) for a player
// it does not know, said as "unknown player". The page gets the names so said (state_json's
// replay, the explorer's list) and has no rule of its own.
std::string expert_name(Lang lang, const std::string& name);

// A number of discs as the board and the move list write it: a sign always
// ("+4", "0", "\u22126"), `decimals` places (0 or 1).
std::string signed_discs(double value, int decimals);
// A count with its thousands grouped, as both languages write it: "137,548" (the page
// writes its counts with toLocaleString, which gives the same in English and Japanese).
std::string grouped(long long n);
// A move's value on its square: exact "+4", a midgame estimate "+2.3" (whole
// discs from 10 up, where a tenth is noise), a solved win or loss "W" / "L".
std::string analysis_value_text(const MoveValue& m, Lang lang);

// The catalog as read, in file order, and why reading it failed ("" when it did
// not): for the tests that check both languages have the same keys.
const std::vector<std::pair<std::string, std::string>>& catalog(Lang lang);
const std::string& catalog_error(Lang lang);

}  // namespace reversi::ui
