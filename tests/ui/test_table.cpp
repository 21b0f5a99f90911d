// The board the player acts on (ui/table.h) and its two rule sets: the game's (TableRules'
// defaults, GameRules) and a puzzle's (ui/practice_rules.h). The table alone: its refusals
// with their reasons and words, undo and redo steps against the computer, a line shown only
// on its view; then the puzzle's rules: a first move judged and not played, undo, redo,
// the analysis and a line's preview off with the puzzle's reason, its seats and hints; and
// through the controller: the table on the board changes with practice and back.
#include <catch2/catch.hpp>

#include "core/file.h"
#include "core/notation.h"
#include "fake_ai.h"
#include "ui/practice_rules.h"
#include "ui/table.h"

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

namespace {

Square sq(const char* name) { return *parse_square(name); }

// The shipped puzzle set (data/puzzles.bin).
std::vector<std::uint8_t> puzzle_bytes() {
  auto read = read_file_bytes(std::string(REVERSI_SOURCE_DIR) + "/data/puzzles.bin");
  REQUIRE(read.ok());
  return *read;
}

// A table of people (both seats), or the person black against a computer white.
Table people_table(TableRules& rules) {
  Table t(rules);
  t.options.black = {true, ""};
  t.options.white = {true, ""};
  return t;
}
Table against_computer(TableRules& rules) {
  Table t(rules);
  t.options.black = {true, ""};
  t.options.white = {false, "Greedy"};
  return t;
}

// A square the position to move cannot play (empty, flipping nothing).
Square illegal_empty(const Position& p) {
  for (int i = 0; i < 64; ++i)
    if (const Square s = Square(i); p.at(s) == Cell::Empty && !p.is_legal(s)) return s;
  FAIL("no illegal empty square");
  return NO_SQUARE;
}

}  // namespace

TEST_CASE("table: the board's refusals, each with its reason and words", "[ui][table]") {
  TableRules game_rules;
  Table t = against_computer(game_rules);
  const Square e6 = sq("e6"), f5 = sq("f5"), d4 = sq("d4");

  // The start, black (a person) to move: f5 is allowed, d4 holds a stone, e6 flips nothing.
  CHECK_FALSE(t.refusal(f5).has_value());
  auto occupied = t.refusal(d4);
  REQUIRE(occupied);
  CHECK(occupied->reason == RejectReason::Occupied);
  CHECK(occupied->why.message == "d4 is not a legal move for black: a stone is already there");
  const Square bad = illegal_empty(t.game.position());
  auto illegal = t.refusal(bad);
  REQUIRE(illegal);
  CHECK(illegal->reason == RejectReason::Illegal);
  CHECK(illegal->why.message == square_name(bad) + " is not a legal move for black");

  // White is the computer's: any square is refused as its turn, before the square's own reason.
  REQUIRE(t.game.play(f5));
  auto turn = t.refusal(d4);
  REQUIRE(turn);
  CHECK(turn->reason == RejectReason::NotYourTurn);
  CHECK(turn->why.message == "it is the computer's turn (white)");

  // An earlier position shown comes first of all.
  t.view = 0;
  auto reviewing = t.refusal(e6);
  REQUIRE(reviewing);
  CHECK(reviewing->reason == RejectReason::Reviewing);
  CHECK(reviewing->why.message == "an earlier position is shown (after move 0); go back to the game to play");
  CHECK(reject_reason_name(reviewing->reason) == "reviewing");

  // A finished game refuses every move as over.
  Table over(game_rules);
  over.game = Game(*parse_board_string(std::string(64, 'X') + " X"));
  REQUIRE(over.game.over());
  auto finished = over.refusal(f5);
  REQUIRE(finished);
  CHECK(finished->reason == RejectReason::GameOver);
}

