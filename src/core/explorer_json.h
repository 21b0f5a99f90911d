// The explorer's answers as JSON, for the page's API (reversi.explore(),
// reversi.games()) and `reversi-cli explore/games --json`: one writer, so the
// worker and the CLI cannot disagree on the fields.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/explorer_query.h"
#include "core/game_database.h"
#include "core/opening_names.h"

namespace reversi {

// `n` in per cent of `of` with one decimal ("33.3"; "0.0" when `of` is 0): the explorer's
// per cents are said so everywhere (the page's table, the desktop's, a described move), one rule.
std::string explorer_percent(std::uint32_t n, std::uint32_t of);

// {"games":N,"name":{"en":"Tiger","ja":"虎定石"} or null,
//  "moves":[{"square":"d3","games":N,"blackWins":N,"draws":N,"whiteWins":N,"averageDiff":-1.5,
//            "percent":{"black":"49.6","draws":"1.2","white":"49.2"}},...]}
// (counts; averageDiff is black's final disc difference; percent by explorer_percent, for
// the page to show; moves most played first).
std::string explore_json(const PositionStatistics& statistics, const Opening* opening);

// {"count":N,"player":{"name":"..","games":N,"wins":N,"draws":N,"rating":R or null} or null,
//  (R: {"latest":Y,"peak":Y,"games":N}, each Y {"year":Y,"rating":N,"deviation":N,"games":N}:
//   the player's rating, core/player_ratings.h)
//  "games":[{"number":N,"year":Y,"tournament":"..","black":"..","white":"..","blackDiscs":N,
//            "theoreticalBlack":N,"moves":"f5d6.."},...]}  (the games the answer holds)
std::string games_json(const ExplorerGames& games);

}  // namespace reversi
