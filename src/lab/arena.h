// Games between two computer players: the game-playing loop behind
// `reversi-cli play` (and the `match` mode built on it), plus opening sources
// (a file of transcripts, or K random legal moves from a seed).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/game_clock.h"
#include "core/position.h"
#include "core/random.h"
#include "engine/player.h"

namespace reversi {

struct GameRecord {
  Position start;                 // the position the game began from (before the opening)
  std::vector<Square> moves;      // every move from `start`, opening included, passes left out
  std::size_t opening_length = 0; // how many of `moves` came from the opening
  Position final_position;
  int black_discs = 0;            // discs on the board at the end
  int white_discs = 0;
  double time_ms[2] = {0, 0};     // thinking time of black [0] and white [1]
  std::uint64_t nodes[2] = {0, 0};
  int player_moves[2] = {0, 0};   // moves each player chose (forced passes not counted)
  // On a game clock (ArenaClock): the side whose flag fell (it lost on time; the game
  // stopped there), and each side's time left at the end in ms.
  std::optional<Color> flag;
  double clock_left_ms[2] = {0, 0};

  int disc_difference() const { return black_discs - white_discs; }  // black minus white
  Outcome outcome() const { return final_position.outcome(); }
};

// A game clock for play_game (core/game_clock.h, the same model as the game's): each
// move's wall time is charged to the mover. A player with fixed_ms[side] > 0 is asked for
// that time a move (at most half of what is left) instead of managing its clock
// (SearchLimits::clock_ms): the comparison behind `reversi-cli match --clock`.
struct ArenaClock {
  TimeControl control;
  double fixed_ms[2] = {0, 0};
};

// Plays `opening` from `start`, then lets the players move until the game is
// over (forced passes applied automatically). Fails with a message if the
// opening is illegal or a player returns a move that is not legal.
Expected<GameRecord> play_game(Player& black, Player& white, std::span<const Square> opening,
                               const SearchLimits& limits,
                               const Position& start = Position::initial(), const ArenaClock& clock = {});

// One line of an openings file: a transcript, optionally followed by a comment
// after '%' (the balanced openings carry their search value there:
// "f5d6c3d3c4f4f6f3 % +0.52 depth 18"). Blank and comment lines ('#' or '%'
// first) give an empty list; a bad transcript gives parse_transcript's error.
Expected<std::vector<Square>> parse_opening_line(std::string_view line);

// Openings from a text file: one line each as parse_opening_line reads it, blank
// lines and lines starting with '#' or '%' skipped. Errors name the file and line.
Expected<std::vector<std::vector<Square>>> load_openings(const std::string& path);

// `count` random legal moves from `start` (fewer if the game ends first).
std::vector<Square> random_opening(int count, Random& rng, const Position& start = Position::initial());

}  // namespace reversi
