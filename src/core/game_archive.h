// The player's games as kept on the device (issue 35): one game a GGF line, which is also
// what "export all" writes and what other Othello programs read, and a collection of them
// (or of transcripts, one a line) read back with the games that cannot be read named.
//
// A kept game's line: (;GM[Othello]PC[Reversi]DT[2026-11-28T01:02:03Z]PB[Player]
// PW[Reversi level-6]XB[78.4]XW[81.0]TY[8]B[f5]W[d6]...RE[+12];)
//   PB/PW  "Player" for a person at this screen, "Reversi <id>" for the program's player
//          <id> (level-6, weighted, ...), any other name as it came (an imported game);
//   DT     when it was played (UTC, ISO 8601), may be missing in an imported game;
//   XB/XW  each side's accuracy (ui/review, engine/move_quality.h) once the game was
//          reviewed: properties of our own, which GGF readers skip;
//   XD     the person's mistakes found by that review, for practice: "PLY[!]:sq=v,sq=v,...",
//          ';' between them ('!': exact values), e.g. XD[23!:c4=2,d3=-4,e6=-6] (ours too);
//   RE     black's disc difference, only when the game is over (an unfinished game is kept
//          when the player leaves it for a new one); RE[-64:t] / RE[+64:t]: black / white
//          lost on time;
//   TI     a game on the clock: its time control (TI[05:00/00:02]), and each move its time
//          (B[f5//12.3], seconds).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "core/game_clock.h"
#include "core/position.h"

namespace reversi {

struct ArchivedSide {
  bool computer = false;  // the program's player `name` (an id of player_list())
  std::string name;       // a person: "" at this screen, else the name a file gave
  bool operator==(const ArchivedSide&) const = default;
};

// A position where a person here lost discs, kept from a review for "practise your mistakes"
// across games (XD below): the move's number and every legal move's value before it.
struct ArchivedMistake {
  std::size_t ply = 0;  // 1-based: the puzzle is the position before move `ply`
  bool exact = false;   // the values are exact (else the review's estimates)
  std::vector<std::pair<Square, int>> values;  // every legal move there, best first
  bool operator==(const ArchivedMistake&) const = default;
};

struct ArchivedGame {
  std::string date;  // "2026-11-28T01:02:03Z"; "" when not known
  ArchivedSide black, white;
  Position start = Position::initial();  // a side that must pass has passed
  std::vector<Square> moves;             // squares played, passes left out
  std::optional<double> black_accuracy, white_accuracy;  // 0..100, once reviewed
  std::vector<ArchivedMistake> mistakes;  // the person's, once reviewed (ply order)
  TimeControl time_control;               // untimed unless the game was on the clock
  std::vector<double> move_times_ms;      // each move's time (passes not counted); empty: none
  std::optional<Color> lost_on_time;      // the side whose flag fell (the game stopped there)

  // The game record of the moves from the start (read_archived keeps only legal moves; an
  // illegal one, in a game made by hand, ends the record there).
  Game game() const;
  // The position after the moves, and what it says.
  Position final_position() const { return game().position(); }
  bool over() const { return final_position().is_game_over(); }
  bool operator==(const ArchivedGame&) const = default;
};

// A side's name as the line writes it (PB/PW above): "Player", "Reversi level-6", or the name.
std::string archived_side_name(const ArchivedSide& side);

// The game's GGF line (above).
std::string archive_line(const ArchivedGame& game);
// One GGF game read as a kept game: any GGF game is one (players and date as written);
// its error otherwise.
Expected<ArchivedGame> read_archived(std::string_view ggf);

// A collection: GGF games one after another (any text between them, such as a line
// number, is skipped), or, when the text has no "(;", transcripts one a line (blank
// lines and lines starting with '#' skipped). Each game that cannot be read is named by
// its number in the collection (from 1) with the reason; the others are read.
struct CollectionReject {
  std::size_t index = 0;
  Error error;  // error.message in English; the player's language: ui::error_text
};
struct Collection {
  std::vector<ArchivedGame> games;
  std::vector<std::size_t> numbers;  // each game's number in the text (from 1), beside games
  std::vector<CollectionReject> rejected;
};
Collection read_collection(std::string_view text);

// The desktop's store of kept games (history.ggf): one game a line, "ID (;GGF;)", which
// read_collection reads as it is (the ids are text between games). The text with the game
// of this id put in: its line replaced where there is one, else appended. Every other line
// stays as it was, unreadable ones too (a damaged store never loses what can be read).
std::string archive_store_put(std::string_view store, std::uint64_t id, const ArchivedGame& game);
// The store read back (the desktop's "Your games" list): each line's id and game, blank
// lines skipped. A line that cannot be read (no id before its game, a game that cannot be
// read, an id seen on an earlier line: archive_store_put replaces the first) is named by its
// line number (from 1) with the reason; every other line is read.
struct StoredGame {
  std::uint64_t id = 0;
  ArchivedGame game;
};
struct Store {
  std::vector<StoredGame> games;  // in the file's order
  std::vector<CollectionReject> rejected;
};
Store read_store(std::string_view store);

// A date as kept games write it: "2026-11-28T01:02:03Z" for `seconds` since 1970 (UTC).
std::string utc_date_text(std::int64_t seconds);

// The game as JSON for the page's history: {"date","black":{"computer","name"},"white",
// "start": board string|null (null from the initial position), "moves":"f5d6..","over",
// "mistakes": how many kept for practice, "clock": the time control ("5+2") or null, "lostOnTime":
// "black"/"white" or null,
// "blackDiscs","whiteDiscs","opening":{"en","ja"}|null,"accuracy":{"black","white"} (null
// where not reviewed),"ggf": archive_line}.
std::string archived_json(const ArchivedGame& game);

}  // namespace reversi