TEST_CASE("table: undo against the computer takes its replies back, redo replays them", "[ui][table]") {
  TableRules game_rules;
  Table t = against_computer(game_rules);
  CHECK_FALSE(t.can_undo());  // nothing of the person's to take back
  CHECK_FALSE(t.can_redo());
  // Black (the person) f5, white (the computer) d6, black c3.
  for (const char* m : {"f5", "d6", "c3"}) REQUIRE(t.game.play(sq(m)));
  REQUIRE(t.can_undo());
  t.undo_moves();  // back to before c3: the person is to move
  CHECK(t.game.ply() == 2);
  t.undo_moves();  // back past the computer's d6 to before f5
  CHECK(t.game.ply() == 0);
  CHECK_FALSE(t.can_undo());
  REQUIRE(t.can_redo());
  t.redo_moves();  // f5 and the computer's reply together
  CHECK(t.game.ply() == 2);
  t.redo_moves();
  CHECK(t.game.ply() == 3);
  CHECK_FALSE(t.can_redo());

  // Between two people each undo is one move; between two computers there is nothing to undo.
  Table two = people_table(game_rules);
  for (const char* m : {"f5", "d6"}) REQUIRE(two.game.play(sq(m)));
  two.undo_moves();
  CHECK(two.game.ply() == 1);
  Table machines(game_rules);
  machines.options.black = {false, "Greedy"};
  machines.options.white = {false, "Greedy"};
  REQUIRE(machines.game.play(sq("f5")));
  CHECK_FALSE(machines.can_undo());
  CHECK_FALSE(machines.can_redo());
}

TEST_CASE("table: a line is shown only over the view it was made from", "[ui][table]") {
  TableRules game_rules;
  Table t = people_table(game_rules);
  for (const char* m : {"f5", "d6"}) REQUIRE(t.game.play(sq(m)));
  const std::vector<Square> line{sq("c3")};
  auto made = make_line_preview(t.game.position_at(2), 2, line, 1);
  REQUIRE(made);
  t.preview = *made;
  CHECK(t.shown_preview() == nullptr);  // the live game is shown, not the view of ply 2
  t.view = 2;
  REQUIRE(t.shown_preview() != nullptr);
  CHECK(t.shown_preview()->last_move() == sq("c3"));
  t.view = 1;
  CHECK(t.shown_preview() == nullptr);
}

TEST_CASE("table: the game's rules play every allowed move and ask the seat's player", "[ui][table]") {
  TableRules game_rules;
  Table t = against_computer(game_rules);
  auto use = game_rules.take_move(t, sq("f5"), Lang::En);
  REQUIRE(use);
  CHECK(*use == MoveUse::Play);
  CHECK(game_rules.undoable());
  CHECK(game_rules.analysable());
  CHECK(game_rules.may_preview().ok());
  CHECK(game_rules.players_game());
  CHECK_FALSE(game_rules.own_hint().has_value());
  REQUIRE(t.game.play(sq("f5")));
  const AiRequest req = game_rules.computer_request(t.game.position(), t.options, 7);
  CHECK(req.player == "Greedy");
  CHECK(req.seed == 7);
}

TEST_CASE("table: a puzzle's rules judge the first move, keep undo and the analysis off", "[ui][table][practice]") {
  PracticeSession practice(nullptr);
  REQUIRE(practice.set_puzzles(puzzle_bytes()).ok());
  REQUIRE(practice.open_rated().ok());
  PuzzleRules::Listeners told;
  int judgements = 0;
  told.emplace_back([&](const PuzzleEvent&) { ++judgements; });
  PuzzleRules rules(practice, told);
  Table t(rules);
  t.game = Game(practice.current()->puzzle.position);
  Options player;  // the player's own options: a computer in white's seat
  player.white = {false, "Greedy"};
  t.options = rules.options_for(player);

  // While solving both seats are people's, whatever the player's game has.
  CHECK(t.options.black.human);
  CHECK(t.options.white.human);
  // Off in a puzzle, with the puzzle's reasons.
  CHECK_FALSE(rules.undoable());
  CHECK_FALSE(rules.analysable());
  CHECK_FALSE(rules.players_game());
  const Status preview = rules.may_preview();
  REQUIRE_FALSE(preview.ok());
  CHECK(preview.failure().key == "error.line.puzzle");
  CHECK(preview.error() == "a line is shown on your own game, not during a puzzle");

  // The first hint is the region (no square to mark), the second the answer's square.
  auto region = rules.own_hint();
  REQUIRE(region);
  REQUIRE(*region);
  CHECK(**region == NO_SQUARE);
  auto square = rules.own_hint();
  REQUIRE(square);
  REQUIRE(*square);
  const Square answer = practice.current()->puzzle.answer();
  CHECK(**square == answer);
  auto third = rules.own_hint();
  REQUIRE(third);
  REQUIRE_FALSE(*third);
  CHECK(third->error() == "the hint already shows the square");

  // The answer is judged, not played: the game does not move, the listeners are told.
  const Position before = t.game.position();
  auto use = rules.take_move(t, answer, Lang::En);
  REQUIRE(use);
  CHECK(*use == MoveUse::Taken);
  CHECK(t.game.position() == before);
  CHECK(t.cursor == answer);
  CHECK(judgements == 1);
  CHECK(practice.current()->phase == PracticePhase::Judged);
  // Judged: the puzzle's values are shown on its start, and nowhere else.
  CHECK(rules.shown_values(t) != nullptr);
  t.view = 0;
  CHECK(rules.shown_values(t) == nullptr);
  t.view.reset();

  // A move after the judgement plays the position on against perfect play.
  auto on = rules.take_move(t, answer, Lang::En);
  REQUIRE(on);
  CHECK(*on == MoveUse::Play);
  CHECK(practice.current()->phase == PracticePhase::Playing);
  const Color person = practice.current()->person;
  CHECK(t.options.seat(person).human);
  CHECK_FALSE(t.options.seat(opposite(person)).human);
  CHECK(t.options.seat(opposite(person)).player == kPerfectPlayer);
  CHECK(judgements == 1);

  // Undo and redo stay off whatever the game holds.
  REQUIRE(t.game.play(answer));
  CHECK_FALSE(t.can_undo());
  CHECK_FALSE(t.can_redo());
}

TEST_CASE("table: practice puts a puzzle's table on the board and takes it away", "[ui][table][practice]") {
  Fixture f("color=black&speed=instant");
  Controller& c = *f.c;
  REQUIRE(c.play(sq("f5")).ok());
  c.update(0);
  CHECK(c.table_rules().players_game());
  CHECK(c.can_undo());
  CHECK(c.can_analyse());
  const std::string game = c.game().transcript();

  REQUIRE(c.set_puzzles(puzzle_bytes()).ok());
  REQUIRE(c.practice_next().ok());
  // The puzzle's table and rules: the panels are the room's, undo and the analysis off.
  CHECK_FALSE(c.table_rules().players_game());
  CHECK_FALSE(c.can_undo());
  CHECK_FALSE(c.undo());
  CHECK_FALSE(c.can_redo());
  CHECK_FALSE(c.can_analyse());
  CHECK(c.game().ply() == 0);
  // A line over the puzzle is refused with the puzzle's reason, a stone's square as in a game.
  const Square answer = c.practice_session().current()->puzzle.answer();
  const std::vector<Square> line{answer};
  const Status preview = c.preview_line(line, 1);
  REQUIRE_FALSE(preview.ok());
  CHECK(preview.failure().key == "error.line.puzzle");
  Square stone = NO_SQUARE;
  for (int i = 0; i < 64 && stone == NO_SQUARE; ++i)
    if (c.position().at(Square(i)) != Cell::Empty) stone = Square(i);
  REQUIRE_FALSE(c.play(stone).ok());
  CHECK(c.rejected_reason() == RejectReason::Occupied);
  CHECK(c.practice_session().current()->phase == PracticePhase::Solving);  // nothing judged

  // Back to the game: the player's table, exactly as it was, with its rules.
  c.leave_practice();
  CHECK(c.table_rules().players_game());
  CHECK(c.game().transcript() == game);
  CHECK(c.can_undo());
  CHECK(c.can_analyse());
}
